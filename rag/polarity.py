"""The polarity check: a claim that says the opposite of the abstract sentence it rests on, by
an antonym ("slower" where the abstract says "faster") or a negation the abstract lacks. English
only; it prefers a miss to a false alarm (a faithful paraphrase must pass).
"""

from __future__ import annotations

import re
from itertools import islice

from paperwise.text import STOPWORDS, clean_for_display, language_of, stem
from rag.antonyms import Pair, named_together, prefix_pairs
from rag.cues import verify as cues
from rag.cues.verify import (
    ANTONYM_NEGATION_REACH,
    ARTICLES,
    GENERIC_VERBS,
    IMPLICIT_ADJECTIVES,
    IMPLICIT_REACH,
    IMPLICIT_SUFFIXES,
    IMPLICIT_VERBS,
    NEGATION_SCOPE,
    NEGATORS,
    NOT_NEGATION_AFTER,
    POLARITY_MIN_OVERLAP,
    POLARITY_PAIRS,
    POLARITY_WINDOW,
    ROLE_WINDOW,
)

_PUNCT = frozenset(",;:()")
_PAIR_WORDS = frozenset(w for a, b, _ in POLARITY_PAIRS for w in a | b)
# Each synonym's key (stem prefix, as _content makes it) → its group's first word's key.
_SYNONYM_KEYS = {stem(w)[:5]: stem(group.split()[0])[:5]
                 for group in cues.POLARITY_SYNONYMS for w in group.split()}
_REWRITES = [(re.compile(p), w) for p, w in cues.PHRASAL_REWRITES]
_BE = frozenset("is are was were be been being".split())
_Occurrence = tuple[int, int, str]  # index, effective side, the words as written


def _words(text: str) -> list[str]:
    text = re.sub(r"\bcannot\b", "can not", clean_for_display(text).lower())
    text = re.sub(r"-{2,}|[—–]", " , ", text)  # a dash ends a clause like a comma
    for pattern, words in _REWRITES:
        text = pattern.sub(words, text)
    tokens = re.findall(r"[a-z0-9]+(?:-[a-z0-9]+)*|[,;:()]", re.sub(r"n't\b", " not", text))
    # "smaller-SAE latents", "high-quality data": the antonym leads a compound
    return [part for token in tokens
            for part in (token.split("-", 1) if token.split("-")[0] in _PAIR_WORDS else [token])]


def _forms(word: str) -> set[str]:
    """The base forms a word may inflect: "reducing" → "reduce", "lagged" → "lag"."""
    forms = {word}
    if word.endswith(("ies", "ied")) and len(word) > 4:  # "amplifies" → "amplify"
        forms.add(word[:-3] + "y")
    for suffix in ("ments", "ment", "ing", "es", "ed", "s", "d"):
        base = word[:-len(suffix)]
        if word.endswith(suffix) and len(base) > 2:
            forms |= {base, base + "e", base[:-1] if base[-1] == base[-2] else base}
    return forms


def _key(word: str) -> str:
    key = stem(word)[:5]
    return _SYNONYM_KEYS.get(key, key)


def _content(words: list[str]) -> set[str]:
    return {_key(w) for w in words if w not in STOPWORDS and not _forms(w) & GENERIC_VERBS
            and w not in NEGATORS and w not in _PUNCT}


def _is_negator(words: list[str], i: int) -> bool:
    nxt = words[i + 1] if i + 1 < len(words) else ""
    negator = words[i] in NEGATORS or (words[i] in ("fail", "fails", "failed") and nxt == "to")
    return negator and nxt not in NOT_NEGATION_AFTER


def _reach(words: list[str], i: int, step: int) -> list[str]:
    """The ANTONYM_NEGATION_REACH words after (step 1) or before (-1) words[i], articles
    not counted: how far a negator and an antonym may stand apart and still be one phrase."""
    stop = len(words) if step > 0 else -1
    return list(islice((words[k] for k in range(i + step, stop, step)
                        if words[k] not in ARTICLES), ANTONYM_NEGATION_REACH))


def _negated_before(words: list[str], i: int) -> bool:
    before = _reach(words, i, -1)
    return any(_is_negator(before[::-1], k) for k in range(len(before)))


