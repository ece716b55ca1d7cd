"""PaperQA: the public face of Paperwise. The UI, the eval and users go through this only."""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Literal

import numpy as np
from langchain_core.embeddings import Embeddings
from langchain_core.language_models import BaseChatModel

from index.build import BuildSummary, build_index
from index.embeddings import embed_array, make_embedder
from index.errors import AnswererError, InputError
from index.papers import Paper
from index.settings import Settings
from index.store import PaperStore, make_store
from rag import citations
from rag.extractive import extractive_answer
from rag.llm import LLMAnswerer, endpoint_name, make_chat_model
from rag.prompts import (
    CANNOT_ANSWER,
    CANNOT_ANSWER_BY_LANGUAGE,
    FALLBACK_NOTICE,
    TRUNCATED_NOTICE,
    UNSUPPORTED_NOTICE,
)
from rag.question import QuestionIntent, analyse
from rag.retrieve import Filters, HybridRetriever
from rag.types import Answer, FinalEvent, Hit, NoticeEvent, SourcesEvent, StreamEvent, TextDelta

log = logging.getLogger(__name__)

History = Sequence[tuple[str, str]]
AnswererName = Literal["extractive", "llm"]
_FOLLOW_UP_CONTEXT_CHARS = 300
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def _encodable(text: str) -> str:
    """A JSON "\\ud800" escape gives a lone surrogate, on which the tokenizer and the UTF-8
    response fail (a 500 from /api/ask): it becomes U+FFFD."""
    return _LONE_SURROGATE.sub("\ufffd", text)


