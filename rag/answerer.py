"""The Answerer seam: the extractive answerer and the checked LLM answerer each stream events
and return the final Answer (its notices travel on it). `PaperQA` only picks, falls back and
streams."""

from __future__ import annotations

from collections.abc import Generator
from typing import Protocol

from paperwise.types import Answer, AnswererName, Hit, SentenceBank, StreamEvent
from rag.query import Query

AnswerStream = Generator[StreamEvent, None, Answer | None]


class Answerer(Protocol):
    name: AnswererName

    def stream(self, query: Query, hits: list[Hit], bank: SentenceBank) -> AnswerStream:
        """Yield TextDelta and NoticeEvent; return the Answer, or None when this answerer
        gives up (the caller then falls back, with the notices it was sent)."""
        ...
