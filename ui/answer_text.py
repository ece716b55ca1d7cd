"""An answer as text to take away: plain text with a reference list (what "Copy answer" gives)
and Markdown with references (the export). Pure functions, no HTML."""

from __future__ import annotations

import re
from collections.abc import Callable

from paperwise.text import clean_for_display
from paperwise.types import http_url
from rag import Answer, Paper, strip_markers

_MARKERS_AFTER = r"(?:\s*\[\s*\d+(?:\s*[,;]\s*\d+)*\s*\])*"
_MD_SPECIAL = re.compile(r"([\\`*_<>])")
_MAX_AUTHORS = 3
# An http(s) URL in running text. White space, quotes, angle brackets and backslashes end it
# (none may stand unescaped in a URL), and so does CJK punctuation (Chinese puts no space after
# a URL); closing punctuation at its end, and a closing bracket it did not open, are not part
# of it ("(see https://x.org/a)." links https://x.org/a).
_ENDS_URL = "\\s<>\"'`\\\\。，、；：！？（）「」【】"
_URL = re.compile(f"https?://[^{_ENDS_URL}]+", re.IGNORECASE)
# The same in HTML-escaped text, where quotes and angle brackets are character references.
ESCAPED_URL = re.compile(f"https?://(?:(?!&quot;|&#x27;|&lt;|&gt;)[^{_ENDS_URL}])+",
                         re.IGNORECASE)
_URL_END = ".,;:!?"
_CLOSING = {")": "(", "]": "[", "}": "{"}


def _url_end(url: str) -> int:
    """How much of a found URL is the URL: trailing punctuation and unopened brackets left out."""
    end = len(url)
    while end:
        last = url[end - 1]
        if last in _URL_END or (last in _CLOSING and url[:end].count(_CLOSING[last])
                                < url[:end].count(last)):
            end -= 1
        else:
            break
    return end


def split_urls(text: str, pattern: re.Pattern[str] = _URL) -> list[tuple[str, bool]]:
    """The text in pieces, each (piece, is it an http(s) URL), in order; joined they give it.
    `pattern` finds URL candidates (another one for HTML-escaped text)."""
    pieces: list[tuple[str, bool]] = []
    last = 0
    for found in pattern.finditer(text):
        end = found.start() + _url_end(found.group())
        if http_url(text[found.start():end]) is None:  # "https://" alone, or no host
            continue
        pieces += [(text[last:found.start()], False), (text[found.start():end], True)]
        last = end
    pieces.append((text[last:], False))
    return [(piece, is_url) for piece, is_url in pieces if piece]


def sentence_span(text: str, sentence: str) -> tuple[int, int] | None:
    """Where an answer sentence stands in the answer text, whatever its marker placement:
    "claim [1].", "claim. [1]", "claim [1][2].", or a marker mid-sentence. The checker moves
    markers before the full stop, so the sentence is matched word by word, markers skipped."""
    words = strip_markers(sentence).rstrip(".!?。").split()
    if not words:
        return None
    pattern = (_MARKERS_AFTER + r"\s+").join(re.escape(w) for w in words)
    found = re.search(pattern + _MARKERS_AFTER + r"(?:[.!?。]|(?=\n|$))" + _MARKERS_AFTER, text)
    return (found.start(), found.end()) if found else None


def flagged_spans(answer: Answer) -> list[tuple[tuple[int, int], str]]:
    """(span, reason) of each unsupported sentence found in the text: in order, no overlaps."""
    flags = []
    for sentence in answer.unsupported:
        span = sentence_span(answer.text, sentence.text)
        if span is not None:
            flags.append((span, sentence.reason or "not backed by the cited abstract"))
    kept: list[tuple[tuple[int, int], str]] = []
    for span, reason in sorted(flags):
        if not kept or span[0] >= kept[-1][0][1]:
            kept.append((span, reason))
    return kept