def _side(word: str, pair: Pair) -> int | None:
    """0 or 1 when the word is an inflection of a base on that side of the pair, else None."""
    forms = _forms(word)
    return 0 if forms & pair[0] else 1 if forms & pair[1] else None


def _occurrences(words: list[str], pair: Pair) -> list[_Occurrence]:
    found: list[_Occurrence] = []
    for i, word in enumerate(words):
        side = _side(word, pair)
        if side is None:
            continue
        negated = _negated_before(words, i)
        passive = pair[2] == "rel" and word.endswith("ed") and i and words[i - 1] in _BE
        found.append((i, side ^ negated ^ bool(passive), f"not {word}" if negated else word))
    return found


def _anchors(words: list[str], i: int) -> set[str]:
    return _content(words[max(0, i - POLARITY_WINDOW):i] + words[i + 1:i + 1 + POLARITY_WINDOW])


def _roles(claim: list[str], i: int, evidence: list[str], j: int) -> tuple[int, int]:
    """How many words the things compared share in place and crossed over: "Y is slower than
    X" for "X is faster" shares them crossed."""
    lc, rc = _clause(claim, i - ROLE_WINDOW, i, True), _clause(claim, i + 1, i + 1 + ROLE_WINDOW,
                                                                False)
    le, re_ = (_clause(evidence, j - ROLE_WINDOW, j, True),
               _clause(evidence, j + 1, j + 1 + ROLE_WINDOW, False))
    return len(lc & le) + len(rc & re_), len(lc & re_) + len(rc & le)


def _swapped(claim: list[str], i: int, evidence: list[str], j: int) -> bool:
    """True when the compared roles change places: "Y is slower than X" for "X is faster"."""
    kept, crossed = _roles(claim, i, evidence, j)
    return crossed > kept


def _antonym_conflict(claim: list[str], evidence: list[str], context: frozenset[str] = frozenset(),
                      together: frozenset[frozenset[str]] = frozenset(),
                      worded_alike: bool = False) -> str | None:
    """`worded_alike`: the evidence holds cues.PARALLEL_SHARE of the claim's content words."""
    both_than = "than" in claim and "than" in evidence
    # "than" on one side only may be the roles swapped ("X were slower than LLMs" for "LLMs
    # give faster estimates"): not parallel
    parallel = worded_alike and ("than" in claim) == ("than" in evidence)
    for pair in (*POLARITY_PAIRS, *prefix_pairs(claim, evidence, context, together)):
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
                    kept, crossed = _roles(claim, i, evidence, j)
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
    read = [pair for pair in POLARITY_PAIRS if _mentions(other, pair)]
    return [i for i in range(len(words)) if _is_negator(words, i) and not any(
        _side(w, pair) is not None for w in _reach(words, i, 1) for pair in read)]


def _mentions(words: list[str], pair: Pair) -> bool:
    return any(_side(w, pair) is not None for w in words)


def _explains(words: list[str], scope: set[str], negating: list[str]) -> bool:
    """Some word with a built-in negation speaks of the negated words (see IMPLICIT_*), or
    `words` restate the negation as a comparison the negating side does not make ("cannot
    compete with" → "is slower than")."""
    for k, word in enumerate(words):
        near = _content(words[max(0, k - POLARITY_WINDOW):k + 1 + POLARITY_WINDOW])
        if scope & near and any(_side(word, p) is not None and not _mentions(negating, p)
                                for p in POLARITY_PAIRS):
            return True  # a comparison near the negated words, not anywhere in the sentence
    for k, word in enumerate(words):
        if word.endswith(IMPLICIT_SUFFIXES) or word in IMPLICIT_ADJECTIVES:
            own = re.sub(r"^(?:un|non-|zero-)|-(?:free|agnostic|independent)$", "", word)
            if _content([own]) & scope:
                return True
        elif _forms(word) & IMPLICIT_VERBS and scope & _content(
                words[k + 1:k + 1 + IMPLICIT_REACH]):
            return True
    return False


def _clause(words: list[str], start: int, stop: int, keep_last: bool) -> set[str]:
    """Content of words[start:stop] on the negator's side of the nearest punctuation."""
    part = words[max(0, start):stop]
    cuts = [k for k, w in enumerate(part) if w in _PUNCT]
    if cuts:
        part = part[cuts[-1] + 1:] if keep_last else part[:cuts[0]]
    return _content(part)


