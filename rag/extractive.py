"""The answerer that needs no LLM: it answers from the retrieved abstracts' own sentences, the
answer first, then the quotes that show it, or says the collection does not hold the answer.

A sentence's score mixes embedding similarity with IDF-weighted term overlap. Similarity alone
cannot tell "what does X do" (answerable) from "how many GPU hours did X take" (not in the
abstract): both find X's sentences. So what the question asks for (a quantity of what, a kind
of detail, a list of papers; see rag/query.py) must be given by a chosen sentence, or the part
that asks for it is refused, still naming the closest papers. Cues and thresholds: rag/cues.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from paperwise.text import clean_for_display, defuse_markers, terms
from paperwise.types import (
    Answer,
    AnswererName,
    AnswerSentence,
    Citation,
    Hit,
    SentenceBank,
    TextDelta,
)
from rag import cues
from rag.answerer import AnswerStream
from rag.prompts import (
    CANNOT_ANSWER_BY_LANGUAGE,
    CLOSEST_PAPERS,
    LIST_LEAD,
    MISSING_PART,
    ORDINALS,
    RELATED_LEAD_BY_LANGUAGE,
)
from rag.query import (
    Query,
    QueryEncoder,
    QuestionIntent,
    analyse,
    counted_words,
    gives,
    measure_words,
    name_tokens,
    numbers_near,
)

Weight = Callable[[str], float]


@dataclass(frozen=True)
class ScoredSentence:
    marker: int
    index: int
    text: str
    score: float


@dataclass(frozen=True)
class Line:
    """One line of an extractive answer: its text, and the sentences it quotes."""

    text: str
    quoted: list[ScoredSentence]


def _overlap(question_terms: list[str], sentence: str, weight: Weight) -> float:
    if not question_terms:
        return 0.0
    present = set(terms(sentence))
    total = sum(weight(t) for t in set(question_terms))
    return sum(weight(t) for t in set(question_terms) if t in present) / max(total, 1e-9)


def score_sentences(question: str, question_vector: np.ndarray, hits: list[Hit],
                    bank: SentenceBank, weight: Weight) -> list[ScoredSentence]:
    """Every sentence of every hit, scored against the question, best first."""
    question_terms = terms(question)
    scored = []
    for marker, hit in enumerate(hits, start=1):
        paper = bank.get(hit.paper.id)
        sims = paper.vectors @ question_vector if len(paper) else np.zeros(0)
        for index, (text, sim) in enumerate(zip(paper.texts, sims, strict=False)):
            score = (cues.SIM_WEIGHT * float(sim)
                     + cues.OVERLAP_WEIGHT * _overlap(question_terms, text, weight))
            scored.append(ScoredSentence(marker, index, text, score))
    return sorted(scored, key=lambda s: -s.score)


def missing_names(question: str, hits: list[Hit]) -> list[str]:
    """Names and acronyms of the question that no retrieved abstract mentions. Of names offered
    as alternatives ("Atari or MuJoCo") one is enough."""
    haystack = " ".join(f"{h.paper.title} {h.paper.abstract}" for h in hits).casefold()
    names = name_tokens(question)
    missing = [n for n in names if n.casefold() not in haystack]
    if missing and len(missing) < len(names) and cues.ALTERNATIVES.search(question):
        return []
    return missing


def named_markers(question: str, hits: list[Hit]) -> set[int]:
    """Sources whose name (a short title such as "FB-CPR") the question mentions: a question
    about FB-CPR is answered from FB-CPR, not from a neighbour that happens to match better."""
    folded = f" {question.casefold()} "
    return {n for n, hit in enumerate(hits, start=1)
            if len(hit.paper.title.split()) <= cues.NAME_MAX_WORDS
            and re.search(rf"(?<![\w-]){re.escape(hit.paper.title.casefold())}(?![\w-])",
                          folded)}


def _favour_named(scored: list[ScoredSentence], named: set[int],
                  hits: list[Hit]) -> list[ScoredSentence]:
    """Sentences that name the paper the question asks about rank a little higher."""
    if not named:
        return scored
    out = [ScoredSentence(s.marker, s.index, s.text, s.score + cues.NAMED_SENTENCE_BONUS)
           if s.marker in named and hits[s.marker - 1].paper.title in s.text else s
           for s in scored]
    return sorted(out, key=lambda s: -s.score)


def _quantity_evidence(pool: list[ScoredSentence], question: str, intent: QuestionIntent,
                       hits: list[Hit]) -> list[ScoredSentence]:
    """Sentences with a figure next to what the question measures; one followed by the counted
    words first. "How big is X?" measures nothing named: any figure of X's abstract will do."""
    counted = set(counted_words(question))
    found = []
    for s in pool:
        title = hits[s.marker - 1].paper.title
        words = measure_words(question) - set(terms(title))
        if not words and not (intent.size_only or counted):
            continue
        if numbers_near(s.text, words or {"*"} | counted, cues.NUMBER_WINDOW,
                        cues.NUMBER_WINDOW, title) or (
                (intent.size_only or not words) and _has_count(s.text, title)):
            found.append(s)
    exact = [s for s in found if numbers_near(s.text, counted, 0, cues.COUNT_WINDOW,
                                              hits[s.marker - 1].paper.title)]
    return exact + [s for s in found if s not in exact]


