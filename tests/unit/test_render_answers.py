"""Rendering an answer for the chat and taking it away (pure functions): markers scoped to their
answer, cards worth checking, refusals showing "closest", LaTeX cleaned, and copy/export text
without markup."""

from __future__ import annotations

import re

from rag import Answer, AnswerSentence, Citation, Hit, Paper
from ui.chat import answer_mode, answering, content_text, endpoint_host, take_question
from ui.render import (
    answer_message,
    answer_to_markdown,
    answer_to_plain_text,
    intro_html,
    message_text,
    paper_html,
    safe_url,
    sources_html,
    streaming_message,
)
from ui.style import CSS


def _paper(n: int, **extra: object) -> Paper:
    values: dict = {"id": f"p{n}", "title": f"Paper {n}", "source": f"00{n}_85b441c865.txt",
                    "position": n, "venue": "ICLR 2025",
                    "abstract": f"Paper {n} is about topic {n}. It improves accuracy by 40\\% "
                                f"with 8$\\times$ less compute. We release \\textit{{code}}."}
    values.update(extra)
    return Paper(**values)


AUTHORED = _paper(1, title="AIR-BENCH 2024", authors=["Ada Lovelace", "Alan Turing",
                                                      "Grace Hopper", "Edsger Dijkstra"],
                  year=2025, url="https://openreview.net/forum?id=abc")
HITS = [Hit(paper=AUTHORED, text="", score=1.0)] + [
    Hit(paper=_paper(n), text="", score=0.5) for n in (2, 3)]


def _answer(**extra: object) -> Answer:
    values: dict = {
        "question": "How much does it improve accuracy_x <y>?",
        "text": "It improves accuracy by 40\\% [1]. Topic 3 is covered too [3].",
        "answerable": True, "sources": HITS,
        "citations": [Citation(marker=1, paper=AUTHORED,
                               quote="It improves accuracy by 40\\% with 8$\\times$ less "
                                     "compute."),
                      Citation(marker=3, paper=HITS[2].paper, quote="Paper 3 is about topic 3.")]}
    values.update(extra)
    return Answer(**values)


def test_markers_link_to_cards_of_their_own_answer() -> None:
    first, third = answer_message(_answer(), 1), answer_message(_answer(), 3)
    assert "href='#pw-a1-source-1'" in first and "id='pw-a1-source-1'" in first
    assert "href='#pw-a3-source-3'" in third and "id='pw-a3-source-3'" in third
    assert "pw-a1-" not in third and "#pw-source-" not in first
    assert "href='#pw-a3'" in third and "id='pw-a3'" in third, "cards link back to the answer"
    assert "title='[1] AIR-BENCH 2024'" in first, "a marker names its paper on hover"


def test_the_sources_block_is_one_line_so_markdown_keeps_it_whole() -> None:
    message = answer_message(_answer(), 2)
    foot = message[message.index("<div class='pw-msg-foot'"):]
    assert "\n" not in foot and "<details class='pw-msg-sources'>" in foot


def test_cited_cards_come_first_and_open_the_rest_collapsed() -> None:
    message = answer_message(_answer(), 1)
    also = message.index("Also retrieved (1)")
    assert message.index("id='pw-a1-source-1'") < message.index("id='pw-a1-source-3'") < also
    assert message.index("id='pw-a1-source-2'") > also
    card = re.search(r"<div class='pw-card pw-cited' id='pw-a1-source-1'.*?</details>", message)
    assert card and "<details open>" in card.group()
    assert "<div class='pw-card pw-retrieved' id='pw-a1-source-2'" in message


def test_a_card_shows_authors_venue_year_link_and_file_as_a_detail() -> None:
    panel = sources_html(HITS, _answer(), 4)
    assert "Sources of answer 4" in panel and "id='pw-latest-source-1'" in panel
    assert "Ada Lovelace, Alan Turing, Grace Hopper et al. · ICLR 2025" in panel
    assert "· 2025" not in panel, "the year is not repeated when the venue names it"
    assert "href='https://openreview.net/forum?id=abc'" in panel
    assert "<div class='pw-file'>001_85b441c865.txt · #1</div>" in panel


def test_only_backing_sentences_are_highlighted_and_latex_is_cleaned() -> None:
    panel = sources_html(HITS, _answer(), 1)
    marks = re.findall(r"<mark>(.*?)</mark>", panel)
    assert marks == ["It improves accuracy by 40% with 8× less compute.",
                     "Paper 3 is about topic 3."]
    assert "\\%" not in panel and "$" not in panel and "\\textit" not in panel
    assert "We release code." in panel
    assert "40%" in answer_message(_answer(), 1) and "\\\\%" not in answer_message(_answer(), 1)


def test_a_refusal_shows_closest_papers_never_cited_nor_highlighted() -> None:
    refusal = _answer(answerable=False, text="The collection does not say.")
    for html in (sources_html(HITS, refusal, 1), answer_message(refusal, 1)):
        assert "closest" in html and ">cited<" not in html and "<mark>" not in html
        assert "does not contain this" in html
    assert "Not in the collection" in answer_message(refusal, 1)


