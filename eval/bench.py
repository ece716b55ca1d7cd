"""`paperwise bench`: indexing throughput, retrieval and answer latency, the LangChain baseline,
and the HTTP service under 1 and 20 concurrent clients — measured in one run, with repeats,
reported as medians and p95s. Everything runs in a temporary folder on 127.0.0.1."""

from __future__ import annotations

import argparse
import random
import resource
import socket
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from eval.metrics import load_questions
from eval.run import DEFAULT_QUESTIONS
from rag import PaperQA, Settings

SEEDS = Path("data")
LOAD_CLIENTS = 20
LOAD_REQUESTS = 100
LOAD_MAX_S = 300.0


def _p(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def _ms(values: list[float]) -> str:
    return f"{1000 * statistics.median(values):.1f} / {1000 * _p(values, 0.95):.1f}"


def _settings(folder: Path, data: Path) -> Settings:
    return Settings(_env_file=None, data_dir=data, answerer="extractive",
                    chroma={"path": folder / "chroma"})


def synthetic_corpus(folder: Path, papers: int, seed: int = 7) -> Path:
    """Abstracts recombined from seed sentences: realistic text, deterministic, any size."""
    from index.loaders import load_papers
    from index.sentences import split_sentences

    sentences = [s for p in load_papers([SEEDS]).papers for s in split_sentences(p.abstract)]
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"synthetic-{papers}.txt"
    blocks = [" ".join(rng.sample(sentences, rng.randint(5, 9))) for _ in range(papers)]
    path.write_text("Synthetic Papers\n\n" + "\n\n".join(blocks) + "\n", encoding="utf-8")
    return path


def bench_indexing(data: Path, repeats: int) -> tuple[str, PaperQA]:
    """Fresh builds of data; returns a table row and the last index for the latency runs."""
    times, qa, chunks, papers = [], None, 0, 0
    for _ in range(repeats):
        folder = Path(tempfile.mkdtemp(prefix="pw-bench-"))
        qa = PaperQA(_settings(folder, data))
        started = time.perf_counter()
        summary = qa.index()
        times.append(time.perf_counter() - started)
        chunks, papers = summary.chunks, summary.papers
    seconds = statistics.median(times)
    row = (f"| {data.name} | {papers} | {chunks} | {seconds:.1f} | {papers / seconds:.1f} | "
           f"{chunks / seconds:.1f} |")
    return row, qa


def _timed(call: Callable[[], object], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        out.append(time.perf_counter() - started)
    return out


def bench_latency(qa: PaperQA, questions: list[str], repeats: int) -> dict[str, list[float]]:
    qa.retrieve("warm up")  # builds the BM25 cache once, as a server does at its first query
    store = qa.store.vectorstore
    out: dict[str, list[float]] = {"hybrid retrieval": [], "extractive answer": [],
                                   "baseline similarity_search": []}
    for question in questions:
        out["hybrid retrieval"] += _timed(lambda q=question: qa.retrieve(q, k=5), repeats)
        out["extractive answer"] += _timed(lambda q=question: qa.ask(q), repeats)
        out["baseline similarity_search"] += _timed(
            lambda q=question: store.similarity_search(q, k=5), repeats)
    return out


def baseline_recall(qa: PaperQA) -> tuple[float, float]:
    """recall@5 over the eval set: Paperwise hybrid vs LangChain similarity_search (chunks)."""
    rows = [q for q in load_questions(DEFAULT_QUESTIONS) if q.answerable and q.gold]
    ours, theirs = [], []
    for q in rows:
        gold = {g.paper_id for g in q.gold}
        hits = {h.paper.id for h in qa.retrieve(q.question, k=5)}
        docs = qa.store.vectorstore.similarity_search(q.question, k=5)
        ours.append(len(gold & hits) / len(gold))
        theirs.append(len(gold & {d.metadata["paper_id"] for d in docs}) / len(gold))
    return statistics.mean(ours), statistics.mean(theirs)


def bench_service(qa: PaperQA, questions: list[str]) -> list[str]:
    """Start-up to first page, then /api/ask with 1 and with 20 concurrent clients."""
    import httpx
    import uvicorn

    from ui.app import create_app

    started = time.perf_counter()
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(create_app(qa), host="127.0.0.1", port=port,
                                           log_level="error"))
    threading.Thread(target=server.run, daemon=True).start()
    url = f"http://127.0.0.1:{port}"
    while True:
        try:
            if httpx.get(url + "/", timeout=2).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.05)
    startup = time.perf_counter() - started
    rows = [f"| start-up to first page | {startup:.2f} s | | |"]
    try:
        for clients in (1, LOAD_CLIENTS):
            rows.append(_load(url, questions, clients))
    finally:
        server.should_exit = True
    return rows


