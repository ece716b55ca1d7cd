"""The chat flags an unsupported sentence wherever its marker stands (pure rendering logic)."""

from __future__ import annotations

import pytest

from rag import Answer, AnswerSentence
from ui.render import answer_markdown, sentence_span

BAD = AnswerSentence(text="It uses 512 GPUs [1].", markers=[1], supported=False,
                     reason="number 512 is not in the cited abstract ([1])")


@pytest.mark.parametrize("text", [
    "It is fast [1]. It uses 512 GPUs [1].",
    "It is fast. [1] It uses 512 GPUs. [1]",
    "It is fast [1][2]. It uses 512 GPUs [1][2].",
    "It is fast [1]. It uses [1] 512 GPUs.",
    "It is fast [1].\nIt uses 512 GPUs [1]",
])
def test_the_flag_shows_for_every_marker_placement(text: str) -> None:
    answer = Answer(question="q", text=text, answerable=True, sentences=[BAD])
    rendered = answer_markdown(answer)
    assert rendered.count("unverified") == 1
    assert "512" in rendered.split("<u title=")[1].split("</u>")[0], "the flag wraps the claim"
    assert "number 512 is not in the cited abstract" in rendered, "the reason is shown"
    assert "It is fast" not in rendered.split("<u title=")[1], "the backed sentence is not flagged"


def test_a_sentence_not_in_the_text_is_not_flagged_elsewhere() -> None:
    assert sentence_span("It uses many GPUs [1]. Fine.", "It uses 512 GPUs [1].") is None
    answer = Answer(question="q", text="It uses many GPUs [1].", answerable=True, sentences=[BAD])
    assert "unverified" not in answer_markdown(answer)
