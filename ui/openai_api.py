"""An OpenAI-compatible endpoint: `GET /v1/models` and `POST /v1/chat/completions`, streaming
(server-sent `chat.completion.chunk`s ending with `data: [DONE]`) or not.

The last user message is the question and the earlier user/assistant turns are its history.
The reply's content is the answer with its [n] markers, notes, and a reference list; the
structured citations ride in an extra `paperwise` field (on the completion, or on the last
chunk of a stream) that OpenAI clients ignore. Filters and k go in an extra body field:

    client.chat.completions.create(model="paperwise", messages=[...],
        extra_body={"paperwise": {"filters": {"venue": "ICLR 2025", "year_min": 2024},
                                  "k": 5}})

A stream carries checked text only: an answer is checked against its sources once written,
so its content arrives when the check is done, in pieces, then the final chunk.
"""

# No `from __future__ import annotations`: FastAPI reads these annotations at run time.

import json
import logging
import re
import time
import uuid
from collections.abc import AsyncIterator, Iterable, Iterator
from itertools import chain
from typing import Any, Literal

from fastapi import APIRouter, Depends, FastAPI
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import JSONResponse, StreamingResponse
from pydantic import BaseModel, ConfigDict, Field

from paperwise.errors import InputError, PaperwiseError, StoreError
from paperwise.export import answer_text, strip_references
from paperwise.types import Answer, AnswererName, FinalEvent, StreamEvent
from rag.api import PaperQA
from rag.filters import Filters
from ui.api_common import AnswerPayload, include_first
from ui.auth import require_credentials
from ui.lanes import Lane, LaneFull, LaneStreamingResponse, Ticket

log = logging.getLogger(__name__)

MODELS: dict[str, AnswererName | None] = {"paperwise": None,
                                          "paperwise-extractive": "extractive"}
HISTORY_TURNS = 3
_PIECE = re.compile(r"[^\n]{1,100}(?:\s+|$)|\S+[^\S\n]*|\n+|\s+")


class ContentPart(BaseModel):
    model_config = ConfigDict(extra="allow")
    type: str
    text: str | None = None


class ChatMessage(BaseModel):
    model_config = ConfigDict(extra="allow")
    role: str
    content: str | list[ContentPart] | None = None

    def text(self) -> str:
        if isinstance(self.content, list):
            return " ".join(p.text or "" for p in self.content if p.type == "text")
        return self.content or ""


class PaperwiseOptions(BaseModel):
    """The extra `paperwise` body field."""

    model_config = ConfigDict(extra="forbid")
    filters: Filters | None = Field(None, description="Only papers passing these are searched.")
    k: int | None = Field(None, ge=1, le=50, description="Papers to retrieve.")


class StreamOptions(BaseModel):
    model_config = ConfigDict(extra="allow")
    include_usage: bool = False


class ChatRequest(BaseModel):
    """OpenAI's request; sampling options (temperature, max_tokens…) are accepted, unused."""

    model_config = ConfigDict(extra="allow")
    model: str
    messages: list[ChatMessage] = Field(min_length=1)
    stream: bool = False
    stream_options: StreamOptions | None = None
    paperwise: PaperwiseOptions | None = Field(
        None, description="Paperwise's options: filters (venue, source, year_min, year_max, "
        "author) and k. OpenAI clients send it with extra_body={'paperwise': {...}}.")


class Usage(BaseModel):
    """Token counts, approximated by words (Paperwise has no one tokenizer to count with)."""

    prompt_tokens: int
    completion_tokens: int
    total_tokens: int


class ModelCard(BaseModel):
    id: str
    object: Literal["model"] = "model"
    created: int = 0
    owned_by: str = "paperwise"


class ModelList(BaseModel):
    object: Literal["list"] = "list"
    data: list[ModelCard]


def conversation(messages: list[ChatMessage]) -> tuple[str, list[tuple[str, str]]]:
    """The question (the last user message) and the (question, answer) turns before it."""
    turns = [(m.role, m.text()) for m in messages if m.role in ("user", "assistant")]
    if not turns or turns[-1][0] != "user":
        raise InputError("The last message must be the user's question.")
    history, asked = [], None
    for role, text in turns[:-1]:
        if role == "user":
            asked = text
        elif asked is not None:
            history.append((asked, strip_references(text)))
            asked = None
    return turns[-1][1], history[-HISTORY_TURNS:]


def _words(text: str) -> int:
    return len(text.split())


def _usage(request: ChatRequest, content: str) -> Usage:
    prompt = sum(_words(m.text()) for m in request.messages)
    return Usage(prompt_tokens=prompt, completion_tokens=_words(content),
                 total_tokens=prompt + _words(content))


def completion(answer: Answer, request: ChatRequest) -> dict[str, Any]:
    """An OpenAI `chat.completion` object, with the extra `paperwise` field."""
    content = answer_text(answer)
    return {"id": f"chatcmpl-{uuid.uuid4().hex}", "object": "chat.completion",
            "created": int(time.time()), "model": request.model,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": content},
                         "finish_reason": "stop", "logprobs": None}],
            "usage": _usage(request, content).model_dump(),
            "paperwise": AnswerPayload.of(answer).model_dump(mode="json")}


def pieces(text: str) -> list[str]:
    """The content in stream-sized pieces (about a line or 100 characters each)."""
    return [p for p in _PIECE.findall(text) if p]


def _sse(payload: dict[str, Any] | str) -> str:
    data = payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)
    return f"data: {data}\n\n"


def _final(events: Iterable[StreamEvent]) -> Answer:
    return next(e.answer for e in events if isinstance(e, FinalEvent))