def _load(url: str, questions: list[str], clients: int) -> str:
    import httpx

    deadline = time.monotonic() + LOAD_MAX_S
    latencies: list[float] = []
    errors = 0

    def one(i: int) -> None:
        nonlocal errors
        if time.monotonic() > deadline:
            return
        started = time.perf_counter()
        try:
            response = httpx.post(url + "/api/ask", json={"question": questions[i % len(
                questions)]}, timeout=60)
            response.raise_for_status()
            latencies.append(time.perf_counter() - started)
        except httpx.HTTPError:
            errors += 1

    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(one, range(LOAD_REQUESTS)))
    wall = time.perf_counter() - started
    return (f"| /api/ask, {clients} client(s), {len(latencies)} requests | {_ms(latencies)} ms | "
            f"{len(latencies) / wall:.1f} req/s | {errors} errors |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="paperwise bench", description=__doc__)
    parser.add_argument("--repeats", type=int, default=3, help="repeats per measurement")
    parser.add_argument("--synthetic", type=int, nargs="*", default=[1000],
                        help="sizes (papers) of synthetic corpora to index and query")
    parser.add_argument("--no-service", action="store_true", help="skip the HTTP load test")
    args = parser.parse_args(argv)
    questions = [q.question for q in load_questions(DEFAULT_QUESTIONS)]
    lines = ["## Indexing (fresh index, median of repeats)", "",
             "| corpus | papers | chunks | seconds | papers/s | chunks/s |",
             "|---|---|---|---|---|---|"]
    row, seed_qa = bench_indexing(SEEDS, args.repeats)
    lines.append(row)
    corpora = [("seeds", seed_qa)]
    for size in args.synthetic:
        data = synthetic_corpus(Path(tempfile.mkdtemp(prefix="pw-synth-")), size)
        row, qa = bench_indexing(data.parent, 1)
        lines.append(row)
        corpora.append((f"synthetic {size}", qa))
    lines += ["", "## Latency (ms, p50 / p95)", "",
              "| corpus | chunks | hybrid retrieval | extractive answer | "
              "baseline similarity_search |", "|---|---|---|---|---|"]
    for name, qa in corpora:
        timing = bench_latency(qa, questions, args.repeats)
        lines.append(f"| {name} | {qa.store.count()} | {_ms(timing['hybrid retrieval'])} | "
                     f"{_ms(timing['extractive answer'])} | "
                     f"{_ms(timing['baseline similarity_search'])} |")
    ours, theirs = baseline_recall(seed_qa)
    lines += ["", f"recall@5 on the eval set (seeds): Paperwise hybrid {ours:.3f}, LangChain "
              f"Chroma.similarity_search {theirs:.3f} (ratio {ours / theirs:.2f})."]
    if not args.no_service:
        lines += ["", "## Service (127.0.0.1)", "", "| what | p50 / p95 | throughput | errors |",
                  "|---|---|---|---|", *bench_service(seed_qa, questions)]
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    lines += ["", f"Peak memory of the whole run: {peak_mb:.0f} MB."]
    print("\n".join(lines))
    sys.stdout.flush()
    return 0
