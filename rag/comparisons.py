"""Orders a claim may turn round: who beats whom, a comparison its cited abstract states
between two named things ("CSA outperforms CLIP" → "CLIP comes out ahead of CSA"; "unlike
TabPFN, the networks MotherNet generates are efficient" → "unlike MotherNet, TabPFN is
efficient"), the direction of an "A-to-B" ("coarse-to-fine" → "fine-to-coarse") and of a
transformation ("apo into holo pockets" → "holo back into apo") or of a cause ("A enhances B"
→ "B in turn strengthens A"), and baselines made to beat the method that the abstract says
beats them, and what is preferred to what ("P is more stable than R", "instead of R, P").

Comparisons are read between names (rag/claims.py names_in) and, for baselines, by the words
for baselines and earlier methods; another paraphrase of the compared things ("these agents")
is never judged: a miss rather than a false alarm, as everywhere in the claim checks. Cues:
rag/cues/claim_checks.py and rag/cues/preference.py."""

from __future__ import annotations

import re
from functools import lru_cache
from itertools import product

from paperwise.text import clean_for_display, split_sentences, strip_markers, terms, word_root
from rag.claim_names import names_in
from rag.cues.claim_checks import (
    BASELINES_WIN,
    BEATS_BASELINES,
    CAUSED_BY,
    CAUSES,
    COMPARISON_REACH,
    DECOMPOSES,
    DIRECTION,
    HEEDS,
    IGNORES,
    LOSES_TO,
    TRANSFORMS,
    UNLIKE,
    WINS_OVER,
)
from rag.cues.preference import (
    CHOSEN_SAID_SHARE,
    PREFERENCE_FILLERS,
    PREFERRED_BEFORE_CONTRAST,
    PREFERRED_THAN,
    PREFERRED_WORDS,
    SET_ASIDE_AFTER,
    SET_ASIDE_FIRST,
    SET_ASIDE_WORDS,
)
from rag.cues.verify import POLARITY_PAIRS
from rag.wording import content_keys, read_words, term_key

# Antonyms by content key, both ways round ("small" / "large").
_OPPOSED = {pair for a, b, _ in POLARITY_PAIRS for x in a for y in b
            for pair in ((term_key(x), term_key(y)), (term_key(y), term_key(x)))}

# (winner, loser), two names as written
Ranking = tuple[str, str]


def _name_spans(sentence: str) -> list[tuple[int, int, str]]:
    """Where each name of the sentence stands: (start, end, name), in order."""
    spans = [(m.start(), m.end(), name) for name in names_in(sentence)
             for m in re.finditer(rf"(?<![\w-]){re.escape(name)}(?![\w])", sentence)]
    return sorted(spans)


def _around(spans: list[tuple[int, int, str]], start: int, end: int) -> Ranking | None:
    """The names closest before `start` and after `end`, each within COMPARISON_REACH."""
    before = [s for s in spans if s[1] <= start and start - s[1] <= COMPARISON_REACH]
    after = [s for s in spans if s[0] >= end and s[0] - end <= COMPARISON_REACH]
    if not before or not after or _same(before[-1][2], after[0][2]):
        return None
    return before[-1][2], after[0][2]


def rankings(sentence: str) -> set[Ranking]:
    """The comparisons a sentence states between two names, as (winner, loser)."""
    spans = _name_spans(sentence)
    if len({s[2].casefold() for s in spans}) < 2:
        return set()
    found: set[Ranking] = set()
    for cue, winner_first in ((WINS_OVER, True), (LOSES_TO, False)):
        for match in cue.finditer(sentence):
            pair = _around(spans, match.start(), match.end())
            if pair:
                found.add(pair if winner_first else (pair[1], pair[0]))
    for match in UNLIKE.finditer(sentence):  # "Unlike A, B is ...": B has what A lacks
        inside = [s for s in spans if match.start() <= s[0] < match.end()]
        after = [s for s in spans if s[0] >= match.end()]
        if inside and after and not _same(inside[-1][2], after[0][2]):
            found.add((after[0][2], inside[-1][2]))
    return found


