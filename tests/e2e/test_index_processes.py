"""Indexing across processes: `paperwise index` killed with -9 and run again, and an index on a
real `chroma run` server."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from index.build import PAPERS_PER_BATCH, build_index
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
    # The child's own progress says when to kill it: opening its embedded store from this
    # process meanwhile would race its writes (a second process creating the collections the
    # child is creating made it exit 1 now and then).
    process = subprocess.Popen([*command, "--progress"], env=cli_env(settings), cwd=tmp_path,
                               stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    written = _first_batch_written(process)
    assert written, "index finished before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait()
    partial = make_store(settings, seed_qa.embedder, seed_qa.store.multilingual)
    assert 0 < partial.count() < seed_qa.store.count(), "the kill left no partial index"
    rerun = subprocess.run(command, env=cli_env(settings), cwd=tmp_path, capture_output=True,
                           text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    assert "94 papers" in rerun.stdout
    reopened = make_store(settings, seed_qa.embedder, seed_qa.store.multilingual)
    assert index_contents(reopened) == index_contents(seed_qa.store)


def _first_batch_written(process: subprocess.Popen[str]) -> bool:
    """Reads the progress bar until the second batch is handed to the writer (by then the
    first is written); False if the child ends first. Its stderr is in the message then."""
    seen: list[str] = []
    assert process.stderr is not None
    for line in process.stderr:  # tqdm's carriage returns read as line ends
        seen.append(line)
        done = re.search(r"papers indexed:.*?\b(\d+)/(\d+)\b", line)
        if done and 2 * PAPERS_PER_BATCH <= int(done[1]) < int(done[2]):
            return True
    process.wait(timeout=60)
    assert process.returncode == 0, "".join(seen[-30:])
    return False


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
