"""Chroma: a chunk collection (through langchain-chroma) and a sentence collection per recipe.

The collection name encodes the embedder and the chunking, so an index is never queried with
vectors from another embedder. Every chunk carries only what search filters on (paper id,
venue, file); the paper's own fields (title, authors, url, abstract, ...) are stored once, on
its chunk 0, so the store alone can rebuild every Paper. Stores written when every chunk
carried them all read the same: only chunk 0 is read for a paper.
"""

from __future__ import annotations

import logging
import re
import threading
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any, TypeVar

import numpy as np

from index.chroma import (
    GET_PAGE,
    STORE_PREFIX,
    StoreLocation,
    batches,
    get_all,
    open_client,
    reopen_embedded,
    store_errors,
    written_elsewhere,
)
from index.chunking import Chunk
from index.embeddings import Embedder, MultilingualEmbedder, make_multilingual
from paperwise.errors import StoreError
from paperwise.settings import ChunkingSettings, Settings
from paperwise.types import Paper, PaperSentences, SentenceBank

log = logging.getLogger(__name__)
_T = TypeVar("_T")

_COSINE = {"hnsw": {"space": "cosine"}}
# Sentence vectors are only ever fetched by paper, never searched: a minimal graph makes
# writing them 2.5x faster (measured), and writes are most of the store's indexing time.
_FETCH_ONLY = {"hnsw": {"space": "cosine", "ef_construction": 10, "max_neighbors": 4}}
_STAMP_KEY = "paperwise_stamp"
_PAPER_FIELDS = ("title", "source", "position", "venue", "url", "year", "external_id")
# On every chunk: Chroma's where filters (rag/retrieve.py: venue, source; paper_id for
# deletes, sentence fetches and narrowed searches). Everything else is on chunk 0 only: a
# 300 KB title copied into every chunk made a 2.0 GB index (issue 18).
_CHUNK_FIELDS = ("paper_id", "venue", "source", "chunk_index")


def collection_name(embedder: Embedder, chunking: ChunkingSettings) -> str:
    raw = f"{STORE_PREFIX}{embedder.embedder_id}-t{chunking.size_tokens}o{chunking.overlap_tokens}"
    return re.sub(r"[^a-zA-Z0-9._-]", "-", raw)[:60]


@dataclass(frozen=True)
class StoredPaper:
    """What the store holds of one paper, for incremental builds."""

    paper_id: str
    source: str
    position: int
    title: str
    venue: str
    complete: bool  # every chunk and sentence vector is in: the paper is answerable
    multilingual: bool  # its multilingual vector is in (or the index keeps none)


@dataclass(frozen=True)
class ChunkHit:
    chunk_id: str
    paper_id: str
    text: str
    similarity: float


@dataclass
class PaperVectors:
    """One paper ready to store: its chunks and sentences with their vectors."""

    paper: Paper
    chunks: list[Chunk]
    chunk_vectors: np.ndarray
    sentences: list[str]
    sentence_vectors: np.ndarray


def _paper_metadata(paper: Paper) -> dict[str, Any]:
    values = {f: getattr(paper, f) for f in _PAPER_FIELDS}
    values["authors"] = "; ".join(paper.authors)
    return {k: v for k, v in values.items() if v not in (None, "")}


