"""The chat's filter row (venue, year or range, author), read afresh for every question the
chat answers, and the note that says which filters an answer used. Uses the public rag API."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import gradio as gr

from rag import Answer, Filters, InputError

ALL_VENUES = "All"
# Longer than any author's name: a paste of a whole author list would match nothing anyway.
_MAX_AUTHOR_CHARS = 200
_SHOWN_INPUT_CHARS = 40


def _shown(text: str) -> str:
    return text if len(text) <= _SHOWN_INPUT_CHARS else text[:_SHOWN_INPUT_CHARS] + "…"


def chat_filters(venue: str | None, year: str | int | None, author: str | None
                 ) -> Filters | None:
    """The row's values as Filters, or None when none is set. Input that cannot be used
    raises InputError naming its field, so the chat can say which one to fix."""
    venue_text = (venue or "").strip()
    author_text = " ".join(str(author or "").split())
    year_text = str(year if year is not None else "").strip()
    if len(author_text) > _MAX_AUTHOR_CHARS:
        raise InputError(f"Author filter: longer than {_MAX_AUTHOR_CHARS} characters; type "
                         "part of one author's name.")
    try:
        years = Filters.parse(year=year_text or None)
    except InputError:
        raise InputError(f"Year filter: '{_shown(year_text)}' is not a year like 2024 or a "
                         "range like 2023-2025 (earlier year first).") from None
    filters = Filters(venue=None if venue_text in ("", ALL_VENUES) else venue_text,
                      year_min=years.year_min, year_max=years.year_max,
                      author=author_text or None)
    return filters if filters.active else None


def filtered_note(filters: Filters | None) -> str:
    """"Filtered: venue 'ICLR 2025', years 2024–2025", or "" without filters."""
    return f"Filtered: {filters.describe()}" if filters is not None else ""


def answer_filters_note(answer: Answer) -> str:
    """The filters an answer was made under (PaperQA records them in its config)."""
    described = answer.config.get("filters")
    return f"Filtered: {described}" if described else ""


def venue_choices(venues: Sequence[tuple[str, int]]) -> list[tuple[str, str]]:
    """Dropdown choices (label, value): "All", then each venue with its paper count."""
    return [(ALL_VENUES, ALL_VENUES), *((f"{v} ({n:,})", v) for v, n in venues if v)]


@dataclass
class FilterRow:
    venue: gr.Dropdown
    year: gr.Textbox
    author: gr.Textbox

    @property
    def inputs(self) -> list[Any]:
        return [self.venue, self.year, self.author]


def build_filter_row(venues: Sequence[tuple[str, int]]) -> FilterRow:
    """A compact row; a custom venue may be typed (it must match exactly, and a venue that
    matches nothing gets PaperQA's answer listing the venues there are)."""
    with gr.Row(elem_id="pw-filters", equal_height=True):
        venue = gr.Dropdown(venue_choices(venues), value=ALL_VENUES, label="Venue",
                            allow_custom_value=True, filterable=True, scale=2, min_width=120,
                            elem_id="pw-filter-venue")
        year = gr.Textbox("", label="Year", placeholder="2023-2025", max_lines=1,
                          scale=2, min_width=90, elem_id="pw-filter-year")
        author = gr.Textbox("", label="Author", placeholder="part of a name", max_lines=1,
                            scale=3, min_width=110, elem_id="pw-filter-author")
    return FilterRow(venue, year, author)
