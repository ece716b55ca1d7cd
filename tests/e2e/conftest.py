"""Fixtures of the browser tests: the real app on the seed index, and one headless Chromium
per module."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from rag import PaperQA
from tests.browser import BROWSER_ARGS, CHROMIUM
from tests.servers import app_server


@pytest.fixture(scope="module")
def live_url(seed_qa: PaperQA) -> Iterator[str]:
    with app_server(seed_qa) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=BROWSER_ARGS)
        yield instance
        instance.close()
