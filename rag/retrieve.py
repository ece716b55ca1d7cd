"""Hybrid retrieval: dense (Chroma) and BM25 fused by reciprocal rank fusion, grouped per paper.

The BM25 index is an inverted index over the store's chunks with per-posting weights computed
once, so a query costs a few numpy adds per query term. It is rebuilt only when the store's
stamp changes (after `paperwise index`), never per query.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from dataclasses import dataclass
from itertools import chain

import numpy as np

from index.store import ChunkHit, PaperStore
from paperwise.settings import RetrievalSettings
from paperwise.text import STOPWORDS, TOKEN, stem, terms
from paperwise.types import Hit, Paper
from rag.query import Query

log = logging.getLogger(__name__)

STAMP_CHECK_S = 1.0


class BM25Index:
    """Okapi BM25 over a fixed list of documents, as an inverted index. Each distinct token is
    stemmed once and postings are counted and weighted by numpy: at 100k chunks a per-posting
    Python loop takes most of a minute."""

    def __init__(self, texts: list[str], k1: float = 1.5, b: float = 0.75) -> None:
        n = self.size = len(texts)
        vocabulary: dict[str, int] = {}
        term_of_token: dict[str, int] = {}  # raw token -> term id, -1 for a stop word

        def term_id(token: str) -> int:
            if token in STOPWORDS:
                term_of_token[token] = -1
            else:
                term_of_token[token] = vocabulary.setdefault(stem(token), len(vocabulary))
            return term_of_token[token]

        per_doc = [[term_of_token[t] if t in term_of_token else term_id(t)
                    for t in TOKEN.findall(text.casefold())] for text in texts]
        ids = np.fromiter(chain.from_iterable(per_doc), dtype=np.int64)
        rows = np.repeat(np.arange(n, dtype=np.int64), [len(d) for d in per_doc])
        keep = ids >= 0
        ids, rows = ids[keep], rows[keep]
        width = max(len(vocabulary), 1)
        # (row, term) pairs counted at once, ordered by term: each term's postings are a slice.
        pairs, tf = np.unique(ids * n + rows, return_counts=True)
        term_ids, row_of, tf = pairs // n, pairs % n, tf.astype(np.float32)
        lengths = np.bincount(rows, minlength=n).astype(np.float32)
        avg = max(float(lengths.mean()) if n else 1.0, 1e-9)
        weights = tf * (k1 + 1) / (tf + k1 * (1 - b + b * lengths[row_of] / avg))
        bounds = np.concatenate(([0], np.cumsum(np.bincount(term_ids, minlength=width))))
        df = np.diff(bounds)
        idf = np.log(1 + (n - df + 0.5) / (df + 0.5))
        self.idf = {t: float(idf[i]) for t, i in vocabulary.items()}
        self.postings = {t: (row_of[bounds[i]:bounds[i + 1]], weights[bounds[i]:bounds[i + 1]])
                         for t, i in vocabulary.items()}

    def scores(self, query: str) -> np.ndarray:
        out = np.zeros(self.size, dtype=np.float32)
        for term in set(terms(query)):
            if term in self.postings:
                rows, weights = self.postings[term]
                out[rows] += self.idf[term] * weights
        return out

    def term_weight(self, term: str) -> float:
        """IDF of a term; unseen terms weigh like the rarest ones."""
        return self.idf.get(term, math.log(1 + (self.size + 0.5) / 0.5))


@dataclass
class _Corpus:
    """Everything retrieval caches per store version."""

    stamp: str
    chunk_ids: list[str]
    texts: list[str]
    paper_ids: list[str]
    papers: dict[str, Paper]
    bm25: BM25Index
    row_of: dict[str, int]
    first_row_of_paper: dict[str, int]
    checked_at: float


@dataclass(frozen=True)
class Filters:
    """Metadata filters; None means any."""

    venue: str | None = None
    source: str | None = None

    def chroma_where(self) -> dict | None:
        clauses = [{k: v} for k, v in (("venue", self.venue), ("source", self.source)) if v]
        if not clauses:
            return None
        return clauses[0] if len(clauses) == 1 else {"$and": clauses}

    def accepts(self, paper: Paper) -> bool:
        return (self.venue in (None, "", paper.venue)) and (self.source in (None, "", paper.source))


class HybridRetriever:
    """Dense + BM25 → RRF → per paper."""

    def __init__(self, store: PaperStore, settings: RetrievalSettings) -> None:
        self.store = store
        self.settings = settings
        self._corpus: _Corpus | None = None
        self._lock = threading.Lock()

    def invalidate(self) -> None:
        """Forget the cache now (this process just changed the index)."""
        with self._lock:
            self._corpus = None

    def corpus(self) -> _Corpus:
        """The cached chunks, papers and BM25 index; reloaded when the store's stamp changes
        (checked at most every STAMP_CHECK_S, so a re-index shows up within that time)."""
        with self._lock:
            cached = self._corpus
            if cached is not None and time.monotonic() - cached.checked_at < STAMP_CHECK_S:
                return cached
            stamp = self.store.stamp()
            if cached is None or cached.stamp != stamp:
                ids, texts, paper_ids, paper_list = self.store.all_chunks()
                papers = {p.id: p for p in paper_list}
                first_rows: dict[str, int] = {}
                for row, pid in enumerate(paper_ids):
                    first_rows.setdefault(pid, row)
                cached = _Corpus(stamp, ids, texts, paper_ids, papers, BM25Index(texts),
                                 {cid: i for i, cid in enumerate(ids)}, first_rows, 0.0)
                log.info("BM25 index built over %d chunks", len(ids))
            cached.checked_at = time.monotonic()
            self._corpus = cached
            return cached

    def _bm25_hits(self, corpus: _Corpus, query: str, n: int, filters: Filters) -> list[ChunkHit]:
        scores = corpus.bm25.scores(query)
        if filters.chroma_where():
            mask = [filters.accepts(corpus.papers[p]) for p in corpus.paper_ids]
            scores = np.where(np.array(mask, dtype=bool), scores, 0.0)
        n = min(n, int(np.count_nonzero(scores)))
        if n == 0:
            return []
        top = np.argpartition(-scores, n - 1)[:n]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [ChunkHit(corpus.chunk_ids[i], corpus.paper_ids[i], corpus.texts[i],
                         float(scores[i])) for i in top]

    def search(self, query: Query, k: int | None = None, mode: str | None = None,
               filters: Filters | None = None) -> list[Hit]:
        """Top-k papers. For a query in the multilingual space (a question not in English) the
        dense side searches the multilingual paper vectors instead of the English chunks."""
        k = k or self.settings.k
        mode = mode or self.settings.mode
        filters = filters or Filters()
        corpus = self.corpus()
        fetch = max(self.settings.fetch_k, 3 * k)
        ranked: dict[str, list[ChunkHit]] = {}
        if mode in ("hybrid", "dense") and query.multilingual:
            found = self.store.query_multilingual(query.search_vector, fetch,
                                                  filters.chroma_where())
            rows = [(corpus.first_row_of_paper.get(pid), sim) for pid, sim in found]
            ranked["dense"] = [ChunkHit(corpus.chunk_ids[r], corpus.paper_ids[r],
                                        corpus.texts[r], sim) for r, sim in rows if r is not None]
        elif mode in ("hybrid", "dense"):
            found = self.store.query(query.search_vector, fetch, filters.chroma_where())
            rows = [(corpus.row_of.get(cid), sim) for cid, sim in found]
            ranked["dense"] = [ChunkHit(corpus.chunk_ids[r], corpus.paper_ids[r],
                                        corpus.texts[r], sim) for r, sim in rows if r is not None]
        if mode in ("hybrid", "bm25"):
            ranked["bm25"] = self._bm25_hits(corpus, query.search_text, fetch, filters)
        return self._fuse(ranked, corpus, k)

    def _fuse(self, ranked: dict[str, list[ChunkHit]], corpus: _Corpus, k: int) -> list[Hit]:
        scores: dict[str, float] = {}
        best_chunk: dict[str, tuple[float, str]] = {}
        ranks: dict[str, dict[str, int]] = {}
        for name, hits in ranked.items():
            seen_papers: set[str] = set()
            for hit in hits:
                # Rank papers, not chunks: a long abstract with many chunks must not win by
                # count alone.
                if hit.paper_id in seen_papers:
                    continue
                seen_papers.add(hit.paper_id)
                rank = len(seen_papers)
                contribution = 1.0 / (self.settings.rrf_k + rank)
                scores[hit.paper_id] = scores.get(hit.paper_id, 0.0) + contribution
                ranks.setdefault(hit.paper_id, {})[name] = rank
                if contribution > best_chunk.get(hit.paper_id, (0.0, ""))[0]:
                    best_chunk[hit.paper_id] = (contribution, hit.text)
        order = sorted(scores, key=lambda p: -scores[p])
        return [
            Hit(paper=corpus.papers[p], text=best_chunk[p][1], score=scores[p],
                dense_rank=ranks[p].get("dense"), bm25_rank=ranks[p].get("bm25"))
            for p in order[:k] if p in corpus.papers
        ]
