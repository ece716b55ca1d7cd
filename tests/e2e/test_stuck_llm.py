"""A slow LLM cannot freeze the service (issue 18): the real app (API and UI) under uvicorn on
127.0.0.1, its LLM the fake OpenAI server (eval/fake_llm.py), which answers the question one
token every 10 s and sends nothing for a minute to anything else (condensing a follow-up), with
an 8 s deadline per question. A client that leaves (/api/ask, /v1 streamed or not, the UI's
chat through Gradio's queue) has its LLM stream shut within seconds, long before the deadline;
with 50 stuck or abandoned questions, /healthz, / and /api/papers answer in under a second and
/api/ask and /v1 still answer."""

from __future__ import annotations

import json
import socket
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import ExitStack, suppress

import httpx
import pytest

from eval.fake_llm import FakeLLMServer, Replayer, Reply
from paperwise.settings import LLMSettings
from rag import PaperQA
from tests.conftest import derive
from tests.servers import app_server, wait_until
from ui.filters import ALL_VENUES

QUESTION = "What does FB-CPR regularize zero-shot RL towards?"
FOLLOW_UP = "What data did it use?"
EARLIER = [{"role": role, "content": [{"type": "text", "text": text}]} for role, text in
           [("user", QUESTION), ("assistant", "Unlabeled behaviors [1].")]]
DEADLINE_S = 8.0
# Leaving to the upstream shut: the middleware and the pump take milliseconds; Gradio closes
# an answer at its next (empty) piece, within a second. Slack for a loaded machine.
SHUT_WITHIN_S = 3.0
CHAT = {"model": "paperwise", "messages": [{"role": "user", "content": QUESTION}]}


@pytest.fixture(scope="module")
def stuck(seed_qa: PaperQA) -> Iterator[tuple[FakeLLMServer, str]]:
    """The app whose LLM is stuck; the UI may answer 48 questions at once, more than the 40
    threads of the pool that / and /api/papers share."""
    slow = Reply("FB-CPR regularizes towards unlabeled behaviors. " * 20, per_token_delay_s=10)
    with FakeLLMServer(Replayer({}), idle_timeout_s=300) as fake:
        settings = derive(seed_qa.settings, answerer="llm", verify="rules",
                          openai_base_url=fake.url, openai_api_key="k",
                          llm=LLMSettings(timeout_s=DEADLINE_S, max_retries=0),
                          server={**seed_qa.settings.server.model_dump(), "concurrency": 48})
        qa = PaperQA(settings, embedder=seed_qa.embedder, store=seed_qa.store)
        qa.warm_up()  # the LLM client's imports, not in the first question's deadline
        fake.replayer.default = Reply(delay_s=60.0)
        fake.replayer.set(QUESTION, slow)
        with app_server(qa) as url:
            yield fake, url
        fake.replayer.clear()  # what is still open ends at once
        fake.replayer.default = Reply()


def _quiet(fake: FakeLLMServer) -> None:
    wait_until(lambda: fake.in_flight == 0, "no LLM stream left open", DEADLINE_S + 12)


