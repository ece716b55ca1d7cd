"""The polarity check: a claim that says the opposite of the abstract sentence it rests on, by
an antonym ("slower" where the abstract says "faster") or a negation the abstract lacks. English
only; it prefers a miss to a false alarm (a faithful paraphrase must pass).
"""

from __future__ import annotations

from paperwise.text import base_forms, language_of
from rag.antonyms import Pair, named_together, prefix_pairs
from rag.cues import verify as cues
from rag.cues.verify import (
    POLARITY_MIN_OVERLAP,
    POLARITY_PAIRS,
    POLARITY_WINDOW,
)
from rag.negation import (
    asserted_words,
    denied_word_conflict,
    denied_words,
    negated_word_conflict,
    negation_backed,
    negation_conflict,
)
from rag.valence import valence_conflict
from rag.wording import (
    PUNCT,
    content_keys,
    is_negator,
    negated_before,
    pair_side,
    read_words,
    roles,
)

_BE = frozenset("is are was were be been being".split())
_Occurrence = tuple[int, int, str]  # index, effective side, the words as written


def _occurrences(words: list[str], pair: Pair) -> list[_Occurrence]:
    found: list[_Occurrence] = []
    for i, word in enumerate(words):
        side = pair_side(word, pair)
        if side is None or _after_contrast(words, i):
            continue
        negated = negated_before(words, i)
        passive = pair[2] == "rel" and word.endswith("ed") and i and words[i - 1] in _BE
        found.append((i, side ^ negated ^ bool(passive), f"not {word}" if negated else word))
    return found


def _after_contrast(words: list[str], i: int) -> bool:
    """words[i] is set aside by a contrast just before it (cues.CONTRAST_NEGATORS: "rather
    than the final converged one"): neither said nor denied, so no side of a pair."""
    k, between = i - 1, 0
    while k > 0 and between <= cues.CONTRAST_REACH:
        if (words[k - 1], words[k]) in cues.CONTRAST_NEGATORS:
            return True
        between += words[k] not in cues.ARTICLES
        k -= 1
    return False


def _anchors(words: list[str], i: int) -> set[str]:
    return content_keys(words[max(0, i - POLARITY_WINDOW):i] + words[i + 1:i + 1 + POLARITY_WINDOW])


def _antonym_conflict(claim: list[str], evidence: list[str], context: frozenset[str] = frozenset(),
                      together: frozenset[frozenset[str]] = frozenset(),
                      worded_alike: bool = False, prefixed: bool = True) -> str | None:
    """`worded_alike`: the evidence holds cues.PARALLEL_SHARE of the claim's content words;
    `prefixed`: a word and its negating-prefix form are antonyms too (rag/antonyms.py)."""
    both_than = "than" in claim and "than" in evidence
    # "than" on one side only may be the roles swapped ("X were slower than LLMs" for "LLMs
    # give faster estimates"): not parallel
    parallel = worded_alike and ("than" in claim) == ("than" in evidence)
    prefixes = prefix_pairs(claim, evidence, context, together) if prefixed else []
    for pair in (*POLARITY_PAIRS, *prefixes):
        if pair[2] == "deg" and ("than" in claim or "than" in evidence):
            continue  # "lower X than Y" agrees with "Y has a high X"
        others, mine = _occurrences(evidence, pair), _occurrences(claim, pair)
        # each sentence on one side of the pair only: the parallel case is unambiguous
        one_sided = len({o[1] for o in others}) == 1 and len({o[1] for o in mine}) == 1
        for i, side, shown in mine if others else []:
            scored = []
            for j, other_side, other_shown in others:
                score = len(_anchors(claim, i) & _anchors(evidence, j))
                if pair[2] == "rel" or (pair[2] == "cmp" and both_than):
                    kept, crossed = roles(claim, i, evidence, j)
                    other_side ^= crossed > kept
                    # Swapped roles anchor a comparison as well as shared neighbours do.
                    score = max(score, crossed if crossed > kept else 0)
                    if crossed > kept:
                        other_shown += " (with the sides swapped)"
                scored.append((score, other_side, other_shown))
            best = max(score for score, _, _ in scored)
            if not best and parallel and one_sided and pair[2] == "cmp":
                best, scored = 1, [(1, s, text) for _, s, text in scored]
            sides = {s: text for score, s, text in scored if score == best}
            if best and side not in sides:
                return f"says '{shown}' where the abstract says '{sides[1 - side]}'"
    return None


def _clauses(words: list[str]) -> list[list[str]]:
    """The claim's clauses, cut at punctuation and clause-joining words, each holding at least
    cues.POLARITY_CLAUSE_TERMS content words (a shorter piece joins the next one)."""
    parts: list[list[str]] = [[]]
    for word in words:
        reported = (word == "that" and len(parts[-1]) > 0
                    and bool(base_forms(parts[-1][-1]) & cues.REPORTING_VERBS))
        joins = word in PUNCT or word in cues.CLAUSE_JOINERS
        if reported or (joins and len(content_keys(parts[-1])) >= cues.POLARITY_CLAUSE_TERMS):
            parts.append([])
        parts[-1].append(word)
    if len(parts) > 1 and len(content_keys(parts[-1])) < cues.POLARITY_CLAUSE_TERMS:
        tail = parts.pop()
        parts[-1] += tail
    return parts


