"""The sides of one comparison crossed: "geometry-aware models are more robust under sequencing
noise than sequence models" where the abstract says "geometry-unaware sequence-based models are
more robust under sequencing noise ... to match the performance of geometry-aware models"; and
two contrasted clauses' subjects given each other's predicates ("a perfect expert always yields
a correct graph, while the causal order can contain significant errors" for "the inferred graph
can have significant errors whereas the causal order is always correct").

Both sentences predicate the same comparative ("are more robust"); the claim's subject stands
after the comparative in the abstract's sentence and not before it, and a word the claim puts
after the comparative is the abstract's subject. Words match whole or by their first hyphen
part ("sequence" for "sequence-based"), so "geometry-aware" is not "geometry-unaware". English
only; a miss rather than a false alarm. Cues: rag/cues/roles.py."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from paperwise.text import STOPWORDS, language_of, split_sentences, strip_markers, terms
from rag.cues.roles import (
    BEATING,
    BEATING_SUBJECT_ENDS,
    BEATING_SUBJECT_WORDS,
    CLAIM_CLAUSE_END,
    COMPARATIVES,
    COMPARED_SUBJECT_ENDS,
    COMPARED_SUBJECT_WORDS,
    CONTRAST_ASIDE,
    CONTRAST_JOINER,
    GENERAL_SUBJECTS,
    LINKING_SKIPS,
    LINKING_VERBS,
    SUBJECT_END,
)
from rag.wording import PUNCT, read_words

_Comparison = tuple[int, int, str]  # where the comparison starts, its last word, as written


def _words(text: str) -> list[str]:
    """The text's words, without a contrasting aside ("X, on the other hand, is faster"), whose
    words are no subject's."""
    return read_words(CONTRAST_ASIDE.sub(" ", text))


def _linked(words: Sequence[str], start: int) -> int | None:
    """Where the linking verb before words[start] stands, if the comparative is predicated."""
    for k in range(start - 1, -1, -1):
        if words[k] in LINKING_VERBS:
            return k
        if words[k] not in PUNCT and words[k] not in LINKING_SKIPS:
            return None
    return None


def _comparisons(words: Sequence[str]) -> list[_Comparison]:
    found = []
    for i, word in enumerate(words):
        graded = word in ("more", "less") and i + 1 < len(words) \
            and words[i + 1] not in STOPWORDS and words[i + 1] not in PUNCT
        if graded or word in COMPARATIVES:
            last = i + 1 if graded else i
            if _linked(words, i) is not None:
                found.append((i, last, " ".join(words[i:last + 1])))
        elif beating := BEATING.fullmatch(word):  # "A outperforms B": a comparison in a verb
            found.append((i, i, beating[1]))
    return found


def _content(words: Sequence[str]) -> set[str]:
    return {w for w in words if w not in STOPWORDS and w not in PUNCT and not w.isdigit()
            and len(w) > 2}


def _subject(words: Sequence[str], start: int) -> tuple[int, set[str]]:
    """Where the comparison's clause starts and the content words just before its linking
    verb, back to that start."""
    subject: list[str] = []
    beating = BEATING.fullmatch(words[start]) is not None
    k = start if beating else _linked(words, start) or 0
    # a verb's subject runs back to its clause's start ("A with B and C outperforms D")
    ends, most = ((BEATING_SUBJECT_ENDS, BEATING_SUBJECT_WORDS) if beating
                  else (COMPARED_SUBJECT_ENDS, COMPARED_SUBJECT_WORDS))
    while k > 0 and words[k - 1] not in (";", ":") and words[k - 1] not in ends \
            and len(subject) < most:
        k -= 1
        subject += _content([words[k]])
    return k, set(subject)


def _has(words: set[str], word: str) -> bool:
    return any(w == word or w.startswith(word + "-") or word.startswith(w + "-") for w in words)


