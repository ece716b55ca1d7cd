"""Typos in a question's words, read as the corpus word one edit away: "hypernetwroks" finds
nothing, "hypernetworks" finds three papers. A word is left as typed when the corpus or an
English dictionary knows it ("walking" is not "talking"), when it looks like a name
("OLMoE", "GPT-4o") or when it is short (many words lie one edit from a short one).
The reading is told to the user as a notice, so a wrong one is seen."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from string import ascii_lowercase

from spellchecker import SpellChecker

from paperwise.text import STOPWORDS
from rag import cues

# A whole word of letters: not part of a hyphenated or digit-bearing name ("Llama-2", "T5x").
_WORD = re.compile(r"(?<![\w-])[A-Za-z]+(?![\w-])")


@dataclass(frozen=True)
class Respelling:
    """One word of the question read as another."""

    typed: str
    read_as: str


@cache
def _english() -> SpellChecker:
    # pyspellchecker's English word list ships in its wheel (160k words): nothing downloads.
    return SpellChecker(language="en", distance=1)


def _one_edit(word: str) -> set[str]:
    """Every string one deletion, transposition, substitution or insertion away."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return ({a + b[1:] for a, b in splits if b}
            | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
            | {a + c + b[1:] for a, b in splits if b for c in ascii_lowercase}
            | {a + c + b for a, b in splits for c in ascii_lowercase})


def _may_be_typo(word: str, known: Callable[[str], bool]) -> bool:
    lower = word.casefold()
    return (len(word) >= cues.MIN_TYPO_LENGTH and word[1:] == word[1:].lower()
            and lower not in STOPWORDS and not known(lower)
            and not _english().known([lower]))


def _inflected(typed: str, other: str) -> bool:
    """Whether the two differ only in their last two letters: another form of one word
    ("analysed", "analyses"; "formalise", "formalize"), not a typo of it. Two letters swapped
    are a typo wherever they stand ("anythign")."""
    if len(typed) == len(other) and sorted(typed) == sorted(other):
        return False
    shared = next((i for i, (a, b) in enumerate(zip(typed, other, strict=False)) if a != b),
                  min(len(typed), len(other)))
    return shared >= min(len(typed), len(other)) - 2


def respell(question: str, known: Callable[[str], bool],
            corpus_words: Callable[[], Counter[str]]) -> tuple[str, list[Respelling]]:
    """The question with each typo read as the most frequent corpus word one edit away.
    `known` tells a word the corpus holds (cheap, asked first); `corpus_words` counts the
    corpus's words (built only when a question has a word neither knows)."""
    found: list[Respelling] = []

    def read(match: re.Match[str]) -> str:
        word = match.group()
        if not _may_be_typo(word, known):
            return word
        counts = corpus_words()
        near = [w for w in _one_edit(word.casefold()) if counts.get(w, 0) > 0
                and not _inflected(word.casefold(), w)]
        if not near:
            return word
        best = max(near, key=lambda w: (counts[w], w))
        read_as = best.capitalize() if word[0].isupper() else best
        found.append(Respelling(word, read_as))
        return read_as

    return _WORD.sub(read, question), found
