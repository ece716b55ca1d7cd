"""Issue 18's hostile-user findings measured again, through `paperwise serve`, `paperwise index`,
the /api/papers route and the Papers tab's catalog: (1) 200 MB bodies to /api/ask of a server
with a login, (2) 50 stuck LLM streams and a 5 MB LLM reply, (4) a 300 KB single-token abstract,
(11) 15k papers. All on 127.0.0.1 in a temporary folder; every server stops at the end. Prints a
markdown table (item, what was measured, figure, the issue's "before"); `--out DIR` also writes
it to DIR/hostile.md.

    python -m eval.hostile_bench [--out DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

import httpx

from eval.fake_llm import FakeLLMServer, Replayer, Reply
from eval.servers import (
    basic_auth,
    paperwise_serve,
    peak_rss_mb,
    rss_mb,
    stream_body,
    uvicorn_server,
)
from eval.synthetic import zipf_papers

if TYPE_CHECKING:
    from rag import Paper, PaperQA

MB = 1024 * 1024
DATA = Path("data")  # the seed papers and their index (data/chroma), from the repo root
LOGIN = ("ádá", "пароль ✓")  # not ASCII: the login must work with any Unicode (item 6)
QUESTION = "What does FB-CPR regularize zero-shot RL towards?"
CHAT = {"model": "paperwise", "messages": [{"role": "user", "content": QUESTION}]}
# Typing a query letter by letter, then a few others (two matching nothing), then clearing it.
KEYSTROKES = ["g", "gr", "gra", "grap", "graph", "graph ", "graph n", "graph ne", "graph neu",
              "graph neur", "graph neura", "graph neural", "graph neural a", "graph neural ag",
              "author 12", "zzz", "qx", "e", ""]


@dataclass(frozen=True)
class Figure:
    """One row of the report."""

    item: str
    measured: str
    figure: str
    before: str


def render(figures: list[Figure]) -> str:
    """The markdown table; a `|` inside a cell is escaped so it stays one cell."""
    def cell(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", " ")

    lines = ["| item | measured | figure | before (issue 18) |", "|---|---|---|---|"]
    lines += [f"| {cell(f.item)} | {cell(f.measured)} | {cell(f.figure)} | {cell(f.before)} |"
              for f in figures]
    return "\n".join(lines) + "\n"


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms" if seconds >= 0.01 else f"{seconds * 1000:.1f} ms"


def p50_max(values: list[float]) -> str:
    return f"p50 {ms(statistics.median(values))}, max {ms(max(values))} (n={len(values)})"


def seed_env(work: Path, name: str) -> tuple[Path, dict[str, str]]:
    """A folder holding a copy of the seed index, and the environment that serves it."""
    folder = work / name
    shutil.copytree(DATA / "chroma", folder / "chroma")
    return folder, {"PAPERWISE_CHROMA_PATH": str(folder / "chroma"),
                    "PAPERWISE_DATA_DIR": str(DATA.resolve())}


def timed_get(url: str, client: httpx.Client | None = None) -> float:
    started = time.perf_counter()
    response = client.get(url, timeout=30) if client else httpx.get(url, timeout=30)
    response.raise_for_status()
    return time.perf_counter() - started


# Item 1 ------------------------------------------------------------------------------------

def parallel_bodies(url: str, pid: int, login: dict[str, bytes]
                    ) -> tuple[list[tuple[int, float, int]], float, list[float]]:
    """Four 200 MB bodies at a time (each kind) for 5 s: their results, the server's largest
    resident memory meanwhile, and /healthz latencies sampled every 50 ms."""
    stop = threading.Event()
    results: list[tuple[int, float, int]] = []
    rss: list[float] = []

    def poster(headers: dict[str, bytes], chunked: bool) -> None:
        while not stop.is_set():
            results.append(stream_body(url, headers, 200 * MB, chunked))

    def sampler() -> None:
        while not stop.is_set():
            rss.append(rss_mb(pid))
            time.sleep(0.02)

    threads = [threading.Thread(target=poster, args=a, daemon=True)
               for a in [({}, False), ({}, True), (login, False), (login, True)]]
    threads.append(threading.Thread(target=sampler, daemon=True))
    for thread in threads:
        thread.start()
    latencies, end = [], time.monotonic() + 5
    while time.monotonic() < end:
        latencies.append(timed_get(f"{url}/healthz"))
        time.sleep(0.05)
    stop.set()
    for thread in threads:
        thread.join(timeout=30)
    return results, max(rss), latencies


def item1(work: Path) -> list[Figure]:
    folder, env = seed_env(work, "item1")
    env.update(PAPERWISE_AUTH=":".join(LOGIN), PAPERWISE_ANSWERER="extractive")
    login = {"Authorization": basic_auth(*LOGIN)}
    kinds = [("no login, Content-Length", {}, False), ("no login, chunked", {}, True),
             ("login, Content-Length", login, False), ("login, chunked", login, True)]
    with paperwise_serve(env, folder) as (process, url, _):
        httpx.post(f"{url}/api/ask", json={"question": QUESTION}, auth=LOGIN, timeout=120)
        idle = [timed_get(f"{url}/healthz") for _ in range(10)]
        before = rss_mb(process.pid)
        single = [(name, *stream_body(url, headers, 200 * MB, chunked))
                  for name, headers, chunked in kinds]
        results, most, during = parallel_bodies(url, process.pid, login)
        peak = peak_rss_mb(process.pid)
    statuses = sorted({status for status, _, _ in results})
    took = [seconds for _, seconds, _ in results]
    return [
        Figure("1", "one 200 MB POST /api/ask: status and time to it (MB the server took)",
               "; ".join(f"{name}: {status} in {ms(t)} ({sent / MB:.0f} MB)"
                         for name, status, t, sent in single),
               "401 after 4.6 s (the whole body read first)"),
        Figure("1", "four 200 MB POSTs at a time for 5 s: statuses, time to status",
               f"{len(results)} POSTs, {statuses}, {p50_max(took)}", "(read in full each)"),
        Figure("1", "server memory: idle, max during the four, peak (VmHWM)",
               f"{before:.0f} MB, {most:.0f} MB, {peak:.0f} MB",
               "794 MB, 1,384 MB for one body, 1,989 MB for four"),
        Figure("1", "/healthz idle, then during the four",
               f"{p50_max(idle)}; {p50_max(during)}", "72 ms; 1.5 s during a 300 MB body"),
    ]


# Item 2 ------------------------------------------------------------------------------------

def ui_question(url: str, fn_index: int, clients: list[httpx.Client]) -> None:
    """A browser asking through Gradio's queue, which stays to read its answer."""
    client = httpx.Client(base_url=url, timeout=60)
    clients.append(client)
    session = uuid.uuid4().hex
    client.post("/gradio_api/queue/join", json={
        "data": [QUESTION, [], 5, "llm", "All", "", ""], "fn_index": fn_index,
        "session_hash": session, "event_data": None, "trigger_id": None})

    def read() -> None:
        with suppress(httpx.HTTPError), client.stream(
                "GET", "/gradio_api/queue/data", params={"session_hash": session}) as s:
            for _ in s.iter_lines():
                pass
    threading.Thread(target=read, daemon=True).start()


