"""The Papers tab: the collection as a sortable, searchable table (title, authors, venue,
year), a view of one paper with its abstract, and "Ask about this paper"."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

import gradio as gr

from paperwise.text import clean_for_display
from rag import Paper, PaperQA
from ui.answer_text import authors_text
from ui.render import note_html, paper_html

log = logging.getLogger(__name__)

HEADERS = ["Title", "Authors", "Venue", "Year"]
Row = list[Any]


def _row(paper: Paper) -> Row:
    return [clean_for_display(paper.title), authors_text(paper.authors), paper.venue,
            paper.year if paper.year is not None else ""]


class PaperCatalog:
    """Every indexed paper, read from the store once and again only when the index changes
    (its chunk count moves), with one lower-cased search key per paper: filtering 15k papers
    per keystroke is a scan of plain strings."""

    def __init__(self, qa: PaperQA) -> None:
        self.qa = qa
        self._lock = threading.Lock()
        self._version: int | None = None
        self._papers: list[Paper] = []
        self._rows: list[Row] = []
        self._keys: list[str] = []

    def _current(self) -> int | None:
        try:
            return int(self.qa.store.count())
        except Exception:  # a store that cannot count is re-read every time
            log.debug("could not count the index", exc_info=True)
            return None

    def papers(self) -> list[Paper]:
        version = self._current()
        with self._lock:
            if version is None or version != self._version or not self._papers:
                started = time.perf_counter()
                papers = sorted(self.qa.papers(), key=lambda p: p.title.casefold())
                self._papers, self._rows = papers, [_row(p) for p in papers]
                self._keys = [" ".join([p.title, " ".join(p.authors), p.venue, str(p.year or ""),
                                        p.abstract, p.source]).casefold() for p in papers]
                self._version = self._current() if version is not None else None
                log.info("Paper list read: %d papers in %.2f s", len(papers),
                         time.perf_counter() - started)
            return self._papers

    def venues(self) -> list[tuple[str, int]]:
        return Counter(p.venue for p in self.papers()).most_common()

    def rows(self, query: str = "") -> list[Row]:
        """Table rows of the papers whose title, authors, venue, year, abstract or file name
        hold every word of the query."""
        self.papers()
        words = query.casefold().split()
        if not words:
            return list(self._rows)
        return [row for row, key in zip(self._rows, self._keys, strict=True)
                if all(w in key for w in words)]

    def find(self, row: Row) -> Paper | None:
        """The paper a table row shows (rows carry no id: they are matched on their cells)."""
        wanted = [str(cell) for cell in row[:len(HEADERS)]]
        self.papers()
        for paper, shown in zip(self._papers, self._rows, strict=True):
            if [str(cell) for cell in shown] == wanted:
                return paper
        return None


def count_text(shown: int, total: int) -> str:
    if shown == total:
        return f"{total:,} papers. Click a column header to sort, a row to read the abstract."
    return f"{shown:,} of {total:,} papers match."


@dataclass
class PapersTab:
    ask_about: gr.Button
    chosen_title: gr.State


def build_papers_tab(catalog: PaperCatalog) -> PapersTab:
    """The tab's components and its own events (search, select); "Ask about this paper" is
    wired by the chat, which owns the question flow."""
    count = gr.Markdown(lambda: count_text(len(catalog.papers()), len(catalog.papers())),
                        elem_id="pw-paper-count")
    search = gr.Textbox(label="Search papers", placeholder="Title, author, venue, year or words "
                        "from the abstract…", elem_id="pw-paper-search")
    table = gr.Dataframe(lambda: catalog.rows(), headers=HEADERS,
                         datatype=["str", "str", "str", "number"], interactive=False,
                         elem_id="pw-papers", max_height=460, wrap=True, label="Papers",
                         column_widths=["46%", "28%", "16%", "10%"], show_label=False)
    view = gr.HTML(note_html("Select a paper to read its abstract."), elem_id="pw-paper",
                   js_on_load=None)
    ask_about = gr.Button("Ask about this paper", elem_id="pw-ask-about", interactive=False)
    chosen_title = gr.State("")

    def filtered(query: str) -> tuple[list[Row], str]:
        rows = catalog.rows(query or "")
        return rows, count_text(len(rows), len(catalog.papers()))

    def show_paper(event: gr.SelectData) -> tuple[str, str, Any]:
        paper = catalog.find(list(event.row_value or []))
        if paper is None:
            return note_html("That paper is no longer in the index."), "", gr.update(
                interactive=False)
        return paper_html(paper), clean_for_display(paper.title), gr.update(interactive=True)

    gr.on([search.change], filtered, search, [table, count], api_name="search_papers",
          queue=False, show_progress="hidden")
    table.select(show_paper, None, [view, chosen_title, ask_about], api_name="show_paper")
    return PapersTab(ask_about=ask_about, chosen_title=chosen_title)

