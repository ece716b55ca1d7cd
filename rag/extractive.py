"""The answerer that needs no LLM: it answers from the retrieved abstracts' own sentences, the
answer first, then the quotes that show it, or says the collection does not hold the answer.

A sentence's score mixes embedding similarity with IDF-weighted term overlap. Similarity alone
cannot tell "what does X do" (answerable) from "how many GPU hours did X take" (not in the
abstract): both find X's sentences. So what the question asks for (a quantity of what, a kind
of detail, a list of papers; see rag/query.py) must be given by a chosen sentence, or the part
that asks for it is refused, still naming the closest papers. Cues and thresholds: rag/cues/.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import numpy as np

from paperwise.text import defuse_markers
from paperwise.types import (
    Answer,
    AnswererName,
    Hit,
    SentenceBank,
    TextDelta,
)
from rag import cues
from rag.aliases import glossary_topics, unwritten_term
from rag.alternatives import topic_alternatives
from rag.answer_lines import compose, detail_line, refusal
from rag.answerer import AnswerStream
from rag.asked import asked_thing, purpose_topic
from rag.compound import compound_answer, measure_compared
from rag.evidence import ScoredSentence, Weight, score_sentences
from rag.listing import Line, applied_nowhere, listed_lines, quoted_line
from rag.markers import (
    compared_markers,
    favour_named,
    markers_naming,
    named_markers,
    spelled_markers,
)
from rag.names import is_name, missing_names, name_tokens
from rag.prompts import LIST_LEAD, RELATED_LEAD_BY_LANGUAGE
from rag.query import Query, QueryEncoder, QuestionIntent
from rag.question_parts import split_parts
from rag.verdicts import with_verdict


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


def _list_answer(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                 hits: list[Hit], named: set[int], weight: Weight,
                 rescore: Callable[[str], list[ScoredSentence]], aliased: tuple[str, ...] = (),
                 described: tuple[str, ...] = ()) -> tuple[Answer, list[str | Line]]:
    """One line per fitting paper (rag/listing.py) after its lead, or the refusal (no lines)."""
    lines = listed_lines(question, intent, scored, hits, named, weight, rescore, aliased,
                         described)
    if not lines:
        return refusal(question, intent, hits, scored), []
    lead = LIST_LEAD[intent.language].format(n=len(lines)) if len(lines) > 1 else (
        LIST_LEAD["one"] if intent.language == "en" else LIST_LEAD[intent.language].format(n=1))
    return compose(question, hits, [lead, *lines]), [lead, *lines]


def _one_paper_topic(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                     hits: list[Hit], named: set[int], weight: Weight,
                     listed: list[str | Line]) -> Answer | None:
    """A few typed words on a topic one paper fits ("policy gradient average reward mdp
    convergence guarantee") may ask about it: its answering sentences follow its list line
    (fresh dev batches nk, nl: the line alone missed what was asked). Not for words asking for
    papers, nor for several topics typed apart."""
    if cues.PAPER_WORDS.search(question) or cues.SLASHED_TOPICS.search(question) \
            or topic_alternatives(question)[1:]:
        return None
    line = detail_line(question, replace(intent, shape="detail"), scored, hits, named, weight)
    shown = {s.text for item in listed if isinstance(item, Line) for s in item.quoted}
    more = [s for s in line.quoted if s.text not in shown] if line else []
    return compose(question, hits, [*listed, quoted_line(more)]) if more else None


def extractive_answer(question: str, intent: QuestionIntent, question_vector: np.ndarray,
                      hits: list[Hit], bank: SentenceBank, weight: Weight,
                      embed: Callable[[str], np.ndarray] | None = None,
                      unheard_topic: Callable[[str], str | None] | None = None,
                      aliased: tuple[str, ...] = (), described: tuple[str, ...] = ()) -> Answer:
    """Answer from the hits' own sentences, or refuse. `embed` puts a part of a compound
    question in the question's vector space (without it, parts use the whole question's);
    `unheard_topic` gives a list question's topic word the corpus never uses (no paper is on
    it: rag/spelling.py absent_topic); `aliased`, the question with its topic's other names
    (rag/aliases.py), each judged as a topic of the list too; `described`, the field's names
    of a topic it describes in other words (rag/listing.py listed_lines)."""
    named = named_markers(question, hits)
    scored = favour_named(score_sentences(question, question_vector, hits, bank, weight),
                           named, hits, question)
    named |= spelled_markers(question, hits)
    meta = _metadata_answer(intent, hits)
    if meta is not None:
        return compose(question, hits, [meta])
    # a compound question's parts are checked for missing names one by one
    if intent.asks_for in ("authors", "date", "review") or (
            not intent.parts and missing_names(question, hits, examples=not intent.wants_list)):
        return refusal(question, intent, hits, scored)
    def rescore(part: str) -> list[ScoredSentence]:
        vector = embed(part) if embed else question_vector
        return favour_named(score_sentences(part, vector, hits, bank, weight),
                             named_markers(part, hits) or named, hits, part)

    if intent.shape == "list" and len(named) == 1 and cues.BARE_TOPIC.match(question) and not (
            cues.LIST_ASK.search(question) or cues.PAPER_WORDS.search(question)
            or cues.SLASHED_TOPICS.search(question)) and (
            intent.asks_for is not None or is_name(hits[min(named) - 1].paper.title)):
        # a few typed words naming one paper ask about it ("jdr cora citeseer results"), not
        # which papers cover a topic (issue 13, fresh batch lm); "RNA property prediction
        # papers" still asks for papers (dev s032), as do words asking no detail that hold a
        # title made of plain words ("variance reduction policy evaluation rl": dev lo015a)
        intent = replace(intent, shape="detail", parts=split_parts(question))
    # a topic the corpus never speaks of, asked of no named paper, is no paper's either: "what
    # method is proposed for automatic speech recognition ...?", "tell me about the paper on
    # global weather prediction" (as a list question's: dev split nr026, np026, ns026b, nu027b,
    # answered from papers on other topics)
    if not intent.wants_list and intent.asks_for is None and not intent.yes_no and not named \
            and not name_tokens(question) and unheard_topic and unheard_topic(question):
        return refusal(question, intent, hits, scored)
    if (intent.wants_list or intent.yes_no) and applied_nowhere(question, hits):
        return refusal(question, intent, hits, scored)  # "applied A to B": no paper does both
    if intent.wants_list:
        # "Does any work propose or evaluate a watermarking scheme" offers two verbs, one topic
        # (fresh dev batch ne)
        sides = [s for s in topic_alternatives(question) if not cues.VERB_SIDE.search(s)] or [
            question]
        # (a topic described in a newcomer's words is known by the field's name: "speech-driven
        # avatar video synthesis" is audio-driven human animation, though no abstract says
        # "speech": dev split mk021b)
        # ... unless that name is unheard too ("watermarking": rag/spelling.py absent_topic),
        # as in a comparison of the work on it ("compare the approaches for determining whether
        # a sample was part of a model's training set": dev split oj022a)
        papers_compared = cues.PAPERS_COMPARED.search(question) is not None
        # a term of several words no retrieved abstract writes ("knowledge graph completion"):
        # no paper is on it, though some share its words (cues PHRASE_TERMS)
        texts = [f"{hit.paper.title} {hit.paper.abstract}" for hit in hits]
        if (intent.shape == "list" or papers_compared) and all(
                unwritten_term(side, texts) for side in sides):
            return refusal(question, intent, hits, scored)
        if intent.shape == "list" and unheard_topic and not described \
                and all(map(unheard_topic, sides)):
            return refusal(question, intent, hits, scored)
        if (intent.shape == "list" or papers_compared) and unheard_topic and described \
                and unheard_topic(question) in described:
            return refusal(question, intent, hits, scored)
        listed: list[str | Line] = []
        if intent.shape == "compare":  # what a comparison names, each by its own words; none
            # when it compares every paper doing something
            named = set() if papers_compared else named | compared_markers(question, hits, weight)
        if intent.shape == "compare" and not papers_compared and len(
                one := named or markers_naming(name_tokens(question), hits, every=True)) == 1:
            # both things in one paper ("what does Db-TSW change compared with the original
            # tree-sliced Wasserstein distance?"): that paper tells the difference, not a
            # list of every paper using the words (fresh dev batch md)
            answer = compound_answer(question, replace(intent, shape="detail", parts=split_parts(
                question) or (question,)), scored, hits, one, weight, rescore)
        else:
            answer, listed = _list_answer(question, intent, scored, hits, named, weight,
                                          rescore, aliased, described)
        if intent.shape == "list" and (intent.asks_for or asked_thing(question)) \
                and len(answer.citations) == 1 and cues.BARE_TOPIC.match(question):
            # a few typed words asking a kind of detail or a thing, one paper fitting, ask it
            # of that paper when it gives one ("long-tailed classifier retraining new metrics
            # names", "deep ltl rl which automata": dev split mx008a, mw007a)
            line = detail_line(question, replace(intent, shape="detail"), scored, hits, named,
                                weight)
            # ... and refuse when it names none asked for ("flat reward landscape robustness
            # envs names": dev split mz029a); a figure's words may be a topic ("arbitrary
            # number of tokens", mv009a)
            if line or intent.asks_for != "name":
                return compose(question, hits, [line]) if line else answer
            return refusal(question, intent, hits, scored)
        if intent.shape == "list" and len(answer.citations) == 1 and cues.BARE_TOPIC.match(
                question):
            answer = _one_paper_topic(question, intent, scored, hits, named, weight,
                                      listed) or answer
        # "Is there work arguing X, and how far does it reach?": one paper found, its later
        # part asked of it (dev split mw014b, mw013b: the list's line alone was given)
        if intent.shape == "list" and len(answer.citations) == 1 and len(
                parts := split_parts(question)) > 1 and cues.WORK_EXISTS.search(parts[0]):
            return compound_answer(question, replace(intent, shape="detail", parts=parts),
                                    scored, hits, {answer.citations[0].marker}, weight, rescore)
        if intent.shape == "list" or len(answer.citations) != 1:
            return answer
        # "What is X and how does it compare to Y?", Y no paper here: X's sentences answer it
        # (fresh batch t: answered "only one paper in the collection addresses this"), X named
        # or described ("the optimizer that runs Adam in ... compare with AdamW": batch lc)
        intent = replace(measure_compared(question, intent), shape="detail",
                         parts=split_parts(question))
    if intent.parts:
        return compound_answer(question, intent, scored, hits, named, weight, rescore)
    line = detail_line(question, intent, scored, hits, named, weight)
    if line is None and (topic := purpose_topic(question)) != question:
        line = detail_line(question, intent, rescore(topic), hits, named, weight)
    if line is None:
        return refusal(question, intent, hits, scored)
    if intent.yes_no and intent.language == "en":
        line = with_verdict(question, line)
    lead = RELATED_LEAD_BY_LANGUAGE[intent.language]  # frames English quotes for a Chinese reader
    return compose(question, hits, [lead, line] if lead else [line])


class ExtractiveAnswerer:
    """Answers from the retrieved abstracts' own sentences; needs no LLM."""

    name: AnswererName = "extractive"

    def __init__(self, encoder: QueryEncoder, weight: Weight,
                 unheard_topic: Callable[[str], str | None] | None = None,
                 alias_topics: Callable[[str], tuple[str, ...]] | None = None) -> None:
        self.encoder = encoder
        self.weight = weight
        self.unheard_topic = unheard_topic
        self.alias_topics = alias_topics

    def stream(self, query: Query, hits: list[Hit], bank: SentenceBank) -> AnswerStream:
        # Multilingual-e5 embeds sentences at question time: only the top papers' (slow).
        limit = cues.MULTILINGUAL_PAPERS[query.intent.wants_list]
        bank = self.encoder.bank_for(query, bank, hits, limit)
        # only a list judges other names (and the corpus is read then)
        aliases = self.alias_topics if self.alias_topics and query.intent.shape == "list" \
            else lambda _: ()
        answer = extractive_answer(query.text, query.intent, query.vector, hits, bank,
                                   self.weight,
                                   lambda part: self.encoder.embed_like(query, [part])[0],
                                   self.unheard_topic, aliases(query.text),
                                   tuple(name for term in glossary_topics(query.text)
                                         for name in (term, *aliases(term))))
        for line in answer.text.splitlines(keepends=True):
            yield TextDelta(text=line)
        return answer
