"""The index against a real embedded Chroma: idempotent, incremental, pruned, never losing what
is stored, reading in pages. Each test changes its own copy of a session-built index. (kill -9
during indexing and a `chroma run` server: e2e/test_index_processes.py.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from index.build import build_index
from index.embeddings import MiniLMEmbeddings
from index.store import PaperStore, make_store
from paperwise.errors import InputError, StoreError
from paperwise.settings import Settings
from rag import PaperQA
from tests.conftest import SEED_FILES, copy_index, copy_seeds, free_port, index_contents


@pytest.fixture
def one_file_index(one_file_template: Settings, tmp_path: Path,
                   open_qa: Callable[..., PaperQA]) -> tuple[Path, Settings, PaperStore]:
    """This test's copy of the first seed file (19 papers) and of its index."""
    data = copy_seeds(tmp_path / "papers", SEED_FILES[:1])
    settings = copy_index(one_file_template, tmp_path, data_dir=data)
    return data, settings, open_qa(settings).store


def test_seed_index_reports_94_and_then_94_unchanged(seed_copy: PaperQA) -> None:
    again = build_index(seed_copy.settings, embedder=seed_copy.embedder, store=seed_copy.store)
    assert (again.papers, again.unchanged, again.added, again.removed) == (94, 94, 0, 0)
    papers = seed_copy.papers()
    assert len(papers) == 94 and all(p.title and p.source and p.position for p in papers)


def test_a_copied_index_holds_what_the_original_does(seed_qa: PaperQA,
                                                     seed_copy: PaperQA) -> None:
    """What every copy-based test relies on: a copy of the folder is the same index."""
    assert index_contents(seed_copy.store) == index_contents(seed_qa.store)
    question = "How many risk categories does AIR-BENCH 2024 have?"
    assert seed_copy.ask(question).text == seed_qa.ask(question).text


def test_incremental_new_file_changed_abstract_and_prune(
        one_file_index: tuple[Path, Settings, PaperStore], embedder: MiniLMEmbeddings) -> None:
    data, settings, store = one_file_index
    # A new file: the first three papers of the second seed file (all 19 would only take longer).
    header, *abstracts = SEED_FILES[1].read_text(encoding="utf-8").split("\n\n")
    new_file = data / SEED_FILES[1].name
    new_file.write_text("\n\n".join([header, *abstracts[:3]]) + "\n", encoding="utf-8")
    second = build_index(settings, embedder=embedder, store=store)
    assert (second.added, second.unchanged) == (3, 19)

    # Change one abstract: its old chunks go, the new ones come, nothing else is re-embedded.
    path = data / SEED_FILES[0].name
    text = path.read_text()
    path.write_text(text.replace("humanoid control problem", "quadruped control problem"))
    third = build_index(settings, embedder=embedder, store=store)
    assert (third.added, third.removed, third.unchanged) == (1, 1, 21)
    assert any("quadruped" in p.abstract for p in store.papers())
    assert not any("humanoid control problem" in p.abstract for p in store.papers())

    # A file that is gone stays indexed until --prune.
    new_file.unlink()
    assert build_index(settings, embedder=embedder, store=store).removed == 0
    pruned = build_index(settings, embedder=embedder, store=store, prune=True)
    assert pruned.removed == 3 and len(store.papers()) == 19
    chunk_ids, sentence_ids, ml_ids = index_contents(store)
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
    before = index_contents(store)
    (data / SEED_FILES[0].name).write_bytes(b"\xff\xfe\x00garbage")
    (data / "extra.jsonl").write_text("{broken\n")
    with pytest.raises(InputError, match="nothing usable"):
        build_index(settings, embedder=embedder, store=store, prune=True)
    assert index_contents(store) == before


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


def test_multilingual_vectors_can_come_later(one_file_index: tuple[Path, Settings, PaperStore],
                                             open_qa: Callable[..., PaperQA]) -> None:
    """`paperwise index --multilingual-later`: the English vectors make the papers answerable;
    a question not in English says the multilingual index is incomplete until
    `add_multilingual` (run by `paperwise serve` in the background) writes the same vectors a
    full build does, re-embedding nothing else."""
    _, settings, store = one_file_index
    assert store.papers_ml is not None
    full = store.papers_ml.get(include=["embeddings"])
    store.papers_ml.delete(ids=full["ids"])
    qa = open_qa(settings)
    summary = qa.index(multilingual=False)
    assert (summary.unchanged, summary.added, summary.multilingual_pending) == (19, 0, 19)
    assert all(p.complete and not p.multilingual for p in qa.store.stored_papers().values())
    english = qa.ask("What is the gap between STS and ICL in low-resource tasks?")
    assert not any("multilingual" in n for n in english.notices)
    chinese = qa.ask("低资源语言任务中，检索增强方法有什么效果？")
    assert any("19 papers to go" in n for n in chinese.notices), chinese.notices

    before = index_contents(qa.store)[:2]
    assert qa.add_multilingual() == 19 and qa.add_multilingual() == 0
    assert index_contents(qa.store)[:2] == before  # the English vectors were not rewritten
    again = qa.store.papers_ml.get(ids=full["ids"], include=["embeddings"])  # type: ignore[union-attr]
    assert again["ids"] == full["ids"]
    assert abs(again["embeddings"] - full["embeddings"]).max() < 1e-5
    chinese = qa.ask("低资源语言任务中，检索增强方法有什么效果？")
    assert not any("multilingual" in n for n in chinese.notices)