class _Chunks:
    """The chunks of one streamed completion (one id, one creation time)."""

    def __init__(self, request: ChatRequest) -> None:
        self.request = request
        self.head = {"id": f"chatcmpl-{uuid.uuid4().hex}", "object": "chat.completion.chunk",
                     "created": int(time.time()), "model": request.model}

    def chunk(self, delta: dict[str, Any], finish: str | None = None, **extra: Any) -> str:
        return _sse({**self.head, "choices": [{"index": 0, "delta": delta,
                                               "finish_reason": finish, "logprobs": None}],
                     **extra})

    def role(self) -> str:
        return self.chunk({"role": "assistant", "content": ""})

    def answer(self, answer: Answer) -> list[str]:
        """The checked content in pieces, a last chunk with finish_reason and the
        `paperwise` field, usage if asked, then [DONE]."""
        content = answer_text(answer)
        out = [self.chunk({"content": piece}) for piece in pieces(content)]
        out.append(self.chunk({}, "stop",
                              paperwise=AnswerPayload.of(answer).model_dump(mode="json")))
        if self.request.stream_options and self.request.stream_options.include_usage:
            out.append(_sse({**self.head, "choices": [],
                             "usage": _usage(self.request, content).model_dump()}))
        return [*out, _sse("[DONE]")]

    @staticmethod
    def error(message: str) -> list[str]:
        return [_sse({"error": {"message": message, "type": "server_error", "code": None}}),
                _sse("[DONE]")]


async def sse_stream(events: Iterable[StreamEvent], request: ChatRequest,
                     lane: Lane | None = None) -> AsyncIterator[str]:
    """The stream: a role chunk at once; the answer is made in one worker thread (not one
    thread hop per event; the lane's, when given), then its chunks follow."""
    chunks = _Chunks(request)
    yield chunks.role()
    try:
        answer = await (lane.call(_final, events) if lane else run_in_threadpool(_final, events))
    except PaperwiseError as exc:
        lines = chunks.error(str(exc))
    except Exception:  # after the headers are out, an error can only be told in the stream
        log.exception("streaming an answer failed")
        lines = chunks.error("Answering failed; see the server log.")
    else:
        lines = chunks.answer(answer)
    for line in lines:
        yield line


def _error(status: int, message: str, kind: str, code: str | None = None) -> JSONResponse:
    """An error in OpenAI's shape, which its clients read."""
    return JSONResponse({"error": {"message": message, "type": kind, "param": None,
                                   "code": code}}, status_code=status)


Started = tuple[StreamEvent, Iterator[StreamEvent]]


def _start(qa: PaperQA, request: ChatRequest) -> JSONResponse | Started:
    """The answer's first event and the rest to come, or the error response: bad input or a
    missing index fail here, before any byte is sent."""
    if request.model not in MODELS:
        return _error(404, f"The model '{request.model}' does not exist; use one of "
                      f"{', '.join(MODELS)}.", "invalid_request_error", "model_not_found")
    options = request.paperwise or PaperwiseOptions()
    try:
        question, history = conversation(request.messages)
        events = qa.stream(question, history, k=options.k, answerer=MODELS[request.model],
                           filters=options.filters)
        return next(events), events
    except InputError as exc:
        return _error(400, str(exc), "invalid_request_error")
    except StoreError as exc:
        return _error(503, str(exc), "server_error")
    except PaperwiseError as exc:
        return _error(500, str(exc), "server_error")


def _whole(started: Started, request: ChatRequest) -> JSONResponse:
    """The answer as one `chat.completion`."""
    try:
        answer = _final(chain([started[0]], started[1]))
    except PaperwiseError as exc:
        return _error(503 if isinstance(exc, StoreError) else 500, str(exc), "server_error")
    return JSONResponse(completion(answer, request))


def _busy(exc: LaneFull) -> JSONResponse:
    response = _error(503, str(exc), "server_error", "server_busy")
    response.headers["Retry-After"] = str(exc.retry_after_s)
    return response


def router(qa: PaperQA, lane: Lane) -> APIRouter:
    """The /v1 routes over one PaperQA, behind PAPERWISE_AUTH when it is set; answers go
    through `lane` (ui/lanes.py): when its waiting room is full, 503 with Retry-After."""
    api = APIRouter(prefix="/v1", tags=["OpenAI-compatible"],
                    dependencies=[Depends(require_credentials(qa.settings))])

    @api.get("/models", response_model=ModelList)
    def models() -> ModelList:
        return ModelList(data=[ModelCard(id=name) for name in MODELS])

    @api.post("/chat/completions", response_model=None)
    async def chat_completions(request: ChatRequest) -> JSONResponse | StreamingResponse:
        try:
            ticket: Ticket | None = await lane.enter()
        except LaneFull as exc:
            return _busy(exc)
        try:
            started = await lane.call(_start, qa, request)
            if isinstance(started, JSONResponse):
                return started
            if not request.stream:
                return await lane.call(_whole, started, request)
            held, ticket = ticket, None  # the response keeps it until the stream ends
            assert held is not None
            return LaneStreamingResponse(held, sse_stream(chain([started[0]], started[1]),
                                                          request, lane),
                                         media_type="text/event-stream",
                                         headers={"Cache-Control": "no-cache"})
        finally:
            if ticket is not None:
                ticket.release()

    return api


def mount(app: FastAPI, qa: PaperQA, lane: Lane | None = None) -> None:
    """Serve /v1 from `app`, ahead of the UI mounted at "/"; answers go through `lane` (one
    of its own, from the settings, when none is given)."""
    include_first(app, router(qa, lane or Lane.of(qa.settings)))
