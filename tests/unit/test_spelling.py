"""Typos read as corpus words (rag/spelling.py), on a small made-up corpus."""

from __future__ import annotations

from collections import Counter

from paperwise.text import stem
from rag.spelling import Respelling, respell

CORPUS = Counter({"hypernetworks": 2, "diffusion": 9, "which": 40, "talking": 3,
                  "analyzes": 2, "nutribench": 4, "denoise": 1})


def _respell(question: str) -> tuple[str, list[Respelling]]:
    known = {stem(w) for w in CORPUS}
    return respell(question, lambda w: stem(w) in known, lambda: CORPUS)


def test_a_transposed_word_is_read_as_the_corpus_word() -> None:
    text, found = _respell("which papers use hypernetwroks, and for what?")
    assert text == "which papers use hypernetworks, and for what?"
    assert found == [Respelling("hypernetwroks", "hypernetworks")]


def test_dropped_doubled_and_swapped_letters_are_read_keeping_the_capital() -> None:
    text, found = _respell("Difusion or nutribnech? whcih")
    assert text == "Diffusion or nutribench? which"
    assert [r.read_as for r in found] == ["Diffusion", "nutribench", "which"]


def test_english_words_names_short_words_and_other_forms_stay_as_typed() -> None:
    # "walking" is English (not "talking"); "OLMoE" and "Llama-2" look like names; "diffuse"
    # is English; "analyzed" differs from "analyzes" only in its ending: another form.
    question = "walking OLMoEs Llama-2 difusion-based analyzed denoised lora"
    assert _respell(question) == (question, [])


def test_a_word_with_nothing_one_edit_away_stays() -> None:
    assert _respell("papers on quantum chromodynamcs") == ("papers on quantum chromodynamcs", [])


def test_two_swapped_letters_at_the_end_are_a_typo() -> None:
    corpus = Counter({"anything": 1})
    text, _ = respell("anythign combining LLMs", lambda w: w in corpus, lambda: corpus)
    assert text == "anything combining LLMs"