def leaving(url: str, n: int) -> None:
    """An API client (/api/ask or streamed /v1) that gives up after 1 s."""
    with suppress(httpx.TimeoutException):
        if n % 2:
            httpx.post(f"{url}/api/ask", json={"question": QUESTION}, timeout=1.0)
            return
        with httpx.Client(timeout=1.0) as c, c.stream(
                "POST", f"{url}/v1/chat/completions", json={**CHAT, "stream": True}) as r:
            for _ in r.iter_lines():
                pass


def sample(url: str, seconds: float) -> dict[str, list[float]]:
    """/healthz, / and /api/papers timed every 0.2 s."""
    took: dict[str, list[float]] = {"/healthz": [], "/": [], "/api/papers": []}
    until = time.monotonic() + seconds
    with httpx.Client(timeout=30) as client:
        while time.monotonic() < until:
            for path, values in took.items():
                values.append(timed_get(url + path, client))
            time.sleep(0.2)
    return took


def timed_post(url: str, body: dict[str, Any]) -> tuple[float, int, int]:
    started = time.perf_counter()
    response = httpx.post(f"{url}/api/ask", json=body, timeout=300)
    return time.perf_counter() - started, response.status_code, len(response.content)


def stuck_load(fake: FakeLLMServer, url: str) -> list[Figure]:
    config = httpx.get(f"{url}/config", timeout=10).json()
    fn_index = next(d["id"] for d in config["dependencies"] if d.get("api_name") == "ask")
    clients: list[httpx.Client] = []
    for n in range(25):
        ui_question(url, fn_index, clients)
        threading.Thread(target=leaving, args=(url, n), daemon=True).start()
    time.sleep(1.5)
    open_streams, shut = fake.in_flight, fake.disconnects
    took = sample(url, 10.0)
    ask_s, status, _ = timed_post(url, {"question": QUESTION})
    for client in clients:
        client.close()
    return [
        Figure("2", "LLM streams open 1.5 s after 25 API clients left (25 UI questions stay)",
               f"{open_streams} open ({shut} shut when their client left)",
               "upstream streams kept going after the client left"),
        Figure("2", "latency over 10 s with the 50 stuck questions",
               "; ".join(f"{path} {p50_max(v)}" for path, v in took.items()),
               "/healthz, / and /api/papers stopped answering (45 abandoned)"),
        Figure("2", "/api/ask while the LLM is stuck", f"{status} in {ask_s:.1f} s",
               "no answer until the LLM connections were killed"),
    ]


