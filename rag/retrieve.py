"""Hybrid retrieval: dense (Chroma) and BM25 fused by reciprocal rank fusion, grouped per paper.

The BM25 index (bm25s, over our own terms) holds every chunk's per-term weights, computed once,
so a query costs a numpy add per query term. It is rebuilt only when the store's stamp changes
(after `paperwise index`), never per query.
"""

from __future__ import annotations

import bisect
import heapq
import logging
import math
import re
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from itertools import chain

import bm25s
import numpy as np

from index.store import ChunkHit, PaperStore
from paperwise.settings import RetrievalSettings
from paperwise.text import STOPWORDS, TOKEN, split_sentences, stem, terms
from paperwise.types import Hit, Paper
from rag import cues
from rag.aliases import Aliases, mine_aliases
from rag.filters import Filters
from rag.introduced import introduces
from rag.names import example_pattern, example_phrases, name_pattern, name_tokens, names_paper
from rag.query import Query
from rag.spelling import written_forms

log = logging.getLogger(__name__)
# bm25s sets its logger to DEBUG on import, which logs a line per index build; let it follow
# the application's level like every other library.
logging.getLogger("bm25s").setLevel(logging.NOTSET)

STAMP_CHECK_S = 1.0
# Threads for Chroma's query, which runs while this thread scores BM25 (it releases the GIL).
# At 100k chunks the two together took 2.5-3.0 ms against 3.7 one after the other (p50,
# eval/retrieval_bench.py). A few, for concurrent users.
_DENSE_THREADS = 4
# From this many chunks Chroma's query runs in a worker beside BM25 (end to end, p50 ratio to
# similarity_search, eval/retrieval_bench.py, 2026-12-02): 19,856 chunks 0.978 overlapped
# against 1.057 one after the other; 99,341 chunks 0.95; on the seeds (196 chunks) the two tie
# (1.011 against 1.008), so tiny corpora keep the one thread.
_OVERLAP_MIN_CHUNKS = 1_000


def _term_ids(texts: list[str]) -> tuple[list[list[int]], dict[str, int]]:
    """Each text's terms as `paperwise.text.terms` gives them, as ids, and the vocabulary.
    Each distinct token is stemmed once: at 100k chunks a call of `terms` per text takes
    seconds longer."""
    tokens = [TOKEN.findall(text.casefold()) for text in texts]
    vocabulary: dict[str, int] = {}
    term_of_token = {token: vocabulary.setdefault(stem(token), len(vocabulary))
                     for token in sorted(set(chain.from_iterable(tokens)))
                     if token not in STOPWORDS}
    return [[term_of_token[t] for t in doc if t in term_of_token] for doc in tokens], vocabulary


