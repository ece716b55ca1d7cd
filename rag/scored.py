"""A retrieved abstract's sentence scored against a question: what every stage that picks
evidence passes around (rag/evidence.py, rag/figure_evidence.py, the answer lines)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

Weight = Callable[[str], float]


@dataclass(frozen=True)
class ScoredSentence:
    """A sentence of the `marker`-th hit (its `index`-th), with its score for the question and
    the question terms it holds, each with its share of the question's term weight."""

    marker: int
    index: int
    text: str
    score: float
    cover: frozenset[tuple[str, float]] = frozenset()
    similarity: float = 0.0  # the embedding's cosine alone, without the term overlap


def rescored(pool: list[ScoredSentence], change: float,
             applies: Callable[[ScoredSentence], bool]) -> list[ScoredSentence]:
    """The sentences, `change` added to the score of each that `applies` picks, best first."""
    out = [replace(s, score=s.score + change) if applies(s) else s for s in pool]
    return sorted(out, key=lambda s: -s.score)
