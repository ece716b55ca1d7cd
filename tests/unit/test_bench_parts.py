"""The bench's parts: deterministic synthetic corpora of recombined seed text, the list of
configurations, and the report written from typed results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.bench import configurations
from eval.bench_report import write_report
from eval.scale import Ceiling, ScaleResult
from eval.synthetic import seed_sentences, synthetic_corpus
from index.loaders import load_papers
from paperwise.text import split_sentences
from tests.conftest import SEEDS


def test_synthetic_corpora_are_deterministic_recombined_seed_text(tmp_path: Path) -> None:
    sentences = seed_sentences(SEEDS)
    first = synthetic_corpus(tmp_path / "a" / "p.txt", 50, sentences).read_text()
    second = synthetic_corpus(tmp_path / "b" / "p.txt", 50, sentences).read_text()
    assert first == second
    papers = load_papers([tmp_path / "a" / "p.txt"]).papers
    assert len(papers) == 50
    pieces = [s for p in papers for s in split_sentences(p.abstract)]
    assert 5 * 50 <= len(pieces) <= 9 * 50
    # Nearly every sentence is a seed sentence (one ending in a bare URL merges with the next).
    known = set(sentences)
    assert sum(s in known for s in pieces) / len(pieces) > 0.95


def test_configurations_real_corpora_embedded_seed_means_in_every_store(tmp_path: Path) -> None:
    configs = configurations([200], [40], tmp_path, with_server=True, index_repeats=3)
    assert [(c.label, c.store, c.embedding, c.index_repeats) for c in configs] == [
        ("seeds", "embedded", "real", 3), ("seeds", "server", "real", 1),
        ("synthetic 40 papers", "embedded", "real", 1),
        ("synthetic 200 chunks", "embedded", "seed-means", 1),
        ("synthetic 200 chunks", "server", "seed-means", 1)]
    assert len(load_papers([configs[2].corpus]).papers) == 40
    assert [c.label for c in configurations([], [10_000], tmp_path, False, 1, False)] == [
        "synthetic 10k papers"]


def _result(label: str, store: str, embedding: str, chunks: int, hybrid_ms: float,
            baseline_ms: float, **fields: object) -> ScaleResult:
    latency = {"hybrid retrieval": [hybrid_ms / 1000] * 20,
               "extractive answer": [2 * hybrid_ms / 1000] * 20,
               "baseline similarity_search": [baseline_ms / 1000] * 20}
    values: dict = {"papers": chunks // 2, "chunks": chunks, "index_s": [500.0], "disk_mb": 9.0,
                    "index_peak_mb": 800.0, "peak_mb": 900.0, "latency_s": latency, **fields}
    return ScaleResult(label, "papers.txt", store, embedding, **values)


def test_report_marks_real_rows_and_checks_the_targets(tmp_path: Path) -> None:
    seeds = _result("seeds", "embedded", "real", 196, 18, 16, tokens=30_000,
                    ceiling=Ceiling(94, 1.0), recall_at_5={"paperwise": 0.9, "baseline": 0.8})
    real = _result("synthetic 10k papers", "embedded", "real", 19_000, 30, 25,
                   tokens=2_500_000, ceiling=Ceiling(1_000, 10.0), english_s=[190.0])
    embedded = _result("synthetic 100k chunks", "embedded", "seed-means", 99_000, 35, 40)
    server = _result("synthetic 100k chunks", "server", "seed-means", 99_000, 70, 50,
                     server_peak_mb=400.0)
    results = [seeds, real, embedded, server]
    text = write_report(tmp_path, results, ["| x | 1 / 2 ms | 3 req/s | 0 errors |"],
                        ["one (server): boom"], "cmd")
    assert ("| synthetic 10k papers | embedded | **real** | 9500 | 19000 | 500.0 | 19.0 | "
            "5,000 | 100.0 | 0.19 | 190.0 | 0.50 | 800 | 9 |") in text
    assert ("| synthetic 100k chunks | server | seed-means | 49500 | 99000 | 500.0 | 99.0 | – "
            "| – | – | – | – | 800 + server 400 | 9 |") in text
    targets = "| synthetic 100k chunks | {} | 99000 | {} |"
    assert targets.format("embedded", "35.0 | ≤ 40: met | 0.88 | met") in text
    assert targets.format("server", "70.0 | ≤ 60: missed | 1.40 | missed") in text
    assert "ratio 1.12" in text and "0 errors" in text and "FAILED: one (server)" in text
    data = json.loads((tmp_path / "bench.json").read_text(encoding="utf-8"))
    assert [row["real_embeddings"] for row in data["indexing"]] == [True, True, False, False]
    assert data["indexing"][1]["ratio"] == pytest.approx(0.19)
    assert data["indexing"][1]["english_ratio"] == pytest.approx(0.5)
    assert [(t["p95_met"], t["p50_met"]) for t in data["targets"]] == [(True, True),
                                                                       (False, False)]
    assert [ScaleResult.from_json(r) for r in data["results"]] == results
    assert (tmp_path / "bench.png").read_bytes()[:4] == b"\x89PNG"


def test_a_load_only_report_has_no_empty_tables(tmp_path: Path) -> None:
    text = write_report(tmp_path, [], ["| /api/ask | 1 / 2 ms | 3 req/s | 0 errors |"], [],
                        "paperwise bench --load-only")
    assert "## Indexing" not in text and "## Latency" not in text
    assert "## Service" in text and "| /api/ask | 1 / 2 ms |" in text
