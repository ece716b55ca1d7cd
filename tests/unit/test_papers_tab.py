"""The Papers tab's catalog (pure Python over a list of papers): search by every word, four
sort orders, a row cap for 15k-paper collections, rows found again, re-read on index change."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from eval.synthetic import zipf_papers
from rag import Paper
from ui.papers_tab import ROW_LIMIT, PaperCatalog, count_text


class _Store:
    def __init__(self) -> None:
        self.chunks = 10

    def count(self) -> int:
        return self.chunks


class _QA:
    def __init__(self, papers: list[Paper]) -> None:
        self.store, self.list, self.reads = _Store(), papers, 0

    def papers(self) -> list[Paper]:
        self.reads += 1
        return self.list


def _paper(n: int, title: str, **extra: Any) -> Paper:
    return Paper(id=f"p{n}", title=title, source=f"{n:03d}_85b441c865.txt", position=n,
                 abstract=f"Abstract {n} about {title}.", **extra)


PAPERS = [
    _paper(1, "Zeta nets", authors=["Ada Lovelace"], venue="ICLR 2025", year=2025),
    _paper(2, "Alpha \\textit{routing}", authors=["Alan Turing", "Grace Hopper"],
           venue="NeurIPS 2024", year=2024),
    _paper(3, "Mu graphs", venue="ICLR 2025"),
]


def test_rows_are_title_authors_venue_year_without_file_names() -> None:
    rows, matching = PaperCatalog(_QA(PAPERS)).rows()  # type: ignore[arg-type]
    assert matching == 3
    assert rows[0] == ["Alpha routing", "Alan Turing, Grace Hopper", "NeurIPS 2024", 2024]
    assert all(".txt" not in str(cell) for row in rows for cell in row)


def test_search_needs_every_word_anywhere() -> None:
    catalog = PaperCatalog(_QA(PAPERS))  # type: ignore[arg-type]
    assert [r[0] for r in catalog.rows("hopper 2024")[0]] == ["Alpha routing"]
    assert catalog.rows("iclr graphs")[1] == 1 and catalog.rows("nothing here")[1] == 0


def test_four_sort_orders() -> None:
    catalog = PaperCatalog(_QA(PAPERS))  # type: ignore[arg-type]
    def titles(sort: str) -> list[str]:
        return [r[0] for r in catalog.rows("", sort)[0]]
    assert titles("Title") == ["Alpha routing", "Mu graphs", "Zeta nets"]
    assert titles("Authors") == ["Zeta nets", "Alpha routing", "Mu graphs"]
    assert titles("Venue") == ["Mu graphs", "Zeta nets", "Alpha routing"]
    assert titles("Year (newest first)") == ["Zeta nets", "Alpha routing", "Mu graphs"]


def test_a_row_finds_its_paper_and_the_list_is_read_again_only_on_change() -> None:
    qa = _QA(PAPERS)
    catalog = PaperCatalog(qa)  # type: ignore[arg-type]
    row = catalog.rows("zeta")[0][0]
    assert catalog.find(row) == PAPERS[0] and catalog.find(["x", "", "", ""]) is None
    catalog.rows("mu")
    assert qa.reads == 1
    qa.store.chunks, qa.list = 12, [*PAPERS, _paper(4, "Nu")]
    assert catalog.rows()[1] == 4 and qa.reads == 2


def test_fifteen_thousand_papers_filter_fast_and_send_a_capped_table() -> None:
    many = [_paper(i, f"Paper {i} on graphs", venue="ICLR 2025", year=2020 + i % 6,
                   authors=["Grace Hopper" if i % 97 == 0 else f"Author {i}"])
            for i in range(1, 15_001)]
    catalog = PaperCatalog(_QA(many))  # type: ignore[arg-type]
    catalog.rows()
    started = time.perf_counter()
    rows, matching = catalog.rows("hopper graphs")
    elapsed = time.perf_counter() - started
    assert matching == 154 and len(rows) == 154
    assert elapsed < 0.1, f"{elapsed:.3f} s per keystroke"
    assert len(catalog.rows()[0]) == ROW_LIMIT
    assert count_text(15_000, 15_000, False).startswith("15,000 papers; showing the first 500")
    assert count_text(3, 15_000, True) == "3 of 15,000 papers match."


def _naive(papers: list[Paper], query: str) -> set[str]:
    """What the search means: every word of the query inside the paper's lower-cased text."""
    words = query.casefold().split()
    return {p.id for p in papers
            if all(w in " ".join([p.title, " ".join(p.authors), p.venue, str(p.year or ""),
                                  p.abstract, p.source]).casefold() for w in words)}


def test_search_finds_what_a_scan_of_every_paper_finds() -> None:
    papers = [*PAPERS, _paper(4, "Ünïcode Straße — 图神经网络", authors=["Zoë O'Neil"]),
              _paper(5, "Graph-based agents, e.g. RL", venue="ICML 2024", year=2024)]
    catalog = PaperCatalog(_QA(papers))  # type: ignore[arg-type]
    queries = ["", "a", "e", "graph", "raph-ba", "e.g.", "o'n", "zoë", "STRASSE", "straße",
               "图神经", "神经网络 ünï", "abstract 4", "2024 icml", "txt", "85b441c865.txt",
               "zeta alpha", "nothing", "\ud800"]
    for query in queries:
        rows, matching = catalog.rows(query, "Title")
        wanted = _naive(papers, query)
        assert matching == len(wanted), query
        assert {catalog.find(r).id for r in rows} == wanted, query  # type: ignore[union-attr]


def _slowest_keystroke(search: Callable[[str], object], queries: list[str]) -> float:
    """The slowest query's best of 3 (the best of a few is what a loaded machine lets through)."""
    slowest = 0.0
    for query in queries:
        took = []
        for _ in range(3):
            started = time.perf_counter()
            search(query)
            took.append(time.perf_counter() - started)
        slowest = max(slowest, min(took))
    return slowest


def test_fifteen_thousand_real_sized_abstracts_filter_without_scanning_them() -> None:
    """Abstracts of ~1,300 characters over a 120k-word vocabulary (Zipf-like, as real ones;
    eval.synthetic.zipf_papers, which eval/hostile_bench.py times too). Scanning every paper's
    text took 80-115 ms a keystroke for a rare word here; the word index 6-24 ms (the 100 ms
    budget is measured in the closing note, not here). Timed against the scan in the same run,
    so a loaded machine slows both: the index must stay at least twice as fast on the slowest
    keystroke."""
    many = zipf_papers(15_000)
    catalog = PaperCatalog(_QA(many))  # type: ignore[arg-type]
    catalog.rows()
    rare = many[5000].abstract.split()[-1].rstrip(".")
    queries = ["g", "gr", "qx", "qxz", "zzzz", "author 99", rare, "a b"]
    indexed = _slowest_keystroke(catalog.rows, queries)
    scanned = _slowest_keystroke(lambda q: _naive(many, q), queries)
    assert indexed < scanned / 2, f"{indexed:.3f} s against a scan's {scanned:.3f} s"
    assert catalog.rows("author 996")[1] == len(_naive(many, "author 996")) > 0
