"""The bench's seed-sentence vectors stand in for the real model's, checked against it."""

from __future__ import annotations

import numpy as np

from eval.synthetic import SeedSentenceEmbeddings, seed_sentences
from index.embeddings import MiniLMEmbeddings
from tests.conftest import SEEDS


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
    assert np.array_equal(means.embed_query("long context"), embedder.embed_query("long context"))
