"""The LLM answerer: a LangChain chat model behind any OpenAI-compatible endpoint, whose answer
is checked sentence by sentence against the abstracts it cites before it is kept."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage

from paperwise.errors import AnswererError
from paperwise.settings import Settings
from paperwise.types import Answer, AnswerSentence, Hit, NoticeEvent, SentenceBank, TextDelta
from rag import citations, cues
from rag.answerer import AnswerStream
from rag.judge import JUDGE_SYSTEM_PROMPT, format_judge_prompt, parse_verdicts
from rag.prompts import (
    CANNOT_ANSWER,
    CANNOT_ANSWER_BY_LANGUAGE,
    CONDENSE_PROMPT,
    FALLBACK_NOTICE,
    JUDGE_FAILED_NOTICE,
    SOURCES_TEMPLATE,
    SYSTEM_PROMPT,
    UNSUPPORTED_NOTICE,
)
from rag.query import Query, QueryEncoder

log = logging.getLogger(__name__)

# Servers such as llama.cpp or vLLM need no key, but the client insists on one.
_PLACEHOLDER_KEY = "not-needed"
_MAX_HISTORY_TURNS = 3


def endpoint_name(settings: Settings) -> str:
    """Where the LLM is, for messages: never includes the key."""
    return settings.openai_base_url or "the OpenAI API"


def make_chat_model(settings: Settings) -> BaseChatModel:
    from langchain_openai import ChatOpenAI

    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    return ChatOpenAI(
        model=settings.llm.model,
        api_key=key or _PLACEHOLDER_KEY,
        base_url=settings.openai_base_url,
        temperature=settings.llm.temperature,
        timeout=settings.llm.timeout_s,
        max_retries=settings.llm.max_retries,
        max_tokens=settings.llm.max_tokens,
        # langchain-openai sends the cap as `max_completion_tokens`, which llama.cpp's server
        # ignores (it then writes until its context is full); compatible servers get both.
        extra_body={"max_tokens": settings.llm.max_tokens} if settings.openai_base_url else None,
    )


def _reason(exc: Exception) -> str:
    """A short, key-free reason for a failed call."""
    import openai

    if isinstance(exc, openai.AuthenticationError):
        return "the key was refused (401)"
    if isinstance(exc, openai.RateLimitError):
        return "rate limited (429)"
    if isinstance(exc, openai.APITimeoutError):
        return "timed out"
    if isinstance(exc, openai.APIConnectionError):
        return "unreachable"
    if isinstance(exc, openai.APIStatusError):
        return f"HTTP {exc.status_code}"
    return type(exc).__name__


def format_sources(hits: list[Hit]) -> str:
    return "\n\n".join(
        f"[{n}] {hit.paper.title} ({hit.paper.venue or 'unknown venue'})\n{hit.paper.abstract}"
        for n, hit in enumerate(hits, start=1)
    )


class LLMClient:
    """Streams an answer from numbered sources; condenses follow-ups into standalone questions."""

    def __init__(self, model: BaseChatModel, endpoint: str) -> None:
        self.model = model
        self.endpoint = endpoint

    def _call(self, messages: list[Any]) -> Iterator[str]:
        try:
            for chunk in self.model.stream(messages):
                text = chunk.content if isinstance(chunk.content, str) else ""
                if text:
                    yield text
        except Exception as exc:  # every failure falls back the same way; the reason is kept
            reason = _reason(exc)
            log.warning("LLM call to %s failed: %s", self.endpoint, reason)
            raise AnswererError(reason) from exc

    def stream_answer(self, question: str, hits: list[Hit]) -> Iterator[str]:
        messages = [
            SystemMessage(SYSTEM_PROMPT),
            HumanMessage(SOURCES_TEMPLATE.format(sources=format_sources(hits), question=question)),
        ]
        yield from self._call(messages)

    def complete(self, system: str, prompt: str) -> str:
        """One whole reply (the judge's verdicts)."""
        return "".join(self._call([SystemMessage(system), HumanMessage(prompt)]))

    def condense(self, question: str, history: list[tuple[str, str]]) -> str:
        turns = "\n".join(f"User: {q}\nAssistant: {a[:500]}" for q, a in
                          history[-_MAX_HISTORY_TURNS:])
        prompt = CONDENSE_PROMPT.format(history=turns, question=question)
        standalone = "".join(self._call([HumanMessage(prompt)])).strip()
        return standalone.splitlines()[0] if standalone else question


class LLMAnswerer:
    """The LLM's answer, streamed, then checked: markers naming no source are dropped and every
    sentence is checked against the abstracts it cites. Returns None (the caller falls back to
    the extractive answer) when the LLM fails or most of its answer is unbacked."""

    name = "llm"

    def __init__(self, client: LLMClient, encoder: QueryEncoder, judge: bool = False) -> None:
        self.client = client
        self.encoder = encoder
        self.judge = judge

    def stream(self, query: Query, hits: list[Hit], bank: SentenceBank) -> AnswerStream:
        if not hits:
            return None
        text = ""
        try:
            for delta in self.client.stream_answer(query.text, hits):
                text += delta
                yield TextDelta(text=delta)
        except AnswererError as exc:
            yield NoticeEvent(message=FALLBACK_NOTICE.format(endpoint=self.client.endpoint,
                                                             reason=exc))
            return None
        answer = self.checked(query, text, hits, bank)
        if answer is None:
            yield NoticeEvent(message=UNSUPPORTED_NOTICE)
        return answer

    def checked(self, query: Query, text: str, hits: list[Hit],
                bank: SentenceBank) -> Answer | None:
        cleaned, dropped = citations.drop_dangling(text, len(hits))
        refusal = CANNOT_ANSWER_BY_LANGUAGE.get(query.intent.language, CANNOT_ANSWER)
        if CANNOT_ANSWER.rstrip(".") in cleaned or refusal in cleaned:
            return Answer(question=query.text, text=cleaned, answerable=False, sources=hits,
                          answerer="llm")
        cited = [hits[m - 1] for m in dict.fromkeys(citations.markers_in(cleaned))]
        bank = self.encoder.bank_for(query, bank, cited, limit=len(cited))
        threshold = (cues.SUPPORT_SIMILARITY_MULTILINGUAL if query.multilingual
                     else cues.SUPPORT_SIMILARITY)
        checked, quotes = citations.verify(cleaned, hits, bank,
                                           lambda texts: self.encoder.embed_like(query, texts),
                                           threshold)
        notices = [f"Dropped citation markers naming no source: {dropped}."] if dropped else []
        if self.judge:
            notices += self._judged(checked, hits, bank)
        if not citations.acceptable(checked):
            return None
        return Answer(question=query.text, text=cleaned, answerable=True, citations=quotes,
                      sources=hits, sentences=checked, answerer="llm", notices=notices)

    def _judged(self, checked: list[AnswerSentence], hits: list[Hit],
                bank: SentenceBank) -> list[str]:
        """One extra call: the LLM judges every sentence against the cited evidence. It can
        only make a verdict stricter; a sentence it gives no verdict for is not counted as
        supported. If the call fails or nothing in the reply can be read, the rules decide."""
        cited = dict.fromkeys(m for s in checked for m in s.markers)
        evidence = [t for m in cited for t in bank.get(hits[m - 1].paper.id).texts]
        try:
            reply = self.client.complete(JUDGE_SYSTEM_PROMPT,
                                         format_judge_prompt([s.text for s in checked], evidence))
        except AnswererError as exc:
            return [JUDGE_FAILED_NOTICE.format(reason=exc)]
        verdicts = parse_verdicts(reply, len(checked))
        if all(v is None for v in verdicts):
            return [JUDGE_FAILED_NOTICE.format(reason="its reply could not be read")]
        for sentence, verdict in zip(checked, verdicts, strict=True):
            if sentence.supported and verdict is not True:
                sentence.supported = False
                sentence.reason = ("the LLM judge found it unsupported" if verdict is False
                                   else "the LLM judge gave no verdict")
        return []
