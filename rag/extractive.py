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

from paperwise.text import defuse_markers, terms
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
from rag.aliases import glossary_topics
from rag.alternatives import topic_alternatives
from rag.answerer import AnswerStream
from rag.asked import asked_thing, purpose_topic
from rag.cues import answer_shape
from rag.evidence import (
    ScoredSentence,
    Weight,
    demote_background,
    doing_first,
    favour_method,
    find_evidence,
    more_of_paper,
    naming_first,
    offered_first,
    on_topic,
    score_sentences,
    with_antecedents,
)
from rag.listing import Line, applied_nowhere, listed_lines, quote, quoted_line
from rag.markers import (
    compared_markers,
    described_on_topic,
    described_subject,
    favour_named,
    markers_about,
    markers_naming,
    named_markers,
    paper_on_topic,
    spelled_markers,
)
from rag.measures import asked_measures, counted_words, lead_clause, with_elided_count
from rag.names import is_name, missing_names, name_tokens, names_lacking
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
    asks_purpose,
    split_parts,
)
from rag.summaries import cause_first, definition_line, purpose_line, summary_line
from rag.verdicts import claim_first, with_verdict


def _detail_line(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
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
    if intent.shape == "detail" and intent.asks_for is None and not intent.yes_no and not why:
        # Within the answering paper ("why" asks for the problem it sets out, so not then; a
        # yes/no question asks whether its claim holds: the sentence stating it settles it).
        pool = evidence = offered_first(favour_method(demote_background(
            [s for s in pool if s.marker == evidence[0].marker])), question)
        if done:
            pool = evidence = doing_first(pool, done[1] or done[2])
    if why:  # within the answering paper, the sentence giving a cause first
        pool = evidence = cause_first([s for s in pool if s.marker == evidence[0].marker])
    if intent.yes_no and intent.asks_for is None:
        pool = evidence = claim_first([s for s in pool if s.marker == evidence[0].marker], hits,
                                      question, weight)
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
    # the sentence settling a yes/no, naming the asked thing or giving the cause first
    if intent.yes_no or thing or why or done or intent.asks_for == "name":
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
            sentences.append(AnswerSentence(text=quote(s.text), markers=[s.marker],
                                            supported=True, support=round(s.score, 4),
                                            evidence=s.text))
            quotes.setdefault(s.marker, []).append(s.text)
    citations = [Citation(marker=m, paper=hits[m - 1].paper, quote=" ".join(dict.fromkeys(q)))
                 for m, q in sorted(quotes.items())]
    text = "\n".join(line if isinstance(line, str) else line.text for line in lines)
    return Answer(question=question, text=text, answerable=True, citations=citations,
                  sources=hits, sentences=sentences)


def _list_answer(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                 hits: list[Hit], named: set[int], weight: Weight,
                 rescore: Callable[[str], list[ScoredSentence]], aliased: tuple[str, ...] = (),
                 described: tuple[str, ...] = ()) -> tuple[Answer, list[str | Line]]:
    """One line per fitting paper (rag/listing.py) after its lead, or the refusal (no lines)."""
    lines = listed_lines(question, intent, scored, hits, named, weight, rescore, aliased,
                         described)
    if not lines:
        return _refusal(question, intent, hits, scored), []
    lead = LIST_LEAD[intent.language].format(n=len(lines)) if len(lines) > 1 else (
        LIST_LEAD["one"] if intent.language == "en" else LIST_LEAD[intent.language].format(n=1))
    return _compose(question, hits, [lead, *lines]), [lead, *lines]


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
    line = _detail_line(question, replace(intent, shape="detail"), scored, hits, named, weight)
    shown = {s.text for item in listed if isinstance(item, Line) for s in item.quoted}
    more = [s for s in line.quoted if s.text not in shown] if line else []
    return _compose(question, hits, [*listed, quoted_line(more)]) if more else None


def _part_papers(part: str, bare: str, hits: list[Hit], named: set[int],
                 weight: Weight) -> set[int]:
    """The papers a later part is about: those named before it, unless it speaks of its own
    topic, which another retrieved abstract holds much more of ("how many tokens was OLMoE
    trained on, and what's the max number of training tokens in the precision scaling law
    experiments?": the second part is the scaling-law paper's; fresh dev batch s)."""
    asked = {t for w in counted_words(part) for t in terms(w)} | asked_measures(part)
    topic = [t for t in terms(part) if t not in asked and t not in cues.ASK_WORDS]
    # "and for how many GPU hours" asks only (its one other word, "GPU", is no topic)
    if not named or len(topic) < cues.PART_TOPIC_TERMS or cues.FOLLOW_UP.search(bare):
        return named
    return set() if paper_on_topic(topic, hits, named, weight) is not None else named


def _part_line(part: str, bare: str, part_intent: QuestionIntent, pool: list[ScoredSentence],
               hits: list[Hit], about: set[int], weight: Weight,
               quoted_before: set[tuple[int, int]]) -> Line | None:
    """A part's line. Where it would only repeat sentences shown for an earlier part ("which
    framework explains X's benefits, and what new method do they propose?": the first part's
    sentence scores best for the second too), the part's own answer among the sentences not
    yet shown, if any (held-out ms016, now dev)."""
    line = _detail_line(part, part_intent, pool, hits, about, weight)
    if line is None or not {(s.marker, s.index) for s in line.quoted} <= quoted_before:
        return line
    unshown = [s for s in pool if (s.marker, s.index) not in quoted_before]
    return _detail_line(bare, analyse(bare), unshown, hits, about, weight) or line


def _measure_compared(question: str, intent: QuestionIntent) -> QuestionIntent:
    """"s-mnn accuracy vs mnn" compares two things on a quality: "S-MNN matches the original
    MNN in precision" tells it without a figure (dev split nb012a); "how much more accurate"
    and "accuracy gain vs X" still ask for one."""
    if intent.shape == "compare" and intent.asks_for == "quantity" \
            and not cues.QUANTITY.search(question) and cues.COMPARED_QUALITY.search(question):
        return replace(intent, asks_for=None)
    return intent


def _compound_answer(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
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
        part_intent = _measure_compared(part, analyse(part))
        own = named_markers(part, hits)
        pool = rescore(part)
        if number and not own and named and cues.FOLLOW_UP.search(bare):
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
        return _refusal(question, intent, hits, scored)
    lines += [MISSING_PART.format(ordinal=o) for o in missing]
    return _compose(question, hits, lines)


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
        return _compose(question, hits, [meta])
    # a compound question's parts are checked for missing names one by one
    if intent.asks_for in ("authors", "date", "review") or (
            not intent.parts and missing_names(question, hits, examples=not intent.wants_list)):
        return _refusal(question, intent, hits, scored)
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
        return _refusal(question, intent, hits, scored)
    if (intent.wants_list or intent.yes_no) and applied_nowhere(question, hits):
        return _refusal(question, intent, hits, scored)  # "applied A to B": no paper does both
    if intent.wants_list:
        # "Does any work propose or evaluate a watermarking scheme" offers two verbs, one topic
        # (fresh dev batch ne)
        sides = [s for s in topic_alternatives(question) if not cues.VERB_SIDE.search(s)] or [
            question]
        if intent.shape == "list" and unheard_topic and all(map(unheard_topic, sides)):
            return _refusal(question, intent, hits, scored)
        papers_compared = cues.PAPERS_COMPARED.search(question) is not None
        listed: list[str | Line] = []
        if intent.shape == "compare":  # what a comparison names, each by its own words; none
            # when it compares every paper doing something
            named = set() if papers_compared else named | compared_markers(question, hits, weight)
        if intent.shape == "compare" and not papers_compared and len(
                one := named or markers_naming(name_tokens(question), hits, every=True)) == 1:
            # both things in one paper ("what does Db-TSW change compared with the original
            # tree-sliced Wasserstein distance?"): that paper tells the difference, not a
            # list of every paper using the words (fresh dev batch md)
            answer = _compound_answer(question, replace(intent, shape="detail", parts=split_parts(
                question) or (question,)), scored, hits, one, weight, rescore)
        else:
            answer, listed = _list_answer(question, intent, scored, hits, named, weight,
                                          rescore, aliased, described)
        if intent.shape == "list" and (intent.asks_for or asked_thing(question)) \
                and len(answer.citations) == 1 and cues.BARE_TOPIC.match(question):
            # a few typed words asking a kind of detail or a thing, one paper fitting, ask it
            # of that paper when it gives one ("long-tailed classifier retraining new metrics
            # names", "deep ltl rl which automata": dev split mx008a, mw007a)
            line = _detail_line(question, replace(intent, shape="detail"), scored, hits, named,
                                weight)
            # ... and refuse when it names none asked for ("flat reward landscape robustness
            # envs names": dev split mz029a); a figure's words may be a topic ("arbitrary
            # number of tokens", mv009a)
            if line or intent.asks_for != "name":
                return _compose(question, hits, [line]) if line else answer
            return _refusal(question, intent, hits, scored)
        if intent.shape == "list" and len(answer.citations) == 1 and cues.BARE_TOPIC.match(
                question):
            answer = _one_paper_topic(question, intent, scored, hits, named, weight,
                                      listed) or answer
        # "Is there work arguing X, and how far does it reach?": one paper found, its later
        # part asked of it (dev split mw014b, mw013b: the list's line alone was given)
        if intent.shape == "list" and len(answer.citations) == 1 and len(
                parts := split_parts(question)) > 1 and cues.WORK_EXISTS.search(parts[0]):
            return _compound_answer(question, replace(intent, shape="detail", parts=parts),
                                    scored, hits, {answer.citations[0].marker}, weight, rescore)
        if intent.shape == "list" or len(answer.citations) != 1:
            return answer
        # "What is X and how does it compare to Y?", Y no paper here: X's sentences answer it
        # (fresh batch t: answered "only one paper in the collection addresses this"), X named
        # or described ("the optimizer that runs Adam in ... compare with AdamW": batch lc)
        intent = replace(_measure_compared(question, intent), shape="detail",
                         parts=split_parts(question))
    if intent.parts:
        return _compound_answer(question, intent, scored, hits, named, weight, rescore)
    line = _detail_line(question, intent, scored, hits, named, weight)
    if line is None and (topic := purpose_topic(question)) != question:
        line = _detail_line(question, intent, rescore(topic), hits, named, weight)
    if line is None:
        return _refusal(question, intent, hits, scored)
    if intent.yes_no and intent.language == "en":
        line = with_verdict(question, line)
    lead = RELATED_LEAD_BY_LANGUAGE[intent.language]  # frames English quotes for a Chinese reader
    return _compose(question, hits, [lead, line] if lead else [line])


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