def check_polarity(claim: str, evidence: str, context: tuple[str, ...] = (),
                   paper_text: str = "") -> str | None:
    """The claim must not say the opposite of its evidence sentence (English only). Judging
    words alone are not compared: one sentence is too little context for them (see
    check_reversal). `context`: other close sentences, which may back a negation."""
    return check_reversal(claim, [evidence], judging=False, backing=context,
                          paper_text=paper_text)


def check_reversal(claim: str, closest: list[str], judging: bool = True,
                   backing: tuple[str, ...] = (), paper_text: str = "",
                   wider: tuple[str, ...] = ()) -> str | None:
    """The claim must not say the opposite of the evidence sentences closest to it (best
    first; English only). Judged on the whole claim and on each of its clauses, each against
    the sentence(s) sharing most of its words, if they share enough: a long claim that joins
    several facts may reverse just one, and another sentence may speak of something else. A
    bare negation (no antonym) is judged only on the whole claim against the closest
    sentence; judging words (cues.VALENCE_*) only when `judging`, with the other closest
    sentences as the context that may back them (and a negation: with `backing` too). A word
    the cited abstract (`paper_text`) says elsewhere is not read against its prefixed form.
    A clause is judged against the `wider` sentences too (the cited abstracts' others): one
    fact of a long claim may rest on a sentence the whole claim is not closest to."""
    if language_of(claim) != "en" or not closest:
        return None
    c = read_words(claim)
    sentences = [read_words(s) if language_of(s) == "en" else [] for s in closest]
    known = [content_keys(e) for e in sentences]
    backers = [read_words(s) for s in backing if s not in closest and language_of(s) == "en"]
    clauses = _clauses(c)
    abstract = read_words(paper_text)
    context = frozenset(w for e in [*sentences, *backers, abstract] for w in e)
    together = named_together(c)
    asserted, denied = asserted_words(abstract), denied_words(abstract)
    for part in [c, *clauses] if len(clauses) > 1 else [c]:
        keys = content_keys(part)
        shared = [len(keys & k) for k in known]
        least = 1 if part is c else cues.POLARITY_CLAUSE_TERMS  # a clause: a few words in common
        if not keys or max(shared) < max(POLARITY_MIN_OVERLAP * len(keys), least):
            continue
        for rank, e in enumerate(sentences):
            if shared[rank] < max(shared):
                continue
            negation = rank == 0 and part is c  # a clause alone is too little context
            elsewhere = [s for s in sentences if s is not e]
            alike = shared[rank] >= cues.PARALLEL_SHARE * len(keys)
            reason = (_antonym_conflict(part, e, context, together, alike)
                      or (valence_conflict(part, e, elsewhere) if judging else None)
                      or (negation_conflict(part, e) if negation
                          and not negation_backed(part, elsewhere + backers) else None)
                      or negated_word_conflict(part, e, asserted | asserted_words(e))
                      or denied_word_conflict(part, e, denied))
            if reason:
                return reason
    wide = [read_words(s) for s in dict.fromkeys(wider) if s not in closest
            and language_of(s) == "en"]
    wide_known = [content_keys(e) for e in wide]
    return next(filter(None, (_wide_conflict(part, wide, wide_known, sentences, known, context)
                              for part in (clauses if len(clauses) > 1 else []))), None)


def _wide_conflict(part: list[str], wide: list[list[str]], wide_known: list[set[str]],
                   closest: list[list[str]], known: list[set[str]],
                   context: frozenset[str]) -> str | None:
    """A clause against the cited abstracts' other sentences: by an antonym only, and only
    against the one sharing most of its words, more than any closest sentence and at least
    cues.POLARITY_CLAUSE_TERMS (a faithful clause may echo a background sentence's words). Left
    alone: a clause holding a negation (", not through the final converged teacher": how far it
    reaches is too uncertain out of its sentence), and one whose antonym word another sentence
    of the abstract says ("mitigates the degradation" against a background "improving": "SOAP
    mitigates this degradation" backs it)."""
    if any(is_negator(part, i) for i in range(len(part))):
        return None
    keys = content_keys(part)
    shared = [len(keys & k) for k in wide_known]
    most = max(shared, default=0)
    if most < cues.POLARITY_CLAUSE_TERMS or most <= max((len(keys & k) for k in known),
                                                        default=0):
        return None
    best = wide[shared.index(most)]
    said = {w for w in part if any(pair_side(w, pair) is not None for pair in POLARITY_PAIRS)}
    if any(said & set(e) for e in [*closest, *wide] if e is not best):
        return None
    return _antonym_conflict(part, best, context, worded_alike=most >= cues.PARALLEL_SHARE * len(
        keys), prefixed=False)
