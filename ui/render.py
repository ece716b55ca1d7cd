"""Answer → HTML/Markdown for the chat. The only place Paperwise makes HTML; every piece of text
from an abstract, a question or an LLM is escaped here."""

from __future__ import annotations

import html
import re

from rag import Answer, Hit

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")

CSS = """
.pw-sources { display: flex; flex-direction: column; gap: 10px; }
.pw-card { border: 1px solid var(--border-color-primary); border-radius: 8px; padding: 8px 10px;
           overflow-wrap: anywhere; }
.pw-card.pw-cited { border-left: 4px solid var(--color-accent); }
.pw-card h4 { margin: 0 0 4px 0; font-size: 0.95rem; }
.pw-meta { font-size: 0.8rem; opacity: 0.8; margin-bottom: 4px; }
.pw-card mark { background: #fde68a; color: #111; padding: 0 2px; border-radius: 2px; }
.pw-refusal { border: 1px solid #f59e0b; background: rgba(245, 158, 11, 0.12); border-radius: 8px;
              padding: 8px 10px; font-weight: 600; }
.pw-notice { font-size: 0.85rem; opacity: 0.85; margin: 4px 0; }
.pw-badge { font-size: 0.75rem; padding: 1px 6px; border-radius: 10px;
            background: var(--color-accent); color: white; margin-left: 6px; }
"""


def escape_markdown(text: str) -> str:
    """Text shown literally inside Markdown: HTML-escaped and Markdown-escaped."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


def _linked_markers(escaped: str) -> str:
    """`\\[2\\]` (escaped marker) → a link to source card 2."""
    return re.sub(r"\\\[(\d+)\\\]", r"[\[\1\]](#pw-source-\1)", escaped)


def answer_markdown(answer: Answer) -> str:
    """The chat message: escaped text, linked markers, unsupported sentences flagged."""
    text = answer.text
    for sentence in answer.unsupported:
        text = text.replace(sentence.text, f"\u0000{sentence.text}\u0001")
    body = _linked_markers(escape_markdown(text))
    body = body.replace("\u0000", "<u title='not backed by the cited abstract'>").replace(
        "\u0001", "</u> ⚠️ *unverified*")
    parts = []
    if not answer.answerable:
        parts.append("**Not in the collection.**")
    parts.append(body.replace("\n", "  \n"))
    parts.extend(f"> {escape_markdown(n)}" for n in answer.notices)
    return "\n\n".join(parts)


def streaming_markdown(text: str) -> str:
    return _linked_markers(escape_markdown(text)).replace("\n", "  \n") + " ▌"


def _highlight(abstract: str, quotes: list[str]) -> str:
    escaped = html.escape(abstract)
    for quote in quotes:
        for sentence in filter(None, (q.strip() for q in re.split(r"(?<=[.!?])\s+", quote))):
            marked = html.escape(sentence)
            escaped = escaped.replace(marked, f"<mark>{marked}</mark>")
    return escaped


def _card(number: int, hit: Hit, quotes: list[str]) -> str:
    paper = hit.paper
    cited = bool(quotes)
    badge = "<span class='pw-badge'>cited</span>" if cited else ""
    meta = " · ".join(html.escape(x) for x in (paper.venue, f"{paper.source} #{paper.position}")
                      if x)
    return (f"<div class='pw-card{' pw-cited' if cited else ''}' id='pw-source-{number}'>"
            f"<h4>[{number}] {html.escape(paper.title)}{badge}</h4>"
            f"<div class='pw-meta'>{meta}</div>"
            f"<details{' open' if cited else ''}><summary>Abstract</summary>"
            f"<p>{_highlight(paper.abstract, quotes)}</p></details></div>")


def sources_html(hits: list[Hit], answer: Answer | None = None) -> str:
    """The sources panel: every retrieved paper, cited ones marked, quotes highlighted."""
    if not hits:
        return "<div class='pw-sources'><p>No sources yet.</p></div>"
    quotes: dict[int, list[str]] = {}
    head = ""
    if answer is not None:
        for citation in answer.citations:
            quotes.setdefault(citation.marker, []).append(citation.quote)
        if not answer.answerable:
            head = ("<div class='pw-refusal'>The collection does not contain this. "
                    "The closest papers are below.</div>")
    cards = "".join(_card(n, hit, quotes.get(n, [])) for n, hit in enumerate(hits, start=1))
    return f"<div class='pw-sources'>{head}{cards}</div>"


def paper_markdown(title: str, venue: str, source: str, position: int, abstract: str) -> str:
    return (f"### {escape_markdown(title)}\n\n*{escape_markdown(venue)} · "
            f"{escape_markdown(source)} #{position}*\n\n{escape_markdown(abstract)}")


def strip_markup(text: str) -> str:
    """Chat history back to plain text for follow-ups."""
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\[\\\[(\d+)\\\]\]\(#pw-source-\d+\)", r"[\1]", text)
    return html.unescape(re.sub(r"\\([\\`*_{}\[\]()#+\-.!|<>~])", r"\1", text))
