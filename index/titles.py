"""Display titles for abstracts that come without one.

Most abstracts introduce their method by name ("we introduce FB-CPR, which ..."); that name is
what a researcher remembers, so it is the title. Otherwise the first clause stands in.
"""

from __future__ import annotations

import re

_INTRO_VERB = (
    r"(?:introduce|introduces|introducing|propose|proposes|proposing|present|presents|presenting"
    r"|develop|develops|release|releases|curate|curates)"
)
_SUBJECT = r"\b(?:[Ww]e|paper|work|study)"
_NAMING = r"(?:called|termed|named|dubbed|coined)"
# A name: starts with a letter or digit; is an acronym, has inner capitals/digits, or a hyphen.
_NAME = r"[A-Za-z0-9][\w\-\+\.]*[\w\+]"
_NAME_SUFFIX = r"(?:[ -](?:\d{2,4}|[A-Z][\w\-]*[A-Z0-9][\w\-]*))?"  # "AIR-BENCH 2024"
_NAME_THEN = re.compile(
    rf"(?:{_SUBJECT}\s+(?:\w+\s+)?{_INTRO_VERB}|\b{_NAMING})\b[^.;:]{{0,80}}?"
    rf"\b(?P<name>{_NAME}{_NAME_SUFFIX})"
    r"(?=\s*(?:[,:;(]|\)|\s(?:a|an|the|which|that|to|for|as|is|,)\b))"
)
_ACRONYM_IN_PARENS = re.compile(r"\((?P<name>[A-Z][A-Za-z0-9\-\+]*[A-Z0-9][A-Za-z0-9\-\+]*)\)")
_STOP_NAMES = {
    "We", "In", "This", "Our", "The", "A", "An", "To", "LLM", "LLMs", "RL", "AI", "ML", "GPU",
    "NLP", "CNN", "GNN", "MLP", "SOTA", "VLM", "VLMs", "MLLM", "MLLMs",
}
_MAX_FALLBACK_WORDS = 10


def _looks_like_name(word: str) -> bool:
    if word in _STOP_NAMES or len(word) < 2:
        return False
    has_inner_capital = any(c.isupper() for c in word[1:])
    return has_inner_capital or any(c.isdigit() for c in word) or word.isupper()


def method_name(abstract: str) -> str | None:
    """The name the abstract introduces, if it introduces one."""
    for sentence in re.split(r"(?<=[.!?])\s+", abstract):
        for match in _NAME_THEN.finditer(sentence):
            name = match.group("name").rstrip(".-")
            if _looks_like_name(name.split()[0]):
                return name
        if re.search(rf"{_SUBJECT}\s+(?:\w+\s+)?{_INTRO_VERB}\b", sentence):
            for match in _ACRONYM_IN_PARENS.finditer(sentence):
                if _looks_like_name(match.group("name")):
                    return match.group("name")
    return None


def first_clause(abstract: str) -> str:
    """The opening sentence, cut to a few words: a fallback title."""
    words = re.split(r"[.;:]\s", abstract.strip(), maxsplit=1)[0].split()
    text = " ".join(words[:_MAX_FALLBACK_WORDS])
    return text + ("…" if len(words) > _MAX_FALLBACK_WORDS else "")


def derive_title(abstract: str) -> str:
    return method_name(abstract) or first_clause(abstract) or "Untitled abstract"
