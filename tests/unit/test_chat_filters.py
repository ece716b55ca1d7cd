"""The chat's filter row as people fill it in: "All" and blanks mean no filter, a year or a
range, an author part; bad input names its field; the note says which filters an answer used."""

from __future__ import annotations

import pytest

from rag import Answer, Filters, InputError
from ui.filters import (
    ALL_VENUES,
    answer_filters_note,
    chat_filters,
    filtered_note,
    venue_choices,
)
from ui.render import filtered_html, message_text


@pytest.mark.parametrize(("venue", "year", "author"), [
    (ALL_VENUES, "", ""), (None, None, None), ("  ", "  ", "   "), (ALL_VENUES, "", "\t")])
def test_nothing_set_is_no_filter(venue: str | None, year: str | None,
                                  author: str | None) -> None:
    assert chat_filters(venue, year, author) is None


def test_each_field_becomes_its_filter() -> None:
    assert chat_filters("ICLR 2025", " 2023 - 2025 ", "  van  der ") == Filters(
        venue="ICLR 2025", year_min=2023, year_max=2025, author="van der")
    assert chat_filters(ALL_VENUES, "2024", "") == Filters(year_min=2024, year_max=2024)
    assert chat_filters(ALL_VENUES, 2024, None) == Filters(year_min=2024, year_max=2024)
    assert chat_filters("", "2023-", None) == Filters(year_min=2023)


@pytest.mark.parametrize("year", ["20x5", "2025-2023", "next year", "2024-2025-2026", "24"])
def test_a_bad_year_names_the_year_field_and_what_to_write(year: str) -> None:
    with pytest.raises(InputError) as error:
        chat_filters(ALL_VENUES, year, "")
    message = str(error.value)
    assert message.startswith("Year filter: ") and f"'{year}'" in message
    assert "2023-2025" in message and "\n" not in message


def test_a_long_bad_year_is_shortened_in_the_message() -> None:
    with pytest.raises(InputError, match="Year filter") as error:
        chat_filters(ALL_VENUES, "9" * 500, "")
    assert len(str(error.value)) < 150


def test_an_author_list_pasted_whole_names_the_author_field() -> None:
    with pytest.raises(InputError, match=r"^Author filter: "):
        chat_filters(ALL_VENUES, "", "Smith, " * 60)


def test_notes_say_which_filters_were_used() -> None:
    filters = chat_filters("ICLR 2025", "2024-2025", "")
    assert filtered_note(filters) == "Filtered: venue 'ICLR 2025', years 2024–2025"
    assert filtered_note(None) == ""
    answer = Answer(question="q", text="t", answerable=True, config={"filters": "year 2024"})
    assert answer_filters_note(answer) == "Filtered: year 2024"
    assert answer_filters_note(Answer(question="q", text="t", answerable=True)) == ""


def test_the_note_under_an_answer_is_escaped_and_not_part_of_follow_ups() -> None:
    note = filtered_html("Filtered: author containing '<b>x</b>'")
    assert "<b>" not in note and "&lt;b&gt;" in note
    assert filtered_html("") == ""
    content = "The answer.\n\n<div class='pw-msg-foot' id='pw-a1-foot'></div>" + note
    assert message_text(content) == "The answer."


def test_venue_choices_start_with_all_and_skip_papers_without_a_venue() -> None:
    assert venue_choices([("ICLR 2025", 1200), ("", 3)]) == [
        (ALL_VENUES, ALL_VENUES), ("ICLR 2025 (1,200)", "ICLR 2025")]