def test_abstract_html_and_markdown_are_text() -> None:
    evil = _paper(9, title="<img src=x onerror=alert(1)>", abstract="<script>x()</script> *b*",
                  url="javascript:alert(1)")
    html = sources_html([Hit(paper=evil, text="", score=1.0)])
    assert "<script>" not in html and "<img" not in html and "javascript:" not in html
    assert "&lt;script&gt;" in html
    assert safe_url("javascript:alert(1)") is None and safe_url("ftp://x/y") is None
    assert safe_url("http://example.org/a") == "http://example.org/a"


def test_copy_gives_plain_text_and_a_reference_list() -> None:
    text = answer_to_plain_text(_answer())
    assert text.startswith("It improves accuracy by 40% [1]. Topic 3 is covered too [3].")
    assert "References\n[1] AIR-BENCH 2024. Ada Lovelace, Alan Turing, Grace Hopper et al. " \
           "ICLR 2025. https://openreview.net/forum?id=abc\n[3] Paper 3. ICLR 2025." in text
    assert not re.search(r"\\[\[\]().*_]|#pw-|<[a-z]|\*\*", text), text


def test_copy_of_a_refusal_and_of_an_unbacked_sentence_says_so() -> None:
    refusal = answer_to_plain_text(_answer(answerable=False, text="Not said."))
    assert refusal.startswith("Not in the collection.") and "Closest papers (not cited)" in refusal
    flagged = _answer(text="It uses 512 GPUs [1].", sentences=[AnswerSentence(
        text="It uses 512 GPUs [1].", markers=[1], supported=False, reason="no 512")])
    assert "It uses 512 GPUs [1]. (unverified: no 512)" in answer_to_plain_text(flagged)
    assert "_(unverified: no 512)_" in answer_to_markdown(flagged)


def test_markdown_export_has_question_answer_references_and_quotes() -> None:
    md = answer_to_markdown(_answer())
    assert md.startswith("**Question:** How much does it improve accuracy\\_x \\<y\\>?\n\n")
    assert "It improves accuracy by 40% [1]." in md and "#pw-" not in md
    assert "**References**\n\n- [1] AIR-BENCH 2024." in md
    assert "  > It improves accuracy by 40% with 8× less compute." in md


def test_the_message_carries_its_export_texts_escaped() -> None:
    message = answer_message(_answer(question="<b>q</b>"), 1)
    assert "class='pw-export-text' hidden>It improves accuracy by 40% [1]." in message
    assert "&lt;b\\&gt;q" in message and "<b>q</b>" not in message


def test_a_message_back_to_plain_text_for_follow_ups() -> None:
    assert message_text(answer_message(_answer(), 2)) == (
        "It improves accuracy by 40% [1]. Topic 3 is covered too [3].")
    assert message_text("What is \\[x\\]?") == "What is [x]?"


def test_streaming_message_is_pending_and_links_its_markers() -> None:
    pending = streaming_message("It routes [1", HITS, 2)
    assert answering([{"role": "assistant", "content": [{"type": "text", "text": pending}]}])
    done = answer_message(_answer(), 2)
    assert not answering([{"role": "assistant", "content": done}])
    assert "href='#pw-a2-source-2'" in streaming_message("See [2].", HITS, 2)


def test_the_question_box_is_cleared_once_and_empty_submits_are_ignored() -> None:
    assert take_question("  What is POGEMA?  ", []) == ("", "What is POGEMA?")
    box, asked = take_question("   ", [])
    assert asked == "" and box.__class__.__name__ != "str", "the box is left alone"
    assert content_text([{"type": "text", "text": "a"}, {"text": "b"}]) == "ab"


def test_paper_view_and_intro() -> None:
    view = paper_html(AUTHORED)
    assert "40% with 8× less compute" in view and "We release code." in view
    intro = intro_html(94, [("ICLR 2025", 94)], "offline extractive: x", "set OPENAI_BASE_URL")
    assert "Ask 94 paper abstracts" in intro and "ICLR 2025 (94)" in intro


def test_the_answer_mode_names_model_and_host_never_a_key(settings_factory) -> None:
    offline = settings_factory()
    assert answer_mode(offline)[0].startswith("offline extractive")
    assert "OPENAI_BASE_URL" in answer_mode(offline)[1]
    llm = settings_factory(answerer="llm", openai_base_url="http://bob:s3cret@10.0.0.5:8080/v1"
                           "?api_key=sk-xyz", openai_api_key="sk-secret")
    mode, change = answer_mode(llm)
    assert "gpt-4o-mini at 10.0.0.5:8080" in mode and "extractive" in change
    assert not any(s in mode + change for s in ("bob", "s3cret", "sk-", "/v1"))
    assert endpoint_host(None) == "api.openai.com"


def test_one_font_stack_for_every_weight() -> None:
    assert "--font: system-ui" in CSS and "Source Sans" not in CSS


def test_bibtex_of_the_cited_papers_when_there_are_any() -> None:
    message = answer_message(_answer(), 1)
    assert "pw-act-download-bib" in message and "class='pw-export-bib' hidden>@" in message
    assert "{AIR-BENCH} 2024" in message
    uncited = answer_message(_answer(citations=[], text="Nothing cited."), 1)
    assert "pw-act-download-bib" not in uncited
