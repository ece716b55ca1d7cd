"""The machine-facing APIs (/v1, /mcp, /api/papers/{id}) mounted on a small FastAPI app, served
by uvicorn in a thread on 127.0.0.1 for one `with` block: what `paperwise serve` adds to its
app, without the Gradio UI."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from tests.servers import free_port, wait_until

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
    import httpx
    import uvicorn

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(machine_app(qa), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True, name=f"api-{port}")
    thread.start()
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: httpx.get(f"{url}/healthz", timeout=2).status_code == 200,
                   "the API app under uvicorn", 60, thread.is_alive)
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10)
