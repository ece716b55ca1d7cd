"""The chat's filter row in a real Chromium against the real app on the seed index (94 ICLR
2025 abstracts): a filter that leaves no paper gets PaperQA's "no papers match" answer, the
venue filter answers as usual and says it was used, a bad year is named in the chat; the row
fits a phone; gradio_client callers can pass the filters or leave them out."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser import ANSWERING, ARTIFACTS, MOBILE, answers, ask, open_chat

pytestmark = pytest.mark.slow
AIR = "How many risk categories does AIR-BENCH 2024 have?"
YEAR = "#pw-filter-year input, #pw-filter-year textarea"
AUTHOR = "#pw-filter-author input, #pw-filter-author textarea"
VENUE = "#pw-filter-venue input"


def _last_answer(page: Any) -> str:
    return str(page.locator("#pw-chat [data-testid='bot']").last.inner_text())


def _status(page: Any) -> str:
    return str(page.inner_text("#pw-status"))


def _pick_venue(page: Any, label: str) -> None:
    page.click(VENUE)
    page.locator("#pw-filter-venue li[role=option]", has_text=label).first.click()
    page.wait_for_function(f"document.querySelector('{VENUE}').value.includes({label!r})",
                           timeout=10_000)


def test_a_filter_matching_nothing_then_a_venue_then_a_bad_year(live_url: str,
                                                                 browser: Any) -> None:
    page = open_chat(browser, live_url)
    page.fill(AUTHOR, "Zzyzx Nobody")
    ask(page, AIR)
    assert "No papers match these filters" in _last_answer(page)
    assert "author containing 'Zzyzx Nobody'" in _last_answer(page)
    assert "No papers match the filters" in _status(page)
    assert page.locator("#pw-sources .pw-card").count() == 0

    page.fill(AUTHOR, "")
    page.fill(YEAR, "2019-2021")  # the seeds are ICLR 2025
    ask(page, AIR)
    assert "No papers match these filters (years 2019–2021)" in _last_answer(page)

    page.fill(YEAR, "")
    _pick_venue(page, "ICLR 2025 (94)")
    ask(page, AIR)
    assert "314" in _last_answer(page)
    assert "Filtered: venue 'ICLR 2025'" in _last_answer(page)
    assert "Filtered: venue 'ICLR 2025'" in _status(page)
    assert "AIR-BENCH 2024" in page.inner_text("#pw-sources h4")
    page.screenshot(path=str(ARTIFACTS / "filters.png"))

    before = answers(page)
    box = page.locator("#pw-question textarea")
    page.fill(YEAR, "20x5")
    box.fill(AIR)
    box.press("Enter")
    page.wait_for_function("document.querySelector('#pw-chat').innerText.includes("
                           "\"Year filter: '20x5'\")", timeout=30_000)
    page.wait_for_timeout(300)
    assert not page.evaluate(ANSWERING) and answers(page) == before, "no answer was made"
    assert "2023-2025" in _last_answer(page) and "Traceback" not in page.inner_text("body")
    page.close()


def test_the_filter_row_fits_a_phone(live_url: str, browser: Any) -> None:
    page = open_chat(browser, live_url, **MOBILE)
    page.fill(YEAR, "2025")
    ask(page, AIR)
    assert "Filtered: year 2025" in _last_answer(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page scrolls sideways ({width} px wide)"
    boxes = [page.locator(f"#pw-filter-{name}").bounding_box()
             for name in ("venue", "year", "author")]
    assert all(b and b["width"] >= 70 and b["x"] + b["width"] <= 390 for b in boxes), boxes
    assert len({round(b["y"]) for b in boxes if b}) == 1, f"not on one line: {boxes}"
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / "mobile-filters.png"))
    page.close()


def test_gradio_client_calls_with_and_without_filters(live_url: str) -> None:
    from gradio_client import Client

    client = Client(live_url + "/", verbose=False)
    messages, _, status = client.predict(AIR, [], 5, "extractive", api_name="/ask")
    assert "314" in str(messages[-1]["content"]) and "Filtered" not in status
    messages, sources, status = client.predict(AIR, [], 5, "extractive", year="2019",
                                               api_name="/ask")
    assert "No papers match these filters (year 2019)" in str(messages[-1]["content"])
    assert "No papers match the filters" in status and "pw-card" not in sources
    messages, _, _ = client.predict(AIR, [], 5, "extractive", author="x" * 300,
                                    api_name="/ask")
    assert "⚠️ Author filter: longer than 200" in str(messages[-1]["content"])
