"""Roles swapped between two contrasted terms: "epistemic uncertainty through Brownian motion,
aleatoric through a Bayesian prior" for the abstract's "epistemic uncertainty through a Bayesian
prior ... and aleatoric uncertainty through Brownian motion".

Terms are contrasted when an abstract sentence holds both as modifiers of one head word
("epistemic/aleatoric uncertainty"), as hyphenated words of one last part ("block-wise /
component-wise") or as the two sides of an antonym pair (cues.POLARITY_PAIRS: "fat"/"thin").
The claim swaps them when each stands in a clause sharing more words with the other's clause
in the abstract sentence than with its own. English only; a miss rather than a false alarm:
both terms must be in the claim, once, in clauses of their own.
Cues: rag/cues/claim_checks.py."""

from __future__ import annotations

import re
from collections import defaultdict
from itertools import pairwise

from paperwise.text import STOPWORDS, language_of, split_sentences, strip_markers
from rag.cues.claim_checks import MIN_ROLE_CROSSING, ROLE_CLAUSE_JOINERS
from rag.cues.verify import POLARITY_PAIRS
from rag.wording import term_key

_TOKEN = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*|[,;:()]")
Clause = list[str]


def _clauses(text: str) -> list[Clause]:
    clauses: list[Clause] = [[]]
    for word in _TOKEN.findall(strip_markers(text).lower().replace("’", "'")):
        if word in ",;:()" or word in ROLE_CLAUSE_JOINERS:
            clauses.append([])
        else:
            clauses[-1].append(word)
    return [c for c in clauses if c]


def _word(token: str) -> bool:
    return token not in STOPWORDS and not token.isdigit()


def contrasted_terms(clauses: list[Clause]) -> set[tuple[str, str, str]]:
    """(term, term, what they share): modifiers of one head word, hyphenated words ending
    alike, or the two sides of an antonym pair."""
    found: set[tuple[str, str, str]] = set()
    hyphenated = {w for c in clauses for w in c if "-" in w and _word(w)}
    for a in hyphenated:
        for b in hyphenated:
            if a < b and a.rsplit("-", 1)[1] == b.rsplit("-", 1)[1] \
                    and a.split("-")[0] != b.split("-")[0]:
                found.add((a, b, a.rsplit("-", 1)[1]))
    modifiers: dict[str, set[str]] = defaultdict(set)
    for clause in clauses:
        for word, head in pairwise(clause):
            if _word(word) and _word(head):
                modifiers[head].add(word)
    found |= {(a, b, head) for head, words in modifiers.items() for a in words for b in words
              if a < b}
    # antonyms both named ("a heavy-tailed fat policy ... a sparse thin one")
    words = {w for c in clauses for w in c}
    for side_a, side_b, _ in POLARITY_PAIRS:
        found |= {(min(a, b), max(a, b), "") for a in words & side_a for b in words & side_b}
    return found


def _only_clause(clauses: list[Clause], term: str) -> int | None:
    holding = [k for k, c in enumerate(clauses) if term in c]
    return holding[0] if len(holding) == 1 else None


def _context(clause: Clause, skip: set[str]) -> set[str]:
    keys = {term_key(w) for w in skip}
    return {term_key(w) for w in clause if _word(w) and len(w) > 2 and w not in skip} - keys


def _swapped(claim: list[Clause], sentence: list[Clause]) -> str | None:
    for a, b, head in sorted(contrasted_terms(sentence)):
        ca, cb = _only_clause(claim, a), _only_clause(claim, b)
        ea, eb = _only_clause(sentence, a), _only_clause(sentence, b)
        if ca is None or cb is None or ea is None or eb is None or ca == cb or ea == eb:
            continue
        skip = {a, b, head}
        mine_a, mine_b = _context(claim[ca], skip), _context(claim[cb], skip)
        theirs_a, theirs_b = _context(sentence[ea], skip), _context(sentence[eb], skip)
        crossed = (len(mine_a & theirs_b), len(mine_b & theirs_a))
        kept = (len(mine_a & theirs_a), len(mine_b & theirs_b))
        if all(c > k for c, k in zip(crossed, kept, strict=True)) \
                and sum(crossed) >= MIN_ROLE_CROSSING:
            return f"swaps what '{a}' and '{b}' do in the abstract"
    return None


def check_roles(claim: str, paper_text: str) -> str | None:
    """The claim must not give two contrasted terms each other's roles."""
    if language_of(claim) != "en":
        return None
    mine = _clauses(claim)
    for sentence in split_sentences(paper_text):
        if reason := _swapped(mine, _clauses(sentence)):
            return reason
    return None
