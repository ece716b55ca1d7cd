"""One bench configuration (a corpus in one kind of store), measured in its own process so that
its peak memory is its own: build the index, then time retrieval, the extractive answer and the
LangChain baseline. Prints one JSON object (a ScaleResult); `eval.bench` runs this once per
configuration.

With real embeddings it also counts the abstracts' MiniLM wordpieces and, right before the
build, times the bare model over a sample of the same abstracts: the ceiling the build's
throughput is compared with."""

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
from index.build import add_multilingual, build_index
from index.embeddings import Embedder, MiniLMEmbeddings
from index.loaders import load_papers
from index.store import make_store
from rag import PaperQA, Settings

SEEDS = Path("data")
KINDS = ("hybrid retrieval", "extractive answer", "baseline similarity_search")
EMBEDDINGS = ("real", "seed-means")
CEILING_SAMPLE = 1_000  # abstracts the bare model is timed on
CEILING_BATCH = 16


@dataclass(frozen=True)
class Ceiling:
    """One bare pass of the build's model (int8 MiniLM ONNX, 256 wordpieces, batch 16) over a
    sample of the corpus's abstracts: what the model alone does on this machine."""

    abstracts: int
    seconds: float

    @property
    def abstracts_per_s(self) -> float:
        return self.abstracts / self.seconds


@dataclass
class ScaleResult:
    label: str
    corpus: str
    store: str
    embedding: str  # "real": MiniLM (and multilingual-e5) through build_index; or "seed-means"
    folder: str = ""
    papers: int = 0
    chunks: int = 0
    sentences: int = 0
    tokens: int = 0  # MiniLM wordpieces of the abstracts (counted with real embeddings only)
    ceiling: Ceiling | None = None
    index_s: list[float] = field(default_factory=list)
    # Until the English vectors are in and the papers answerable; the multilingual vectors
    # follow (what `make run` and `paperwise serve` do).
    english_s: list[float] = field(default_factory=list)
    disk_mb: float = 0.0
    first_query_s: float = 0.0
    latency_s: dict[str, list[float]] = field(default_factory=dict)
    recall_at_5: dict[str, float] = field(default_factory=dict)
    index_peak_mb: float = 0.0  # peak RSS of this process when the (last) build ends
    peak_mb: float = 0.0  # peak RSS of this process, queries included
    server_peak_mb: float = 0.0
    real_embeddings_for_pieces: int = 0

    @property
    def real(self) -> bool:
        return self.embedding == "real"

    @property
    def index_seconds(self) -> float:
        return statistics.median(self.index_s)

    @property
    def papers_per_s(self) -> float:
        return self.papers / self.index_seconds

    @property
    def tokens_per_s(self) -> float | None:
        return self.tokens / self.index_seconds if self.tokens else None

    @property
    def ceiling_ratio(self) -> float | None:
        """The build's papers/s over the bare model's abstracts/s."""
        return self.papers_per_s / self.ceiling.abstracts_per_s if self.ceiling else None

    @property
    def english_papers_per_s(self) -> float | None:
        return self.papers / statistics.median(self.english_s) if self.english_s else None

    @property
    def english_ceiling_ratio(self) -> float | None:
        """Papers/s until answerable (English vectors) over the bare model's abstracts/s."""
        speed = self.english_papers_per_s
        return speed / self.ceiling.abstracts_per_s if self.ceiling and speed else None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ScaleResult:
        ceiling = data.get("ceiling")
        return cls(**{**data, "ceiling": Ceiling(**ceiling) if ceiling else None})


@dataclass(frozen=True)
class Options:
    corpus: Path
    folder: Path
    store: str = "embedded"
    embedding: str = "real"
    label: str = ""
    repeats: int = 1
    index_repeats: int = 1
    ceiling_sample: int = CEILING_SAMPLE
    questions: int = 0  # the first N eval questions are timed; 0: all


def _timed(call: Callable[[], object], repeats: int) -> list[float]:
    out = []
    for _ in range(repeats):
        started = time.perf_counter()
        call()
        out.append(time.perf_counter() - started)
    return out


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


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


