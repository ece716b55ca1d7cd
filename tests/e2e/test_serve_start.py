"""`paperwise serve` against a `chroma run` server that is not up yet: it waits (a bounded,
logged retry) and serves once the server answers; if the server never comes, it stops with a
message naming it."""

from __future__ import annotations

import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import httpx

from paperwise.settings import Settings
from tests.conftest import SEED_FILES, cli_env, copy_seeds, free_port
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
