"""The service: a FastAPI app with JSON endpoints under /api and the Gradio UI at /."""

# No `from __future__ import annotations`: FastAPI reads these annotations at run time.

import contextlib
import gc
import json
import logging
import math
import os
import threading
from collections.abc import Callable, Coroutine
from typing import Annotated, Any

import anyio
from fastapi import APIRouter, Depends, FastAPI, HTTPException, Query, Request, status
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.cors import CORSMiddleware
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from fastapi.security import HTTPAuthorizationCredentials
from fastapi.security.http import HTTPBase
from pydantic import BaseModel, Field, field_validator

from rag import (
    Answer,
    Filters,
    InputError,
    Paper,
    PaperQA,
    PaperwiseError,
    Settings,
    StoreError,
)
from ui import index_api
from ui.lanes import CancelOnDisconnect, Lane, LaneFull, lane_full
from ui.security import (
    AUTHENTICATED,
    Guard,
    LoginLimiter,
    basic_credentials,
    credentials,
    gradio_session_checker,
    login_matches,
    loopback_address,
)

log = logging.getLogger(__name__)
_MAX_K = 50
# Answers use the last few turns; more are dropped before they are validated or read.
_MAX_HISTORY_TURNS = 20


class AskRequest(BaseModel):
    question: str = Field(description="The question.")
    history: list[tuple[str, str]] = Field(
        default_factory=list, description="Earlier (question, answer) turns, oldest first; "
        f"only the last {_MAX_HISTORY_TURNS} are used.")
    k: int | None = Field(None, ge=1, le=_MAX_K, description="Papers to retrieve.")
    filters: Filters | None = Field(None, description="Venue, source, years, author.")

    @field_validator("history", mode="before")
    @classmethod
    def _recent_turns(cls, value: Any) -> Any:
        return value[-_MAX_HISTORY_TURNS:] if isinstance(value, list) else value

    @field_validator("k", mode="before")
    @classmethod
    def _finite_k(cls, value: Any) -> Any:
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"k must be a whole number from 1 to {_MAX_K}")
        return value


class Health(BaseModel):
    status: str
    chunks: int


class PapersPage(BaseModel):
    total: int = Field(description="Papers in the collection.")
    offset: int = Field(description="Index of this page's first paper.")
    limit: int = Field(description="Most papers per page.")
    next_offset: int | None = Field(description="`offset` of the next page; null on the last.")
    papers: list[Paper] = Field(description="This page's papers, by file and position.")


def _credentials(settings: Settings) -> tuple[str, str] | None:
    return credentials(settings)


# Documents HTTP Basic in /openapi.json; the header is decoded (as UTF-8) by ui.security.
_BASIC = HTTPBase(scheme="basic", auto_error=False)
_CHALLENGE = {"WWW-Authenticate": 'Basic realm="Paperwise", charset="UTF-8"'}


def _api_guard(credentials: tuple[str, str] | None) -> Any:
    """The API's login check. The Guard middleware has checked (and rate limited) it before
    the body was read; this holds for an app served without it."""
    def guard(request: Request,
              _: Annotated[HTTPAuthorizationCredentials | None, Depends(_BASIC)]) -> None:
        if credentials is None or request.scope.get(AUTHENTICATED):
            return
        given = basic_credentials(request.headers.get("authorization"))
        if not login_matches(given, credentials):
            raise HTTPException(status.HTTP_401_UNAUTHORIZED, "login required",
                                headers=_CHALLENGE)

    return guard


def _error_view(error: Any) -> dict[str, Any]:
    """A validation error without what cannot or should not be echoed: NaN and Infinity
    (invalid JSON out), and inputs larger than a short string."""
    view = {key: error[key] for key in ("type", "loc", "msg") if key in error}
    value = error.get("input")
    if isinstance(value, float) and not math.isfinite(value):
        view["input"] = str(value)
    elif value is None or isinstance(value, bool | int | float):
        view["input"] = value
    elif isinstance(value, str):
        view["input"] = value[:200]
    return view


