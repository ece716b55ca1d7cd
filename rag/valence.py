"""The judging-word check of rag/polarity.py: a claim whose evaluative words (cues.VALENCE_*)
lean one way where its evidence's lean the other, about the same thing ("poorer inputs" for
"superior inputs"). English only."""

from __future__ import annotations

from paperwise.text import base_forms
from rag.cues import verify as cues
from rag.cues.verify import IMPLICIT_REACH, POLARITY_PAIRS
from rag.wording import PUNCT, is_negator, near, pair_side, swapped, term_key


def _lean(words: list[str], i: int) -> int:
    """+1/-1 for an evaluative word (cues.VALENCE_*), turned by a negator or a negating head
    ("difficulties of stable training") just before it, an "unable/fails ... to" it completes,
    or a flipper ("less", "least") next to it; 0 for any other word."""
    forms = base_forms(words[i])
    lean = 1 if forms & cues.VALENCE_POSITIVE else -1 if forms & cues.VALENCE_NEGATIVE else 0
    turned = (any(is_negator(words, k) for k in range(max(0, i - 2), i))
              or any(words[k] in cues.NEGATING_HEADS and words[k + 1] in ("of", "in", "with")
                     for k in range(max(0, i - 3), i))
              or bool(cues.VALENCE_FLIPPERS & set(words[max(0, i - 1):i + 2])))
    if i and words[i - 1] == "to":  # "the inability of ... to generalize", "not lead to robust"
        head = words[max(0, i - 1 - IMPLICIT_REACH):i - 1]
        head = head[max((k + 1 for k, w in enumerate(head) if w in PUNCT), default=0):]
        turned = turned or any(bool(base_forms(w) & cues.NEGATING_HEADS) or is_negator(head, k)
                               for k, w in enumerate(head))
    return -lean if lean and turned else lean


def _leans(words: list[str]) -> dict[tuple[str, int], int]:
    """Each evaluative word's (key, lean), with its first index."""
    found: dict[tuple[str, int], int] = {}
    for i, word in enumerate(words):
        if lean := _lean(words, i):
            found.setdefault((term_key(word), lean), i)
    return found


def valence_conflict(claim: list[str], evidence: list[str],
                      elsewhere: list[list[str]]) -> str | None:
    """The judging words only the claim holds all lean one way, those only the evidence holds
    all the other, and two of them speak of the same thing (a content word within
    ROLE_WINDOW of both): "poorer inputs" for "superior inputs", "fails to generalise" for
    "ability to generalize". A claim word that a word of the same lean in another close
    sentence speaks of the same thing as is backed there ("Shampoo beats Adam but is costly"
    fuses two sentences)."""
    mine, theirs = _leans(claim), _leans(evidence)
    own = {k: i for k, i in mine.items() if k not in theirs}
    other = {k: j for k, j in theirs.items() if k not in mine}
    if len({lean for _, lean in own}) != 1 or {lean for _, lean in other} != {
            -next(iter(own))[1]}:
        return None
    for (_, lean), i in own.items():
        if _backed_elsewhere(claim, i, lean, mine, elsewhere):
            continue
        for j in other.values():
            if near(claim, i) & near(evidence, j) and not _compared_swapped(claim, i,
                                                                             evidence, j):
                return f"says '{_as_read(claim, i)}' where the abstract says " \
                       f"'{_as_read(evidence, j)}'"
    return None


def _backed_elsewhere(claim: list[str], i: int, lean: int, mine: dict[tuple[str, int], int],
                      elsewhere: list[list[str]]) -> bool:
    """A word of the same lean in another close sentence speaks of what claim[i] speaks of, and
    of no other claim word of that lean more: "fails" near "standard RL training" backs the
    claim's own "standard RL training completely fails", not its "lags behind training an RL
    agent" (fresh dev batch f)."""
    spoken_of = near(claim, i)
    same = [k for (_, other), k in mine.items() if other == lean]
    for words in elsewhere:
        for (_, other), k in _leans(words).items():
            theirs = near(words, k)
            shared = len(spoken_of & theirs)
            if other == lean and shared and shared >= max(len(near(claim, c) & theirs)
                                                          for c in same):
                return True
    return False


def _as_read(words: list[str], i: int) -> str:
    """An evaluative word with what turned it, when something did: "not lead to robust", not
    a bare "robust" beside the claim's "robust"."""
    base = 1 if base_forms(words[i]) & cues.VALENCE_POSITIVE else -1
    return words[i] if _lean(words, i) == base else " ".join(words[max(0, i - 3):i + 1])


def _compared_swapped(claim: list[str], i: int, evidence: list[str], j: int) -> bool:
    """A comparison whose roles changed places ("B underperforms A" for "A outperforms B")
    agrees with its evidence: the antonym check judges it."""
    compares = any(pair[2] != "chg" and (pair_side(claim[i], pair) is not None
                                         or pair_side(evidence[j], pair) is not None)
                   for pair in POLARITY_PAIRS)
    return compares and swapped(claim, i, evidence, j)
