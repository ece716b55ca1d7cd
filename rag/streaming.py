"""Bounded reading of an LLM's streamed reply: a pump that reads the upstream stream in its own
thread (so the reader can give up at a deadline even while a read is blocked), a cancel switch
a server sets when its client goes away, HTTP hooks that let either shut the stream's socket at
once (a blocked read wakes, the LLM server sees the connection close), and a filter that
collapses runs of repeated citation markers ("[1][1][1]" → "[1]") as the text streams."""

from __future__ import annotations

import contextlib
import logging
import queue
import re
import socket
import threading
import time
from collections.abc import Callable, Iterator
from contextvars import ContextVar
from typing import Any, Literal

from paperwise.errors import PaperwiseError
from paperwise.text import MARKER_GROUP

log = logging.getLogger(__name__)

PumpItem = tuple[Literal["text", "end", "error", "cancelled"], str | Exception | None]
# Pieces read ahead of the reader; the pump waits (and can still be stopped) when it is full.
_READ_AHEAD = 256
_PUT_POLL_S = 0.2
# An HTTP request waits this much past its pump's deadline, so the reader, not a read timeout,
# says the deadline passed (and shuts the connection then).
_GRACE_S = 0.5
# httpcore trace events whose return value is a new connection's network stream.
_CONNECTED = ("connection.connect_tcp.complete", "connection.connect_unix_socket.complete",
              "connection.start_tls.complete")


class Cancelled(PaperwiseError):
    """Whoever asked went away: the question's LLM stream was closed and no answer is made."""


class Cancel:
    """One question's cancel switch. A server sets it (`cancel`) when the client that asked
    goes away; every LLM stream read under it (see `cancelling`) is closed at once, however
    slowly its server sends, and its reader raises Cancelled."""

    def __init__(self) -> None:
        self._set = threading.Event()
        self._lock = threading.Lock()
        self._pumps: set[StreamPump] = set()

    @property
    def cancelled(self) -> bool:
        return self._set.is_set()

    def cancel(self) -> None:
        with self._lock:
            self._set.set()
            pumps = list(self._pumps)
        for pump in pumps:
            pump.cancel()

    def watch(self, pump: StreamPump) -> None:
        with self._lock:
            self._pumps.add(pump)
            now = self._set.is_set()
        if now:
            pump.cancel()

    def unwatch(self, pump: StreamPump) -> None:
        with self._lock:
            self._pumps.discard(pump)


# The question's switch, set by the server around its work (copied into worker threads).
_CANCEL: ContextVar[Cancel | None] = ContextVar("paperwise_cancel", default=None)
# The pump whose thread makes the current HTTP request (each pump thread sets its own).
_PUMP: ContextVar[StreamPump | None] = ContextVar("paperwise_pump", default=None)


@contextlib.contextmanager
def cancelling(cancel: Cancel) -> Iterator[Cancel]:
    """LLM streams opened inside this block (or in threads started from it) obey `cancel`."""
    token = _CANCEL.set(cancel)
    try:
        yield cancel
    finally:
        _CANCEL.reset(token)


def current_cancel() -> Cancel | None:
    return _CANCEL.get()


class StreamPump:
    """Reads `open_stream()` in a daemon thread into a small queue. The reader waits with
    `get(timeout)`; `stop()` (the reader gave up, hit a limit, or went away) shuts the HTTP
    connections the thread holds (see `http_hooks`), so a blocked read ends now, and the thread
    closes the upstream stream instead of reading it to the end. `cancel()` also wakes a
    reader that is waiting. Its HTTP requests wait no longer than `deadline` (monotonic)."""

    def __init__(self, open_stream: Callable[[], Iterator[str]], name: str = "llm-stream",
                 deadline: float | None = None) -> None:
        self.deadline = deadline
        self._queue: queue.Queue[PumpItem] = queue.Queue(maxsize=_READ_AHEAD)
        self._stopped = threading.Event()
        self._cancelled = threading.Event()
        self._lock = threading.Lock()
        self._sockets: list[socket.socket] = []
        self._thread = threading.Thread(target=self._run, args=(open_stream,), daemon=True,
                                        name=name)
        self._thread.start()

    def _run(self, open_stream: Callable[[], Iterator[str]]) -> None:
        _PUMP.set(self)  # this thread's own context: the HTTP hooks find the pump here
        stream: Iterator[str] | None = None
        try:
            stream = open_stream()
            for text in stream:
                if not self._put(("text", text)):
                    return
            self._release()  # read whole: its connection goes back to the pool, unharmed
            self._put(("end", None))
        except Exception as exc:  # handed to the reader, which decides what it means
            self._put(("error", exc))
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()  # closes the HTTP response: the upstream stops sending

    def _put(self, item: PumpItem) -> bool:
        while not self._stopped.is_set():
            try:
                self._queue.put(item, timeout=_PUT_POLL_S)
                return True
            except queue.Full:
                continue
        return False

    def get(self, timeout: float) -> PumpItem:
        """The next item; raises queue.Empty when none came within `timeout` seconds."""
        if self._cancelled.is_set():
            return ("cancelled", None)
        item = self._queue.get(timeout=max(timeout, 0.0))
        return ("cancelled", None) if self._cancelled.is_set() else item

    def stop(self) -> None:
        self._stopped.set()
        self._shut()

    def cancel(self) -> None:
        self._cancelled.set()
        self.stop()
        with contextlib.suppress(queue.Full):  # a full queue wakes its reader anyway
            self._queue.put_nowait(("cancelled", None))

    def hold(self, connection: socket.socket) -> None:
        """A connection this pump's request uses: shut when the pump stops (at once if it has)."""
        with self._lock:
            self._sockets.append(connection)
        if self._stopped.is_set():
            self._shut()

    def _release(self) -> None:
        with self._lock:
            self._sockets.clear()

    def _shut(self) -> None:
        with self._lock:
            sockets, self._sockets = self._sockets, []
        for connection in sockets:
            # The plain socket's shutdown, even under TLS: it wakes a read blocked in another
            # thread (close() would not) and sends the server a FIN now.
            with contextlib.suppress(OSError):
                socket.socket.shutdown(connection, socket.SHUT_RDWR)

    @property
    def reading(self) -> bool:
        """Whether the thread still holds the upstream stream."""
        return self._thread.is_alive()


