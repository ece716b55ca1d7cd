"""The pieces every extractive answer is built of (rag/extractive.py, rag/compound.py): the line
answering one detail, the answer first, then the quotes that show it; the refusal, still naming
the closest papers; and the answer composed from its lines. Cues: rag/cues/."""

from __future__ import annotations

from paperwise.text import defuse_markers
from paperwise.types import Answer, AnswerSentence, Citation, Hit
from rag import cues
from rag.ask_kind import asks_purpose
from rag.asked import asked_thing
from rag.cues import answer_shape
from rag.evidence import (
    ScoredSentence,
    Weight,
    demote_background,
    doing_first,
    favour_method,
    find_evidence,
    first_own_sentence,
    more_of_paper,
    naming_first,
    offered_first,
    on_topic,
    with_antecedents,
)
from rag.listing import Line, quote, quoted_line
from rag.markers import described_on_topic, described_subject, markers_about
from rag.measures import counted_words, lead_clause
from rag.names import is_name, names_lacking
from rag.prompts import CANNOT_ANSWER_BY_LANGUAGE, CLOSEST_PAPERS
from rag.query import QuestionIntent
from rag.summaries import cause_first, definition_line, purpose_line, summary_line
from rag.verdicts import claim_first


def detail_line(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                 hits: list[Hit], named: set[int], weight: Weight) -> Line | None:
    """One line answering one detail, the answer first; None when no sentence gives it."""
    about = (named or markers_about(question, hits, weight)
             or described_subject(question, intent, hits, weight))
    pool = [s for s in scored if s.marker in about] if about else scored
    lacking = {m for m in {s.marker for s in pool} if names_lacking(question, hits[m - 1])}
    evidence = [s for s in find_evidence(pool, question, intent, hits) if s.marker not in lacking]
    # A question naming its paper is on topic by that name; others must score as relevant.
    counted = counted_words(question) if intent.asks_for == "quantity" else []
    if not evidence or (not named and not on_topic(evidence[0], pool, intent, counted) and not
                        described_on_topic(question, intent, evidence[0], pool, hits, weight)):
        return None
    why = intent.asks_for is None and not intent.yes_no and bool(
        answer_shape.WHY_ASK.search(question))
    done = answer_shape.HOW_DONE.search(question) if intent.asks_for is None else None
    judged = intent.asks_for is None and answer_shape.JUDGED_ASK.search(question) is not None
    proposal = intent.asks_for is None and answer_shape.PROPOSAL_ASK.search(question) is not None
    users = intent.asks_for is None and answer_shape.USERS_ASK.search(question) is not None
    if intent.shape == "detail" and intent.asks_for is None and not intent.yes_no and not why:
        # Within the answering paper ("why" asks for the problem it sets out, so not then; a
        # yes/no question asks whether its claim holds: the sentence stating it settles it).
        own = demote_background([s for s in pool if s.marker == evidence[0].marker])
        ranked = results_first(own) if judged else favour_method(own)
        if proposal:  # what the paper proposes first
            ranked = sorted(ranked, key=lambda s: not cues.METHOD_CUE.search(s.text))
        if users:  # whom it aids first
            ranked = sorted(ranked, key=lambda s: not answer_shape.USERS_TOLD.search(s.text))
        pool = evidence = offered_first(ranked, question)
        if done and not judged:  # "how does X stack up" asks for no doing
            pool = evidence = doing_first(pool, done[1] or done[2])
    if why:  # within the answering paper, the sentence giving a cause first
        pool = evidence = cause_first([s for s in pool if s.marker == evidence[0].marker])
    if intent.yes_no and intent.asks_for is None:
        own = [s for s in pool if s.marker == evidence[0].marker]
        # "is X any good at Y?": the claim among the stated results first, then the rest (dev
        # split ol004, oh004: the sentence on Y that states no result was taken)
        # (the paper's own: "... lead to improved instruction following" sets out the problem)
        first_own = first_own_sentence(own).get(evidence[0].marker, 0)
        stated = [s for s in own if _states_result(s) and s.index >= first_own] if judged else []
        pool = evidence = [*claim_first(stated, hits, question, weight), *(
            s for s in claim_first(own, hits, question, weight) if s not in stated)]
    thing = asked_thing(question) if intent.asks_for in (None, "name") else None
    if thing:  # "which four domains was X evaluated on": "on four challenging domains" first
        evidence = naming_first(evidence, question, thing, hits)
    best = evidence[0]
    if intent.asks_for is None and intent.shape in ("summary", "detail") \
            and not intent.yes_no and asks_purpose(question):
        return purpose_line(best, pool, hits[best.marker - 1].paper.title)
    if intent.shape == "summary" and intent.asks_for is None:
        defined = answer_shape.DEFINITION_ASK.search(question)
        term = defined and (defined["term"] or defined["terse"] or defined["meant"])
        # "X in LLMs": the field may be a name, the term not
        line = (definition_line(term, best, pool) if term and not is_name(
            answer_shape.TERM_FIELD.sub("", term)) else None)
        return line or summary_line(best, pool)
    # A figure or a name is shown with the sentences that give one, not their neighbours.
    quoted = more_of_paper(best, pool if intent.asks_for is None else evidence)
    # the sentence settling a yes/no, naming the asked thing, giving the cause or the proposal
    # first
    if intent.yes_no or thing or why or done or judged or proposal or users or (
            intent.asks_for == "name"):
        quoted = [best, *(s for s in quoted if s is not best)]
    quoted = with_antecedents(quoted, pool)
    shown = quoted_line(quoted)
    if intent.asks_for != "quantity":
        return shown
    lead = lead_clause(cues.OPENER.sub("", best.text, count=1), question,
                        hits[best.marker - 1].paper.title)
    if len(quoted) == 1 and quote(lead).rstrip(".") == quote(best.text).rstrip("."):
        return shown  # the lead would repeat the one quote word for word
    return Line(f"{quote(lead)} [{best.marker}].\n{shown.text}", quoted)


