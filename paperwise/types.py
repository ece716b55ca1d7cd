"""Typed values that cross module borders: papers, hits, sentence banks, answers, events."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Literal
from urllib.parse import urlsplit

import numpy as np
from pydantic import BaseModel, ConfigDict, Field, computed_field, field_validator

from paperwise.text import normalize_text

AnswererName = Literal["extractive", "llm"]


def http_url(url: str | None) -> str | None:
    """The URL, stripped, when it is a plain http(s) link with a host; else None (`javascript:`,
    `data:`, `file:` and scheme-less text are never links)."""
    text = (url or "").strip()
    try:
        parts = urlsplit(text)
    except ValueError:
        return None
    return text if parts.scheme.lower() in ("http", "https") and parts.netloc else None


def paper_id_for(abstract: str) -> str:
    """A stable id from the abstract alone: moving or renaming files never changes it."""
    digest = hashlib.sha256(normalize_text(abstract).casefold().encode("utf-8")).hexdigest()
    return f"p{digest[:15]}"


class Paper(BaseModel):
    """One abstract, with where it came from."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="Content-derived id (see paper_id_for).")
    title: str = Field(description="Given title, else one derived from the abstract.")
    source: str = Field(description="File name the paper was read from.")
    position: int = Field(ge=1, description="1-based index of the paper in its file.")
    venue: str = Field("", description="Conference or journal, e.g. 'ICLR 2025'.")
    abstract: str = Field(description="The abstract text.")
    authors: list[str] = Field(default_factory=list, description="Authors, when given.")
    year: int | None = Field(None, description="Year, when given.")
    url: str | None = Field(None, description="Link, when given.")
    external_id: str | None = Field(None, description="The id the input file gave, if any.")

    @field_validator("url")
    @classmethod
    def _http_only(cls, value: str | None) -> str | None:
        # Loaders keep only http(s) links; a store written before they did may hold others,
        # and every Paper read from it passes here before an API or the UI shows it.
        return http_url(value)


@dataclass(frozen=True)
class PaperSentences:
    """One paper's sentences in abstract order, with one vector per sentence."""

    texts: list[str]
    vectors: np.ndarray

    def __len__(self) -> int:
        return len(self.texts)


@dataclass
class SentenceBank:
    """The sentences of the retrieved papers and their vectors, by paper id. `space` names the
    model that made the vectors: a question or claim must be embedded by the same one."""

    papers: dict[str, PaperSentences] = field(default_factory=dict)
    space: str = "minilm"

    def get(self, paper_id: str) -> PaperSentences:
        return self.papers.get(paper_id, PaperSentences([], np.zeros((0, 1), np.float32)))

    def __contains__(self, paper_id: object) -> bool:
        return paper_id in self.papers


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
    reason: str = Field("", description="Why the sentence is not backed, for the user.")
    evidence: str = Field("", description="The cited abstract sentence that backs it, if any.")


class Answer(BaseModel):
    """What `PaperQA.ask` returns."""

    question: str
    text: str = Field(description="The answer, with [n] citation markers.")
    answerable: bool = Field(description="False when the collection does not hold the answer.")
    citations: list[Citation] = Field(default_factory=list)
    sources: list[Hit] = Field(default_factory=list, description="Retrieved papers, in order.")
    sentences: list[AnswerSentence] = Field(default_factory=list)
    answerer: AnswererName = "extractive"
    notices: list[str] = Field(default_factory=list, description="Fallbacks, cuts, warnings.")
    timings: dict[str, float] = Field(default_factory=dict, description="Seconds per step.")
    config: dict[str, str] = Field(default_factory=dict,
                                   description="The settings that made this answer.")

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


class BuildSummary(BaseModel):
    """What an index run did: returned by `PaperQA.index`, printed by `paperwise index`, and
    sent as JSON by POST /api/index (with `line`, the same one-line summary)."""

    model_config = ConfigDict(extra="ignore")  # `line`, computed, comes back in the JSON

    papers: int = Field(0, description="Papers read from the files.")
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    removed: int = 0
    chunks: int = Field(0, description="Chunks in the index afterwards.")
    seconds: float = 0.0
    duplicates: int = Field(0, description="Duplicate abstracts, kept once.")
    skipped: list[str] = Field(default_factory=list,
                               description="Records or files skipped, each naming file:line.")
    multilingual_pending: int = Field(
        0, description="Papers whose multilingual vector is still to be written.")
    files: list[str] = Field(default_factory=list, description="Uploaded files, as saved.")

    @computed_field(  # type: ignore[prop-decorator]  # pydantic's documented way
        description="The summary in one line, as `paperwise index` prints it.")
    @property
    def line(self) -> str:
        return (f"{self.papers} papers: {self.added} added, {self.updated} updated, "
                f"{self.unchanged} unchanged, {self.removed} removed; {self.chunks} chunks in "
                f"the index; {self.seconds:.1f} s"
                + (f"; {self.duplicates} duplicate abstracts kept once" if self.duplicates else "")
                + (f"; {len(self.skipped)} records or files skipped" if self.skipped else "")
                + (f"; multilingual vectors still to add for {self.multilingual_pending}"
                   if self.multilingual_pending else ""))