def _has_count(sentence: str, title: str) -> bool:
    """A figure followed by what it counts ("7000+ two-person trajectories")."""
    return bool(re.search(r"(?<![\w.-])\d[\d,.]*\+?\s*(?:[kKmMbB]\b)?\s*[a-zA-Z-]{3,}",
                          sentence.replace(title, " ")))


def _evidence(pool: list[ScoredSentence], question: str, intent: QuestionIntent,
              hits: list[Hit]) -> list[ScoredSentence]:
    """Sentences that can give what the question asks for, most direct first."""
    if intent.asks_for == "quantity":
        return _quantity_evidence(pool, question, intent, hits)
    asked = set(name_tokens(question))
    return [s for s in pool if gives(intent.asks_for, _without(
        s.text, [hits[s.marker - 1].paper.title, *asked] if intent.asks_for == "name" else
        [hits[s.marker - 1].paper.title]))]


def _without(text: str, names: list[str]) -> str:
    """The sentence without the names the question already gives (the paper's, its own)."""
    for name in names:
        text = text.replace(name, " ")
    return text


def _quote(text: str) -> str:
    """A sentence as shown: no opener pointing at an unseen sentence, LaTeX cleaned, and no
    bracketed number that could pass for a citation marker."""
    trimmed = cues.OPENER.sub("", text, count=1)
    return defuse_markers(clean_for_display(trimmed or text))


_CLAUSE_BREAK = re.compile(r"(?<=[,;:])\s+|\s+[—–]\s+|\s+(?=(?:while|whereas|which)\s)")


def _lead_clause(sentence: str, question: str, title: str) -> str:
    """The clause of a sentence that holds the asked figure: "314 granular risk categories in
    the lowest tier". A clause too short to stand alone grows into its neighbour."""
    clauses = [c for c in _CLAUSE_BREAK.split(sentence) if c.strip()]
    words = measure_words(question) | set(counted_words(question))
    counted = set(counted_words(question))
    for i, clause in enumerate(clauses):
        if numbers_near(clause, words, cues.NUMBER_WINDOW, cues.NUMBER_WINDOW, title):
            picked = _from_counted_figure(clause, counted, title) or clause
            if len(picked.split()) < cues.MIN_CLAUSE_WORDS and i + 1 < len(clauses):
                picked = f"{picked} {clauses[i + 1]}"
            return picked.strip().rstrip(".,;:")
    return sentence.strip().rstrip(".")


def _from_counted_figure(clause: str, counted: set[str], title: str) -> str | None:
    """"... a taxonomy with 314 granular risk categories in the lowest tier" → from the figure
    on, when the counted words follow it."""
    words = clause.split()
    for i in range(len(words)):
        rest = " ".join(words[i:])
        if (cues.NUMBER_TOKEN.match(words[i].strip(".,;:()")) and
                len(words) - i >= cues.MIN_CLAUSE_WORDS and
                numbers_near(" ".join(words[i : i + 1 + cues.COUNT_WINDOW]), counted, 0,
                             cues.COUNT_WINDOW, title)):
            return rest
    return None


def _more_of_paper(best: ScoredSentence, scored: list[ScoredSentence]) -> list[ScoredSentence]:
    """The best sentence and its paper's next best ones within the margin, in abstract order."""
    others = [s for s in scored if s.marker == best.marker and s is not best
              and s.score >= best.score - cues.SECOND_SENTENCE_MARGIN]
    picked = [best, *others[: cues.MAX_SENTENCES_PER_PAPER - 1]]
    return sorted(picked, key=lambda s: s.index)


