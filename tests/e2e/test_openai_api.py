"""The OpenAI-compatible endpoint as OpenAI's own Python client and LangChain's ChatOpenAI use
it, against a running server (uvicorn on 127.0.0.1): models, answers with markers and a
reference list, streaming to [DONE], history, filters in the extra body, auth; and
/api/papers/{id}(.bib) beside it."""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import bibtexparser
import httpx
import openai
import pytest
from langchain_core.messages import AIMessage, HumanMessage
from langchain_openai import ChatOpenAI

from paperwise.settings import Settings
from rag import PaperQA
from tests.api_servers import api_server
from tests.conftest import cli_env, derive
from tests.servers import paperwise_serve

AIR = "How many risk categories does AIR-BENCH 2024 have?"


@pytest.fixture(scope="module")
def url(seed_qa: PaperQA) -> Iterator[str]:
    with api_server(seed_qa) as base:
        yield base


@pytest.fixture(scope="module")
def client(url: str) -> openai.OpenAI:
    return openai.OpenAI(base_url=f"{url}/v1", api_key="unused", max_retries=0, timeout=120)


def extra(obj: Any) -> dict[str, Any]:
    """The `paperwise` field OpenAI's models keep as an extra."""
    return obj.model_extra["paperwise"]


def test_models_are_one_per_answer_mode(client: openai.OpenAI) -> None:
    assert [m.id for m in client.models.list()] == ["paperwise", "paperwise-extractive"]


def test_answer_keeps_markers_ends_with_references_and_carries_citations(
        client: openai.OpenAI) -> None:
    completion = client.chat.completions.create(
        model="paperwise", messages=[{"role": "user", "content": AIR}])
    content = completion.choices[0].message.content or ""
    assert "314" in content and "[1]" in content and completion.choices[0].finish_reason == "stop"
    assert content.split("\n\nReferences:\n")[1].startswith("[1] AIR-BENCH 2024.")
    payload = extra(completion)
    assert payload["answerable"] and payload["citations"][0]["title"] == "AIR-BENCH 2024"
    assert payload["sources"][0]["marker"] == 1 and payload["citations"][0]["quote"]
    assert completion.usage and completion.usage.completion_tokens > 0


def test_stream_is_chunks_ending_with_done_and_adds_up_to_the_answer(
        client: openai.OpenAI, url: str) -> None:
    messages = [{"role": "user", "content": AIR}]
    whole = client.chat.completions.create(model="paperwise", messages=messages)
    chunks = list(client.chat.completions.create(
        model="paperwise", messages=messages, stream=True,
        stream_options={"include_usage": True}))
    assert {c.object for c in chunks} == {"chat.completion.chunk"}
    assert len({c.id for c in chunks}) == 1 and chunks[0].choices[0].delta.role == "assistant"
    text = "".join(c.choices[0].delta.content or "" for c in chunks if c.choices)
    assert text == whole.choices[0].message.content
    last = next(c for c in chunks if c.choices and c.choices[0].finish_reason == "stop")
    assert extra(last)["citations"][0]["title"] == "AIR-BENCH 2024"
    assert chunks[-1].choices == [] and chunks[-1].usage is not None
    raw = httpx.post(f"{url}/v1/chat/completions", timeout=120,
                     json={"model": "paperwise", "messages": messages, "stream": True})
    assert raw.headers["content-type"].startswith("text/event-stream")
    events = [line for line in raw.text.split("\n\n") if line]
    assert events[-1] == "data: [DONE]" and all(e.startswith("data: ") for e in events)


def test_langchain_chat_openai_invokes_and_streams(url: str) -> None:
    chat = ChatOpenAI(model="paperwise-extractive", base_url=f"{url}/v1", api_key="unused",
                      max_retries=0, timeout=120)
    reply = chat.invoke([HumanMessage("What does POGEMA provide?")])
    assert isinstance(reply, AIMessage) and "[1]" in str(reply.content)
    assert "References:\n[1] POGEMA." in str(reply.content)
    streamed = "".join(str(c.content) for c in chat.stream("What does POGEMA provide?"))
    assert streamed == reply.content
    narrowed = ChatOpenAI(model="paperwise", base_url=f"{url}/v1", api_key="unused",
                          max_retries=0, extra_body={"paperwise": {"filters": {
                              "venue": "NeurIPS 1999"}}})
    assert str(narrowed.invoke("What does POGEMA provide?").content).startswith(
        "No papers match these filters (venue 'NeurIPS 1999')")


