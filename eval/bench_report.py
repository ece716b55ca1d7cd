"""The bench's report: the indexing, latency and target tables, the chart, and bench.md,
bench.json and bench.png, all from ScaleResults (`eval.scale`)."""

from __future__ import annotations

import json
import statistics
from dataclasses import asdict, dataclass
from datetime import UTC, datetime
from pathlib import Path

from eval.metrics import percentile
from eval.scale import CEILING_BATCH, CEILING_SAMPLE, KINDS, ScaleResult

# Hybrid retrieval at 100k chunks: p95 per store, and p50 against dense similarity_search.
TARGET_CHUNKS = 100_000
TARGET_P95_MS = {"embedded": 40.0, "server": 60.0}
TARGET_P50_RATIO = 1.0


@dataclass(frozen=True)
class IndexingRow:
    """One line of the indexing table; the ceiling columns only for real embeddings."""

    corpus: str
    store: str
    real_embeddings: bool
    papers: int
    chunks: int
    seconds: float
    papers_per_s: float
    tokens_per_s: float | None
    ceiling_abstracts_per_s: float | None
    ratio: float | None
    english_seconds: float | None  # until answerable; the multilingual vectors follow
    english_ratio: float | None
    peak_mb: float
    server_peak_mb: float | None
    disk_mb: float


@dataclass(frozen=True)
class TargetCheck:
    """Hybrid retrieval on the largest seed-means corpus of one store, against the targets."""

    corpus: str
    store: str
    chunks: int
    hybrid_p95_ms: float
    p95_target_ms: float
    p50_ratio: float  # hybrid retrieval p50 / LangChain similarity_search p50
    p95_met: bool
    p50_met: bool


def p95(r: ScaleResult, kind: str) -> float:
    return percentile(r.latency_s[kind], 0.95)


def ms_p50_p95(values: list[float]) -> str:
    return f"{1000 * statistics.median(values):.1f} / {1000 * percentile(values, 0.95):.1f}"


def _num(value: float | None, digits: int = 1) -> str:
    return "–" if value is None else f"{value:,.{digits}f}"


def _p50_ratio(r: ScaleResult) -> float:
    return (statistics.median(r.latency_s["hybrid retrieval"])
            / statistics.median(r.latency_s["baseline similarity_search"]))


def indexing_row(r: ScaleResult) -> IndexingRow:
    return IndexingRow(
        r.label, r.store, r.real, r.papers, r.chunks, r.index_seconds, r.papers_per_s,
        r.tokens_per_s, r.ceiling.abstracts_per_s if r.ceiling else None, r.ceiling_ratio,
        statistics.median(r.english_s) if r.english_s else None, r.english_ceiling_ratio,
        r.index_peak_mb, r.server_peak_mb if r.store == "server" else None, r.disk_mb)


