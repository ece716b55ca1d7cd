"""What the abstract says a method does without: a claim that it keeps, needs or relies on
what the cited abstract says it replaces, avoids or does without ("still depends on periodic
resets" for "instead of periodic network parameter resets") is a reversal. The claim repeats
the abstract's words, so neither similarity nor the antonym check sees it. English only; it
prefers a miss to a false alarm. Cues in rag/cues/claim_checks.py."""

from __future__ import annotations

import re
from functools import lru_cache

from paperwise.text import clean_for_display, language_of, split_sentences
from rag.cues import claim_checks as cues
from rag.wording import content_keys, read_words

_Span = tuple[int, int, list[str]]  # start, end (in the text), its content words in order


def _span_after(text: str, start: int, limit: int) -> _Span:
    rest = text[start:]
    # "keeps quality high without any refinement": what is used ends where a done-without starts
    ends = [m.start() for m in (cues.SPAN_ENDS.search(rest), cues.AVOIDS.search(rest)) if m]
    words = re.findall(r"\S+", rest[:min(ends)] if ends else rest)[:limit]
    phrase = " ".join(words)
    keys = [k for word in read_words(phrase) for k in content_keys([word])]
    return start, start + len(phrase), keys


def avoided_spans(text: str) -> list[_Span]:
    """The phrases a sentence says are done without, with where they stand."""
    found = []
    for m in cues.AVOIDS.finditer(text):
        verb = cues.USES.match(text, m.end())  # "without requiring X": X is done without
        # ... and "unlike methods that rely on X": X is what the method does without
        verb = verb or (cues.UNLIKE_USERS.match(text, m.end())
                        if m[0].lower().startswith("unlike") else None)
        start = verb.end() if verb else m.end()
        if cues.LOSS_START.match(text, start):
            continue
        found.append(_span_after(text, start, cues.UNLIKE_WORDS
                                 if m[0].lower().startswith("unlike") else cues.SPAN_WORDS))
    return found


def used_spans(text: str) -> list[_Span]:
    """The phrases a sentence says its subject uses, keeps or needs: not inside a phrase it
    says is done without, not negated, and not said of earlier work ("prior methods rely on
    X")."""
    avoided = avoided_spans(text)
    found = []
    for m in cues.USES.finditer(text):
        if any(a <= m.start() <= b for a, b, _ in avoided):
            continue
        clause = re.split(r"[,;:]", text[:m.start()])[-1]
        if (cues.EARLIER_WORK.search(clause) or cues.USE_NEGATED.search(clause)
                or cues.AVOIDS_BEFORE.search(clause)  # "rather than relying on X"
                or cues.COMPARED_BEFORE.search(clause)
                or cues.NONE_USED.match(text, m.end())):
            continue
        found.append(_span_after(text, m.end(), cues.SPAN_WORDS))
    return found


@lru_cache(maxsize=256)  # every claim citing an abstract is checked against it
def _abstract_spans(paper_text: str) -> tuple[list[list[str]], list[list[str]]]:
    """What the whole abstract says is used, and what it says is done without (each span's
    content words): read once per abstract for avoided_conflict and dropped_conflict."""
    sentences = [clean_for_display(s) for s in split_sentences(paper_text)]
    return ([keys for s in sentences for _, _, keys in used_spans(s)],
            [keys for s in sentences for _, _, keys in avoided_spans(s)])


def _same_thing(avoided: list[str], used: list[str]) -> bool:
    shared = len(set(avoided) & set(used))
    return shared >= cues.AVOIDED_SHARED and (shared >= cues.AVOIDED_SHARE * len(set(avoided))
                                              or avoided[0] == used[0])


def avoided_conflict(claim: str, sentences: list[str], paper_text: str = "") -> str | None:
    """The claim says its subject uses what a cited sentence says is done without, and the
    cited abstract nowhere says it is used."""
    if language_of(claim) != "en":
        return None
    used = [keys for _, _, keys in used_spans(clean_for_display(claim))]
    if not used:
        return None
    stated = _abstract_spans(paper_text)[0]
    abstract = clean_for_display(paper_text)
    for sentence in map(clean_for_display, sentences):
        for start, end, avoided in avoided_spans(sentence):
            avoided = avoided + sorted(_antecedent(sentence[start:end], sentence, abstract))
            if any(_same_thing(avoided, u) for u in used) and not any(
                    _same_thing(avoided, s) for s in stated):
                phrase = sentence[start:end]
                return f"says it uses what the abstract says it does without: '{phrase}'"
    return None


def _antecedent(phrase: str, sentence: str, abstract: str) -> set[str]:
    """What "such an assumption" stands for: the words before the noun's last mention ahead of
    the sentence ("makes a smoothness assumption that has not been verified ... without such
    an assumption": dev split zf011x, h12a)."""
    such = cues.SUCH_NOUN.match(phrase)
    at = abstract.find(sentence)
    if such is None or at <= 0:
        return set()
    mentions = re.findall(rf"((?:[\w-]+\s+){{0,{cues.ANTECEDENT_WORDS}}}){re.escape(such[1])}",
                          abstract[:at], re.I)
    return content_keys(read_words(mentions[-1])) if mentions else set()


def likened_conflict(claim: str, paper_text: str) -> str | None:
    """The claim likens its subject to earlier work and the cited abstract nowhere does."""
    if language_of(claim) != "en":
        return None
    claim = clean_for_display(claim)
    found = cues.LIKENED_TO_EARLIER.search(claim)
    if found is None or cues.LIKENED_TO_EARLIER.search(clean_for_display(paper_text)):
        return None
    if found["as_do"] and cues.SET_ASIDE_BEFORE.search(claim[:found.start()]):
        return None  # "rather than X, as prior approaches do": X is theirs, set aside
    return f"says '{found[0]}' where the abstract sets it apart from earlier work"


def dropped_conflict(claim: str, sentences: list[str], paper_text: str = "") -> str | None:
    """The claim says its subject does without what a cited sentence says it uses ("avoids
    using behaviour as an initial condition" for "exploits behaviour as an initial
    condition"), and the cited abstract nowhere says it does without it."""
    if language_of(claim) != "en":
        return None
    claim = clean_for_display(claim)
    dropped = [keys for start, _, keys in avoided_spans(claim)
               if not cues.USE_NEGATED.search(claim[:start])]  # "does not remove X" keeps X
    if not dropped:
        return None
    stated = _abstract_spans(paper_text)[1]
    for sentence in map(clean_for_display, sentences):
        for start, end, used in used_spans(sentence):
            # only what the paper itself uses: "we ...", "our ...", "SIMPL is ... and exploits"
            if not cues.SELF_SUBJECT.search(sentence[:start]):
                continue
            # ... the thing itself, not only its role: "rather than a graph as the output
            # interface" for "instead of the graph, ... causal order be used as a more stable
            # output interface" (dev split zv026)
            if any(_same_thing(d, used) and d[0] in used for d in dropped) and not any(
                    _same_thing(d, s) or _same_thing(s, d) for d in dropped for s in stated):
                phrase = sentence[start:end]
                return f"says it does without what the abstract says it uses: '{phrase}'"
    return None
