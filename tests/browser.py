"""Driving the chat in a real Chromium (Playwright, Debian's /usr/bin/chromium through
executable_path; never `playwright install`)."""

from __future__ import annotations

import shutil
from typing import Any

from tests.conftest import ROOT

ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
BROWSER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync"]
DESKTOP = {"width": 1400, "height": 950}
MOBILE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2,
          "is_mobile": True, "has_touch": True}
QUESTION_BOX = "#pw-question textarea"
ANSWERING = "!!document.querySelector('#pw-chat .pw-pending')"


def open_chat(browser: Any, url: str, **context: Any) -> Any:
    """A new page on the chat, once its question box is there."""
    page = browser.new_context(**({"viewport": DESKTOP} | context)).new_page()
    page.goto(url + "/")
    page.wait_for_selector(QUESTION_BOX, timeout=60_000)
    return page


def answers(page: Any) -> int:
    """Complete answers in the chat (each has its copy and export buttons)."""
    return int(page.locator("#pw-chat .pw-actions").count())


def ask(page: Any, question: str, timeout_ms: int = 60_000) -> None:
    """Type a question, send it with Enter and wait until its answer is complete (its export
    buttons are there and nothing is still streaming)."""
    before = answers(page)
    box = page.locator(QUESTION_BOX)
    box.fill(question)
    box.press("Enter")
    page.wait_for_function(
        f"document.querySelectorAll('#pw-chat .pw-actions').length > {before} && !({ANSWERING})",
        timeout=timeout_ms)


_ON_SCREEN = """(sel) => { const el = document.querySelector(sel); if (!el) return false;
  const r = el.getBoundingClientRect();
  return r.height > 0 && r.top >= -2 && r.top < window.innerHeight; }"""


def in_viewport(page: Any, selector: str, timeout_ms: int = 5_000) -> bool:
    """Whether the element's top edge comes on screen within the timeout (a jump to an anchor
    may scroll after the click returns)."""
    try:
        page.wait_for_function(_ON_SCREEN, arg=selector, timeout=timeout_ms)
    except Exception:  # Playwright's TimeoutError: not on screen
        return False
    return True


def target_id(page: Any) -> str | None:
    value = page.evaluate("document.querySelector(':target')?.id || null")
    return str(value) if value else None
