"""The real MiniLM model (onnxruntime): vectors as the index expects them, and good enough to
find an abstract from a paraphrase in the seed index."""

import numpy as np

from index.embeddings import MiniLMEmbeddings
from rag import PaperQA


def test_embeddings_are_384d_normalised_and_deterministic(embedder: MiniLMEmbeddings) -> None:
    vectors = embedder.embed(["graph neural networks", "a much longer sentence " * 80])
    assert vectors.shape == (2, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert np.allclose(embedder.embed(["graph neural networks"])[0], vectors[0], atol=1e-6)
    assert len(embedder.embed_query("x")) == 384


def test_a_paraphrase_ranks_its_abstract_first(seed_qa: PaperQA) -> None:
    """Dense search alone (the model's vectors of the seed index's chunks) finds the paper a
    paraphrase describes without naming it."""
    question = "a benchmark of harmful prompts organised by the risk types that laws and " \
               "company rules name"
    hits = seed_qa.retrieve(question, k=1, mode="dense")
    assert hits[0].paper.title == "AIR-BENCH 2024"
