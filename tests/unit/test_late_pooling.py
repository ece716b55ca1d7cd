"""Late chunking's pure parts: token windows, pooling spans from token vectors, finding a piece
in its abstract."""

import itertools

import numpy as np
import pytest

from index.build import _spans, _vectors
from index.chunking import Chunk
from index.embeddings import Embedder, _length_buckets
from index.late_pooling import Span, locate, pool_spans, token_ranges, token_windows
from paperwise.types import Paper


@pytest.mark.parametrize("n_tokens", [0, 1, 254, 255, 600, 1000])
def test_windows_cover_every_token_within_the_size_and_overlap(n_tokens: int) -> None:
    windows = token_windows(n_tokens, 254, overlap=64)
    covered = np.zeros(n_tokens, dtype=int)
    for start, end in windows:
        assert 0 <= start < end <= n_tokens and end - start <= 254
        covered[start:end] += 1
    assert (covered >= 1).all()
    if 0 < n_tokens <= 254:
        assert windows == [(0, n_tokens)]
    for (_, first_end), (second_start, _) in itertools.pairwise(windows):
        assert first_end - second_start == 64


def test_a_text_that_fits_is_one_window() -> None:
    assert token_windows(200, 254) == [(0, 200)]
    assert token_windows(0, 254) == []


def test_a_span_is_the_normalised_mean_of_the_tokens_it_overlaps() -> None:
    vectors = np.array([[1.0, 0.0], [0.0, 1.0], [0.0, 3.0]], dtype=np.float32)
    offsets = [(0, 5), (6, 11), (12, 20)]
    pooled = pool_spans(vectors, offsets, [(0, 5), (6, 20), (3, 8), (30, 40)])
    assert np.allclose(pooled[0], [1.0, 0.0])
    assert np.allclose(pooled[1], [0.0, 1.0])  # mean (0, 2), normalised
    assert np.allclose(pooled[2], np.array([1.0, 1.0]) / np.sqrt(2))  # overlaps tokens 0 and 1
    assert np.allclose(pooled[3], np.array([1.0, 4.0]) / np.linalg.norm([1.0, 4.0]))  # none: all
    assert pool_spans(vectors, offsets, []).shape == (0, 2)


def test_token_ranges_take_the_tokens_that_start_inside_each_part() -> None:
    offsets = [(0, 3), (4, 9), (9, 10), (11, 16), (17, 20)]
    assert token_ranges(offsets, [(0, 10), (11, 20), (4, 5)]) == [(0, 3), (3, 5), (1, 2)]


def test_locate_finds_exact_and_respaced_pieces_in_order() -> None:
    text = "First sentence here.  Second one\nspans lines. First sentence here."
    assert locate(text, "First sentence here.") == (0, 20)
    assert locate(text, "First sentence here.", 1) == (46, 66)
    assert locate(text, "Second one spans lines.") == (22, 45)
    assert locate(text, "not in it") is None
    assert locate(text, "   ") is None


class _Recorder(Embedder):
    """Records what the build asks of an embedder; vectors are rows of ones."""

    dimension = 2

    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[str, object]] = []

    def embed_batch(self, texts: list[str]) -> np.ndarray:
        self.calls.append(("embed", list(texts)))
        return np.ones((len(texts), 2), dtype=np.float32)

    def embed_spans(self, texts: list[str], spans: list[list[Span]],
                    passes: list[list[Span]] | None = None) -> list[np.ndarray]:
        self.calls.append(("spans", (texts, spans, passes)))
        return [np.ones((len(s), 2), dtype=np.float32) for s in spans]


def _paper(pid: str, abstract: str) -> Paper:
    return Paper(id=pid, title="t", source="s.txt", position=1, abstract=abstract)


def test_the_build_embeds_each_sentence_once_and_pools_chunks_from_them() -> None:
    text = "One two three. Four five six. Seven eight."
    chunks = [Chunk("a:0", "a", 0, "One two three. Four"),
              Chunk("a:1", "a", 1, "five six. Seven eight.")]
    sentences = ["One two three.", "Four five six.", "Seven eight."]
    assert _spans(text, chunks, sentences) == [(0, 19), (20, 42), (0, 14), (15, 29), (30, 42)]
    recorder = _Recorder()
    [vectors] = _vectors(recorder, [_paper("a", text)], [chunks], [sentences])
    assert vectors.shape == (5, 2)
    assert recorder.calls == [("spans", ([text], [_spans(text, chunks, sentences)],
                                         [[(0, 14), (15, 29), (30, 42)]]))]


def test_pieces_not_found_in_the_abstract_are_embedded_alone() -> None:
    text = "Alpha beta. Gamma delta."
    chunks = [Chunk("b:0", "b", 0, "Alpha beta. Gamma delta.")]
    assert _spans(text, chunks, ["Alpha beta.", "Not there."]) is None
    recorder = _Recorder()
    [vectors] = _vectors(recorder, [_paper("b", text)], [chunks], [["Alpha beta.", "Not there."]])
    assert vectors.shape == (3, 2)
    assert recorder.calls[0] == ("spans", ([], [], []))
    kind, texts = recorder.calls[1]
    assert kind == "embed" and sorted(texts) == sorted(  # type: ignore[call-overload]
        ["Alpha beta. Gamma delta.", "Alpha beta.", "Not there."])


def test_length_buckets_keep_every_range_once_within_the_token_budget() -> None:
    jobs = [(n, 0, length) for n, length in enumerate([30, 254, 12, 40, 254, 100, 7, 60])]
    batches = list(_length_buckets(jobs, 512))
    assert sorted(j for b in batches for j in b) == sorted(jobs)
    for batch in batches:
        assert len(batch) == 1 or len(batch) * (max(e - s for _, s, e in batch) + 2) <= 512
    lengths = [e - s for b in batches for _, s, e in b]
    assert lengths == sorted(lengths)
