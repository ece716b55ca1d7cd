"""The Papers tab's catalog (pure Python over a list of papers): search by every word, four
sort orders, a row cap for 15k-paper collections, rows found again, re-read on index change."""

from __future__ import annotations

import time
from typing import Any

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
