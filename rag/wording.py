"""How the polarity checks read a sentence (rag/polarity.py, rag/valence.py): its words after
the phrasal rewrites, their base forms and content keys, negators, clauses, and the roles of
the things a comparison compares. English only."""

from __future__ import annotations

import re
from itertools import islice

from paperwise.text import STOPWORDS, base_forms, clean_for_display, stem
from rag.antonyms import Pair
from rag.cues import verify as cues
from rag.cues.verify import (
    ANTONYM_NEGATION_REACH,
    ARTICLES,
    GENERIC_VERBS,
    NEGATORS,
    NOT_NEGATION_AFTER,
    POLARITY_PAIRS,
    ROLE_WINDOW,
)

PUNCT = frozenset(",;:()")
_PAIR_WORDS = frozenset(w for a, b, _ in POLARITY_PAIRS for w in a | b)
# Each synonym's key (stem prefix, as content_keys makes it) → its group's first word's key.
_SYNONYM_KEYS = {stem(w)[:5]: stem(group.split()[0])[:5]
                 for group in cues.POLARITY_SYNONYMS for w in group.split()}
_REWRITES = [(re.compile(p), w) for p, w in cues.PHRASAL_REWRITES]


def read_words(text: str) -> list[str]:
    text = re.sub(r"\bcannot\b", "can not", clean_for_display(text).lower())
    text = re.sub(r"-{2,}|[—–]", " , ", text)  # a dash ends a clause like a comma
    for pattern, words in _REWRITES:
        text = pattern.sub(words, text)
    tokens = re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*|[,;:()]", re.sub(r"n't\b", " not", text))
    # "smaller-SAE latents", "high-quality data": the antonym leads a compound
    return [part for token in tokens
            for part in (token.split("-", 1) if token.split("-")[0] in _PAIR_WORDS else [token])]


def term_key(word: str) -> str:
    key = stem(word)[:5]
    return _SYNONYM_KEYS.get(key, key)


def content_keys(words: list[str]) -> set[str]:
    return {term_key(w) for w in words if w not in STOPWORDS and not base_forms(w) & GENERIC_VERBS
            and w not in NEGATORS and w not in PUNCT}


def is_negator(words: list[str], i: int) -> bool:
    nxt = words[i + 1] if i + 1 < len(words) else ""
    negator = words[i] in NEGATORS or (words[i] in ("fail", "fails", "failed") and nxt == "to")
    return negator and nxt not in NOT_NEGATION_AFTER


def reach(words: list[str], i: int, step: int) -> list[str]:
    """The ANTONYM_NEGATION_REACH words after (step 1) or before (-1) words[i], articles
    not counted: how far a negator and an antonym may stand apart and still be one phrase."""
    stop = len(words) if step > 0 else -1
    return list(islice((words[k] for k in range(i + step, stop, step)
                        if words[k] not in ARTICLES), ANTONYM_NEGATION_REACH))


def negated_before(words: list[str], i: int) -> bool:
    before = reach(words, i, -1)
    return any(is_negator(before[::-1], k) for k in range(len(before)))


def pair_side(word: str, pair: Pair) -> int | None:
    """0 or 1 when the word is an inflection of a base on that side of the pair, else None."""
    forms = base_forms(word)
    return 0 if forms & pair[0] else 1 if forms & pair[1] else None


def mentions(words: list[str], pair: Pair) -> bool:
    return any(pair_side(w, pair) is not None for w in words)


def clause_content(words: list[str], start: int, stop: int, keep_last: bool) -> set[str]:
    """Content of words[start:stop] on the negator's side of the nearest punctuation."""
    part = words[max(0, start):stop]
    cuts = [k for k, w in enumerate(part) if w in PUNCT]
    if cuts:
        part = part[cuts[-1] + 1:] if keep_last else part[:cuts[0]]
    return content_keys(part)


def roles(claim: list[str], i: int, evidence: list[str], j: int) -> tuple[int, int]:
    """How many words the things compared share in place and crossed over: "Y is slower than
    X" for "X is faster" shares them crossed."""
    lc = clause_content(claim, i - ROLE_WINDOW, i, True)
    rc = clause_content(claim, i + 1, i + 1 + ROLE_WINDOW, False)
    le, re_ = (clause_content(evidence, j - ROLE_WINDOW, j, True),
               clause_content(evidence, j + 1, j + 1 + ROLE_WINDOW, False))
    # Both say "than": the things after it are the ones compared against, however far the
    # comparative stands from them ("less faithfully than prior methods" for "more faithful to
    # the model's error than prior methods": fresh held-out batch b).
    oc, oe = _than_object(claim, i), _than_object(evidence, j)
    if oc and oe and ((oc & oe) or (oc & le) or (oe & lc)):
        return len(oc & oe), len(oc & le) + len(oe & lc)
    return len(lc & le) + len(rc & re_), len(lc & re_) + len(rc & le)


def _than_object(words: list[str], i: int) -> set[str]:
    """The content of the words after the "than" that completes the comparative at i, if one
    does before the clause ends."""
    for k in range(i + 1, min(len(words), i + 1 + 2 * ROLE_WINDOW)):
        if words[k] in PUNCT:
            break
        if words[k] == "than":
            return clause_content(words, k + 1, k + 1 + ROLE_WINDOW, False)
    return set()


def swapped(claim: list[str], i: int, evidence: list[str], j: int) -> bool:
    """True when the compared roles change places: "Y is slower than X" for "X is faster"."""
    kept, crossed = roles(claim, i, evidence, j)
    return crossed > kept


def near(words: list[str], i: int) -> set[str]:
    return content_keys(words[max(0, i - ROLE_WINDOW):i] + words[i + 1:i + 1 + ROLE_WINDOW])