def item2(work: Path) -> list[Figure]:
    folder, env = seed_env(work, "item2")
    with FakeLLMServer(Replayer({}), idle_timeout_s=600) as fake:
        fake.replayer.default = Reply("FB-CPR regularizes towards unlabeled behaviors. " * 20,
                                      per_token_delay_s=10)
        env.update(PAPERWISE_ANSWERER="llm", PAPERWISE_VERIFY="rules",
                   OPENAI_BASE_URL=fake.url, OPENAI_API_KEY="k")
        with paperwise_serve(env, folder) as (_, url, _):
            httpx.post(f"{url}/v1/chat/completions", timeout=120,
                       json={**CHAT, "model": "paperwise-extractive"})  # loads the models
            figures = stuck_load(fake, url)
            fake.replayer.default = Reply("lorem ipsum dolor sit amet " * 190_000)  # ~5.1 MB
            took, status, size = timed_post(url, {"question": QUESTION})
    return [*figures, Figure("2", "/api/ask when the LLM replies with 5.1 MB: time, JSON size",
                             f"{status} in {took:.1f} s, {size / MB:.2f} MB",
                             "250 s, 12 MB of JSON")]


# Item 4 ------------------------------------------------------------------------------------

def item4(work: Path) -> list[Figure]:
    """`paperwise index` of a folder holding a 300 KB single-token abstract beside a small file;
    peak memory from the child's own rusage."""
    root = work / "item4"
    (root / "papers").mkdir(parents=True)
    (root / "papers" / "good.txt").write_text(
        "ICLR 2025 papers\n\nWe introduce FB-CPR, which regularizes zero-shot RL.\n\n"
        "Graph neural networks struggle with long-range dependencies.\n", encoding="utf-8")
    (root / "papers" / "token.jsonl").write_text(json.dumps(
        {"abstract": "q" * 300_000, "authors": ["A" * 150] * 20,
         "url": "https://example.org/" + "x" * 150}) + "\n", encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PAPERWISE_", "OPENAI_"))}
    env.update(PAPERWISE_DATA_DIR=str(root / "papers"), PAPERWISE_CHROMA_PATH=str(root / "chroma"),
               PAPERWISE_EMBEDDING_MULTILINGUAL="false")
    log = root / "index.log"
    started = time.perf_counter()
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "paperwise", "index"], cwd=root,
                                   env=env, stdout=out, stderr=subprocess.STDOUT)
        _, wait_status, usage = os.wait4(process.pid, 0)
        process.returncode = os.waitstatus_to_exitcode(wait_status)
    took = time.perf_counter() - started
    size = sum(f.stat().st_size for f in (root / "chroma").rglob("*") if f.is_file())
    said = log.read_text(errors="replace").strip().splitlines()[-1:] or ["(nothing)"]
    return [Figure("4", "`paperwise index`, 300 KB single-token abstract + 1 small file: "
                   "index size, peak memory, time (exit code; last line)",
                   f"{size / 1e6:.1f} MB, {usage.ru_maxrss / 1024:.0f} MB, {took:.1f} s "
                   f"(exit {process.returncode}; {said[0][:160]})",
                   "2.0 GB index, 4.5 GB peak")]


