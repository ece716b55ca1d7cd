"""The LLM answerer: a LangChain chat model behind any OpenAI-compatible endpoint."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage

from index.errors import AnswererError
from index.settings import Settings
from rag.prompts import CONDENSE_PROMPT, SOURCES_TEMPLATE, SYSTEM_PROMPT
from rag.types import Hit

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


class LLMAnswerer:
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

    def condense(self, question: str, history: list[tuple[str, str]]) -> str:
        turns = "\n".join(f"User: {q}\nAssistant: {a[:500]}" for q, a in
                          history[-_MAX_HISTORY_TURNS:])
        prompt = CONDENSE_PROMPT.format(history=turns, question=question)
        standalone = "".join(self._call([HumanMessage(prompt)])).strip()
        return standalone.splitlines()[0] if standalone else question