def _detail_line(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                 hits: list[Hit], named: set[int]) -> Line | None:
    """One line answering one detail, the answer first; None when no sentence gives it."""
    pool = [s for s in scored if s.marker in named] if named else scored
    evidence = _evidence(pool, question, intent, hits)
    # A question naming its paper is on topic by that name; others must score as relevant.
    if not evidence or (not named and evidence[0].score < cues.MIN_SCORE[intent.language]):
        return None
    best = evidence[0]
    if intent.shape == "summary" and intent.asks_for is None:
        return _summary_line(best, pool)
    # A figure is shown with the sentences that hold figures of it, not its neighbours.
    quoted = _more_of_paper(best, evidence if intent.asks_for == "quantity" else pool)
    body = " ".join(f"{_quote(s.text)} [{s.marker}]" for s in quoted)
    if intent.asks_for != "quantity":
        return Line(body, quoted)
    lead = _lead_clause(cues.OPENER.sub("", best.text, count=1), question,
                        hits[best.marker - 1].paper.title)
    return Line(f"{_quote(lead)} [{best.marker}].\n{body}", quoted)


def _summary_line(best: ScoredSentence, pool: list[ScoredSentence]) -> Line:
    """What a paper is: its best matching sentence, its method and its result, in order."""
    own = [s for s in pool if s.marker == best.marker]
    method = next((s for s in own if cues.METHOD_CUE.search(s.text)), None)
    result = next((s for s in own if cues.RESULT_CUE.search(s.text) and s is not method), None)
    picked = {s.index: s for s in (best, method, result) if s is not None}
    quoted = [picked[i] for i in sorted(picked)][: cues.MAX_SENTENCES_PER_PAPER]
    return Line(" ".join(f"{_quote(s.text)} [{s.marker}]" for s in quoted), quoted)


def _list_lines(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                hits: list[Hit], named: set[int]) -> list[Line]:
    """One line per paper that fits, each judged on its own best sentence. Names in the
    question ("Atari or MuJoCo") are what a paper must mention to fit."""
    names = [n.casefold() for n in name_tokens(question)
             if not any(n.casefold() == hits[m - 1].paper.title.casefold() for m in named)]
    best_of: dict[int, ScoredSentence] = {}
    for s in scored:
        if names and not any(n in s.text.casefold() for n in names):
            continue
        best_of.setdefault(s.marker, s)
    if named and intent.shape == "compare":
        best_of = {m: s for m, s in best_of.items() if m in named} or best_of
    if not best_of:
        return []
    top = max(s.score for s in best_of.values())
    # Naming what a paper must mention is the criterion; else it must score near the best.
    floor = -1.0 if names else max(top - cues.LIST_MARGIN, cues.LIST_MIN_SCORE[intent.language])
    fits = [s for m, s in sorted(best_of.items()) if s.score >= floor or m in named]
    return [Line(f"- {defuse_markers(hits[s.marker - 1].paper.title)} [{s.marker}]: "
                 f"{_quote(s.text)}", [s]) for s in fits]


def _metadata_answer(intent: QuestionIntent, hits: list[Hit]) -> Line | None:
    """Authors and years come from metadata when the input gave them, never from guessing."""
    paper = hits[0].paper if hits else None
    if paper is None:
        return None
    title = defuse_markers(paper.title)
    if intent.asks_for == "authors" and paper.authors:
        return Line(f"{title} is by {', '.join(paper.authors)}. [1]",
                    [ScoredSentence(1, -1, ", ".join(paper.authors), 1.0)])
    if intent.asks_for == "date" and paper.year:
        return Line(f"{title} is from {paper.year}. [1]",
                    [ScoredSentence(1, -1, str(paper.year), 1.0)])
    return None


