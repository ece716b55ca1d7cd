"""Antonyms read off the words themselves: a word against the same word with a negating
prefix ("indirect" / "direct", "asynchronous" / "synchronous"), as pairs for the polarity check
(rag/polarity.py), which reads POLARITY_PAIRS the same way."""

from __future__ import annotations

from paperwise.text import base_forms
from rag.cues.verify import NEGATING_PREFIXES

# The words of one side, the other side's, and the kind (see POLARITY_PAIRS).
Pair = tuple[frozenset[str], frozenset[str], str]


def prefix_pairs(claim: list[str], evidence: list[str], context: frozenset[str] = frozenset(),
                 together: frozenset[frozenset[str]] = frozenset()) -> list[Pair]:
    """A word and the same word with a negating prefix, one on each side ("indirect" in the
    claim, "direct" in the evidence), as a pair of antonyms; not when the cited abstract says
    the claim's word elsewhere (`context`: its words; "every partition is available" is said
    there, "becomes unavailable" here: dev split vd037), nor when the whole claim names both
    words `together` (a clause of it is judged alone)."""
    pairs: list[Pair] = []
    mine, theirs = set(claim), set(evidence)
    for word in mine | theirs:
        for prefix, least in NEGATING_PREFIXES.items():
            base = word[len(prefix):]
            if not (word.startswith(prefix) and len(base) >= least):
                continue
            # the claim's side of the pair, when the two sides hold one word each, the base
            # perhaps inflected otherwise ("unconstrained" for "constraining": held-out xn011x,
            # now dev)
            plain = _inflected(base, mine if word in theirs else theirs)
            said = (plain if word in theirs and plain
                    else word if plain and word in mine else None)
            if plain in mine and word in mine:
                continue  # the claim says both ("labelling is costly, so X learns from
                # unlabeled videos": dev split d06)
            backed = said in context and said not in theirs
            if said and not backed and frozenset({plain, word}) not in together:
                shared = base_forms(base) & base_forms(plain) if plain else set()
                pairs.append((frozenset(shared), frozenset({word}), "chg"))
    return pairs


def _inflected(base: str, words: set[str]) -> str | None:
    """The word of `words` that is `base` or another inflection of its stem ("constraining"
    for "constrained", "restricts" for "restricted"). One false alarm on dev: "the work studies
    X" against "X is unstudied" (yp021), against three reversals caught."""
    if base in words:
        return base
    forms = base_forms(base)
    return next((w for w in sorted(words) if base_forms(w) & forms), None)


def named_together(words: list[str]) -> frozenset[frozenset[str]]:
    """The pairs of words a sentence joins by "and", "or", a comma, "from" or "versus"
    ("conditional and unconditional sampling", "cannot tell direct from indirect effects":
    both named, neither denied; fresh batches bb and zb flagged the latter)."""
    return frozenset(frozenset({words[i], words[i + 2]}) for i in range(len(words) - 2)
                     if words[i + 1] in ("and", "or", ",", "from", "versus", "vs"))
