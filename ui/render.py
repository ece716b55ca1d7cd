"""Answer → HTML/Markdown for the chat. The only place Paperwise makes HTML; every piece of text
from an abstract, a question or an LLM is escaped here.

Each answer n carries its own sources: its markers link to `#pw-a{n}-source-{m}`, cards with
those ids sit in a collapsible block inside the same chat message (a click on a marker opens it
and the browser's `:target` highlights the card), and each card links back to `#pw-a{n}`. The
side panel repeats the latest answer's cards under ids of its own (`pw-latest-source-{m}`)."""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

from paperwise.export import answer_bibtex
from paperwise.text import clean_for_display
from paperwise.types import http_url
from rag import Answer, Hit, Paper
from ui.answer_text import (
    ESCAPED_URL,
    answer_to_markdown,
    answer_to_plain_text,
    byline,
    cited_quotes,
    flagged_spans,
    sentence_span,
    split_urls,
)

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~])")
_ESCAPED_GROUP = re.compile(r"\\\[(\s*\d+(?:\s*[,;]\s*\d+)*\s*)\\\]")
_FOOT = "\n\n<div class='pw-msg-foot'"
PANEL_PREFIX = "pw-latest"


def escape_markdown(text: str) -> str:
    """Text shown literally inside Markdown: HTML-escaped and Markdown-escaped."""
    return _MARKDOWN_SPECIAL.sub(r"\\\1", html.escape(text, quote=False))


def _attr(text: str) -> str:
    return html.escape(text, quote=True)


def _shown_url(url: str) -> str:
    """A URL as character references (all but letters and digits): Markdown shows them as they
    are, with no escaping backslash, and finds no URL in them to link by itself."""
    return "".join(c if c.isalnum() else f"&#{ord(c)};" for c in url)


def _link(url: str) -> str:
    """A link to an http(s) URL, showing the URL."""
    return (f"<a href='{_attr(url)}' target='_blank' rel='noopener noreferrer nofollow'>"
            f"{_shown_url(url)}</a>")


def _source_urls(hits: Sequence[Hit]) -> frozenset[str]:
    """The URLs an answer may link to: those its papers give (in their abstracts or as their
    link). Any other URL in an answer (an LLM's own) is shown, not linked."""
    urls = {hit.paper.url for hit in hits if hit.paper.url}
    for hit in hits:
        urls.update(piece for piece, is_url in split_urls(clean_for_display(hit.paper.abstract))
                    if is_url)
    return frozenset(urls)


def _plain(text: str, linkable: frozenset[str]) -> str:
    """Answer text for display: LaTeX cleaned, then escaped for Markdown, its URLs shown
    without escapes and, when `linkable`, made links."""
    return "".join((_link(piece) if piece in linkable else _shown_url(piece)) if is_url
                   else escape_markdown(piece)
                   for piece, is_url in split_urls(clean_for_display(text)))


def _linked_html(escaped: str) -> str:
    """HTML-escaped text with its http(s) URLs made links."""
    return "".join(_link(html.unescape(piece)) if is_url else piece
                   for piece, is_url in split_urls(escaped, ESCAPED_URL))


def _linked_markers(escaped: str, number: int, titles: dict[int, str]) -> str:
    """Escaped marker groups (`\\[2\\]`, `\\[1, 3\\]`) → links to this answer's cards, each with
    its paper's title as tooltip. Markers naming no source stay plain text."""
    def link(found: re.Match[str]) -> str:
        m = int(found.group())
        if m not in titles:
            return found.group()
        return (f"<a class='pw-marker' href='#pw-a{number}-source-{m}' "
                f"title='{_attr(f'[{m}] ' + titles[m])}'>{m}</a>")

    return _ESCAPED_GROUP.sub(
        lambda group: "\\[" + re.sub(r"\d+", link, group.group(1)) + "\\]", escaped)


