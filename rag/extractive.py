"""The answerer that needs no LLM: it picks abstract sentences that answer the question and
cites them, or says the collection does not hold the answer.

A sentence's score mixes embedding similarity with IDF-weighted term overlap. Similarity alone
cannot tell "what does X do" (answerable) from "how many GPU hours did X take" (not in the
abstract): both find X's sentences. So the question's ask (a number, authors, compute, ...) must
be given by a chosen sentence, or the answer is a refusal that still names the closest papers.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from paperwise.text import defuse_markers, terms
from paperwise.types import Answer, AnswerSentence, Citation, Hit, SentenceBank, TextDelta
from rag.answerer import AnswerStream
from rag.prompts import (
    CANNOT_ANSWER_BY_LANGUAGE,
    CLOSEST_PAPERS,
    LIST_LEAD,
    RELATED_LEAD_BY_LANGUAGE,
)
from rag.query import (
    Query,
    QueryEncoder,
    QuestionIntent,
    counted_words,
    gives,
    name_tokens,
    numbers_near,
)

# Tuned on eval/questions.jsonl (see README, "Evaluation"): below these the best sentence is
# taken as unrelated to the question.
MIN_SCORE = {"en": 0.35, "zh": 0.55, "other": 0.55}
SIM_WEIGHT = 0.7
OVERLAP_WEIGHT = 0.3
SECOND_SENTENCE_MARGIN = 0.12
LIST_MARGIN = 0.12
MAX_SENTENCES_PER_PAPER = 3
CLOSEST_SHOWN = 3


@dataclass(frozen=True)
class ScoredSentence:
    marker: int
    index: int
    text: str
    score: float


def _overlap(question_terms: list[str], sentence: str, weight: Callable[[str], float]) -> float:
    if not question_terms:
        return 0.0
    present = set(terms(sentence))
    total = sum(weight(t) for t in set(question_terms))
    return sum(weight(t) for t in set(question_terms) if t in present) / max(total, 1e-9)


def score_sentences(question: str, question_vector: np.ndarray, hits: list[Hit],
                    bank: SentenceBank,
                    weight: Callable[[str], float]) -> list[ScoredSentence]:
    """Every sentence of every hit, scored against the question, best first."""
    question_terms = terms(question)
    scored = []
    for marker, hit in enumerate(hits, start=1):
        paper = bank.get(hit.paper.id)
        texts, vectors = paper.texts, paper.vectors
        sims = vectors @ question_vector if len(texts) else np.zeros(0)
        for index, (text, sim) in enumerate(zip(texts, sims, strict=False)):
            score = SIM_WEIGHT * float(sim) + OVERLAP_WEIGHT * _overlap(question_terms, text,
                                                                       weight)
            scored.append(ScoredSentence(marker, index, text, score))
    return sorted(scored, key=lambda s: -s.score)


# Words a "how many / what score" question uses that say nothing about what is counted.
_GENERIC_ASK_TERMS = frozenset(terms("many much large big fast long number score value obtain "
                                     "obtained reach reached achieve achieved get report "
                                     "reported need needed take"))
NUMBER_WINDOW = 6
COUNT_WINDOW = 3


def _focus_terms(question: str, hit: Hit) -> set[str]:
    """Question terms that are not the paper's name: what the asked detail is about."""
    return set(terms(question)) - set(terms(hit.paper.title)) - _GENERIC_ASK_TERMS


def missing_names(question: str, hits: list[Hit]) -> list[str]:
    """Names and acronyms of the question that no retrieved abstract mentions."""
    haystack = " ".join(f"{h.paper.title} {h.paper.abstract}" for h in hits).casefold()
    return [n for n in name_tokens(question) if n.casefold() not in haystack]


def _evidence(scored: list[ScoredSentence], intent: QuestionIntent, question: str,
              hits: list[Hit]) -> list[ScoredSentence]:
    """Sentences that can give what the question asks for, most direct first."""
    def title(s: ScoredSentence) -> str:
        return hits[s.marker - 1].paper.title

    candidates = [s for s in scored if gives(intent.asks_for, s.text.replace(title(s), " "))]
    if intent.asks_for != "number":
        return candidates
    # A number about something else does not answer "how many X": a number must stand next
    # to what the question asks about; one followed by the counted words comes first.
    counted = set(counted_words(question))
    near = [s for s in candidates
            if numbers_near(s.text, _focus_terms(question, hits[s.marker - 1]), NUMBER_WINDOW,
                            NUMBER_WINDOW, title(s))]
    exact = [s for s in near if numbers_near(s.text, counted, 0, COUNT_WINDOW, title(s))]
    return exact + [s for s in near if s not in exact]


_NAME_MAX_WORDS = 4


def named_markers(question: str, hits: list[Hit]) -> set[int]:
    """Sources whose name (a short title such as "FB-CPR") the question mentions: a question
    about FB-CPR is answered from FB-CPR, not from a neighbour that happens to match better."""
    folded = f" {question.casefold()} "
    return {n for n, hit in enumerate(hits, start=1)
            if len(hit.paper.title.split()) <= _NAME_MAX_WORDS
            and re.search(rf"(?<![\w-]){re.escape(hit.paper.title.casefold())}(?![\w-])",
                          folded)}


