"""Fair service under a small, bounded load (issue 16), on a real `paperwise serve`: 12 API
clients for 5 s against an API lane of 1 worker and 4 waiting places, with a browser user
asking through the UI (gradio_client, Gradio's queue) meanwhile. No request fails but with a
503 that carries Retry-After and comes at once; the UI is answered within seconds, not behind
the API's queue; memory settles back. And with the lane held by a 3 s LLM answer: /api/ask and
/v1 (streamed or not) get 503 at once while the UI answers. Throughput is not asserted (CI
machines are loaded): `paperwise bench --load-only` measures it."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Callable, Iterator

import httpx
import pytest

from eval.fake_llm import FakeLLMServer, Replayer, Reply
from eval.load import BrowserUser, load
from eval.servers import rss_mb
from rag import PaperQA
from tests.conftest import cli_env, copy_index
from tests.servers import paperwise_serve, wait_until

QUESTIONS = ["What does POGEMA provide?", "What does FB-CPR regularize zero-shot RL towards?",
             "Which paper studies long-range graph dependencies?"]


@pytest.fixture(scope="module")
def small_lane(seed_qa: PaperQA, tmp_path_factory: pytest.TempPathFactory
               ) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    folder = tmp_path_factory.mktemp("lanes")
    env = cli_env(copy_index(seed_qa.settings, folder), PAPERWISE_ANSWERER="extractive",
                  PAPERWISE_SERVER_API_WORKERS="1", PAPERWISE_SERVER_API_QUEUE_SIZE="4")
    with paperwise_serve(env, folder) as (process, url, _):
        yield process, url


def test_a_small_load_gets_answers_or_fast_503s_and_the_ui_is_not_kept_waiting(
        small_lane: tuple[subprocess.Popen[bytes], str]) -> None:
    process, url = small_lane
    warm = load(url, QUESTIONS, 1, 3.0)  # the warm-up thread's caches, then memory at rest
    assert warm.latencies and not warm.errors
    before = rss_mb(process.pid)
    user = BrowserUser(url, QUESTIONS[::-1], start_after_s=1.0)
    run = load(url, QUESTIONS, 12, 5.0, also=user)
    assert run.latencies, "some questions were answered"
    assert run.errors == 0 and run.busy_without_retry_after == 0, run
    assert run.busy > 0, "12 clients against 1 worker and 4 places: some were told to retry"
    assert max(run.busy_latencies) < 1.0, f"a 503 took {max(run.busy_latencies):.2f} s"
    assert user.latencies and user.errors == 0
    assert max(user.latencies) < 5.0, f"the UI waited {max(user.latencies):.1f} s"
    time.sleep(3)
    assert rss_mb(process.pid) < 1.2 * before, (before, rss_mb(process.pid))


@pytest.fixture(scope="module")
def busy_lane(seed_qa: PaperQA, tmp_path_factory: pytest.TempPathFactory
              ) -> Iterator[tuple[FakeLLMServer, str]]:
    """An API lane of 1 worker and no waiting place, whose LLM answers take 3 s."""
    folder = tmp_path_factory.mktemp("busy-lane")
    with FakeLLMServer(Replayer({}), idle_timeout_s=300) as fake:
        fake.replayer.default = Reply(delay_s=3.0)
        env = cli_env(copy_index(seed_qa.settings, folder), PAPERWISE_ANSWERER="llm",
                      PAPERWISE_VERIFY="rules", OPENAI_BASE_URL=fake.url, OPENAI_API_KEY="k",
                      PAPERWISE_SERVER_API_WORKERS="1", PAPERWISE_SERVER_API_QUEUE_SIZE="0")
        with paperwise_serve(env, folder) as (_, url, _):
            yield fake, url


def _timed(call: Callable[[], httpx.Response]) -> tuple[httpx.Response, float]:
    started = time.monotonic()
    response = call()
    return response, time.monotonic() - started


def test_a_full_lane_answers_503_at_once_on_every_api_and_the_ui_still_answers(
        busy_lane: tuple[FakeLLMServer, str]) -> None:
    fake, url = busy_lane
    user = BrowserUser(url, QUESTIONS)  # connected (and asked once) before the lane fills
    answered: list[httpx.Response] = []
    first = threading.Thread(target=lambda: answered.append(httpx.post(
        f"{url}/api/ask", json={"question": QUESTIONS[1]}, timeout=60)))
    first.start()
    wait_until(lambda: fake.in_flight == 1, "the first answer in the lane's worker", 30)
    chat = {"model": "paperwise", "messages": [{"role": "user", "content": QUESTIONS[0]}]}
    calls = {"/api/ask": lambda: httpx.post(f"{url}/api/ask", json={"question": QUESTIONS[0]}),
             "/v1": lambda: httpx.post(f"{url}/v1/chat/completions", json=chat),
             "/v1 stream": lambda: httpx.post(f"{url}/v1/chat/completions",
                                              json={**chat, "stream": True})}
    for name, call in calls.items():
        response, took = _timed(call)
        assert response.status_code == 503 and took < 1.0, (name, response.text, took)
        assert int(response.headers["retry-after"]) >= 1, name
    assert response.json()["error"]["code"] == "server_busy"  # OpenAI's error shape on /v1
    started = time.monotonic()
    user.client.predict(QUESTIONS[2], [], 5, "extractive", api_name="/ask")
    assert time.monotonic() - started < 3.0, "the UI waited behind the API's lane"
    assert fake.in_flight == 1, "the API's answer was still running meanwhile"
    first.join(30)
    assert answered and answered[0].status_code == 200
