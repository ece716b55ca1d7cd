"""The chat as a researcher uses it, in a real Chromium against the real app: each answer keeps
its sources, typing survives a streamed LLM answer, markers work on a phone, copy and export
give clean text, LaTeX is cleaned, empty submits do nothing, the keyboard is enough. Saves the
screenshots docs/ shows (desktop, mobile, dark) under test-artifacts/."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from eval.fake_llm import FakeLLMServer, Replayer, Reply
from rag import PaperQA
from tests.browser import (
    ANSWERING,
    ARTIFACTS,
    MOBILE,
    QUESTION_BOX,
    answers,
    ask,
    in_viewport,
    open_chat,
    target_id,
)
from tests.conftest import derive
from tests.servers import app_server

pytestmark = pytest.mark.slow
AIR = "How many risk categories does AIR-BENCH 2024 have?"


def _flashed(page: Any, selector: str) -> bool:
    """The card is highlighted (outlined) once a marker takes the reader there."""
    style = page.evaluate("(s) => getComputedStyle(document.querySelector(s)).outlineStyle",
                          selector)
    return style not in ("none", "")


def test_first_answer_markers_still_open_its_own_sources_after_two_follow_ups(
        live_url: str, browser: Any) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page = open_chat(browser, live_url)
    ask(page, AIR)
    ask(page, "How many prompts does it contain?")
    ask(page, "What does POGEMA provide?")
    assert "Sources of answer 3" in page.inner_text("#pw-sources")
    assert "POGEMA" in page.inner_text("#pw-sources h4")

    page.locator("#pw-chat a[href='#pw-a1-source-1']").first.click()
    assert target_id(page) == "pw-a1-source-1"
    assert in_viewport(page, "#pw-a1-source-1 mark"), "the first answer's evidence is on screen"
    assert "AIR-BENCH 2024" in page.inner_text("#pw-a1-source-1 h4")
    assert "314" in " ".join(page.locator("#pw-a1-source-1 mark").all_inner_texts())
    assert _flashed(page, "#pw-a1-source-1")
    page.wait_for_timeout(1800)  # let the flash end before the picture
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "earlier-answer.png"))

    page.locator("#pw-chat a[href='#pw-a3-source-1']").first.click()
    assert target_id(page) == "pw-a3-source-1"
    assert "POGEMA" in page.inner_text("#pw-a3-source-1 h4")
    page.close()


def test_copy_and_export_give_plain_text_markdown_and_bibtex(live_url: str,
                                                             browser: Any) -> None:
    page = open_chat(browser, live_url, permissions=["clipboard-read", "clipboard-write"])
    ask(page, AIR)
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / "desktop.png"))
    page.click("#pw-a1-foot .pw-act-copy-text")
    page.wait_for_function("document.querySelector('#pw-a1-foot .pw-act-copy-text')"
                           ".textContent === 'Copied'", timeout=5_000)
    copied = page.evaluate("navigator.clipboard.readText()")
    assert "314 granular risk categories" in copied
    assert "\nReferences\n[1] AIR-BENCH 2024." in copied
    for markup in ("\\[", "\\.", "#pw-", "](", "<", "**"):
        assert markup not in copied, f"{markup!r} in the copied text"

    with page.expect_download() as download:
        page.click("#pw-a1-foot .pw-act-download-md")
    markdown = Path(download.value.path()).read_text(encoding="utf-8")
    assert download.value.suggested_filename == "answer-1.md"
    assert markdown.startswith(f"**Question:** {AIR}") and "**References**" in markdown
    with page.expect_download() as download:
        page.click("#pw-a1-foot .pw-act-download-bib")
    bibtex = Path(download.value.path()).read_text(encoding="utf-8")
    assert download.value.suggested_filename == "answer-1.bib"
    assert "title = {{AIR-BENCH} 2024}" in bibtex
    page.close()


@pytest.fixture(scope="module")
def slow_llm_url(seed_qa: PaperQA) -> Iterator[str]:
    """The app answering with an LLM whose tokens arrive 0.4 s apart (a fake OpenAI server)."""
    papers = seed_qa.papers()
    pogema = next(p for p in papers if p.title == "POGEMA")
    text = ("POGEMA is a set of tools for multi-agent pathfinding [1]. It includes a fast "
            "environment for learning, a problem instance generator and a benchmarking tool "
            "for automated evaluation [1].")
    replayer = Replayer({p.id: p.abstract for p in papers}, {
        "What does POGEMA provide?": Reply(text, sources=(pogema.id,), per_token_delay_s=0.4)})
    with FakeLLMServer(replayer) as fake:
        settings = derive(seed_qa.settings, answerer="llm", openai_base_url=fake.url,
                          verify="rules")
        qa = PaperQA(settings, embedder=seed_qa.embedder, store=seed_qa.store)
        with app_server(qa) as url:
            yield url


def test_text_typed_while_an_llm_answer_streams_survives(slow_llm_url: str,
                                                         browser: Any) -> None:
    page = open_chat(browser, slow_llm_url)
    box = page.locator(QUESTION_BOX)
    box.fill("What does POGEMA provide?")
    box.press("Enter")
    page.wait_for_function(ANSWERING, timeout=30_000)
    assert box.input_value() == "", "the box is cleared once, on submit"
    page.wait_for_function("document.querySelector('#pw-status').innerText"
                           ".includes('Writing the answer with')", timeout=30_000)
    box.press_sequentially("How is it evaluated", delay=60)
    box.press("Enter")  # sent mid-stream: ignored, and the text stays
    page.wait_for_timeout(600)
    assert page.evaluate(ANSWERING), "the answer was still streaming while we typed"
    box.press_sequentially("?", delay=60)
    page.wait_for_function(f"!({ANSWERING})", timeout=60_000)
    page.wait_for_timeout(800)
    assert box.input_value() == "How is it evaluated?"
    assert page.locator("#pw-chat [data-testid='user']").count() == 1
    assert "POGEMA" in page.inner_text("#pw-chat")
    page.close()


def test_on_a_phone_a_marker_opens_its_source_and_leads_back(live_url: str,
                                                            browser: Any) -> None:
    page = open_chat(browser, live_url, **MOBILE)
    ask(page, AIR)
    assert not page.locator("#pw-side").is_visible(), "no side panel 1,200 px down"
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / "mobile.png"))
    page.locator("#pw-chat a[href='#pw-a1-source-1']").first.tap()
    assert target_id(page) == "pw-a1-source-1"
    assert in_viewport(page, "#pw-a1-source-1 mark") and _flashed(page, "#pw-a1-source-1")
    assert "AIR-BENCH 2024" in page.inner_text("#pw-a1-source-1 h4")
    page.wait_for_timeout(1800)
    page.screenshot(path=str(ARTIFACTS / "mobile-source.png"))
    page.locator("#pw-a1-source-1 a.pw-back").tap()
    assert target_id(page) == "pw-a1" and in_viewport(page, "#pw-a1")
    page.close()


def test_latex_is_cleaned_in_abstracts_and_cards(live_url: str, browser: Any) -> None:
    page = open_chat(browser, live_url, color_scheme="dark")
    ask(page, "What speedup does PMPD achieve on Nvidia GPUs?")
    cards = page.evaluate("[...document.querySelectorAll('#pw-a1-foot .pw-card')]"
                          ".map(c => c.textContent).join(' ')")
    assert "12.2×" in cards and "$" not in cards and "\\times" not in cards
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / "dark.png"))

    page.get_by_role("tab", name="Papers").click()
    page.fill("#pw-paper-search textarea", "susceptible catastrophic forgetting")
    page.wait_for_function("document.querySelector('#pw-paper-count').innerText"
                           ".includes('match')", timeout=30_000)
    page.locator("#pw-papers").get_by_text("STAR", exact=True).filter(visible=True).first.click()
    page.wait_for_function("document.querySelector('#pw-paper h3')", timeout=30_000)
    view = page.inner_text("#pw-paper")
    assert "catastrophic forgetting" in view and "\\textit" not in view
    page.close()


def test_an_empty_submit_adds_no_bubble_and_the_intro_names_the_collection(
        live_url: str, browser: Any) -> None:
    page = open_chat(browser, live_url)
    page.wait_for_selector("#pw-chat .pw-intro", timeout=30_000)
    intro = page.inner_text("#pw-chat")
    assert "Ask 94 paper abstracts" in intro and "ICLR 2025 (94)" in intro
    assert "offline extractive" in intro and "OPENAI_BASE_URL" in intro
    submit = page.locator("#pw-question button.submit-button")
    assert submit.evaluate("b => getComputedStyle(b).pointerEvents") == "none"
    page.locator(QUESTION_BOX).press("Enter")
    page.locator(QUESTION_BOX).fill("   ")
    page.locator(QUESTION_BOX).press("Enter")
    page.wait_for_timeout(1500)
    assert page.locator("#pw-chat [data-testid='user'], #pw-chat [data-testid='bot']").count() == 0
    assert "Ask 94 paper abstracts" in page.inner_text("#pw-chat")

    page.get_by_text("What does POGEMA provide?", exact=True).click()  # an example chip sends
    page.wait_for_function(f"document.querySelectorAll('#pw-chat .pw-actions').length === 1 "
                           f"&& !({ANSWERING})", timeout=60_000)
    assert "POGEMA" in page.inner_text("#pw-sources")
    page.close()


def test_keyboard_alone_asks_checks_a_marker_and_uses_the_papers_tab(live_url: str,
                                                             browser: Any) -> None:
    page = open_chat(browser, live_url)
    _tab_to(page, "document.activeElement?.matches('#pw-question textarea')")
    page.keyboard.type("What does POGEMA provide (v1.0)?")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('#pw-chat .pw-actions').length === 1 "
                           f"&& !({ANSWERING})", timeout=60_000)
    assert answers(page) == 1
    _tab_to(page, "document.activeElement?.classList.contains('pw-marker')", "Shift+Tab")
    href = page.evaluate("document.activeElement.getAttribute('href')")
    assert href.startswith("#pw-a1-source-")
    page.keyboard.press("Enter")
    assert target_id(page) == href[1:] and in_viewport(page, href)
    label = page.get_attribute("#pw-chat [data-testid='user']", "aria-label") or ""
    assert label == "Question: What does POGEMA provide (v1.0)?", label
    bot = page.get_attribute("#pw-chat [data-testid='bot']", "aria-label") or ""
    assert bot.startswith("Answer: ") and "\\" not in bot and "#pw-" not in bot, bot

    # The Papers tab: its tab, the search box, a row (Enter reads it), "Ask about this paper"
    _tab_to(page, "document.activeElement?.getAttribute('role') === 'tab' && "
                  "document.activeElement.innerText.includes('Papers')", "Shift+Tab")
    page.keyboard.press("Enter")
    _tab_to(page, "document.activeElement?.matches('#pw-paper-search textarea')")
    page.keyboard.type("POGEMA")
    page.wait_for_function("document.querySelector('#pw-paper-count').innerText"
                           ".includes('1 of 94')", timeout=30_000)
    _tab_to(page, "!!document.activeElement?.closest('#pw-papers') && "
                  "document.activeElement.innerText.trim() === 'POGEMA'")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('#pw-paper h3')?.innerText === 'POGEMA'",
                           timeout=30_000)
    _tab_to(page, "document.activeElement?.id === 'pw-ask-about'")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('#pw-chat .pw-actions').length === 2",
                           timeout=60_000)
    page.close()


def _tab_to(page: Any, reached: str, key: str = "Tab", limit: int = 60) -> None:
    """Press Tab (or Shift+Tab) until the focused element satisfies `reached`."""
    for _ in range(limit):
        page.keyboard.press(key)
        if page.evaluate(reached):
            return
    raise AssertionError(f"{key} never reached: {reached}")
