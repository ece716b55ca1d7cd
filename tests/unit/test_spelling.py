"""Typos read as corpus words (rag/spelling.py), on a small made-up corpus."""

from __future__ import annotations

import re
from collections import Counter

from paperwise.text import stem
from rag.spelling import (
    Respelling,
    absent_topic,
    expand_shorthand,
    recase,
    respell,
    written_forms,
)

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


# How a made-up corpus writes its words mid-sentence (rag/spelling.py recase).
ABSTRACTS = ["We evaluate HeartLang on ECG data and on ImageNet, and ImageNet-R.",
             "Results on ImageNet with LLaMA and with the SOAP optimizer; we use Segment "
             "Anything and a transformer.",
             "Unlike GPT-4o, the transformer is small; gpt-4o and GPT-4o both appear.",
             "We train Denoising Diffusion Models (DDM) and study denoising on each dataset."]


def _recase(question: str) -> str:
    forms = written_forms(ABSTRACTS)
    known = {w.casefold() for a in ABSTRACTS for w in re.findall(r"[\w-]+", a)}
    return recase(question, lambda: forms, lambda w: w in known)


def test_names_typed_in_lower_case_are_written_as_the_corpus_writes_them() -> None:
    assert _recase("heartlang results on imagenet?") == "HeartLang results on ImageNet?"
    assert _recase("does gpt-4o beat llama on it") == "does GPT-4o beat LLaMA on it"
    assert _recase("soap vs adam") == "SOAP vs adam"  # "adam": no capitals inside, common


def test_words_and_title_case_words_of_names_stay_as_typed() -> None:
    # jargon written in lower case too; a common English word only seen title-cased in a
    # name; a word of a title-case phrase spelling out an acronym
    assert _recase("a transformer for anything") == "a transformer for anything"
    assert _recase("what does denoising do") == "what does denoising do"


def test_an_unknown_hyphenated_or_digit_bearing_word_is_read_as_a_name() -> None:
    assert _recase("results on ptb-xl and on per-dataset tuning") == (
        "results on PTB-XL and on per-dataset tuning")


def test_an_unknown_word_where_questions_put_names_is_read_as_a_name() -> None:
    # after "on", before "results"/"models": no English word, no typo of one, nor a common one
    assert _recase("does ld3 work on ffhq faces") == "does ld3 work on FFHQ faces"
    assert _recase("heartlang ptbxl results?") == "HeartLang PTBXL results?"
    assert _recase("how did claude models do") == "how did CLAUDE models do"


def test_typos_inflections_and_words_outside_name_slots_stay_as_typed() -> None:
    # "imagnet" is one edit from English "magnet"; "classifying" comes from "classify"; "ffhq"
    # stands in no name slot here
    assert _recase("results on imagnet") == "results on imagnet"
    assert _recase("any work on classifying tabular data") == "any work on classifying tabular data"
    assert _recase("ffhq faces, what fid") == "ffhq faces, what fid"


def test_chat_shorthand_is_written_out() -> None:
    assert expand_shorthand("locovr - # of subjects w/ VR?") == (
        "locovr - number of subjects with VR?")
    assert expand_shorthand("olmoe params w/o labels, issue #12") == (
        "olmoe parameters without labels, issue #12")


# a corpus without weather, stocks or forecasts
WORDS = sorted("classification action planning graph neural networks text tabular catastrophic "
               "forgetting transformers".split())


def _absent(question: str) -> str | None:
    import bisect

    def has_prefix(prefix: str) -> bool:
        at = bisect.bisect_left(WORDS, prefix)
        return at < len(WORDS) and WORDS[at].startswith(prefix)
    return absent_topic(question, lambda w: w in WORDS, has_prefix)


def test_a_list_topic_the_corpus_never_uses_is_absent() -> None:
    assert _absent("any work on weather forecasting with graph neural nets?") == "weather"
    assert _absent("is there a paper on forecasting stock prices") == "stock"  # after a gerund


def test_topics_the_corpus_words_start_like_are_heard() -> None:
    assert _absent("any work on classifying tabular data?") is None  # ~ classification
    assert _absent("papers for acting or planning") is None  # ~ action
    assert _absent("any work on stopping catastrophic forgetting") is None
    assert _absent("what is going on inside transformers") is None


def test_a_plus_between_asks_parts_them() -> None:
    # read as "&", which rag/query.py split_parts reads as a typed break between two asks
    assert expand_shorthand("# of runs fitted + biggest model?") == (
        "number of runs fitted & biggest model?")
    assert expand_shorthand("C++ code") == "C++ code"  # control: no "+" between words
