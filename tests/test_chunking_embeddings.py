import itertools
from pathlib import Path

import numpy as np

from index.chunking import chunk_paper
from index.embeddings import MINILM_WINDOW, MiniLMEmbeddings
from index.loaders import load_papers
from paperwise.settings import ChunkingSettings

SEEDS = Path(__file__).parent.parent / "data"


def test_no_chunk_exceeds_the_model_window_and_all_text_is_kept(
        embedder: MiniLMEmbeddings) -> None:
    papers = load_papers([SEEDS]).papers
    long_ones = [p for p in papers if embedder.count_tokens(p.abstract) > MINILM_WINDOW]
    assert len(long_ones) >= 40  # the reason chunking exists
    for paper in papers:
        chunks = chunk_paper(paper, ChunkingSettings(), embedder.window, embedder.count_tokens)
        assert all(embedder.count_tokens(c.text) <= MINILM_WINDOW for c in chunks)
        assert all(c.id == f"{paper.id}:{c.index}" for c in chunks)
        words = set(paper.abstract.split())
        assert words == set(" ".join(c.text for c in chunks).split())


def test_a_tiny_model_window_forces_finer_chunks(embedder: MiniLMEmbeddings) -> None:
    paper = load_papers([SEEDS]).papers[0]
    chunks = chunk_paper(paper, ChunkingSettings(), 64, embedder.count_tokens)
    assert len(chunks) > 3 and all(embedder.count_tokens(c.text) <= 64 for c in chunks)


def test_chunks_overlap(embedder: MiniLMEmbeddings) -> None:
    paper = max(load_papers([SEEDS]).papers, key=lambda p: len(p.abstract))
    chunks = chunk_paper(paper, ChunkingSettings(size_tokens=80, overlap_tokens=30))
    assert len(chunks) >= 3
    for first, second in itertools.pairwise(chunks):
        assert set(first.text.split()[-5:]) & set(second.text.split()[:40])


def test_embeddings_are_384d_normalised_and_deterministic(embedder: MiniLMEmbeddings) -> None:
    vectors = embedder.embed(["graph neural networks", "a much longer sentence " * 80])
    assert vectors.shape == (2, 384)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    assert np.allclose(embedder.embed(["graph neural networks"])[0], vectors[0], atol=1e-6)
    assert len(embedder.embed_query("x")) == 384


def test_a_paraphrase_ranks_its_abstract_first(embedder: MiniLMEmbeddings) -> None:
    papers = load_papers([SEEDS]).papers
    matrix = embedder.embed([p.abstract for p in papers])
    question = "a benchmark of harmful prompts organised by the risk types that laws and " \
               "company rules name"
    best = papers[int(np.argmax(matrix @ embedder.embed([question])[0]))]
    assert best.title == "AIR-BENCH 2024"
