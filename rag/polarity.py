"""The polarity check: a claim that says the opposite of the abstract sentence it rests on, by
an antonym ("slower" where the abstract says "faster") or a negation the abstract lacks. English
only; it prefers a miss to a false alarm (a faithful paraphrase must pass).
"""

from __future__ import annotations

import re
from itertools import takewhile

from paperwise.text import base_forms, language_of
from rag.antonyms import Pair, named_together, prefix_pairs
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
from rag.valence import valence_conflict
from rag.wording import (
    PUNCT,
    clause_content,
    content_keys,
    is_negator,
    mentions,
    negated_before,
    pair_side,
    reach,
    read_words,
    roles,
    term_key,
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


def _negation_conflict(claim: list[str], evidence: list[str]) -> str | None:
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


def _negated_word_conflict(part: list[str], evidence: list[str],
                           asserted: frozenset[str]) -> str | None:
    """The claim asserts, unnegated, the verb or adjective its evidence negates ("increasing
    the number of parameters largely resolves this" for "is not resolved even as the number of
    parameters is increased"), about the same thing: cues.NEGATED_WORD_SHARED other words in
    common with the negated clause. The negation check misses it when the claim words the
    subject differently. Only verbal negators (cues.VERB_NEGATORS): "no"/"without" + noun is
    too often traded for an implicit one ("avoids retraining"). Not when the cited abstract
    asserts the word somewhere (`asserted`: "Db-TSW is an invariant metric" where a sentence on
    earlier work says "not invariant")."""
    if any(is_negator(part, k) for k in range(len(part))):
        return None
    keys = content_keys(part)
    for j, word in enumerate(evidence):
        if not (is_negator(evidence, j) and word in cues.VERB_NEGATORS):
            continue
        negated = _negated_word(evidence, j)
        if negated is None or (key := term_key(negated)) not in keys or key in asserted:
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


def _denied_word_conflict(part: list[str], evidence: list[str],
                          denied: frozenset[str]) -> str | None:
    """The mirror of _negated_word_conflict: the claim negates, with a verbal negator, the word
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


def _denied(words: list[str]) -> frozenset[str]:
    """The content keys of the words a negator governs."""
    return frozenset(term_key(w) for i in range(len(words)) if is_negator(words, i)
                     for w in words[i + 1:i + 1 + NEGATION_SCOPE])


def _asserted(words: list[str]) -> frozenset[str]:
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


def _negation_backed(claim: list[str], others: list[list[str]]) -> bool:
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
    asserted, denied = _asserted(abstract), _denied(abstract)
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
                      or (_negation_conflict(part, e) if negation
                          and not _negation_backed(part, elsewhere + backers) else None)
                      or _negated_word_conflict(part, e, asserted | _asserted(e))
                      or _denied_word_conflict(part, e, denied))
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