# Item 11 -----------------------------------------------------------------------------------

class _CatalogQA:
    """What the Papers tab and /api/papers read from a PaperQA (and its store: a fixed chunk
    count, so the catalog is read once), over papers in memory."""

    def __init__(self, papers: list[Paper]) -> None:
        from paperwise.settings import Settings

        self.store, self.settings, self._papers = self, Settings(_env_file=None), papers

    def count(self) -> int:
        return 40_000

    def stamp(self) -> str:
        return "s/40000"

    def papers(self, filters: object = None) -> list[Paper]:
        return self._papers


def keystroke_times(qa: PaperQA) -> list[float]:
    """Filter + the Dataframe's postprocess of the rows sent, per keystroke (snapshot built)."""
    import gradio as gr

    from ui.papers_tab import HEADERS, PaperCatalog

    catalog = PaperCatalog(qa)
    catalog.rows()  # the first read builds the word index
    frame = gr.Dataframe(headers=HEADERS, datatype=["str", "str", "str", "number"])
    times = []
    for query in KEYSTROKES:
        started = time.perf_counter()
        frame.postprocess(catalog.rows(query, "Title")[0])
        times.append(time.perf_counter() - started)
    return times


def papers_api(qa: PaperQA) -> str:
    from fastapi import Depends, FastAPI

    from ui.app import add_api_routes
    from ui.lanes import Lane

    app = FastAPI()
    add_api_routes(app, qa, Depends(lambda: None), Lane.of(qa.settings))
    parts = []
    with uvicorn_server(app) as url:
        timed_get(f"{url}/api/papers")  # fills the cache
        for params in ({}, {"limit": 1000}, {"offset": 14_000, "limit": 1000}):
            times: list[float] = []
            for _ in range(10):
                started = time.perf_counter()
                response = httpx.get(f"{url}/api/papers", params=params, timeout=60)
                times.append(time.perf_counter() - started)
            parts.append(f"{params or 'default'}: {len(response.json()['papers'])} papers, "
                         f"{len(response.content) / 1e6:.2f} MB, {p50_max(times)}")
    return "; ".join(parts)


def item11(_: Path) -> list[Figure]:
    qa = cast("PaperQA", _CatalogQA(zipf_papers(15_000)))
    return [Figure("11", f"Papers tab per keystroke at 15k papers ({len(KEYSTROKES)} keys)",
                   p50_max(keystroke_times(qa)), "about 2 s per keystroke"),
            Figure("11", "/api/papers at 15k papers (the real route under uvicorn)",
                   papers_api(qa), "unpaginated: all 15k papers per call")]


ITEMS: dict[str, Callable[[Path], list[Figure]]] = {
    "1": item1, "2": item2, "4": item4, "11": item11}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, help="also write the table to DIR/hostile.md")
    parser.add_argument("--items", nargs="+", choices=list(ITEMS), default=list(ITEMS))
    args = parser.parse_args(argv)
    if not (DATA / "chroma").is_dir():
        parser.error(f"no seed index at {DATA / 'chroma'}: run from the repo root")
    figures: list[Figure] = []
    with tempfile.TemporaryDirectory(prefix="hostile-bench-") as work:
        for name in args.items:
            print(f"item {name} ...", file=sys.stderr, flush=True)
            figures += ITEMS[name](Path(work))
    table = render(figures)
    print(table)
    if args.out:
        args.out.mkdir(parents=True, exist_ok=True)
        (args.out / "hostile.md").write_text(table, encoding="utf-8")


if __name__ == "__main__":
    main()
