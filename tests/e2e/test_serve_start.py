"""`paperwise serve` starting: against a `chroma run` server that is not up yet it waits (a
bounded, logged retry) and serves once the server answers; if the server never comes, it stops
with a message naming it. Without -v it says "Serving on …" (INFO) once the port answers; a
taken port stops it at once with one line saying how to choose another; `make run PORT=…`."""

from __future__ import annotations

import os
import queue
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from paperwise.settings import Settings
from tests.conftest import ROOT, SEED_FILES, cli_env, copy_seeds, free_port
from tests.servers import chroma_server, wait_until


def _serve(settings: Settings, cwd: Path, chroma_port: int, wait_s: int
           ) -> tuple[subprocess.Popen[str], str]:
    env = cli_env(settings, PAPERWISE_CHROMA_HOST="127.0.0.1",
                  PAPERWISE_CHROMA_PORT=str(chroma_port), PAPERWISE_SERVER_STORE_WAIT_S=str(wait_s),
                  PAPERWISE_EMBEDDING_MULTILINGUAL="false")
    port = free_port()
    # `timeout` stops the server by itself even if the test run is killed.
    process = subprocess.Popen(["timeout", "300", sys.executable, "-m", "paperwise", "serve",
                                "--host", "127.0.0.1", "--port", str(port)], cwd=cwd, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    return process, f"http://127.0.0.1:{port}"


def _stop(process: subprocess.Popen[str]) -> str:
    process.terminate()
    try:
        return process.communicate(timeout=20)[1]
    except subprocess.TimeoutExpired:
        process.kill()
        return process.communicate()[1]


def test_serve_waits_for_a_chroma_server_that_is_still_starting(
        tmp_path: Path, settings_factory: Callable[..., Settings]) -> None:
    settings = settings_factory(data_dir=copy_seeds(tmp_path / "papers", SEED_FILES[:1]))
    chroma_port = free_port()
    process, url = _serve(settings, tmp_path, chroma_port, wait_s=90)
    try:
        time.sleep(5)  # serve is up and finds no Chroma server
        assert process.poll() is None, "serve gave up while the Chroma server was starting"
        with chroma_server(tmp_path / "chroma-data", chroma_port):
            wait_until(lambda: httpx.get(f"{url}/healthz", timeout=5).status_code == 200,
                       "paperwise serve", 120, lambda: process.poll() is None)
    finally:
        stderr = _stop(process)
    assert "is not answering yet" in stderr and f"127.0.0.1:{chroma_port}" in stderr


def test_serve_stops_with_a_clear_message_when_chroma_never_comes(
        tmp_path: Path, settings_factory: Callable[..., Settings]) -> None:
    settings = settings_factory(data_dir=copy_seeds(tmp_path / "papers", SEED_FILES[:1]))
    chroma_port = free_port()
    process, _ = _serve(settings, tmp_path, chroma_port, wait_s=2)
    try:
        code = process.wait(timeout=120)
    finally:
        stderr = _stop(process)
    assert code == 1 and "Traceback" not in stderr
    assert f"server 127.0.0.1:{chroma_port}" in stderr and "Chroma server running" in stderr


def _embedded_serve(settings: Settings, cwd: Path, port: int) -> subprocess.Popen[str]:
    env = cli_env(settings, PAPERWISE_EMBEDDING_MULTILINGUAL="false")
    return subprocess.Popen(["timeout", "300", sys.executable, "-m", "paperwise", "serve",
                             "--host", "127.0.0.1", "--port", str(port)], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def _lines(process: subprocess.Popen[str]) -> queue.Queue[str]:
    """The process's stderr, line by line, as it comes (read in a thread)."""
    lines: queue.Queue[str] = queue.Queue()

    def read() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    return lines


def _answers(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except OSError:
        return False
    return True


def test_serve_says_where_it_serves_once_the_port_answers(
        tmp_path: Path, settings_factory: Callable[..., Settings]) -> None:
    settings = settings_factory(data_dir=copy_seeds(tmp_path / "papers", SEED_FILES[:1]))
    port = free_port()
    process = _embedded_serve(settings, tmp_path, port)
    lines, seen = _lines(process), []
    try:
        deadline = time.monotonic() + 180
        while not any("Serving on" in line for line in seen):
            assert time.monotonic() < deadline and process.poll() is None, seen
            try:
                seen.append(lines.get(timeout=1))
            except queue.Empty:
                continue
            if "Serving on" not in seen[-1]:
                assert not _answers(port), f"the port answered before {seen[-1]!r}"
        assert _answers(port), "logged 'Serving on' before the port answered"
        assert seen[-1].startswith(f"INFO ui.serving: Serving on http://127.0.0.1:{port} ")
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=10).status_code == 200
    finally:
        process.terminate()
        process.wait(timeout=20)


def test_a_taken_port_stops_serve_at_once_with_one_line_saying_what_to_do(
        tmp_path: Path, settings_factory: Callable[..., Settings]) -> None:
    settings = settings_factory(data_dir=copy_seeds(tmp_path / "papers", SEED_FILES[:1]))
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        started = time.monotonic()
        process = _embedded_serve(settings, tmp_path, port)
        try:
            _, stderr = process.communicate(timeout=30)
        finally:
            if process.poll() is None:
                process.kill()
        took = time.monotonic() - started
    assert process.returncode in (1, 2) and took < 30
    assert len(stderr.strip().splitlines()) == 1, stderr
    assert f"Port {port} on 127.0.0.1 is already in use" in stderr
    for hint in (f"--port {port + 1}", "PAPERWISE_SERVER_PORT=", "make run PORT="):
        assert hint in stderr, stderr
    assert not (settings.chroma.path / "chroma.sqlite3").exists(), "it loaded the index first"


def test_make_run_passes_port_and_host_on() -> None:
    def dry_run(*args: str) -> str:
        # Under `make test` the outer make's flags (MAKEFLAGS: -w, "Entering directory") and
        # level would reach this make: it runs as if started by hand.
        env = {k: v for k, v in os.environ.items()
               if k not in ("PORT", "HOST", "MAKEFLAGS", "MFLAGS", "MAKELEVEL")}
        return subprocess.run(["make", "--no-print-directory", "-n", "run", *args], cwd=ROOT,
                              env=env, text=True,
                              capture_output=True, timeout=60, check=True
                              ).stdout.splitlines()[-1].rstrip()

    assert dry_run("PORT=8123").endswith("paperwise serve --port 8123")
    assert dry_run("PORT=8123", "HOST=0.0.0.0").endswith("--port 8123 --host 0.0.0.0")
    assert dry_run().endswith("paperwise serve")
