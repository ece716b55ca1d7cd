"""The LLM answerer against live OpenAI-compatible servers: a real one (llama.cpp serving
SmolLM2-135M) and small HTTP stubs that fail the way endpoints fail."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler

import pytest

from paperwise.settings import LLMSettings, RetrievalSettings
from paperwise.text import markers_in, split_sentences
from rag import CANNOT_ANSWER, FinalEvent, PaperQA, TextDelta
from rag.cues.verify import MIN_SUPPORTED_SHARE
from rag.prompts import CANNOT_ANSWER_BY_LANGUAGE, UNSUPPORTED_NOTICE
from tests.conftest import derive
from tests.servers import http_stub

SECRET = "sk-test-secret-do-not-print"


def _llm_qa(seed_qa: PaperQA, **settings: object) -> PaperQA:
    base = derive(seed_qa.settings, answerer="llm", **settings)
    return PaperQA(base, embedder=seed_qa.embedder, store=seed_qa.store)


@pytest.mark.slow
def test_real_llm_server_streams_and_only_valid_citations_survive(seed_qa: PaperQA,
                                                                   llama_server: str) -> None:
    qa = _llm_qa(seed_qa, openai_base_url=llama_server,
                 llm=LLMSettings(model="smollm2", max_tokens=96, timeout_s=120, max_retries=0),
                 retrieval=RetrievalSettings(k=2))
    events = list(qa.stream("What does FB-CPR regularize zero-shot RL towards?"))
    deltas = [e for e in events if isinstance(e, TextDelta)]
    assert len(deltas) > 3, "the LLM's tokens arrive as a stream"
    final = events[-1]
    assert isinstance(final, FinalEvent)
    answer = final.answer
    assert all(1 <= m <= len(answer.sources) for m in markers_in(answer.text))
    assert all(1 <= c.marker <= len(answer.sources) for c in answer.citations)
    for citation in answer.citations:  # quotes are the cited abstract's own sentences
        assert all(s in citation.paper.abstract for s in split_sentences(citation.quote))
    if answer.answerer == "extractive":  # SmolLM2 rarely backs its claims: the fallback fires
        assert UNSUPPORTED_NOTICE in answer.notices
        assert answer.citations[0].paper.title == "FB-CPR"
    elif not answer.answerable:  # the LLM refused, in the refusal's own words
        assert CANNOT_ANSWER.rstrip(".") in answer.text or any(
            r in answer.text for r in CANNOT_ANSWER_BY_LANGUAGE.values())
    else:  # kept: it was checked sentence by sentence, and enough of it is backed
        assert answer.sentences, "a kept LLM answer carries its sentence checks"
        backed = [s for s in answer.sentences if s.supported]
        assert len(backed) / len(answer.sentences) >= MIN_SUPPORTED_SHARE, answer.sentences
        assert any(s.markers for s in backed), "no sentence citing a source is backed"


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
    with http_stub(handler) as url:
        yield f"{url}/v1", handler


@pytest.mark.parametrize(("status", "reason", "calls"),
                         [(401, "401", 1), (429, "429", 3), (503, "HTTP 503", 3)])
def test_endpoint_errors_fall_back_with_bounded_retries_and_no_key(
        seed_qa: PaperQA, failing_endpoint: tuple[str, type[_Endpoint]], status: int,
        reason: str, calls: int) -> None:
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
    url, handler = failing_endpoint
    handler.delay_s = 3.0
    qa = _llm_qa(seed_qa, openai_base_url=url, llm=LLMSettings(max_retries=0, timeout_s=0.5))
    started = time.monotonic()
    answer = qa.ask("What does FB-CPR regularize towards?")
    assert time.monotonic() - started < 2.5
    assert answer.answerer == "extractive" and any("timed out" in n for n in answer.notices)
