"""`paperwise bench`: the seeds and synthetic corpora of about 1k, 10k and 100k chunks, each in
embedded Chroma and behind a `chroma run` server: indexing throughput, retrieval and
extractive-answer latency next to LangChain's `Chroma.similarity_search`, peak memory and index
size; then `paperwise serve` under 1 and 20 concurrent clients. Writes bench.md, bench.json and
bench.png; everything runs in a temporary folder on 127.0.0.1."""

from __future__ import annotations

import argparse
import json
import logging
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from eval.metrics import load_questions
from eval.run import DEFAULT_QUESTIONS
from eval.scale import KINDS, SEEDS
from eval.servers import paperwise_serve, peak_rss_mb
from eval.synthetic import seed_sentences, synthetic_corpus

log = logging.getLogger(__name__)

SIZES = (1_000, 10_000, 100_000)
CHUNKS_PER_PAPER = 1.92  # measured on the synthetic abstracts; tables show the actual counts
LOAD_CLIENTS = 20
LOAD_REQUESTS = 100
LOAD_MAX_S = 300.0


@dataclass(frozen=True)
class Config:
    corpus: Path
    label: str
    store: str
    embedding: str
    index_repeats: int = 1


def _p(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]


def _ms(values: list[float]) -> str:
    return f"{1000 * statistics.median(values):.1f} / {1000 * _p(values, 0.95):.1f}"


def run_config(config: Config, folder: Path, repeats: int) -> dict[str, Any]:
    """One configuration in its own process (clean peak memory); its JSON result."""
    command = [sys.executable, "-m", "eval.scale", str(config.corpus), "--store", config.store,
               "--folder", str(folder), "--embedding", config.embedding,
               "--repeats", str(repeats), "--index-repeats", str(config.index_repeats)]
    log.warning("bench: %s, %s store, %s embedding", config.label, config.store,
                config.embedding)
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{config.label} ({config.store}) failed:\n{done.stderr[-3000:]}")
    return {**json.loads(done.stdout), "label": config.label, "folder": str(folder)}


def run_all(configs: list[Config], work: Path, repeats: int, log_path: Path
            ) -> tuple[list[dict[str, Any]], list[str]]:
    """Every configuration; each result is appended to log_path as it comes (a long run that
    fails late keeps what it measured), and a failed one is reported, not fatal."""
    results, failures = [], []
    for n, config in enumerate(configs):
        try:
            result = run_config(config, work / f"run-{n}", repeats)
        except RuntimeError as exc:
            failures.append(f"{config.label} ({config.store}): "
                            + str(exc).strip().splitlines()[-1])
            log.warning("bench: %s", exc)
            continue
        results.append(result)
        with log_path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(result) + "\n")
    return results, failures


def configurations(sizes: Sequence[int], work: Path, with_server: bool,
                   index_repeats: int) -> list[Config]:
    stores = ("embedded", "server") if with_server else ("embedded",)
    configs = [Config(SEEDS, "seeds", s, "real", index_repeats if s == "embedded" else 1)
               for s in stores]
    sentences = seed_sentences(SEEDS)
    for size in sizes:
        papers = max(1, round(size / CHUNKS_PER_PAPER))
        corpus = synthetic_corpus(work / f"synthetic-{size}" / "papers.txt", papers, sentences)
        label = f"synthetic {size // 1000}k" if size >= 1000 else f"synthetic {size}"
        if size == min(sizes):  # the one synthetic size small enough to embed for real
            configs.append(Config(corpus, label, "embedded", "real"))
        configs += [Config(corpus, label, s, "seed-means") for s in stores]
    return configs


