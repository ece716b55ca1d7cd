"""Late chunking (Günther et al., Jina AI, 2024): embed an abstract once and pool each chunk's
and each sentence's vector from the token outputs of that one pass, instead of embedding every
piece again on its own. Each piece's vector then also carries the context of the abstract
around it.

A text longer than the model's window is cut into overlapping windows of tokens; a token that
two windows see takes the mean of its two outputs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

Span = tuple[int, int]  # [start, end) character offsets into a text

# Tokens shared by adjacent windows of a long text: a quarter of MiniLM's 254 content tokens,
# so every token has at least 32 tokens of context on each side in some window.
WINDOW_OVERLAP = 64


def token_windows(n_tokens: int, size: int, overlap: int = WINDOW_OVERLAP) -> list[Span]:
    """[start, end) token ranges of at most `size` covering n_tokens, adjacent ones sharing
    `overlap` tokens. One window when the text fits (an empty text has none)."""
    if n_tokens <= size:
        return [(0, n_tokens)] if n_tokens else []
    stride = max(1, size - min(overlap, size - 1))
    windows, start = [], 0
    while True:
        end = min(start + size, n_tokens)
        windows.append((start, end))
        if end == n_tokens:
            return windows
        start += stride


def token_ranges(token_offsets: Sequence[Span], parts: Sequence[Span]) -> list[Span]:
    """[start, end) token ranges of the tokens that lie within each character span (tokens
    straddling a border go with the part they start in)."""
    starts = np.array([a for a, _ in token_offsets], dtype=np.int64)
    return [(int(np.searchsorted(starts, a, "left")), int(np.searchsorted(starts, b, "left")))
            for a, b in parts]


def pool_spans(token_vectors: np.ndarray, token_offsets: Sequence[Span],
               spans: Sequence[Span]) -> np.ndarray:
    """One unit vector per character span: the mean of the vectors of the tokens that overlap
    it. A span no token overlaps (only characters the tokenizer drops) takes the mean of all."""
    if not spans:
        return np.zeros((0, token_vectors.shape[1]), dtype=np.float32)
    starts = np.array([a for a, _ in token_offsets])
    ends = np.array([b for _, b in token_offsets])
    span_starts = np.array([a for a, _ in spans])[:, None]
    span_ends = np.array([b for _, b in spans])[:, None]
    inside = ((starts[None, :] < span_ends) & (ends[None, :] > span_starts)).astype(np.float32)
    empty = inside.sum(axis=1) == 0
    inside[empty] = 1.0
    pooled = (inside @ token_vectors) / inside.sum(axis=1, keepdims=True)
    norms = np.linalg.norm(pooled, axis=1, keepdims=True)
    return np.asarray(pooled / np.clip(norms, 1e-12, None), dtype=np.float32)


def locate(text: str, part: str, start: int = 0) -> Span | None:
    """Where `part` occurs in `text` at or after `start`: exactly, or with any run of white
    space standing for any other (sentence splitting rejoins with single spaces)."""
    found = text.find(part, start)
    if found >= 0:
        return found, found + len(part)
    words = part.split()
    if not words:
        return None
    match = re.compile(r"\s+".join(re.escape(w) for w in words)).search(text, start)
    return (match.start(), match.end()) if match else None
