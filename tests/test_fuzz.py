"""Fuzzing: whatever the loaders, the question path and the HTTP API are fed, they answer or
refuse clearly (InputError, 4xx), never crash, hang or silently drop data. Hypothesis makes the
inputs, schemathesis the requests; tricky characters are mixed in on purpose."""

from __future__ import annotations

import csv
import io
import json
import re
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from pathlib import Path
from typing import Any, get_args

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from index.build import build_index
from index.embeddings import MiniLMEmbeddings
from index.loaders import SUFFIXES, load_papers
from index.store import make_store
from paperwise.errors import InputError
from paperwise.text import Language, normalize_text
from paperwise.types import Answer, paper_id_for
from rag import PaperQA
from rag.query import AskKind, analyse, name_tokens
from tests.conftest import free_port, make_settings

# Line and paragraph separators, NEL, BOM, bidi marks: where naive splitting loses text.
TRICKY = "\u2028\u2029\x85\r\n\t\x0b\x0c\x1c\x1e \u00a0\u200f\u202e\ufeff"
CHARS = st.one_of(st.characters(exclude_categories=("Cs",), exclude_characters="\x00"),
                  st.sampled_from(TRICKY))
TEXT = st.text(CHARS, max_size=60)
WORDS = st.text(st.characters(categories=("L", "N", "P", "S")), min_size=20, max_size=60)
ABSTRACT = st.builds(lambda a, b, c: a + b + c, TEXT, WORDS, TEXT)  # >= 20 chars once normalised
SHORT = st.text(CHARS, max_size=19)
LOADER = settings(max_examples=60, deadline=timedelta(seconds=5), database=None,
                  report_multiple_bugs=False)  # one bug, shrunk fast, not all in minutes
PREFIXES = {".txt": b"ICLR 2025 papers\n\n", ".csv": b"abstract,title\n",
            ".jsonl": b'{"abstract": "A valid abstract that is long enough to keep."}\n'}
# What a JSON "\\ud800" escape gives (one alone: an escaped *pair* decodes to a valid char).
LONE_SURROGATES = st.characters(categories=("Cs",)).map(lambda s: f"Abc {s} word")


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
    st.builds(lambda a, y: json.dumps({"abstract": a, "year": y}), ABSTRACT, BAD_YEAR),
    st.builds(json.dumps, st.one_of(st.lists(st.integers()), st.text(), st.integers(), st.none())),
    st.text(st.characters(exclude_categories=("Cs", "Cc", "Zl", "Zp"))).map("#".__add__),
    st.integers(900, 3000).map(lambda n: "[" * n),  # nesting deeper than the recursion limit
    st.integers(4301, 4400).map(lambda n: '{"n": ' + "7" * n + "}"),  # int longer than allowed
    st.builds(lambda a, f, s: json.dumps({"abstract": a, f: s}), ABSTRACT,  # lone surrogates
              st.sampled_from(["abstract", "title", "venue", "authors"]), LONE_SURROGATES),
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


@LOADER
@given(lines=st.lists(st.one_of(VALID, INVALID_JSONL), max_size=8), ascii_only=st.booleans(),
       newline=st.sampled_from(["\n", "\r\n"]))
def test_jsonl_records_round_trip(lines: list[Any], ascii_only: bool, newline: str) -> None:
    """ensure_ascii=False leaves U+2028, U+2029 and NEL raw inside a line: still one record."""
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "fuzz.jsonl"
        text = [json.dumps(x, ensure_ascii=ascii_only) if isinstance(x, dict) else x
                for x in lines]
        path.write_text(newline.join(text) + newline, encoding="utf-8")
        bad = [n for n, x in enumerate(lines, start=1) if not isinstance(x, dict)]
        skipped = _check_round_trip(path, [x for x in lines if isinstance(x, dict)], len(bad))
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
        valid = [{"abstract": a, "title": t} for a, t, y in rows
                 if len(normalize_text(a)) >= 20 and not _not_int(y)]
        _check_round_trip(path, valid, len(rows) - len(valid))


CORPUS = ("We introduce FB-CPR, which regularizes zero-shot reinforcement learning.\n\n"
          "Graph neural networks struggle with long-range dependencies.\n\n"
          "We present AIR-BENCH 2024, a safety benchmark with 314 risk categories.\n")