def _metadata_answer(intent: QuestionIntent, hits: list[Hit]) -> tuple[str, str] | None:
    """Authors and years come from metadata when the input gave them, never from guessing."""
    paper = hits[0].paper if hits else None
    if paper is None:
        return None
    if intent.asks_for == "authors" and paper.authors:
        return (f"{defuse_markers(paper.title)} is by {', '.join(paper.authors)}. [1]",
                ", ".join(paper.authors))
    if intent.asks_for == "date" and paper.year:
        return f"{defuse_markers(paper.title)} is from {paper.year}. [1]", str(paper.year)
    return None


def _refusal(question: str, intent: QuestionIntent, hits: list[Hit],
             scored: list[ScoredSentence]) -> Answer:
    best_by_marker: dict[int, ScoredSentence] = {}
    for s in scored:
        best_by_marker.setdefault(s.marker, s)
    shown = [m for m in sorted(best_by_marker)][:CLOSEST_SHOWN]
    closest = "; ".join(f"{defuse_markers(hits[m - 1].paper.title)} [{m}]" for m in shown)
    text = CANNOT_ANSWER_BY_LANGUAGE[intent.language]
    if closest:
        text += f" {CLOSEST_PAPERS[intent.language]} {closest}."
    citations = [Citation(marker=m, paper=hits[m - 1].paper, quote=best_by_marker[m].text)
                 for m in shown]
    return Answer(question=question, text=text, answerable=False, citations=citations,
                  sources=hits, sentences=[AnswerSentence(text=text, markers=shown)])


def _compose(question: str, intent: QuestionIntent, hits: list[Hit],
             chosen: dict[int, list[ScoredSentence]]) -> Answer:
    lines, sentences, citations = [], [], []
    for marker, picked in chosen.items():
        picked = sorted(picked, key=lambda s: s.index)  # keep the abstract's order
        for s in picked:
            sentences.append(AnswerSentence(text=defuse_markers(s.text), markers=[marker],
                                            supported=True, support=round(s.score, 4)))
        # Quoted text keeps no "[n]" of its own: only the markers added here cite sources.
        body = " ".join(f"{defuse_markers(s.text)} [{marker}]" for s in picked)
        title = defuse_markers(hits[marker - 1].paper.title)
        lines.append(f"- {title} [{marker}]: {body}" if intent.wants_list else body)
        citations.append(Citation(marker=marker, paper=hits[marker - 1].paper,
                                  quote=" ".join(s.text for s in picked)))
    lead = (LIST_LEAD[intent.language] if intent.wants_list
            else RELATED_LEAD_BY_LANGUAGE[intent.language])
    text = "\n".join(([lead] if lead else []) + lines)
    return Answer(question=question, text=text, answerable=True, citations=citations,
                  sources=hits, sentences=sentences)


def extractive_answer(question: str, intent: QuestionIntent, question_vector: np.ndarray,
                      hits: list[Hit], bank: SentenceBank,
                      weight: Callable[[str], float]) -> Answer:
    """Answer from the hits' own sentences, or refuse."""
    scored = score_sentences(question, question_vector, hits, bank, weight)
    named = named_markers(question, hits)
    if named and not intent.wants_list:
        scored = [s for s in scored if s.marker in named]
    meta = _metadata_answer(intent, hits)
    if meta is not None:
        text, quote = meta
        return Answer(question=question, text=text, answerable=True, sources=hits,
                      citations=[Citation(marker=1, paper=hits[0].paper, quote=quote)],
                      sentences=[AnswerSentence(text=text, markers=[1], support=1.0)])
    if intent.asks_for in ("authors", "date", "review"):
        return _refusal(question, intent, hits, scored)
    if missing_names(question, hits):
        return _refusal(question, intent, hits, scored)
    evidence = _evidence(scored, intent, question, hits)
    if not evidence or evidence[0].score < MIN_SCORE[intent.language]:
        return _refusal(question, intent, hits, scored)
    best = evidence[0]
    chosen: dict[int, list[ScoredSentence]] = {}
    if intent.wants_list:
        for s in scored:
            if s.marker not in chosen and s.score >= max(best.score - LIST_MARGIN,
                                                         MIN_SCORE[intent.language]):
                chosen[s.marker] = [s]
        chosen = dict(sorted(chosen.items()))
    else:
        chosen[best.marker] = [best]
        for s in scored:
            if (s.marker == best.marker and s is not best
                    and s.score >= best.score - SECOND_SENTENCE_MARGIN
                    and len(chosen[best.marker]) < MAX_SENTENCES_PER_PAPER):
                chosen[best.marker].append(s)
    return _compose(question, intent, hits, chosen)


# Multilingual-e5 embeds sentences at question time: only the top papers' (see bank_for).
MULTILINGUAL_PAPERS = 2


class ExtractiveAnswerer:
    """Answers from the retrieved abstracts' own sentences; needs no LLM."""

    name = "extractive"

    def __init__(self, encoder: QueryEncoder, weight: Callable[[str], float]) -> None:
        self.encoder = encoder
        self.weight = weight

    def stream(self, query: Query, hits: list[Hit], bank: SentenceBank) -> AnswerStream:
        bank = self.encoder.bank_for(query, bank, hits, MULTILINGUAL_PAPERS)
        answer = extractive_answer(query.text, query.intent, query.vector, hits, bank,
                                   self.weight)
        for line in answer.text.splitlines(keepends=True):
            yield TextDelta(text=line)
        return answer
