"""A real OpenAI-compatible HTTP server with scripted replies, for tests and the verifier eval.

`FakeLLMServer` serves `GET /v1/models` and `POST /v1/chat/completions` (streamed as SSE
exactly like OpenAI, or as one `chat.completion`) on 127.0.0.1, from a background thread; it
stops when its `with` block ends, on `stop()`, or by itself after an idle timeout.

Replies come from a `Replayer`: question text -> `Reply`. A reply names its sources by PAPER
ID, so it holds whichever way the product numbers them: `[i]` in `Reply.text` stands for
`sources[i-1]`, and `{{p:PAPER_ID}}` for that paper directly. Both become the marker the paper
has in the prompt (found by its abstract text); a paper absent from the prompt gets a marker one
past the last source (dangling, which the product drops) and is recorded in `missing`.
"""

from __future__ import annotations

import itertools
import json
import logging
import re
import select
import socket
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from paperwise.text import MARKER_GROUP, normalize_text
from rag.prompts import CANNOT_ANSWER

log = logging.getLogger(__name__)

# A marker group ([1], [2, 3]) or a {{p:PAPER_ID}} placeholder.
_REWRITE = re.compile(MARKER_GROUP.pattern + r"|\{\{p:(?P<paper>[^}\s]+)\}\}")
_SOURCE_HEADER = re.compile(r"^\[(\d+)\] ", re.MULTILINE)
_QUESTION = "Question: "
# How often a waiting reply looks whether its client has gone (closed the connection).
_CLIENT_POLL_S = 0.05


@dataclass(frozen=True)
class Reply:
    """One scripted reply. `text` markers [i] stand for `sources[i-1]` (paper ids); the fault
    fields make the server misbehave: an HTTP error `status`, a `delay_s` before anything is
    sent, a `per_token_delay_s` between streamed chunks, or a `raw` (non-JSON) 200 body."""

    text: str = CANNOT_ANSWER
    sources: tuple[str, ...] = ()
    status: int | None = None
    delay_s: float = 0.0
    per_token_delay_s: float = 0.0
    raw: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "sources", tuple(self.sources))


@dataclass(frozen=True)
class RecordedRequest:
    """One request the server got; header names in lower case."""

    method: str
    path: str
    headers: dict[str, str]
    body: Any = None


def _key(question: str) -> str:
    return normalize_text(question).casefold()


def prompt_markers(prompt: str) -> list[tuple[int, str]]:
    """(marker, block text) of each source in a SOURCES_TEMPLATE prompt. Only headers numbered
    1, 2, 3... in order count, so an abstract quoting "[7] ..." cannot pose as a source."""
    body = prompt.rsplit(f"\n\n{_QUESTION}", 1)[0]
    blocks: list[tuple[int, int]] = []
    for match in _SOURCE_HEADER.finditer(body):
        if int(match.group(1)) == len(blocks) + 1:
            blocks.append((len(blocks) + 1, match.start()))
    ends = [start for _, start in blocks[1:]] + ([len(body)] if blocks else [])
    return [(n, body[start:end]) for (n, start), end in zip(blocks, ends, strict=True)]


def prompt_question(prompt: str) -> str:
    return prompt.rsplit(_QUESTION, 1)[1].strip() if _QUESTION in prompt else ""


class Replayer:
    """Question -> reply, rewritten for the prompt it answers. Thread-safe enough for a test
    server: replies may be swapped (`set`, `replies.update`) between requests."""

    def __init__(self, abstracts: Mapping[str, str],
                 replies: Mapping[str, Reply | str] | None = None,
                 default: str = CANNOT_ANSWER) -> None:
        self.abstracts = {pid: normalize_text(text) for pid, text in abstracts.items()}
        self.replies: dict[str, Reply] = {}
        self.default = Reply(text=default)
        self.missing: list[str] = []
        for question, reply in (replies or {}).items():
            self.set(question, reply)

    def set(self, question: str, reply: Reply | str) -> None:
        self.replies[_key(question)] = Reply(text=reply) if isinstance(reply, str) else reply

    def clear(self) -> None:
        self.replies.clear()
        self.missing.clear()

    def reply(self, messages: list[dict[str, Any]]) -> Reply:
        """The reply to a chat request, its text renumbered for the request's prompt."""
        users = [m for m in messages if m.get("role") == "user"]
        prompt = _content(users[-1]) if users else ""
        scripted = self.replies.get(_key(prompt_question(prompt)), self.default)
        return replace(scripted, text=self.render(scripted, prompt))

    def render(self, reply: Reply, prompt: str) -> str:
        blocks = prompt_markers(prompt)
        dangling = len(blocks) + 1

        def marker_of(paper_id: str | None) -> int:
            abstract = self.abstracts.get(paper_id or "")
            for n, block in blocks:
                if abstract and abstract in normalize_text(block):
                    return n
            self.missing.append(paper_id or "?")
            log.info("Paper %s is not among the prompt's sources: marker [%d]", paper_id,
                     dangling)
            return dangling

        def source(i: int) -> str | None:
            return reply.sources[i - 1] if 1 <= i <= len(reply.sources) else None

        def renumber(match: re.Match[str]) -> str:
            if match.group("paper"):
                return f"[{marker_of(match.group('paper'))}]"
            return re.sub(r"\d+", lambda n: str(marker_of(source(int(n.group())))),
                          match.group(0))

        return _REWRITE.sub(renumber, reply.text)