def _titles(hits: Sequence[Hit]) -> dict[int, str]:
    return {m: clean_for_display(hit.paper.title) for m, hit in enumerate(hits, start=1)}


def answer_markdown(answer: Answer, number: int = 1) -> str:
    """The answer's text as chat Markdown: escaped, LaTeX cleaned, markers linked to this
    answer's cards, unsupported sentences flagged with the reason the checker gave."""
    text, titles, linkable = answer.text, _titles(answer.sources), _source_urls(answer.sources)

    def show(piece: str) -> str:
        return _linked_markers(_plain(piece, linkable), number, titles)

    pieces, last = [], 0
    for (start, end), reason in flagged_spans(answer):
        pieces += [show(text[last:start]), f"<u title='{_attr(reason)}'>", show(text[start:end]),
                   f"</u> ⚠️ *unverified: {escape_markdown(reason)}*"]
        last = end
    body = "".join([*pieces, show(text[last:])])
    parts = ["**Not in the collection.**"] if not answer.answerable else []
    parts.append(f"<span class='pw-anchor' id='pw-a{number}'></span>"
                 + body.replace("\n", "  \n"))
    parts.extend(f"> {escape_markdown(n)}" for n in answer.notices)
    return "\n\n".join(parts)


_PENDING = "<span class='pw-pending'></span>"


def streaming_markdown(text: str, number: int = 1, hits: Sequence[Hit] = ()) -> str:
    """An answer still arriving: what streamed so far, markers linked, and a cursor."""
    body = _linked_markers(_plain(text, _source_urls(hits)), number,
                           _titles(hits)).replace("\n", "  \n")
    return f"<span class='pw-anchor' id='pw-a{number}'></span>{_PENDING}{body or '…'} ▌"


def is_pending(content: str) -> bool:
    """Whether a chat message is an answer still being written."""
    return _PENDING in content


def _highlight(abstract: str, quotes: list[str]) -> str:
    escaped = html.escape(clean_for_display(abstract))
    for quote in quotes:
        for sentence in filter(None, (q.strip() for q in re.split(r"(?<=[.!?])\s+", quote))):
            marked = html.escape(clean_for_display(sentence))
            escaped = escaped.replace(marked, f"<mark>{marked}</mark>")
    return _linked_html(escaped).replace("\n", " ")


def safe_url(url: str | None) -> str | None:
    """A paper's link, only when it is a plain http(s) URL."""
    return http_url(url)


def _title_html(paper: Paper) -> str:
    title = html.escape(clean_for_display(paper.title))
    url = safe_url(paper.url)
    return f"<a href='{_attr(url)}' target='_blank' rel='noopener'>{title}</a>" if url else title


def _card(card_id: str, m: int, hit: Hit, quotes: list[str], kind: str, back: str) -> str:
    """A source card. kind: "cited" (open, quotes highlighted), "closest" (a refusal's nearest
    papers: open, never "cited", nothing highlighted) or "retrieved"."""
    paper = hit.paper
    badge = f"<span class='pw-badge pw-{kind}'>{kind}</span>" if kind != "retrieved" else ""
    meta = html.escape(byline(paper))
    where = html.escape(f"{paper.source} · #{paper.position}")
    opened = " open" if kind != "retrieved" else ""
    abstract = _highlight(paper.abstract, quotes if kind == "cited" else [])
    back_link = f"<a class='pw-back' href='#{back}'>↑ Back to the answer</a>" if back else ""
    return (f"<div class='pw-card pw-{kind}' id='{card_id}' tabindex='-1'>"
            f"<h4>[{m}] {_title_html(paper)}{badge}</h4>"
            + (f"<div class='pw-byline'>{meta}</div>" if meta else "")
            + f"<details{opened}><summary>Abstract</summary><p>{abstract}</p></details>"
            f"<div class='pw-file'>{where}</div>{back_link}</div>")


