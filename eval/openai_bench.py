"""What an answer costs through the OpenAI-compatible endpoint next to `/api/ask`: the same
questions asked both ways, side by side, against one running server (the app `paperwise serve`
runs with /v1 mounted, started here on 127.0.0.1 in its own process, or `--url` of one running).

    python -m eval.openai_bench --questions 30

The target (issue 17): the OpenAI client's median at most 1.5× the /api/ask median.
"""

from __future__ import annotations

import argparse
import logging
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import BaseModel, Field

from eval.metrics import load_questions
from eval.run import DEFAULT_QUESTIONS
from eval.servers import free_port
from paperwise.types import Answer
from ui.app import AskRequest  # FastAPI resolves the route's annotations in this module

if TYPE_CHECKING:
    from fastapi import FastAPI

    from rag import PaperQA

log = logging.getLogger(__name__)

TARGET_RATIO = 1.5


class Timing(BaseModel):
    question: str
    api_ask_s: float
    openai_s: float
    openai_stream_s: float


class BenchResult(BaseModel):
    url: str
    timings: list[Timing]
    api_ask_median_s: float
    openai_median_s: float
    openai_stream_median_s: float
    ratio: float = Field(description="OpenAI-client median / /api/ask median.")
    stream_ratio: float

    def lines(self) -> list[str]:
        verdict = "within" if self.ratio <= TARGET_RATIO else "OVER"
        return [f"{len(self.timings)} questions against {self.url}, each asked all three ways "
                "in turn (order rotated):",
                f"  /api/ask                        median {1000 * self.api_ask_median_s:8.1f} ms",
                f"  openai client                   median {1000 * self.openai_median_s:8.1f} ms"
                f"  ({self.ratio:.2f}×, {verdict} the {TARGET_RATIO}× target)",
                f"  openai client, stream=True      median "
                f"{1000 * self.openai_stream_median_s:8.1f} ms  ({self.stream_ratio:.2f}×)"]


def questions(count: int, path: Path = DEFAULT_QUESTIONS) -> list[str]:
    """The first `count` questions of the eval set in English (a stable, mixed sample)."""
    chosen = [q.question for q in load_questions(path) if q.type not in ("chinese",)]
    if len(chosen) < count:
        raise ValueError(f"{path} has only {len(chosen)} questions")
    step = max(1, len(chosen) // count)
    return chosen[::step][:count]


def _auth() -> tuple[str, str] | None:
    from paperwise.settings import Settings
    from ui.auth import credentials_of

    return credentials_of(Settings())


def measure(url: str, asked: list[str], model: str = "paperwise") -> BenchResult:
    """Each question through /api/ask, the openai client and the openai client streaming,
    the order rotated per question so no path always runs on a warmer cache."""
    import httpx
    from openai import OpenAI

    credentials = _auth()
    http = httpx.Client(base_url=url, timeout=300, auth=credentials)
    client = OpenAI(base_url=f"{url}/v1", api_key=credentials[1] if credentials else "none",
                    timeout=300, max_retries=0)

    def api_ask(q: str) -> None:
        http.post("/api/ask", json={"question": q}).raise_for_status()

    def openai_ask(q: str) -> None:
        client.chat.completions.create(model=model, messages=[{"role": "user", "content": q}])

    def openai_stream(q: str) -> None:
        for _ in client.chat.completions.create(
                model=model, messages=[{"role": "user", "content": q}], stream=True):
            pass

    paths = [api_ask, openai_ask, openai_stream]
    for path in paths:  # warm-up: models, caches, connections
        path(asked[0])
    timings = []
    for n, question in enumerate(asked):
        took = {}
        for path in paths[n % 3:] + paths[:n % 3]:
            started = time.perf_counter()
            path(question)
            took[path.__name__] = time.perf_counter() - started
        timings.append(Timing(question=question, api_ask_s=took["api_ask"],
                              openai_s=took["openai_ask"],
                              openai_stream_s=took["openai_stream"]))
    http.close()
    medians = [statistics.median(getattr(t, f) for t in timings)
               for f in ("api_ask_s", "openai_s", "openai_stream_s")]
    return BenchResult(url=url, timings=timings, api_ask_median_s=medians[0],
                       openai_median_s=medians[1], openai_stream_median_s=medians[2],
                       ratio=medians[1] / medians[0], stream_ratio=medians[2] / medians[0])


def bench_app(qa: PaperQA) -> FastAPI:
    """/api/ask as ui/app.py serves it (same request model, same call, same response model)
    and /v1 beside it, without the Gradio UI, which neither path touches."""
    from fastapi import FastAPI

    from ui import openai_api

    app = FastAPI()

    @app.get("/healthz")
    def healthz() -> dict[str, str]:
        return {"status": "ok"}

    @app.post("/api/ask", response_model=Answer)
    def ask(request: AskRequest) -> Answer:
        return qa.ask(request.question, request.history, k=request.k)

    openai_api.mount(app, qa)
    return app


def full_app(qa: PaperQA) -> FastAPI:
    """The app `paperwise serve` runs (UI included), with /v1 mounted if it is not yet."""
    from ui import openai_api
    from ui.app import create_app

    app = create_app(qa)
    if not any(str(getattr(r, "path", "")).startswith("/v1") for r in app.router.routes):
        openai_api.mount(app, qa)
    return app


def serve(port: int, ui: bool) -> None:
    """The app under uvicorn until stopped."""
    import uvicorn

    from rag import PaperQA

    qa = PaperQA()
    qa.warm_up()
    app = full_app(qa) if ui else bench_app(qa)
    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning")


@contextmanager
def bench_server(ui: bool) -> Iterator[str]:
    """`serve` in its own process on a free port; stopped when the block ends."""
    import httpx

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    # `timeout` stops the server even if this process is killed.
    process = subprocess.Popen(["timeout", "3600", sys.executable, "-m", "eval.openai_bench",
                                "--serve", str(port), *([] if ui else ["--no-ui"])],
                               stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:
                pass
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the bench server did not start")
            time.sleep(0.2)
        yield url
    finally:
        process.terminate()
        process.wait(timeout=30)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.openai_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--questions", type=int, default=30, help="how many (at least 20)")
    parser.add_argument("--url", help="a running server with /v1 mounted, e.g. `paperwise "
                        "serve` (default: start /api/ask and /v1 without the UI)")
    parser.add_argument("--model", default="paperwise", help="paperwise or paperwise-extractive")
    parser.add_argument("--no-ui", action="store_true",
                        help="serve /api/ask and /v1 without the Gradio UI (default: the app "
                        "`paperwise serve` runs)")
    parser.add_argument("--serve", type=int, metavar="PORT", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.serve:
        serve(args.serve, ui=not args.no_ui)
        return 0
    asked = questions(max(20, args.questions))
    if args.url:
        result = measure(args.url.rstrip("/"), asked, args.model)
    else:
        with bench_server(ui=not args.no_ui) as url:
            result = measure(url, asked, args.model)
    print("\n".join(result.lines()))
    return 0 if result.ratio <= TARGET_RATIO else 1


if __name__ == "__main__":
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    sys.exit(main())