async def _invalid_request(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    return JSONResponse(status_code=422,
                        content={"detail": [_error_view(e) for e in exc.errors()]})


class _PapersCache:
    """Every paper, read again only when the index changes (15k papers take seconds)."""

    def __init__(self, qa: PaperQA) -> None:
        self.qa = qa
        self._lock = threading.Lock()
        self._stamp: str | None = None
        self._papers: list[Paper] = []

    def get(self) -> list[Paper]:
        stamp = self.qa.store.stamp()
        with self._lock:
            if stamp != self._stamp:
                self._papers, self._stamp = self.qa.papers(), stamp
            return self._papers


class _JSONOffTheLoop(APIRoute):
    """Parses a JSON body in a worker thread (a 1 MB body of small lists takes tens of
    milliseconds), so the event loop, and /healthz with it, never waits on it. Starlette's
    Request keeps a parsed body in `_json`, where FastAPI then reads it."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def parse_then_handle(request: Request) -> Response:
            body = await request.body()
            # A body that does not parse is parsed again by FastAPI, which reports it.
            with contextlib.suppress(ValueError, RecursionError):
                if body:
                    request._json = await anyio.to_thread.run_sync(json.loads, body)
            return await handler(request)

        return parse_then_handle


def add_api_routes(app: FastAPI, qa: PaperQA, guard: Any, lane: Lane) -> None:
    """The HTTP API (/healthz, /api/...) on `app`, each route behind `guard` (a FastAPI
    dependency: the login check) and answers queued in `lane`; public so a bench can serve
    the API alone."""
    # /healthz has threads of its own: it answers while answers fill the shared pool.
    health_threads = anyio.CapacityLimiter(2)
    papers_cache = _PapersCache(qa)

    @app.get("/healthz", response_model=Health)
    async def healthz() -> Health:
        try:
            chunks = await anyio.to_thread.run_sync(qa.store.count, limiter=health_threads)
        except StoreError as exc:
            raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, str(exc)) from exc
        return Health(status="ok", chunks=chunks)

    asking = APIRouter(route_class=_JSONOffTheLoop)

    def answer(request: AskRequest) -> Answer:
        try:
            return qa.ask(request.question, request.history, k=request.k,
                          filters=request.filters)
        except InputError as exc:
            raise HTTPException(422, str(exc)) from exc
        except StoreError as exc:
            raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, str(exc)) from exc

    @asking.post("/api/ask", response_model=Answer, dependencies=[guard],
                 responses={503: {"description": "Busy (see Retry-After) or no store."}})
    async def ask(request: AskRequest) -> Answer:
        return await lane.run(answer, request)  # the API's lane (ui/lanes.py)

    app.include_router(asking)

    @app.get("/api/papers", response_model=PapersPage, dependencies=[guard])
    def papers(offset: Annotated[int, Query(ge=0, le=10**9, description="First paper.")] = 0,
               limit: Annotated[int, Query(ge=1, le=1000, description="Papers per page.")] = 100
               ) -> PapersPage:
        try:
            everything = papers_cache.get()
        except StoreError as exc:
            raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, str(exc)) from exc
        end = offset + limit
        return PapersPage(total=len(everything), offset=offset, limit=limit,
                          next_offset=end if end < len(everything) else None,
                          papers=everything[offset:end])


def _ui_login(login: tuple[str, str] | None) -> Any:
    """Gradio's login check: constant-time, any Unicode (Gradio strips the user name)."""
    if login is None:
        return None
    expected = (login[0].strip(), login[1])
    return lambda user, password: login_matches((user, password), expected)


def _guarded(app: FastAPI, settings: Settings, login: tuple[str, str] | None,
             owner_token: Callable[[dict[str, str]], bool]) -> FastAPI:
    """The middleware: no cross-origin access (a CORS policy of the app's own, so Gradio adds
    none of its own), and the Guard outermost: size, origin and login before any body. The
    local `paperwise index`, holding the index owner's token, needs no login."""
    app.add_middleware(CORSMiddleware, allow_origins=[])
    session = gradio_session_checker(app)
    app.add_middleware(Guard, max_body_bytes=settings.server.max_body_bytes, login=login,
                       limiter=LoginLimiter(settings.server.login_attempts_per_minute),
                       session_user=session, owner=owner_token,
                       max_upload_bytes=settings.server.max_upload_bytes,
                       loopback_only=loopback_address(settings.server.host))
    return app


def create_app(qa: PaperQA) -> FastAPI:
    """The API and the UI, sharing one PaperQA."""
    import gradio as gr

    from ui import mcp_server, openai_api, papers_api
    from ui.chat import CSS, THEME, build_ui

    login = credentials(qa.settings)
    app = FastAPI(title="Paperwise", description="Questions over paper abstracts, with "
                  "checked citations.", version="0.1.0")
    app.add_exception_handler(RequestValidationError, _invalid_request)
    app.add_exception_handler(LaneFull, lane_full)
    lane = Lane.of(qa.settings)  # the API's answers, apart from the UI's (ui/lanes.py)
    add_api_routes(app, qa, Depends(_api_guard(login)), lane)
    openai_api.mount(app, qa, lane)  # GET /v1/models, POST /v1/chat/completions
    papers_api.mount(app, qa)  # GET /api/papers/{id}, GET /api/papers/{id}.bib
    mcp_server.mount(app, qa, lane=lane)  # /mcp: MCP over streamable HTTP
    index_api.mount(app, qa)  # POST /api/index: add papers while serving
    ui = build_ui(qa)
    ui.queue(default_concurrency_limit=qa.settings.server.concurrency,
             max_size=qa.settings.server.queue_size)
    # The UI's events get threads of their own, apart from the shared pool that / and
    # /api/papers use, which stuck answers then cannot fill (Gradio keeps the shared pool
    # when max_threads is 40).
    ui.max_threads = max(41, qa.settings.server.concurrency + 16)
    # A client that leaves stops its answer: its LLM stream is shut, its lane place freed.
    app.add_middleware(CancelOnDisconnect, paths=("/api/ask", "/v1/chat/completions", "/mcp"))
    # Uploads (open when no login is set) go to Gradio's temporary folder: older ones are
    # deleted as often as they may be kept, and all of them when the server stops.
    keep_s = qa.settings.server.upload_keep_s
    ui.delete_cache = (keep_s, keep_s)
    app = gr.mount_gradio_app(app, ui, path="/", auth=_ui_login(login), css=CSS, theme=THEME,
                              footer_links=["api"], show_error=False, ssr_mode=False,
                              max_file_size=qa.settings.server.max_upload_bytes)
    return _guarded(app, qa.settings, login, index_api.guard_accepts(qa))


def _warm_up(qa: PaperQA) -> None:
    """Load what the first question needs, then add the multilingual vectors an index built
    with `--multilingual-later` lacks (the server owns its store: nobody else may write)."""
    try:
        qa.warm_up()
        qa.add_multilingual()
    except PaperwiseError as exc:  # the first request reports it to the user; log it here
        log.warning("Warm-up failed: %s", exc)


def serve(settings: Settings, host: str | None = None, port: int | None = None) -> None:
    """`paperwise serve`: build the app and run it until interrupted."""
    from index.chroma import wait_for_server
    from ui import serving

    host = host or settings.server.host
    port = port or settings.server.port
    # Bound first: a taken port is said at once, not after the models have loaded.
    sock = serving.bind_port(host, port)
    # Gradio reads this itself; set before it is imported so nothing phones home.
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    wait_for_server(settings, settings.server.store_wait_s)  # a `chroma run` still starting
    qa = PaperQA(settings)
    app = create_app(qa)
    # Everything loaded so far lives as long as the server: out of the garbage collector's
    # sight, each collection (e.g. while a request body is parsed) scans only new objects.
    gc.collect()
    gc.freeze()
    threading.Thread(target=_warm_up, args=(qa,), daemon=True, name="warm-up").start()
    index_api.register_owner(qa, host, port)  # an embedded index: `paperwise index` hands over
    serving.run(app, sock, str(qa.store.location))  # logs "Serving on …" once it listens
