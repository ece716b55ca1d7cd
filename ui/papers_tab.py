"""The Papers tab: the collection as a sortable, searchable table (title, authors, venue,
year), a view of one paper with its abstract, and "Ask about this paper"."""

from __future__ import annotations

import logging
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import gradio as gr
import numpy as np

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
class _WordIndex:
    """The distinct words (split at white space) of every paper's lower-cased search key, and
    which papers hold each. A query word holds no white space, so it is in a key exactly when
    it is inside one of the key's words: a keystroke compares the words' bytes once (about
    1 MB at 15k papers, in numpy) instead of scanning every key with its abstract (25 MB:
    up to 100 ms a keystroke, measured on this 2-core machine with other work running).
    UTF-8 is matched as bytes: a valid UTF-8 word only matches at character boundaries."""

    text: np.ndarray  # the words' UTF-8 bytes, each word followed by a newline
    starts: np.ndarray  # where each word starts in `text`
    word_of: np.ndarray  # the numbers of each paper's words, paper after paper
    first: np.ndarray  # where each paper's words start in `word_of` (clipped to its end)
    has_words: np.ndarray  # whether each paper has any

    @classmethod
    def of(cls, keys: list[str]) -> _WordIndex:
        numbers: defaultdict[str, int] = defaultdict()
        numbers.default_factory = numbers.__len__  # a new word gets the next number
        words: list[int] = []
        first: list[int] = []
        for key in keys:
            first.append(len(words))
            words.extend(map(numbers.__getitem__, set(key.split())))
        encoded = [f"{w}\n".encode("utf-8", "surrogatepass") for w in numbers]
        starts = np.cumsum([0] + [len(w) for w in encoded[:-1]], dtype=np.int64)
        ends = np.asarray([*first[1:], len(words)], np.int64)
        return cls(np.frombuffer(b"".join(encoded), np.uint8), starts,
                   np.asarray(words, np.int64),
                   np.minimum(first, max(len(words) - 1, 0)).astype(np.int64),
                   ends > np.asarray(first, np.int64))

    def holding(self, word: str) -> np.ndarray:
        """Whether each paper's key holds `word` (no white space in it), as one bool each."""
        needle = np.frombuffer(word.encode("utf-8", "surrogatepass"), np.uint8)
        found = np.flatnonzero(self.text[: max(len(self.text) - len(needle) + 1, 0)]
                               == needle[0])
        for offset in range(1, len(needle)):  # the candidates shrink with each byte
            found = found[self.text[found + offset] == needle[offset]]
        in_words = np.zeros(len(self.starts), bool)
        in_words[np.searchsorted(self.starts, found, side="right") - 1] = True
        if not len(self.word_of):
            return np.zeros(len(self.first), bool)
        # Any of each paper's words: one pass over contiguous runs, no scatter.
        return np.logical_or.reduceat(in_words[self.word_of], self.first) & self.has_words


@dataclass(frozen=True)
class _Snapshot:
    papers: list[Paper]
    rows: list[Row]
    # Words of the lower-cased title, authors, venue, year, abstract and file of each paper.
    words: _WordIndex
    orders: dict[str, np.ndarray]


def _order(papers: list[Paper], key: Callable[[Paper], tuple[Any, ...]]) -> np.ndarray:
    return np.asarray(sorted(range(len(papers)), key=lambda i: key(papers[i])), np.int64)


def _snapshot(papers: list[Paper]) -> _Snapshot:
    keys = [" ".join([p.title, " ".join(p.authors), p.venue, str(p.year or ""), p.abstract,
                      p.source]).casefold() for p in papers]
    return _Snapshot(papers, [_row(p) for p in papers], _WordIndex.of(keys),
                     {name: _order(papers, key) for name, key in SORTS.items()})


class PaperCatalog:
    """Every indexed paper, read from the store once and again only when the index changes
    (its chunk count moves), with an index of the words of each paper's lower-cased search key
    and one precomputed order per sort: filtering 15k papers per keystroke is one scan of the
    distinct words."""

    def __init__(self, qa: PaperQA) -> None:
        self.qa = qa
        self._lock = threading.Lock()
        self._version: int | None = None
        self._snapshot = _snapshot([])

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
        order = snap.orders.get(sort, snap.orders["Title"])
        words = query.casefold().split()
        if words:
            held = np.logical_and.reduce([snap.words.holding(w) for w in words])
            order = order[held[order]]
        return [snap.rows[i] for i in order[:ROW_LIMIT]], len(order)

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
