"""The LLM answerer: a LangChain chat model behind any OpenAI-compatible endpoint, whose answer
is checked sentence by sentence against the abstracts it cites before it is kept."""

from __future__ import annotations

import functools
import logging
import queue
import time
from collections.abc import Iterator
from typing import Any

from langchain_core.language_models import BaseChatModel
from langchain_core.messages import HumanMessage, SystemMessage

from paperwise.errors import AnswererError
from paperwise.logs import redact_client_logs
from paperwise.settings import LLMSettings, Settings
from paperwise.text import redact_url
from paperwise.types import (
    Answer,
    AnswererName,
    AnswerSentence,
    Hit,
    NoticeEvent,
    SentenceBank,
    TextDelta,
)
from rag import citations
from rag.answerer import AnswerStream
from rag.cues import verify as cues
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
from rag.streaming import (
    Cancel,
    Cancelled,
    MarkerRuns,
    StreamPump,
    current_cancel,
    http_hooks,
)

log = logging.getLogger(__name__)

# Servers such as llama.cpp or vLLM need no key, but the client insists on one.
_PLACEHOLDER_KEY = "not-needed"
_MAX_HISTORY_TURNS = 3
# make_chat_model stamps the settings' limits on the model it builds (LangChain metadata), so
# the LLMClient wrapped around it enforces them; a model passed in gets the defaults.
_LIMITS_KEY = "paperwise_llm_limits"
# Longest silence before the answer stream yields an empty piece: a consumer that stops
# reading (Gradio, once its client has gone) gets the turn back to close it.
_TICK_S = 1.0


def endpoint_name(settings: Settings) -> str:
    """Where the LLM is, for messages and logs: never the key, and the URL without user-info,
    query string or fragment."""
    return redact_url(settings.openai_base_url) if settings.openai_base_url else "the OpenAI API"


def _split_query(url: str | None) -> tuple[str | None, dict[str, str] | None]:
    """The openai client appends "chat/completions" to the base URL as text, which would land
    inside a query string ("/v1?key=k" + "chat/completions"): the query is sent as parameters."""
    if not url or "?" not in url:
        return url, None
    from urllib.parse import parse_qsl, urlsplit, urlunsplit

    parts = urlsplit(url)
    return urlunsplit(parts._replace(query="", fragment="")), dict(parse_qsl(parts.query))


@functools.cache
def _http_client(timeout_s: float) -> Any:
    """openai's own HTTP client, plus hooks that let a stopped reader shut its connection;
    one per timeout, as LangChain shares its own (each costs an SSL context, tens of ms)."""
    import openai

    return openai.DefaultHttpxClient(timeout=timeout_s, event_hooks=http_hooks())


