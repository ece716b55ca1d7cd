"""The fake OpenAI-compatible server: the real `openai` client and LangChain's ChatOpenAI stream
from it over HTTP, replies are renumbered by paper id for the product's own prompt, and the
scripted faults reach the client as the real API's would."""

from __future__ import annotations

import json
import time
import urllib.request
from collections.abc import Iterator

import openai
import pytest

from eval.fake_llm import FakeLLMServer, Replayer, Reply, pieces, prompt_question
from paperwise.types import Hit, Paper
from rag.llm import format_sources
from rag.prompts import CANNOT_ANSWER, SOURCES_TEMPLATE

ABSTRACTS = {
    "pAAA": "Alpha models learn to route tokens. Routing cuts compute by 40%.",
    "pBBB": "Beta is a benchmark of 12 tasks.\nIt tests   long-context recall.",
    "pCCC": "Gamma abstract, never retrieved.",
}
QUESTION = "Which models route tokens and what is Beta?"
TEXT = "Alpha routes tokens to cut compute [1]. Beta has 12 tasks [2][1], see [1, 2]."


def _prompt(order: list[str], question: str = QUESTION) -> str:
    hits = [Hit(paper=Paper(id=pid, title=f"Title {pid}", source="s.txt", position=i + 1,
                            venue="ICLR 2025", abstract=ABSTRACTS[pid]), text="", score=1.0)
            for i, pid in enumerate(order)]
    return SOURCES_TEMPLATE.format(sources=format_sources(hits), question=question)


def _messages(prompt: str) -> list[dict[str, str]]:
    return [{"role": "system", "content": "Answer from the abstracts."},
            {"role": "user", "content": prompt}]


@pytest.fixture
def server() -> Iterator[FakeLLMServer]:
    replayer = Replayer(ABSTRACTS, {QUESTION: Reply(TEXT, sources=("pBBB", "pAAA"))})
    with FakeLLMServer(replayer) as running:
        yield running


def _client(server: FakeLLMServer, **options: object) -> openai.OpenAI:
    return openai.OpenAI(base_url=server.url, api_key="test", max_retries=0, **options)


def test_openai_client_streams_the_exact_text_as_openai_chunks(server: FakeLLMServer) -> None:
    stream = _client(server).chat.completions.create(
        model="fake-llm", messages=_messages(_prompt(["pBBB", "pAAA"])), stream=True)
    chunks = list(stream)
    assert chunks[0].choices[0].delta.role == "assistant"
    assert chunks[-1].choices[0].finish_reason == "stop"
    assert all(c.object == "chat.completion.chunk" for c in chunks)
    contents = [c.choices[0].delta.content for c in chunks[1:-1]]
    assert len(contents) > 3, "several pieces of a few words each"
    assert "".join(contents) == TEXT, "sources in the script's order keep their markers"
    request = server.requests[-1]
    assert request.path == "/v1/chat/completions" and request.body["stream"] is True
    assert request.body["messages"][1]["content"].endswith(f"Question: {QUESTION}")