class PaperQA:
    """Ask questions over the indexed abstracts and get answers with checked citations.

    Every provider can be passed in (tests pass small real ones); otherwise each is built from
    settings, which come from the environment and `.env` when not given.
    """

    def __init__(self, settings: Settings | None = None, *, embedder: Embeddings | None = None,
                 store: PaperStore | None = None, llm: BaseChatModel | None = None) -> None:
        self.settings = settings or Settings()
        self.embedder = embedder or (store.embedder if store else make_embedder(self.settings))
        self.store = store or make_store(self.settings, self.embedder)
        self.retriever = HybridRetriever(self.store, self.settings.retrieval)
        self._llm_model = llm
        self._llm: LLMAnswerer | None = None
        self._index_lock = threading.Lock()

    # -- corpus ---------------------------------------------------------------------------------
    def index(self, paths: Sequence[Path] | None = None, *, prune: bool = False,
              progress: bool = False) -> BuildSummary:
        summary = build_index(self.settings, paths, prune=prune, embedder=self.embedder,
                              store=self.store, progress=progress)
        self.retriever.invalidate()
        return summary

    def _ensure_index(self) -> None:
        if self.store.count() > 0:
            return
        with self._index_lock:  # the server's warm-up and a first request may arrive together
            if self.store.count() > 0:
                return
            log.warning("The index is empty: building it from %s (a minute or two for a "
                        "hundred papers).", self.settings.data_dir)
            self.index()

    def warm_up(self) -> None:
        """Load the model and the retrieval caches now, so the first question is not the one
        that waits for them (at 100k chunks the BM25 cache takes seconds to build)."""
        self._ensure_index()
        self._embed(["warm up"])
        self.retriever.corpus()

    def papers(self) -> list[Paper]:
        self._ensure_index()
        return self.store.papers()

    def retrieve(self, query: str, k: int | None = None, *, mode: str | None = None,
                 venue: str | None = None, source: str | None = None) -> list[Hit]:
        self._ensure_index()
        query = self._clean(query)[0]
        vector = self._embed([query])[0].tolist()
        return self.retriever.search(query, vector, k, mode, Filters(venue, source),
                                     self._multilingual_vector(query, analyse(query)))

    # -- answering ------------------------------------------------------------------------------
    def ask(self, question: str, history: History | None = None, *, k: int | None = None,
            answerer: AnswererName | None = None, mode: str | None = None) -> Answer:
        for event in self.stream(question, history, k=k, answerer=answerer, mode=mode):
            if isinstance(event, FinalEvent):
                return event.answer
        raise AssertionError("stream() ended without a final answer")  # a bug, not user input

    def stream(self, question: str, history: History | None = None, *, k: int | None = None,
               answerer: AnswererName | None = None,
               mode: str | None = None) -> Iterator[StreamEvent]:
        """Yield SourcesEvent, then TextDelta pieces and NoticeEvents, then one FinalEvent."""
        started = time.perf_counter()
        question, notices = self._clean(question)
        for notice in notices:
            yield NoticeEvent(message=notice)
        self._ensure_index()
        history = [(_encodable(q), _encodable(a)) for q, a in history or []]
        chosen = answerer or self.settings.resolved_answerer()
        intent = analyse(question)
        query = self._retrieval_query(question, intent, history, chosen, notices)
        vectors = self._embed([question] if query == question else [question, query])
        ml_query = self._multilingual_vector(query, intent)
        hits = self.retriever.search(query, vectors[-1].tolist(), k, mode,
                                     multilingual_vector=ml_query)
        retrieved = time.perf_counter()
        yield SourcesEvent(hits=hits)
        ml_question = ml_query if query == question else self._multilingual_vector(question,
                                                                                   intent)
        answer = yield from self._answer(question, intent, vectors[0], ml_question, hits, chosen,
                                         notices)
        answer.notices = notices + [n for n in answer.notices if n not in notices]
        answer.timings = {"retrieve_s": retrieved - started,
                          "answer_s": time.perf_counter() - retrieved,
                          "total_s": time.perf_counter() - started}
        yield FinalEvent(answer=answer)

    def _answer(self, question: str, intent: QuestionIntent, vector: np.ndarray,
                ml_vector: np.ndarray | None, hits: list[Hit], chosen: AnswererName,
                notices: list[str]) -> Iterator[StreamEvent] | Answer:
        """vector: the question by MiniLM; ml_vector: by multilingual-e5 (non-English only)."""
        sentences = self.store.sentence_vectors([h.paper.id for h in hits])
        if chosen == "llm" and hits:
            try:
                text = ""
                for delta in self._llm_answerer().stream_answer(question, hits):
                    text += delta
                    yield TextDelta(text=delta)
                answer = self._checked_llm_answer(question, intent, text, hits, sentences)
                if answer is not None:
                    return answer
                notice = UNSUPPORTED_NOTICE
            except AnswererError as exc:
                notice = FALLBACK_NOTICE.format(endpoint=endpoint_name(self.settings),
                                                reason=exc)
            notices.append(notice)
            yield NoticeEvent(message=notice)
        if ml_vector is not None and hits:
            vector, sentences = ml_vector, self._multilingual_sentences(hits, sentences)
        answer = extractive_answer(question, intent, vector, hits, sentences,
                                   self.retriever.corpus().bm25.term_weight)
        for line in answer.text.splitlines(keepends=True):
            yield TextDelta(text=line)
        return answer

    def _checked_llm_answer(self, question: str, intent: QuestionIntent, text: str,
                            hits: list[Hit], sentences: dict[str, tuple[list[str], np.ndarray]]
                            ) -> Answer | None:
        """The LLM's answer with dangling markers dropped and sentences checked; None when most
        of it is unbacked."""
        cleaned, dropped = citations.drop_dangling(text, len(hits))
        if CANNOT_ANSWER.rstrip(".") in cleaned or CANNOT_ANSWER_BY_LANGUAGE.get(
                intent.language, CANNOT_ANSWER) in cleaned:
            return Answer(question=question, text=cleaned, answerable=False, sources=hits,
                          answerer="llm")
        embed, threshold = self._embed, citations.SUPPORT_SIMILARITY
        if intent.language != "en" and self.store.multilingual is not None:
            # MiniLM cannot compare a Chinese sentence with an English one: check with e5,
            # re-embedding only the cited papers' sentences.
            cited_hits = [hits[m - 1] for m in dict.fromkeys(citations.markers_in(cleaned))]
            sentences = self._multilingual_sentences(cited_hits, sentences,
                                                     limit=len(cited_hits))
            embed = self.store.multilingual.embed_passages
            threshold = citations.SUPPORT_SIMILARITY_MULTILINGUAL
        checked, cited = citations.verify(cleaned, hits, sentences, embed, threshold)
        if citations.supported_share(checked) < citations.MIN_SUPPORTED_SHARE:
            return None
        notices = [f"Dropped citation markers naming no source: {dropped}."] if dropped else []
        return Answer(question=question, text=cleaned, answerable=True, citations=cited,
                      sources=hits, sentences=checked, answerer="llm", notices=notices)

    # -- helpers --------------------------------------------------------------------------------
    def _clean(self, question: str) -> tuple[str, list[str]]:
        if not isinstance(question, str) or not question.strip():
            raise InputError("The question is empty: type a question about the papers.")
        question = " ".join(_encodable(question).split())
        limit = self.settings.max_question_chars
        if len(question) > limit:
            return question[:limit], [TRUNCATED_NOTICE.format(limit=limit)]
        return question, []

    def _multilingual_sentences(self, hits: list[Hit],
                                sentences: dict[str, tuple[list[str], np.ndarray]],
                                limit: int = 2) -> dict[str, tuple[list[str], np.ndarray]]:
        """MiniLM cannot compare a Chinese question with English sentences; multilingual-e5
        can, but is slow, so only the top `limit` papers' sentences are embedded, at question
        time."""
        assert self.store.multilingual is not None
        top = [h.paper.id for h in hits[:limit] if h.paper.id in sentences]
        texts = [t for pid in top for t in sentences[pid][0]]
        matrix = self.store.multilingual.embed_passages(texts)
        out, offset = {}, 0
        for pid in top:
            n = len(sentences[pid][0])
            out[pid] = (sentences[pid][0], matrix[offset : offset + n])
            offset += n
        return out

    def _multilingual_vector(self, query: str, intent: QuestionIntent) -> np.ndarray | None:
        """English questions stay with MiniLM (measured better); others use multilingual-e5."""
        if intent.language == "en" or self.store.multilingual is None:
            return None
        return self.store.multilingual.embed_query(query)

    def _embed(self, texts: list[str]) -> np.ndarray:
        return embed_array(self.embedder, texts)

    def _llm_answerer(self) -> LLMAnswerer:
        if self._llm is None:
            model = self._llm_model or make_chat_model(self.settings)
            self._llm = LLMAnswerer(model, endpoint_name(self.settings))
        return self._llm

    def _retrieval_query(self, question: str, intent: QuestionIntent, history: list[tuple[str,
                         str]], chosen: AnswererName, notices: list[str]) -> str:
        """A follow-up ("what data did it use?") is searched together with what it refers to."""
        if not history or not intent.follow_up:
            return question
        if chosen == "llm":
            try:
                return self._llm_answerer().condense(question, history)
            except AnswererError as exc:
                log.info("Condensing the follow-up failed (%s); using the previous turn", exc)
        previous_question, previous_answer = history[-1]
        return f"{question} {previous_question} {previous_answer[:_FOLLOW_UP_CONTEXT_CHARS]}"
