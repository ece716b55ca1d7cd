"""The service under load (issue 16): `paperwise serve` answering /api/ask for N concurrent API
clients for S seconds while a browser user asks through the UI (gradio_client, the UI's `/ask`
event), beside one client asking each question once in the same run. Reports throughput,
p50/p95/max, errors, 503s (with Retry-After), the UI's answer times and the server's memory
before the load and after it settles. `paperwise bench --load-only` runs just this part."""

from __future__ import annotations

import logging
import statistics
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from eval.bench_report import ms_p50_p95
from eval.metrics import percentile
from eval.servers import rss_mb

log = logging.getLogger(__name__)

UI_EVERY_S = 1.0  # the browser user asks again this long after each answer
SETTLE_S = 5.0  # after the load, before memory is read again


@dataclass
class Run:
    """One load phase: every answered request's latency, errors, 503s, wall time."""

    clients: int
    seconds: float = 0.0
    latencies: list[float] = field(default_factory=list)
    errors: int = 0
    busy: int = 0  # 503 with Retry-After: told to come back, not an error
    busy_without_retry_after: int = 0
    busy_latencies: list[float] = field(default_factory=list)  # how soon each 503 came

    @property
    def throughput(self) -> float:
        return len(self.latencies) / self.seconds if self.seconds else 0.0


@dataclass
class LoadResult:
    single: Run
    load: Run
    ui_latencies: list[float]
    ui_errors: int
    rss_before_mb: float
    rss_after_mb: float

    def lines(self) -> list[str]:
        """Rows of the bench report's service table (what | p50 / p95 | throughput | errors)."""
        s, load = self.single, self.load
        ratio = load.throughput / s.throughput if s.throughput else 0.0
        bound = 3 * load.clients / load.throughput if load.throughput else 0.0
        return [
            f"| /api/ask, 1 client, each question once ({len(s.latencies)}) | "
            f"{ms_p50_p95(s.latencies)} ms"
            f" | {s.throughput:.1f} req/s | {s.errors} errors |",
            f"| /api/ask, {load.clients} clients for {load.seconds:.0f} s, "
            f"{len(load.latencies)} requests (max {1000 * max(load.latencies, default=0):.0f}"
            f" ms; p95 bound 3×clients/throughput = {1000 * bound:.0f} ms) | "
            f"{ms_p50_p95(load.latencies)} ms | {load.throughput:.1f} req/s ({ratio:.2f}× one "
            f"client) | {load.errors} errors, {load.busy} × 503 with Retry-After, "
            f"{load.busy_without_retry_after} without |",
            f"| UI (gradio_client /ask) during the load, {len(self.ui_latencies)} questions | "
            f"{ms_p50_p95(self.ui_latencies)} ms (max "
            f"{1000 * max(self.ui_latencies, default=0):.0f} ms) | | {self.ui_errors} errors |",
            f"| server memory before the load → {SETTLE_S:.0f} s after it | "
            f"{self.rss_before_mb:.0f} → {self.rss_after_mb:.0f} MB "
            f"({self.rss_after_mb / self.rss_before_mb - 1:+.0%}) | | |",
        ]


def _client_loop(url: str, questions: list[str], start: int, until: float, run: Run,
                 lock: threading.Lock) -> None:
    import httpx

    n = start
    with httpx.Client(base_url=url, timeout=120) as client:
        while time.monotonic() < until:
            started = time.perf_counter()
            try:
                response = client.post("/api/ask", json={"question": questions[n % len(questions)]})
            except httpx.HTTPError:
                with lock:
                    run.errors += 1
                continue
            took = time.perf_counter() - started
            n += 1
            with lock:
                if response.status_code == 200:
                    run.latencies.append(took)
                elif response.status_code == 503:
                    run.busy_latencies.append(took)
                    if response.headers.get("retry-after"):
                        run.busy += 1
                    else:
                        run.busy_without_retry_after += 1
                else:
                    run.errors += 1
            if response.status_code == 503:  # as a polite client does
                time.sleep(float(response.headers.get("retry-after") or 1))


def load(url: str, questions: list[str], clients: int, seconds: float,
         also: Callable[[float], None] | None = None) -> Run:
    """`clients` threads asking in turn until `seconds` pass (answers in flight then are
    waited for); `also(until)` runs beside them in a thread of its own."""
    run, lock = Run(clients), threading.Lock()
    until = time.monotonic() + seconds
    # Each client starts at its own place, spread over the list: the load asks the same mix
    # of questions as one_pass (some take 50 times as long as others).
    threads = [threading.Thread(target=_client_loop, daemon=True, args=(
        url, questions, i * len(questions) // clients, until, run, lock)) for i in range(clients)]
    if also is not None:
        threads.append(threading.Thread(target=also, args=(until,), daemon=True))
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    run.seconds = time.perf_counter() - started
    return run


class BrowserUser:
    """Asks through the UI's `/ask` event (as the browser does, via Gradio's queue) every
    second while the load runs, timing each answer. It connects and asks once when made,
    before the load, as a browser has the page open: Gradio's first connection and first
    event do one-time work on the event loop (its API description: ~2 s on a loaded
    machine) that stalls every request, and is start-up, not load."""

    def __init__(self, url: str, questions: list[str], start_after_s: float = 2.0) -> None:
        from gradio_client import Client

        self.client = Client(url + "/", verbose=False)
        self.client.predict(questions[0], [], 5, "extractive", api_name="/ask")
        self.questions, self.start_after_s = questions, start_after_s
        self.latencies: list[float] = []
        self.errors = 0

    def __call__(self, until: float) -> None:
        client = self.client
        time.sleep(self.start_after_s)  # the load is under way
        n = 0
        while time.monotonic() < until:
            started = time.perf_counter()
            try:
                client.predict(self.questions[n % len(self.questions)], [], 5, "extractive",
                               api_name="/ask")
                self.latencies.append(time.perf_counter() - started)
            except Exception as exc:  # any failure the user would see
                log.warning("load: the UI question failed: %s", exc)
                self.errors += 1
            n += 1
            time.sleep(UI_EVERY_S)


def one_pass(url: str, questions: list[str]) -> Run:
    """One client asking every question once, in turn: the same mix the load draws from."""
    import httpx

    run = Run(1)
    started = time.perf_counter()
    with httpx.Client(base_url=url, timeout=120) as client:
        for question in dict.fromkeys(questions):
            asked = time.perf_counter()
            response = client.post("/api/ask", json={"question": question})
            if response.status_code == 200:
                run.latencies.append(time.perf_counter() - asked)
            else:
                run.errors += 1
    run.seconds = time.perf_counter() - started
    return run


def measure(url: str, pid: int, questions: list[str], clients: int,
            seconds: float) -> LoadResult:
    """One client alone, then the load with a browser user beside it; memory around it."""
    one_pass(url, questions)  # what loads on first use (a model, caches) is start-up
    single = one_pass(url, questions)
    before = rss_mb(pid)
    user = BrowserUser(url, questions[::-1])
    loaded = load(url, questions, clients, seconds, also=user)
    time.sleep(SETTLE_S)
    result = LoadResult(single, loaded, user.latencies, user.errors, before, rss_mb(pid))
    log.warning("load: %s clients, %.1f req/s (one: %.1f), p95 %.2f s, UI p50 %.2f s",
                clients, loaded.throughput, single.throughput,
                percentile(loaded.latencies, 0.95),
                statistics.median(user.latencies) if user.latencies else 0.0)
    return result
