"""The bench's synthetic corpora: deterministic, recombined seed text."""

from __future__ import annotations

from pathlib import Path

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
