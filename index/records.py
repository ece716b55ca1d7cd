"""One record into a Paper, each field validated and coerced on its own: a bad optional field is
dropped with a warning naming file and line, the record is kept. What a store can hold comes
out: strings capped (titles at 200 characters, other fields at 500), lone surrogates (broken
"\\uXXXX" escapes, which no store can hold) replaced by U+FFFD, URLs
only http(s), a year only when it is a whole number, authors a list of strings, and an abstract
cut at the configured limit (in milliseconds, whatever its size)."""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from index.titles import derive_title
from paperwise.text import normalize_text
from paperwise.types import Paper, paper_id_for

log = logging.getLogger(__name__)

TITLE_CHARS = 200
FIELD_CHARS = 500
AUTHOR_CHARS = 200
MIN_ABSTRACT_CHARS = 20
MAX_ABSTRACT_CHARS = 20_000  # the default of settings.max_abstract_chars
_YEARS = range(1, 10_000)
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
_AUTHOR_SEPARATORS = re.compile(r";|\band\b|,")
_UNSAFE_IN_URL = re.compile(r"[\s\x00-\x1f\x7f]")
_WORD = re.compile(r"\S+")
# Title derivation reads words of normal length: runs of one unbroken token (or of Chinese
# without spaces) are cut to this, as its name patterns take quadratic time on them.
_TITLE_TOKEN_CHARS = 100
_LONG_TOKEN = re.compile(rf"\S{{{_TITLE_TOKEN_CHARS + 1},}}")


@dataclass
class Record:
    """Where a record comes from, and the warnings its fields gave."""

    source: str  # the file name as stored
    where: str  # "file:line", for messages
    position: int
    venue: str  # from the file's header, if any
    max_abstract_chars: int = MAX_ABSTRACT_CHARS
    warnings: list[str] = field(default_factory=list)

    def warn(self, message: str) -> None:
        text = f"{self.where}: {message}"
        log.warning(text)
        self.warnings.append(text)


def cut(text: str, limit: int) -> str:
    """`text` in at most `limit` characters, an ellipsis marking a cut."""
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _scalar_text(name: str, value: Any, record: Record) -> str | None:
    """A field's value as one line of text, or None (with a warning) when it cannot be."""
    if value is None or value == "":
        return None
    if isinstance(value, dict | list | tuple):
        record.warn(f"field '{name}' dropped: {type(value).__name__} where text is expected")
        return None
    return _without_surrogates(name, normalize_text(str(value)), record) or None


def _without_surrogates(name: str, text: str, record: Record) -> str:
    text, broken = _LONE_SURROGATE.subn("\ufffd", text)
    if broken:
        record.warn(f"field '{name}': {broken} lone surrogate(s) (broken \\uXXXX escapes) "
                    "replaced by U+FFFD")
    return text


def _capped(name: str, value: Any, record: Record, limit: int = FIELD_CHARS) -> str | None:
    text = _scalar_text(name, value, record)
    if text is not None and len(text) > limit:
        record.warn(f"field '{name}' cut to {limit} characters (it had {len(text):,})")
        text = cut(text, limit)
    return text


def _abstract(value: Any, record: Record) -> str:
    if isinstance(value, dict | list | tuple):
        raise ValueError(f"the abstract is a {type(value).__name__}, not text")
    raw = "" if value is None else str(value)
    limit = record.max_abstract_chars
    # White space folded word by word, reading only as far as the limit: milliseconds for
    # megabytes, however the text is spaced.
    words: list[str] = []
    size = -1
    for word in _WORD.finditer(raw):
        words.append(word.group())
        size += len(words[-1]) + 1
        if size > limit:
            break
    abstract = " ".join(words)
    if size > limit:
        record.warn(f"abstract cut to {limit:,} characters (it had {len(raw):,})")
        abstract = abstract[:limit]
        space = abstract.rfind(" ", limit - limit // 10)
        abstract = abstract[:space] if space > 0 else abstract
    if len(abstract) < MIN_ABSTRACT_CHARS:
        raise ValueError("the abstract is empty or too short")
    return _without_surrogates("abstract", abstract, record)


def _authors(value: Any, record: Record) -> list[str]:
    if value is None or value == "":
        return []
    if isinstance(value, str):
        items: list[Any] = [a for a in _AUTHOR_SEPARATORS.split(value) if a.strip()]
    elif isinstance(value, list | tuple):
        items = list(value)
    else:
        items = [value]
    names = [_capped("authors", item, record, AUTHOR_CHARS) for item in items]
    authors = [n for n in names if n]
    kept: list[str] = []
    total = 0
    for name in authors:
        total += len(name) + (2 if kept else 0)  # stored joined by "; "
        if total > FIELD_CHARS:
            record.warn(f"authors cut to the first {len(kept)} of {len(authors)} "
                        f"(over {FIELD_CHARS} characters)")
            break
        kept.append(name)
    return kept


def _year(value: Any, record: Record) -> int | None:
    if value is None or value == "":
        return None
    year: float | int | None = None
    if isinstance(value, int | float) and not isinstance(value, bool):
        year = value
    elif isinstance(value, str) and (digits := re.fullmatch(r"\s*(\d{1,4})(\.0*)?\s*", value)):
        # the digits, not float(value): "\s" holds control separators float() refuses ("0\x1f")
        year = int(digits[1])
    if year is None or not math.isfinite(year) or year != int(year) or int(year) not in _YEARS:
        shown = repr(value) if len(repr(value)) <= 40 else repr(value)[:40] + "…"
        record.warn(f"field 'year' dropped: {shown} is not a year")
        return None
    return int(year)


def _url(value: Any, record: Record) -> str | None:
    text = _scalar_text("url", value, record)
    if text is None:
        return None
    try:
        parts = urlsplit(text)
    except ValueError:
        parts = None
    if parts is None or parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        scheme = parts.scheme if parts is not None and parts.scheme else "no scheme"
        record.warn(f"field 'url' dropped: only http(s) links are kept ({scheme[:20]})")
        return None
    if len(text) > FIELD_CHARS or _UNSAFE_IN_URL.search(text):
        record.warn(f"field 'url' dropped: over {FIELD_CHARS} characters or holds spaces")
        return None
    return text


def make_paper(fields: dict[str, Any], record: Record,
               title_of: Callable[[str], str] = derive_title) -> Paper:
    """The Paper of one record; ValueError when the record cannot give one (its abstract)."""
    abstract = _abstract(fields.get("abstract"), record)
    title = _capped("title", fields.get("title"), record, TITLE_CHARS)
    if title is None:
        words = _LONG_TOKEN.sub(lambda long: long.group()[:_TITLE_TOKEN_CHARS], abstract)
        title = cut(normalize_text(title_of(words)), TITLE_CHARS)
    venue = _capped("venue", fields.get("venue"), record) or cut(record.venue, FIELD_CHARS)
    return Paper(
        id=paper_id_for(abstract), title=title, source=record.source,
        position=record.position, venue=venue, abstract=abstract,
        authors=_authors(fields.get("authors"), record), year=_year(fields.get("year"), record),
        url=_url(fields.get("url"), record), external_id=_capped("id", fields.get("id"), record),
    )