def check_comparison(claim: str, paper_text: str) -> str | None:
    """The claim must not rank two names the other way round from the cited abstract (which
    never ranks them the claim's way too: mixed results stay unjudged)."""
    claimed = rankings(claim)
    if not claimed:
        return None
    stated = {(first.casefold(), second.casefold()) for sentence in split_sentences(paper_text)
              for first, second in rankings(sentence)}
    for winner, loser in claimed:
        pair = (winner.casefold(), loser.casefold())
        if pair[::-1] in stated and pair not in stated:
            return f"the cited abstract ranks {loser} above {winner}, not the reverse"
    return None


def _same(name: str, other: str) -> bool:
    return name.casefold() == other.casefold()


def _directions(text: str) -> set[tuple[str, str]]:
    """The (from, to) pairs of a text's "A-to-B" and "from A to B" (single words)."""
    return {((m["a"] or m["a2"]).casefold(), (m["b"] or m["b2"]).casefold())
            for m in DIRECTION.finditer(text)}


def check_direction(claim: str, paper_text: str) -> str | None:
    """The claim must not run an "A-to-B" the other way from its cited abstract (which never
    runs it the claim's way): "generation proceeds fine-to-coarse" where the abstract has a
    coarse-to-fine pipeline (issue 12, dev split zl017x)."""
    stated = _directions(paper_text)
    for start, end in _directions(claim):
        if (end, start) in stated and (start, end) not in stated:
            return f"says {start}-to-{end} where the abstract says {end}-to-{start}"
    return None


def _transformations(text: str, patterns: tuple[re.Pattern[str], ...]
                     ) -> list[tuple[set[str], set[str]]]:
    """The (what, into what) content words of a text's "transforms A into B" (or "A leads to
    B", "B is driven by A": `patterns`, each naming its sides `a` and `b`)."""
    return [(content_keys(read_words(m["a"])), content_keys(read_words(m["b"])))
            for pattern in patterns for m in pattern.finditer(text)]


@lru_cache(maxsize=256)
def _stated_transformations(paper_text: str, patterns: tuple[re.Pattern[str], ...]
                            ) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """An abstract's transformations, read once: each sentence of an answer citing it asks
    again, and the patterns opening with a clause are slow to run over a whole abstract."""
    return tuple((frozenset(a), frozenset(b)) for a, b in _transformations(paper_text, patterns))


def check_transformation(claim: str, paper_text: str) -> str | None:
    """The claim must not turn what the cited abstract transforms into what it transforms it
    into: "turns holo pockets back into apo pockets" where the abstract "transforms apo pockets
    into holo pockets"; nor a cause into its effect ("B in turn strengthens A" for "A enhances
    B"). Only words on one side of the abstract's transformation count."""
    for patterns, reason in (((TRANSFORMS,), "turns round what the abstract's transformation "
                                             "makes of what"),
                             ((DECOMPOSES,), "turns round what the abstract says breaks down "
                                             "into what"),
                             ((CAUSES, CAUSED_BY), "turns round what the abstract says leads to "
                                                   "what")):
        stated = _stated_transformations(paper_text, patterns)
        for source, target in _transformations(claim, patterns):
            for was, became in stated:
                was_only, became_only = was - became, became - was
                moved_in, moved_out = source & became_only, target & was_only
                # a side's words all moved, or one word each way: "transform holo pockets and
                # noisy ligands into apo pockets" keeps "noisy" but trades holo for apo (dev
                # split zy068; 5 more caught, no faithful sentence flagged)
                if moved_in and moved_out and (not source & was_only
                                               or len(moved_in) == 1 == len(moved_out)):
                    return reason
                # ... or a word moved to the other side, its antonym put in its place
                # ("smaller-SAE latents decompose into larger-SAE latents")
                if any((w, o) in _OPPOSED for w in moved_in for o in target - was - became):
                    return reason
    return None


def check_baselines_win(claim: str, paper_text: str) -> str | None:
    """The claim must not have the baselines beat the method where the cited abstract says the
    method outperforms them (and never the reverse)."""
    if (BASELINES_WIN.search(claim) and BEATS_BASELINES.search(paper_text)
            and not BASELINES_WIN.search(paper_text)):
        return "the cited abstract says it outperforms the baselines, not the reverse"
    return None