def _refusal(question: str, intent: QuestionIntent, hits: list[Hit],
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


def _compose(question: str, hits: list[Hit], lines: list[str | Line]) -> Answer:
    """The answer from its lines; plain strings (leads, notes) quote nothing."""
    sentences: list[AnswerSentence] = []
    quotes: dict[int, list[str]] = {}
    for line in lines:
        if isinstance(line, str):
            continue
        for s in line.quoted:
            sentences.append(AnswerSentence(text=_quote(s.text), markers=[s.marker],
                                            supported=True, support=round(s.score, 4),
                                            evidence=s.text))
            quotes.setdefault(s.marker, []).append(s.text)
    citations = [Citation(marker=m, paper=hits[m - 1].paper, quote=" ".join(dict.fromkeys(q)))
                 for m, q in sorted(quotes.items())]
    text = "\n".join(line if isinstance(line, str) else line.text for line in lines)
    return Answer(question=question, text=text, answerable=True, citations=citations,
                  sources=hits, sentences=sentences)


def _list_answer(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                 hits: list[Hit], named: set[int]) -> Answer:
    lines = _list_lines(question, intent, scored, hits, named)
    on_topic = name_tokens(question) or max(
        (s.score for line in lines for s in line.quoted), default=0.0) >= cues.LIST_TOPIC_SCORE[
        intent.language]
    if not lines or not on_topic:
        return _refusal(question, intent, hits, scored)
    lead = LIST_LEAD[intent.language].format(n=len(lines)) if len(lines) > 1 else (
        LIST_LEAD["one"] if intent.language == "en" else LIST_LEAD[intent.language].format(n=1))
    return _compose(question, hits, [lead, *lines])


def _compound_answer(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                     hits: list[Hit], named: set[int],
                     rescore: Callable[[str], list[ScoredSentence]]) -> Answer:
    """Each part answered on its own; a part the abstracts lack is named, not guessed."""
    lines: list[str | Line] = []
    missing = []
    for number, part in enumerate(intent.parts):
        part_intent = analyse(part)
        line = _detail_line(part, part_intent, rescore(part), hits,
                            named_markers(part, hits) or named)
        if line is None or missing_names(part, hits):
            missing.append(ORDINALS[min(number, len(ORDINALS) - 1)])
        else:
            lines.append(line)
            named = named or {line.quoted[0].marker}  # "... and how large is it?"
    if not lines:
        return _refusal(question, intent, hits, scored)
    lines += [MISSING_PART.format(ordinal=o) for o in missing]
    return _compose(question, hits, lines)


def extractive_answer(question: str, intent: QuestionIntent, question_vector: np.ndarray,
                      hits: list[Hit], bank: SentenceBank, weight: Weight,
                      embed: Callable[[str], np.ndarray] | None = None) -> Answer:
    """Answer from the hits' own sentences, or refuse. `embed` puts a part of a compound
    question in the question's vector space (without it, parts use the whole question's)."""
    named = named_markers(question, hits)
    scored = _favour_named(score_sentences(question, question_vector, hits, bank, weight),
                           named, hits)
    meta = _metadata_answer(intent, hits)
    if meta is not None:
        return _compose(question, hits, [meta])
    if intent.asks_for in ("authors", "date", "review") or missing_names(question, hits):
        return _refusal(question, intent, hits, scored)
    if intent.wants_list:
        return _list_answer(question, intent, scored, hits, named)
    if intent.parts:
        def rescore(part: str) -> list[ScoredSentence]:
            vector = embed(part) if embed else question_vector
            return score_sentences(part, vector, hits, bank, weight)

        return _compound_answer(question, intent, scored, hits, named, rescore)
    line = _detail_line(question, intent, scored, hits, named)
    if line is None:
        return _refusal(question, intent, hits, scored)
    lead = RELATED_LEAD_BY_LANGUAGE[intent.language]  # frames English quotes for a Chinese reader
    return _compose(question, hits, [lead, line] if lead else [line])


class ExtractiveAnswerer:
    """Answers from the retrieved abstracts' own sentences; needs no LLM."""

    name: AnswererName = "extractive"

    def __init__(self, encoder: QueryEncoder, weight: Weight) -> None:
        self.encoder = encoder
        self.weight = weight

    def stream(self, query: Query, hits: list[Hit], bank: SentenceBank) -> AnswerStream:
        # Multilingual-e5 embeds sentences at question time: only the top papers' (slow).
        limit = cues.MULTILINGUAL_PAPERS[query.intent.wants_list]
        bank = self.encoder.bank_for(query, bank, hits, limit)
        answer = extractive_answer(query.text, query.intent, query.vector, hits, bank,
                                   self.weight,
                                   lambda part: self.encoder.embed_like(query, [part])[0])
        for line in answer.text.splitlines(keepends=True):
            yield TextDelta(text=line)
        return answer
