"""`paperwise bench`: the seeds; synthetic corpora of 10k papers (by default) indexed end to end
with real embeddings, their throughput set against the bare model's; synthetic corpora of about
1k, 10k and 100k chunks (seed-means vectors) for retrieval latency, each in embedded Chroma and
behind a `chroma run` server, next to LangChain's `Chroma.similarity_search`; peak memory and
index size; then `paperwise serve` under 1 and 50 concurrent API clients for 60 s with a
browser user beside them (eval/load.py; `--load-only` runs just that). Writes bench.md,
bench.json and bench.png; everything runs in a temporary folder on 127.0.0.1."""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from eval.bench_report import write_report
from eval.load import measure
from eval.metrics import load_questions
from eval.run import DEFAULT_QUESTIONS
from eval.scale import SEEDS, ScaleResult
from eval.servers import paperwise_serve, peak_rss_mb
from eval.synthetic import seed_sentences, synthetic_corpus

log = logging.getLogger(__name__)

SIZES = (1_000, 10_000, 100_000)  # seed-means corpora, in chunks
REAL_SIZES = (10_000,)  # real-embedding corpora, in papers
CHUNKS_PER_PAPER = 1.92  # measured on the synthetic abstracts; tables show the actual counts
LOAD_CLIENTS = 50  # issue 16's load: 50 API clients for 60 s
LOAD_SECONDS = 60.0


@dataclass(frozen=True)
class Config:
    corpus: Path
    label: str
    store: str
    embedding: str
    index_repeats: int = 1


def _count(n: int) -> str:
    return f"{n // 1000}k" if n >= 1000 and n % 1000 == 0 else str(n)


def run_config(config: Config, folder: Path, repeats: int, questions: int = 0) -> ScaleResult:
    """One configuration in its own process (clean peak memory); its result."""
    command = [sys.executable, "-m", "eval.scale", str(config.corpus), "--store", config.store,
               "--folder", str(folder), "--embedding", config.embedding, "--label",
               config.label, "--repeats", str(repeats), "--questions", str(questions),
               "--index-repeats", str(config.index_repeats)]
    log.warning("bench: %s, %s store, %s embedding", config.label, config.store,
                config.embedding)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{config.label} ({config.store}) failed:\n{done.stderr[-3000:]}")
    return ScaleResult.from_json(json.loads(done.stdout))


def run_all(configs: list[Config], work: Path, repeats: int, log_path: Path,
            questions: int = 0) -> tuple[list[ScaleResult], list[str]]:
    """Every configuration; each result is appended to log_path as it comes (a long run that
    fails late keeps what it measured), and a failed one is reported, not fatal. Indexes are
    deleted once measured (a 100k-chunk one is 2 GB), but for the seeds' embedded one, which
    the service test serves."""
    results, failures = [], []
    for n, config in enumerate(configs):
        folder = work / f"run-{n}"
        try:
            result = run_config(config, folder, repeats, questions)
        except RuntimeError as exc:
            failures.append(f"{config.label} ({config.store}): "
                            + str(exc).strip().splitlines()[-1])
            log.warning("bench: %s", exc)
            continue
        finally:
            if (config.label, config.store) != ("seeds", "embedded"):
                shutil.rmtree(folder, ignore_errors=True)
        results.append(result)
        with log_path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(asdict(result)) + "\n")
    return results, failures


def configurations(sizes: Sequence[int], real_sizes: Sequence[int], work: Path,
                   with_server: bool, index_repeats: int, with_seeds: bool = True
                   ) -> list[Config]:
    """The seeds (real embeddings), then each real-embedding corpus (embedded store), then each
    seed-means corpus in every store."""
    stores = ("embedded", "server") if with_server else ("embedded",)
    configs = [Config(SEEDS, "seeds", s, "real", index_repeats if s == "embedded" else 1)
               for s in stores if with_seeds]
    sentences = seed_sentences(SEEDS)
    for papers in real_sizes:
        corpus = synthetic_corpus(work / f"real-{papers}" / "papers.txt", papers, sentences)
        configs.append(Config(corpus, f"synthetic {_count(papers)} papers", "embedded", "real"))
    for size in sizes:
        papers = max(1, round(size / CHUNKS_PER_PAPER))
        corpus = synthetic_corpus(work / f"synthetic-{size}" / "papers.txt", papers, sentences)
        configs += [Config(corpus, f"synthetic {_count(size)} chunks", s, "seed-means")
                    for s in stores]
    return configs