def cited_quotes(answer: Answer) -> dict[int, list[str]]:
    """Marker → the abstract sentences that back it (a refusal's: its closest papers)."""
    quotes: dict[int, list[str]] = {}
    for citation in answer.citations:
        quotes.setdefault(citation.marker, []).append(citation.quote)
    return quotes


def authors_text(authors: list[str]) -> str:
    if len(authors) > _MAX_AUTHORS:
        return ", ".join(authors[:_MAX_AUTHORS]) + " et al."
    return ", ".join(authors)


def byline(paper: Paper) -> str:
    """"A, B, C et al. · ICLR 2025" plus the year when the venue does not already say it."""
    year = str(paper.year) if paper.year and str(paper.year) not in paper.venue else ""
    return " · ".join(x for x in (authors_text(paper.authors), paper.venue, year) if x)


def reference(marker: int, paper: Paper) -> str:
    """"[1] Title. Authors. Venue, year. URL" with what is known."""
    year = str(paper.year) if paper.year and str(paper.year) not in paper.venue else ""
    where = ", ".join(x for x in (paper.venue, year) if x)
    parts = [f"[{marker}] {clean_for_display(paper.title).rstrip('.')}.",
             f"{authors_text(paper.authors).rstrip('.')}." if paper.authors else "",
             f"{where}." if where else "", paper.url or ""]
    return " ".join(p for p in parts if p)


def _references(answer: Answer) -> list[tuple[int, Paper, list[str]]]:
    quotes = cited_quotes(answer)
    papers = {c.marker: c.paper for c in answer.citations}
    return [(m, papers[m], quotes[m]) for m in sorted(quotes)]


def _with_flags(answer: Answer, note: str, escape: Callable[[str], str] = str) -> str:
    """The answer text, LaTeX cleaned and `escape`d, each unsupported sentence followed by
    `note` (a format string taking the escaped reason)."""
    text, pieces, last = answer.text, [], 0
    for (_, end), reason in flagged_spans(answer):
        pieces += [escape(clean_for_display(text[last:end])), note.format(reason=escape(reason))]
        last = end
    return "".join([*pieces, escape(clean_for_display(text[last:]))])


def _heading(answer: Answer) -> str:
    return "References" if answer.answerable else "Closest papers (not cited)"


def answer_to_plain_text(answer: Answer) -> str:
    """What "Copy answer" gives: the answer as plain text, its markers as [n], then the papers
    they stand for. No Markdown, no links, no HTML."""
    lines = ["Not in the collection." if not answer.answerable else "",
             _with_flags(answer, " (unverified: {reason})")]
    text = "\n\n".join(x for x in lines if x).strip()
    refs = _references(answer)
    if refs:
        text += f"\n\n{_heading(answer)}\n" + "\n".join(reference(m, p) for m, p, _ in refs)
    return text + "\n"


def _md(text: str) -> str:
    """Text for Markdown: special characters escaped, URLs as autolinks (`<https://…>`, whose
    text Markdown takes as it is: an escaped `\\_` in a bare URL would break the link)."""
    return "".join(f"<{piece}>" if is_url else _MD_SPECIAL.sub(r"\\\1", piece)
                   for piece, is_url in split_urls(text))


def answer_to_markdown(answer: Answer) -> str:
    """The answer as Markdown: the question, the answer (markers as [n], unsupported sentences
    marked), notices, and a reference list with each paper's backing sentences quoted."""
    parts = [f"**Question:** {_md(clean_for_display(answer.question))}"]
    if not answer.answerable:
        parts.append("**Not in the collection.**")
    parts.append(_with_flags(answer, " _(unverified: {reason})_", _md).replace("\n", "  \n"))
    parts.extend(f"> {_md(n)}" for n in answer.notices)
    refs = _references(answer)
    if refs:
        items = []
        for m, paper, quotes in refs:
            item = f"- {_md(reference(m, paper))}"
            if answer.answerable:
                item += "".join(f"\n  > {_md(clean_for_display(q))}" for q in quotes)
            items.append(item)
        parts.append(f"**{_heading(answer)}**\n\n" + "\n".join(items))
    return "\n\n".join(parts) + "\n"
