"""What each chunk stores in a real embedded Chroma: only what search filters on (paper id,
venue, file), with the paper's own fields (title, authors, url, abstract, ...) once, on its
chunk 0; venue and file filters still work; an index written when every chunk carried every
field (before issue 18) reads, updates and rebuilds incrementally as before."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import index.store
from index.build import build_index
from index.embeddings import MiniLMEmbeddings
from index.store import PaperVectors, make_store
from paperwise.settings import Settings

_ABSTRACT = ("Sparse mixtures of experts route each token to a few expert networks. " * 12
             + "We show that routing collapse is avoided by a balancing loss.")
_RECORDS = [
    {"title": f"Routing experts, part {n}", "abstract": f"{_ABSTRACT} Variant {n}.",
     "authors": ["Ada Lovelace", "Alan Turing"], "venue": venue, "year": 2024 + n % 2,
     "url": f"https://example.org/{n}", "id": f"ext-{n}"}
    for n, venue in enumerate(["ICLR 2025", "NeurIPS 2024", "ICLR 2025"])]
_PAPER_ONLY = {"title", "authors", "url", "year", "external_id", "abstract", "position"}


@pytest.fixture
def settings(settings_factory: Callable[..., Settings], tmp_path: Path) -> Settings:
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "routing.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in _RECORDS), encoding="utf-8")
    return settings_factory(data_dir=folder, embedding={"multilingual": False})


def _metadatas(settings: Settings, embedder: MiniLMEmbeddings) -> list[dict[str, Any]]:
    return list(make_store(settings, embedder).chunks.get(include=["metadatas"])["metadatas"])


def test_paper_fields_are_stored_once_on_chunk_0(settings: Settings,
                                                 embedder: MiniLMEmbeddings) -> None:
    store = make_store(settings, embedder)
    build_index(settings, embedder=embedder, store=store)
    metadatas = _metadatas(settings, embedder)
    later = [m for m in metadatas if m["chunk_index"] > 0]
    assert later, "the test needs papers of several chunks"
    for meta in later:
        assert not _PAPER_ONLY & set(meta), meta
        assert {"paper_id", "venue", "source"} <= set(meta)
    firsts = [m for m in metadatas if m["chunk_index"] == 0]
    assert len(firsts) == 3 and all(set(m) >= _PAPER_ONLY for m in firsts)
    papers = {p.external_id: p for p in store.papers()}
    assert papers["ext-1"].authors == ["Ada Lovelace", "Alan Turing"]
    assert (papers["ext-1"].url, papers["ext-1"].year) == ("https://example.org/1", 2025)
    assert papers["ext-1"].abstract.endswith("Variant 1.")


def test_venue_and_file_filters_reach_every_chunk(settings: Settings,
                                                  embedder: MiniLMEmbeddings) -> None:
    store = make_store(settings, embedder)
    build_index(settings, embedder=embedder, store=store)
    vector = embedder.embed(["routing collapse balancing loss"])[0].astype(np.float32)
    iclr = store.query(vector, 50, {"venue": "ICLR 2025"})
    neurips = store.query(vector, 50, {"$and": [{"venue": "NeurIPS 2024"},
                                                 {"source": "routing.jsonl"}]})
    chunks_of = {m["paper_id"]: 0 for m in _metadatas(settings, embedder)}
    for meta in _metadatas(settings, embedder):
        chunks_of[meta["paper_id"]] += 1
    by_venue = {p.id: p.venue for p in store.papers()}
    assert len(iclr) == sum(n for pid, n in chunks_of.items() if by_venue[pid] == "ICLR 2025")
    assert len(neurips) == sum(chunks_of.values()) - len(iclr)
    assert any(not cid.endswith(":0") for cid, _ in iclr)  # later chunks match the filter too


def _old_chunk_metadatas(item: PaperVectors) -> list[dict[str, Any]]:
    """The layout before issue 18: every field of the paper on every chunk."""
    paper = item.paper
    base = {**index.store._paper_metadata(paper), "paper_id": paper.id,
            "n_chunks": len(item.chunks), "n_sentences": len(item.sentences)}
    metadatas = [{**base, "chunk_index": c.index} for c in item.chunks]
    metadatas[0]["abstract"] = paper.abstract
    return metadatas


def test_an_index_with_every_field_on_every_chunk_still_reads_and_updates(
        settings: Settings, embedder: MiniLMEmbeddings, monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as old:
        old.setattr(index.store, "_chunk_metadatas", _old_chunk_metadatas)
        build_index(settings, embedder=embedder, store=make_store(settings, embedder))
    assert any("title" in m for m in _metadatas(settings, embedder) if m["chunk_index"] > 0)
    store = make_store(settings, embedder)
    assert {p.title for p in store.papers()} == {r["title"] for r in _RECORDS}
    again = build_index(settings, embedder=embedder, store=store)
    assert (again.added, again.updated, again.unchanged) == (0, 0, 3), again.line
    records = [{**r, "title": f"{r['title']} (revised)"} for r in _RECORDS]
    (settings.data_dir / "routing.jsonl").write_text(
        "".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    renamed = build_index(settings, embedder=embedder, store=store)
    assert (renamed.added, renamed.updated) == (0, 3), renamed.line
    assert all(p.title.endswith("(revised)") for p in store.papers())
