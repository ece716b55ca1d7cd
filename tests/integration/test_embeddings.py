"""The real MiniLM model (onnxruntime): vectors as the index expects them, and good enough to
find an abstract from a paraphrase in the seed index."""

import numpy as np

from index.embeddings import MINILM_WINDOW, MiniLMEmbeddings
from index.late_pooling import Span, locate
from index.loaders import load_papers
from paperwise.text import split_sentences
from rag import PaperQA
from tests.conftest import SEEDS


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


def test_pieces_pooled_from_one_pass_over_the_abstract_or_its_sentences(
        embedder: MiniLMEmbeddings) -> None:
    """The whole-text span of one pass is close to the plain embedding (both mean-pool the same
    tokens); with one pass per sentence, each sentence keeps the vector it has alone, and a
    span across two sentences pools the tokens of both."""
    paper = next(p for p in load_papers([SEEDS]).papers
                 if 120 < embedder.count_tokens(p.abstract) < MINILM_WINDOW)
    sentences = split_sentences(paper.abstract)
    spans: list[Span] = []
    for sentence in sentences:
        found = locate(paper.abstract, sentence, spans[-1][1] if spans else 0)
        assert found is not None
        spans.append(found)
    [whole] = embedder.embed_spans([paper.abstract], [[(0, len(paper.abstract))]])
    assert float(whole[0] @ embedder.embed([paper.abstract])[0]) > 0.97
    pair = (spans[0][0], spans[1][1])
    [pooled] = embedder.embed_spans([paper.abstract], [[*spans, pair]], [spans])
    alone = embedder.embed(sentences)
    assert np.allclose(np.linalg.norm(pooled, axis=1), 1.0, atol=1e-5)
    assert min(float(a @ b) for a, b in zip(pooled, alone, strict=False)) > 0.97
    both = (pooled[0] + pooled[1]) / np.linalg.norm(pooled[0] + pooled[1])
    assert float(pooled[-1] @ both) > 0.95


def test_long_abstracts_are_pooled_over_overlapping_windows(embedder: MiniLMEmbeddings) -> None:
    paper = max(load_papers([SEEDS]).papers, key=lambda p: embedder.count_tokens(p.abstract))
    text = paper.abstract + " " + paper.abstract  # well past the 256-wordpiece window
    half = len(paper.abstract)
    first, second = embedder.embed_spans([text], [[(0, half), (half + 1, len(text))]])[0]
    assert float(first @ second) > 0.9  # the same words, seen in different windows


def test_no_texts_have_no_span_vectors(embedder: MiniLMEmbeddings) -> None:
    """A build batch whose every paper has a piece not found in its abstract pools nothing
    (fuzzed CI input once crashed here: IndexError on the first text of none)."""
    assert embedder.embed_spans([], [], []) == []
