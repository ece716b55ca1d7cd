"""Chroma: a chunk collection (through langchain-chroma) and a sentence collection per recipe.

The collection name encodes the embedder and the chunking, so an index is never queried with
vectors from another embedder. Chunk metadata carries the paper; chunk 0 also carries the
abstract, so the store alone can rebuild every Paper.
"""

from __future__ import annotations

import logging
import re
import time
import uuid
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from langchain_chroma import Chroma
from langchain_core.embeddings import Embeddings

from index.chunking import Chunk
from index.embeddings import MultilingualEmbedder, embedder_id, make_multilingual
from index.errors import StoreError
from index.papers import Paper
from index.settings import ChunkingSettings, Settings

log = logging.getLogger(__name__)

_COSINE = {"hnsw": {"space": "cosine"}}
# Sentence vectors are only ever fetched by paper, never searched: a minimal graph makes
# writing them 2.5x faster (measured), and writes are most of the store's indexing time.
_FETCH_ONLY = {"hnsw": {"space": "cosine", "ef_construction": 10, "max_neighbors": 4}}
# Chroma's sqlite fails with "too many SQL variables" reading ~100k records in one call (found
# by the bench at 100k chunks): reads go in pages, deletes in batches.
GET_PAGE = 10_000
_STAMP_KEY = "paperwise_stamp"
_PAPER_FIELDS = ("title", "source", "position", "venue", "url", "year", "external_id")


def collection_name(embedder: Embeddings, chunking: ChunkingSettings) -> str:
    raw = f"pw-{embedder_id(embedder)}-t{chunking.size_tokens}o{chunking.overlap_tokens}"
    return re.sub(r"[^a-zA-Z0-9._-]", "-", raw)[:60]


@dataclass(frozen=True)
class StoredPaper:
    """What the store holds of one paper, for incremental builds."""

    paper_id: str
    source: str
    position: int
    title: str
    venue: str
    complete: bool


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
    multilingual_vector: np.ndarray | None = None


_SERVER_HINT = ("Is the Chroma server running and reachable? Paperwise reconnects by itself "
                "once it is back.")
_EMBEDDED_HINT = ("If the index folder is damaged, `paperwise index --rebuild` sets it aside "
                  "and builds a new index from your paper files.")


@contextmanager
def _store_errors(where: str) -> Iterator[None]:
    """Turn client failures into StoreError naming the store and what to do."""
    try:
        yield
    except StoreError:
        raise
    except Exception as exc:  # chromadb raises many types; all mean the same to a user
        hint = _SERVER_HINT if where.startswith("server") else _EMBEDDED_HINT
        raise StoreError(f"Chroma ({where}) failed: {type(exc).__name__}: {exc}. {hint}"
                         ) from exc


def _get_all(collection: Any, include: list[str], where: dict | None = None,
             page: int = GET_PAGE) -> dict[str, list[Any]]:
    """collection.get, a page at a time: ids plus the included fields."""
    out: dict[str, list[Any]] = {"ids": [], **{field: [] for field in include}}
    offset = 0
    while True:
        got = collection.get(where=where, include=include, limit=page, offset=offset)
        for field in out:
            out[field].extend(got[field])
        if len(got["ids"]) < page:
            return out
        offset += page


def _paper_metadata(paper: Paper) -> dict[str, Any]:
    values = {f: getattr(paper, f) for f in _PAPER_FIELDS}
    values["authors"] = "; ".join(paper.authors)
    return {k: v for k, v in values.items() if v not in (None, "")}


