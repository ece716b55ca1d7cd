"""Bounded LLM answers and no secrets in messages, against the fake OpenAI-compatible server
(eval/fake_llm.py) on 127.0.0.1: a stream sending a token every 10 s is cut at the deadline, its
connection shut then (not at the next token), an endless reply at the character cap, and with
a password, a query key and an API key planted in the endpoint settings, no failure path shows
any of them in a notice, an answer or a log line."""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator

import pytest

from eval.fake_llm import FakeLLMServer, Replayer, Reply
from paperwise.settings import LLMSettings
from rag import Answer, FinalEvent, NoticeEvent, PaperQA
from tests.conftest import derive
from tests.servers import wait_until

QUESTION = "What does FB-CPR regularize zero-shot RL towards?"
PASSWORD = "pw-planted-7f3a"
QUERY_KEY = "qk-planted-91c2"
API_KEY = "sk-planted-5d8e"


@pytest.fixture
def fake_llm() -> Iterator[FakeLLMServer]:
    with FakeLLMServer(Replayer({}), idle_timeout_s=120) as server:
        yield server


def _qa(seed_qa: PaperQA, base_url: str, **llm: float) -> PaperQA:
    settings = derive(seed_qa.settings, answerer="llm", openai_base_url=base_url,
                      openai_api_key=API_KEY, llm=LLMSettings(**llm))  # type: ignore[arg-type]
    return PaperQA(settings, embedder=seed_qa.embedder, store=seed_qa.store)


def _ask(qa: PaperQA) -> tuple[Answer, list[str]]:
    """The answer and every notice streamed on the way (the fallback's among them)."""
    notices: list[str] = []
    for event in qa.stream(QUESTION):
        if isinstance(event, NoticeEvent):
            notices.append(event.message)
        elif isinstance(event, FinalEvent):
            return event.answer, notices + event.answer.notices
    raise AssertionError("no final answer")


def _readers(before: set[threading.Thread]) -> list[threading.Thread]:
    return [t for t in set(threading.enumerate()) - before if t.name == "llm-stream"]


def test_a_token_every_10_s_is_cut_at_the_deadline(seed_qa: PaperQA,
                                                   fake_llm: FakeLLMServer) -> None:
    qa = _qa(seed_qa, fake_llm.url, timeout_s=3.0, max_retries=0)
    qa.ask(QUESTION)  # a quick reply first: the client is loaded, what is timed is the answer
    fake_llm.replayer.default = Reply("FB-CPR regularizes towards unlabeled behaviors. " * 5,
                                      per_token_delay_s=10.0)
    before = set(threading.enumerate())
    started = time.monotonic()
    answer, notices = _ask(qa)
    took = time.monotonic() - started
    assert took < 4.5, f"cut after {took:.1f} s; the deadline is 3 s"
    assert answer.answerer == "extractive" and answer.answerable
    assert any("3 s deadline" in n for n in notices), notices
    # The upstream connection is shut at the deadline: not at its next token (10 s later),
    # nor read to its end (~2 min). The fake server sees its client close.
    wait_until(lambda: not _readers(before) and fake_llm.in_flight == 0,
               "the upstream connection shut", 1.5)
    assert fake_llm.disconnects == 1


def test_an_endless_reply_is_cut_at_the_character_cap(seed_qa: PaperQA,
                                                      fake_llm: FakeLLMServer) -> None:
    fake_llm.replayer.default = Reply("lorem ipsum dolor sit amet " * 40_000)  # ~1 MB
    qa = _qa(seed_qa, fake_llm.url, max_chars=8000, max_retries=0)
    started = time.monotonic()
    answer, notices = _ask(qa)
    assert time.monotonic() - started < 5
    assert answer.answerer == "extractive" and len(answer.text) < 8000
    assert any("8,000-character limit" in n for n in notices), notices
    wait_until(lambda: fake_llm.in_flight == 0, "the fake server's stream ended", 5)


FAULTS = {
    "500": (Reply(status=500), {}),
    "401": (Reply(status=401), {}),
    "429": (Reply(status=429), {"max_retries": 1}),
    "hang": (Reply(delay_s=5.0), {"timeout_s": 0.5, "max_retries": 1}),
    "slow stream": (Reply("One token at a time. " * 20, per_token_delay_s=1.0),
                    {"timeout_s": 1.5}),
    "malformed": (Reply(raw="<html><body>Bad gateway</body></html>"), {}),
    "endless": (Reply("[1] " * 5000), {"max_chars": 2000}),
}


@pytest.mark.parametrize("fault", list(FAULTS))
def test_no_failure_path_shows_the_password_query_key_or_api_key(
        seed_qa: PaperQA, fake_llm: FakeLLMServer, fault: str,
        caplog: pytest.LogCaptureFixture) -> None:
    reply, llm = FAULTS[fault]
    fake_llm.replayer.default = reply
    url = fake_llm.url.replace("http://", f"http://planted-user:{PASSWORD}@")
    qa = _qa(seed_qa, f"{url}?key={QUERY_KEY}", **{"timeout_s": 5.0, "max_retries": 0, **llm})
    caplog.set_level(logging.DEBUG)
    answer, notices = _ask(qa)
    assert answer.answerer == "extractive", notices  # every fault falls back
    assert any(fake_llm.url in n for n in notices), notices  # the endpoint is named
    assert fake_llm.requests and QUERY_KEY in fake_llm.requests[-1].path  # the key was used
    # Everything a user or an operator sees. The fake server's own log is the endpoint's.
    shown = [*notices, answer.text, answer.model_dump_json()]
    shown += [f"{r.name}: {r.getMessage()} {r.exc_text or ''}" for r in caplog.records
              if not r.name.startswith("eval.fake_llm")]
    for secret in (PASSWORD, QUERY_KEY, API_KEY):
        leaks = [line for line in shown if secret in line]
        assert not leaks, f"{secret} shown: {leaks[:3]}"


FOLLOW_UP = "What data did it use?"
FIRST_TURN = (QUESTION, "FB-CPR regularizes zero-shot RL towards unlabeled behaviors [1].")


@pytest.mark.parametrize("hung", ["judge", "condense"])
def test_one_deadline_covers_every_llm_call_of_a_question(
        seed_qa: PaperQA, fake_llm: FakeLLMServer, hung: str) -> None:
    """The answer takes 2 s of a 3 s deadline, and the judge's call (or, for a follow-up, the
    condensing call before it) hangs: the whole answer is the extractive one, with a notice,
    at 3 s; with a deadline per call it would take 5 s."""
    question = QUESTION if hung == "judge" else FOLLOW_UP
    history = [] if hung == "judge" else [FIRST_TURN]
    qa = _qa(seed_qa, fake_llm.url, timeout_s=3.0, max_retries=0)
    fake_llm.replayer.default = Reply(delay_s=60.0)  # the judge and condense prompts
    fake_llm.replayer.set(question, Reply("FB-CPR regularizes towards unlabeled behaviors.",
                                          delay_s=2.0))
    started = time.monotonic()
    answer = qa.ask(question, history)
    took = time.monotonic() - started
    assert took < 4.2, f"answered after {took:.1f} s; the question's deadline is 3 s"
    assert answer.answerer == "extractive", answer.notices
    assert any("3 s deadline" in n and fake_llm.url in n for n in answer.notices), answer.notices
    chats = [r for r in fake_llm.requests if r.path.endswith("/chat/completions")]
    # judge: the answer, then the judge. condense: the condense call spent the time, so the
    # answer's call was never sent.
    assert len(chats) == (2 if hung == "judge" else 1), [r.body for r in chats]