def service_lines(index_folder: Path, questions: list[str], clients: int = LOAD_CLIENTS,
                  seconds: float = LOAD_SECONDS) -> list[str]:
    """`paperwise serve` over the seed index: start-up, then one client alone and `clients`
    at once for `seconds` with a browser user beside them (eval/load.py)."""
    env = {"PAPERWISE_CHROMA_PATH": str(index_folder), "PAPERWISE_ANSWERER": "extractive",
           "PAPERWISE_DATA_DIR": str(SEEDS.resolve()), "GRADIO_ANALYTICS_ENABLED": "False"}
    with paperwise_serve(env, cwd=index_folder.parent) as (process, url, startup):
        rows = [f"| start-up to first page | {startup:.2f} s | | |"]
        rows += measure(url, process.pid, questions, clients, seconds).lines()
        rows.append(f"| server peak memory | {peak_rss_mb(process.pid):.0f} MB | | |")
    return rows


def seed_index(work: Path) -> Path:
    """The seeds indexed into `work`/chroma, for --load-only."""
    from rag import PaperQA, Settings

    folder = work / "chroma"
    PaperQA(Settings(_env_file=None, chroma={"path": folder}, data_dir=SEEDS.resolve())).index()
    return folder


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paperwise bench", description=__doc__)
    parser.add_argument("--repeats", type=int, default=3, help="timings per question")
    parser.add_argument("--index-repeats", type=int, default=3,
                        help="fresh builds of the seeds (embedded) to time")
    parser.add_argument("--real", type=int, nargs="*", default=list(REAL_SIZES),
                        metavar="PAPERS", help="synthetic corpora indexed with real embeddings, "
                        "in papers (embedded store; none when given no value)")
    parser.add_argument("--sizes", type=int, nargs="*", default=list(SIZES), metavar="CHUNKS",
                        help="synthetic corpora with seed-means vectors, in chunks")
    parser.add_argument("--questions", type=int, default=0,
                        help="time only the first N eval questions (0: all)")
    parser.add_argument("--no-seeds", action="store_true", help="skip the seed corpus")
    parser.add_argument("--no-server", action="store_true", help="embedded Chroma only")
    parser.add_argument("--no-service", action="store_true", help="skip the HTTP load test")
    parser.add_argument("--load-only", action="store_true",
                        help="only the HTTP load test, over a fresh index of the seeds")
    parser.add_argument("--load-clients", type=int, default=LOAD_CLIENTS,
                        help="concurrent API clients of the load test")
    parser.add_argument("--load-seconds", type=float, default=LOAD_SECONDS,
                        help="seconds the load test runs")
    parser.add_argument("--out", type=Path, default=None, help="folder for the report")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    out = args.out or Path("eval/results") / f"bench-{datetime.now(UTC):%Y%m%dT%H%M%SZ}"
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="pw-bench-"))
    questions = [q.question for q in load_questions(DEFAULT_QUESTIONS)]
    load = (args.load_clients, args.load_seconds)
    try:
        if args.load_only:
            results: list[ScaleResult] = []
            failures: list[str] = []
            service = service_lines(seed_index(work), questions, *load)
        else:
            configs = configurations(args.sizes, args.real, work, not args.no_server,
                                     args.index_repeats, not args.no_seeds)
            results, failures = run_all(configs, work, args.repeats, out / "bench.jsonl",
                                        args.questions)
            service = []
            if not args.no_service and results and results[0].label == "seeds":
                seeds = Path(results[0].folder) / f"chroma-{args.index_repeats - 1}"
                service = service_lines(seeds, questions, *load)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    command = "paperwise bench " + " ".join(argv if argv is not None else sys.argv[1:])
    print(write_report(out, results, service, failures, command.strip()))
    print(f"\nWritten to {out}/ (bench.md, bench.json, bench.png).")
    return 0
