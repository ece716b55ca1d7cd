"""Other names the corpus itself gives a term ("Continual learning, also known as lifelong
learning or incremental learning"): a list question on one name is searched and judged on the
others too, as a paper on incremental object detection never says "continual". Mined from the
abstracts, so a whole conference brings its own. A question describing a topic in a
newcomer's words ("training one shared model across many phones without pooling their data")
is searched and judged on the field's name for it as well (rag/cues/glossary.py). Cues:
rag/cues/listing.py, rag/cues/glossary.py."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

from rag.cues.glossary import GLOSSARY, NARROWER, PHRASE_TERMS
from rag.cues.listing import ALIAS_CUE, ALIAS_DEFINITION, ALIAS_SEPARATOR

Aliases = dict[str, tuple[str, ...]]
# each term as written: hyphen or space between its words, a plural last word, any case
_PHRASE_PATTERNS = tuple((term, re.compile(
    r"(?<![\w-])" + r"[\s-]+".join(map(re.escape, term.split())) + r"(?:s|es)?(?![\w-])", re.I))
    for term in PHRASE_TERMS)


def mine_aliases(abstracts: Iterable[str]) -> Aliases:
    """Each name of a term an abstract defines other names for, with the others (lower case)."""
    groups: list[set[str]] = []
    for abstract in abstracts:
        if not ALIAS_CUE.search(abstract):  # the cheap test first: 0.04 s, not 2.2 s, at 10k
            continue
        for found in ALIAS_DEFINITION.finditer(abstract):
            names = {found["term"].casefold(),
                     *(n.casefold() for n in ALIAS_SEPARATOR.split(found["others"]) if n)}
            if len(names) > 1:
                groups.append(names)
    return {name: tuple(sorted(group - {name})) for group in groups for name in sorted(group)}


def alias_topics(question: str, aliases: Aliases) -> tuple[str, ...]:
    """The question once with each other name of the term it names first, whole words:
    "continual learning papers" → "incremental learning papers", "lifelong learning papers"."""
    named = [(found, others) for name, others in aliases.items()
             if (found := re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", question, re.I))]
    if not named:
        return ()
    # the first named, not the first in a dict whose order hash seeds may change
    found, others = min(named, key=lambda item: item[0].start())
    return tuple(f"{question[:found.start()]}{other}{question[found.end():]}" for other in others)


@lru_cache(maxsize=512)
def glossary_topics(question: str) -> tuple[str, ...]:
    """The field's terms for the topics the question describes without naming them (cached:
    several stages ask it of the same question)."""
    return tuple(term for term, description in GLOSSARY
                 if description.search(question) and term.casefold() not in question.casefold())


def narrower_topics(question: str) -> tuple[str, ...]:
    """The narrower terms of each topic the question names or describes."""
    folded = question.casefold()
    topics = [term for term in NARROWER if term in folded] + list(glossary_topics(question))
    return tuple(dict.fromkeys(n for term in topics for n in NARROWER.get(term, ())
                               if n not in folded))


def unwritten_term(question: str, texts: Iterable[str]) -> str | None:
    """A term of several words (cues PHRASE_TERMS) the question names and none of the texts
    writes: no paper among them is on it, whatever words they share with it."""
    named = [(term, p) for term, p in _PHRASE_PATTERNS if p.search(question)]
    if not named:
        return None
    joined = "\n".join(texts)
    return next((term for term, p in named if not p.search(joined)), None)
