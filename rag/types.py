"""Typed values that cross the rag API: hits, citations, answers and stream events."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from index.papers import Paper


class Hit(BaseModel):
    """A retrieved paper: its best matching chunk and the fused score."""

    paper: Paper
    text: str = Field(description="The best matching chunk of the abstract.")
    score: float = Field(description="Fused retrieval score (higher is better).")
    dense_rank: int | None = Field(None, description="1-based rank in dense search, if found.")
    bm25_rank: int | None = Field(None, description="1-based rank in BM25 search, if found.")


class Citation(BaseModel):
    """A source an answer cites: marker [n], its paper and the sentence(s) that back it."""

    marker: int = Field(ge=1, description="The n of [n] in the answer text.")
    paper: Paper
    quote: str = Field(description="Abstract sentence(s) backing the cited claims.")


class AnswerSentence(BaseModel):
    """One sentence of the answer and whether its citations back it."""

    text: str
    markers: list[int] = Field(default_factory=list)
    supported: bool = Field(True, description="False: no cited abstract backs this sentence.")
    support: float = Field(0.0, description="Best similarity to a cited abstract sentence.")


class Answer(BaseModel):
    """What `PaperQA.ask` returns."""

    question: str
    text: str = Field(description="The answer, with [n] citation markers.")
    answerable: bool = Field(description="False when the collection does not hold the answer.")
    citations: list[Citation] = Field(default_factory=list)
    sources: list[Hit] = Field(default_factory=list, description="Retrieved papers, in order.")
    sentences: list[AnswerSentence] = Field(default_factory=list)
    answerer: Literal["extractive", "llm"] = "extractive"
    notices: list[str] = Field(default_factory=list, description="Fallbacks, cuts, warnings.")
    timings: dict[str, float] = Field(default_factory=dict, description="Seconds per step.")

    @property
    def unsupported(self) -> list[AnswerSentence]:
        return [s for s in self.sentences if not s.supported]


class TextDelta(BaseModel):
    kind: Literal["text"] = "text"
    text: str


class SourcesEvent(BaseModel):
    kind: Literal["sources"] = "sources"
    hits: list[Hit]


class NoticeEvent(BaseModel):
    kind: Literal["notice"] = "notice"
    message: str


class FinalEvent(BaseModel):
    kind: Literal["final"] = "final"
    answer: Answer


StreamEvent = TextDelta | SourcesEvent | NoticeEvent | FinalEvent
