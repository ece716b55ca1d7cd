"""Servers the bench and the tests start: a `chroma run`, a `paperwise serve` and an ASGI app
under uvicorn, each on 127.0.0.1, each stopped when the `with` block ends; and the probes the
hostile bench and the HTTP guard tests share (a huge body streamed over a raw socket)."""

from __future__ import annotations

import base64
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _die_with_parent() -> None:
    """Run in the child before exec: if the bench or test process dies (even by kill -9),
    the server it started gets SIGTERM instead of living on (Linux; elsewhere a no-op)."""
    try:
        import ctypes

        ctypes.CDLL(None).prctl(1, signal.SIGTERM)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _wait_until(ready: Callable[[], bool], process: subprocess.Popen, what: str,
                timeout_s: float) -> None:
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            if ready():
                return
        except Exception:  # not listening yet: any client error means "try again"
            pass
        if process.poll() is not None or time.monotonic() > deadline:
            process.kill()
            raise RuntimeError(f"{what} did not start within {timeout_s:.0f} s "
                               f"(exit code {process.poll()})")
        time.sleep(0.1)


def _stop(process: subprocess.Popen) -> None:
    process.terminate()
    try:
        process.wait(timeout=15)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@contextmanager
def chroma_server(path: Path, port: int | None = None) -> Iterator[tuple[subprocess.Popen, int]]:
    """`chroma run` on 127.0.0.1 over the folder `path`; yields the process and its port."""
    import chromadb

    port = port or free_port()
    chroma = Path(sys.executable).with_name("chroma")
    process = subprocess.Popen([str(chroma), "run", "--host", "127.0.0.1", "--port", str(port),
                                "--path", str(path)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, preexec_fn=_die_with_parent)
    _wait_until(lambda: bool(chromadb.HttpClient(host="127.0.0.1", port=port).heartbeat()),
                process, "chroma run", 30)
    try:
        yield process, port
    finally:
        _stop(process)


@contextmanager
def paperwise_serve(env: dict[str, str], cwd: Path, port: int | None = None
                    ) -> Iterator[tuple[subprocess.Popen, str, float]]:
    """`paperwise serve` on 127.0.0.1 with extra environment; yields the process, its URL and
    the seconds from launch to the first page served."""
    import httpx

    port = port or free_port()
    url = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "paperwise", "serve", "--host", "127.0.0.1",
               "--port", str(port)]
    started = time.perf_counter()
    process = subprocess.Popen(command, cwd=cwd, env={**os.environ, **env},
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                               preexec_fn=_die_with_parent)
    _wait_until(lambda: httpx.get(url + "/", timeout=2).status_code == 200, process,
                "paperwise serve", 120)
    try:
        yield process, url, time.perf_counter() - started
    finally:
        _stop(process)


def _status_mb(pid: int, field: str) -> float:
    """A memory field of a live process's /proc status (Linux), in MB; 0.0 when absent."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(f"{field}:"):
            return int(line.split()[1]) / 1024
    return 0.0


def peak_rss_mb(pid: int) -> float:
    """A live process's peak resident memory (Linux), in MB."""
    return _status_mb(pid, "VmHWM")


def rss_mb(pid: int) -> float:
    """A live process's resident memory now (Linux), in MB."""
    return _status_mb(pid, "VmRSS")


@contextmanager
def uvicorn_server(app: Any, what: str = "the app under uvicorn") -> Iterator[str]:
    """An ASGI app under uvicorn in a thread; yields its URL once its /healthz answers 200."""
    import httpx
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True, name=f"uvicorn-{port}")
    thread.start()
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    try:
        while True:
            try:
                if httpx.get(f"{url}/healthz", timeout=2).status_code == 200:
                    break
            except httpx.HTTPError:  # not listening yet
                pass
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError(f"{what} did not start within 60 s")
            time.sleep(0.1)
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def basic_auth(user: str, password: str) -> bytes:
    """An HTTP Basic Authorization header value (UTF-8 credentials)."""
    return b"Basic " + base64.b64encode(f"{user}:{password}".encode())


def stream_body(url: str, headers: dict[str, bytes], size: int, chunked: bool
                ) -> tuple[int, float, int]:
    """POST /api/ask with a `size`-byte body sent as fast as the server takes it, from a thread,
    over a raw socket; returns (status, seconds to the response, bytes the server took)."""
    host, port = url.removeprefix("http://").split(":")
    head = [b"POST /api/ask HTTP/1.1", b"Host: " + f"{host}:{port}".encode(),
            b"Content-Type: application/json"]
    head += [b"Transfer-Encoding: chunked"] if chunked else [b"Content-Length: %d" % size]
    head += [name.encode() + b": " + value for name, value in headers.items()]
    sock = socket.create_connection((host, int(port)), timeout=10)
    sent = 0
    done = threading.Event()

    def send_body() -> None:
        nonlocal sent
        block = b" " * (256 * 1024)
        frame = b"%x\r\n%s\r\n" % (len(block), block) if chunked else block
        try:
            while sent < size and not done.is_set():
                sock.sendall(frame)
                sent += len(block)
        except OSError:  # the server closed the connection: what is under test
            pass

    started = time.monotonic()
    sock.sendall(b"\r\n".join(head) + b"\r\n\r\n")
    sender = threading.Thread(target=send_body, daemon=True)
    sender.start()
    try:
        status_line = sock.recv(4096).split(b"\r\n", 1)[0]
        took = time.monotonic() - started
    finally:
        done.set()
        sock.close()
        sender.join(timeout=10)
    return int(status_line.split()[1]), took, sent