def _crossed(claim: Sequence[str], mine: _Comparison, sentence: Sequence[str],
             theirs: _Comparison) -> bool:
    before, after = _content(claim[:mine[0]]), _content(claim[mine[1] + 1:])
    subject = _subject(claim, mine[0])[1]
    # the abstract's words before the comparison: those of its own clause ("X is faster,
    # while Y is more accurate than X")
    start, their_subject = _subject(sentence, theirs[0])
    was_before, was_after = (_content(sentence[start:theirs[0]]),
                             _content(sentence[theirs[1] + 1:]))
    moved = any(_has(was_after, w) and not _has(was_before, w) for w in subject)
    back = any(_has(their_subject, w) and not _has(was_after, w) and not _has(before, w)
               for w in after)
    # ... or, said of nothing else, the same predicate given to what the abstract set against
    # its subject ("geometry-aware models are more robust to sequencing noise")
    # (not a verb's: "it outperforms baselines in tasks without action labels" leaves its
    # subject unsaid)
    specific = {w for w in subject if not set(terms(w)) <= GENERAL_SUBJECTS}
    alone = bool(specific) and not BEATING.fullmatch(claim[mine[0]]) and not any(
        _has(their_subject, w) for w in specific) and all(
        _has(was_after | was_before, w) for w in after)
    return moved and (back or alone)


@lru_cache(maxsize=256)  # every claim citing an abstract is checked against it
def _abstract_comparisons(paper_text: str) -> tuple[tuple[tuple[str, ...],
                                                          tuple[_Comparison, ...]], ...]:
    """Each abstract sentence's words with the predicated comparisons it makes, if any."""
    read = (tuple(_words(sentence)) for sentence in split_sentences(paper_text))
    return tuple((words, found) for words in read if (found := tuple(_comparisons(words))))


def check_compared_sides(claim: str, paper_text: str) -> str | None:
    claim = strip_markers(claim)
    if language_of(claim) != "en":
        return None
    words = _words(claim)
    mine = _comparisons(words)
    for theirs, others in _abstract_comparisons(paper_text) if mine else ():
        for other in others:
            for comparison in mine:
                if comparison[2] == other[2] and _crossed(words, comparison, theirs, other):
                    return (f"says who is '{comparison[2]}' the other way round from the "
                            "abstract")
    return None


def _subject_and_predicate(clause: str) -> tuple[str | None, set[str]]:
    """A clause's subject (the last term before its first verb, after a last "that") and the
    terms after it."""
    clause = re.split(r"\bthat\b", clause)[-1]
    verb = SUBJECT_END.search(clause)
    if verb is None:
        return None, set()
    subject = [t for t in terms(clause[:verb.start()].split(",")[-1])
               if t not in GENERAL_SUBJECTS]
    return (subject[-1] if subject else None), set(terms(clause[verb.start():]))


_Contrast = tuple[str, frozenset[str], str, frozenset[str]]  # each subject, what is said of it


@lru_cache(maxsize=256)  # every claim citing an abstract is checked against it
def _abstract_contrasts(paper_text: str) -> tuple[_Contrast, ...]:
    """The abstract's sentences of two contrasted clauses, each with its own subject."""
    found = []
    for sentence in split_sentences(paper_text):
        parts = CONTRAST_JOINER.split(sentence)
        if len(parts) != 2:
            continue
        (one, said_one), (other, said_other) = map(_subject_and_predicate, parts)
        if one and other and one != other:
            found.append((one, frozenset(said_one), other, frozenset(said_other)))
    return tuple(found)


def _swapped_predicates(claim_parts: list[set[str]], contrast: _Contrast,
                        claim_terms: set[str]) -> bool:
    one, said_one, other, said_other = contrast
    if not {one, other} <= claim_terms:
        return False
    # what is said of one subject and not of the other
    own, others = said_one - said_other - {one, other}, said_other - said_one - {one, other}
    of_one = [p for p in claim_parts if one in p and other not in p]
    of_other = [p for p in claim_parts if other in p and one not in p]
    if len(of_one) != 1 or len(of_other) != 1:
        return False
    kept = len(of_one[0] & own) + len(of_other[0] & others)
    return not kept and bool(of_one[0] & others) and bool(of_other[0] & own) and len(
        of_one[0] & others) + len(of_other[0] & own) >= 2


def check_contrasted_subjects(claim: str, paper_text: str) -> str | None:
    claim = strip_markers(claim)
    if language_of(claim) != "en":
        return None
    claim_parts = [set(terms(p)) for p in CLAIM_CLAUSE_END.split(claim) if p.strip()]
    claim_terms = set(terms(claim))
    for contrast in _abstract_contrasts(paper_text):
        if _swapped_predicates(claim_parts, contrast, claim_terms):
            return "gives each of two things what the abstract says of the other"
    return None
