"""Phrases a claim holds that its cited abstract does not: one taken from another retrieved
paper (a claim that holds word pairs another paper's text has and the cited one lacks moved a
clause from that paper onto this one: "CyberHost ... relying on an inter- and intra-clip
temporal module", Loopy's modules), or a run of words the cited abstract lacks altogether ("runs
in polynomial time in the number of variables"). Similarity misses both when the rest of the
claim is the cited paper's own. English only. Cues in rag/cues/claim_checks.py."""

from __future__ import annotations

import re
from itertools import pairwise

from paperwise.text import STOPWORDS, language_of, stem, strip_markers
from rag.cues import claim_checks as cues
from rag.cues.claim_checks import NUMBER_WORDS
from rag.wording import content_keys, read_words

_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*|\d[\d.,]*")


def _keys(word: str) -> set[str]:
    """A word, its parts if hyphenated, each by its first five letters and its stem."""
    return {key for part in {word, *word.split("-")} for key in (part[:5], stem(part))}


def added_run(claim: str, cited_text: str) -> str | None:
    """The first run of cues.ADDED_RUN_WORDS content words in a row that the cited text does
    not hold, stopwords and cues.REPORTING_WORDS passed over."""
    if language_of(claim) != "en":
        return None
    held = {key for word in _WORD.findall(cited_text.lower()) for key in _keys(word)}
    run: list[str] = []
    for word in _WORD.findall(strip_markers(claim)):
        lower = word.lower()
        if (lower in STOPWORDS or lower in cues.REPORTING_WORDS or len(lower) < 3
                or sum(c.isupper() for c in word) > 1 or lower in NUMBER_WORDS
                or lower[0].isdigit()):
            continue
        run = [*run, word] if not _keys(lower) & held else []
        if len(run) >= cues.ADDED_RUN_WORDS:
            return f"adds what the abstract does not say: “{' '.join(run)}”"
    return None


def _phrases(text: str) -> set[tuple[str, str]]:
    """Pairs of content words that stand next to each other, stopwords between them skipped."""
    keys = [key for word in read_words(text) for key in content_keys([word])]
    return set(pairwise(keys))


def borrowed_phrases(claim: str, cited_text: str, others: list[tuple[int, str]]) -> str | None:
    """The claim holds cues.BORROWED_PHRASES word pairs that another retrieved paper's text
    has and the cited one lacks (a word of each not in it at all), and that paper holds as
    many of the claim's pairs as the cited one: a clause moved from the other paper onto it."""
    if language_of(claim) != "en":
        return None
    pairs, cited = _phrases(claim), _phrases(cited_text)
    cited_words = content_keys(read_words(cited_text))
    for marker, text in others:
        theirs = pairs & _phrases(text)
        # a pair of words the cited abstract has apart is a rewording, not a borrowed term
        # (two papers by one group share "lower variance" and "previous best")
        new = [pair for pair in theirs - cited if not set(pair) <= cited_words]
        if len(new) >= cues.BORROWED_PHRASES and len(theirs) >= len(pairs & cited):
            return f"better backed by [{marker}] than by the cited source"
    return None