def _cards(hits: Sequence[Hit], answer: Answer | None, prefix: str, back: str) -> str:
    """Cited (or closest) papers first, in marker order; the rest under "Also retrieved"."""
    quotes = cited_quotes(answer) if answer is not None else {}
    kind = "cited" if answer is None or answer.answerable else "closest"
    first: list[str] = []
    rest: list[str] = []
    for m, hit in enumerate(hits, start=1):
        card_kind = kind if m in quotes else "retrieved"
        card = _card(f"{prefix}-source-{m}", m, hit, quotes.get(m, []), card_kind, back)
        (first if m in quotes or answer is None else rest).append(card)
    html_ = f"{_refusal_head(answer)}<div class='pw-sources'>{''.join(first)}</div>"
    if rest:
        label = f"Also retrieved ({len(rest)})" if first else f"Retrieved papers ({len(rest)})"
        html_ += (f"<details class='pw-also'><summary>{label}</summary>"
                  f"<div class='pw-sources'>{''.join(rest)}</div></details>")
    return html_


def _refusal_head(answer: Answer | None) -> str:
    if answer is None or answer.answerable:
        return ""
    return ("<div class='pw-refusal'>The collection does not contain this. "
            "The closest papers are below.</div>")


def sources_html(hits: Sequence[Hit], answer: Answer | None = None, number: int | None = None
                 ) -> str:
    """The side panel (the latest answer's sources): cited papers first and open, the rest
    collapsed under "Also retrieved"."""
    if not hits:
        return "<div class='pw-sources'><p>Sources appear here once you ask.</p></div>"
    head = f"<div class='pw-panel-head'>Sources of answer {number}</div>" if number else ""
    return f"<div class='pw-panel'>{head}{_cards(hits, answer, PANEL_PREFIX, '')}</div>"


def _summary(hits: Sequence[Hit], answer: Answer | None) -> str:
    quotes = cited_quotes(answer) if answer is not None else {}
    if answer is None:
        return f"Sources ({len(hits)} retrieved)"
    kind = "cited" if answer.answerable else "closest"
    more = len(hits) - len(quotes)
    return f"Sources: {len(quotes)} {kind}" + (f", {more} more retrieved" if more else "")


def _pre(kind: str, text: str) -> str:
    """Text for a copy/export button, hidden; new lines as &#10; keep the HTML on one line."""
    return f"<pre class='pw-export-{kind}' hidden>{html.escape(text).replace(chr(10), '&#10;')}" \
           "</pre>"


def _actions(answer: Answer) -> str:
    """Copy (plain text with references), Markdown (copy or download) and, when the answer
    cites papers, BibTeX of them. Each button's text waits in a hidden <pre>."""
    buttons = [("copy-text", "Copy answer"), ("copy-md", "Copy Markdown"),
               ("download-md", "Download .md")]
    texts = [("text", answer_to_plain_text(answer)), ("md", answer_to_markdown(answer))]
    bibtex = answer_bibtex(answer)
    if bibtex.strip():
        buttons.append(("download-bib", "Download .bib"))
        texts.append(("bib", bibtex))
    return ("<div class='pw-actions'>"
            + "".join(f"<button type='button' class='pw-action pw-act-{kind}'>{label}</button>"
                      for kind, label in buttons)
            + "".join(_pre(kind, text) for kind, text in texts) + "</div>")


def message_foot(hits: Sequence[Hit], answer: Answer | None, number: int) -> str:
    """The block under answer n: its sources (collapsed until a marker or the summary opens
    them) and, once the answer is final, copy and export buttons. One line of HTML, so the
    chat's Markdown keeps it whole."""
    if not hits and answer is None:
        return ""
    sources = (f"<details class='pw-msg-sources'><summary>{_summary(hits, answer)}</summary>"
               f"{_cards(hits, answer, f'pw-a{number}', f'pw-a{number}')}</details>"
               if hits else "")
    actions = _actions(answer) if answer is not None else ""
    return f"{_FOOT} id='pw-a{number}-foot'>{sources}{actions}</div>"