def _content(message: dict[str, Any]) -> str:
    content = message.get("content", "")
    if isinstance(content, list):  # content parts: [{"type": "text", "text": ...}]
        return "".join(p.get("text", "") for p in content if isinstance(p, dict))
    return str(content or "")


def pieces(text: str, words: int = 3) -> list[str]:
    """The text in pieces of a few words each; joined, they are exactly the text."""
    tokens = re.findall(r"\s*\S+\s*", text) or [text]
    return ["".join(tokens[i:i + words]) for i in range(0, len(tokens), words)]


def _route(path: str) -> str:
    """The path a request is routed by: no query string (a base URL may carry "?key=..."),
    no trailing slash."""
    return path.split("?", 1)[0].rstrip("/")


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        log.debug("fake LLM: " + format, *args)

    def do_GET(self) -> None:
        self.server.fake.record(self, None)
        if _route(self.path).endswith("/models"):
            model = {"id": self.server.fake.model, "object": "model", "created": 0,
                     "owned_by": "paperwise-fake"}
            self._json(200, {"object": "list", "data": [model]})
        else:
            self._error(404, "not found")

    def do_POST(self) -> None:
        fake = self.server.fake
        try:
            length = int(self.headers.get("Content-Length") or 0)
            body = json.loads(self.rfile.read(length) or b"{}")
        except ValueError:
            fake.record(self, None)
            return self._error(400, "the body is not JSON")
        fake.record(self, body)
        if not _route(self.path).endswith("/chat/completions"):
            return self._error(404, "not found")
        with fake.busy():
            try:
                self._chat(body)
            except (BrokenPipeError, ConnectionResetError):
                log.debug("fake LLM: the client went away")

    def _chat(self, body: dict[str, Any]) -> None:
        fake = self.server.fake
        reply = fake.replayer.reply(body.get("messages") or [])
        if reply.delay_s and self._wait(reply.delay_s):
            return
        if reply.status:
            return self._error(reply.status, f"scripted status {reply.status}")
        if reply.raw is not None:
            return self._send(200, reply.raw.encode(), "application/json")
        if body.get("stream"):
            return self._stream(reply, bool((body.get("stream_options") or {})
                                            .get("include_usage")))
        message = {"role": "assistant", "content": reply.text}
        self._json(200, fake.envelope("chat.completion", message=message,
                                      finish_reason="stop", usage=_usage(reply.text)))

    def _stream(self, reply: Reply, include_usage: bool) -> None:
        fake = self.server.fake
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        for chunk in fake.chunks(reply.text, include_usage):
            self.wfile.write(f"data: {json.dumps(chunk)}\n\n".encode())
            self.wfile.flush()
            if reply.per_token_delay_s and self._wait(reply.per_token_delay_s):
                return
        self.wfile.write(b"data: [DONE]\n\n")
        self.wfile.flush()

    def _wait(self, seconds: float) -> bool:
        """Sleep between pieces; True (stop replying) when the server stops or the client
        has closed the connection, which is then counted in `fake.disconnects`."""
        fake = self.server.fake
        until = time.monotonic() + seconds
        while (left := until - time.monotonic()) > 0:
            if fake.stopping.wait(min(left, _CLIENT_POLL_S)):
                return True
            if self._client_gone():
                fake.client_left()
                return True
        return False

    def _client_gone(self) -> bool:
        """Whether the client closed or reset its end (it sends nothing while it waits for
        the reply, so a readable socket means an end of stream or an error)."""
        connection: socket.socket = self.connection
        try:
            readable, _, _ = select.select([connection], [], [], 0)
            return bool(readable) and connection.recv(1, socket.MSG_PEEK) == b""
        except OSError:
            return True

    def _error(self, status: int, message: str) -> None:
        kinds = {401: "invalid_request_error", 429: "rate_limit_exceeded"}
        self._json(status, {"error": {"message": message, "type": kinds.get(status, "server"),
                                      "param": None, "code": str(status)}})

    def _json(self, status: int, payload: Any) -> None:
        self._send(status, json.dumps(payload).encode(), "application/json")

    def _send(self, status: int, data: bytes, content_type: str) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        if status == 429:
            self.send_header("Retry-After", "0")
        self.end_headers()
        self.wfile.write(data)