class PaperStore:
    """Papers as chunk and sentence vectors in Chroma."""

    def __init__(self, client: Any, embedder: Embeddings, chunking: ChunkingSettings,
                 where: str = "embedded", multilingual: MultilingualEmbedder | None = None
                 ) -> None:
        self.client = client
        self.embedder = embedder
        self.multilingual = multilingual
        self.where = where
        self.page = GET_PAGE  # records per read; tests make it small to exercise paging
        self.name = collection_name(embedder, chunking)
        with _store_errors(where):
            self.vectorstore = Chroma(
                client=client,
                collection_name=self.name,
                embedding_function=embedder,
                collection_configuration=_COSINE,
            )
            self.sentences = client.get_or_create_collection(
                f"{self.name}-s", configuration=_FETCH_ONLY
            )
            # One multilingual vector per paper, id = paper id.
            self.papers_ml = (client.get_or_create_collection(
                f"{self.name}-{multilingual.embedder_id}", configuration=_COSINE)
                if multilingual else None)

    @property
    def chunks(self) -> Any:
        return self.vectorstore._collection

    # -- versioning: a stamp that changes whenever the content does, for caches ----------------
    def stamp(self) -> str:
        with _store_errors(self.where):
            metadata = self.client.get_collection(self.name).metadata or {}
        return str(metadata.get(_STAMP_KEY, "")) + f"/{self.chunks.count()}"

    def touch(self) -> None:
        with _store_errors(self.where):
            self.chunks.modify(metadata={_STAMP_KEY: uuid.uuid4().hex})

    # -- reading --------------------------------------------------------------------------------
    def count(self) -> int:
        with _store_errors(self.where):
            return int(self.chunks.count())

    def stored_papers(self) -> dict[str, StoredPaper]:
        with _store_errors(self.where):
            chunk_meta = _get_all(self.chunks, ["metadatas"], page=self.page)["metadatas"]
            sentence_ids = _get_all(self.sentences, [], page=self.page)["ids"]
            ml_ids = (set(_get_all(self.papers_ml, [], page=self.page)["ids"])
                      if self.papers_ml is not None else None)
        chunks_seen = Counter(m["paper_id"] for m in chunk_meta)
        sentences_seen = Counter(i.rsplit(":", 1)[0] for i in sentence_ids)
        papers: dict[str, StoredPaper] = {}
        for meta in chunk_meta:
            pid = meta["paper_id"]
            complete = (chunks_seen[pid] == meta["n_chunks"]
                        and sentences_seen[pid] == meta["n_sentences"]
                        and (ml_ids is None or pid in ml_ids))
            papers[pid] = StoredPaper(pid, meta["source"], int(meta["position"]),
                                      meta.get("title", ""), meta.get("venue", ""), complete)
        return papers

    def papers(self) -> list[Paper]:
        with _store_errors(self.where):
            got = _get_all(self.chunks, ["metadatas"], {"chunk_index": 0}, self.page)
        papers = [_paper_from_metadata(m) for m in got["metadatas"]]
        return sorted(papers, key=lambda p: (p.source, p.position))

    def all_chunks(self) -> tuple[list[str], list[str], list[str], list[Paper]]:
        """(chunk ids, texts, paper ids) of the whole collection, and its papers: one read."""
        with _store_errors(self.where):
            got = _get_all(self.chunks, ["documents", "metadatas"], page=self.page)
        papers = [_paper_from_metadata(m) for m in got["metadatas"] if m["chunk_index"] == 0]
        return (got["ids"], got["documents"], [m["paper_id"] for m in got["metadatas"]],
                papers)

    def query(self, vector: list[float], n: int, where: dict | None = None
              ) -> list[tuple[str, float]]:
        """(chunk id, cosine similarity), best first. Texts are not fetched: that costs more
        than the search itself, and callers keep them cached."""
        with _store_errors(self.where):
            total = self.chunks.count()
            if total == 0:
                return []
            got = self.chunks.query(query_embeddings=[vector], n_results=min(n, total),
                                    where=where or None, include=["distances"])
        return [(cid, 1.0 - float(d)) for cid, d in zip(got["ids"][0], got["distances"][0],
                                                        strict=True)]

    def query_multilingual(self, vector: np.ndarray, n: int, where: dict | None = None
                           ) -> list[tuple[str, float]]:
        """(paper id, cosine similarity) from the multilingual paper vectors, best first."""
        if self.papers_ml is None:
            return []
        with _store_errors(self.where):
            total = self.papers_ml.count()
            if total == 0:
                return []
            got = self.papers_ml.query(query_embeddings=[vector.tolist()],
                                       n_results=min(n, total), where=where or None,
                                       include=["distances"])
        return [(pid, 1.0 - float(d)) for pid, d in zip(got["ids"][0], got["distances"][0],
                                                        strict=True)]

    def sentence_vectors(self, paper_ids: list[str]) -> dict[str, tuple[list[str], np.ndarray]]:
        """Each paper's sentences, in order, with their vectors."""
        if not paper_ids:
            return {}
        with _store_errors(self.where):
            got = self.sentences.get(where={"paper_id": {"$in": paper_ids}},
                                     include=["documents", "metadatas", "embeddings"])
        rows: dict[str, list[tuple[int, str, Any]]] = {}
        for doc, meta, vec in zip(got["documents"], got["metadatas"], got["embeddings"],
                                  strict=True):
            rows.setdefault(meta["paper_id"], []).append((int(meta["index"]), doc, vec))
        out = {}
        for pid, items in rows.items():
            items.sort(key=lambda r: r[0])
            out[pid] = ([r[1] for r in items], np.asarray([r[2] for r in items], np.float32))
        return out

    # -- writing --------------------------------------------------------------------------------
    def upsert_papers(self, items: list[PaperVectors]) -> None:
        """Sentences (and multilingual vectors) of the whole batch first, chunks last: a paper
        counts as stored only once all its chunks are in. One call per collection per batch:
        against a Chroma server each call is a round-trip."""
        if not items:
            return
        with _store_errors(self.where):
            with_ml = [i for i in items if i.multilingual_vector is not None]
            if self.papers_ml is not None and with_ml:
                self.papers_ml.upsert(
                    ids=[i.paper.id for i in with_ml],
                    embeddings=[i.multilingual_vector.tolist() for i in with_ml],
                    metadatas=[{"venue": i.paper.venue, "source": i.paper.source}
                               for i in with_ml])
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
        with _store_errors(self.where):
            got = self.chunks.get(where={"paper_id": paper.id}, include=["metadatas"])
            metadatas = [{**m, **_paper_metadata(paper)} for m in got["metadatas"]]
            self.chunks.update(ids=got["ids"], metadatas=metadatas)

    def delete_papers(self, paper_ids: list[str]) -> None:
        if not paper_ids:
            return
        with _store_errors(self.where):
            for batch in _batches(paper_ids, self.page):
                self.chunks.delete(where={"paper_id": {"$in": batch}})
                self.sentences.delete(where={"paper_id": {"$in": batch}})
                if self.papers_ml is not None:
                    self.papers_ml.delete(ids=batch)

    def delete_orphans(self) -> int:
        """Sentences and multilingual vectors left by a paper whose chunks never landed (an
        interrupted build of a paper that is gone since)."""
        with _store_errors(self.where):
            chunk_meta = _get_all(self.chunks, ["metadatas"], page=self.page)["metadatas"]
            chunk_papers = {m["paper_id"] for m in chunk_meta}
            ids = _get_all(self.sentences, [], page=self.page)["ids"]
            orphans = sorted({i.rsplit(":", 1)[0] for i in ids} - chunk_papers)
            for batch in _batches(orphans, self.page):
                self.sentences.delete(where={"paper_id": {"$in": batch}})
            if self.papers_ml is not None:
                ml_ids = _get_all(self.papers_ml, [], page=self.page)["ids"]
                ml_orphans = sorted(set(ml_ids) - chunk_papers)
                for batch in _batches(ml_orphans, self.page):
                    self.papers_ml.delete(ids=batch)
                orphans += ml_orphans
        return len(orphans)


