"""Odd inputs against a real embedded Chroma: a file name that is not UTF-8 and a 300 KB
single-token abstract index like any other file, the abstract limit setting reaches the build,
a store error names its cause and suggests `--rebuild` only for a damaged index, and a rebuild
that fails (bad input, or a failure half-way) leaves the old index in place."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from index.build import build_index, rebuild_index
from index.chroma import integrity_failed, store_errors
from index.embeddings import MiniLMEmbeddings
from index.store import make_store
from paperwise.errors import InputError, StoreError
from paperwise.settings import Settings
from tests.conftest import FailingEmbedder

CORPUS = ("ICLR 2025 papers\n\n"
          "We introduce FB-CPR, which regularizes zero-shot reinforcement learning.\n\n"
          "Graph neural networks struggle with long-range dependencies in large graphs.\n\n"
          "We present AIR-BENCH 2024, a safety benchmark with 314 risk categories.\n")


def _folder(root: Path, name: str = "papers") -> Path:
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "good.txt").write_text(CORPUS, encoding="utf-8")
    return folder


@pytest.fixture
def small(settings_factory: Callable[..., Settings], tmp_path: Path) -> Settings:
    return settings_factory(data_dir=_folder(tmp_path), embedding={"multilingual": False})


def _folder_mb(folder: Path) -> float:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 1e6


def test_a_file_name_that_is_not_utf8_indexes_under_a_safe_name(
        small: Settings, embedder: MiniLMEmbeddings, caplog: pytest.LogCaptureFixture) -> None:
    fd = os.open(os.fsencode(small.data_dir) + b"/caf\xe9-\xff.txt", os.O_WRONLY | os.O_CREAT)
    os.write(fd, b"ICLR 2025 papers\n\nDiffusion planners trained on offline data steer robots "
                 b"through cluttered scenes.\n")
    os.close(fd)
    store = make_store(small, embedder)
    summary = build_index(small, embedder=embedder, store=store)
    assert summary.added == 4 and not summary.skipped, summary.line
    assert summary.line.startswith("4 papers: 4 added, 0 updated, 0 unchanged, 0 removed")
    assert {p.source for p in store.papers()} == {"good.txt", "caf\ufffd-\ufffd.txt"}
    assert any("caf\ufffd-\ufffd.txt: the file name is not valid UTF-8" in r.getMessage()
               for r in caplog.records)  # the warning names the file
    for collection in store.client.list_collections():  # whatever collections the store has
        stored = collection.get(include=["metadatas", "documents"])
        for text in [*stored["ids"], *map(str, stored["metadatas"] or []),
                     *map(str, stored["documents"] or [])]:
            text.encode("utf-8")  # no lone surrogate in any id, metadata or document
    again = build_index(small, embedder=embedder, store=store)  # it is the same file next time
    assert (again.added, again.unchanged, again.removed) == (0, 4, 0)


def test_a_300_kb_single_token_abstract_gives_a_small_index_quickly(
        small: Settings, embedder: MiniLMEmbeddings) -> None:
    (small.data_dir / "token.jsonl").write_text(json.dumps({"abstract": "q" * 300_000}) + "\n",
                                                encoding="utf-8")
    store = make_store(small, embedder)
    started = time.perf_counter()
    assert build_index(small, embedder=embedder, store=store).added == 4
    took = time.perf_counter() - started
    [paper] = [p for p in store.papers() if p.source == "token.jsonl"]
    assert len(paper.title) <= 200 and len(paper.abstract) <= small.max_abstract_chars
    size = _folder_mb(small.chroma.path)
    assert size < 30, f"{size:.1f} MB"  # was 2.0 GB: the title copied into every chunk
    assert took < 60, f"{took:.0f} s"


def test_the_abstract_limit_setting_reaches_the_build(
        settings_factory: Callable[..., Settings], tmp_path: Path,
        embedder: MiniLMEmbeddings) -> None:
    folder = _folder(tmp_path)
    (folder / "long.txt").write_text("ICLR 2025 papers\n\n" + "Tokens route compute. " * 200,
                                     encoding="utf-8")
    settings = settings_factory(data_dir=folder, embedding={"multilingual": False},
                                max_abstract_chars=500)
    store = make_store(settings, embedder)
    summary = build_index(settings, embedder=embedder, store=store)
    assert summary.added == 4 and max(len(p.abstract) for p in store.papers()) <= 500


def test_a_store_error_on_a_healthy_index_names_its_cause_without_rebuild_advice(
        small: Settings, embedder: MiniLMEmbeddings) -> None:
    store = make_store(small, embedder)
    build_index(small, embedder=embedder, store=store)
    with pytest.raises(StoreError) as caught, store_errors(store.location):
        store.chunks.upsert(ids=["x"], documents=["d"], embeddings=[np.zeros(384).tolist()],
                            metadatas=[{"bad": {"nested": 1}}])  # type: ignore[dict-item]
    assert "--rebuild" not in str(caught.value) and str(small.chroma.path) in str(caught.value)
    assert not integrity_failed(small.chroma.path)


def test_a_damaged_database_fails_the_integrity_check(tmp_path: Path) -> None:
    (tmp_path / "chroma.sqlite3").write_bytes(b"not a database " * 1000)
    assert integrity_failed(tmp_path)
    assert not integrity_failed(tmp_path / "missing")


def _state(settings: Settings, embedder: MiniLMEmbeddings) -> set[tuple[str, str]]:
    return {(p.id, p.source) for p in make_store(settings, embedder).papers()}


def test_a_rebuild_with_bad_input_leaves_the_old_index_untouched(
        small: Settings, embedder: MiniLMEmbeddings, tmp_path: Path) -> None:
    build_index(small, embedder=embedder, store=make_store(small, embedder))
    before = _state(small, embedder)
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "blank.txt").write_text("", encoding="utf-8")
    with pytest.raises(InputError):
        rebuild_index(small, [empty], embedder=embedder)
    assert _state(small, embedder) == before
    assert sorted(p.name for p in small.chroma.path.parent.iterdir()) == ["chroma", "empty",
                                                                          "papers"]


def test_a_rebuild_that_fails_half_way_leaves_the_old_index_in_place(
        small: Settings, embedder: MiniLMEmbeddings) -> None:
    build_index(small, embedder=embedder, store=make_store(small, embedder))
    before = _state(small, embedder)
    with pytest.raises(RuntimeError, match="half-way"):
        rebuild_index(small, embedder=FailingEmbedder())
    assert _state(small, embedder) == before
    assert not list(small.chroma.path.parent.glob("chroma.*"))  # no partial index left behind


def test_a_rebuild_that_succeeds_swaps_the_new_index_in(
        small: Settings, embedder: MiniLMEmbeddings) -> None:
    build_index(small, embedder=embedder, store=make_store(small, embedder))
    summary, moved = rebuild_index(small, embedder=embedder)
    assert summary.added == 3 and moved is not None and moved.name.startswith("chroma.")
    assert len(_state(small, embedder)) == 3
    assert (moved / "chroma.sqlite3").is_file()  # the old one is kept, renamed