class PaperStore:
    """Papers as chunk and sentence vectors in Chroma, and (optionally) one multilingual
    vector per paper, which may be written later than the English ones."""

    def __init__(self, client: Any, embedder: Embedder, chunking: ChunkingSettings,
                 location: StoreLocation, multilingual: MultilingualEmbedder | None = None,
                 name: str | None = None) -> None:
        self.client = client
        self.embedder = embedder
        self.multilingual = multilingual
        self.location = location
        self.page = GET_PAGE  # records per read; tests make it small to exercise paging
        # Another name only for a rebuild on a Chroma server (index/build.py), swapped in after.
        self.name = name or collection_name(embedder, chunking)
        self._reopening = threading.Lock()
        self._open(client)

    def _open(self, client: Any) -> None:
        self.client = client
        with store_errors(self.location):
            self.chunks = client.get_or_create_collection(self.name, configuration=_COSINE)
            self.sentences = client.get_or_create_collection(
                f"{self.name}-s", configuration=_FETCH_ONLY
            )
            # One multilingual vector per paper, id = paper id.
            self.papers_ml = (client.get_or_create_collection(
                f"{self.name}-{self.multilingual.embedder_id}", configuration=_COSINE)
                if self.multilingual else None)

    def _read(self, call: Callable[[], _T]) -> _T:
        """A read of vectors. When another process wrote this embedded index meanwhile (which
        `paperwise serve` prevents by owning it: index/owner.py), the client is reopened once
        and the read retried, instead of failing until a restart."""
        client = self.client
        try:
            with store_errors(self.location):
                return call()
        except StoreError as exc:
            if not written_elsewhere(exc, self.location):
                raise
            with self._reopening:  # once, for every read that failed on the old client
                if self.client is client:
                    log.warning("The index (%s) was written by another process: reopening "
                                "it.", self.location)
                    self._open(reopen_embedded(client, self.location))
            with store_errors(self.location):
                return call()

    @cached_property
    def langchain(self) -> Any:
        """The chunk collection as a LangChain vector store (langchain-chroma), for LangChain
        users and the bench's baseline; Paperwise itself queries the collection directly."""
        from langchain_chroma import Chroma

        return Chroma(client=self.client, collection_name=self.name,
                      embedding_function=self.embedder.as_langchain())

    # -- versioning: a stamp that changes whenever the content does, for caches ----------------
    def stamp(self) -> str:
        with store_errors(self.location):
            metadata = self.client.get_collection(self.name).metadata or {}
        return str(metadata.get(_STAMP_KEY, "")) + f"/{self.chunks.count()}"

    def touch(self) -> None:
        with store_errors(self.location):
            self.chunks.modify(metadata={_STAMP_KEY: uuid.uuid4().hex})

    # -- reading --------------------------------------------------------------------------------
    def count(self) -> int:
        with store_errors(self.location):
            return int(self.chunks.count())

    def stored_papers(self) -> dict[str, StoredPaper]:
        with store_errors(self.location):
            chunk_meta = get_all(self.chunks, ["metadatas"], page=self.page)["metadatas"]
            sentence_ids = get_all(self.sentences, [], page=self.page)["ids"]
            ml_ids = (set(get_all(self.papers_ml, [], page=self.page)["ids"])
                      if self.papers_ml is not None else None)
        chunks_seen = Counter(m["paper_id"] for m in chunk_meta)
        sentences_seen = Counter(i.rsplit(":", 1)[0] for i in sentence_ids)
        papers: dict[str, StoredPaper] = {}
        for meta in chunk_meta:
            pid = meta["paper_id"]
            multilingual = ml_ids is None or pid in ml_ids
            if meta["chunk_index"] == 0:  # the paper's fields and counts are on its chunk 0
                complete = (chunks_seen[pid] == meta["n_chunks"]
                            and sentences_seen[pid] == meta["n_sentences"])
                papers[pid] = StoredPaper(pid, meta["source"], int(meta["position"]),
                                          meta.get("title", ""), meta.get("venue", ""),
                                          complete, multilingual)
            else:  # without its chunk 0 (an interrupted write) a paper is incomplete
                papers.setdefault(pid, StoredPaper(pid, meta["source"], -1, "",
                                                   meta.get("venue", ""), False, multilingual))
        return papers

    def multilingual_count(self) -> int:
        """Papers with a multilingual vector (0 when the index keeps none)."""
        if self.papers_ml is None:
            return 0
        with store_errors(self.location):
            return int(self.papers_ml.count())

    def papers(self) -> list[Paper]:
        with store_errors(self.location):
            got = get_all(self.chunks, ["metadatas"], {"chunk_index": 0}, self.page)
        papers = [_paper_from_metadata(m) for m in got["metadatas"]]
        return sorted(papers, key=lambda p: (p.source, p.position))

    def all_chunks(self) -> tuple[list[str], list[str], list[str], list[Paper]]:
        """(chunk ids, texts, paper ids) of the whole collection, and its papers: one read."""
        with store_errors(self.location):
            got = get_all(self.chunks, ["documents", "metadatas"], page=self.page)
        papers = [_paper_from_metadata(m) for m in got["metadatas"] if m["chunk_index"] == 0]
        return (got["ids"], got["documents"], [m["paper_id"] for m in got["metadatas"]],
                papers)

    def query(self, vector: np.ndarray, n: int, where: dict | None = None
              ) -> list[tuple[str, float]]:
        """(chunk id, cosine similarity), best first. Texts are not fetched: that costs more
        than the search itself, and callers keep them cached."""
        return self._nearest(lambda: self.chunks, vector, n, where)

    def query_multilingual(self, vector: np.ndarray, n: int, where: dict | None = None
                           ) -> list[tuple[str, float]]:
        """(paper id, cosine similarity) from the multilingual paper vectors, best first."""
        if self.papers_ml is None:
            return []
        return self._nearest(lambda: self.papers_ml, vector, n, where)

    def _nearest(self, collection: Callable[[], Any], vector: np.ndarray, n: int,
                 where: dict | None) -> list[tuple[str, float]]:
        """The collection is not counted first: Chroma 1.x caps n_results at what the
        collection (or the where filter) holds, empty included, embedded and served alike,
        and a count cost more than the search (1.8 ms a call at 10k chunks, measured)."""
        # The float32 array as it is: a list of Python floats costs Chroma a conversion.
        got = self._read(lambda: collection().query(
            query_embeddings=vector[np.newaxis], n_results=n, where=where or None,
            include=["distances"]))
        return [(found_id, 1.0 - float(d))
                for found_id, d in zip(got["ids"][0], got["distances"][0], strict=True)]

    def sentence_bank(self, paper_ids: list[str]) -> SentenceBank:
        """Each paper's sentences, in order, with their vectors."""
        if not paper_ids:
            return SentenceBank()
        got = self._read(lambda: self.sentences.get(
            where={"paper_id": {"$in": paper_ids}},
            include=["documents", "metadatas", "embeddings"]))
        rows: dict[str, list[tuple[int, str, Any]]] = {}
        for doc, meta, vec in zip(got["documents"], got["metadatas"], got["embeddings"],
                                  strict=True):
            rows.setdefault(meta["paper_id"], []).append((int(meta["index"]), doc, vec))
        bank = SentenceBank()
        for pid, items in rows.items():
            items.sort(key=lambda r: r[0])
            bank.papers[pid] = PaperSentences([r[1] for r in items],
                                              np.asarray([r[2] for r in items], np.float32))
        return bank

    # -- writing --------------------------------------------------------------------------------
    def upsert_multilingual(self, papers: list[Paper], vectors: np.ndarray) -> None:
        """The multilingual paper vectors, written after the papers' English vectors."""
        if self.papers_ml is None or not papers:
            return
        with store_errors(self.location):
            self.papers_ml.upsert(
                ids=[p.id for p in papers], embeddings=vectors,
                metadatas=[{"venue": p.venue, "source": p.source} for p in papers])

    def upsert_papers(self, items: list[PaperVectors]) -> None:
        """Sentences of the whole batch first, chunks last: a paper counts as stored only once
        all its chunks are in. One call per collection per batch: against a Chroma server each
        call is a round-trip."""
        if not items:
            return
        with store_errors(self.location):
            if any(i.sentences for i in items):
                self.sentences.upsert(
                    ids=[f"{i.paper.id}:{n}" for i in items for n in range(len(i.sentences))],
                    documents=[s for i in items for s in i.sentences],
                    embeddings=np.concatenate([i.sentence_vectors for i in items if i.sentences]),
                    metadatas=[{"paper_id": i.paper.id, "index": n}
                               for i in items for n in range(len(i.sentences))],
                )
            self.chunks.upsert(
                ids=[c.id for i in items for c in i.chunks],
                documents=[c.text for i in items for c in i.chunks],
                embeddings=np.concatenate([i.chunk_vectors for i in items]),
                metadatas=[m for i in items for m in _chunk_metadatas(i)],
            )

    def update_paper_metadata(self, paper: Paper) -> None:
        """New file name or position for a stored paper: no re-embedding."""
        with store_errors(self.location):
            got = self.chunks.get(where={"paper_id": paper.id}, include=["metadatas"])
            fields = _paper_metadata(paper)
            filtered = {k: v for k, v in fields.items() if k in _CHUNK_FIELDS}
            metadatas = [{**m, **(fields if m["chunk_index"] == 0 else filtered)}
                         for m in got["metadatas"]]
            self.chunks.update(ids=got["ids"], metadatas=metadatas)

    def delete_papers(self, paper_ids: list[str]) -> None:
        if not paper_ids:
            return
        with store_errors(self.location):
            for batch in batches(paper_ids, self.page):
                self.chunks.delete(where={"paper_id": {"$in": batch}})
                self.sentences.delete(where={"paper_id": {"$in": batch}})
                if self.papers_ml is not None:
                    self.papers_ml.delete(ids=batch)

    def delete_orphans(self) -> int:
        """Sentences and multilingual vectors left by a paper whose chunks never landed (an
        interrupted build of a paper that is gone since)."""
        with store_errors(self.location):
            chunk_meta = get_all(self.chunks, ["metadatas"], page=self.page)["metadatas"]
            chunk_papers = {m["paper_id"] for m in chunk_meta}
            ids = get_all(self.sentences, [], page=self.page)["ids"]
            orphans = sorted({i.rsplit(":", 1)[0] for i in ids} - chunk_papers)
            for batch in batches(orphans, self.page):
                self.sentences.delete(where={"paper_id": {"$in": batch}})
            if self.papers_ml is not None:
                ml_ids = get_all(self.papers_ml, [], page=self.page)["ids"]
                ml_orphans = sorted(set(ml_ids) - chunk_papers)
                for batch in batches(ml_orphans, self.page):
                    self.papers_ml.delete(ids=batch)
                orphans += ml_orphans
        return len(orphans)


