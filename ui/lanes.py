"""The answer lane of the machine-facing APIs (/api/ask, /v1/chat/completions, MCP `ask`).

Answering is CPU work (ONNX embeddings, BM25, sentence checks) on a few cores. Run in the
shared thread pool (40 threads), 50 API clients made 40 answers contend for 2 cores and the
GIL: each slower, memory doubled, and the UI, whose Gradio events draw from the same pool,
waited 12-26 s behind them. The lane runs at most `workers` answers at once, in their own
threads, first come first served; at most `waiting` more wait their turn, and beyond that a
request gets 503 with Retry-After at once rather than a silent wait. The UI keeps Gradio's
queue, and threads of its own (ui/app.py): the shared pool serves the pages and plain routes.

A client that leaves gives its place back at once (`CancelOnDisconnect`): waiting, it leaves
the lane; answering, its LLM stream is shut and its worker freed, not held to the deadline.
"""

from __future__ import annotations

import logging
import math
import threading
import time
from collections.abc import Callable, Collection
from typing import Any, TypeVar

import anyio
from starlette.requests import Request
from starlette.responses import JSONResponse, StreamingResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from paperwise.settings import Settings
from rag import Cancel, Cancelled, cancelling

log = logging.getLogger(__name__)

T = TypeVar("T")
# The first Retry-After, before any answer has been timed (an extractive answer takes ~0.1 s).
_FIRST_SERVICE_S = 0.1
# Weight of the newest answer in the mean service time Retry-After is worked out from.
_SMOOTHING = 0.2


class LaneFull(Exception):
    """The lane's waiting room is full: tell the client to come back in `retry_after_s`."""

    def __init__(self, retry_after_s: int) -> None:
        super().__init__(f"The server is busy answering other questions; retry in "
                         f"{retry_after_s} s.")
        self.retry_after_s = retry_after_s


class Ticket:
    """One admitted request's place in the lane; `release` (idempotent) gives it back."""

    def __init__(self, lane: Lane) -> None:
        self.lane = lane
        self.released = False

    def release(self) -> None:
        if not self.released:
            self.released = True
            self.lane._leave(self)


class Lane:
    """`workers` answers at once, first come first served; `waiting` more may wait."""

    def __init__(self, name: str, workers: int, waiting: int) -> None:
        self.name = name
        self.workers = workers
        self.waiting = waiting
        self._slots = anyio.CapacityLimiter(workers)
        self._threads = anyio.CapacityLimiter(workers)
        self._service_s = _FIRST_SERVICE_S
        self._lock = threading.Lock()
        self.rejected = 0

    @classmethod
    def of(cls, settings: Settings) -> Lane:
        """The API's lane, sized by the server settings."""
        return cls("api", settings.server.api_workers, settings.server.api_queue_size)

    def retry_after_s(self) -> int:
        """Seconds until the queue ahead has likely drained: the mean answer time times the
        answers ahead, per worker; at least 1."""
        ahead = self._slots.statistics().tasks_waiting + self.workers
        return max(1, math.ceil(self._service_s * ahead / self.workers))

    async def enter(self) -> Ticket:
        """A place in the lane, once a worker is free; LaneFull at once when `waiting`
        requests already wait."""
        stats = self._slots.statistics()
        if stats.borrowed_tokens >= self.workers and stats.tasks_waiting >= self.waiting:
            self.rejected += 1
            raise LaneFull(self.retry_after_s())
        ticket = Ticket(self)
        await self._slots.acquire_on_behalf_of(ticket)
        return ticket

    def _leave(self, ticket: Ticket) -> None:
        self._slots.release_on_behalf_of(ticket)

    async def call(self, function: Callable[..., T], *args: Any) -> T:
        """`function(*args)` in one of the lane's threads (the caller holds a ticket), timed
        for Retry-After."""
        started = time.perf_counter()
        try:
            return await anyio.to_thread.run_sync(function, *args, limiter=self._threads)
        finally:
            took = time.perf_counter() - started
            with self._lock:
                self._service_s += _SMOOTHING * (took - self._service_s)

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """Enter, call, leave: a whole answer in the lane."""
        ticket = await self.enter()
        try:
            return await self.call(function, *args)
        finally:
            ticket.release()


class LaneStreamingResponse(StreamingResponse):
    """A streamed answer that keeps its ticket until the response is done, however it ends
    (sent, failed, or the client went away)."""

    def __init__(self, ticket: Ticket, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.ticket = ticket

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            await super().__call__(scope, receive, send)
        finally:
            self.ticket.release()


async def lane_full(request: Request, exc: Exception) -> JSONResponse:
    """The app's handler for LaneFull: 503 with Retry-After, sent at once."""
    assert isinstance(exc, LaneFull)
    return JSONResponse({"detail": str(exc)}, status_code=503,
                        headers={"Retry-After": str(exc.retry_after_s)})


class CancelOnDisconnect:
    """ASGI middleware for the answer routes (`paths`): when the client goes away before its
    answer is sent, the question's Cancel switch is set (its LLM stream is shut at once, see
    rag.streaming) and the request's work is cancelled (a request waiting in the lane leaves
    it). Without it nothing notices: FastAPI does not watch a client while its handler runs,
    and Starlette watches a streamed response but cannot stop the thread making its answer."""

    def __init__(self, app: ASGIApp, paths: Collection[str]) -> None:
        self.app = app
        self.paths = frozenset(paths)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["path"] not in self.paths:
            await self.app(scope, receive, send)
            return
        cancel = Cancel()
        body_read, gone = anyio.Event(), anyio.Event()
        finished = False

        async def relay() -> Message:
            """The app's receive: the body, then (the watcher owns the connection) the end."""
            if body_read.is_set():
                await gone.wait()
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] != "http.request" or not message.get("more_body", False):
                body_read.set()
            return message

        async def sending(message: Message) -> None:
            nonlocal finished
            if message["type"] == "http.response.body" and not message.get("more_body", False):
                finished = True
            await send(message)

        async def watch(work: anyio.CancelScope) -> None:
            await body_read.wait()
            while (await receive())["type"] != "http.disconnect":
                continue
            gone.set()
            if not finished:
                log.info("%s: the client went away; its answer is stopped", scope["path"])
                cancel.cancel()
                work.cancel()

        failed: Exception | None = None
        async with anyio.create_task_group() as group:
            group.start_soon(watch, group.cancel_scope)
            try:
                with cancelling(cancel):
                    await self.app(scope, relay, sending)
            except Cancelled:
                pass  # the client left, and with it anyone to tell
            except Exception as exc:  # raised outside the group, as without this middleware
                failed = exc
            group.cancel_scope.cancel()
        if failed is not None:
            raise failed
