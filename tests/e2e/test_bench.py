"""The bench end to end: one configuration measured in its own process (`python -m
eval.scale`), then the report and chart written from results."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from eval import bench
from eval.metrics import load_questions
from eval.run import DEFAULT_QUESTIONS
from eval.synthetic import seed_sentences, synthetic_corpus
from tests.conftest import ROOT, SEEDS


def test_one_configuration_measured_in_its_own_process(tmp_path: Path) -> None:
    corpus = synthetic_corpus(tmp_path / "corpus" / "p.txt", 40, seed_sentences(SEEDS))
    done = subprocess.run([sys.executable, "-m", "eval.scale", str(corpus), "--folder",
                           str(tmp_path / "index"), "--embedding", "seed-means"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["papers"] == 40 and result["chunks"] >= 40
    assert result["disk_mb"] > 0 and result["peak_mb"] > 100
    questions = len(load_questions(DEFAULT_QUESTIONS))  # one timing per question and kind
    assert all(len(v) == questions for v in result["latency_s"].values()), questions
    result.update(label="synthetic 40", folder="x")
    seeds = {**result, "label": "seeds", "recall_at_5": {"paperwise": 0.9, "baseline": 0.8}}
    text = bench.report([seeds, result], ["| x | 1 / 2 ms | 3 req/s | 0 errors |"], "cmd")
    assert "| synthetic 40 | embedded | seed-means | 40 |" in text
    assert "ratio 1.12" in text and "0 errors" in text
    bench.chart([seeds, result], tmp_path / "bench.png")
    assert (tmp_path / "bench.png").read_bytes()[:4] == b"\x89PNG"