class BM25Index:
    """Okapi BM25 over a fixed list of documents, scored by bm25s on our own terms (its
    tokenizer, stemmer and stop words are not used): score = Σ idf·tf·(k1+1) /
    (tf + k1·(1 − b + b·len/avg len)), idf = log(1 + (N − df + 0.5)/(df + 0.5)). bm25s calls
    that term-frequency part "atire" and that idf "lucene". eval/bm25_bench.py compares it with
    the numpy index it replaced: same top-10 rankings and scores at 100k chunks, faster queries."""

    def __init__(self, texts: list[str], k1: float = 1.5, b: float = 0.75) -> None:
        self.size = len(texts)
        ids, self.vocabulary = _term_ids(texts)
        self._sorted_terms = sorted(self.vocabulary)
        self._bm25 = bm25s.BM25(k1=k1, b=b, method="atire", idf_method="lucene")
        if self.vocabulary:  # bm25s cannot index a corpus without a single term
            self._bm25.index((ids, self.vocabulary), create_empty_token=False,
                             show_progress=False)
            df = np.diff(self._bm25.scores["indptr"])
            self._idf = np.log(1 + (self.size - df + 0.5) / (df + 0.5))

    def scores(self, query: str) -> np.ndarray:
        """Every document's score for the query's terms (each counted once)."""
        ids = [self.vocabulary[t] for t in dict.fromkeys(terms(query)) if t in self.vocabulary]
        if not ids:
            return np.zeros(self.size, dtype=np.float32)
        return self._bm25.get_scores_from_ids(ids)

    def scores_of_versions(self, name: str) -> np.ndarray:
        """Scores for a name and its versions as one term each: "gemma" also finds "gemma2"."""
        base = stem(name.casefold())
        version = re.compile(rf"{re.escape(base)}\d\w*")
        # the terms starting with the name, found by bisection, not a scan of the vocabulary
        start = bisect.bisect_left(self._sorted_terms, base)
        stop = bisect.bisect_left(self._sorted_terms, base + "\uffff")
        ids = [self.vocabulary[t] for t in self._sorted_terms[start:stop]
               if t == base or version.fullmatch(t)]
        if not ids:
            return np.zeros(self.size, dtype=np.float32)
        return self._bm25.get_scores_from_ids(ids)

    def term_weight(self, term: str) -> float:
        """IDF of a term; unseen terms weigh like the rarest ones."""
        if term in self.vocabulary:
            return float(self._idf[self.vocabulary[term]])
        return math.log(1 + (self.size + 0.5) / 0.5)


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
    masks: dict[Filters, np.ndarray] = field(default_factory=dict)
    masks_lock: threading.Lock = field(default_factory=threading.Lock)
    _words: Counter[str] | None = None
    _forms: dict[str, Counter[str]] | None = None
    _sorted_words: list[str] | None = None
    _aliases: Aliases | None = None

    def knows(self, word: str) -> bool:
        """Whether a lower-case word (as its term) occurs in the corpus."""
        return stem(word) in self.bm25.vocabulary

    def words(self) -> Counter[str]:
        """How many chunks hold each word, as written (counted on first use: only a question
        with a word the corpus does not know needs them, rag/spelling.py). Markdown emphasis
        is read through: "**j**ointly **d**enoise" holds "denoise", not "enoise"."""
        if self._words is None:
            self._words = Counter(chain.from_iterable(
                set(TOKEN.findall(t.casefold().replace("*", ""))) for t in self.texts))
        return self._words

    def has_prefix(self, prefix: str) -> bool:
        """Whether some corpus word starts with the lower-case prefix (rag/spelling.py
        unheard; the words sorted on first use)."""
        if self._sorted_words is None:
            self._sorted_words = sorted(self.words())
        at = bisect.bisect_left(self._sorted_words, prefix)
        return at < len(self._sorted_words) and self._sorted_words[at].startswith(prefix)

    def forms(self) -> dict[str, Counter[str]]:
        """How the corpus writes each word mid-sentence (rag/spelling.py recase; counted on
        first use)."""
        if self._forms is None:
            # abstracts, not chunks: chunks overlap and would count a word twice
            self._forms = written_forms([p.abstract for p in self.papers.values()])
        return self._forms

    def aliases(self) -> Aliases:
        """The other names the abstracts give their terms (rag/aliases.py; mined on first use)."""
        if self._aliases is None:
            self._aliases = mine_aliases(p.abstract for p in self.papers.values())
        return self._aliases

    def mask(self, filters: Filters) -> np.ndarray:
        """Which chunks pass the filters (kept for the last few filters asked)."""
        with self.masks_lock:
            if filters not in self.masks:
                if len(self.masks) >= 16:
                    self.masks.pop(next(iter(self.masks)))
                passing = {p for p, paper in self.papers.items() if filters.accepts(paper)}
                self.masks[filters] = np.fromiter((p in passing for p in self.paper_ids),
                                                  dtype=bool, count=len(self.paper_ids))
            return self.masks[filters]

    def matching(self, filters: Filters) -> list[Paper]:
        """The papers that pass the filters, by file and position."""
        return sorted((p for p in self.papers.values() if filters.accepts(p)),
                      key=lambda p: (p.source, p.position))


# Chroma filters the dense side by paper id when at most this many papers pass a year or
# author filter; with more, the dense side fetches more and filters its results here.
_MAX_IDS_IN_WHERE = 2000
_POST_FILTER_FETCH = 4
_VENUES_SHOWN = 8
NO_MATCH = ("No papers match these filters ({filters}), so the question was not searched; "
            "widen or remove a filter.")


