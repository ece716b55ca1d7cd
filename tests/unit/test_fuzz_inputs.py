"""Fuzzing the pure input paths: whatever the loaders and the question analysis are fed, they
load or refuse clearly (InputError), never crash, hang or silently drop data; a bad optional
field (a year that is no number, a nested object, a broken \\uXXXX escape) costs that field,
not the record. Hypothesis makes the inputs; tricky characters are mixed in on purpose
(tests/strategies.py)."""

from __future__ import annotations

import csv
import io
import json
import tempfile
from datetime import timedelta
from pathlib import Path
from typing import Any, get_args

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from index.loaders import SUFFIXES, load_papers
from index.records import Record, make_paper
from paperwise.errors import InputError
from paperwise.text import Language, normalize_text
from paperwise.types import paper_id_for
from rag.ask_kind import AskKind
from rag.listing import list_topic
from rag.names import name_tokens
from rag.query import analyse
from tests.strategies import ABSTRACT, CHARS, LONE_SURROGATES, LONG, PREFIXES, SHORT, TEXT

LOADER = settings(max_examples=60, deadline=timedelta(seconds=5), database=None,
                  report_multiple_bugs=False)  # one bug, shrunk fast, not all in minutes


def _not_int(value: str) -> bool:
    try:
        int(value)
    except ValueError:
        return value != ""
    return False


VALID = st.fixed_dictionaries({"abstract": ABSTRACT}, optional={
    "title": TEXT, "venue": TEXT, "url": TEXT, "id": st.one_of(TEXT, st.integers(-10**9, 10**9)),
    "authors": st.one_of(TEXT, st.lists(TEXT, max_size=3)), "year": st.integers(1900, 2100)})
BAD_YEAR = st.one_of(st.text().filter(_not_int), st.sampled_from([1e999, -1e999, float("nan")]),
                     st.lists(st.integers(), max_size=2))
INVALID_JSONL = st.one_of(
    st.builds(lambda a: json.dumps({"abstract": a}), SHORT),
    st.builds(json.dumps, st.one_of(st.lists(st.integers()), st.text(), st.integers(), st.none())),
    st.text(st.characters(exclude_categories=("Cs", "Cc", "Zl", "Zp"))).map("#".__add__),
    st.integers(900, 3000).map(lambda n: "[" * n),  # nesting deeper than the recursion limit
    st.integers(4301, 4400).map(lambda n: '{"n": ' + "7" * n + "}"),  # int longer than allowed
    st.builds(lambda s: json.dumps({"abstract": s}), LONE_SURROGATES),  # and too short
    st.builds(lambda a: json.dumps({"abstract": a}), st.one_of(  # an abstract that is no text
        st.lists(ABSTRACT, min_size=1, max_size=2), st.dictionaries(TEXT, ABSTRACT, max_size=2))),
)
NESTED = st.one_of(st.dictionaries(TEXT, TEXT, max_size=2), st.lists(TEXT, min_size=1, max_size=2))
# (JSON line, the record as it loads): one bad optional field, dropped; the record is kept.
KEPT_JSONL = st.one_of(
    st.builds(lambda a, y: (json.dumps({"abstract": a, "year": y}), {"abstract": a}),
              ABSTRACT, BAD_YEAR),
    st.builds(lambda a, f, s: (json.dumps({"abstract": a, f: s}), {"abstract": a}), ABSTRACT,
              st.sampled_from(["title", "venue", "authors", "id"]), LONE_SURROGATES),
    st.builds(lambda a, f, v: (json.dumps({"abstract": a, f: v}), {"abstract": a}), ABSTRACT,
              st.sampled_from(["title", "venue", "url", "id", "year"]), NESTED),
    st.builds(lambda a, u: (json.dumps({"abstract": a, "url": u}), {"abstract": a}), ABSTRACT,
              st.sampled_from(["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd",
                               "//no-scheme.example", "ftp://x.example/a"])),
)


def _check_round_trip(path: Path, valid: list[dict[str, Any]], invalid: int) -> list[str]:
    """Every valid record loads with its text intact (white space folded, as normalize_text
    documents); every invalid one is skipped with a message naming the file. Returns those."""
    try:
        report = load_papers([path])
    except InputError as exc:
        assert not valid and str(path) in str(exc)
        return []
    first: dict[str, dict[str, Any]] = {}
    for record in valid:
        first.setdefault(paper_id_for(record["abstract"]), record)
    got = {p.id: p for p in report.papers}
    assert set(got) == set(first) and len(got) + report.duplicates == len(valid)
    for pid, paper in got.items():
        assert paper.abstract == normalize_text(first[pid]["abstract"])
        title = normalize_text(str(first[pid].get("title") or ""))
        assert not title or paper.title == title
        assert paper.year == first[pid].get("year")  # a year that is no number is dropped
        assert paper.url is None or paper.url.lower().startswith(("http://", "https://"))
    assert len(report.skipped) == invalid, report.skipped
    assert all(m.startswith(f"{path}:") for m in report.skipped)
    return report.skipped


# An unclosed quote swallowing the rest of the file, up to past csv's field size limit.
OPEN_QUOTE = st.integers(1, 30_000).map(lambda n: b'"' + b"word " * n)
ANY_BYTES = st.one_of(st.binary(max_size=3000), TEXT.map(lambda t: t.encode("utf-8")), OPEN_QUOTE)


