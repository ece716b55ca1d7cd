"""Filters as users write them (years, ranges, authors), the OpenAI messages → question and
history, and the credentials the machine-facing APIs accept."""

from __future__ import annotations

import base64

import pytest
from pydantic import ValidationError

from paperwise.errors import InputError
from paperwise.types import Paper
from rag.filters import Filters, parse_years
from ui.auth import authorized
from ui.openai_api import ChatMessage, conversation


def paper(**fields: object) -> Paper:
    values: dict = {"id": "p1", "title": "T", "source": "a.jsonl", "position": 1,
                    "abstract": "x", "venue": "ICLR 2025"}
    values.update(fields)
    return Paper(**values)


@pytest.mark.parametrize(("text", "years"), [
    ("2024", (2024, 2024)), ("2023-2025", (2023, 2025)), (" 2023 – 2025 ", (2023, 2025)),
    ("2023..2025", (2023, 2025)), ("2023-", (2023, None)), ("-2024", (None, 2024)),
    (2022, (2022, 2022)), (None, (None, None)), ("", (None, None))])
def test_years_and_ranges(text: str | int | None, years: tuple) -> None:
    assert parse_years(text) == years


@pytest.mark.parametrize("text", ["24", "last year", "2023-2024-2025", "-", "2025-2023"])
def test_bad_years_are_input_errors(text: str) -> None:
    with pytest.raises(InputError):
        Filters.parse(year=text)


def test_a_paper_without_a_year_takes_its_venue_s() -> None:
    filters = Filters.parse(year="2024-2025")
    assert filters.accepts(paper()) and filters.post_filtered
    assert not filters.accepts(paper(venue="ICLR 2023"))
    assert not filters.accepts(paper(venue="Workshop"))
    assert Filters.parse(year="2019").accepts(paper(year=2019, venue="ICLR 2025"))


def test_author_is_a_case_insensitive_part_of_a_name() -> None:
    filters = Filters.parse(author="müll")
    assert filters.accepts(paper(authors=["Jörg Müller", "Ann Lee"]))
    assert not filters.accepts(paper(authors=["Ann Lee"])) and not filters.accepts(paper())


def test_venue_and_source_are_exact_and_go_to_chroma() -> None:
    filters = Filters.parse(venue="ICLR 2025", source="a.jsonl", author="  ")
    assert filters.chroma_where() == {"$and": [{"venue": "ICLR 2025"}, {"source": "a.jsonl"}]}
    assert filters.accepts(paper()) and not filters.accepts(paper(venue="ICLR 2025 Workshop"))
    assert filters.author is None and not filters.post_filtered and filters.active
    assert not Filters().active and Filters().chroma_where() is None


def test_filters_describe_themselves_and_reject_unknown_fields() -> None:
    described = Filters.parse(venue="ICLR 2025", year="2023-2025", author="smith").describe()
    assert described == "venue 'ICLR 2025', years 2023–2025, author containing 'smith'"
    assert Filters(year_min=2024).describe() == "years 2024–…"
    with pytest.raises(ValidationError):
        Filters.model_validate({"venues": "ICLR"})


def test_messages_give_the_question_and_the_earlier_turns() -> None:
    messages = [ChatMessage(role="system", content="Be nice."),
                ChatMessage(role="user", content="What does POGEMA provide?"),
                ChatMessage(role="assistant",
                            content="Tools [1].\n\nReferences:\n[1] POGEMA. ICLR 2025."),
                ChatMessage(role="user", content=[{"type": "text", "text": "What metrics?"}])]
    question, history = conversation(messages)
    assert question == "What metrics?"
    assert history == [("What does POGEMA provide?", "Tools [1].")]
    with pytest.raises(InputError):
        conversation([ChatMessage(role="user", content="q"), ChatMessage(role="assistant")])


def _basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def test_bearer_is_the_password_and_basic_both() -> None:
    credentials = ("ann", "s3cret")
    assert authorized(None, None) and authorized("Bearer anything", None)
    assert authorized("Bearer s3cret", credentials)
    assert authorized("bearer ann:s3cret", credentials)
    assert authorized(_basic("ann", "s3cret"), credentials)
    for header in (None, "", "Bearer wrong", _basic("ann", "wrong"), _basic("bob", "s3cret"),
                   "Basic !!!", "Token s3cret"):
        assert not authorized(header, credentials), header