def test_a_bad_file_next_to_good_ones_loses_nothing(tmp_path: Path,
                                                    embedder: MiniLMEmbeddings) -> None:
    """A rebuild with a fuzzed file beside the corpus keeps every stored paper and reports the
    file it could not use. Multilingual vectors are off: they only slow each build down."""
    cfg = make_settings(tmp_path, embedding={"multilingual": False})
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "good.txt").write_text(f"ICLR 2025 papers\n\n{CORPUS}", encoding="utf-8")
    store = make_store(cfg, embedder)
    assert build_index(cfg, [folder], embedder=embedder, store=store).added == 3
    original = {p.id: p for p in store.papers()}

    surrogate_title = st.builds(lambda a, t: json.dumps({"abstract": a, "title": t}).encode(),
                                ABSTRACT, LONE_SURROGATES)  # once failed the whole build

    @settings(max_examples=20, deadline=None, database=None, report_multiple_bugs=False)
    @given(suffix=st.sampled_from(SUFFIXES), prefixed=st.booleans(), data=st.one_of(
        st.binary(max_size=500), TEXT.map(lambda t: t.encode("utf-8")), surrogate_title))
    def rebuild_with(suffix: str, prefixed: bool, data: bytes) -> None:
        bad = folder / f"zz-fuzz{suffix}"
        bad.write_bytes((PREFIXES[suffix] if prefixed else b"") + data)
        try:
            try:
                alone = {p.id for p in load_papers([bad]).papers}
            except InputError:
                alone = set()
            summary = build_index(cfg, [folder], embedder=embedder, store=store)
        finally:
            bad.unlink()
        stored = {p.id: p for p in store.papers()}
        assert all(stored.get(pid) == paper for pid, paper in original.items())
        assert alone <= set(stored)
        assert alone or any(str(bad) in message for message in summary.skipped), summary

    rebuild_with()


LONG = st.builds(lambda piece, n: (piece * (n // len(piece) + 1))[:n],
                 st.text(CHARS, min_size=1, max_size=40), st.integers(1, 20_000))
QUESTION = st.one_of(st.text(CHARS, max_size=300), LONG, LONE_SURROGATES,
                     st.builds(lambda t: "What does it use? " + t, TEXT))
_SURROGATE = re.compile("[\ud800-\udfff]")


@settings(max_examples=80, deadline=timedelta(seconds=10), database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(question=QUESTION, history=st.lists(st.tuples(QUESTION, TEXT), max_size=2))
def test_any_question_gets_an_answer_or_a_clear_refusal(
        seed_qa: PaperQA, question: str, history: list[tuple[str, str]]) -> None:
    """Any unicode (lone surrogates arrive through JSON escapes in /api/ask), any length: an
    Answer to the question as cleaned (white space folded, cut at the limit, with a notice),
    or InputError when there is nothing to ask."""
    try:
        answer = seed_qa.ask(question, history)
    except InputError:
        assert not question.strip()
        return
    assert question.strip() and isinstance(answer, Answer)
    limit = seed_qa.settings.max_question_chars
    cleaned = _SURROGATE.sub("\ufffd", " ".join(question.split()))
    assert answer.question == cleaned[:limit]
    assert any(str(limit) in notice for notice in answer.notices) == (len(cleaned) > limit)
    assert answer.text.strip() and all(h.paper.abstract for h in answer.sources)


@settings(max_examples=300, deadline=timedelta(seconds=2), database=None)
@given(text=st.one_of(st.text(st.characters(exclude_categories=()), max_size=3000), LONG))
def test_question_analysis_takes_any_text(text: str) -> None:
    """analyse() and name_tokens() run on raw text before anything else: no crash, no
    pathological regex time, and only the documented values."""
    intent = analyse(text)
    assert intent.language in get_args(Language) and intent.asks_for in (None, *get_args(AskKind))
    assert all(token in text for token in name_tokens(text))


@contextmanager
def live_server(qa: PaperQA) -> Iterator[str]:
    """The real app under uvicorn in a thread on 127.0.0.1, stopped on exit (as test_ui)."""
    import uvicorn

    from ui.app import create_app

    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(qa), host="127.0.0.1", port=port,
                                           log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    try:
        while not server.started:
            assert time.monotonic() < deadline and thread.is_alive(), "server did not start"
            time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_api_never_answers_500(seed_qa: PaperQA) -> None:
    """Schema-driven requests, valid and invalid, to every operation of our API in the real
    /openapi.json: 2xx or a clear 4xx, never a 5xx. (schemathesis.pytest.from_fixture needs a
    private attribute pytest 9.2 removed, so the strategies are driven by hand.)"""
    with live_server(seed_qa) as url:
        # Only our API: gradio's own routes, if they ever show up, are not ours to test.
        schema = schemathesis.openapi.from_url(f"{url}/openapi.json").include(
            path_regex=r"^/(api/|healthz$)")
        operations = [result.ok() for result in schema.get_all_operations()]
        assert {"POST /api/ask", "GET /api/papers", "GET /healthz"} <= {
            op.label for op in operations}
        cases = st.one_of([op.as_strategy(mode) for op in operations
                           for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)])

        @settings(max_examples=60, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=cases)
        def call(case: Any) -> None:
            case.call_and_validate(checks=[not_a_server_error], timeout=60)

        call()

        @settings(max_examples=10, deadline=None, database=None)
        @given(question=st.one_of(LONE_SURROGATES, TEXT))
        def ask_raw(question: str) -> None:
            """json.dumps writes a lone surrogate as a \\udXXX escape, as a broken client may;
            schemathesis never generates one."""
            response = httpx.post(f"{url}/api/ask", content=json.dumps({"question": question}),
                                  headers={"content-type": "application/json"}, timeout=60)
            assert response.status_code in (200, 422), response.text

        ask_raw()
