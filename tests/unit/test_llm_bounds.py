"""The LLM client's bounds, with LangChain's fake chat models: one deadline for a whole reply
(a slow stream is cut, not waited out), a cap on characters accepted, runs of repeated markers
collapsed, the upstream closed when the reader stops, and endpoints named without secrets."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel
from langchain_core.outputs import ChatGenerationChunk

from paperwise.errors import AnswererError, PaperwiseError
from paperwise.logs import RedactURLs
from paperwise.settings import Settings
from paperwise.text import redact_url
from rag.llm import LLMClient, endpoint_name, make_chat_model
from rag.streaming import Cancel, Cancelled, MarkerRuns, cancelling


def _client(model: Any, **limits: Any) -> LLMClient:
    return LLMClient(model, "http://127.0.0.1:9/v1", **limits)


def test_a_slow_stream_is_cut_at_the_deadline_not_waited_out() -> None:
    model = FakeListChatModel(responses=["abcdefghij"], sleep=0.5)  # 5 s in all
    client = _client(model, deadline_s=1.2)
    got: list[str] = []
    started = time.monotonic()
    with pytest.raises(AnswererError, match=r"no complete reply within the 1.2 s deadline"):
        got.extend(client.stream_answer("q", []))
    assert 1.1 < time.monotonic() - started < 1.6
    assert 1 <= len("".join(got)) <= 3, got  # what came before the deadline was passed on


def test_the_deadline_covers_a_reply_that_never_starts() -> None:
    model = FakeListChatModel(responses=["late"], sleep=5.0)
    started = time.monotonic()
    with pytest.raises(AnswererError, match="deadline"):
        _client(model, deadline_s=0.5).complete("system", "prompt")
    assert time.monotonic() - started < 1.0


def test_a_reply_past_the_character_cap_is_cut() -> None:
    model = FakeListChatModel(responses=["x" * 5000])
    with pytest.raises(AnswererError, match="1,000-character limit"):
        "".join(_client(model, max_chars=1000).stream_answer("q", []))


class _Recording(FakeListChatModel):
    """Streams its response a character at a time and records how far it was read."""

    pulled: int = 0
    closed: bool = False

    def _stream(self, messages: Any, stop: Any = None, run_manager: Any = None,
                **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        try:
            for chunk in super()._stream(messages, stop, run_manager, **kwargs):
                self.pulled += 1
                yield chunk
        finally:
            self.closed = True


def test_closing_the_reader_closes_the_upstream_stream() -> None:
    model = _Recording(responses=["y" * 200], sleep=0.02)
    before = set(threading.enumerate())
    stream = _client(model).stream_answer("q", [])
    assert next(stream) == "y"
    stream.close()

    def reading() -> list[threading.Thread]:
        return [t for t in set(threading.enumerate()) - before if t.name == "llm-stream"]

    deadline = time.monotonic() + 2
    while (reading() or not model.closed) and time.monotonic() < deadline:
        time.sleep(0.02)
    assert model.closed and model.pulled < 20, model.pulled
    assert not reading(), "the thread reading the upstream is gone"


def test_a_cancelled_question_stops_its_stream_at_once() -> None:
    """The server sets the question's switch when its client leaves: the reader, blocked on a
    reply that sends a piece every 2 s, stops now, not at the next piece or the deadline."""
    model = _Recording(responses=["abcdef"], sleep=2.0)
    cancel = Cancel()
    threading.Timer(0.3, cancel.cancel).start()
    started = time.monotonic()
    with cancelling(cancel), pytest.raises(Cancelled, match="went away"):
        "".join(_client(model, deadline_s=30).stream_answer("q", []))
    assert time.monotonic() - started < 0.8
    assert not issubclass(Cancelled, AnswererError)  # no extractive answer for nobody
    assert issubclass(Cancelled, PaperwiseError)


def test_a_question_cancelled_before_its_call_sends_nothing() -> None:
    model = _Recording(responses=["never"])
    cancel = Cancel()
    cancel.cancel()
    with cancelling(cancel), pytest.raises(Cancelled):
        _client(model).complete("system", "prompt")
    assert model.pulled == 0


def test_a_silence_yields_an_empty_piece_so_the_reader_can_leave() -> None:
    """Gradio closes an answer whose client left only when the answer yields: a silent LLM
    must not keep the turn until its deadline."""
    model = FakeListChatModel(responses=["ab"], sleep=3.0)
    stream = _client(model, deadline_s=20).stream_answer("q", [])
    started = time.monotonic()
    assert next(stream) == ""
    assert time.monotonic() - started < 1.6
    stream.close()


@pytest.mark.parametrize(("pieces", "expected"), [
    (["[1][1][1][1][1]"], "[1]"),
    (["Alpha [1] [1]", " [", "1]. Beta [2][1][2][1", "] ok"], "Alpha [1]. Beta [2][1] ok"),
    (["x [1, 2][1, 2] [1, 2] y"], "x [1, 2] y"),
    (["Kept [1] and later [1] again [2][3]."], "Kept [1] and later [1] again [2][3]."),
    (list("It has 12 tasks [2][1], see [1, 2]."), "It has 12 tasks [2][1], see [1, 2]."),
    (["trailing [1] [1"], "trailing [1] [1"),  # an unfinished marker is flushed as it is
])
def test_runs_of_repeated_markers_collapse_across_pieces(pieces: list[str],
                                                         expected: str) -> None:
    runs = MarkerRuns()
    assert "".join(runs.feed(p) for p in pieces) + runs.flush() == expected


def test_an_answer_of_endless_markers_streams_as_one() -> None:
    model = FakeListChatModel(responses=["Routing [1]" + "[1]" * 600 + "."])
    assert "".join(_client(model).stream_answer("q", [])) == "Routing [1]."


def test_settings_limits_reach_the_client_through_make_chat_model() -> None:
    settings = Settings(_env_file=None, openai_base_url="http://127.0.0.1:9/v1",
                        llm={"timeout_s": 7.5, "max_chars": 1234})
    client = LLMClient(make_chat_model(settings), endpoint_name(settings))
    assert (client.deadline_s, client.max_chars) == (7.5, 1234)
    assert LLMClient.from_settings(FakeListChatModel(responses=["x"]), settings).max_chars == 1234


SECRET_URL = "http://user:s3cret-pw@llm.example:8080/v1?key=k3y-in-query#frag"


def test_endpoints_are_named_without_user_info_query_or_fragment() -> None:
    assert redact_url(SECRET_URL) == "http://llm.example:8080/v1"
    assert redact_url("https://a:b/c@host/v1") == "https://host/v1"  # unescaped / in a password
    assert redact_url("user:pw@chroma:8000") == "chroma:8000"
    assert redact_url("127.0.0.1") == "127.0.0.1"
    settings = Settings(_env_file=None, openai_base_url=SECRET_URL)
    assert endpoint_name(settings) == "http://llm.example:8080/v1"
    assert LLMClient(FakeListChatModel(responses=["x"]), SECRET_URL).endpoint == (
        "http://llm.example:8080/v1")


def test_client_log_lines_have_their_urls_redacted() -> None:
    record = logging.LogRecord("httpx", logging.INFO, __file__, 1, 'HTTP Request: POST %s "%s"',
                               (SECRET_URL, "HTTP/1.1 500"), None)
    assert RedactURLs().filter(record)
    message = record.getMessage()
    assert "s3cret" not in message and "k3y" not in message
    assert message == 'HTTP Request: POST http://llm.example:8080/v1 "HTTP/1.1 500"'