def _usage(text: str) -> dict[str, int]:
    tokens = len(text.split())
    return {"prompt_tokens": 0, "completion_tokens": tokens, "total_tokens": tokens}


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    fake: FakeLLMServer


class FakeLLMServer:
    """The fake OpenAI endpoint: `with FakeLLMServer(replayer) as server: ... server.url`."""

    def __init__(self, replayer: Replayer | None = None, *, model: str = "fake-llm",
                 words_per_chunk: int = 3, idle_timeout_s: float = 600.0) -> None:
        self.replayer = replayer or Replayer({})
        self.model = model
        self.words_per_chunk = words_per_chunk
        self.idle_timeout_s = idle_timeout_s
        self.requests: list[RecordedRequest] = []
        self.disconnects = 0  # replies whose client closed the connection while they waited
        self.stopping = threading.Event()
        self._ids = itertools.count(1)
        self._lock = threading.Lock()
        self._active = 0
        self._last = time.monotonic()
        self._http: _Server | None = None

    @property
    def port(self) -> int:
        assert self._http is not None, "the server is not started"
        return int(self._http.server_address[1])

    @property
    def url(self) -> str:
        """The base URL an OpenAI client takes (ends in /v1)."""
        return f"http://127.0.0.1:{self.port}/v1"

    @property
    def in_flight(self) -> int:
        """Requests being answered now (a stream counts until it ends or its client leaves)."""
        with self._lock:
            return self._active

    @property
    def running(self) -> bool:
        return self._http is not None and not self.stopping.is_set()

    def start(self) -> FakeLLMServer:
        self._http = _Server(("127.0.0.1", 0), _Handler)
        self._http.fake = self
        self._last = time.monotonic()
        threading.Thread(target=self._http.serve_forever, kwargs={"poll_interval": 0.1},
                         name="fake-llm", daemon=True).start()
        threading.Thread(target=self._watch_idle, name="fake-llm-idle", daemon=True).start()
        log.info("Fake LLM serving at %s", self.url)
        return self

    def stop(self) -> None:
        if self._http is None or self.stopping.is_set():
            return
        self.stopping.set()
        self._http.shutdown()
        self._http.server_close()

    def __enter__(self) -> FakeLLMServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _watch_idle(self) -> None:
        while not self.stopping.wait(min(1.0, self.idle_timeout_s / 4)):
            with self._lock:
                idle = self._active == 0 and (time.monotonic() - self._last
                                              > self.idle_timeout_s)
            if idle:
                log.warning("Fake LLM idle for %.0f s: stopping", self.idle_timeout_s)
                self.stop()

    def record(self, handler: BaseHTTPRequestHandler, body: Any) -> None:
        with self._lock:
            self._last = time.monotonic()
            headers = {k.lower(): v for k, v in handler.headers.items()}
            self.requests.append(RecordedRequest(handler.command, handler.path, headers, body))

    def client_left(self) -> None:
        with self._lock:
            self.disconnects += 1

    @contextmanager
    def busy(self) -> Iterator[None]:
        """Marks a request in flight, so a long stream does not count as idle time."""
        with self._lock:
            self._active += 1
        try:
            yield
        finally:
            with self._lock:
                self._active -= 1
                self._last = time.monotonic()

    def envelope(self, obj: str, **choice: Any) -> dict[str, Any]:
        usage = choice.pop("usage", None)
        payload = {"id": f"chatcmpl-fake-{next(self._ids)}", "object": obj,
                   "created": int(time.time()), "model": self.model,
                   "choices": [{"index": 0, "logprobs": None, **choice}]}
        return payload | ({"usage": usage} if usage else {})

    def chunks(self, text: str, include_usage: bool = False) -> Iterator[dict[str, Any]]:
        """The chat.completion.chunk objects of a streamed reply, as OpenAI sends them."""
        name = "chat.completion.chunk"
        yield self.envelope(name, delta={"role": "assistant", "content": ""},
                            finish_reason=None)
        for piece in pieces(text, self.words_per_chunk):
            if piece:
                yield self.envelope(name, delta={"content": piece}, finish_reason=None)
        yield self.envelope(name, delta={}, finish_reason="stop")
        if include_usage:
            yield {**self.envelope(name), "choices": [], "usage": _usage(text)}

