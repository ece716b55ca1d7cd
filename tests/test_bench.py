"""The bench's own parts: synthetic corpora, seed-sentence vectors, one configuration measured
end to end in its own process, and the report and chart written from results."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np

from eval import bench
from eval.synthetic import SeedSentenceEmbeddings, seed_sentences, synthetic_corpus
from index.embeddings import MiniLMEmbeddings
from index.loaders import load_papers
from paperwise.text import split_sentences
from tests.conftest import ROOT, SEEDS


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


def test_seed_sentence_vectors_match_the_model(embedder: MiniLMEmbeddings) -> None:
    sentences = seed_sentences(SEEDS)[:40]
    means = SeedSentenceEmbeddings(embedder, sentences)
    one, two = sentences[0], sentences[1]
    got = means.embed([one, f"{one} {two}", two.split(" ", 3)[-1]])
    real = embedder.embed([one, two])
    assert np.allclose(got[0], real[0], atol=1e-5)
    expected = (real[0] + real[1]) / np.linalg.norm(real[0] + real[1])
    assert float(got[1] @ expected) > 0.999
    assert float(got[2] @ real[1]) > 0.999  # a piece cut mid-sentence maps to its sentence
    assert means.fallbacks == 0
    assert means.embed_query("long context") == embedder.embed_query("long context")


def test_one_configuration_measured_in_its_own_process(tmp_path: Path) -> None:
    corpus = synthetic_corpus(tmp_path / "corpus" / "p.txt", 40, seed_sentences(SEEDS))
    done = subprocess.run([sys.executable, "-m", "eval.scale", str(corpus), "--folder",
                           str(tmp_path / "index"), "--embedding", "seed-means"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["papers"] == 40 and result["chunks"] >= 40
    assert result["disk_mb"] > 0 and result["peak_mb"] > 100
    assert all(len(v) == 140 for v in result["latency_s"].values())
    result.update(label="synthetic 40", folder="x")
    seeds = {**result, "label": "seeds", "recall_at_5": {"paperwise": 0.9, "baseline": 0.8}}
    text = bench.report([seeds, result], ["| x | 1 / 2 ms | 3 req/s | 0 errors |"], "cmd")
    assert "| synthetic 40 | embedded | seed-means | 40 |" in text
    assert "ratio 1.12" in text and "0 errors" in text
    bench.chart([seeds, result], tmp_path / "bench.png")
    assert (tmp_path / "bench.png").read_bytes()[:4] == b"\x89PNG"
