"""Exports: BibTeX that bibtexparser reads back to the metadata, Markdown and chat text with a
reference list, and the stream's pieces adding up to the answer."""

from __future__ import annotations

import re

import bibtexparser
import pytest
from bibtexparser.middlewares import LatexDecodingMiddleware

from paperwise.export import (
    REFERENCES_HEADING,
    answer_bibtex,
    answer_markdown,
    answer_text,
    bibtex_key,
    latex_escape,
    paper_bibtex,
    papers_bibtex,
    strip_references,
)
from paperwise.types import Answer, AnswerSentence, Citation, Hit, Paper
from ui.openai_api import pieces


def paper(title: str = "Kinetix: An Open-Ended Universe", **fields: object) -> Paper:
    values: dict = {"id": f"p{abs(hash(title)) % 10**15:015d}", "title": title,
                    "source": "papers.jsonl", "position": 1, "abstract": "We study things."}
    values.update(fields)
    return Paper(**values)


def parse(text: str, decode: bool = True) -> bibtexparser.Library:
    library = bibtexparser.parse_string(
        text, append_middleware=[LatexDecodingMiddleware()] if decode else [])
    assert library.failed_blocks == [], [b.error for b in library.failed_blocks]
    return library


def fields(entry: bibtexparser.model.Entry) -> dict[str, str]:
    return {k: f.value for k, f in entry.fields_dict.items()}


def test_keys_come_from_surname_year_and_title_word() -> None:
    assert bibtex_key(paper(authors=["Jane Smith", "Li Wei"], year=2024)) == "smith2024kinetix"
    assert bibtex_key(paper(authors=["Müller, Jörg"], venue="ICLR 2025")) == "muller2025kinetix"
    assert bibtex_key(paper(authors=["Anna van der Berg"], year=2023)) == "berg2023kinetix"
    assert bibtex_key(paper("The Art of Scaling", year=2022)) == "art2022"
    assert bibtex_key(paper("???", id="p0123456789abcde")) == "paperp0123456"


def test_keys_are_unique_and_papers_listed_once() -> None:
    a = paper("Kinetix one", authors=["J. Smith"], year=2024)
    b = paper("Kinetix two", authors=["K. Smith"], year=2024)
    c = paper("Kinetix three", authors=["L. Smith"], year=2024)
    library = parse(papers_bibtex([a, b, a, c]))
    assert [e.key for e in library.entries] == ["smith2024kinetix", "smith2024kinetixa",
                                                "smith2024kinetixb"]


def test_special_characters_survive_a_round_trip_through_bibtexparser() -> None:
    nasty = paper("POGEMA: 100% of $RL & co_op #1 {nested} ~x", venue="ICLR 2025",
                  authors=["Jörg Müller", "Smith, Jane"], abstract="Odd } brace { here & 50%.",
                  url="https://example.org/a_b?x=1&y=2", external_id="2401.01234v2")
    entry = parse(paper_bibtex(nasty)).entries[0]
    values = fields(entry)
    assert entry.entry_type == "inproceedings" and values["booktitle"] == "ICLR 2025"
    assert values["title"] == "POGEMA: 100% of $RL & co_op #1 {nested} ~x"
    assert values["author"] == "Jörg Müller and Smith, Jane"
    assert values["year"] == "2025" and values["eprint"] == "2401.01234v2"
    assert values["abstract"] == "Odd ) brace ( here & 50%."  # unpaired braces can't be kept
    raw = fields(parse(paper_bibtex(nasty), decode=False).entries[0])
    assert raw["url"] == "https://example.org/a_b?x=1&y=2"
    assert "{POGEMA}" in raw["title"]  # styles that lowercase titles keep the acronym


def test_latex_the_abstracts_carry_is_not_escaped_twice() -> None:
    entry = parse(paper_bibtex(paper(abstract=r"It needs 40\% less memory, 8$\times$ faster."))
                  ).entries[0]
    assert fields(entry)["abstract"] == "It needs 40% less memory, 8× faster."


