"""What the machine-facing APIs (/v1, MCP, /api/papers/{id}) share: the values they return
and a way to add routes to an app that already serves the UI at "/"."""

from __future__ import annotations

from fastapi import APIRouter, FastAPI
from pydantic import BaseModel, Field

from paperwise.metadata import paper_year
from paperwise.types import Answer, Hit, Paper


class PaperRef(BaseModel):
    """A paper without its abstract."""

    id: str = Field(description="Paperwise's paper id (get_paper, /api/papers/{id}).")
    title: str
    authors: list[str] = Field(default_factory=list)
    venue: str = ""
    year: int | None = Field(None, description="Its year, else the one its venue names.")
    source: str = Field(description="File the paper was read from.")
    position: int = Field(description="1-based position in that file.")
    url: str | None = None

    @classmethod
    def of(cls, paper: Paper) -> PaperRef:
        return cls(id=paper.id, title=paper.title, authors=paper.authors, venue=paper.venue,
                   year=paper_year(paper), source=paper.source, position=paper.position,
                   url=paper.url)


class ScoredPaper(PaperRef):
    """A retrieved paper: the marker [n] an answer would cite it by, its score and snippet."""

    marker: int = Field(ge=1, description="n of [n]: its place in the retrieved list.")
    score: float = Field(description="Fused retrieval score (higher is better).")
    snippet: str = Field(description="The best matching part of the abstract.")

    @classmethod
    def of_hit(cls, marker: int, hit: Hit) -> ScoredPaper:
        return cls(**PaperRef.of(hit.paper).model_dump(), marker=marker, score=hit.score,
                   snippet=hit.text)


class CitedQuote(BaseModel):
    """One citation: the marker in the answer, the paper and the sentence(s) backing it."""

    marker: int
    paper_id: str
    title: str
    quote: str


class AnswerPayload(BaseModel):
    """An answer as the APIs return it: text with [n] markers and the structured citations."""

    answer: str = Field(description="The answer text with its [n] citation markers.")
    answerable: bool = Field(description="False: the papers do not hold the answer, or no "
                             "paper passed the filters (see notices).")
    citations: list[CitedQuote] = Field(default_factory=list)
    sources: list[ScoredPaper] = Field(default_factory=list,
                                       description="Retrieved papers; [n] is sources[n-1].")
    notices: list[str] = Field(default_factory=list)
    unsupported: list[str] = Field(default_factory=list,
                                   description="Answer sentences no cited abstract backs.")
    answerer: str = "extractive"

    @classmethod
    def of(cls, answer: Answer) -> AnswerPayload:
        return cls(
            answer=answer.text, answerable=answer.answerable,
            citations=[CitedQuote(marker=c.marker, paper_id=c.paper.id, title=c.paper.title,
                                  quote=c.quote) for c in answer.citations],
            sources=[ScoredPaper.of_hit(n, h) for n, h in enumerate(answer.sources, start=1)],
            notices=answer.notices, unsupported=[s.text for s in answer.unsupported],
            answerer=answer.answerer)


def include_first(app: FastAPI, router: APIRouter) -> None:
    """Include the router's routes ahead of those already there: the Gradio UI is mounted at
    "/" and would otherwise answer every path first."""
    before = list(app.router.routes)
    app.include_router(router)
    added = [r for r in app.router.routes if r not in before]
    app.router.routes[:] = added + before
