"""The machine-facing APIs (/v1, /mcp, /api/papers/{id}) mounted on a small FastAPI app, served
by uvicorn in a thread on 127.0.0.1 for one `with` block: what `paperwise serve` adds to its
app, without the Gradio UI."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from tests.servers import uvicorn_server

if TYPE_CHECKING:
    from fastapi import FastAPI

    from rag import PaperQA


def machine_app(qa: PaperQA) -> FastAPI:
    """The three mounts as ui/app.py makes them, plus /healthz to wait on."""
    from fastapi import FastAPI

    from ui import mcp_server, openai_api, papers_api

    app = FastAPI()
    app.add_api_route("/healthz", lambda: {"status": "ok"})
    openai_api.mount(app, qa)
    papers_api.mount(app, qa)
    mcp_server.mount(app, qa)
    return app


@contextmanager
def api_server(qa: PaperQA) -> Iterator[str]:
    """`machine_app(qa)` under uvicorn in a thread; yields its URL once /healthz answers."""
    with uvicorn_server(machine_app(qa), "the API app under uvicorn") as url:
        yield url
