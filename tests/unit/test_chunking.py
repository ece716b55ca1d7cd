"""Chunking the seed abstracts: within the model's window, nothing lost, overlapping. Only
MiniLM's tokenizer (a JSON file) is used here, never the model."""

import itertools

import tiktoken

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


def test_text_without_spaces_is_still_cut_within_size_and_kept_whole() -> None:
    paper = load_papers([SEEDS]).papers[0].model_copy(
        update={"abstract": "强化学习在线策略评估中的数据采集策略。" * 60})
    settings = ChunkingSettings(size_tokens=64, overlap_tokens=16)
    chunks = chunk_paper(paper, settings)
    assert len(chunks) > 3
    codec = tiktoken.get_encoding(settings.encoding)
    # A cut inside a character that takes two tokens can re-encode one token longer.
    assert all(len(codec.encode_ordinary(c.text)) <= 64 + 2 for c in chunks)
    assert chunks[0].text[:20] == paper.abstract[:20]
    assert paper.abstract.endswith(chunks[-1].text[-20:])