def _negation_conflict(claim: list[str], evidence: list[str]) -> str | None:
    """One side negates what the other asserts: a negator with no counterpart (a negator near
    the same words) on the other side, whose words (and subject in the clause, if any) the
    other side holds, and no second negator in its clause ("cannot ... without")."""
    shared = _content(claim) & _content(evidence)
    # A claim that restates most of the sentence speaks of its subject even when the words
    # just before the negator are not the sentence's.
    same_topic = len(shared) >= cues.NEGATION_SAME_TOPIC * len(_content(claim))
    for one, other in ((claim, evidence), (evidence, claim)):
        keys = _content(other)
        mine, theirs = _negations(one, other), _negations(other, one)
        near = [_scope(other, j) | _subject(other, j) for j in theirs]
        for i in mine:
            scope, subject = _scope(one, i), _subject(one, i)
            if scope <= _unnegated(one, mine):
                continue  # "where X is applied ... where X is not applied": both are said
            covered = len(scope & keys) >= cues.NEGATION_COVERAGE * len(scope)
            if (any((scope | subject) & words for words in near) or not scope or not covered
                    or (subject and not subject & keys and not same_topic)
                    or _explains(other, scope, one)):
                continue
            if not any(0 < abs(k - i) <= NEGATION_SCOPE
                       and not _PUNCT & set(one[min(i, k):max(i, k)]) for k in mine
                       ) and not _double_negative(one, i):
                return "negates what the abstract says"
    return None


def _double_negative(words: list[str], i: int) -> bool:
    """A negator whose reach holds a word with a built-in negation asserts: "when no features
    are missing" is "when all features are observed" (fresh dev batch 23)."""
    reach = words[i + 1:i + 1 + NEGATION_SCOPE]
    reach = reach[:min((k for k, w in enumerate(reach) if w in _PUNCT), default=len(reach))]
    return any(w in cues.NEGATED_STATES for w in reach)


def _unnegated(words: list[str], negators: list[int]) -> set[str]:
    """The content of the words outside every negator's reach."""
    reach = {k for i in negators for k in range(i - NEGATION_SCOPE, i + NEGATION_SCOPE + 1)}
    return _content([w for k, w in enumerate(words) if k not in reach])


def _negation_backed(claim: list[str], others: list[list[str]]) -> bool:
    """Another close sentence negates some of the words the claim negates: the claim fuses
    sentences ("a dimension that does not grow with precision" is said in the next one)."""
    scopes = [_scope(claim, i) for i in range(len(claim)) if _is_negator(claim, i)]
    return any(scope & _scope(other, j) for other in others for j in range(len(other))
               if _is_negator(other, j) for scope in scopes)


def _scope(words: list[str], i: int) -> set[str]:
    return _clause(words, i + 1, i + 1 + NEGATION_SCOPE, keep_last=False)


def _subject(words: list[str], i: int) -> set[str]:
    return _clause(words, i - NEGATION_SCOPE, i, keep_last=True)


def _lean(words: list[str], i: int) -> int:
    """+1/-1 for an evaluative word (cues.VALENCE_*), turned by a negator or a negating head
    ("difficulties of stable training") just before it, an "unable/fails ... to" it completes,
    or a flipper ("less", "least") next to it; 0 for any other word."""
    forms = _forms(words[i])
    lean = 1 if forms & cues.VALENCE_POSITIVE else -1 if forms & cues.VALENCE_NEGATIVE else 0
    turned = (any(_is_negator(words, k) for k in range(max(0, i - 2), i))
              or any(words[k] in cues.NEGATING_HEADS and words[k + 1] in ("of", "in", "with")
                     for k in range(max(0, i - 3), i))
              or bool(cues.VALENCE_FLIPPERS & set(words[max(0, i - 1):i + 2])))
    if i and words[i - 1] == "to":  # "the inability of ... to generalize", "not lead to robust"
        head = words[max(0, i - 1 - IMPLICIT_REACH):i - 1]
        head = head[max((k + 1 for k, w in enumerate(head) if w in _PUNCT), default=0):]
        turned = turned or any(bool(_forms(w) & cues.NEGATING_HEADS) or _is_negator(head, k)
                               for k, w in enumerate(head))
    return -lean if lean and turned else lean