def test_earlier_turns_are_the_history(client: openai.OpenAI) -> None:
    first = client.chat.completions.create(
        model="paperwise", messages=[{"role": "user", "content": "What does POGEMA provide?"}])
    follow = client.chat.completions.create(model="paperwise", messages=[
        {"role": "system", "content": "Answer briefly."},
        {"role": "user", "content": "What does POGEMA provide?"},
        {"role": "assistant", "content": first.choices[0].message.content},
        {"role": "user", "content": "What metrics does it use for evaluation?"}])
    titles = [s["title"] for s in extra(follow)["sources"]]
    assert "POGEMA" in titles[:2]


def test_filters_ride_in_the_extra_body(client: openai.OpenAI) -> None:
    def ask(filters: dict[str, Any]) -> Any:
        return client.chat.completions.create(
            model="paperwise-extractive", messages=[{"role": "user", "content": AIR}],
            extra_body={"paperwise": {"filters": filters, "k": 3}})

    kept = ask({"venue": "ICLR 2025", "year_min": 2025})
    assert extra(kept)["answerable"] and len(extra(kept)["sources"]) == 3
    none = ask({"year_max": 2020})
    assert not extra(none)["answerable"] and extra(none)["sources"] == []
    assert (none.choices[0].message.content or "").startswith("No papers match these filters")
    with pytest.raises(openai.UnprocessableEntityError):
        ask({"year_min": 2026, "year_max": 2024})
    with pytest.raises(openai.UnprocessableEntityError):
        ask({"venues": "ICLR"})


def test_errors_are_in_openai_s_shape(client: openai.OpenAI) -> None:
    with pytest.raises(openai.NotFoundError, match="does not exist"):
        client.chat.completions.create(model="gpt-4o", messages=[{"role": "user",
                                                                  "content": AIR}])
    with pytest.raises(openai.BadRequestError, match="last message"):
        client.chat.completions.create(model="paperwise", messages=[
            {"role": "user", "content": AIR}, {"role": "assistant", "content": "No."}])
    with pytest.raises(openai.BadRequestError, match="empty"):
        client.chat.completions.create(model="paperwise", messages=[{"role": "user",
                                                                     "content": "  "}])


def test_paper_json_and_bibtex(url: str, seed_qa: PaperQA) -> None:
    paper = next(p for p in seed_qa.papers() if p.title == "POGEMA")
    got = httpx.get(f"{url}/api/papers/{paper.id}")
    assert got.status_code == 200 and got.json() == paper.model_dump(mode="json")
    bib = httpx.get(f"{url}/api/papers/{paper.id}.bib")
    assert bib.status_code == 200 and bib.headers["content-type"].startswith(
        "application/x-bibtex")
    library = bibtexparser.parse_string(bib.text)
    assert not library.failed_blocks and library.entries[0].key == "pogema2025"
    assert library.entries[0].entry_type == "inproceedings"
    assert httpx.get(f"{url}/api/papers/pnothere.bib").status_code == 404


def _basic(user: str, password: str) -> dict[str, str]:
    return {"Authorization": "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()}


def test_with_paperwise_auth_every_route_wants_the_credentials(
        seed_settings: Settings, seed_qa: PaperQA) -> None:
    guarded = PaperQA(derive(seed_settings, auth="ann:s3cret"), store=seed_qa.store)
    with api_server(guarded) as base:
        with pytest.raises(openai.AuthenticationError):
            openai.OpenAI(base_url=f"{base}/v1", api_key="nope", max_retries=0).models.list()
        assert httpx.get(f"{base}/v1/models").status_code == 401
        client = openai.OpenAI(base_url=f"{base}/v1", api_key="s3cret", max_retries=0)
        assert len(client.models.list().data) == 2
        assert httpx.get(f"{base}/v1/models", headers=_basic("ann", "s3cret")).status_code == 200
        paper = seed_qa.papers()[0]
        assert httpx.get(f"{base}/api/papers/{paper.id}.bib").status_code == 401
        assert httpx.get(f"{base}/api/papers/{paper.id}.bib",
                         headers=_basic("ann", "s3cret")).status_code == 200
        bare = httpx.post(f"{base}/mcp", json={})
        assert bare.status_code == 401 and "Bearer" in bare.headers["www-authenticate"]


def test_paperwise_serve_serves_v1(seed_settings: Settings, seed_qa: PaperQA,
                                   tmp_path: Path) -> None:
    """Through the real `paperwise serve`, once ui/app.py mounts the router."""
    with paperwise_serve(cli_env(seed_settings), tmp_path) as (_, base, _):
        if httpx.get(f"{base}/v1/models", timeout=10).status_code == 404:
            pytest.skip("ui/app.py does not mount ui.openai_api yet (the lead mounts it)")
        client = openai.OpenAI(base_url=f"{base}/v1", api_key="unused", max_retries=0,
                               timeout=120)
        content = client.chat.completions.create(
            model="paperwise", messages=[{"role": "user", "content": AIR}]
        ).choices[0].message.content or ""
        assert "314" in content and "\nReferences:\n[1]" in content
