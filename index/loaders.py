"""Read papers from seed text files, JSONL and CSV, with clear errors per file and line.

A bad record is skipped with a warning naming file and line; a file with nothing usable raises
InputError. Identical abstracts (after folding white space and case) are kept once.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from index.titles import derive_title
from paperwise.errors import InputError
from paperwise.text import normalize_text
from paperwise.types import Paper, paper_id_for

log = logging.getLogger(__name__)

SUFFIXES = (".txt", ".jsonl", ".csv")
# Headers of the seed text format, mapped to the venue they name.
_HEADER = re.compile(r"^(?P<venue>.+?)\s*(?:papers|论文列表|論文列表)\s*$", re.IGNORECASE)
_OPTIONAL_FIELDS = ("title", "authors", "year", "venue", "url", "id")
_MIN_ABSTRACT_CHARS = 20
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# JSON Lines are split at \n (and \r): str.splitlines() would also split at U+2028, U+2029 and
# NEL, which json.dumps(ensure_ascii=False) leaves raw inside strings.
_JSONL_LINE_END = re.compile(r"\r\n|\r|\n")


@dataclass
class LoadReport:
    """What loading found: the papers, and every record that was skipped and why."""

    papers: list[Paper] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    duplicates: int = 0
    files: list[Path] = field(default_factory=list)


def _read_text(path: Path) -> str:
    raw = path.read_bytes()
    if b"\x00" in raw:
        raise InputError(f"{path}: looks like a binary file (it holds NUL bytes); give UTF-8 text.")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{path}: not UTF-8 text (bad byte at offset {exc.start}); re-save it as UTF-8."
        ) from exc


def _make_paper(path: Path, position: int, record: dict[str, Any], venue: str) -> Paper:
    abstract = normalize_text(str(record.get("abstract") or ""))
    if len(abstract) < _MIN_ABSTRACT_CHARS:
        raise ValueError("the abstract is empty or too short")
    title = normalize_text(str(record.get("title") or "")) or derive_title(abstract)
    authors = record.get("authors") or []
    if isinstance(authors, str):
        authors = [a.strip() for a in re.split(r";|\band\b|,", authors) if a.strip()]
    year = record.get("year")
    paper = Paper(
        id=paper_id_for(abstract),
        title=title,
        source=path.name,
        position=position,
        venue=normalize_text(str(record.get("venue") or venue)),
        abstract=abstract,
        authors=[str(a) for a in authors],
        year=int(year) if year not in (None, "") else None,
        url=str(record["url"]) if record.get("url") else None,
        external_id=str(record["id"]) if record.get("id") not in (None, "") else None,
    )
    # A JSON "\ud800" escape gives a lone surrogate, which no store can hold: the whole build
    # would fail on it, so the record is skipped here.
    fields = [paper.title, paper.venue, paper.url or "", paper.external_id or "", *paper.authors]
    if _LONE_SURROGATE.search(" ".join(fields)):
        raise ValueError("a field holds a lone surrogate (a broken \\uXXXX escape)")
    return paper


def _text_records(path: Path, text: str) -> Iterator[tuple[int, int, dict[str, Any], str]]:
    """Yield (position, line, record, venue) from the seed format: a header, then blank-line
    separated abstracts."""
    lines = text.splitlines()
    header_match = _HEADER.match(lines[0].strip()) if lines else None
    venue = header_match.group("venue").strip() if header_match else ""
    start = 1 if header_match else 0
    block: list[str] = []
    block_line = start + 1
    position = 0
    for number, line in enumerate([*lines[start:], ""], start=start + 1):
        if line.strip():
            if not block:
                block_line = number
            block.append(line)
        elif block:
            position += 1
            yield position, block_line, {"abstract": " ".join(block)}, venue
            block = []


def _jsonl_records(path: Path, text: str) -> Iterator[tuple[int, int, dict[str, Any], str]]:
    position = 0
    for number, line in enumerate(_JSONL_LINE_END.split(text), start=1):
        if not line.strip():
            continue
        position += 1
        try:
            record = json.loads(line)
        except (ValueError, RecursionError) as exc:  # also: too deeply nested, too long an int
            reason = exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc).split(":")[0]
            yield position, number, {"_error": f"not valid JSON ({reason})"}, ""
            continue
        if not isinstance(record, dict):
            record = {"_error": "a JSON object is expected on each line"}
        yield position, number, record, ""


def _csv_records(path: Path, text: str) -> Iterator[tuple[int, int, dict[str, Any], str]]:
    # newline="" as the csv docs ask: a bare \r then ends a row instead of raising csv.Error.
    reader = csv.DictReader(io.StringIO(text, newline=""))
    try:
        columns = [c.strip().lower() for c in (reader.fieldnames or [])]
        rows = [(reader.line_num, row) for row in reader] if "abstract" in columns else []
    except csv.Error as exc:  # e.g. a field over the size limit: mostly a quote left open
        raise InputError(f"{path}:{reader.line_num}: not valid CSV ({exc}); is a quote left "
                         "open?") from exc
    if "abstract" not in columns:
        raise InputError(
            f"{path}: the CSV has no 'abstract' column (columns: {', '.join(columns) or 'none'})."
        )
    for position, (line, row) in enumerate(rows, start=1):
        record = {str(k).strip().lower(): v for k, v in row.items() if k is not None}
        yield position, line, record, ""


_READERS = {".txt": _text_records, ".jsonl": _jsonl_records, ".csv": _csv_records}


def load_file(path: Path, report: LoadReport) -> int:
    """Add the papers of one file to report; return how many were usable."""
    if not path.is_file():
        raise InputError(f"{path}: no such file.")
    reader = _READERS.get(path.suffix.lower())
    if reader is None:
        raise InputError(f"{path}: unknown format; use one of {', '.join(SUFFIXES)}.")
    text = _read_text(path)
    if not text.strip():
        raise InputError(f"{path}: the file is empty.")
    usable = 0
    for position, line, record, venue in reader(path, text):
        error = record.get("_error")
        if error is None:
            try:
                report.papers.append(_make_paper(path, position, record, venue))
                usable += 1
                continue
            except (ValueError, TypeError, OverflowError) as exc:  # OverflowError: year 1e999
                error = str(exc).splitlines()[0]
        message = f"{path}:{line}: record skipped: {error}"
        log.warning(message)
        report.skipped.append(message)
    if usable == 0:
        raise InputError(f"{path}: no usable abstract in the file (only a header, or all bad).")
    report.files.append(path)
    return usable


def expand_paths(paths: Iterable[Path]) -> list[Path]:
    """Files named directly, and the supported files inside named folders, sorted."""
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            files.extend(sorted(p for p in path.iterdir() if p.suffix.lower() in SUFFIXES))
        elif path.exists():
            files.append(path)
        else:
            raise InputError(f"{path}: no such file or folder.")
    return files


def load_papers(paths: Iterable[Path]) -> LoadReport:
    """Load every file; a file that fails is reported and skipped, the rest still load.
    Raises InputError only when no file gave a usable paper."""
    report = LoadReport()
    files = expand_paths(paths)
    if not files:
        raise InputError("no paper files given (looked for " + ", ".join(SUFFIXES) + ").")
    for path in files:
        try:
            load_file(path, report)
        except InputError as exc:
            log.warning("%s", exc)
            report.skipped.append(str(exc))
    if not report.papers:
        raise InputError("nothing usable to index: " + "; ".join(report.skipped))
    report.papers = _dedupe(report)
    return report


def _dedupe(report: LoadReport) -> list[Paper]:
    seen: dict[str, Paper] = {}
    for paper in report.papers:
        if paper.id in seen:
            report.duplicates += 1
            continue
        seen[paper.id] = paper
    return list(seen.values())
