"""Paperwise as an MCP server (the official MCP Python SDK's MCPServer, once FastMCP): tools
`search_papers`, `ask`, `get_paper` and `list_papers`, over stdio (`paperwise mcp`) or over
streamable HTTP at /mcp under `paperwise serve` (see `mount`).

MCP client config for stdio (Claude Desktop, Cursor…):
    {"mcpServers": {"paperwise": {"command": "paperwise", "args": ["mcp"]}}}
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import AsyncIterator, Callable
from typing import Annotated, Any

import anyio
from fastapi import FastAPI
from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.streamable_http_manager import StreamableHTTPASGIApp
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field
from starlette.routing import Route

from paperwise.errors import PaperwiseError
from paperwise.settings import Settings
from paperwise.types import Paper
from rag.api import PaperQA
from rag.filters import Filters
from ui.api_common import AnswerPayload, PaperRef, ScoredPaper
from ui.auth import RequireCredentials
from ui.lanes import Lane, LaneFull

log = logging.getLogger(__name__)

INSTRUCTIONS = (
    "Paperwise answers questions over a collection of scientific paper abstracts, citing them. "
    "Use `ask` for an answer with checked citations ([n] markers; sources[n-1] is paper n), "
    "`search_papers` to find papers, `get_paper` for one paper's abstract, `list_papers` to "
    "browse. Filters: venue and source (exact), year_min/year_max, author (part of a name).")
MAX_PAGE = 100
_READ_ONLY = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)


class Turn(BaseModel):
    """An earlier turn of the conversation."""

    question: str
    answer: str


class SearchResult(BaseModel):
    papers: list[ScoredPaper] = Field(description="Best match first.")
    notice: str | None = Field(None, description="Why the list is empty, when it is.")


class PaperPage(BaseModel):
    total: int = Field(description="Papers passing the filters.")
    offset: int
    papers: list[PaperRef]
    next_offset: int | None = Field(None, description="Offset of the next page, if any.")


class QAProvider:
    """Makes the PaperQA on first use (its models load in seconds, and an MCP client wants
    its tool list at once), once, whichever thread asks first."""

    def __init__(self, make: Callable[[], PaperQA]) -> None:
        self._make = make
        self._qa: PaperQA | None = None
        self._lock = threading.Lock()

    def __call__(self) -> PaperQA:
        with self._lock:
            if self._qa is None:
                self._qa = self._make()
            return self._qa


def _tool_errors(call: Callable[[], Any]) -> Any:
    """Paperwise's errors as tool errors the model can read (not crashes)."""
    try:
        return call()
    except PaperwiseError as exc:
        raise ToolError(str(exc)) from exc


def build_server(qa: PaperQA | Callable[[], PaperQA], lane: Lane | None = None) -> MCPServer:
    """The MCP server and its four tools over one PaperQA (or a provider of one); `ask`
    answers in `lane` when one is given (under `paperwise serve`)."""
    get = qa if callable(qa) and not isinstance(qa, PaperQA) else (lambda: qa)
    server: MCPServer = MCPServer("paperwise", instructions=INSTRUCTIONS, version="0.1.0",
                                  log_level="WARNING")

    @server.tool(annotations=_READ_ONLY)
    def search_papers(query: str, k: Annotated[int, Field(ge=1, le=50)] = 5,
                      filters: Filters | None = None) -> SearchResult:
        """Find the papers whose abstracts best match a query (hybrid dense + BM25 search)."""
        def run() -> SearchResult:
            qa_ = get()
            hits = qa_.retrieve(query, k=k, filters=filters)
            notice = None
            if not hits and filters is not None and filters.active and not qa_.papers(filters):
                notice = qa_.retriever.no_match_message(filters)
            return SearchResult(papers=[ScoredPaper.of_hit(n, h)
                                        for n, h in enumerate(hits, start=1)], notice=notice)
        return _tool_errors(run)

    @server.tool(annotations=_READ_ONLY)
    async def ask(question: str, history: list[Turn] | None = None,
                  filters: Filters | None = None,
                  k: Annotated[int | None, Field(ge=1, le=50)] = None) -> AnswerPayload:
        """Answer a question from the abstracts, with [n] citation markers and the quotes
        backing them. answerable is false when the papers do not hold the answer."""
        turns = [(t.question, t.answer) for t in history or []]

        def answer() -> AnswerPayload:
            return _tool_errors(lambda: AnswerPayload.of(
                get().ask(question, turns, k=k, filters=filters)))

        if lane is None:
            return await anyio.to_thread.run_sync(answer)
        try:
            return await lane.run(answer)  # the API's lane, shared with /api/ask and /v1
        except LaneFull as exc:
            raise ToolError(str(exc)) from exc

    @server.tool(annotations=_READ_ONLY)
    def get_paper(paper_id: str) -> Paper:
        """One paper's metadata and abstract, by the id search_papers or ask gave."""
        paper = _tool_errors(lambda: get().paper(paper_id))
        if paper is None:
            raise ToolError(f"No paper has the id {paper_id!r}.")
        return paper

    @server.tool(annotations=_READ_ONLY)
    def list_papers(filters: Filters | None = None, offset: Annotated[int, Field(ge=0)] = 0,
                    limit: Annotated[int, Field(ge=1, le=MAX_PAGE)] = 20) -> PaperPage:
        """The papers in the collection (by file and position), a page at a time."""
        papers = sorted(_tool_errors(lambda: get().papers(filters)),
                        key=lambda p: (p.source, p.position))
        page = papers[offset:offset + limit]
        more = offset + limit < len(papers)
        return PaperPage(total=len(papers), offset=offset, papers=[PaperRef.of(p) for p in page],
                         next_offset=offset + limit if more else None)

    return server


def run_stdio(settings: Settings) -> None:
    """`paperwise mcp`: serve the tools over stdin/stdout until the client closes them."""
    provider = QAProvider(lambda: PaperQA(settings))

    def warm_up() -> None:
        try:
            provider().warm_up()
        except PaperwiseError as exc:  # the first tool call reports it to the client
            log.warning("Warm-up failed: %s", exc)

    threading.Thread(target=warm_up, daemon=True, name="warm-up").start()
    build_server(provider).run("stdio")


def mount(app: FastAPI, qa: PaperQA, path: str = "/mcp", lane: Lane | None = None) -> MCPServer:
    """Serve the tools over streamable HTTP at `path` of `app` (stateless: any worker can
    answer any request), behind PAPERWISE_AUTH when set, and run its session manager in the
    app's lifespan. The route goes ahead of the UI mounted at "/"."""
    server = build_server(qa, lane or Lane.of(qa.settings))
    server.streamable_http_app(streamable_http_path=path, stateless_http=True,
                               json_response=True, host=qa.settings.server.host)
    endpoint = RequireCredentials(StreamableHTTPASGIApp(server.session_manager), qa.settings)
    app.router.routes.insert(0, Route(path, endpoint=endpoint))
    previous = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(application: Any) -> AsyncIterator[Any]:
        async with server.session_manager.run(), previous(application) as state:
            yield state

    app.router.lifespan_context = lifespan
    return server