@settings(LOADER, max_examples=200)
@given(suffix=st.sampled_from(SUFFIXES), prefixed=st.booleans(), data=ANY_BYTES)
def test_any_bytes_load_or_raise_input_error(suffix: str, prefixed: bool, data: bytes) -> None:
    """Random bytes, alone or after a valid start (to get past the header checks)."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / f"fuzz{suffix}"
        path.write_bytes((PREFIXES[suffix] if prefixed else b"") + data)
        try:
            report = load_papers([path])
        except InputError as exc:
            assert str(path) in str(exc)
            return
        assert report.files == [path] and report.papers
        assert all(p.source == path.name and len(p.abstract) >= 20 for p in report.papers)


def _jsonl_line(item: Any, ascii_only: bool) -> str:
    if isinstance(item, dict):
        return json.dumps(item, ensure_ascii=ascii_only)
    return item[0] if isinstance(item, tuple) else str(item)


@LOADER
@given(lines=st.lists(st.one_of(VALID, INVALID_JSONL, KEPT_JSONL), max_size=8),
       ascii_only=st.booleans(), newline=st.sampled_from(["\n", "\r\n"]))
def test_jsonl_records_round_trip(lines: list[Any], ascii_only: bool, newline: str) -> None:
    """ensure_ascii=False leaves U+2028, U+2029 and NEL raw inside a line: still one record."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.jsonl"
        text = [_jsonl_line(x, ascii_only) for x in lines]
        path.write_text(newline.join(text) + newline, encoding="utf-8")
        bad = [n for n, x in enumerate(lines, start=1) if isinstance(x, str)]
        kept = [x if isinstance(x, dict) else x[1] for x in lines if not isinstance(x, str)]
        skipped = _check_round_trip(path, kept, len(bad))
        assert not skipped or [int(m.split(":")[1]) for m in skipped] == bad


CSV_ROW = st.one_of(st.tuples(ABSTRACT, TEXT, st.sampled_from(["", "2024", " 1999 "])),
                    st.tuples(SHORT, TEXT, st.just("")),
                    st.tuples(ABSTRACT, TEXT, st.text(CHARS, max_size=8).filter(_not_int)))


@LOADER
@given(rows=st.lists(CSV_ROW, max_size=8), header=st.sampled_from(["abstract", " Abstract "]),
       quoting=st.sampled_from([csv.QUOTE_MINIMAL, csv.QUOTE_ALL]))
def test_csv_rows_round_trip(rows: list[tuple[str, str, str]], header: str, quoting: int) -> None:
    """Rows written by csv.writer (fields with quotes, commas and newlines) come back intact."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, quoting=quoting)
    writer.writerow([header, "title", "year"])
    writer.writerows(rows)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.csv"
        path.write_text(buffer.getvalue(), encoding="utf-8")
        # A year that is no number drops that field, not the row.
        valid = [{"abstract": a, "title": t} | ({"year": int(y)} if y in ("2024", " 1999 ")
                                                else {})
                 for a, t, y in rows if len(normalize_text(a)) >= 20]
        _check_round_trip(path, valid, len(rows) - len(valid))


@settings(max_examples=300, deadline=timedelta(seconds=2), database=None)
@given(text=st.one_of(st.text(st.characters(exclude_categories=()), max_size=3000), LONG))
def test_question_analysis_takes_any_text(text: str) -> None:
    """analyse() and name_tokens() run on raw text before anything else: no crash, no
    pathological regex time, and only the documented values."""
    intent = analyse(text)
    assert intent.language in get_args(Language) and intent.asks_for in (None, *get_args(AskKind))
    assert all(token in text for token in name_tokens(text))


# A list question's frame read off a text with long runs of white space: LIST_FRAME was cubic
# on one (12 s for 2,000 spaces), fine only because PaperQA folds white space first.
FRAMED_WITH_SPACE_RUNS = st.lists(
    st.one_of(st.sampled_from(["which papers do", "list papers on", "I'm surveying", " - ", "?",
                               "methods for offline RL with many words in it"]),
              st.integers(1, 3000).map(lambda n: "\u0085" * n),
              st.integers(1, 3000).map(lambda n: " " * n)),
    min_size=1, max_size=8).map("".join)


@settings(max_examples=100, deadline=timedelta(seconds=2), database=None)
@given(text=st.one_of(TEXT, LONG, FRAMED_WITH_SPACE_RUNS))
def test_a_list_topic_is_read_from_any_text(text: str) -> None:
    topic = list_topic(text)
    assert topic == text or len(topic.split()) < len(text.split())


CJK = st.text(st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF), min_size=20,
              max_size=3000)
CJK_WITH_PUNCTUATION = st.lists(st.one_of(CJK, st.sampled_from(["。", "，", " ", "！", "; "])),
                                min_size=1, max_size=12).map("".join)


@settings(LOADER, max_examples=100)
@given(abstract=st.one_of(ABSTRACT, LONG, CJK, CJK_WITH_PUNCTUATION,
                          st.integers(101, 30_000).map(lambda n: "Q" * n)))
def test_a_derived_title_is_short_whatever_the_abstract(abstract: str) -> None:
    """One unbroken token, Chinese without spaces, or anything else: a derived title is at most
    100 characters, never the abstract itself (once the whole abstract became its title)."""
    try:
        paper = make_paper({"abstract": abstract}, Record("f.txt", "f.txt:1", 1, ""))
    except ValueError:  # too short once white space is folded
        return
    assert 0 < len(paper.title) <= 100 and paper.title.encode("utf-8")
    assert len(paper.abstract) <= 100 or paper.title != paper.abstract


@pytest.mark.parametrize(("year", "kept"), [("0\x1f", None), ("2024\x1f", 2024)])
def test_a_year_with_a_control_separator_drops_the_year_not_the_row(year: str,
                                                                      kept: int | None) -> None:
    # found by test_csv_rows_round_trip: float("0\x1f") raised and the whole row was skipped
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "year.csv"
        path.write_text(f'abstract,year\n"{"0" * 20}","{year}"\n', encoding="utf-8")
        report = load_papers([path])
    assert [p.year for p in report.papers] == [kept] and not report.skipped
