"""Antonyms read off the words themselves: a word against the same word with a negating
prefix ("indirect" / "direct", "asynchronous" / "synchronous"), as pairs for the polarity check
(rag/polarity.py), which reads POLARITY_PAIRS the same way."""

from __future__ import annotations

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
            # the claim's side of the pair, when the two sides hold one word each
            said = (base if word in theirs and base in mine
                    else word if base in theirs and word in mine else None)
            backed = said in context and said not in theirs
            if said and not backed and frozenset({base, word}) not in together:
                pairs.append((frozenset({base}), frozenset({word}), "chg"))
    return pairs


def named_together(words: list[str]) -> frozenset[frozenset[str]]:
    """The pairs of words a sentence joins by "and", "or", a comma, "from" or "versus"
    ("conditional and unconditional sampling", "cannot tell direct from indirect effects":
    both named, neither denied; fresh batches bb and zb flagged the latter)."""
    return frozenset(frozenset({words[i], words[i + 2]}) for i in range(len(words) - 2)
                     if words[i + 1] in ("and", "or", ",", "from", "versus", "vs"))