def measure_ceiling(abstracts: list[str]) -> Ceiling:
    """The bare model's pass over the abstracts, timed (its session is loaded first)."""
    model = MiniLMEmbeddings(batch_size=CEILING_BATCH)
    model.embed(abstracts[:CEILING_BATCH])
    started = time.perf_counter()
    model.embed(abstracts)
    return Ceiling(len(abstracts), time.perf_counter() - started)


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


def _measure_index(result: ScaleResult, settings: Settings, model: MiniLMEmbeddings,
                   o: Options) -> None:
    """Queries on the built index through a fresh PaperQA, as a user's process opens it."""
    qa = PaperQA(settings, embedder=model)
    result.sentences = int(qa.store.sentences.count())
    questions = [q.question for q in load_questions(DEFAULT_QUESTIONS)][: o.questions or None]
    started = time.perf_counter()
    qa.retrieve("warm up")  # the first query loads the BM25 cache, as a server's does
    result.first_query_s = time.perf_counter() - started
    result.latency_s = measure_latency(qa, questions, o.repeats)
    if o.corpus.resolve() == SEEDS.resolve():
        result.recall_at_5 = recall_at_5(qa)


def run(o: Options) -> ScaleResult:
    model = MiniLMEmbeddings(Settings(_env_file=None).embedding.batch_size)  # as make_embedder
    builder: Embedder = model
    if o.embedding == "seed-means":
        builder = SeedSentenceEmbeddings(model, seed_sentences(SEEDS))
    result = ScaleResult(o.label or o.corpus.name, o.corpus.name, o.store, o.embedding,
                         str(o.folder))
    if result.real:  # wordpieces and the ceiling, right before the build; warm as it is
        abstracts = [p.abstract for p in load_papers([o.corpus]).papers]
        result.tokens = sum(model.count_tokens(a) for a in abstracts)
        result.ceiling = measure_ceiling(abstracts[: o.ceiling_sample])
        model.embed_query("warm up")
    for attempt in range(o.index_repeats):
        target = o.folder / f"chroma-{attempt}"
        with _store_settings(o.store, target, o.corpus, result.real) as (settings, server):
            store = make_store(settings, builder)
            started = time.perf_counter()
            summary = build_index(settings, [o.corpus], embedder=builder, store=store,
                                  multilingual=False)
            result.english_s.append(time.perf_counter() - started)
            add_multilingual(store)
            result.index_s.append(time.perf_counter() - started)
            if attempt < o.index_repeats - 1:
                continue
            result.index_peak_mb = _peak_mb()
            result.papers, result.chunks = summary.papers, summary.chunks
            _measure_index(result, settings, model, o)
            result.disk_mb = disk_mb(target)
            result.server_peak_mb = peak_rss_mb(server.pid) if server else 0.0
    result.peak_mb = _peak_mb()
    if isinstance(builder, SeedSentenceEmbeddings):
        result.real_embeddings_for_pieces = builder.fallbacks
    return result


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.scale", description=__doc__)
    parser.add_argument("corpus", type=Path, help="a paper file or folder")
    parser.add_argument("--store", choices=["embedded", "server"], default="embedded")
    parser.add_argument("--folder", type=Path, required=True, help="where the index goes")
    parser.add_argument("--embedding", choices=EMBEDDINGS, default="real")
    parser.add_argument("--label", default="", help="the corpus's name in the report")
    parser.add_argument("--repeats", type=int, default=1, help="timings per question")
    parser.add_argument("--index-repeats", type=int, default=1, help="fresh builds to time")
    parser.add_argument("--questions", type=int, default=0,
                        help="time only the first N eval questions (0: all)")
    parser.add_argument("--ceiling-sample", type=int, default=CEILING_SAMPLE,
                        help="abstracts the bare model is timed on (real embeddings)")
    args = parser.parse_args(argv)
    os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
    result = run(Options(args.corpus, args.folder, args.store, args.embedding, args.label,
                         args.repeats, args.index_repeats, args.ceiling_sample,
                         args.questions))
    json.dump(asdict(result), sys.stdout)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
