"""Indexing across processes: `paperwise index` killed with -9 and run again, and an index on a
real `chroma run` server."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from index.build import build_index
from index.embeddings import MiniLMEmbeddings
from index.store import make_store
from paperwise.settings import Settings
from rag import PaperQA
from tests.conftest import SEED_FILES, cli_env, copy_seeds, index_contents
from tests.servers import chroma_server


def test_kill_during_index_then_rerun_gives_the_uninterrupted_index(
        tmp_path: Path, settings_factory: Callable[..., Settings], seed_qa: PaperQA) -> None:
    settings = settings_factory()
    command = [sys.executable, "-m", "paperwise", "index"]
    process = subprocess.Popen(command, env=cli_env(settings), cwd=tmp_path,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    # Kill once some, but not all, papers are written.
    deadline = time.monotonic() + 120
    store = None
    while time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.2)
        if (settings.chroma.path / "chroma.sqlite3").exists():
            store = store or make_store(settings, seed_qa.embedder, seed_qa.store.multilingual)
            if 0 < store.count() < 150:
                break
    assert process.poll() is None, "index finished before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait()
    rerun = subprocess.run(command, env=cli_env(settings), cwd=tmp_path, capture_output=True,
                           text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    assert "94 papers" in rerun.stdout
    reopened = make_store(settings, seed_qa.embedder, seed_qa.store.multilingual)
    assert index_contents(reopened) == index_contents(seed_qa.store)


@pytest.fixture(scope="module")
def chroma(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    with chroma_server(tmp_path_factory.mktemp("chroma-server")) as (_, port):
        yield "127.0.0.1", port


@pytest.mark.slow
def test_index_on_a_chroma_server(chroma: tuple[str, int], tmp_path: Path,
                                  settings_factory: Callable[..., Settings],
                                  embedder: MiniLMEmbeddings, open_qa: Callable[..., PaperQA]
                                  ) -> None:
    host, port = chroma
    data = copy_seeds(tmp_path / "papers", SEED_FILES[:2])
    settings = settings_factory(data_dir=data, chroma={"host": host, "port": port})
    store = open_qa(settings).store
    assert store.location.kind == "server"
    assert build_index(settings, embedder=embedder, store=store).added == 38
    assert build_index(settings, embedder=embedder, store=store).unchanged == 38
    (data / SEED_FILES[1].name).unlink()
    assert build_index(settings, embedder=embedder, store=store, prune=True).removed == 19
    answer = PaperQA(settings, store=store).ask("What does FB-CPR regularize?")
    assert answer.answerable and answer.citations[0].paper.title == "FB-CPR"