def _batches(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def _chunk_metadatas(item: PaperVectors) -> list[dict[str, Any]]:
    paper = item.paper
    base = {**_paper_metadata(paper), "paper_id": paper.id, "n_chunks": len(item.chunks),
            "n_sentences": len(item.sentences)}
    metadatas = [{**base, "chunk_index": c.index} for c in item.chunks]
    metadatas[0]["abstract"] = paper.abstract
    return metadatas


def _paper_from_metadata(meta: dict[str, Any]) -> Paper:
    authors = [a for a in str(meta.get("authors", "")).split("; ") if a]
    return Paper(
        id=meta["paper_id"], title=meta.get("title", ""), source=meta["source"],
        position=int(meta["position"]), venue=meta.get("venue", ""),
        abstract=meta.get("abstract", ""), authors=authors, year=meta.get("year"),
        url=meta.get("url"), external_id=meta.get("external_id"),
    )


def make_client(settings: Settings) -> tuple[Any, str]:
    """A Chroma client (server when a host is set, else embedded) and a name for messages."""
    import chromadb
    from chromadb.config import Settings as ChromaClientSettings

    client_settings = ChromaClientSettings(anonymized_telemetry=False)
    if settings.chroma.host:
        where = f"server {settings.chroma.host}:{settings.chroma.port}"
        with _store_errors(where):
            client = chromadb.HttpClient(host=settings.chroma.host, port=settings.chroma.port,
                                         settings=client_settings)
        return client, where
    path = settings.chroma.path
    if path.exists() and not path.is_dir():
        raise StoreError(f"Chroma path {path} is a file, not a folder; move it or set "
                         "PAPERWISE_CHROMA_PATH.")
    where = f"embedded at {path}"
    with _store_errors(where):
        path.mkdir(parents=True, exist_ok=True)
        client = chromadb.PersistentClient(path=str(path), settings=client_settings)
    return client, where


def set_aside(settings: Settings) -> Path | None:
    """Move an embedded index folder out of the way (renamed, not deleted: nothing is lost)
    so a new one can be built; returns where it went. A server's collections are dropped."""
    if settings.chroma.host:
        client, where = make_client(settings)
        with _store_errors(where):
            for collection in client.list_collections():
                if collection.name.startswith("pw-"):
                    client.delete_collection(collection.name)
        return None
    path = settings.chroma.path
    if not path.exists():
        return None
    stamp = time.strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    path.rename(target)
    return target


def make_store(settings: Settings, embedder: Embeddings,
               multilingual: MultilingualEmbedder | None = None) -> PaperStore:
    """The one place a store is opened."""
    client, where = make_client(settings)
    multilingual = multilingual or make_multilingual(settings)
    return PaperStore(client, embedder, settings.chunking, where, multilingual)
