"""Bounded reading of an LLM's streamed reply: a pump that reads the upstream stream in its own
thread (so the reader can give up at a deadline even while a read is blocked, and the upstream
is closed as soon as the reader stops), and a filter that collapses runs of repeated citation
markers ("[1][1][1]" → "[1]") as the text streams."""

from __future__ import annotations

import logging
import queue
import re
import threading
from collections.abc import Callable, Iterator
from typing import Literal

from paperwise.text import MARKER_GROUP

log = logging.getLogger(__name__)

PumpItem = tuple[Literal["text", "end", "error"], str | Exception | None]
# Pieces read ahead of the reader; the pump waits (and can still be stopped) when it is full.
_READ_AHEAD = 256
_PUT_POLL_S = 0.2


class StreamPump:
    """Reads `open_stream()` in a daemon thread into a small queue. The reader waits with
    `get(timeout)`; `stop()` (the reader gave up, hit a limit, or went away) makes the thread
    close the upstream stream at its next piece instead of reading it to the end."""

    def __init__(self, open_stream: Callable[[], Iterator[str]], name: str = "llm-stream") -> None:
        self._queue: queue.Queue[PumpItem] = queue.Queue(maxsize=_READ_AHEAD)
        self._stopped = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(open_stream,), daemon=True,
                                        name=name)
        self._thread.start()

    def _run(self, open_stream: Callable[[], Iterator[str]]) -> None:
        stream: Iterator[str] | None = None
        try:
            stream = open_stream()
            for text in stream:
                if not self._put(("text", text)):
                    return
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
        return self._queue.get(timeout=max(timeout, 0.0))

    def stop(self) -> None:
        self._stopped.set()

    @property
    def reading(self) -> bool:
        """Whether the thread still holds the upstream stream."""
        return self._thread.is_alive()


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
