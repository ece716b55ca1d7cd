"""Links on the way out, on a copy of the seed index standing for a store written before the
loaders kept only http(s) links: one paper's stored URL is `javascript:`. No API returns it and
the UI links nothing to it; the URLs inside abstracts (seed data) are real links in Chromium,
shown and followed without an escaping backslash."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from rag import PaperQA
from tests.browser import ask, open_chat
from tests.conftest import copy_index
from tests.servers import app_server

SPAR = "https://github.com/thu-coai/SPaR"  # in a seed abstract: "...available at <it>."
QUESTION = "Where is the code of SPaR available?"
PLANTED = "javascript:alert(document.cookie)"


@pytest.fixture(scope="module")
def old_store_url(seed_qa: PaperQA, tmp_path_factory: pytest.TempPathFactory,
                  open_qa: Callable[..., PaperQA]) -> Iterator[tuple[str, str]]:
    """The app on a seed index copy whose SPaR paper has a `javascript:` URL stored; yields
    (URL of the app, the paper's id)."""
    settings = copy_index(seed_qa.settings, tmp_path_factory.mktemp("old-store"))
    qa = open_qa(settings)
    spar = next(p for p in qa.papers() if SPAR in p.abstract)
    chunks = qa.store.chunks
    got = chunks.get(where={"paper_id": spar.id}, include=["metadatas"])
    chunks.update(ids=got["ids"], metadatas=[{**m, "url": PLANTED} for m in got["metadatas"]])
    assert chunks.get(where={"paper_id": spar.id}, include=["metadatas"])["metadatas"][0][
        "url"] == PLANTED
    with app_server(open_qa(settings)) as url:
        yield url, spar.id


def _urls(value: Any) -> list[str]:
    """Every "url" field anywhere in a JSON value."""
    if isinstance(value, dict):
        return [u for k, v in value.items()
                for u in ([v] if k == "url" and isinstance(v, str) else _urls(v))]
    if isinstance(value, list):
        return [u for v in value for u in _urls(v)]
    return []


def test_apis_never_return_a_stored_script_url(old_store_url: tuple[str, str]) -> None:
    url, paper_id = old_store_url
    paper = httpx.get(f"{url}/api/papers/{paper_id}").json()
    assert paper["id"] == paper_id and paper["url"] is None
    bodies = [httpx.get(f"{url}/api/papers", params={"limit": 1000}).json(),
              httpx.post(f"{url}/api/ask", json={"question": QUESTION}, timeout=60).json(),
              httpx.post(f"{url}/v1/chat/completions", timeout=60, json={
                  "model": "paperwise-extractive",
                  "messages": [{"role": "user", "content": QUESTION}]}).json()]
    assert paper_id in str(bodies[1])  # the paper is there, without its stored URL
    assert not [u for u in _urls(bodies) if not u.startswith(("http://", "https://"))]
    assert "javascript:" not in str(bodies) + httpx.get(
        f"{url}/api/papers/{paper_id}.bib").text


def test_urls_in_answers_and_abstracts_are_working_links(
        old_store_url: tuple[str, str], browser: Any, tmp_path: Path) -> None:
    url, _ = old_store_url
    page = open_chat(browser, url)
    ask(page, QUESTION)
    answer = page.locator("#pw-chat .pw-anchor").last.locator("xpath=..")
    assert SPAR in answer.inner_text() and "\\" not in answer.inner_text()
    links = page.eval_on_selector_all(
        "#pw-chat a[href^='http'], #pw-sources a[href^='http']",
        "els => els.map(e => [e.getAttribute('href'), e.textContent, e.target])")
    spar_links = [link for link in links if link[0] == SPAR]
    # In the answer, in its card in the chat and in the side panel: shown as the URL itself.
    assert len(spar_links) >= 3, links
    assert all(text == SPAR and target == "_blank" for _, text, target in spar_links)
    assert not [link for link in links if "\\" in link[0] + link[1] or "%5C" in link[0]]
    assert page.locator("a[href^='javascript:']").count() == 0
    page.context.close()
