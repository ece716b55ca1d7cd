"""BM25 side by side: `rag.retrieve.BM25Index` (bm25s) against `NumpyBM25`, the numpy inverted
index it replaced, over ~100k chunks made by recombining the seed abstracts' sentences. Reports
each one's build time, query p50/p95 over the eval questions, and whether their top-10 rankings
and scores agree. Both score Okapi BM25 (k1 1.5, b 0.75, idf log(1 + (N - df + 0.5)/(df + 0.5)))
over the same terms (`paperwise.text.terms`).

    python -m eval.bm25_bench [--chunks 100000] [--repeats 3]
"""

from __future__ import annotations

import argparse
import logging
import math
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Protocol

import numpy as np

from eval.metrics import load_questions, percentile
from eval.retrieval_bench import alternate
from eval.run import DEFAULT_QUESTIONS
from eval.synthetic import seed_sentences
from paperwise.text import STOPWORDS, TOKEN, stem, terms
from rag.retrieve import BM25Index

log = logging.getLogger(__name__)

SEEDS = Path("data")
TOP = 10
# Sentences per chunk: the seed index's chunks hold 1-8 sentences, 4.8 on average (measured on
# data/chroma at the default 160-token chunking); 3-7 gives the same mean.
SENTENCES_PER_CHUNK = (3, 7)
# Scores are float32 sums of per-term float32 weights; bm25s multiplies idf into them at build
# and the numpy index at query time, so they round differently in the last bits.
SCORE_TOLERANCE = 1e-4


class Scorer(Protocol):
    def scores(self, query: str) -> np.ndarray: ...


class NumpyBM25:
    """The numpy inverted index rag/retrieve.py used before bm25s, kept for this comparison.
    Each distinct token is stemmed once and postings are counted and weighted by numpy."""

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
        return self.idf.get(term, math.log(1 + (self.size + 0.5) / 0.5))


@dataclass(frozen=True)
class Measured:
    name: str
    build_s: list[float]
    query_s: list[float]

    def line(self) -> str:
        p50, p95 = (1000 * percentile(self.query_s, share) for share in (0.5, 0.95))
        return (f"{self.name:<22} build median {statistics.median(self.build_s):6.2f} s "
                f"(of {len(self.build_s)})   query p50 {p50:.3f} ms   p95 {p95:.3f} ms")


def synthetic_chunks(count: int, sentences: list[str], seed: int = 7) -> list[str]:
    """`count` chunks of seed sentences drawn at random (deterministic for a seed)."""
    rng = random.Random(seed)
    return [" ".join(rng.sample(sentences, rng.randint(*SENTENCES_PER_CHUNK)))
            for _ in range(count)]


def build(factories: Sequence[Callable[[list[str]], Scorer]], texts: list[str],
          builds: int) -> tuple[list[Scorer], list[list[float]]]:
    """Each factory's index over texts, and the seconds of each of its `builds` builds (the
    factories take turns, as the queries do)."""
    indexes: list[Scorer] = []
    seconds: list[list[float]] = [[] for _ in factories]
    for _ in range(builds):
        indexes = []
        for factory, timings in zip(factories, seconds, strict=True):
            started = time.perf_counter()
            indexes.append(factory(texts))
            timings.append(time.perf_counter() - started)
    return indexes, seconds


def time_queries(indexes: Sequence[Scorer], questions: Sequence[str],
                 repeats: int) -> list[list[float]]:
    """Per index, the seconds of each scoring call; the indexes take turns call by call, so
    load from other processes falls on all of them alike."""
    sides = {str(n): index.scores for n, index in enumerate(indexes)}
    return [latency.seconds for latency in alternate(sides, questions, repeats)]


def top(scores: np.ndarray, n: int = TOP) -> list[tuple[int, float]]:
    """The n best (row, score) pairs with a score, best first, ties by row."""
    order = np.lexsort((np.arange(len(scores)), -scores))[:n]
    return [(int(i), float(scores[i])) for i in order if scores[i] > 0]


def agreement(first: Scorer, second: Scorer, questions: Sequence[str]) -> dict[str, float]:
    """How many questions get the same top-10 rows in the same order, how many the same top-10
    scores (rows may differ only among equal scores), and the largest score difference."""
    same_rows = same_scores = 0
    largest = 0.0
    for question in questions:
        ours, theirs = top(first.scores(question)), top(second.scores(question))
        same_rows += [r for r, _ in ours] == [r for r, _ in theirs]
        same_scores += len(ours) == len(theirs) and all(
            math.isclose(a, b, abs_tol=SCORE_TOLERANCE)
            for (_, a), (_, b) in zip(ours, theirs, strict=True))
        largest = max(largest, float(np.abs(first.scores(question) - second.scores(question))
                                     .max(initial=0.0)))
    return {"questions": len(questions), "same_top10_rows": same_rows,
            "same_top10_scores": same_scores, "max_abs_score_difference": largest}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.bm25_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chunks", type=int, default=100_000)
    parser.add_argument("--repeats", type=int, default=3, help="scoring calls per question")
    parser.add_argument("--builds", type=int, default=3, help="builds of each index to time")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    texts = synthetic_chunks(args.chunks, seed_sentences(SEEDS))
    questions = [q.question for q in load_questions(DEFAULT_QUESTIONS)]
    log.info("%d chunks, %d questions", len(texts), len(questions))
    candidates: dict[str, Callable[[list[str]], Scorer]] = {
        "bm25s (rag.retrieve)": BM25Index, "numpy (before)": NumpyBM25}
    indexes, build_s = build(list(candidates.values()), texts, args.builds)
    query_s = time_queries(indexes, questions, args.repeats)
    print(f"{len(texts)} chunks, {len(questions)} questions x {args.repeats}")
    for name, built, queried in zip(candidates, build_s, query_s, strict=True):
        print(Measured(name, built, queried).line())
    print(agreement(indexes[0], indexes[1], questions))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
