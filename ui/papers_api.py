"""One paper over HTTP: `GET /api/papers/{id}` (metadata and abstract, JSON) and
`GET /api/papers/{id}.bib` (its BibTeX entry, for a reference manager):

    curl -u user:password http://127.0.0.1:7860/api/papers/p0123456789abcd.bib
"""

# No `from __future__ import annotations`: FastAPI reads these annotations at run time.

from fastapi import APIRouter, Depends, FastAPI, HTTPException, status
from fastapi.responses import PlainTextResponse

from paperwise.errors import StoreError
from paperwise.export import bibtex_key, paper_bibtex
from paperwise.types import Paper
from rag.api import PaperQA
from ui.api_common import include_first
from ui.auth import require_credentials

BIBTEX_TYPE = "application/x-bibtex; charset=utf-8"


def router(qa: PaperQA) -> APIRouter:
    """The routes over one PaperQA, behind PAPERWISE_AUTH when it is set."""
    api = APIRouter(prefix="/api/papers", tags=["papers"],
                    dependencies=[Depends(require_credentials(qa.settings))])

    def find(paper_id: str) -> Paper:
        try:
            paper = qa.paper(paper_id)
        except StoreError as exc:
            raise HTTPException(status.HTTP_503_SERVICE_UNAVAILABLE, str(exc)) from exc
        if paper is None:
            raise HTTPException(status.HTTP_404_NOT_FOUND, f"No paper has the id {paper_id!r}.")
        return paper

    # Declared first: "{paper_id}" alone would also match "p….bib".
    @api.get("/{paper_id}.bib", response_class=PlainTextResponse,
             responses={200: {"content": {"application/x-bibtex": {}}}})
    def paper_bib(paper_id: str) -> PlainTextResponse:
        paper = find(paper_id)
        return PlainTextResponse(paper_bibtex(paper), media_type=BIBTEX_TYPE, headers={
            "Content-Disposition": f'inline; filename="{bibtex_key(paper)}.bib"'})

    @api.get("/{paper_id}", response_model=Paper)
    def paper(paper_id: str) -> Paper:
        return find(paper_id)

    return api


def mount(app: FastAPI, qa: PaperQA) -> None:
    """Serve /api/papers/{id} and /api/papers/{id}.bib from `app`, ahead of the UI at "/"."""
    include_first(app, router(qa))
