"""One bench configuration (a corpus in one kind of store), measured in its own process so that
its peak memory is its own: build the index, then time retrieval, the extractive answer and the
LangChain baseline. Prints one JSON object; `eval.bench` runs this once per configuration."""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from dataclasses import asdict, dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from eval.metrics import load_questions
from eval.run import DEFAULT_QUESTIONS
from eval.servers import chroma_server, peak_rss_mb
from eval.synthetic import SeedSentenceEmbeddings, seed_sentences
from index.build import build_index
from index.embeddings import Embedder, MiniLMEmbeddings
from index.store import make_store
from rag import PaperQA, Settings

SEEDS = Path("data")
KINDS = ("hybrid retrieval", "extractive answer", "baseline similarity_search")


@dataclass
class ScaleResult:
    corpus: str
    store: str
    embedding: str
    papers: int = 0
    chunks: int = 0
    sentences: int = 0
    index_s: list[float] = field(default_factory=list)
    disk_mb: float = 0.0
    first_query_s: float = 0.0
    latency_s: dict[str, list[float]] = field(default_factory=dict)
    recall_at_5: dict[str, float] = field(default_factory=dict)
    peak_mb: float = 0.0
    server_peak_mb: float = 0.0
    real_embeddings_for_pieces: int = 0


def _timed(call: Callable[[], object], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        out.append(time.perf_counter() - started)
    return out


def measure_latency(qa: PaperQA, questions: list[str], repeats: int) -> dict[str, list[float]]:
    store = qa.store.langchain
    out: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for question in questions:
        out["hybrid retrieval"] += _timed(partial(qa.retrieve, question, k=5), repeats)
        out["extractive answer"] += _timed(partial(qa.ask, question), repeats)
        out["baseline similarity_search"] += _timed(
            partial(store.similarity_search, question, k=5), repeats)
    return out


def recall_at_5(qa: PaperQA) -> dict[str, float]:
    """Eval-set recall@5: Paperwise hybrid vs LangChain similarity_search over the chunks."""
    rows = [q for q in load_questions(DEFAULT_QUESTIONS) if q.answerable and q.gold]
    ours, theirs = [], []
    for q in rows:
        gold = {g.paper_id for g in q.gold}
        hits = {h.paper.id for h in qa.retrieve(q.question, k=5)}
        docs = qa.store.langchain.similarity_search(q.question, k=5)
        ours.append(len(gold & hits) / len(gold))
        theirs.append(len(gold & {d.metadata["paper_id"] for d in docs}) / len(gold))
    return {"paperwise": statistics.mean(ours), "baseline": statistics.mean(theirs)}


def disk_mb(folder: Path) -> float:
    return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file()) / 2**20


@contextmanager
def _store_settings(kind: str, folder: Path, data: Path, multilingual: bool
                    ) -> Iterator[tuple[Settings, Any]]:
    """Settings for an embedded store in folder, or for a `chroma run` serving folder."""
    values: dict[str, Any] = {"data_dir": data, "answerer": "extractive",
                              "embedding": {"multilingual": multilingual}}
    server = chroma_server(folder) if kind == "server" else nullcontext()
    with server as running:
        if running is None:
            yield Settings(_env_file=None, chroma={"path": folder}, **values), None
        else:
            process, port = running
            yield Settings(_env_file=None, chroma={"host": "127.0.0.1", "port": port},
                           **values), process


def run(corpus: Path, kind: str, folder: Path, embedding: str, repeats: int,
        index_repeats: int) -> ScaleResult:
    model = MiniLMEmbeddings()
    builder: Embedder = model
    if embedding == "seed-means":
        builder = SeedSentenceEmbeddings(model, seed_sentences(SEEDS))
    is_seeds = corpus.resolve() == SEEDS.resolve()
    result = ScaleResult(corpus.name, kind, embedding)
    for attempt in range(index_repeats):
        target = folder / f"chroma-{attempt}"
        with _store_settings(kind, target, corpus, multilingual=is_seeds) as (settings, server):
            store = make_store(settings, builder)
            started = time.perf_counter()
            summary = build_index(settings, [corpus], embedder=builder, store=store)
            result.index_s.append(time.perf_counter() - started)
            if attempt < index_repeats - 1:
                continue
            result.papers, result.chunks = summary.papers, summary.chunks
            result.sentences = int(store.sentences.count())
            qa = PaperQA(settings, embedder=model)
            questions = [q.question for q in load_questions(DEFAULT_QUESTIONS)]
            started = time.perf_counter()
            qa.retrieve("warm up")  # the first query loads the BM25 cache, as a server's does
            result.first_query_s = time.perf_counter() - started
            result.latency_s = measure_latency(qa, questions, repeats)
            if is_seeds:
                result.recall_at_5 = recall_at_5(qa)
            result.disk_mb = disk_mb(target)
            result.server_peak_mb = peak_rss_mb(server.pid) if server else 0.0
    result.peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    if isinstance(builder, SeedSentenceEmbeddings):
        result.real_embeddings_for_pieces = builder.fallbacks
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.scale", description=__doc__)
    parser.add_argument("corpus", type=Path, help="a paper file or folder")
    parser.add_argument("--store", choices=["embedded", "server"], default="embedded")
    parser.add_argument("--folder", type=Path, required=True, help="where the index goes")
    parser.add_argument("--embedding", choices=["real", "seed-means"], default="real")
    parser.add_argument("--repeats", type=int, default=1, help="timings per question")
    parser.add_argument("--index-repeats", type=int, default=1, help="fresh builds to time")
    args = parser.parse_args(argv)
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    result = run(args.corpus, args.store, args.folder, args.embedding, args.repeats,
                 args.index_repeats)
    json.dump(asdict(result), sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