def results_first(pool: list[ScoredSentence]) -> list[ScoredSentence]:
    """A paper's sentences stating a result first, best first (answer_shape.JUDGED_ASK: "how
    does X stack up against Y?" is answered by what X achieves, not by what X is); not the one
    introducing X ("We introduce OLMoE, a ... state-of-the-art language model"); among them
    those telling how X fared against another ("we present a study involving professional
    nutritionists, finding that LLMs can provide comparable but significantly faster
    estimates": fresh dev batch op005a, passed over for what the work "highlights")."""
    def rank(s: ScoredSentence) -> tuple[bool, bool]:
        told = cues.OUTCOME_TOLD.search(s.text) is not None
        return not (told or _states_result(s)), not told

    return sorted(pool, key=rank)


def _states_result(s: ScoredSentence) -> bool:
    """A result stated, not one aimed at: "exploits behaviour ... to further improve
    convergence" tells what a part is for (dev split mg009)."""
    return any(not cues.AIMED_AT.search(s.text[:m.start()]) for m in cues.RESULT_CUE.finditer(
        s.text)) and not cues.METHOD_CUE.search(s.text)


def refusal(question: str, intent: QuestionIntent, hits: list[Hit],
             scored: list[ScoredSentence]) -> Answer:
    best_by_marker: dict[int, ScoredSentence] = {}
    for s in scored:
        best_by_marker.setdefault(s.marker, s)
    shown = sorted(best_by_marker)[: cues.CLOSEST_SHOWN]
    closest = "; ".join(f"{defuse_markers(hits[m - 1].paper.title)} [{m}]" for m in shown)
    text = CANNOT_ANSWER_BY_LANGUAGE[intent.language]
    if closest:
        text += f" {CLOSEST_PAPERS[intent.language]} {closest}."
    citations = [Citation(marker=m, paper=hits[m - 1].paper, quote=best_by_marker[m].text)
                 for m in shown]
    return Answer(question=question, text=text, answerable=False, citations=citations,
                  sources=hits, sentences=[AnswerSentence(text=text, markers=shown)])


def compose(question: str, hits: list[Hit], lines: list[str | Line]) -> Answer:
    """The answer from its lines; plain strings (leads, notes) quote nothing."""
    sentences: list[AnswerSentence] = []
    quotes: dict[int, list[str]] = {}
    for line in lines:
        if isinstance(line, str):
            continue
        for s in line.quoted:
            sentences.append(AnswerSentence(text=quote(s.text), markers=[s.marker],
                                            supported=True, support=round(s.score, 4),
                                            evidence=s.text))
            quotes.setdefault(s.marker, []).append(s.text)
    citations = [Citation(marker=m, paper=hits[m - 1].paper, quote=" ".join(dict.fromkeys(q)))
                 for m, q in sorted(quotes.items())]
    text = "\n".join(line if isinstance(line, str) else line.text for line in lines)
    return Answer(question=question, text=text, answerable=True, citations=citations,
                  sources=hits, sentences=sentences)
