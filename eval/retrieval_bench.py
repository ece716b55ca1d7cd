"""Paperwise's hybrid retrieval against LangChain's dense search, side by side in one process:
`qa.retrieve(q, k=5)` and `qa.store.langchain.similarity_search(q, k=5)`, with the same
embedder, over the eval questions (all, then the English ones alone: Paperwise embeds the
others with multilingual-e5, LangChain with MiniLM); then the same given each English
question's vector (`retriever.search` against `similarity_search_by_vector`), which leaves out
the encoding both share. The sides alternate call by call (and which goes first alternates
too), so load from other processes falls on both alike. Prints p50/p95 of each and the p50
ratio.

    python -m eval.retrieval_bench                                  # the seed index (data/)
    python -m eval.retrieval_bench --chunks 10000 --folder /tmp/pw-10k   # a synthetic corpus

A synthetic corpus is built once in --folder (seed sentences recombined, seed-means vectors as
in eval/scale.py) and reused by later runs.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from eval.metrics import load_questions, percentile
from eval.run import DEFAULT_QUESTIONS
from eval.synthetic import SeedSentenceEmbeddings, seed_sentences, synthetic_corpus
from index.build import build_index
from index.embeddings import MiniLMEmbeddings
from index.store import make_store
from rag import PaperQA, Settings
from rag.query import Query

log = logging.getLogger(__name__)

SEEDS = Path("data")
K = 5  # the k of the comparison (README's `qa.retrieve("query", k=5)`)
# Chunks per synthetic abstract of 5-9 seed sentences at the default chunking (measured for
# eval/bench.py's CHUNKS_PER_PAPER); only sizes the corpus, the actual count is reported.
CHUNKS_PER_PAPER = 1.92
T = TypeVar("T")


@dataclass(frozen=True)
class Latency:
    name: str
    seconds: list[float]

    def percentile_ms(self, share: float) -> float:
        return 1000 * percentile(self.seconds, share)

    def only(self, keep: Sequence[bool]) -> Latency:
        """The calls (in measuring order) that `keep` marks."""
        return Latency(self.name, [s for s, kept in zip(self.seconds, keep, strict=True) if kept])

    def line(self) -> str:
        return (f"  {self.name:<38} p50 {self.percentile_ms(0.5):6.2f} ms   "
                f"p95 {self.percentile_ms(0.95):6.2f} ms   ({len(self.seconds)} calls)")


def seed_qa() -> PaperQA:
    """The seed index in data/chroma, as `paperwise index` built it (built only if missing)."""
    return PaperQA(Settings(_env_file=None, answerer="extractive"))


def synthetic_qa(chunks: int, folder: Path) -> PaperQA:
    """A corpus of about `chunks` chunks in folder/chroma, built on first use."""
    papers = folder / "papers.txt"
    settings = Settings(_env_file=None, answerer="extractive", data_dir=folder,
                        chroma={"path": folder / "chroma"}, embedding={"multilingual": False})
    model = MiniLMEmbeddings()
    if make_store(settings, model).count() == 0:
        sentences = seed_sentences(SEEDS)
        synthetic_corpus(papers, round(chunks / CHUNKS_PER_PAPER), sentences)
        log.info("Building a synthetic index of about %d chunks in %s", chunks, folder)
        builder = SeedSentenceEmbeddings(model, sentences)
        build_index(settings, [papers], embedder=builder, store=make_store(settings, builder))
    return PaperQA(settings, embedder=model)  # queries use the real model, as a user's do


def alternate(sides: Mapping[str, Callable[[T], object]], items: Sequence[T],
              repeats: int) -> list[Latency]:
    """Each side's timings over items, the sides taking turns call by call (and which goes
    first alternating), so load from other processes falls on all of them alike."""
    timings: dict[str, list[float]] = {name: [] for name in sides}
    for turn, item in enumerate(i for i in items for _ in range(repeats)):
        names = list(sides) if turn % 2 == 0 else list(reversed(list(sides)))
        for name in names:
            started = time.perf_counter()
            sides[name](item)
            timings[name].append(time.perf_counter() - started)
    return [Latency(name, seconds) for name, seconds in timings.items()]


def measure(qa: PaperQA, questions: Sequence[str], repeats: int) -> list[Latency]:
    """End to end: hybrid retrieval against LangChain's similarity_search, each embedding the
    question itself."""
    dense = qa.store.langchain
    return alternate({f"qa.retrieve(q, k={K})": lambda q: qa.retrieve(q, k=K),
                      f"similarity_search(q, k={K})": lambda q: dense.similarity_search(q, k=K)},
                     questions, repeats)


def measure_search(qa: PaperQA, queries: Sequence[Query], repeats: int) -> list[Latency]:
    """The same, given each query's MiniLM vector: what differs between the two once the
    encoding they share (noisy on a busy machine) is left out."""
    dense = qa.store.langchain
    vectors = {id(q): q.search_vector.tolist() for q in queries}  # LangChain's input type
    return alternate({f"retriever.search(query, {K})": lambda q: qa.retriever.search(q, K),
                      f"similarity_search_by_vector(v, k={K})":
                          lambda q: dense.similarity_search_by_vector(vectors[id(q)], k=K)},
                     queries, repeats)


def report(title: str, latencies: list[Latency]) -> None:
    ours, theirs = latencies
    ratio = statistics.median(ours.seconds) / statistics.median(theirs.seconds)
    print(title)
    print(ours.line())
    print(theirs.line())
    print(f"  p50 ratio: {ratio:.3f}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.retrieval_bench", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--chunks", type=int, help="a synthetic corpus of about this many chunks "
                        "instead of the seed index")
    parser.add_argument("--folder", type=Path, help="where the synthetic corpus is (or goes)")
    parser.add_argument("--repeats", type=int, default=3, help="timings per question and side")
    args = parser.parse_args(argv)
    if args.chunks and not args.folder:
        parser.error("--chunks needs --folder")
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(name)s: %(message)s")
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    qa = synthetic_qa(args.chunks, args.folder) if args.chunks else seed_qa()
    questions = [q.question for q in load_questions(DEFAULT_QUESTIONS)]
    qa.warm_up()  # the model and the BM25 cache load once per process, not per question
    qa.store.langchain.similarity_search("warm up", k=K)
    # Questions not in English take multilingual-e5 (0.1-0.2 s) on Paperwise's side only.
    english = [not qa.encoder.encode(q).multilingual for q in questions]
    print(f"{qa.store.count()} chunks, {len(questions)} questions ({sum(english)} in English) "
          f"x {args.repeats}")
    end_to_end = measure(qa, questions, args.repeats)
    report("End to end, all questions:", end_to_end)
    calls_in_english = [e for e in english for _ in range(args.repeats)]
    report("End to end, English questions (MiniLM on both sides):",
           [side.only(calls_in_english) for side in end_to_end])
    english_queries = [qa.encoder.encode(q) for q, e in zip(questions, english, strict=True) if e]
    report("Given the vector, English questions:",
           measure_search(qa, english_queries, args.repeats))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
