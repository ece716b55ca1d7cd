"""Chunking the seed abstracts: within the model's window, nothing lost, overlapping. Only
MiniLM's tokenizer (a JSON file) is used here, never the model."""

import itertools

from index.chunking import chunk_paper
from index.embeddings import MINILM_WINDOW, MiniLMEmbeddings
from index.loaders import load_papers
from paperwise.settings import ChunkingSettings
from tests.conftest import SEEDS


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


def test_chunks_overlap() -> None:
    paper = max(load_papers([SEEDS]).papers, key=lambda p: len(p.abstract))
    chunks = chunk_paper(paper, ChunkingSettings(size_tokens=80, overlap_tokens=30))
    assert len(chunks) >= 3
    for first, second in itertools.pairwise(chunks):
        assert set(first.text.split()[-5:]) & set(second.text.split()[:40])
