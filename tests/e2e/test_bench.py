"""The bench end to end: `paperwise bench` on a tiny real-embedding corpus (40 papers, MiniLM
and multilingual-e5 through build_index, its ceiling measured beside it) and a tiny seed-means
corpus in embedded Chroma and behind a `chroma run` server, each configuration in its own
process (`python -m eval.scale`), then the report written from the results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval import bench
from tests.conftest import ROOT

_QUESTIONS = 8


def test_tiny_bench_runs_end_to_end(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)  # the bench's seeds are data/, as under `make bench`
    out = tmp_path / "out"
    assert bench.main(["--no-seeds", "--real", "40", "--sizes", "80", "--repeats", "1",
                       "--questions", str(_QUESTIONS), "--no-service", "--out", str(out)]) == 0
    text = (out / "bench.md").read_text(encoding="utf-8")
    assert "FAILED" not in text, text
    assert ("| corpus | store | embeddings | papers | chunks | seconds | papers/s | tokens/s "
            "| ceiling abstracts/s | ratio | answerable after (s) | ratio until answerable "
            "| peak MB | disk MB |") in text
    assert "| synthetic 40 papers | embedded | **real** | 40 |" in text
    assert "| synthetic 80 chunks | server | seed-means |" in text
    assert "## Targets: hybrid retrieval at 100k chunks" in text

    data = json.loads((out / "bench.json").read_text(encoding="utf-8"))
    real, embedded, server = data["indexing"]
    assert real["real_embeddings"] and real["papers"] == 40 and real["chunks"] >= 40
    assert real["tokens_per_s"] > real["papers_per_s"] > 0
    assert real["ceiling_abstracts_per_s"] > 0 and real["ratio"] > 0
    assert real["peak_mb"] > 100 and real["disk_mb"] > 0
    assert not embedded["real_embeddings"] and embedded["ratio"] is None
    assert server["store"] == "server" and server["server_peak_mb"] > 0
    assert [t["store"] for t in data["targets"]] == ["embedded", "server"]
    first = data["results"][0]
    assert first["ceiling"]["abstracts"] == 40 and first["tokens"] > 40 * 50
    for result in data["results"]:  # one timing per question and kind
        assert all(len(v) == _QUESTIONS for v in result["latency_s"].values()), result["label"]
    assert (out / "bench.png").read_bytes()[:4] == b"\x89PNG"