class HybridRetriever:
    """Dense + BM25 → RRF → per paper."""

    def __init__(self, store: PaperStore, settings: RetrievalSettings) -> None:
        self.store = store
        self.settings = settings
        self._corpus: _Corpus | None = None
        self._lock = threading.Lock()
        self._dense_pool = ThreadPoolExecutor(_DENSE_THREADS, thread_name_prefix="dense")

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

    def _dense_hits(self, corpus: _Corpus, query: Query, fetch: int,
                    filters: Filters) -> list[ChunkHit]:
        """Chroma's nearest chunks (or, for a multilingual query, papers). Filters Chroma
        cannot apply narrow the search to the passing paper ids when they are few, else the
        search fetches more and drops what fails them."""
        where = filters.chroma_where()
        if filters.post_filtered:
            passing = [p.id for p in corpus.matching(filters)]
            if not passing:
                return []
            if len(passing) <= _MAX_IDS_IN_WHERE and not query.multilingual:
                where = {"paper_id": {"$in": passing}}
            else:
                fetch *= _POST_FILTER_FETCH
        if query.multilingual:
            found = self.store.query_multilingual(query.search_vector, fetch, where)
            rows = [(corpus.first_row_of_paper.get(pid), sim) for pid, sim in found]
        else:
            found = self.store.query(query.search_vector, fetch, where)
            rows = [(corpus.row_of.get(cid), sim) for cid, sim in found]
        hits = [ChunkHit(corpus.chunk_ids[r], corpus.paper_ids[r], corpus.texts[r], sim)
                for r, sim in rows if r is not None]
        if filters.post_filtered:
            hits = [h for h in hits if filters.accepts(corpus.papers[h.paper_id])]
        return hits

    def matching(self, filters: Filters) -> list[Paper]:
        """The indexed papers that pass the filters, by file and position."""
        return self.corpus().matching(filters)

    def no_match_message(self, filters: Filters) -> str:
        """What to tell someone whose filters leave no paper: which, and what venues exist."""
        message = NO_MATCH.format(filters=filters.describe())
        if filters.venue:
            venues = sorted({p.venue for p in self.corpus().papers.values() if p.venue})
            shown = ", ".join(f"'{v}'" for v in venues[:_VENUES_SHOWN])
            more = f" and {len(venues) - _VENUES_SHOWN} more" if len(venues) > _VENUES_SHOWN else ""
            message += f" Venues in the collection: {shown}{more}." if venues else ""
        return message

    def search(self, query: Query, k: int | None = None, mode: str | None = None,
               filters: Filters | None = None) -> list[Hit]:
        """Top-k papers. For a query in the multilingual space (a question not in English) the
        dense side searches the multilingual paper vectors instead of the English chunks."""
        k = k or self.settings.k
        mode = mode or self.settings.mode
        filters = filters or Filters()
        corpus = self.corpus()
        fetch = max(self.settings.fetch_k, 3 * k)
        # On a large corpus Chroma's query runs in a worker while BM25 is scored here; on a
        # small one, one after the other. The question is embedded first, here, with both
        # cores: overlapping the embedding with BM25 slowed the model (at 100k chunks, p50
        # ratio to similarity_search 1.08-1.10 with the embedding in the worker; 0.96 so once
        # the model's threads stopped spinning after each run, index/embeddings.py).
        overlap = mode == "hybrid" and corpus.bm25.size >= _OVERLAP_MIN_CHUNKS
        if overlap:
            query.search_vector  # noqa: B018 - embedded now (a Query embeds when first read)
        dense = (self._dense_pool.submit(self._dense_hits, corpus, query, fetch, filters)
                 if overlap else None)
        lexical = (_top_chunks(corpus, corpus.bm25.scores(query.search_text), fetch, filters)
                   if mode in ("hybrid", "bm25") else None)
        ranked: dict[str, list[ChunkHit]] = {}  # dense first: fusion breaks ties in this order
        if mode in ("hybrid", "dense"):
            ranked["dense"] = (dense.result() if dense is not None
                               else self._dense_hits(corpus, query, fetch, filters))
        if lexical is not None:
            ranked["bm25"] = lexical
        return _keep_named(self._fuse(ranked, corpus, k), lexical or [], corpus, query.text, k)

    def mentioning(self, question: str, shown: list[Hit], filters: Filters | None = None,
                   limit: int = cues.NAMED_EXTRA) -> list[Hit]:
        """Up to `limit` papers besides `shown` whose abstracts name one of the question's
        names (the version it asks for, if any: "Llama 3") or say a phrase it gives as an
        example of its topic. A list
        question naming things ("which papers use Gemma or Phi models?") asks for every paper
        using them, while search ranks papers by the whole question (issue 13: fetch more when
        many fit). BM25's postings find the candidates; the whole name must be in the chunk."""
        corpus, seen = self.corpus(), {h.paper.id for h in shown}
        found: dict[str, ChunkHit] = {}
        for name in name_tokens(question):
            pattern = name_pattern(name, question)
            scores = corpus.bm25.scores_of_versions(name)
            # every chunk naming it: as many as score (a name is rare), not all the chunks
            for chunk in _top_chunks(corpus, scores, int(np.count_nonzero(scores)),
                                     filters or Filters()):
                if chunk.paper_id not in seen and pattern.search(chunk.text):
                    found.setdefault(chunk.paper_id, chunk)
        for phrase in example_phrases(question):  # "(circuits, activation patching, SAEs)"
            pattern = example_pattern(phrase)
            for chunk in _top_chunks(corpus, corpus.bm25.scores(phrase), cues.EXAMPLE_SCAN,
                                     filters or Filters()):
                if chunk.paper_id not in seen and pattern.search(chunk.text):
                    found.setdefault(chunk.paper_id, chunk)
        return [Hit(paper=corpus.papers[c.paper_id], text=c.text, score=0.0)
                for c in list(found.values())[:limit] if c.paper_id in corpus.papers]

    def introducing(self, kinds: tuple[str, ...], shown: list[Hit],
                    filters: Filters | None = None, limit: int = cues.NAMED_EXTRA) -> list[Hit]:
        """Up to `limit` papers besides `shown` with a chunk introducing a thing of the kinds a
        list question asks to be new ("which papers propose new benchmarks ...": AIR-BENCH
        2024 says "foundation models", not "LLMs"). BM25's postings find the candidates."""
        corpus, seen = self.corpus(), {h.paper.id for h in shown}
        found: dict[str, ChunkHit] = {}
        scores = corpus.bm25.scores(" ".join(kinds))
        # the best-scoring chunks only: "benchmark" is in a third of a conference's chunks
        for chunk in _top_chunks(corpus, scores, cues.INTRODUCED_SCAN, filters or Filters()):
            if chunk.paper_id not in seen and chunk.paper_id in corpus.papers and any(
                    introduces(s, kinds) for s in split_sentences(chunk.text)):
                found.setdefault(chunk.paper_id, chunk)
            if len(found) >= limit:
                break
        return [Hit(paper=corpus.papers[c.paper_id], text=c.text, score=0.0)
                for c in found.values()]

    def _fuse(self, ranked: dict[str, list[ChunkHit]], corpus: _Corpus, k: int) -> list[Hit]:
        scores: dict[str, float] = {}
        best_chunk: dict[str, tuple[float, str]] = {}
        ranks: dict[str, dict[str, int]] = {}
        for name, hits in ranked.items():
            # Rank papers, not chunks: a long abstract with many chunks must not win by count
            # alone. Each paper by its first (best) chunk in this list.
            first: dict[str, str] = {}
            for hit in hits:
                first.setdefault(hit.paper_id, hit.text)
            for rank, (paper_id, text) in enumerate(first.items(), start=1):
                contribution = 1.0 / (self.settings.rrf_k + rank)
                scores[paper_id] = scores.get(paper_id, 0.0) + contribution
                ranks.setdefault(paper_id, {})[name] = rank
                if contribution > best_chunk.get(paper_id, (0.0, ""))[0]:
                    best_chunk[paper_id] = (contribution, text)
        # the first of equal scores stays first (sorted is stable), as dense came first
        order = heapq.nlargest(k, (p for p in scores if p in corpus.papers), key=scores.__getitem__)
        return [Hit(paper=corpus.papers[p], text=best_chunk[p][1], score=scores[p],
                    dense_rank=ranks[p].get("dense"), bm25_rank=ranks[p].get("bm25"))
                for p in order]


