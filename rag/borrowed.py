"""A phrase taken from another retrieved paper: a claim that holds word pairs another
paper's text has and the cited one lacks moved a clause from that paper onto this one ("CyberHost
... relying on an inter- and intra-clip temporal module", Loopy's modules). Similarity misses
it when the rest of the claim is the cited paper's own. English only. Cue in
rag/cues/claim_checks.py."""

from __future__ import annotations

from itertools import pairwise

from paperwise.text import language_of
from rag.cues import claim_checks as cues
from rag.wording import content_keys, read_words


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