class UIQuestion:
    """A question asked through the UI as the browser does (Gradio's queue: join, then read
    the event stream); `leave` closes the connection as a closed tab does."""

    def __init__(self, url: str, fn_index: int, follow_up: bool = False) -> None:
        self.session = uuid.uuid4().hex
        self.client = httpx.Client(base_url=url, timeout=30)
        asked = [FOLLOW_UP, EARLIER] if follow_up else [QUESTION, []]
        joined = self.client.post("/gradio_api/queue/join", json={
            "data": [*asked, 5, "llm", ALL_VENUES, "", ""], "fn_index": fn_index,
            "session_hash": self.session, "event_data": None, "trigger_id": None})
        assert joined.status_code == 200, joined.text
        self.events: list[str] = []
        self._thread = threading.Thread(target=self._read, daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            with self.client.stream("GET", "/gradio_api/queue/data",
                                    params={"session_hash": self.session}) as stream:
                for line in stream.iter_lines():
                    self.events.append(line)
        except httpx.HTTPError:
            pass  # closed by `leave`

    def leave(self) -> None:
        self.client.close()


def _ask_index(url: str) -> int:
    config = httpx.get(f"{url}/config", timeout=10).json()
    return next(d["id"] for d in config["dependencies"] if d.get("api_name") == "ask")


def _give_up(call: Callable[[], object]) -> threading.Thread:
    """`call` in a thread, which gives up (its client times out) and leaves."""
    def run() -> None:
        with suppress(httpx.TimeoutException):
            call()
    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def _api_leaving(url: str, route: str, after_s: float) -> Callable[[], object]:
    if route == "/api/ask":
        return lambda: httpx.post(f"{url}/api/ask", json={"question": QUESTION},
                                  timeout=after_s)

    def v1() -> None:
        body = {**CHAT, "stream": route == "/v1 stream"}
        with httpx.Client(timeout=after_s) as client, client.stream(
                "POST", f"{url}/v1/chat/completions", json=body) as response:
            for _ in response.iter_lines():  # the role chunk comes at once; then silence
                pass
    return v1


def _raw(url: str, route: str) -> socket.socket:
    """An API request sent on a socket of its own, left unread: closing it is leaving."""
    path, body = (("/api/ask", {"question": QUESTION}) if route == "/api/ask" else
                  ("/v1/chat/completions", {**CHAT, "stream": route == "/v1 stream"}))
    data = json.dumps(body).encode()
    address = httpx.URL(url)
    connection = socket.create_connection((address.host, address.port or 80), timeout=10)
    connection.sendall(f"POST {path} HTTP/1.1\r\nHost: {address.host}\r\nContent-Type: "
                       f"application/json\r\nContent-Length: {len(data)}\r\n\r\n".encode()
                       + data)
    return connection


@pytest.mark.parametrize("route", ["/api/ask", "/v1", "/v1 stream", "ui"])
def test_a_client_that_leaves_has_its_llm_stream_shut(stuck: tuple[FakeLLMServer, str],
                                                      route: str) -> None:
    fake, url = stuck
    _quiet(fake)
    left_before = fake.disconnects
    leave = UIQuestion(url, _ask_index(url)).leave if route == "ui" else _raw(url, route).close
    wait_until(lambda: fake.in_flight == 1, f"{route}: the LLM stream", DEADLINE_S / 2)
    leave()
    left = time.monotonic()
    wait_until(lambda: fake.in_flight == 0, f"{route}: the LLM stream shut", SHUT_WITHIN_S)
    took = time.monotonic() - left
    assert fake.disconnects == left_before + 1, "the LLM server saw its client close"
    assert took < SHUT_WITHIN_S, f"{route}: shut {took:.1f} s after the client left"


def _timed_get(url: str) -> float:
    started = time.monotonic()
    response = httpx.get(url, timeout=10)
    took = time.monotonic() - started
    assert response.status_code == 200, (url, response.status_code)
    return took


def _peak_in_flight(fake: FakeLLMServer, enough: int, within_s: float) -> int:
    """The most LLM requests open at once, watched until `enough` or `within_s` passes."""
    peak, until = 0, time.monotonic() + within_s
    while peak < enough and time.monotonic() < until:
        peak = max(peak, fake.in_flight)
        time.sleep(0.1)
    return peak


def test_fifty_stuck_questions_leave_the_service_answering(
        stuck: tuple[FakeLLMServer, str]) -> None:
    """44 UI follow-ups whose condensing call gets no reply (their browsers stay; a call that
    is not streamed holds its thread to the deadline) and 6 API clients that give up after
    1 s: pages, health and the paper list answer in under a second meanwhile, the API
    answers, and every LLM request is shut by the deadline."""
    fake, url = stuck
    _quiet(fake)
    fn_index = _ask_index(url)
    with ExitStack() as stack:
        for _ in range(44):
            stack.callback(UIQuestion(url, fn_index, follow_up=True).leave)
        leavers = [_give_up(_api_leaving(url, route, 1.0))
                   for route in ["/api/ask", "/v1", "/v1 stream"] * 2]
        # Gradio's queue runs 40 at once: every thread of the shared pool, if they drew on it
        # (they then starve Gradio's own work too, and fewer reach the LLM).
        stuck_now = _peak_in_flight(fake, 40, DEADLINE_S * 0.8)
        for thread in leavers:
            thread.join(5)
        took = {path: max(_timed_get(url + path) for _ in range(3))
                for path in ("/healthz", "/", "/api/papers")}
        assert all(t < 1.0 for t in took.values()), (took, stuck_now)
        assert stuck_now >= 40, f"only {stuck_now} LLM requests were stuck at once"
        started = time.monotonic()
        extractive = httpx.post(f"{url}/v1/chat/completions", timeout=30,
                                json={**CHAT, "model": "paperwise-extractive"})
        assert extractive.status_code == 200, extractive.text
        assert time.monotonic() - started < 5.0, "the API lane was held by clients that left"
        answer = httpx.post(f"{url}/api/ask", json={"question": QUESTION}, timeout=30)
        assert answer.status_code == 200 and answer.json()["answerer"] == "extractive"
        assert any(f"{DEADLINE_S:g} s deadline" in n for n in answer.json()["notices"])
    _quiet(fake)  # every stuck request was shut by its deadline, not waited out