def indexing_table(results: list[dict[str, Any]]) -> list[str]:
    lines = ["| corpus | store | vectors from | papers | chunks | sentences | seconds | papers/s "
             "| chunks/s | index on disk (MB) | peak memory (MB) |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        seconds = statistics.median(r["index_s"])
        memory = f"{r['peak_mb']:.0f}" + (f" + server {r['server_peak_mb']:.0f}"
                                          if r["store"] == "server" else "")
        lines.append(f"| {r['label']} | {r['store']} | {r['embedding']} | {r['papers']} | "
                     f"{r['chunks']} | {r['sentences']} | {seconds:.1f} | "
                     f"{r['papers'] / seconds:.1f} | {r['chunks'] / seconds:.1f} | "
                     f"{r['disk_mb']:.0f} | {memory} |")
    return lines


def latency_table(results: list[dict[str, Any]]) -> list[str]:
    lines = ["| corpus | store | chunks | first query (s) | hybrid retrieval | extractive answer "
             "| baseline similarity_search | retrieval / baseline (p50) |",
             "|---|---|---|---|---|---|---|---|"]
    for r in results:
        lat = r["latency_s"]
        ratio = (statistics.median(lat["hybrid retrieval"])
                 / statistics.median(lat["baseline similarity_search"]))
        lines.append(f"| {r['label']} | {r['store']} | {r['chunks']} | "
                     f"{r['first_query_s']:.2f} | "
                     + " | ".join(_ms(lat[k]) for k in KINDS) + f" | {ratio:.2f} |")
    return lines


def growth_lines(results: list[dict[str, Any]]) -> list[str]:
    """p95 and disk at the largest synthetic corpus over the smallest, per store."""
    lines = []
    for store in dict.fromkeys(r["store"] for r in results):
        rows = sorted((r for r in results if r["store"] == store
                       and r["label"].startswith("synthetic") and r["embedding"] == "seed-means"),
                      key=lambda r: r["chunks"])
        if len(rows) < 2:
            continue
        small, large = rows[0], rows[-1]
        scale = large["chunks"] / small["chunks"]
        parts = [f"{k} p95 x{_p(large['latency_s'][k], .95) / _p(small['latency_s'][k], .95):.2f}"
                 for k in KINDS]
        lines.append(f"- {store}: {scale:.0f}x the chunks → " + ", ".join(parts)
                     + f", disk x{large['disk_mb'] / small['disk_mb']:.1f}.")
    return lines


def chart(results: list[dict[str, Any]], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    for store, style in (("embedded", "-"), ("server", "--")):
        rows = sorted((r for r in results if r["store"] == store
                       and (r["embedding"] == "seed-means" or r["label"] == "seeds")),
                      key=lambda r: r["chunks"])
        if not rows:
            continue
        chunks = [r["chunks"] for r in rows]
        for kind, colour in zip(KINDS, ("tab:blue", "tab:orange", "tab:grey"), strict=True):
            axes[0].plot(chunks, [1000 * _p(r["latency_s"][kind], .95) for r in rows], style,
                         marker="o", color=colour, label=f"{kind} ({store})")
        axes[1].plot(chunks, [r["disk_mb"] for r in rows], style, marker="o", label=store)
        axes[2].plot(chunks, [r["peak_mb"] + r["server_peak_mb"] for r in rows], style,
                     marker="o", label=store)
    titles = ("p95 latency (ms)", "index on disk (MB)", "peak memory, all processes (MB)")
    for axis, title in zip(axes, titles, strict=True):
        axis.set_xscale("log")
        axis.set_xlabel("chunks in the index")
        axis.set_title(title)
        axis.grid(alpha=0.3)
        axis.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def service_lines(index_folder: Path, questions: list[str]) -> list[str]:
    """`paperwise serve` over the seed index: start-up, then 1 and 20 concurrent clients."""
    env = {"PAPERWISE_CHROMA_PATH": str(index_folder), "PAPERWISE_ANSWERER": "extractive",
           "PAPERWISE_DATA_DIR": str(SEEDS.resolve()), "GRADIO_ANALYTICS_ENABLED": "False"}
    with paperwise_serve(env, cwd=index_folder.parent) as (process, url, startup):
        rows = [f"| start-up to first page | {startup:.2f} s | | |"]
        rows += [_load(url, questions, clients) for clients in (1, LOAD_CLIENTS)]
        rows.append(f"| server peak memory | {peak_rss_mb(process.pid):.0f} MB | | |")
    return rows


def _load(url: str, questions: list[str], clients: int) -> str:
    import httpx

    deadline = time.monotonic() + LOAD_MAX_S
    latencies: list[float] = []
    errors = 0

    def one(i: int) -> None:
        nonlocal errors
        if time.monotonic() > deadline:
            return
        started = time.perf_counter()
        try:
            response = httpx.post(url + "/api/ask", timeout=60,
                                  json={"question": questions[i % len(questions)]})
            response.raise_for_status()
            latencies.append(time.perf_counter() - started)
        except httpx.HTTPError:
            errors += 1

    started = time.perf_counter()
    with ThreadPoolExecutor(clients) as pool:
        list(pool.map(one, range(LOAD_REQUESTS)))
    wall = time.perf_counter() - started
    return (f"| /api/ask, {clients} client(s), {len(latencies)} requests | {_ms(latencies)} ms | "
            f"{len(latencies) / wall:.1f} req/s | {errors} errors |")


def report(results: list[dict[str, Any]], service: list[str], command: str) -> str:
    seeds = next(r for r in results if r["label"] == "seeds" and r["recall_at_5"])
    ours, theirs = seeds["recall_at_5"]["paperwise"], seeds["recall_at_5"]["baseline"]
    fallbacks = sum(r["real_embeddings_for_pieces"] for r in results)
    lines = [f"# paperwise bench ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)", "",
             f"Command: `{command}`", "", "## Indexing", "", *indexing_table(results), "",
             "\"seed-means\": synthetic abstracts are recombined seed sentences; each seed "
             "sentence is embedded once by MiniLM and a chunk's vector is the mean of its "
             f"sentences' ({fallbacks} pieces cut mid-sentence were embedded for real), so "
             "these rows time chunking and the store, not the model. \"real\": every chunk "
             "and sentence embedded by MiniLM (seeds also by multilingual-e5, the default).",
             "", "## Latency (ms, p50 / p95; real MiniLM query vectors)", "",
             *latency_table(results), "", "Growth with corpus size:", *growth_lines(results),
             "", f"recall@5 on the eval set (seeds): Paperwise hybrid {ours:.3f}, LangChain "
             f"Chroma.similarity_search {theirs:.3f} (ratio {ours / theirs:.2f}).", ""]
    if service:
        lines += ["## Service: `paperwise serve` on 127.0.0.1 (seeds)", "",
                  "| what | p50 / p95 | throughput | errors |", "|---|---|---|---|", *service,
                  ""]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="paperwise bench", description=__doc__)
    parser.add_argument("--repeats", type=int, default=3, help="timings per question")
    parser.add_argument("--index-repeats", type=int, default=3,
                        help="fresh builds of the seeds (embedded) to time")
    parser.add_argument("--sizes", type=int, nargs="*", default=list(SIZES),
                        help="synthetic corpus sizes, in chunks")
    parser.add_argument("--no-server", action="store_true", help="embedded Chroma only")
    parser.add_argument("--no-service", action="store_true", help="skip the HTTP load test")
    parser.add_argument("--out", type=Path, default=None, help="folder for the report")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    out = args.out or Path("eval/results") / f"bench-{datetime.now(UTC):%Y%m%dT%H%M%SZ}"
    out.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="pw-bench-"))
    try:
        configs = configurations(args.sizes, work, not args.no_server, args.index_repeats)
        results, failures = run_all(configs, work, args.repeats, out / "bench.jsonl")
        service: list[str] = []
        if not args.no_service and results and results[0]["label"] == "seeds":
            seeds = Path(results[0]["folder"]) / f"chroma-{args.index_repeats - 1}"
            questions = [q.question for q in load_questions(DEFAULT_QUESTIONS)]
            service = service_lines(seeds, questions)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    command = "paperwise bench " + " ".join(argv if argv is not None else sys.argv[1:])
    text = report(results, service, command.strip()) + "".join(
        f"\nFAILED: {failure}\n" for failure in failures)
    (out / "bench.md").write_text(text, encoding="utf-8")
    (out / "bench.json").write_text(json.dumps(results), encoding="utf-8")
    chart(results, out / "bench.png")
    print(text)
    print(f"\nWritten to {out}/ (bench.md, bench.json, bench.png).")
    return 0
