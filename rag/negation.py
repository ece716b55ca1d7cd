"""Negation in the polarity check (rag/polarity.py): a claim negating what its evidence says
("is not resolved" for "resolves"), or asserting what the evidence denies, explicitly or by an
implicit negative ("fails to", "lacks"). English only; a miss rather than a false alarm."""

from __future__ import annotations

import re
from itertools import takewhile

from paperwise.text import base_forms
from rag.cues import verify as cues
from rag.cues.verify import (
    IMPLICIT_ADJECTIVES,
    IMPLICIT_REACH,
    IMPLICIT_SUFFIXES,
    IMPLICIT_VERBS,
    NEGATION_SCOPE,
    POLARITY_MIN_OVERLAP,
    POLARITY_PAIRS,
    POLARITY_WINDOW,
)
from rag.wording import (
    PUNCT,
    clause_content,
    content_keys,
    is_negator,
    mentions,
    pair_side,
    reach,
    term_key,
)


def _negations(words: list[str], other: list[str]) -> list[int]:
    """Negators the antonym check did not already read ("not faster" when the other sentence
    says "faster" or "slower")."""
    read = [pair for pair in POLARITY_PAIRS if mentions(other, pair)]
    return [i for i in range(len(words)) if is_negator(words, i) and not any(
        pair_side(w, pair) is not None for w in reach(words, i, 1) for pair in read)]


def _explains(words: list[str], scope: set[str], negating: list[str]) -> bool:
    """Some word with a built-in negation speaks of the negated words (see IMPLICIT_*), or
    `words` restate the negation as a comparison the negating side does not make ("cannot
    compete with" → "is slower than"), on the lesser side of its pair: "is sufficient to
    achieve" restates no "fails to achieve" (dev split zi006x)."""
    for k, word in enumerate(words):
        near = content_keys(words[max(0, k - POLARITY_WINDOW):k + 1 + POLARITY_WINDOW])
        if scope & near and any(pair_side(word, p) == 1 and not mentions(negating, p)
                                for p in POLARITY_PAIRS):
            return True  # a comparison near the negated words, not anywhere in the sentence
    for k, word in enumerate(words):
        if word.endswith(IMPLICIT_SUFFIXES) or word in IMPLICIT_ADJECTIVES:
            own = re.sub(r"^(?:un|non-|zero-)|-(?:free|agnostic|independent)$", "", word)
            if content_keys([own]) & scope:
                return True
        elif scope & content_keys(_implicitly_negated(words, k)):
            return True
    return False


def _implicitly_negated(words: list[str], k: int) -> list[str]:
    """The words a verb with a built-in negation at k speaks of (IMPLICIT_VERBS: "avoids
    retraining"); for a doubting word (cues.DOUBTING_WORDS) that names a belief, the rest of
    its sentence ("casts doubt on the idea that SAEs yield ... atomic features")."""
    forms = base_forms(words[k])
    if forms & IMPLICIT_VERBS:
        return words[k + 1:k + 1 + IMPLICIT_REACH]
    after = words[k + 1:k + 1 + cues.DOUBT_REACH]
    if not forms & cues.DOUBTING_WORDS or not cues.BELIEF_NOUNS & set(
            after[:cues.BELIEF_NOUN_REACH]):
        return []
    return list(takewhile(lambda w: w not in cues.SENTENCE_ENDS, after))


