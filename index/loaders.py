"""Read papers from seed text files, JSONL and CSV, with clear errors per file and line.

A bad record is skipped with a warning naming file and line, a bad optional field is dropped
(index/records.py); a file with nothing usable raises InputError. Identical abstracts (after
folding white space and case) are kept once. A file name that is not valid UTF-8 is stored
with U+FFFD for its bad bytes; a symbolic link inside a given folder is followed only when its
target is inside one of the given folders.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import re
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from index.records import MAX_ABSTRACT_CHARS, Record, make_paper
from paperwise.errors import InputError
from paperwise.types import Paper

log = logging.getLogger(__name__)

SUFFIXES = (".txt", ".jsonl", ".csv")
# Headers of the seed text format, mapped to the venue they name.
_HEADER = re.compile(r"^(?P<venue>.+?)\s*(?:papers|论文列表|論文列表)\s*$", re.IGNORECASE)
_HEADER_CHARS = 200  # a longer first line is an abstract, not a header
_SURROGATE = re.compile("[\ud800-\udfff]")
# csv's default field limit (128 KiB) would fail a whole file on one long abstract, which is
# cut instead; the limit is raised while a file is read.
_CSV_FIELD_LIMIT = 64 * 1024 * 1024
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
    warnings: list[str] = field(default_factory=list)  # fields dropped or cut, records kept


def shown(path: Path | str) -> str:
    """A path as text that can always be printed and stored: bytes that are not UTF-8 (which
    Python keeps as lone surrogates) become U+FFFD."""
    text = str(path)
    if not _SURROGATE.search(text):
        return text
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def source_name(path: Path) -> str:
    """The name a file's papers are stored under."""
    return shown(path.name)


def _read_text(path: Path) -> str:
    raw = path.read_bytes()
    if b"\x00" in raw:
        raise InputError(f"{shown(path)}: looks like a binary file (it holds NUL bytes); give "
                         "UTF-8 text.")
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(
            f"{shown(path)}: not UTF-8 text (bad byte at offset {exc.start}); re-save it as UTF-8."
        ) from exc


def _text_records(path: Path, text: str) -> Iterator[tuple[int, int, dict[str, Any], str]]:
    """Yield (position, line, record, venue) from the seed format: a header, then blank-line
    separated abstracts."""
    lines = text.splitlines()
    first = lines[0].strip() if lines else ""
    header_match = _HEADER.match(first) if len(first) <= _HEADER_CHARS else None
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
    limit = csv.field_size_limit(max(csv.field_size_limit(), min(_CSV_FIELD_LIMIT, sys.maxsize)))
    try:
        columns = [c.strip().lower() for c in (reader.fieldnames or [])]
        rows = [(reader.line_num, row) for row in reader] if "abstract" in columns else []
    except csv.Error as exc:  # e.g. a field over the size limit: mostly a quote left open
        raise InputError(f"{shown(path)}:{reader.line_num}: not valid CSV ({exc}); is a quote "
                         "left open?") from exc
    finally:
        csv.field_size_limit(limit)
    if "abstract" not in columns:
        raise InputError(f"{shown(path)}: the CSV has no 'abstract' column (columns: "
                         f"{', '.join(columns) or 'none'}).")
    for position, (line, row) in enumerate(rows, start=1):
        record = {str(k).strip().lower(): v for k, v in row.items() if k is not None}
        yield position, line, record, ""


_READERS = {".txt": _text_records, ".jsonl": _jsonl_records, ".csv": _csv_records}


def load_file(path: Path, report: LoadReport,
              max_abstract_chars: int = MAX_ABSTRACT_CHARS) -> int:
    """Add the papers of one file to report; return how many were usable."""
    name = shown(path)
    if not path.is_file():
        raise InputError(f"{name}: no such file.")
    reader = _READERS.get(path.suffix.lower())
    if reader is None:
        raise InputError(f"{name}: unknown format; use one of {', '.join(SUFFIXES)}.")
    if name != str(path):
        message = (f"{name}: the file name is not valid UTF-8; its papers are stored under "
                   f"{source_name(path)!r}")
        log.warning(message)
        report.warnings.append(message)
    text = _read_text(path)
    if not text.strip():
        raise InputError(f"{name}: the file is empty.")
    usable = 0
    for position, line, fields, venue in reader(path, text):
        error = fields.get("_error")
        if error is None:
            record = Record(source_name(path), f"{name}:{line}", position, venue,
                            max_abstract_chars, report.warnings)
            try:
                report.papers.append(make_paper(fields, record))
                usable += 1
                continue
            except (ValueError, TypeError, OverflowError) as exc:
                error = str(exc).splitlines()[0]
        message = f"{name}:{line}: record skipped: {error}"
        log.warning(message)
        report.skipped.append(message)
    if usable == 0:
        raise InputError(f"{name}: no usable abstract in the file (only a header, or all bad).")
    report.files.append(path)
    return usable


def _inside(target: Path, folders: list[Path]) -> bool:
    return any(target == folder or target.is_relative_to(folder) for folder in folders)


def expand_paths(paths: Iterable[Path], skipped: list[str] | None = None) -> list[Path]:
    """Files named directly, and the supported files inside named folders, sorted. A link in a
    folder whose target is outside every named folder is left out (and reported in
    `skipped`): a folder of papers cannot hand out other files on the machine."""
    paths = list(paths)
    folders = [p.resolve() for p in paths if p.is_dir()]
    files: list[Path] = []
    for path in paths:
        if path.is_dir():
            for entry in sorted(p for p in path.iterdir() if p.suffix.lower() in SUFFIXES):
                if entry.is_symlink() and not _inside(entry.resolve(), folders):
                    if skipped is not None:
                        skipped.append(f"{shown(entry)}: a link to a file outside the given "
                                       "folders; not read")
                    continue
                files.append(entry)
        elif path.exists():
            files.append(path)
        else:
            raise InputError(f"{shown(path)}: no such file or folder.")
    return files


def load_papers(paths: Iterable[Path],
                max_abstract_chars: int = MAX_ABSTRACT_CHARS) -> LoadReport:
    """Load every file; a file that fails is reported and skipped, the rest still load.
    Raises InputError only when no file gave a usable paper."""
    report = LoadReport()
    files = expand_paths(paths, report.skipped)
    for message in report.skipped:
        log.warning("%s", message)
    if not files:
        raise InputError("no paper files given (looked for " + ", ".join(SUFFIXES) + ")"
                         + (": " + "; ".join(report.skipped) if report.skipped else "."))
    for path in files:
        try:
            load_file(path, report, max_abstract_chars)
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