def _hold(network_stream: Any) -> None:
    pump = _PUMP.get()
    get_info = getattr(network_stream, "get_extra_info", None)
    connection = get_info("socket") if pump is not None and get_info is not None else None
    if pump is not None and isinstance(connection, socket.socket):
        pump.hold(connection)


def _trace(event: str, info: dict[str, Any]) -> None:
    if event in _CONNECTED:
        _hold(info.get("return_value"))


def _on_request(request: Any) -> None:
    pump = _PUMP.get()
    if pump is None:
        return
    request.extensions["trace"] = _trace  # a new connection is held from its connect on
    if pump.deadline is not None:
        # No wait past the deadline, even for a reply that has not begun on a reused
        # connection (which is held only once its headers come).
        left = max(pump.deadline - time.monotonic(), 0.0) + _GRACE_S
        timeouts = request.extensions.get("timeout") or dict.fromkeys(
            ("connect", "read", "write", "pool"))
        request.extensions["timeout"] = {name: left if value is None else min(value, left)
                                         for name, value in timeouts.items()}


def _on_response(response: Any) -> None:
    _hold(response.extensions.get("network_stream"))  # a reused (keep-alive) connection


def http_hooks() -> dict[str, list[Callable[[Any], None]]]:
    """httpx event hooks for the LLM's HTTP client: each connection a pump's request uses is
    handed to that pump, to shut when it stops."""
    return {"request": [_on_request], "response": [_on_response]}


_TOKEN = re.compile(MARKER_GROUP.pattern + r"|\s+|[^\[\s]+|\[")
# The end of a text that may be a marker still arriving: "[", "[1", "[1, 2".
_OPEN_MARKER = re.compile(r"\[[\d\s,;]{0,24}\Z")


def _marker_key(marker: str) -> tuple[int, ...]:
    return tuple(int(n) for n in re.findall(r"\d+", marker))


class MarkerRuns:
    """Collapses runs of repeated citation markers in streamed text: in a run of markers
    (separated by nothing or white space) a marker already in the run is dropped with the
    space before it: "[1][1] [1]" → "[1]", "[1][2][1][2]" → "[1][2]". Feed pieces as they
    come; only a marker that may still be arriving, or white space inside a run, is held back
    until the next piece (or `flush`)."""

    def __init__(self) -> None:
        self._held = ""
        self._run: set[tuple[int, ...]] = set()

    def feed(self, text: str) -> str:
        buffer, self._held = self._held + text, ""
        tail = _OPEN_MARKER.search(buffer)
        if tail is not None:
            buffer, self._held = buffer[: tail.start()], buffer[tail.start():]
        out: list[str] = []
        space = ""
        for match in _TOKEN.finditer(buffer):
            token = match.group()
            if match.group(1) is not None:  # a marker group
                key = _marker_key(token)
                if key not in self._run:
                    self._run.add(key)
                    out.append(space + token)
                space = ""
            elif token.isspace() and self._run:
                space += token
            else:
                self._run.clear()
                out.append(space + token)
                space = ""
        self._held = space + self._held
        return "".join(out)

    def flush(self) -> str:
        held, self._held = self._held, ""
        return held
