"""Topic pairs: two content words standing together in a question, one of them rare in the
corpus ("knowledge distillation"); a sentence saying the same pair speaks of the same topic
(rag/listing.py judges a list question's papers by them)."""

from __future__ import annotations

from itertools import pairwise

from paperwise.text import terms
from rag import cues
from rag.scored import Weight


def topic_pairs(question: str, weight: Weight) -> set[tuple[str, str]]:
    """Two content words standing together in the question, one of them rare in the corpus
    ("knowledge distillation"): a sentence saying the same pair speaks of the same topic."""
    asked = [t for t in terms(question) if t not in cues.ASK_WORDS]
    return {(a, b) for a, b in pairwise(asked)
            if max(weight(a), weight(b)) >= cues.RARE_TERM_WEIGHT}


def holds_pair(sentence: str, pairs: set[tuple[str, str]]) -> bool:
    """The sentence says one of the pairs, a word of it perhaps cut short in the question
    ("mech interpretability" for "mechanistic interpretability": dev split mn014a)."""
    said = list(pairwise(terms(sentence)))
    return bool(pairs) and any(_starts(x, a) and _starts(y, b) for a, b in pairs for x, y in said)


def _starts(word: str, asked: str) -> bool:
    return word == asked or (len(asked) >= cues.CUT_WORD_MIN and word.startswith(asked)
                             and len(word) >= len(asked) + cues.CUT_WORD_MISSING)