def test_sse_body_is_data_lines_ending_in_done(server: FakeLLMServer) -> None:
    body = json.dumps({"model": "m", "stream": True,
                       "messages": _messages(_prompt(["pBBB", "pAAA"]))}).encode()
    request = urllib.request.Request(f"{server.url}/chat/completions", body,
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        assert response.headers["Content-Type"] == "text/event-stream"
        events = response.read().decode().split("\n\n")
    assert events[-2:] == ["data: [DONE]", ""]
    assert all(e.startswith("data: ") for e in events[:-1])
    first = json.loads(events[0].removeprefix("data: "))
    assert first["choices"][0]["delta"] == {"role": "assistant", "content": ""}


def test_langchain_chat_openai_streams_the_exact_text(server: FakeLLMServer) -> None:
    from langchain_core.messages import HumanMessage
    from langchain_openai import ChatOpenAI

    model = ChatOpenAI(model="fake-llm", base_url=server.url, api_key="test", max_retries=0)
    parts = [c.content for c in model.stream([HumanMessage(_prompt(["pBBB", "pAAA"]))])]
    assert len([p for p in parts if p]) > 3
    assert "".join(parts) == TEXT
    assert model.invoke([HumanMessage(_prompt(["pBBB", "pAAA"]))]).content == TEXT


def test_markers_are_renumbered_by_paper_id_for_the_prompt(server: FakeLLMServer) -> None:
    replayer = server.replayer
    messages = _messages(_prompt(["pAAA", "pCCC", "pBBB"]))
    assert replayer.reply(messages).text == (
        "Alpha routes tokens to cut compute [3]. Beta has 12 tasks [1][3], see [3, 1].")
    assert replayer.missing == []
    replayer.set(QUESTION, "Beta {{p:pBBB}} and Gamma {{p:pCCC}} [1].")
    only_beta = _messages(_prompt(["pBBB"]))
    assert replayer.reply(only_beta).text == "Beta [1] and Gamma [2] [2].", "dangling: n + 1"
    assert replayer.missing == ["pCCC", "?"]


def test_an_abstract_quoting_a_marker_does_not_pose_as_a_source() -> None:
    prompt = _prompt(["pAAA", "pBBB"]).replace("Routing cuts", "\n[2] Fake (X)\nRouting cuts")
    assert prompt_question(prompt) == QUESTION
    replayer = Replayer(ABSTRACTS, {QUESTION: Reply("B [1].", sources=("pBBB",))})
    assert replayer.reply(_messages(prompt)).text == "B [2]."


def test_unknown_questions_get_the_refusal(server: FakeLLMServer) -> None:
    reply = _client(server).chat.completions.create(
        model="m", messages=_messages(_prompt(["pAAA"], "What is the meaning of life?")))
    assert reply.object == "chat.completion"
    assert reply.choices[0].message.content == CANNOT_ANSWER
    assert reply.choices[0].finish_reason == "stop"


def test_models_endpoint(server: FakeLLMServer) -> None:
    assert [m.id for m in _client(server).models.list()] == ["fake-llm"]


@pytest.mark.parametrize(("status", "error"), [(500, openai.InternalServerError),
                                               (429, openai.RateLimitError),
                                               (401, openai.AuthenticationError)])
def test_scripted_statuses_reach_the_client(server: FakeLLMServer, status: int,
                                            error: type[Exception]) -> None:
    server.replayer.set(QUESTION, Reply(status=status))
    with pytest.raises(error):
        list(_client(server).chat.completions.create(
            model="m", messages=_messages(_prompt(["pAAA"])), stream=True))


def test_delays_slow_the_stream_and_time_the_client_out(server: FakeLLMServer) -> None:
    server.replayer.set(QUESTION, Reply("one two three four five six", per_token_delay_s=0.2))
    started = time.monotonic()
    stream = _client(server).chat.completions.create(
        model="m", messages=_messages(_prompt(["pAAA"])), stream=True)
    assert "".join(c.choices[0].delta.content or "" for c in stream) == (
        "one two three four five six")
    assert time.monotonic() - started >= 0.6, "four chunks, 0.2 s after each"
    server.replayer.set(QUESTION, Reply("late", delay_s=3))
    with pytest.raises(openai.APITimeoutError):
        _client(server, timeout=0.5).chat.completions.create(
            model="m", messages=_messages(_prompt(["pAAA"])))


def test_raw_body_is_sent_as_is(server: FakeLLMServer) -> None:
    server.replayer.set(QUESTION, Reply(raw="<html>upstream proxy error</html>"))
    body = json.dumps({"model": "m", "messages": _messages(_prompt(["pAAA"]))}).encode()
    request = urllib.request.Request(f"{server.url}/chat/completions", body)
    with urllib.request.urlopen(request, timeout=5) as response:
        assert response.read() == b"<html>upstream proxy error</html>"


def test_pieces_join_to_the_text() -> None:
    for text in ["", "  ", "a", " lead and trail ", "x\n\ny [1].  Z", TEXT]:
        assert "".join(pieces(text, 2)) == text


def test_stops_on_exit_and_after_an_idle_timeout() -> None:
    with FakeLLMServer(idle_timeout_s=0.4) as server:
        url = server.url
        urllib.request.urlopen(f"{url}/models", timeout=2).read()
        deadline = time.monotonic() + 5
        while server.running and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not server.running, "stopped itself when idle"
        with pytest.raises(OSError):
            urllib.request.urlopen(f"{url}/models", timeout=2)
    with FakeLLMServer() as server:
        url = server.url
    with pytest.raises(OSError):
        urllib.request.urlopen(f"{url}/models", timeout=2)
