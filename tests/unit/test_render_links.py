"""URLs on the way out (pure functions): a paper's link only when it is http(s), whatever the
store holds; URLs inside abstracts and answers as real links in the chat, the cards and the
Papers tab (no escaping backslash in them), autolinks in the Markdown export, plain URLs in
the plain text. The text is a seed abstract's (data/), with its URL at a sentence's end."""

from __future__ import annotations

import html
import re

import pytest

from rag import Answer, Citation, Hit, Paper
from tests.conftest import SEEDS
from ui.answer_text import split_urls
from ui.api_common import PaperRef
from ui.render import (
    answer_message,
    answer_to_markdown,
    answer_to_plain_text,
    message_text,
    paper_html,
    sources_html,
    streaming_message,
)

SPAR = "https://github.com/thu-coai/SPaR"
_LINK = re.compile(r"<a href='([^']*)'[^>]*>([^<]*)</a>")


def _seed_abstract() -> str:
    """The seed abstract ending "...publicly available at https://github.com/thu-coai/SPaR."."""
    for path in sorted(SEEDS.glob("*.txt")):
        for paragraph in path.read_text(encoding="utf-8").split("\n\n"):
            if SPAR in paragraph:
                return paragraph.strip()
    raise AssertionError("no seed abstract holds the SPaR URL")


ABSTRACT = _seed_abstract()
QUOTE = next(s for s in re.split(r"(?<=\.)\s+", ABSTRACT) if SPAR in s)
PAPER = Paper(id="pspar", title="SPaR", source="000.txt", position=1, abstract=ABSTRACT,
              url="javascript:alert(document.cookie)")


def _answer() -> Answer:
    return Answer(question="Where is the code of SPaR?", text=f"{QUOTE} [1]", answerable=True,
                  sources=[Hit(paper=PAPER, text=QUOTE, score=1.0)],
                  citations=[Citation(marker=1, paper=PAPER, quote=QUOTE)])


def _links(markup: str) -> list[tuple[str, str]]:
    """(href, shown text) of every link, as a browser reads them (references decoded)."""
    return [(html.unescape(href), html.unescape(text)) for href, text in _LINK.findall(markup)]


@pytest.mark.parametrize("url", ["javascript:alert(1)", " JavaScript:alert(1)", "data:text/html,x",
                                 "file:///etc/passwd", "vbscript:x", "//evil.example/x", "x",
                                 "http://", ""])
def test_a_paper_keeps_only_http_links_whatever_was_stored(url: str) -> None:
    paper = Paper.model_validate({**PAPER.model_dump(), "url": url})
    assert paper.url is None
    assert PaperRef.of(paper).url is None
    assert "href" not in paper_html(paper).split("<p>")[0]  # the title links nowhere


def test_a_paper_keeps_its_http_link() -> None:
    paper = Paper.model_validate({**PAPER.model_dump(), "url": " https://openreview.net/x?id=1 "})
    assert paper.url == "https://openreview.net/x?id=1"


def test_urls_in_a_seed_answer_are_links_everywhere_it_is_shown() -> None:
    answer = _answer()
    for markup in (answer_message(answer, 1), streaming_message(answer.text, answer.sources, 1),
                   sources_html(answer.sources, answer, 1), paper_html(PAPER)):
        links = [link for link in _links(markup) if link[0].startswith("http")]
        assert (SPAR, SPAR) in links, markup
        assert not [link for link in links if "\\" in link[0] + link[1]]
        assert "javascript:" not in markup
    chat = answer_message(answer, 1).split("<div class='pw-msg-foot'")[0]
    assert SPAR not in chat.replace(f"href='{SPAR}'", ""), "its text is references: no autolink"
    assert SPAR in message_text(answer_message(answer, 1)), "a follow-up reads the plain URL"


def test_an_answer_links_only_urls_its_papers_give() -> None:
    """A URL an LLM writes of its own is shown (no backslash in it) but not linked."""
    own = "https://evil.example/login_now"
    answer = _answer().model_copy(update={"text": f"{QUOTE} [1] Log in at {own}."})
    for markup in (answer_message(answer, 1), streaming_message(answer.text, answer.sources, 1)):
        chat = markup.split("<div class='pw-msg-foot'")[0]
        assert (SPAR, SPAR) in _links(chat) and own not in str(_links(chat))
        assert own in html.unescape(chat) and "evil\\." not in chat
    assert own in message_text(answer_message(answer, 1))


def test_exports_keep_the_url_whole() -> None:
    answer = _answer()
    assert f"<{SPAR}>" in answer_to_markdown(answer)
    assert "\\" not in answer_to_markdown(answer).split(f"<{SPAR}>")[0].rsplit(" ", 1)[-1]
    assert f"{SPAR}." in answer_to_plain_text(answer)


@pytest.mark.parametrize(("text", "urls"), [
    ("at https://x.org/a.", ["https://x.org/a"]),
    ("(see https://x.org/a_(b)) and http://y.org/?q=1&r=2, then", ["https://x.org/a_(b)",
                                                                  "http://y.org/?q=1&r=2"]),
    ("<https://x.org> 'https://y.org/z' \"https://w.org\"", ["https://x.org", "https://y.org/z",
                                                             "https://w.org"]),
    ("javascript:alert(1) ftp://x.org https:// http://?", []),
    ("链接：https://例子.中国/路径。下一句", ["https://例子.中国/路径"]),
])
def test_urls_are_found_in_running_text(text: str, urls: list[str]) -> None:
    pieces = split_urls(text)
    assert "".join(piece for piece, _ in pieces) == text
    assert [piece for piece, is_url in pieces if is_url] == urls