def _chunk_metadatas(item: PaperVectors) -> list[dict[str, Any]]:
    """Per chunk, what search filters on; on chunk 0 also the paper, its abstract and how many
    chunks and sentences make it complete."""
    paper = item.paper
    fields = _paper_metadata(paper)
    shared = {"paper_id": paper.id, **{k: v for k, v in fields.items() if k in _CHUNK_FIELDS}}
    metadatas = [{**shared, "chunk_index": c.index} for c in item.chunks]
    metadatas[0].update(fields, abstract=paper.abstract, n_chunks=len(item.chunks),
                        n_sentences=len(item.sentences))
    return metadatas


def _paper_from_metadata(meta: dict[str, Any]) -> Paper:
    authors = [a for a in str(meta.get("authors", "")).split("; ") if a]
    return Paper(
        id=meta["paper_id"], title=meta.get("title", ""), source=meta["source"],
        position=int(meta["position"]), venue=meta.get("venue", ""),
        abstract=meta.get("abstract", ""), authors=authors, year=meta.get("year"),
        url=meta.get("url"), external_id=meta.get("external_id"),
    )


def make_store(settings: Settings, embedder: Embedder,
               multilingual: MultilingualEmbedder | None = None) -> PaperStore:
    """The one place a store is opened."""
    client, location = open_client(settings)
    multilingual = multilingual or make_multilingual(settings)
    log.info("Index: %s", location)
    return PaperStore(client, embedder, settings.chunking, location, multilingual)