def indexing_table(rows: list[IndexingRow]) -> list[str]:
    lines = ["| corpus | store | embeddings | papers | chunks | seconds | papers/s | tokens/s "
             "| ceiling abstracts/s | ratio | answerable after (s) | ratio until answerable "
             "| peak MB | disk MB |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in rows:
        peak = f"{row.peak_mb:.0f}" + (f" + server {row.server_peak_mb:.0f}"
                                       if row.server_peak_mb is not None else "")
        lines.append(
            f"| {row.corpus} | {row.store} | {'**real**' if row.real_embeddings else 'seed-means'}"
            f" | {row.papers} | {row.chunks} | {row.seconds:.1f} | {row.papers_per_s:.1f} | "
            f"{_num(row.tokens_per_s, 0)} | {_num(row.ceiling_abstracts_per_s)} | "
            f"{_num(row.ratio, 2)} | {_num(row.english_seconds)} | {_num(row.english_ratio, 2)}"
            f" | {peak} | {row.disk_mb:.0f} |")
    return lines


def latency_table(results: list[ScaleResult]) -> list[str]:
    lines = ["| corpus | store | embeddings | chunks | first query (s) | hybrid retrieval "
             "| extractive answer | baseline similarity_search | retrieval / baseline (p50) |",
             "|---|---|---|---|---|---|---|---|---|"]
    for r in results:
        cells = " | ".join(ms_p50_p95(r.latency_s[k]) for k in KINDS)
        lines.append(f"| {r.label} | {r.store} | {r.embedding} | {r.chunks} | "
                     f"{r.first_query_s:.2f} | {cells} | {_p50_ratio(r):.2f} |")
    return lines


def target_checks(results: list[ScaleResult]) -> list[TargetCheck]:
    """Per store, the largest seed-means corpus against the 100k-chunk targets."""
    checks = []
    for store, p95_target in TARGET_P95_MS.items():
        rows = [r for r in results if r.store == store and r.embedding == "seed-means"]
        if not rows:
            continue
        r = max(rows, key=lambda r: r.chunks)
        ms, ratio = 1000 * p95(r, "hybrid retrieval"), _p50_ratio(r)
        checks.append(TargetCheck(r.label, store, r.chunks, ms, p95_target, ratio,
                                  ms <= p95_target, ratio <= TARGET_P50_RATIO))
    return checks


def targets_table(checks: list[TargetCheck]) -> list[str]:
    lines = ["| corpus | store | chunks | hybrid p95 (ms) | target | p50 / similarity_search "
             f"| target ≤ {TARGET_P50_RATIO:.2f} |", "|---|---|---|---|---|---|---|"]
    for c in checks:
        lines.append(f"| {c.corpus} | {c.store} | {c.chunks} | {c.hybrid_p95_ms:.1f} | "
                     f"≤ {c.p95_target_ms:.0f}: {'met' if c.p95_met else 'missed'} | "
                     f"{c.p50_ratio:.2f} | {'met' if c.p50_met else 'missed'} |")
    if any(c.chunks < 0.9 * TARGET_CHUNKS for c in checks):
        lines += ["", f"The targets are for {TARGET_CHUNKS:,} chunks; rows with fewer chunks "
                  "only show the trend (`--sizes 100000`)."]
    return lines


def growth_lines(results: list[ScaleResult]) -> list[str]:
    """p95 and disk at the largest synthetic corpus over the smallest, per store."""
    lines = []
    for store in dict.fromkeys(r.store for r in results):
        rows = sorted((r for r in results if r.store == store and r.embedding == "seed-means"),
                      key=lambda r: r.chunks)
        if len(rows) < 2:
            continue
        small, large = rows[0], rows[-1]
        scale = large.chunks / small.chunks
        parts = [f"{k} p95 x{p95(large, k) / p95(small, k):.2f}" for k in KINDS]
        lines.append(f"- {store}: {scale:.0f}x the chunks → " + ", ".join(parts)
                     + f", disk x{large.disk_mb / small.disk_mb:.1f}.")
    return lines


def chart(results: list[ScaleResult], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    for store, style in (("embedded", "-"), ("server", "--")):
        rows = sorted((r for r in results if r.store == store
                       and (r.embedding == "seed-means" or r.label == "seeds")),
                      key=lambda r: r.chunks)
        if not rows:
            continue
        chunks = [r.chunks for r in rows]
        for kind, colour in zip(KINDS, ("tab:blue", "tab:orange", "tab:grey"), strict=True):
            axes[0].plot(chunks, [1000 * p95(r, kind) for r in rows], style,
                         marker="o", color=colour, label=f"{kind} ({store})")
        axes[1].plot(chunks, [r.disk_mb for r in rows], style, marker="o", label=store)
        axes[2].plot(chunks, [r.peak_mb + r.server_peak_mb for r in rows], style,
                     marker="o", label=store)
    titles = ("p95 latency (ms)", "index on disk (MB)", "peak memory, all processes (MB)")
    for axis, title in zip(axes, titles, strict=True):
        axis.set_xscale("log")
        axis.set_xlabel("chunks in the index")
        axis.set_title(title)
        axis.grid(alpha=0.3)
        if axis.get_legend_handles_labels()[0]:
            axis.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def _indexing_notes(results: list[ScaleResult]) -> list[str]:
    fallbacks = sum(r.real_embeddings_for_pieces for r in results)
    real, means = [
        "**real** rows: every chunk and sentence embedded by MiniLM through `build_index` into "
        "a fresh store, with multilingual-e5 on (the default); tokens/s counts the abstracts' "
        "MiniLM wordpieces. The ceiling is one bare pass of the same int8 MiniLM ONNX model "
        f"(batch {CEILING_BATCH}, 256 wordpieces) over up to {CEILING_SAMPLE:,} of the same "
        "abstracts, timed in the same process right before the build; ratio = papers/s ÷ "
        "ceiling abstracts/s. The build writes the English vectors first (answerable after "
        "that many seconds, as with `paperwise index --multilingual-later`), then the "
        "multilingual ones; ratio until answerable = papers ÷ those seconds ÷ ceiling.",
        "seed-means rows: synthetic abstracts are recombined seed sentences; each seed sentence "
        "is embedded once by MiniLM and a chunk's vector is the mean of its sentences' "
        f"({fallbacks} pieces cut mid-sentence were embedded for real), so these rows time "
        "chunking and the store, not the model, and have no multilingual-e5 vectors."]
    kinds = {r.embedding for r in results}
    return ["Peak MB: the indexing process's peak RSS when its build ends (+ the `chroma run` "
            "server's peak).", "", *([real, ""] if "real" in kinds else []),
            *([means] if "seed-means" in kinds else [])]


def report(results: list[ScaleResult], service: list[str], command: str) -> str:
    lines = [f"# paperwise bench ({datetime.now(UTC):%Y-%m-%d %H:%M} UTC)", "",
             f"Command: `{command}`"]
    if results:  # `--load-only` measures the service alone
        lines += ["", "## Indexing", "", *indexing_table([indexing_row(r) for r in results]),
                  "", *_indexing_notes(results), "",
                  "## Latency (ms, p50 / p95; real MiniLM query vectors)", "",
                  *latency_table(results)]
    growth = growth_lines(results)
    if growth:
        lines += ["", "Growth with corpus size:", *growth]
    checks = target_checks(results)
    if checks:
        lines += ["", "## Targets: hybrid retrieval at 100k chunks", "", *targets_table(checks)]
    seeds = next((r for r in results if r.label == "seeds" and r.recall_at_5), None)
    if seeds is not None:
        ours, theirs = seeds.recall_at_5["paperwise"], seeds.recall_at_5["baseline"]
        lines += ["", f"recall@5 on the eval set (seeds): Paperwise hybrid {ours:.3f}, "
                  f"LangChain Chroma.similarity_search {theirs:.3f} (ratio {ours / theirs:.2f})."]
    if service:
        lines += ["", "## Service: `paperwise serve` on 127.0.0.1 (seeds)", "",
                  "| what | p50 / p95 | throughput | errors |", "|---|---|---|---|", *service]
    return "\n".join([*lines, ""])


def write_report(out: Path, results: list[ScaleResult], service: list[str],
                 failures: list[str], command: str) -> str:
    """bench.md, bench.json and bench.png in out; returns the Markdown."""
    text = report(results, service, command) + "".join(f"\nFAILED: {f}\n" for f in failures)
    (out / "bench.md").write_text(text, encoding="utf-8")
    data = {"command": command, "indexing": [asdict(indexing_row(r)) for r in results],
            "targets": [asdict(c) for c in target_checks(results)],
            "results": [asdict(r) for r in results], "failures": failures}
    (out / "bench.json").write_text(json.dumps(data, indent=1), encoding="utf-8")
    chart(results, out / "bench.png")
    return text
