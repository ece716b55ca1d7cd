"""Loading what a hostile or careless file holds: a bad optional field costs that field (with a
warning naming file and line), strings are capped, only http(s) URLs are kept, a 5 MB abstract
is cut in milliseconds, a file name that is not UTF-8 is stored safely, and links in a folder
are followed only to files inside the given folders."""

from __future__ import annotations

import csv
import io
import json
import os
import time
from pathlib import Path

import pytest

from index.loaders import load_papers
from index.records import FIELD_CHARS, TITLE_CHARS

ABSTRACT = ("We introduce FB-CPR, which regularizes zero-shot reinforcement learning towards "
            "imitating unlabeled behaviors. It works well on humanoid control.")
OTHER = ("Graph neural networks struggle with long-range dependencies. We propose LRG-Net, "
         "a model that propagates messages over learned shortcuts.")


def _jsonl(path: Path, *records: dict[str, object]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records), encoding="utf-8")
    return path


def test_a_bad_optional_field_drops_that_field_not_the_record(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "p.jsonl",
                  {"abstract": ABSTRACT, "year": "n/a", "title": {"nested": 1},
                   "venue": ["a", "b"], "id": {"x": 1}, "authors": "Ada Lovelace; Alan Turing"},
                  {"abstract": OTHER, "year": 2024.0, "authors": ["Grace", 7, {"x": 1}],
                   "url": "javascript:alert(1)"})
    report = load_papers([path])
    first, second = report.papers
    assert (first.year, first.title, first.venue, first.external_id) == (None, "FB-CPR", "", None)
    assert first.authors == ["Ada Lovelace", "Alan Turing"]
    assert (second.year, second.authors, second.url) == (2024, ["Grace", "7"], None)
    assert not report.skipped
    warned = "\n".join(report.warnings)
    for where, name in (("p.jsonl:1", "year"), ("p.jsonl:1", "title"), ("p.jsonl:1", "venue"),
                        ("p.jsonl:1", "id"), ("p.jsonl:2", "authors"), ("p.jsonl:2", "url")):
        assert any(w.startswith(f"{path}") and where in w and f"'{name}'" in w
                   for w in report.warnings), (where, name, warned)


def test_a_csv_row_with_a_bad_year_keeps_the_row(tmp_path: Path) -> None:
    buffer = io.StringIO()
    csv.writer(buffer).writerows([["abstract", "year", "url"], [ABSTRACT, "twenty", "http://a.b/c"],
                                  [OTHER, "1999", "vbscript:x"]])
    (tmp_path / "p.csv").write_text(buffer.getvalue(), encoding="utf-8")
    report = load_papers([tmp_path / "p.csv"])
    assert [(p.year, p.url) for p in report.papers] == [(None, "http://a.b/c"), (1999, None)]
    assert any("p.csv:2" in w and "'year'" in w for w in report.warnings)
    assert any("p.csv:3" in w and "'url'" in w for w in report.warnings)


def test_titles_and_every_metadata_string_are_capped(tmp_path: Path) -> None:
    path = _jsonl(tmp_path / "p.jsonl",
                  {"abstract": ABSTRACT, "title": "T" * 5000, "venue": "V " * 2000,
                   "id": "i" * 5000, "authors": [f"Author Number {n}" for n in range(500)]},
                  {"abstract": "x" * 300_000})  # one unbroken token: once its own title
    started = time.perf_counter()
    long_fields, one_token = load_papers([path]).papers
    assert time.perf_counter() - started < 1.0  # its title once took minutes to derive
    assert len(long_fields.title) == TITLE_CHARS and long_fields.title.endswith("…")
    assert len(long_fields.venue) <= FIELD_CHARS and len(long_fields.external_id or "") <= 500
    assert 0 < len("; ".join(long_fields.authors)) <= FIELD_CHARS
    assert len(one_token.title) <= TITLE_CHARS and len(one_token.abstract) == 20_000


