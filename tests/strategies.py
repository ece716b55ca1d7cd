"""Hypothesis strategies the fuzz tests of every tier share: text with the characters where
naive splitting loses text, abstracts, and lone surrogates as broken JSON clients send them."""

from __future__ import annotations

from hypothesis import strategies as st

from index.loaders import SUFFIXES

__all__ = ["ABSTRACT", "CHARS", "LONE_SURROGATES", "LONG", "PREFIXES", "SHORT", "SUFFIXES",
           "TEXT", "WORDS"]

# Line and paragraph separators, NEL, BOM, bidi marks: where naive splitting loses text.
TRICKY = "\u2028\u2029\x85\r\n\t\x0b\x0c\x1c\x1e \u00a0\u200f\u202e\ufeff"
CHARS = st.one_of(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"),
                  st.sampled_from(TRICKY))
TEXT = st.text(CHARS, max_size=60)
WORDS = st.text(st.characters(categories=("L", "N", "P", "S")), min_size=20, max_size=60)
ABSTRACT = st.builds(lambda a, b, c: a + b + c, TEXT, WORDS, TEXT)  # >= 20 chars once normalised
SHORT = st.text(CHARS, max_size=19)
PREFIXES = {".txt": b"ICLR 2025 papers\n\n", ".csv": b"abstract,title\n",
            ".jsonl": b'{"abstract": "A valid abstract that is long enough to keep."}\n'}
# What a JSON "\\ud800" escape gives (one alone: an escaped *pair* decodes to a valid char).
LONE_SURROGATES = st.characters(categories=("Cs",)).map(lambda s: f"Abc {s} word")

# Long questions: a piece repeated up to 20,000 characters.
LONG = st.builds(lambda piece, n: (piece * (n // len(piece) + 1))[:n],
                 st.text(CHARS, min_size=1, max_size=40), st.integers(1, 20_000))