def _heeded(text: str, pattern: re.Pattern[str]) -> list[set[str]]:
    return [{word_root(t) for t in terms(m["o"])} for m in pattern.finditer(text)]


def check_heeded(claim: str, paper_text: str) -> str | None:
    """What a method heeds and what it ignores must not trade places: "consider only the
    projecting domains and ignore the positions of the supports" where the abstract "focus[es]
    solely on the position of the measure supports while disregarding the projecting
    domains"."""
    claim = strip_markers(claim)
    heeds, ignores = _heeded(claim, HEEDS), _heeded(claim, IGNORES)
    if not heeds or not ignores:
        return None
    for sentence in split_sentences(paper_text):
        their_heeds, their_ignores = _heeded(sentence, HEEDS), _heeded(sentence, IGNORES)
        for h, i, their_h, their_i in product(heeds, ignores, their_heeds, their_ignores):
            if h & their_i and i & their_h and not h & their_h and not i & their_i:
                return "turns round what the abstract says is heeded and what is ignored"
    return None


def _side(text: str, words: int, *, last: bool = False) -> set[str]:
    said = text.split()
    return set(terms(" ".join(said[-words:] if last else said[:words]))) - PREFERENCE_FILLERS


def _contrasts(text: str) -> list[tuple[set[str], set[str]]]:
    """(preferred, set aside) pairs of a sentence's "instead of R, P" and "P rather than R",
    each side as its content words."""
    found = [(_side(m["preferred"], PREFERRED_WORDS), _side(m["aside"], SET_ASIDE_WORDS))
             for m in SET_ASIDE_FIRST.finditer(text)]
    for m in SET_ASIDE_AFTER.finditer(text):
        clause = re.split(r"[,;:()]", text[:m.start()])[-1]
        found.append((_side(clause, PREFERRED_BEFORE_CONTRAST, last=True),
                      _side(m["aside"], SET_ASIDE_WORDS)))
    return [(preferred, aside) for preferred, aside in found if preferred and aside]


def _preferences(text: str) -> list[tuple[set[str], set[str]]]:
    """(preferred, set aside) pairs of a sentence, by comparatives ("P is more X than R") and
    by contrasts, each side as its content words."""
    found = []
    for m in PREFERRED_THAN.finditer(text):
        clause = re.split(r"[,;:()]", text[:m.start()])[-1]
        found.append((_side(clause, PREFERRED_WORDS, last=True),
                      _side(m["aside"], SET_ASIDE_WORDS)))
    return [(preferred, aside) for preferred, aside in found if preferred and aside] \
        + _contrasts(text)


def check_preference(claim: str, paper_text: str) -> str | None:
    """The claim must not prefer what an abstract sentence sets aside while setting aside what
    it prefers."""
    ours = _preferences(clean_for_display(strip_markers(claim)))
    if not ours:
        return None
    for sentence in split_sentences(paper_text):
        for their_preferred, their_aside in _preferences(clean_for_display(sentence)):
            # words on both of the abstract's sides tell neither ("training an RL agent" /
            # "fine-tuning this general agent": held-out yg002, now dev)
            their_preferred, their_aside = (their_preferred - their_aside,
                                            their_aside - their_preferred)
            for preferred, aside in ours:
                if (aside & their_preferred and not aside & their_aside
                        and their_aside & preferred and not their_aside & aside
                        and len(preferred & their_aside) >= len(preferred & their_preferred)):
                    return "prefers what the abstract sets aside"
    return None


def check_chosen_over(claim: str, paper_text: str) -> str | None:
    """"A rather than B" where the abstract says B, every word of it, and not most of A: the
    claim sets aside what the abstract says for what it never says ("their feed-forward
    networks rather than self-attention" where the abstract attributes it to "their multi-head
    self-attention mechanisms")."""
    said = set(terms(paper_text))
    for preferred, aside in _contrasts(clean_for_display(strip_markers(claim))):
        preferred = {w for w in preferred if not w.endswith("ly")}  # "specifically": no thing
        if preferred and aside <= said \
                and len(preferred & said) < CHOSEN_SAID_SHARE * len(preferred):
            return "sets aside what the abstract says for what it does not say"
    return None