def _top_chunks(corpus: _Corpus, scores: np.ndarray, n: int, filters: Filters) -> list[ChunkHit]:
    """The n best-scoring chunks that pass the filters, best first (none scoring 0)."""
    if filters.active:
        scores = np.where(corpus.mask(filters), scores, 0.0)
    n = min(n, scores.size)
    if n == 0:
        return []
    # Zeros are dropped from the n found rather than counted first (a count cost a third of
    # the partition at 100k chunks). The kth from the front on the negated scores: from the
    # back, on real BM25 scores (many ties), the partition took 8 times longer.
    top = np.argpartition(-scores, n - 1)[:n]
    top = top[np.argsort(-scores[top], kind="stable")]
    top = top[scores[top] > 0]
    return [ChunkHit(corpus.chunk_ids[i], corpus.paper_ids[i], corpus.texts[i],
                     float(scores[i])) for i in top]


def _keep_named(hits: list[Hit], lexical: list[ChunkHit], corpus: _Corpus, question: str,
                k: int) -> list[Hit]:
    """A paper the question names by its short title ("What data was DynamicFlow trained
    on?") stays among the hits when BM25 found it, though the dense side missed it and fusion
    ranked it out (issue 13, dev split): the answer is about that paper or nothing."""
    shown = {h.paper.id for h in hits}
    order = list(dict.fromkeys(h.paper_id for h in lexical))
    named = [c for c in order if c not in shown and c in corpus.papers
             and names_paper(question, corpus.papers[c].title)]
    extra = [Hit(paper=corpus.papers[p], text=next(h.text for h in lexical if h.paper_id == p),
                 score=0.0, bm25_rank=order.index(p) + 1) for p in named]
    return hits[: max(0, k - len(extra))] + extra if extra else hits