def _leans(words: list[str]) -> dict[tuple[str, int], int]:
    """Each evaluative word's (key, lean), with its first index."""
    found: dict[tuple[str, int], int] = {}
    for i, word in enumerate(words):
        if lean := _lean(words, i):
            found.setdefault((_key(word), lean), i)
    return found


def _valence_conflict(claim: list[str], evidence: list[str],
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
        if any(_near(claim, i) & _near(words, k)
               for words in elsewhere for (_, same), k in _leans(words).items() if same == lean):
            continue
        for j in other.values():
            if _near(claim, i) & _near(evidence, j) and not _compared_swapped(claim, i,
                                                                             evidence, j):
                return f"says '{_as_read(claim, i)}' where the abstract says " \
                       f"'{_as_read(evidence, j)}'"
    return None


def _as_read(words: list[str], i: int) -> str:
    """An evaluative word with what turned it, when something did: "not lead to robust", not
    a bare "robust" beside the claim's "robust"."""
    base = 1 if _forms(words[i]) & cues.VALENCE_POSITIVE else -1
    return words[i] if _lean(words, i) == base else " ".join(words[max(0, i - 3):i + 1])


def _compared_swapped(claim: list[str], i: int, evidence: list[str], j: int) -> bool:
    """A comparison whose roles changed places ("B underperforms A" for "A outperforms B")
    agrees with its evidence: the antonym check judges it."""
    compares = any(pair[2] != "chg" and (_side(claim[i], pair) is not None
                                         or _side(evidence[j], pair) is not None)
                   for pair in POLARITY_PAIRS)
    return compares and _swapped(claim, i, evidence, j)


def _near(words: list[str], i: int) -> set[str]:
    return _content(words[max(0, i - ROLE_WINDOW):i] + words[i + 1:i + 1 + ROLE_WINDOW])


def _clauses(words: list[str]) -> list[list[str]]:
    """The claim's clauses, cut at punctuation and clause-joining words, each holding at least
    cues.POLARITY_CLAUSE_TERMS content words (a shorter piece joins the next one)."""
    parts: list[list[str]] = [[]]
    for word in words:
        reported = (word == "that" and len(parts[-1]) > 0
                    and bool(_forms(parts[-1][-1]) & cues.REPORTING_VERBS))
        joins = word in _PUNCT or word in cues.CLAUSE_JOINERS
        if reported or (joins and len(_content(parts[-1])) >= cues.POLARITY_CLAUSE_TERMS):
            parts.append([])
        parts[-1].append(word)
    if len(parts) > 1 and len(_content(parts[-1])) < cues.POLARITY_CLAUSE_TERMS:
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
                   backing: tuple[str, ...] = (), paper_text: str = "") -> str | None:
    """The claim must not say the opposite of the evidence sentences closest to it (best
    first; English only). Judged on the whole claim and on each of its clauses, each against
    the sentence(s) sharing most of its words, if they share enough: a long claim that joins
    several facts may reverse just one, and another sentence may speak of something else. A
    bare negation (no antonym) is judged only on the whole claim against the closest
    sentence; judging words (cues.VALENCE_*) only when `judging`, with the other closest
    sentences as the context that may back them (and a negation: with `backing` too). A word
    the cited abstract (`paper_text`) says elsewhere is not read against its prefixed form."""
    if language_of(claim) != "en" or not closest:
        return None
    c = _words(claim)
    sentences = [_words(s) if language_of(s) == "en" else [] for s in closest]
    known = [_content(e) for e in sentences]
    backers = [_words(s) for s in backing if s not in closest and language_of(s) == "en"]
    clauses = _clauses(c)
    context = frozenset(w for e in [*sentences, *backers, _words(paper_text)] for w in e)
    together = named_together(c)
    for part in [c, *clauses] if len(clauses) > 1 else [c]:
        keys = _content(part)
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
                      or (_valence_conflict(part, e, elsewhere) if judging else None)
                      or (_negation_conflict(part, e) if negation
                          and not _negation_backed(part, elsewhere + backers) else None))
            if reason:
                return reason
    return None