@pytest.mark.parametrize("suffix", [".txt", ".jsonl", ".csv"])
def test_a_5_mb_abstract_is_cut_with_a_warning_in_under_a_second(tmp_path: Path,
                                                                  suffix: str) -> None:
    huge = ("routing tokens cuts compute " * 200_000)[:5_000_000]  # 5 MB
    path = tmp_path / f"big{suffix}"
    if suffix == ".txt":
        path.write_text(f"ICLR 2025 Papers\n\n{ABSTRACT}\n\n{huge}\n", encoding="utf-8")
        line = 5
    elif suffix == ".jsonl":
        _jsonl(path, {"abstract": ABSTRACT}, {"abstract": huge})
        line = 2
    else:
        buffer = io.StringIO()
        csv.writer(buffer).writerows([["abstract"], [ABSTRACT], [huge]])
        path.write_text(buffer.getvalue(), encoding="utf-8")
        line = 3
    started = time.perf_counter()
    report = load_papers([path], max_abstract_chars=20_000)
    took = time.perf_counter() - started
    assert took < 1.0, f"{took:.2f} s"
    small, big = report.papers
    assert small.abstract == ABSTRACT and 19_000 < len(big.abstract) <= 20_000
    assert any(f"big{suffix}:{line}" in w and "abstract cut to 20,000" in w
               for w in report.warnings), report.warnings


def test_a_first_line_of_megabytes_is_not_read_as_a_header(tmp_path: Path) -> None:
    line = "x" + " " * 3_000_000 + "y papers"  # a header regex alone would take hours on it
    (tmp_path / "p.txt").write_text(f"{line}\n{ABSTRACT}\n", encoding="utf-8")
    started = time.perf_counter()
    [paper] = load_papers([tmp_path / "p.txt"]).papers
    assert time.perf_counter() - started < 1.0
    assert paper.venue == "" and paper.abstract == f"x y papers {ABSTRACT}"


def test_a_file_name_that_is_not_utf8_is_stored_safely(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path / "papers")
    os.mkdir(folder)
    fd = os.open(folder + b"/r\xe9sum\xe9-\xff.txt", os.O_WRONLY | os.O_CREAT)
    os.write(fd, f"ICLR 2025 Papers\n\n{ABSTRACT}\n".encode())
    os.close(fd)
    report = load_papers([tmp_path / "papers"])
    [paper] = report.papers
    assert paper.source == "r\ufffdsum\ufffd-\ufffd.txt"
    assert paper.source.encode("utf-8")  # no surrogates: any store, log or page takes it
    assert any("not valid UTF-8" in w for w in report.warnings)
    "\n".join(report.warnings).encode("utf-8")


def test_links_are_followed_only_to_files_inside_the_given_folders(tmp_path: Path) -> None:
    papers, more, outside = (tmp_path / n for n in ("papers", "more", "outside"))
    for folder in (papers, more, outside):
        folder.mkdir()
    (papers / "a.txt").write_text(f"ICLR 2025 Papers\n\n{ABSTRACT}\n", encoding="utf-8")
    (more / "b.txt").write_text(f"ICLR 2025 Papers\n\n{OTHER}\n", encoding="utf-8")
    secret = outside / "secret.txt"
    secret.write_text("ICLR 2025 Papers\n\nThe secret system file that must never be indexed "
                      "by a link from a paper folder.\n", encoding="utf-8")
    (papers / "in-more.txt").symlink_to(more / "b.txt")
    (papers / "escape.txt").symlink_to(secret)
    (papers / "dots.txt").symlink_to(Path("..") / "outside" / "secret.txt")
    report = load_papers([papers, more])
    sources = sorted(p.source for p in report.papers)
    assert "escape.txt" not in sources and "dots.txt" not in sources
    assert {"a.txt", "in-more.txt"} <= set(sources) or {"a.txt", "b.txt"} <= set(sources)
    assert all("secret" not in p.abstract for p in report.papers)
    assert sum("outside the given folders" in s for s in report.skipped) == 2
    alone = load_papers([papers])  # b.txt's folder not given: its link is not followed either
    assert sorted(p.source for p in alone.papers) == ["a.txt"]
    assert load_papers([papers / "escape.txt"]).papers  # a file named directly is read