def answer_message(answer: Answer, number: int) -> str:
    """Chat message n: the answer, then its own sources and export buttons."""
    return answer_markdown(answer, number) + message_foot(answer.sources, answer, number)


def streaming_message(text: str, hits: Sequence[Hit], number: int) -> str:
    return streaming_markdown(text, number, hits) + message_foot(hits, None, number)


def message_text(content: str) -> str:
    """A chat message back to plain text for follow-ups: its sources block dropped."""
    return strip_markup(content.split(_FOOT, 1)[0])


def strip_markup(text: str) -> str:
    """Chat Markdown back to plain text."""
    text = re.sub(r"<[^>]+>", "", text)
    text = re.sub(r"\[\\\[(\d+)\\\]\]\(#pw-[\w-]+\)", r"[\1]", text)
    text = re.sub(r"\*\*Not in the collection\.\*\*", "", text)
    text = re.sub(r"  \n", "\n", text)
    return html.unescape(re.sub(r"\\([\\`*_{}\[\]()#+\-.!|<>~])", r"\1", text)).strip()


def paper_html(paper: Paper) -> str:
    """The Papers tab's view of one paper: title (linked when known), authors, venue and year,
    the abstract with its LaTeX cleaned, and file and position as a small detail."""
    meta = html.escape(byline(paper))
    where = html.escape(f"{paper.source} · #{paper.position}")
    abstract = _linked_html(html.escape(clean_for_display(paper.abstract))).replace("\n", "<br>")
    return (f"<div class='pw-paper'><h3>{_title_html(paper)}</h3>"
            + (f"<div class='pw-byline'>{meta}</div>" if meta else "")
            + f"<p>{abstract}</p><div class='pw-file'>{where}</div></div>")


def header_html() -> str:
    return ("<h1>Paperwise</h1><p>Questions over paper abstracts. Every answer sentence cites a "
            "paper you can check.</p>")


def note_html(text: str) -> str:
    return f"<p>{html.escape(text)}</p>"


def filtered_html(note: str) -> str:
    """The filters an answer was made under, under it (after its foot, so follow-ups, which
    read the text before the foot, never see it)."""
    return f"<div class='pw-filtered'>{html.escape(note)}</div>" if note else ""


def status_html(text: str) -> str:
    return f"<span class='pw-status-text'>{html.escape(text)}</span>" if text else ""


def _code_spans(text: str) -> str:
    """Escaped text with `code` spans (environment variables, commands) set as code."""
    return re.sub(r"`([^`]+)`", r"<code>\1</code>", html.escape(text))


def intro_html(papers: int, venues: Sequence[tuple[str, int]], mode: str, change: str) -> str:
    """The empty chat: what the collection is, how answers are made and how to change that."""
    shown = ", ".join(f"{html.escape(v or 'no venue')} ({n})" for v, n in venues[:4])
    if len(venues) > 4:
        shown += f" and {len(venues) - 4} more venues"
    return (f"<div class='pw-intro'><h2>Ask {papers:,} paper abstracts</h2>"
            f"<p><strong>Collection:</strong> {shown or 'empty'}.</p>"
            f"<p><strong>Answers:</strong> {_code_spans(mode)}</p>"
            f"<p><strong>To change it:</strong> {_code_spans(change)}</p>"
            "<p>Every sentence cites a paper: click a marker such as [1] to see the abstract "
            "with the sentences that back it. Try an example:</p></div>")


__all__ = ["PANEL_PREFIX", "answer_markdown", "answer_message", "answer_to_markdown",
           "answer_to_plain_text", "escape_markdown", "header_html", "intro_html", "is_pending",
           "message_foot", "message_text", "note_html", "paper_html", "safe_url", "sentence_span",
           "sources_html", "status_html", "streaming_markdown", "streaming_message", "strip_markup"]