def negation_conflict(claim: list[str], evidence: list[str]) -> str | None:
    """One side negates what the other asserts: a negator with no counterpart (a negator near
    the same words) on the other side, whose words (and subject in the clause, if any) the
    other side holds, and no second negator in its clause ("cannot ... without")."""
    shared = content_keys(claim) & content_keys(evidence)
    # A claim that restates most of the sentence speaks of its subject even when the words
    # just before the negator are not the sentence's.
    same_topic = len(shared) >= cues.NEGATION_SAME_TOPIC * len(content_keys(claim))
    for one, other in ((claim, evidence), (evidence, claim)):
        keys = content_keys(other)
        mine = _negations(one, other)
        # a counterpart is any negator of the other side, read by the antonym check or not:
        # "without retaining any data" answers "without the need to retain any data"
        near = [_scope(other, j) | _subject(other, j) for j in range(len(other))
                if is_negator(other, j)]
        for i in mine:
            scope, subject = _scope(one, i), _subject(one, i)
            if scope <= _unnegated(one, mine) or _of_earlier_work(one, i):
                continue  # "where X is applied ... where X is not applied": both are said
            covered = len(scope & keys) >= cues.NEGATION_COVERAGE * len(scope)
            if (any((scope | subject) & words for words in near) or not scope or not covered
                    or (subject and not subject & keys and not same_topic)
                    or _explains(other, scope, one)):
                continue
            if not any(0 < abs(k - i) <= NEGATION_SCOPE
                       and not PUNCT & set(one[min(i, k):max(i, k)]) for k in mine
                       ) and not _double_negative(one, i):
                return "negates what the abstract says"
    return None


def negated_word_conflict(part: list[str], evidence: list[str],
                           asserted: frozenset[str]) -> str | None:
    """The claim asserts, unnegated, the verb or adjective its evidence negates ("increasing
    the number of parameters largely resolves this" for "is not resolved even as the number of
    parameters is increased"), about the same thing: cues.NEGATED_WORD_SHARED other words in
    common with the negated clause. The negation check misses it when the claim words the
    subject differently. Only verbal negators (cues.VERB_NEGATORS, and cues.GERUND_NEGATOR
    before a verb's -ing form): "no"/"without" + noun is too often traded for an implicit one
    ("avoids retraining"). Not when the cited abstract
    asserts the word somewhere (`asserted`: "Db-TSW is an invariant metric" where a sentence on
    earlier work says "not invariant")."""
    if any(is_negator(part, k) for k in range(len(part))):
        return None
    keys = content_keys(part)
    for j, word in enumerate(evidence):
        if not (is_negator(evidence, j) and (
                word in cues.VERB_NEGATORS or word == cues.GERUND_NEGATOR)):
            continue
        negated = _negated_word(evidence, j)
        if negated is None or (word == cues.GERUND_NEGATOR and not negated.endswith("ing")) or (
                key := term_key(negated)) not in keys or key in asserted:
            continue
        window = cues.NEGATED_WORD_WINDOW
        around = (clause_content(evidence, j - window, j, keep_last=True)
                  | clause_content(evidence, j + 1, j + 1 + window, keep_last=False))
        if (len((keys & around) - {key}) >= cues.NEGATED_WORD_SHARED
                and not _explains(part, {key}, evidence)):
            shown = next(w for w in part if term_key(w) == key)
            return f"says '{shown}' where the abstract says '{word} {negated}'"
    return None


_RELATIVES = frozenset("that which who whose".split())


def denied_word_conflict(part: list[str], evidence: list[str],
                          denied: frozenset[str]) -> str | None:
    """The mirror of negated_word_conflict: the claim negates, with a verbal negator, the word
    its evidence asserts, or one on the same side of an antonym pair ("do not keep the base
    algorithms' empirical efficacy" for "maintaining ... their empirical efficacy"; "without
    removing its prompt encoder" for "by removing the prompt encoder"), in a clause holding
    the negated words (cues.PARALLEL_SHARE of them, NEGATED_WORD_SHARED besides the word) and
    some of its clause (POLARITY_MIN_OVERLAP): a paraphrase that keeps the words and flips the
    verb (dev split zh004x, zh022x). "Without" counts before a verb with a built-in negation
    only: "without retraining" is traded for "avoids retraining". Not when the evidence
    negates the word implicitly ("the inability of value functions to generalize" for "fail
    to generalize") or the cited abstract denies it elsewhere (`denied`: "the metric of TSW-SL
    is not invariant" beside "Db-TSW is invariant"): dev split, 6 faithful sentences."""
    if any(is_negator(evidence, j) for j in range(len(evidence))):
        return None  # the evidence's own negations are the negation check's
    told = content_keys(evidence)
    for i, word in enumerate(part):
        negated = _negated_word(part, i) if is_negator(part, i) else None
        if negated is None or not (word in cues.VERB_NEGATORS or (
                word == "without" and base_forms(negated) & IMPLICIT_VERBS)) or (
                term_key(negated) in denied or _explains(evidence, {term_key(negated)}, part)
                # "methods that do not model this structure do worse": a relative clause
                # describes a subject; it denies nothing (dev split g08)
                or set(part[max(0, i - 2):i]) & _RELATIVES):
            continue
        said = clause_content(part, i + 1, i + 1 + cues.NEGATED_WORD_WINDOW, keep_last=False)
        clause = said | clause_content(part, i - cues.NEGATED_WORD_WINDOW, i, keep_last=True)
        others = said - {term_key(negated)}
        if (len(said & told) < cues.PARALLEL_SHARE * len(said)
                or len(others & told) < cues.NEGATED_WORD_SHARED
                or len(clause & told) < POLARITY_MIN_OVERLAP * len(clause)):
            continue
        same = [w for w in evidence if base_forms(w) & base_forms(negated) or any(
            pair_side(w, p) is not None and pair_side(w, p) == pair_side(negated, p)
            for p in POLARITY_PAIRS)]
        if same:
            return f"says '{word} {negated}' where the abstract says '{same[0]}'"
    return None


