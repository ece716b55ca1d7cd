"""The Papers tab: the collection as a sortable, searchable table (title, authors, venue,
year), a view of one paper with its abstract, and "Ask about this paper"."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import gradio as gr

from paperwise.text import clean_for_display
from rag import Paper, PaperQA
from ui.add_papers import build_add_papers
from ui.answer_text import authors_text
from ui.render import note_html, paper_html

log = logging.getLogger(__name__)

HEADERS = ["Title", "Authors", "Venue", "Year"]
ROW_LIMIT = 500  # rows sent to the browser at once: a 15k-row table per keystroke is not
Row = list[Any]


def _title_key(paper: Paper) -> str:
    return clean_for_display(paper.title).casefold()


SORTS: dict[str, Callable[[Paper], tuple[Any, ...]]] = {
    "Title": lambda p: (_title_key(p),),
    "Authors": lambda p: (not p.authors, (p.authors or [""])[0].casefold(), _title_key(p)),
    "Venue": lambda p: (not p.venue, p.venue.casefold(), _title_key(p)),
    "Year (newest first)": lambda p: (p.year is None, -(p.year or 0), _title_key(p)),
}


def _row(paper: Paper) -> Row:
    return [clean_for_display(paper.title), authors_text(paper.authors), paper.venue,
            paper.year if paper.year is not None else ""]


@dataclass(frozen=True)
class _Snapshot:
    papers: list[Paper]
    rows: list[Row]
    keys: list[str]  # lower-cased title, authors, venue, year, abstract and file of each paper
    orders: dict[str, list[int]]


def _order(papers: list[Paper], key: Callable[[Paper], tuple[Any, ...]]) -> list[int]:
    return sorted(range(len(papers)), key=lambda i: key(papers[i]))


def _snapshot(papers: list[Paper]) -> _Snapshot:
    keys = [" ".join([p.title, " ".join(p.authors), p.venue, str(p.year or ""), p.abstract,
                      p.source]).casefold() for p in papers]
    return _Snapshot(papers, [_row(p) for p in papers], keys,
                     {name: _order(papers, key) for name, key in SORTS.items()})


class PaperCatalog:
    """Every indexed paper, read from the store once and again only when the index changes
    (its chunk count moves), with one lower-cased search key per paper and one precomputed
    order per sort: filtering 15k papers per keystroke is a scan of plain strings."""

    def __init__(self, qa: PaperQA) -> None:
        self.qa = qa
        self._lock = threading.Lock()
        self._version: int | None = None
        self._snapshot = _Snapshot([], [], [], {})

    def _current(self) -> int | None:
        try:
            return int(self.qa.store.count())
        except Exception:  # a store that cannot count is re-read every time
            log.debug("could not count the index", exc_info=True)
            return None

    def _read(self) -> _Snapshot:
        version = self._current()
        with self._lock:
            if version is None or version != self._version or not self._snapshot.papers:
                started = time.perf_counter()
                papers = self.qa.papers()
                self._snapshot, self._version = _snapshot(papers), version
                log.info("Paper list read: %d papers in %.2f s", len(papers),
                         time.perf_counter() - started)
            return self._snapshot

    def papers(self) -> list[Paper]:
        return self._read().papers

    def venues(self) -> list[tuple[str, int]]:
        return Counter(p.venue for p in self.papers()).most_common()

    def rows(self, query: str = "", sort: str = "Title") -> tuple[list[Row], int]:
        """(the first ROW_LIMIT rows, how many papers match): papers whose title, authors,
        venue, year, abstract or file name hold every word of the query, in the sort's order."""
        snap = self._read()
        order = snap.orders.get(sort) or snap.orders.get("Title", [])
        words = query.casefold().split()
        matched = [i for i in order if all(w in snap.keys[i] for w in words)] if words else order
        return [snap.rows[i] for i in matched[:ROW_LIMIT]], len(matched)

    def find(self, row: Row) -> Paper | None:
        """The paper a table row shows (rows carry no id: they are matched on their cells)."""
        wanted = [str(cell) for cell in row[:len(HEADERS)]]
        snap = self._read()
        for paper, shown in zip(snap.papers, snap.rows, strict=True):
            if [str(cell) for cell in shown] == wanted:
                return paper
        return None


def count_text(matching: int, total: int, searched: bool) -> str:
    more = f"; showing the first {ROW_LIMIT:,}" if matching > ROW_LIMIT else ""
    if searched:
        return f"{matching:,} of {total:,} papers match{more}."
    return (f"{total:,} papers{more}. Search, sort, or click a column header; click a row "
            "to read its abstract.")


@dataclass
class PapersTab:
    ask_about: gr.Button
    chosen_title: gr.State


def build_papers_tab(catalog: PaperCatalog) -> PapersTab:
    """The tab's components and its own events (search, sort, select); "Ask about this
    paper" is wired by the chat, which owns the question flow."""
    def table(query: str = "", sort: str = "Title") -> tuple[list[Row], str]:
        rows, matching = catalog.rows(query or "", sort or "Title")
        return rows, count_text(matching, len(catalog.papers()), bool((query or "").strip()))

    count = gr.Markdown(lambda: table()[1], elem_id="pw-paper-count")
    with gr.Row(equal_height=True):
        search = gr.Textbox(label="Search papers", scale=3, elem_id="pw-paper-search",
                            placeholder="Title, author, venue, year or words from the abstract…")
        sort = gr.Dropdown(list(SORTS), value="Title", label="Sort by", scale=1,
                           elem_id="pw-paper-sort")
    papers = gr.Dataframe(lambda: table()[0], headers=HEADERS,
                          datatype=["str", "str", "str", "number"], interactive=False,
                          elem_id="pw-papers", max_height=460, wrap=True, label="Papers",
                          column_widths=["46%", "28%", "16%", "10%"], show_label=False)
    view = gr.HTML(note_html("Select a paper to read its abstract."), elem_id="pw-paper",
                   js_on_load=None)
    ask_about = gr.Button("Ask about this paper", elem_id="pw-ask-about", interactive=False)
    chosen_title = gr.State("")

    def show_paper(event: gr.SelectData) -> tuple[str, str, Any]:
        paper = catalog.find(list(event.row_value or []))
        if paper is None:
            return note_html("That paper is no longer in the index."), "", gr.update(
                interactive=False)
        return paper_html(paper), clean_for_display(paper.title), gr.update(interactive=True)

    gr.on([search.change, sort.change], table, [search, sort], [papers, count],
          api_name="search_papers", queue=False, show_progress="hidden")
    papers.select(show_paper, None, [view, chosen_title, ask_about], api_name="show_paper")
    build_add_papers(catalog.qa, table, [search, sort], [papers, count])
    return PapersTab(ask_about=ask_about, chosen_title=chosen_title)
