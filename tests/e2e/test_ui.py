"""The service: HTTP API, gradio_client and a real headless Chromium against live servers on
127.0.0.1 (started and stopped by fixtures in tests/e2e/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import httpx
import pytest

from paperwise.settings import Settings
from rag import PaperQA
from tests.browser import ARTIFACTS, ask, open_chat
from tests.conftest import derive
from tests.servers import app_server


def test_api_ask_papers_health_and_openapi(live_url: str) -> None:
    health = httpx.get(f"{live_url}/healthz").json()
    assert health["status"] == "ok" and health["chunks"] > 94
    answer = httpx.post(f"{live_url}/api/ask", json={
        "question": "How many risk categories does AIR-BENCH 2024 have?"}, timeout=60).json()
    assert answer["answerable"] and "314" in answer["citations"][0]["quote"]
    assert answer["citations"][0]["paper"]["title"] == "AIR-BENCH 2024"
    assert answer["citations"][0]["marker"] == 1 and answer["timings"]["total_s"] > 0
    page = httpx.get(f"{live_url}/api/papers").json()
    papers = page["papers"]
    assert page["total"] == len(papers) == 94
    assert {"title", "source", "position", "abstract"} <= set(papers[0])
    spec = httpx.get(f"{live_url}/openapi.json").json()
    assert {"/api/ask", "/api/papers", "/healthz"} <= set(spec["paths"])


def test_api_rejects_an_empty_question_clearly(live_url: str) -> None:
    response = httpx.post(f"{live_url}/api/ask", json={"question": "  "})
    assert response.status_code == 422 and "empty" in response.json()["detail"]


def test_api_follow_up_uses_history(live_url: str) -> None:
    first = httpx.post(f"{live_url}/api/ask", json={"question": "What is FB-CPR?"},
                       timeout=60).json()
    follow = httpx.post(f"{live_url}/api/ask", json={
        "question": "What data does it train on?",
        "history": [["What is FB-CPR?", first["text"]]]}, timeout=60).json()
    assert follow["citations"][0]["paper"]["title"] == "FB-CPR"


@pytest.mark.slow
def test_gradio_client_can_call_the_chat(live_url: str) -> None:
    from gradio_client import Client

    client = Client(live_url + "/", verbose=False)
    messages, sources, status = client.predict(
        "What does POGEMA provide?", [], 5, "extractive", api_name="/ask")
    assert "POGEMA" in sources and "#pw-a1-source-1" in str(messages[-1]["content"])
    assert "Answered in" in status


@pytest.mark.slow
def test_login_protects_ui_and_api(seed_qa: PaperQA) -> None:
    qa = PaperQA(derive(seed_qa.settings, auth="ada:lovelace"), embedder=seed_qa.embedder,
                 store=seed_qa.store)
    with app_server(qa) as url:
        body = {"question": "What does POGEMA provide?"}
        assert httpx.post(f"{url}/api/ask", json=body).status_code == 401
        assert httpx.post(f"{url}/api/ask", json=body, auth=("ada", "wrong")).status_code == 401
        assert httpx.post(f"{url}/api/ask", json=body, auth=("ada", "lovelace"),
                          timeout=60).status_code == 200
        assert httpx.get(f"{url}/config").status_code == 401
        login = httpx.post(f"{url}/login", data={"username": "ada", "password": "lovelace"})
        assert login.status_code == 200


@pytest.mark.slow
def test_browser_chat_sources_follow_up_and_papers_tab(live_url: str, browser) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = open_chat(browser, live_url)
    ask(page, "How many risk categories does AIR-BENCH 2024 have?")
    page.wait_for_selector("#pw-sources mark", timeout=60_000)
    page.click("#pw-chat a[href='#pw-a1-source-1']")
    marked = " ".join(page.locator("#pw-a1-source-1 mark").all_inner_texts())
    assert "314" in marked
    assert "AIR-BENCH 2024" in page.inner_text("#pw-a1-source-1 h4")
    page.screenshot(path=str(ARTIFACTS / "chat.png"))

    ask(page, "How many prompts does it contain?")
    assert "5,694" in page.inner_text("#pw-chat")

    ask(page, "FB-CPR 是如何正则化零样本强化学习的？")  # CJK in, CJK out, no mojibake
    assert "以下论文与您的问题相关" in page.inner_text("#pw-chat")
    assert "FB-CPR 是如何正则化零样本强化学习的？" in page.inner_text("#pw-chat")

    page.get_by_role("tab", name="Papers").click()
    page.fill("#pw-paper-search textarea", "POGEMA")
    page.wait_for_function("document.querySelector('#pw-papers').innerText.includes('POGEMA')",
                           timeout=30_000)
    page.locator("#pw-papers").get_by_text("POGEMA", exact=True).filter(visible=True).first.click()
    page.wait_for_function("document.querySelector('#pw-paper').innerText.includes('POGEMA')",
                           timeout=30_000)
    page.click("#pw-ask-about")
    page.wait_for_function(
        "document.querySelector('#pw-chat').innerText.includes('What does POGEMA propose')",
        timeout=30_000)
    page.wait_for_function(
        "document.querySelector('#pw-sources').innerText.includes('POGEMA')", timeout=60_000)
    page.screenshot(path=str(ARTIFACTS / "papers-ask.png"))
    page.close()


@pytest.mark.slow
def test_abstract_html_is_shown_as_text_and_runs_nothing(
        settings_factory: Callable[..., Settings], open_qa: Callable[..., PaperQA], browser,
        tmp_path: Path) -> None:
    data = tmp_path / "papers"
    data.mkdir()
    (data / "xss.txt").write_text(
        "ICLR 2025 Papers\n\nWe introduce XSSNet <script>window.__pwned = 1</script> and "
        "<img src=x onerror=\"window.__pwned = 2\"> a network for robust image hashing under "
        "adversarial perturbations, with certified bounds.\n", encoding="utf-8")
    qa = open_qa(settings_factory(data_dir=data))
    qa.index()
    with app_server(qa) as url:
        page = open_chat(browser, url)
        ask(page, "How does XSSNet make image hashing robust? <b>bold</b>")
        page.wait_for_selector("#pw-sources .pw-card", timeout=60_000)
        page.wait_for_timeout(500)
        assert page.evaluate("window.__pwned") is None
        assert "<script>" in page.inner_text("#pw-sources")
        assert page.locator("#pw-sources img, #pw-chat img[src='x'], #pw-chat b").count() == 0
        page.close()
