"""The topics a list question offers: a list of them after a dash ("— A, B, or C"), two phrases
joined by "or", or two words of one head ("continual or incremental learning"). Read by
rag/query.py (the question's shape), rag/listing.py and rag/api.py (each topic retrieved and
judged alone). Cues: rag/cues/parts.py."""

from __future__ import annotations

import re

from paperwise.text import STOPWORDS, terms
from rag import cues


def topic_alternatives(question: str) -> tuple[str, ...]:
    """The topics of a list question: a list of them, two phrases, or two words of one head."""
    return (_enumerated_alternatives(question) or phrase_alternatives(question)
            or _shared_head_alternatives(question))


def _enumerated_alternatives(question: str) -> tuple[str, ...]:
    """"... anything related — aggregation schemes, client participation analysis, or
    decentralized pre-training" → each item a topic of its own (cues.ENUMERATED_TOPICS)."""
    found = cues.ENUMERATED_TOPICS.search(question)
    if found is None:
        return ()
    items = [i.strip() for i in re.split(r",\s*(?:or\s+)?|\s+or\s+", found[1]) if i.strip()]
    # names listed ("Atari, MuJoCo, or Procgen") a list reads as names
    if len(items) < cues.MIN_ENUMERATED_TOPICS or any(
            not set(terms(i)) - cues.ASK_WORDS or cues.NAME_LIKE.search(i) or i[:1].isupper()
            for i in items):
        return ()
    return tuple(items)


def phrase_alternatives(question: str) -> tuple[str, ...]:
    """"Papers on audio-driven video generation or diffusion planning for driving?" → its two
    topics; () unless each side has a few words of its own ("Atari or MuJoCo" names names,
    which a list reads as names)."""
    sides = cues.TOPIC_OR.split(question)
    if len(sides) != 2 or any(
            len(set(terms(side)) - cues.ASK_WORDS) < cues.ALTERNATIVE_TOPIC_TERMS
            for side in sides):
        return ()
    return tuple(side.strip(" ?？") for side in sides)


def _shared_head_alternatives(question: str) -> tuple[str, ...]:
    """"Methods for continual or incremental learning?" → the question once with each word:
    "continual learning" and "incremental learning" are two topics (fresh batch lf: the
    papers on incremental learning were judged against the continual ones)."""
    found = cues.WORDS_OR_BEFORE_HEAD.search(question)
    before = question[:found.start()].split()[-1:] if found else []
    # the first word must open its topic ("for continual or ..."): in "video generation or
    # diffusion-based planning" the two sides are whole phrases, not two words of one head
    if found is None or {found[1].lower(), found[2].lower()} & (STOPWORDS | cues.ASK_WORDS) or (
            before and before[0].lower() not in STOPWORDS):
        return ()
    return tuple(f"{question[:found.start()]}{word}{question[found.end():]}".strip(" ?？")
                 for word in (found[1], found[2]))
