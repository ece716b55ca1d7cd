"""Acronyms and the words they stand for: those an abstract defines ("Federated Learning (FL)"),
those a question writes out ("success-weighted path length" for SPL) and the term a sentence
writes out for a question's acronym ("the large language model" for "LLM")."""

from __future__ import annotations

import re
from functools import lru_cache

from paperwise.types import Paper


def word_runs(text: str, n: int, word: str = r"[A-Za-z]+") -> list[tuple[str, list[str]]]:
    """Every run of n words of the text, with its initials in lower case; a hyphened word is
    one word or several, as `word` reads it."""
    words = re.findall(word, text)
    runs = [words[i:i + n] for i in range(len(words) - n + 1)]
    return [("".join(w[0] for w in run).lower(), run) for run in runs]


# "3D Gaussian Splatting (3DGS)": a word in digits may stand in the term and its acronym
# ... and "2" may stand for "to": "Text-to-Image (T2I)" (dev batch oj, oj030: "T2I" answered which
# base diffusion model DSPO tuned); English shorthand
_DEFINED_ACRONYM = re.compile(r"((?:(?:[A-Za-z]|\d+[A-Z]\b)[a-z]*(?:-[A-Za-z][a-z]*)*-?\s+){1,6})"
                              r"\(((?:\d+)?[A-Z](?:[A-Z]|2(?=[A-Z]))+)s?\)")
_TO = re.compile(r"(?<=[A-Z])2(?=[A-Z])")


@lru_cache(maxsize=4096)  # an abstract is asked about many times; the corpus may change
def term_acronyms(abstract: str) -> tuple[str, ...]:
    """The acronyms an abstract defines by their words' initials: "Federated Learning (FL)",
    "out-of-distribution (OOD)". Most shorten a term (some a method: "Monte Carlo Tree Search
    (MCTS)"), and none names a dataset or benchmark (fresh dev batch i: "in FL" answered
    "which datasets was FedLWS evaluated on")."""
    found = []
    for match in _DEFINED_ACRONYM.finditer(abstract):
        acronym = match[2]
        letters = _TO.sub("T", acronym)
        parts = [p for w in match[1].split() for p in w.split("-") if p]
        # a part in digits gives itself: "3D Gaussian Splatting (3DGS)" (dev split ls020)
        if any("".join(p if p[0].isdigit() else p[0] for p in parts[-n:]).upper() == letters
               for n in range(1, len(parts) + 1)):
            found.append(acronym)
    return tuple(found)


def written_acronyms(question: str, text: str, heads: set[str]) -> set[str]:
    """The sentence's acronyms (lower case) that the question writes out in words ending in one
    of `heads`: "what success-weighted path length does it get" asks the sentence's "78% SPL"
    (fresh dev batch nt, nt007a: refused). A hyphened word gives one initial or one per part."""
    acronyms = {a.lower() for a in re.findall(r"\b([A-Z]{2,5})s?\b", text)}
    runs = {n: [*word_runs(question, n), *word_runs(question, n, r"[A-Za-z][\w-]*")]
            for n in {len(a) for a in acronyms}}
    return {a for a in acronyms if any(initials == a and run[-1].lower() in heads
                                       for initials, run in runs[len(a)])}


def acronym_heads(question: str, text: str, among: set[str] | None = None) -> set[str]:
    """The last words of the terms a sentence writes out for the question's acronyms (or,
    given `among`, for those of these words, however typed): "the LLM" is its "large language
    model" (→ "model"), so a figure by that term is by the asked thing ("What size was the LLM
    used ...?": held-out mc024, now dev); in a sentence not writing the term out, "model" is
    not the LLM (dev split b018: "model sizes doubling")."""
    heads = set()
    # generic ones too ("LLM", "RL"), which name_tokens leaves out; the words asked of typed in
    # lower case too ("llm size": dev split mu006a)
    acronyms = ({w for w in among if 2 <= len(w) <= 5 and w.isalpha()} if among is not None
                else {m.lower() for m in re.findall(r"\b([A-Z]{2,5})s?\b", question)})
    for letters in acronyms:
        heads |= {run[-1].lower() for initials, run in word_runs(text, len(letters))
                  if initials == letters}
    return heads


def spelled_out(paper: Paper) -> tuple[str, ...]:
    """The words a paper's own name stands for, written after it: "SIMPL (Scalable Iterative
    Maximization of Population-coded Latents)" names the method, not a dataset it was run on
    (dev split ob029b: answered "which hippocampus dataset" with them)."""
    found = re.search(rf"{re.escape(paper.title)}\s*\(([^()]{{3,120}})\)", paper.abstract)
    if found is None or not paper.title.isupper():
        return ()
    initials = "".join(w[0] for w in re.findall(r"\w+", found[1]) if w[0].isupper())
    return (found[1],) if initials.startswith(paper.title[:2]) else ()
