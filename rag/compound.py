"""Compound questions ("Which LLMs were evaluated on NutriBench, and how large is the
benchmark?"): each part answered on its own from the retrieved abstracts, and a part they lack
named, not guessed. Cues: rag/cues/parts.py and rag/cues/."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from paperwise.text import terms
from paperwise.types import Answer, Hit
from rag import cues
from rag.answer_lines import compose, detail_line, refusal
from rag.evidence import ScoredSentence, Weight
from rag.listing import Line
from rag.markers import named_markers, paper_on_topic
from rag.measures import asked_measures, counted_words, with_elided_count
from rag.names import missing_names
from rag.prompts import MISSING_PART, ORDINALS
from rag.query import QuestionIntent, analyse
from rag.verdicts import with_verdict


def _refers_back(part: str) -> bool:
    """A pronoun in a later part names an earlier part's paper, unless the part sets off its
    own topic first ("and speculative cascades - what models did they test with")."""
    return bool(cues.FOLLOW_UP.search(part)) and not cues.TOPIC_LED_PART.match(part)


def _part_papers(part: str, bare: str, hits: list[Hit], named: set[int],
                 weight: Weight) -> set[int]:
    """The papers a later part is about: those named before it, unless it speaks of its own
    topic, which another retrieved abstract holds much more of ("how many tokens was OLMoE
    trained on, and what's the max number of training tokens in the precision scaling law
    experiments?": the second part is the scaling-law paper's; fresh dev batch s)."""
    asked = {t for w in counted_words(part) for t in terms(w)} | asked_measures(part)
    topic = [t for t in terms(part) if t not in asked and t not in cues.ASK_WORDS]
    # "and for how many GPU hours" asks only (its one other word, "GPU", is no topic)
    if not named or len(topic) < cues.PART_TOPIC_TERMS or _refers_back(bare):
        return named
    return set() if paper_on_topic(topic, hits, named, weight) is not None else named


def _part_line(part: str, bare: str, part_intent: QuestionIntent, pool: list[ScoredSentence],
               hits: list[Hit], about: set[int], weight: Weight,
               quoted_before: set[tuple[int, int]]) -> Line | None:
    """A part's line. Where it would only repeat sentences shown for an earlier part ("which
    framework explains X's benefits, and what new method do they propose?": the first part's
    sentence scores best for the second too), the part's own answer among the sentences not
    yet shown, if any (held-out ms016, now dev)."""
    line = detail_line(part, part_intent, pool, hits, about, weight)
    if line is None or not {(s.marker, s.index) for s in line.quoted} <= quoted_before:
        return line
    unshown = [s for s in pool if (s.marker, s.index) not in quoted_before]
    return detail_line(bare, analyse(bare), unshown, hits, about, weight) or line


def measure_compared(question: str, intent: QuestionIntent) -> QuestionIntent:
    """"s-mnn accuracy vs mnn" compares two things on a quality: "S-MNN matches the original
    MNN in precision" tells it without a figure (dev split nb012a); "how much more accurate"
    and "accuracy gain vs X" still ask for one."""
    if intent.shape == "compare" and intent.asks_for == "quantity" \
            and not cues.QUANTITY.search(question) and cues.COMPARED_QUALITY.search(question):
        return replace(intent, asks_for=None)
    return intent


def compound_answer(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                     hits: list[Hit], named: set[int], weight: Weight,
                     rescore: Callable[[str], list[ScoredSentence]]) -> Answer:
    """Each part answered on its own; a part the abstracts lack is named, not guessed."""
    lines: list[str | Line] = []
    missing = []
    verdicts: list[Line] = []  # yes/no parts asking no detail of their own
    detail_missing = False
    for number, bare in enumerate(intent.parts):
        # "Does X beat Y, and by how much?": a part naming nothing is read with the others
        part = bare if set(terms(bare)) - cues.ASK_WORDS else " ".join(
            [bare, *(p for p in intent.parts if p != bare)])
        part = with_elided_count(part, intent.parts[number - 1]) if number else part
        part_intent = measure_compared(part, analyse(part))
        own = named_markers(part, hits)
        pool = rescore(part)
        if number and not own and named and _refers_back(bare):
            # "What GPUs was OLMoE trained on and how many GPU hours did it take?": "it" is
            # OLMoE, not the paper that counts GPU hours (fresh batch t)
            pool = [s for s in pool if s.marker in named]
        quoted_before = {(s.marker, s.index) for earlier in lines if isinstance(earlier, Line)
                         for s in earlier.quoted}
        line = _part_line(part, bare, part_intent, pool, hits,
                          own or _part_papers(part, bare, hits, named, weight), weight,
                          quoted_before)
        if line is None or missing_names(part, hits):
            missing.append(ORDINALS[min(number, len(ORDINALS) - 1)])
            detail_missing = detail_missing or part_intent.asks_for in cues.DETAIL_ASKS
        elif not {(s.marker, s.index) for s in line.quoted} <= quoted_before:
            # one sentence may answer both parts: shown once
            shown = with_verdict(part, line) if part_intent.yes_no else line
            lines.append(shown)
            if part_intent.yes_no and part_intent.asks_for is None:
                verdicts.append(shown)
            named = named or {line.quoted[0].marker}  # "... and how large is it?"
    if detail_missing:
        # "Can I use X in a commercial product? What are its terms of use?": the verdict hangs
        # on the licence the abstracts lack, so no "Yes" stands without it (fresh dev batch me)
        lines = [line for line in lines if line not in verdicts]
    if not lines:
        return refusal(question, intent, hits, scored)
    lines += [MISSING_PART.format(ordinal=o) for o in missing]
    return compose(question, hits, lines)
