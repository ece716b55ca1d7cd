"""PaperQA: the public face of Paperwise. The UI, the eval and users go through this only.

One question's path: `stream` cleans it, builds a `Query` (rag/query.py), retrieves hits
(rag/retrieve.py), reads their sentence bank from the store, and lets an `Answerer` (the LLM's,
checked, in rag/llm.py, or the extractive one in rag/extractive.py) write the `Answer`. If the
LLM answerer gives up, the extractive one answers, with the LLM's notices.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

from langchain_core.language_models import BaseChatModel

from index.build import BuildSummary, Progress, add_multilingual, build_index
from index.embeddings import Embedder, make_embedder
from index.store import PaperStore, make_store
from paperwise.errors import AnswererError, InputError
from paperwise.settings import Settings
from paperwise.text import language_of, normalize_text
from paperwise.types import (
    Answer,
    AnswererName,
    FinalEvent,
    Hit,
    NoticeEvent,
    Paper,
    SourcesEvent,
    StreamEvent,
    TextDelta,
)
from rag import cues
from rag.aliases import alias_topics, glossary_topics, narrower_topics
from rag.alternatives import topic_alternatives
from rag.answerer import Answerer, AnswerStream
from rag.extractive import ExtractiveAnswerer
from rag.filters import Filters
from rag.introduced import new_kinds
from rag.llm import LLMAnswerer, LLMClient, endpoint_name, make_chat_model
from rag.prompts import MULTILINGUAL_PENDING_NOTICE, RESPELLED_NOTICE, TRUNCATED_NOTICE
from rag.query import Query, QueryEncoder, analyse
from rag.retrieve import HybridRetriever
from rag.spelling import absent_topic, expand_shorthand, recase, respell

log = logging.getLogger(__name__)

History = Sequence[tuple[str, str]]
_FOLLOW_UP_CONTEXT_CHARS = 300
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _encodable(text: str) -> str:
    """A JSON "\\ud800" escape gives a lone surrogate, on which the tokenizer and the UTF-8
    response fail (a 500 from /api/ask): it becomes U+FFFD."""
    return _LONE_SURROGATE.sub("\ufffd", text)


def _noting(stream: AnswerStream, notices: list[str]) -> AnswerStream:
    """Pass an answerer's events on, keeping its notices for the final Answer."""
    answer = None
    try:
        while True:
            event = next(stream)
            if isinstance(event, NoticeEvent):
                notices.append(event.message)
            yield event
    except StopIteration as done:
        answer = done.value
    return answer


