"""A drawback the claim adds in a concession ("..., though it tends to worsen value
overestimation", "albeit at lower efficiency") that its cited abstract never speaks of, and a
benefit it denies ("adds little robustness") where the abstract states one, and a thing said
to be "already" done that the abstract says is lacking, and a thing it says the method
replaces that the abstract says it complements: reversals an LLM writes by hedging a result
the abstract states plainly, by granting what it says is missing, or by overstating. English
only. Cues: rag/cues/drawbacks.py."""

from __future__ import annotations

from paperwise.text import base_forms, language_of, split_sentences, strip_markers
from rag.claim_names import ACRONYM, spelled_out
from rag.cues.drawbacks import (
    AIDS,
    ALREADY_REACH,
    ALREADY_SAID,
    ALREADY_SHARED_TERMS,
    CONCESSION,
    DRAWBACK_BACKING,
    DRAWBACK_SHARED_TERMS,
    DRAWBACK_WORDS,
    EFFECT_WORDS,
    LACKING,
    NO_TRADEOFF,
    NULL_EFFECT,
    NULL_EFFECT_SHARED_TERMS,
    PRONOUN_OBJECTS,
    REPLACE_DENIED,
    REPLACED_OBJECT_WORDS,
    REPLACES,
)
from rag.cues.verify import VALENCE_NEGATIVE, VALENCE_POSITIVE
from rag.wording import content_keys, is_negator, read_words


def _judges_badly(words: list[str]) -> bool:
    """A negative judgement, a word of loss or limit, or a negation."""
    return any(base_forms(w) & (VALENCE_NEGATIVE | DRAWBACK_WORDS) or is_negator(words, i)
               for i, w in enumerate(words))


def _speaks_of_limits(words: list[str]) -> bool:
    return _judges_badly(words) or any(base_forms(w) & DRAWBACK_BACKING for w in words)


def check_added_drawback(claim: str, paper_text: str) -> str | None:
    """The claim's concession (from its first concessive word on) judges badly, and the
    abstract sentence sharing most of its words says the quality is kept (NO_TRADEOFF), or no
    sentence sharing DRAWBACK_SHARED_TERMS of them (or all it has) speaks of a drawback or limit
    once such a phrase is set aside."""
    claim = strip_markers(claim)
    found = CONCESSION.search(claim)
    if not found or language_of(claim) != "en":
        return None
    concession = read_words(claim[found.start("opener"):])
    if not _judges_badly(concession):
        return None
    keys = content_keys(concession[len(read_words(found.group("opener"))):])
    least = min(DRAWBACK_SHARED_TERMS, len(keys))
    said = claim[found.start("opener"):].strip().rstrip(".")
    # each abstract sentence's words shared with the concession, read once
    shared = {s: len(content_keys(read_words(s)) & keys) for s in split_sentences(paper_text)}
    closest = max(shared, key=shared.__getitem__, default="")
    kept = NO_TRADEOFF.search(closest)
    if kept and not _speaks_of_limits(read_words(NO_TRADEOFF.sub(" ", closest))):
        return f"adds a drawback ('{said}') where the abstract says '{kept[0].strip()}'"
    if any(n >= least and _speaks_of_limits(read_words(NO_TRADEOFF.sub(" ", s)))
           for s, n in shared.items()):
        return None
    return f"adds a drawback the abstract does not state: '{said}'"


def check_denied_benefit(claim: str, paper_text: str) -> str | None:
    """The claim says an effect is null (cues NULL_EFFECT) where the abstract sentence sharing
    most of its other words states one, with no negation and no negative judging word."""
    claim = strip_markers(claim)
    found = NULL_EFFECT.search(claim)
    if not found or language_of(claim) != "en":
        return None
    keys = content_keys(read_words(claim)) - content_keys(read_words(found.group(0)))
    sentences = [read_words(s) for s in split_sentences(paper_text)]
    closest = max(sentences, key=lambda words: len(content_keys(words) & keys), default=[])
    if len(content_keys(closest) & keys) < NULL_EFFECT_SHARED_TERMS or any(
            is_negator(closest, i) for i in range(len(closest))):
        return None
    forms = [base_forms(w) for w in closest]
    if any(f & (EFFECT_WORDS | VALENCE_POSITIVE) for f in forms) and not any(
            f & VALENCE_NEGATIVE for f in forms):
        return f"says '{found.group(0)}' where the abstract states an effect"
    return None


def check_granted_lack(claim: str, paper_text: str) -> str | None:
    """The claim says something is "already" so where the abstract sentence sharing its words
    says it is lacking (cues ALREADY_SAID, LACKING)."""
    claim = strip_markers(claim)
    said = list(ALREADY_SAID.finditer(claim)) if language_of(claim) == "en" else []
    lacking = [content_keys(read_words(s)) for s in split_sentences(paper_text) if said
               and LACKING.search(s) and "already" not in s.lower()]
    for found in said:
        before = [t for t in read_words(found[1]) if content_keys([t])][-ALREADY_REACH[0]:]
        after = [t for t in read_words(found[2]) if content_keys([t])][:ALREADY_REACH[1]]
        after_keys, keys = content_keys(after), content_keys(before + after)
        if any(sentence & after_keys and len(sentence & keys) >= ALREADY_SHARED_TERMS
               for sentence in lacking):
            return "says it is already so where the abstract says it is lacking"
    return None


def check_replaced_aid(claim: str, paper_text: str) -> str | None:
    """The claim has the method replace a thing ("make them unnecessary", "replaces human
    designers") that the abstract sentence naming it says the method complements or assists."""
    claim = strip_markers(claim)
    found = REPLACES.search(claim)
    if not found or language_of(claim) != "en" or REPLACE_DENIED.search(claim[:found.start()]):
        return None
    thing = (found["o"] or found["o2"]).split()[:REPLACED_OBJECT_WORDS]
    if all(w.lower() in PRONOUN_OBJECTS for w in thing):  # what came before: "outperform LLMs and"
        thing = claim[:found.start()].split()[-REPLACED_OBJECT_WORDS:]
    keys = content_keys(read_words(" ".join(thing)))
    acronyms = [w for w in thing if ACRONYM.fullmatch(w)]
    for sentence in split_sentences(paper_text):
        if AIDS.search(sentence) and not REPLACES.search(sentence) and (
                keys & content_keys(read_words(sentence))
                or any(spelled_out(a, sentence) for a in acronyms)):
            return f"says it replaces what the abstract says it complements: '{sentence.strip()}'"
    return None