def make_chat_model(settings: Settings) -> BaseChatModel:
    from langchain_openai import ChatOpenAI

    redact_client_logs()  # httpx logs request URLs, user-info and query string included
    key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
    limits = {"deadline_s": settings.llm.timeout_s, "max_chars": settings.llm.max_chars}
    base_url, query = _split_query(settings.openai_base_url)
    return ChatOpenAI(
        model=settings.llm.model,
        api_key=key or _PLACEHOLDER_KEY,
        base_url=base_url,
        default_query=query,
        temperature=settings.llm.temperature,
        timeout=settings.llm.timeout_s,  # no one request may outlast the whole answer's time
        max_retries=settings.llm.max_retries,
        max_tokens=settings.llm.max_tokens,
        # langchain-openai sends the cap as `max_completion_tokens`, which llama.cpp's server
        # ignores (it then writes until its context is full); compatible servers get both.
        extra_body={"max_tokens": settings.llm.max_tokens} if settings.openai_base_url else None,
        metadata={_LIMITS_KEY: limits},
        http_client=_http_client(settings.llm.timeout_s),
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


def _refuses(checked: list[AnswerSentence]) -> bool:
    """The LLM refused in its own words: its first sentence says the abstracts lack the
    answer, or a later one does and the context before it is backed ("SPA takes 6000 GPU
    hours [1]. I couldn't find its carbon footprint."). The context is checked either way: a
    claim the abstracts do not back is shown flagged."""
    refusing = [citations.refusal_sentence(s.text) for s in checked]
    return bool(refusing) and (refusing[0] or (any(refusing) and all(
        s.supported for s, r in zip(checked, refusing, strict=True) if not r)))


def format_sources(hits: list[Hit]) -> str:
    return "\n\n".join(
        f"[{n}] {hit.paper.title} ({hit.paper.venue or 'unknown venue'})\n{hit.paper.abstract}"
        for n, hit in enumerate(hits, start=1)
    )


class DeadlinePassed(AnswererError):
    """The question's time for the LLM ran out: its answer is the extractive one."""


class LLMClient:
    """Streams an answer from numbered sources; condenses follow-ups into standalone questions.

    Every call is bounded: by a deadline, retries included (a question's calls share the one
    its `Query` carries, `deadline_s` seconds from its arrival; a call without one gets
    `deadline_s` of its own), enforced while waiting for each piece, so a stream sending a
    token every 10 s is cut; and by a cap on the characters accepted (`max_chars`). Past
    either, the upstream stream is closed and AnswererError (DeadlinePassed) says why. The
    upstream is also closed when the caller stops reading (closes this generator), and when
    the question's Cancel switch is set (rag.streaming.cancelling): then Cancelled goes up.
    A silence of _TICK_S yields an empty piece, so the caller can stop reading meanwhile.
    Runs of repeated markers in an answer are collapsed."""

    def __init__(self, model: BaseChatModel, endpoint: str, *, deadline_s: float | None = None,
                 max_chars: int | None = None) -> None:
        self.model = model
        self.endpoint = redact_url(endpoint)
        stamped = (getattr(model, "metadata", None) or {}).get(_LIMITS_KEY) or {}
        defaults = LLMSettings()
        self.deadline_s = float(deadline_s or stamped.get("deadline_s") or defaults.timeout_s)
        self.max_chars = int(max_chars or stamped.get("max_chars") or defaults.max_chars)

    @classmethod
    def from_settings(cls, model: BaseChatModel, settings: Settings) -> LLMClient:
        return cls(model, endpoint_name(settings), deadline_s=settings.llm.timeout_s,
                   max_chars=settings.llm.max_chars)

    def _failed(self, reason: str, exc: BaseException | None = None,
                kind: type[AnswererError] = AnswererError) -> AnswererError:
        log.warning("LLM call to %s failed: %s", self.endpoint, reason)
        error = kind(reason)
        error.__cause__ = exc
        return error

    def deadline(self) -> float:
        """The monotonic time a question arriving now must have its LLM answer by."""
        return time.monotonic() + self.deadline_s

    def _late(self) -> AnswererError:
        return self._failed(f"timed out: no complete reply within the {self.deadline_s:g} s "
                            "deadline", kind=DeadlinePassed)

    def _texts(self, messages: list[Any]) -> Iterator[str]:
        """The model's text pieces; closing this closes the model's stream (its HTTP body)."""
        upstream = self.model.stream(messages)
        try:
            for chunk in upstream:
                text = chunk.content if isinstance(chunk.content, str) else ""
                if text:
                    yield text
        finally:
            close = getattr(upstream, "close", None)
            if close is not None:
                close()

    def _next(self, pump: StreamPump, deadline: float) -> str | None:
        """The next piece ("" after a silence of _TICK_S), None at the end of the reply."""
        try:
            kind, value = pump.get(min(deadline - time.monotonic(), _TICK_S))
        except queue.Empty:
            if deadline <= time.monotonic():
                raise self._late() from None
            return ""
        if kind == "cancelled":
            log.info("LLM call to %s stopped: the client went away", self.endpoint)
            raise Cancelled("The client went away: the answer was stopped.")
        if kind == "error" and deadline <= time.monotonic():  # e.g. a read timed out with it
            raise self._late()
        if kind == "error":
            assert isinstance(value, Exception)
            raise self._failed(_reason(value), value)
        return value if isinstance(value, str) else None

    def _call(self, messages: list[Any], deadline: float | None,
              collapse_markers: bool = False) -> Iterator[str]:
        deadline = deadline or self.deadline()
        cancel: Cancel | None = current_cancel()
        if cancel is not None and cancel.cancelled:
            raise Cancelled("The client went away: the answer was stopped.")
        if deadline <= time.monotonic():  # spent by an earlier call: no request is sent
            raise self._late()
        pump = StreamPump(lambda: self._texts(messages), deadline=deadline)
        if cancel is not None:
            cancel.watch(pump)
        markers = MarkerRuns() if collapse_markers else None
        accepted = 0
        try:
            while (piece := self._next(pump, deadline)) is not None:
                accepted += len(piece)
                if accepted > self.max_chars:
                    raise self._failed(f"its reply passed the {self.max_chars:,}-character "
                                       "limit and was cut")
                text = markers.feed(piece) if markers and piece else piece
                if text or not piece:  # the empty piece of a silence is passed on
                    yield text
            if markers and (tail := markers.flush()):
                yield tail
        finally:
            pump.stop()  # the reader is done, gave up or went away: the upstream is shut
            if cancel is not None:
                cancel.unwatch(pump)

    def stream_answer(self, question: str, hits: list[Hit],
                      deadline: float | None = None) -> Iterator[str]:
        messages = [
            SystemMessage(SYSTEM_PROMPT),
            HumanMessage(SOURCES_TEMPLATE.format(sources=format_sources(hits), question=question)),
        ]
        yield from self._call(messages, deadline, collapse_markers=True)

    def complete(self, system: str, prompt: str, deadline: float | None = None) -> str:
        """One whole reply (the judge's verdicts)."""
        return "".join(self._call([SystemMessage(system), HumanMessage(prompt)], deadline))

    def condense(self, question: str, history: list[tuple[str, str]],
                 deadline: float | None = None) -> str:
        turns = "\n".join(f"User: {q}\nAssistant: {a[:500]}" for q, a in
                          history[-_MAX_HISTORY_TURNS:])
        prompt = CONDENSE_PROMPT.format(history=turns, question=question)
        standalone = "".join(self._call([HumanMessage(prompt)], deadline)).strip()
        return standalone.splitlines()[0] if standalone else question


class LLMAnswerer:
    """The LLM's answer, streamed, then checked: markers naming no source are dropped and every
    sentence is checked against the abstracts it cites. Returns None (the caller falls back to
    the extractive answer) when the LLM fails or most of its answer is unbacked."""

    name: AnswererName = "llm"

    def __init__(self, client: LLMClient, encoder: QueryEncoder, judge: bool = False) -> None:
        self.client = client
        self.encoder = encoder
        self.judge = judge

    def stream(self, query: Query, hits: list[Hit], bank: SentenceBank) -> AnswerStream:
        if not hits:
            return None
        text = ""
        try:
            for delta in self.client.stream_answer(query.text, hits, query.deadline):
                text += delta
                yield TextDelta(text=delta)
            # The judge shares the question's deadline: past it, the extractive answer.
            answer = self.checked(query, text, hits, bank)
        except AnswererError as exc:
            yield NoticeEvent(message=FALLBACK_NOTICE.format(endpoint=self.client.endpoint,
                                                             reason=exc))
            return None
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
            notices += self._judged(checked, hits, bank, query.deadline)
        refused = _refuses(checked)  # its context checked like any claim
        if not refused and not citations.acceptable(checked):
            return None
        return Answer(question=query.text, text=cleaned, answerable=not refused,
                      citations=quotes, sources=hits, sentences=checked, answerer="llm",
                      notices=notices)

    def _judged(self, checked: list[AnswerSentence], hits: list[Hit], bank: SentenceBank,
                deadline: float | None = None) -> list[str]:
        """One extra call: the LLM judges every sentence against the cited evidence. It can
        only make a verdict stricter; a sentence it gives no verdict for is not counted as
        supported. If the call fails or nothing in the reply can be read, the rules decide;
        if the question's deadline passes, DeadlinePassed goes up (the extractive answer)."""
        cited = dict.fromkeys(m for s in checked for m in s.markers)
        evidence = [t for m in cited for t in bank.get(hits[m - 1].paper.id).texts]
        try:
            reply = self.client.complete(JUDGE_SYSTEM_PROMPT,
                                         format_judge_prompt([s.text for s in checked], evidence),
                                         deadline)
        except DeadlinePassed:
            raise
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