def test_entry_type_follows_the_venue() -> None:
    assert paper_bibtex(paper(venue="Journal of Machine Learning Research")).startswith(
        "@article{")
    assert paper_bibtex(paper(venue="")).startswith("@misc{")
    assert "howpublished = {arXiv}" in paper_bibtex(paper(venue="arXiv"))


@pytest.mark.parametrize("text", ["a\\b", "{", "}{", "50% & $5 #_~^", "plain"])
def test_latex_escape_always_gives_balanced_braces(text: str) -> None:
    escaped = latex_escape(text)
    depth = 0
    for char in escaped:
        depth += {"{": 1, "}": -1}.get(char, 0)
        assert depth >= 0
    assert depth == 0
    parse(f"@misc{{k,\n  note = {{{escaped}}}\n}}\n")


def _answer(answerable: bool = True) -> Answer:
    first = paper("POGEMA: A Benchmark", venue="ICLR 2025", authors=["A. One", "B. Two",
                                                                       "C. Three", "D. Four"])
    second = paper("Other <b>Paper</b>", url="https://x.org/2", year=2024)
    hits = [Hit(paper=first, text="", score=0.5), Hit(paper=second, text="", score=0.4),
            Hit(paper=paper("Never cited"), text="", score=0.1)]
    return Answer(
        question="What does POGEMA provide?",
        text="POGEMA provides a fast environment [1]. It is <i>also</i> compared [2].",
        answerable=answerable, sources=hits,
        citations=[Citation(marker=1, paper=first, quote="We introduce POGEMA."),
                   Citation(marker=2, paper=second, quote="A comparison.")],
        sentences=[AnswerSentence(text="POGEMA provides a fast environment [1]."),
                   AnswerSentence(text="It is also compared [2].", supported=False,
                                  reason="no cited sentence says so")],
        notices=["The question was cut to its first 2000 characters."])


def test_chat_text_keeps_markers_and_ends_with_the_references() -> None:
    text = answer_text(_answer())
    assert text.startswith("POGEMA provides a fast environment [1].")
    references = text.split(f"\n\n{REFERENCES_HEADING}\n")[1].splitlines()
    assert references == [
        "[1] POGEMA: A Benchmark. A. One, B. Two, C. Three et al. ICLR 2025. "
        "papers.jsonl #1.",
        "[2] Other <b>Paper</b>. 2024. https://x.org/2."]
    assert "Note: The question was cut" in text and "Note: not backed" in text
    assert strip_references(text) == _answer().text
    refused = answer_text(_answer(answerable=False))
    assert "\n\nClosest papers (not cited):\n[1] POGEMA" in refused
    assert strip_references(refused) == _answer().text


def test_markdown_note_has_references_with_quotes_and_no_raw_html() -> None:
    markdown = answer_markdown(_answer())
    assert markdown.startswith("## What does POGEMA provide?")
    assert "### References" in markdown and "> We introduce POGEMA." in markdown
    assert "- [1] **POGEMA: A Benchmark**" in markdown and "<https://x.org/2>" in markdown
    assert not re.search(r"(?<!\\)<(?!https://)[a-z/]", markdown)  # tags shown, not run
    assert "\\<i>also\\</i>" in markdown
    assert "Never cited" not in markdown
    refused = answer_markdown(_answer(answerable=False))
    assert "do not answer this" in refused and "> We introduce" not in refused


def test_answer_bibtex_holds_the_cited_papers() -> None:
    library = parse(answer_bibtex(_answer()))
    assert [fields(e)["title"] for e in library.entries] == ["POGEMA: A Benchmark",
                                                             "Other <b>Paper</b>"]


@pytest.mark.parametrize("text", ["", "one line", "a\n\nb\n", "x" * 250 + " y\n" * 3,
                                  answer_text(_answer())])
def test_stream_pieces_add_up_to_the_text(text: str) -> None:
    assert "".join(pieces(text)) == text
    assert all(len(p) <= 101 or " " not in p.strip() for p in pieces(text))