class PaperQA:
    """Ask questions over the indexed abstracts and get answers with checked citations.

    Every provider can be passed in (tests pass small real ones); otherwise each is built from
    settings, which come from the environment and `.env` when not given.
    """

    def __init__(self, settings: Settings | None = None, *, embedder: Embedder | None = None,
                 store: PaperStore | None = None, llm: BaseChatModel | None = None) -> None:
        self.settings = settings or Settings()
        self.embedder = embedder or (store.embedder if store else make_embedder(self.settings))
        self.store = store or make_store(self.settings, self.embedder)
        self.retriever = HybridRetriever(self.store, self.settings.retrieval)
        self.encoder = QueryEncoder(self.embedder, self.store.multilingual)
        self.extractive = ExtractiveAnswerer(
            self.encoder, lambda term: self.retriever.corpus().bm25.term_weight(term),
            self._unheard_topic, self._alias_topics)
        self._llm_model = llm
        self._llm: LLMAnswerer | None = None
        self._index_lock = threading.Lock()
        self._indexed = False  # the store held chunks when last looked at

    # -- corpus ---------------------------------------------------------------------------------
    def index(self, paths: Sequence[Path] | None = None, *, prune: bool = False,
              progress: Progress | None = None, multilingual: bool = True) -> BuildSummary:
        summary = build_index(self.settings, paths, prune=prune, embedder=self.embedder,
                              store=self.store, progress=progress, multilingual=multilingual)
        self.retriever.invalidate()
        return summary

    def add_multilingual(self, progress: Progress | None = None) -> int:
        """Write the multilingual vectors an index built with `multilingual=False` (or
        `paperwise index --multilingual-later`) still lacks; `paperwise serve` runs this in
        the background after its warm-up. Returns how many papers got one."""
        self._ensure_index()
        added = add_multilingual(self.store, progress)
        if added:
            log.info("Multilingual vectors added for %d papers.", added)
        return added

    def multilingual_missing(self) -> int:
        """Papers a question not in English cannot yet find by meaning (0 without e5)."""
        if self.store.multilingual is None:
            return 0
        return max(len(self.retriever.corpus().papers) - self.store.multilingual_count(), 0)

    def _ensure_index(self) -> None:
        """Build the index on first use. Once the store has held chunks it is not counted
        again: a count costs 1.8 ms at 10k chunks (measured), more than Chroma's search, and an
        index emptied later (by --prune) was emptied on purpose."""
        if self._indexed:
            return
        with self._index_lock:  # the server's warm-up and a first request may arrive together
            if self.store.count() > 0:
                self._indexed = True
                return
            log.warning("The index (%s) is empty: building it from %s (a minute or two for a "
                        "hundred papers).", self.store.location, self.settings.data_dir)
            self.index()

    def warm_up(self) -> None:
        """Load the model and the retrieval caches now, so the first question is not the one
        that waits for them (at 100k chunks the BM25 cache takes seconds to build)."""
        self._ensure_index()
        self.encoder.encode("warm up").embed()  # loads the model
        self.retriever.corpus()
        # The LLM client's imports take seconds: not out of the first question's deadline.
        self._answerer(self.settings.resolved_answerer())

    def papers(self, filters: Filters | None = None) -> list[Paper]:
        """Every indexed paper, or those passing `filters` (by file and position)."""
        self._ensure_index()
        if filters is not None and filters.active:
            return self.retriever.matching(filters)
        return self.store.papers()

    def paper(self, paper_id: str) -> Paper | None:
        """One indexed paper by its id, if there is one."""
        self._ensure_index()
        return self.retriever.corpus().papers.get(paper_id)

    def retrieve(self, query: str, k: int | None = None, *, mode: str | None = None,
                 venue: str | None = None, source: str | None = None,
                 filters: Filters | None = None) -> list[Hit]:
        """Top-k papers for a query; `filters` (or the venue/source shorthands) narrow them."""
        self._ensure_index()
        text, _ = self._respelled(self._clean(query)[0])
        return self.retriever.search(self.encoder.encode(text), k, mode,
                                     filters or Filters(venue=venue, source=source))

    # -- answering ------------------------------------------------------------------------------
    def ask(self, question: str, history: History | None = None, *, k: int | None = None,
            answerer: AnswererName | None = None, mode: str | None = None,
            filters: Filters | None = None) -> Answer:
        for event in self.stream(question, history, k=k, answerer=answerer, mode=mode,
                                 filters=filters):
            if isinstance(event, FinalEvent):
                return event.answer
        raise AssertionError("stream() ended without a final answer")  # a bug, not user input

    def stream(self, question: str, history: History | None = None, *, k: int | None = None,
               answerer: AnswererName | None = None, mode: str | None = None,
               filters: Filters | None = None) -> Iterator[StreamEvent]:
        """Yield SourcesEvent, then TextDelta pieces and NoticeEvents, then one FinalEvent.
        Filters that leave no paper give an unanswerable answer saying so, not a search."""
        started, arrived = time.perf_counter(), time.monotonic()
        asked, notices = self._clean(question)
        self._ensure_index()
        text, respelled = self._respelled(asked)
        notices += respelled
        for notice in notices:
            yield NoticeEvent(message=notice)
        filters = filters if filters is not None and filters.active else None
        if filters is not None and not self.retriever.matching(filters):
            yield from self._no_match(asked, filters, notices)
            return
        chosen = self._answerer(answerer or self.settings.resolved_answerer())
        turns = [(_encodable(q), _encodable(a)) for q, a in history or []]
        # One deadline for every LLM call of this question (condense, answer, judge).
        deadline = (arrived + chosen.client.deadline_s if isinstance(chosen, LLMAnswerer)
                    else None)
        query = self.encoder.encode(text, self._search_text(text, turns, chosen, deadline),
                                    deadline)
        if query.multilingual and (missing := self.multilingual_missing()):
            notices.append(MULTILINGUAL_PENDING_NOTICE.format(missing=missing))
            yield NoticeEvent(message=notices[-1])
        hits = self._search(query, k, mode, filters)
        retrieved = time.perf_counter()
        yield SourcesEvent(hits=hits)
        bank = self.store.sentence_bank([h.paper.id for h in hits])
        answer = yield from _noting(chosen.stream(query, hits, bank), notices)
        if answer is None:  # the LLM gave up: its notices are out, the extractive one answers
            answer = yield from _noting(self.extractive.stream(query, hits, bank), notices)
            assert answer is not None
        answer.notices = notices + [n for n in answer.notices if n not in notices]
        answer.question = asked  # as the user wrote it; its respellings are in the notices
        answer.timings = {"retrieve_s": retrieved - started,
                          "answer_s": time.perf_counter() - retrieved,
                          "total_s": time.perf_counter() - started}
        answer.config = self._config(chosen, k, mode)
        if filters is not None:
            answer.config["filters"] = filters.describe()
        yield FinalEvent(answer=answer)

    def _search(self, query: Query, k: int | None, mode: str | None,
                filters: Filters | None) -> list[Hit]:
        """A list or comparison judges every fitting paper: it searches more of them, and a list
        takes every paper naming what it lists as well."""
        hits = self.retriever.search(query, k or (cues.LIST_K if query.intent.wants_list
                                                  else None), mode, filters)
        topics: tuple[str, ...] = ()
        if query.intent.shape == "list":
            hits += self.retriever.mentioning(query.text, hits, filters)
            if kinds := new_kinds(query.text):  # "which papers propose new benchmarks ..."
                hits += self.retriever.introducing(kinds, hits, filters)
            # "papers on X or on Y", and X by the other names the abstracts give it: each searched
            # and by the field's name for a topic it describes in other words
            topics = (*topic_alternatives(query.text), *self._alias_topics(query.text),
                      *glossary_topics(query.text), *narrower_topics(query.text))
        elif query.intent.shape == "compare" and cues.PAPERS_COMPARED.search(query.text):
            # ... as is a comparison of every paper on a topic so described ("how do the works
            # that estimate how good an agent's strategy is differ?": dev split oi019a, refused)
            topics = (*glossary_topics(query.text), *narrower_topics(query.text))
        for topic in topics:
            seen = {h.paper.id for h in hits}
            hits += [h for h in self.retriever.search(self.encoder.encode(topic),
                                                      cues.ALTERNATIVE_K, mode, filters)
                     if h.paper.id not in seen]
        return hits

    def _no_match(self, question: str, filters: Filters,
                  notices: list[str]) -> Iterator[StreamEvent]:
        message = self.retriever.no_match_message(filters)
        yield SourcesEvent(hits=[])
        yield NoticeEvent(message=message)
        yield TextDelta(text=message)
        yield FinalEvent(answer=Answer(
            question=question, text=message, answerable=False, notices=[*notices, message],
            config={"filters": filters.describe()}))

    # -- helpers --------------------------------------------------------------------------------
    def _clean(self, question: str) -> tuple[str, list[str]]:
        if not isinstance(question, str) or not question.strip():
            raise InputError("The question is empty: type a question about the papers.")
        question = normalize_text(_encodable(question))
        limit = self.settings.max_question_chars
        if len(question) > limit:
            # a cut at a space leaves none at the end (a fuzz case: "000 000 ... 000 ")
            return question[:limit].rstrip(), [TRUNCATED_NOTICE.format(limit=limit)]
        return question, []

    def _alias_topics(self, question: str) -> tuple[str, ...]:
        return alias_topics(question, self.retriever.corpus().aliases())

    def _unheard_topic(self, question: str) -> str | None:
        corpus = self.retriever.corpus()
        return absent_topic(question, corpus.knows, corpus.has_prefix)

    def _respelled(self, question: str) -> tuple[str, list[str]]:
        """The question with its typos read as corpus words, and a notice for each."""
        if language_of(question) != "en":  # the word list is English
            return question, []
        corpus = self.retriever.corpus()
        text, found = respell(expand_shorthand(question), corpus.knows, corpus.words)
        text = recase(text, corpus.forms, corpus.knows, corpus.has_prefix)
        return text, [RESPELLED_NOTICE.format(typed=r.typed, read_as=r.read_as) for r in found]

    def _answerer(self, name: AnswererName) -> Answerer:
        if name == "extractive":
            return self.extractive
        if self._llm is None:
            model = self._llm_model or make_chat_model(self.settings)
            self._llm = LLMAnswerer(LLMClient(model, endpoint_name(self.settings)), self.encoder,
                                    judge=self.settings.verify in ("auto", "llm"))
        return self._llm

    def _search_text(self, question: str, history: list[tuple[str, str]],
                     chosen: Answerer, deadline: float | None = None) -> str:
        """A follow-up ("what data did it use?") is searched together with what it refers to."""
        if not history or not analyse(question).follow_up:
            return question
        if isinstance(chosen, LLMAnswerer):
            try:
                return chosen.client.condense(question, history, deadline)
            except AnswererError as exc:
                log.info("Condensing the follow-up failed (%s); using the previous turn", exc)
        previous_question, previous_answer = history[-1]
        return f"{question} {previous_question} {previous_answer[:_FOLLOW_UP_CONTEXT_CHARS]}"

    def _config(self, chosen: Answerer, k: int | None, mode: str | None) -> dict[str, str]:
        """What made this answer, stamped on it (as PaperQA2 stamps its answers)."""
        retrieval = self.settings.retrieval
        config = {"answerer": chosen.name, "embedder": self.embedder.embedder_id,
                  "retrieval": mode or retrieval.mode, "k": str(k or retrieval.k),
                  "index": str(self.store.location)}
        if chosen.name == "llm":
            config |= {"llm": self.settings.llm.model, "verify": self.settings.verify}
        return config
