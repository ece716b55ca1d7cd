"""The index against a real embedded Chroma and a real `chroma run` server."""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from eval import servers
from index.build import build_index
from index.embeddings import MiniLMEmbeddings
from index.store import PaperStore, make_store
from paperwise.errors import InputError, StoreError
from paperwise.settings import Settings
from tests.conftest import SEEDS, cli_env, free_port

SEED_FILES = sorted(SEEDS.glob("*.txt"))


def copy_seeds(folder: Path, files: list[Path]) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for f in files:
        shutil.copy(f, folder / f.name)
    return folder


def contents(store: PaperStore) -> tuple[set[str], set[str], set[str]]:
    """Ids of every chunk, sentence and multilingual paper vector in the store."""
    ml = set(store.papers_ml.get(include=[])["ids"]) if store.papers_ml is not None else set()
    return (set(store.chunks.get(include=[])["ids"]),
            set(store.sentences.get(include=[])["ids"]), ml)


@pytest.fixture
def one_file_index(tmp_path: Path, settings_factory: Callable[..., Settings],
                   embedder: MiniLMEmbeddings) -> tuple[Path, Settings, PaperStore]:
    """The first seed file (19 papers), copied to a folder and indexed."""
    data = copy_seeds(tmp_path / "papers", SEED_FILES[:1])
    settings = settings_factory(data_dir=data)
    store = make_store(settings, embedder)
    assert build_index(settings, embedder=embedder, store=store).added == 19
    return data, settings, store


def test_seed_index_reports_94_and_then_94_unchanged(seed_qa, seed_settings: Settings) -> None:
    again = build_index(seed_settings, embedder=seed_qa.embedder, store=seed_qa.store)
    assert (again.papers, again.unchanged, again.added, again.removed) == (94, 94, 0, 0)
    papers = seed_qa.papers()
    assert len(papers) == 94 and all(p.title and p.source and p.position for p in papers)


def test_incremental_new_file_changed_abstract_and_prune(
        one_file_index: tuple[Path, Settings, PaperStore], embedder: MiniLMEmbeddings) -> None:
    data, settings, store = one_file_index
    copy_seeds(data, SEED_FILES[1:2])
    second = build_index(settings, embedder=embedder, store=store)
    assert (second.added, second.unchanged) == (19, 19)

    # Change one abstract: its old chunks go, the new ones come, nothing else is re-embedded.
    path = data / SEED_FILES[0].name
    text = path.read_text()
    path.write_text(text.replace("humanoid control problem", "quadruped control problem"))
    third = build_index(settings, embedder=embedder, store=store)
    assert (third.added, third.removed, third.unchanged) == (1, 1, 37)
    assert any("quadruped" in p.abstract for p in store.papers())
    assert not any("humanoid control problem" in p.abstract for p in store.papers())

    # A file that is gone stays indexed until --prune.
    (data / SEED_FILES[1].name).unlink()
    assert build_index(settings, embedder=embedder, store=store).removed == 0
    pruned = build_index(settings, embedder=embedder, store=store, prune=True)
    assert pruned.removed == 19 and len(store.papers()) == 19
    chunk_ids, sentence_ids, ml_ids = contents(store)
    assert {i.split(":")[0] for i in chunk_ids} == {i.split(":")[0] for i in sentence_ids}
    assert {i.split(":")[0] for i in chunk_ids} == ml_ids


def test_moving_a_paper_updates_metadata_without_re_embedding(
        one_file_index: tuple[Path, Settings, PaperStore], embedder: MiniLMEmbeddings) -> None:
    data, settings, store = one_file_index
    (data / SEED_FILES[0].name).rename(data / "renamed.txt")
    moved = build_index(settings, embedder=embedder, store=store, prune=True)
    assert (moved.added, moved.updated, moved.removed) == (0, 19, 0)
    assert {p.source for p in store.papers()} == {"renamed.txt"}


def test_a_bad_file_loses_nothing_already_indexed(
        one_file_index: tuple[Path, Settings, PaperStore], embedder: MiniLMEmbeddings) -> None:
    data, settings, store = one_file_index
    before = contents(store)
    (data / SEED_FILES[0].name).write_bytes(b"\xff\xfe\x00garbage")
    (data / "extra.jsonl").write_text("{broken\n")
    with pytest.raises(InputError, match="nothing usable"):
        build_index(settings, embedder=embedder, store=store, prune=True)
    assert contents(store) == before


def test_kill_during_index_then_rerun_gives_the_uninterrupted_index(
        tmp_path: Path, settings_factory: Callable[..., Settings], seed_qa) -> None:
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
            store = store or make_store(settings, seed_qa.embedder)
            if 0 < store.count() < 150:
                break
    assert process.poll() is None, "index finished before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait()
    rerun = subprocess.run(command, env=cli_env(settings), cwd=tmp_path, capture_output=True,
                           text=True, timeout=600)
    assert rerun.returncode == 0, rerun.stderr
    assert "94 papers" in rerun.stdout
    assert contents(make_store(settings, seed_qa.embedder)) == contents(seed_qa.store)


@pytest.fixture(scope="module")
def chroma_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    with servers.chroma_server(tmp_path_factory.mktemp("chroma-server")) as (_, port):
        yield "127.0.0.1", port


@pytest.mark.slow
def test_index_on_a_chroma_server(chroma_server: tuple[str, int], tmp_path: Path,
                                  settings_factory: Callable[..., Settings],
                                  embedder: MiniLMEmbeddings) -> None:
    host, port = chroma_server
    data = copy_seeds(tmp_path / "papers", SEED_FILES[:2])
    settings = settings_factory(data_dir=data, chroma={"host": host, "port": port})
    store = make_store(settings, embedder)
    assert store.location.kind == "server"
    assert build_index(settings, embedder=embedder, store=store).added == 38
    assert build_index(settings, embedder=embedder, store=store).unchanged == 38
    (data / SEED_FILES[1].name).unlink()
    assert build_index(settings, embedder=embedder, store=store, prune=True).removed == 19
    from rag import PaperQA

    answer = PaperQA(settings, embedder=embedder, store=store).ask("What does FB-CPR regularize?")
    assert answer.answerable and answer.citations[0].paper.title == "FB-CPR"


def test_an_unreachable_chroma_server_is_a_clear_error(
        settings_factory: Callable[..., Settings], embedder: MiniLMEmbeddings) -> None:
    settings = settings_factory(chroma={"host": "127.0.0.1", "port": free_port()})
    with pytest.raises(StoreError, match=r"Chroma \(server 127.0.0.1"):
        make_store(settings, embedder)


def test_reads_and_deletes_go_in_pages(one_file_index: tuple[Path, Settings, PaperStore],
                                       embedder: MiniLMEmbeddings) -> None:
    """At 100k chunks one Chroma read fails ("too many SQL variables"): a small page size
    makes the paging run here, and it must see exactly what one big read sees."""
    _, settings, store = one_file_index
    whole = (store.stored_papers(), store.all_chunks(), store.papers())
    store.page = 7
    assert (store.stored_papers(), store.all_chunks(), store.papers()) == whole
    assert len(whole[1][0]) == store.count() > 7 * 3
    assert build_index(settings, embedder=embedder, store=store).unchanged == 19
    doomed = sorted(whole[0])[:9]
    store.delete_papers(doomed)
    assert set(store.stored_papers()) == set(whole[0]) - set(doomed)
    assert not {i.rsplit(":", 1)[0] for i in store.sentences.get(include=[])["ids"]} & set(doomed)