def denied_words(words: list[str]) -> frozenset[str]:
    """The content keys of the words a negator governs."""
    return frozenset(term_key(w) for i in range(len(words)) if is_negator(words, i)
                     for w in words[i + 1:i + 1 + NEGATION_SCOPE])


def asserted_words(words: list[str]) -> frozenset[str]:
    """The content keys of the words no negator governs."""
    return frozenset(term_key(w) for k, w in enumerate(words) if not any(
        is_negator(words, i) for i in range(max(0, k - NEGATION_SCOPE), k + 1)))


def _negated_word(words: list[str], i: int) -> str | None:
    """The first content word a negator governs, adverbs skipped ("not significantly
    improve" negates "improve"), within its clause."""
    for word in words[i + 1:i + 1 + NEGATION_SCOPE]:
        if word in PUNCT:
            return None
        if content_keys([word]) and not word.endswith("ly") and word != "to":
            return word
    return None


def _double_negative(words: list[str], i: int) -> bool:
    """A negator whose reach holds a word with a built-in negation asserts: "when no features
    are missing" is "when all features are observed" (fresh dev batch 23)."""
    reach = words[i + 1:i + 1 + NEGATION_SCOPE]
    reach = reach[:min((k for k, w in enumerate(reach) if w in PUNCT), default=len(reach))]
    return any(w in cues.NEGATED_STATES for w in reach)


def _unnegated(words: list[str], negators: list[int]) -> set[str]:
    """The content of the words outside every negator's reach."""
    reach = {k for i in negators for k in range(i - NEGATION_SCOPE, i + NEGATION_SCOPE + 1)}
    return content_keys([w for k, w in enumerate(words) if k not in reach])


def negation_backed(claim: list[str], others: list[list[str]]) -> bool:
    """Another close sentence negates some of the words the claim negates: the claim fuses
    sentences ("a dimension that does not grow with precision" is said in the next one)."""
    scopes = [_scope(claim, i) for i in range(len(claim)) if is_negator(claim, i)]
    return any(scope & _scope(other, j) for other in others for j in range(len(other))
               if is_negator(other, j) for scope in scopes)


def _scope(words: list[str], i: int) -> set[str]:
    return clause_content(words, i + 1, i + 1 + NEGATION_SCOPE, keep_last=False)


def _of_earlier_work(words: list[str], i: int) -> bool:
    """The negator at i stands in a relative clause of earlier work: "existing methods,
    which do not ..." (cues.EARLIER_WORK_WORDS)."""
    before = [w.lower() for w in words[max(0, i - cues.EARLIER_WORK_REACH):i]]
    relative = [j for j, w in enumerate(before) if w in cues.RELATIVE_WORDS]
    return bool(relative) and bool(cues.EARLIER_WORK_WORDS & set(before[:relative[-1]]))


def _subject(words: list[str], i: int) -> set[str]:
    return clause_content(words, i - NEGATION_SCOPE, i, keep_last=True)
