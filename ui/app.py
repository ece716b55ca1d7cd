"""The service: a FastAPI app with JSON endpoints under /api and the Gradio UI at /."""

# No `from __future__ import annotations`: FastAPI reads these annotations at run time.

import logging
import os
import secrets
import threading
from typing import Annotated, Any

from fastapi import Depends, FastAPI, HTTPException, status
from fastapi.security import HTTPBasic, HTTPBasicCredentials
from pydantic import BaseModel, Field

from rag import Answer, InputError, Paper, PaperQA, PaperwiseError, Settings, StoreError

log = logging.getLogger(__name__)


class AskRequest(BaseModel):
    question: str = Field(description="The question.")
    history: list[tuple[str, str]] = Field(default_factory=list,
                                           description="Earlier (question, answer) turns.")
    k: int | None = Field(None, ge=1, le=50, description="Papers to retrieve.")


class Health(BaseModel):
    status: str
    chunks: int


def _credentials(settings: Settings) -> tuple[str, str] | None:
    if settings.auth is None:
        return None
    user, _, password = settings.auth.get_secret_value().partition(":")
    if not user or not password:
        raise PaperwiseError("PAPERWISE_AUTH must look like user:password.")
    return user, password


_BASIC = HTTPBasic(auto_error=False)


def _api_guard(credentials: tuple[str, str] | None) -> Any:
    def guard(given: Annotated[HTTPBasicCredentials | None, Depends(_BASIC)]) -> None:
        if credentials is None:
            return
        ok = given is not None and secrets.compare_digest(
            given.username.encode(), credentials[0].encode()) and secrets.compare_digest(
            given.password.encode(), credentials[1].encode())
        if not ok:
            raise HTTPException(status.HTTP_401_UNAUTHORIZED, "login required",
                                headers={"WWW-Authenticate": "Basic"})

    return guard


def create_app(qa: PaperQA) -> FastAPI:
    """The API and the UI, sharing one PaperQA."""
    import gradio as gr

    from ui.chat import CSS, build_ui

    credentials = _credentials(qa.settings)
    app = FastAPI(title="Paperwise", description="Questions over paper abstracts, with "
                  "checked citations.", version="0.1.0")
    guard = Depends(_api_guard(credentials))

    @app.get("/healthz", response_model=Health)
    def healthz() -> Health:
        try:
            return Health(status="ok", chunks=qa.store.count())
        except StoreError as exc:
            raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, str(exc)) from exc

    @app.post("/api/ask", response_model=Answer, dependencies=[guard])
    def ask(request: AskRequest) -> Answer:
        try:
            return qa.ask(request.question, request.history, k=request.k)
        except InputError as exc:
            raise HTTPException(422, str(exc)) from exc
        except StoreError as exc:
            raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, str(exc)) from exc

    @app.get("/api/papers", response_model=list[Paper], dependencies=[guard])
    def papers() -> list[Paper]:
        try:
            return qa.papers()
        except StoreError as exc:
            raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, str(exc)) from exc

    ui = build_ui(qa)
    ui.queue(default_concurrency_limit=qa.settings.server.concurrency,
             max_size=qa.settings.server.queue_size)
    return gr.mount_gradio_app(app, ui, path="/", auth=credentials, css=CSS,
                               footer_links=["api"], show_error=False, ssr_mode=False)


def _warm_up(qa: PaperQA) -> None:
    try:
        qa.warm_up()
    except PaperwiseError as exc:  # the first request reports it to the user; log it here
        log.warning("Warm-up failed: %s", exc)


def serve(settings: Settings, host: str | None = None, port: int | None = None) -> None:
    """`paperwise serve`: build the app and run it until interrupted."""
    import uvicorn

    # Gradio reads this itself; set before it is imported so nothing phones home.
    os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
    qa = PaperQA(settings)
    threading.Thread(target=_warm_up, args=(qa,), daemon=True, name="warm-up").start()
    host = host or settings.server.host
    port = port or settings.server.port
    log.warning("Paperwise serving on http://%s:%d (index: %s)", host, port, qa.store.location)
    uvicorn.run(create_app(qa), host=host, port=port, log_level="warning")
