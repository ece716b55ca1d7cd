"""Question rules from this stop's dev batches: last stop's held-out my and the fresh nb.
"Time series" is a topic, not a measure of time; two things compared on a quality are told
without a figure; the counted noun is read past "of those" and a generic head ("options");
"stage1" is no name; whether code is out is told by its link; an em dash parts words."""

from __future__ import annotations

import pytest

from rag import cues
from rag.figures import figure_tokens
from rag.measures import counted_words
from rag.names import name_tokens
from rag.query import analyse
from rag.spelling import expand_shorthand
from tests.extractive_fakes import alike_answer, hit


@pytest.mark.parametrize("question", [
    "name of time-varying label noise problem time series",
    "temporal label noise time series datasets",
])
def test_time_series_is_a_topic_not_a_measure_of_time(question: str) -> None:
    assert analyse(question).asks_for != "quantity"


@pytest.mark.parametrize("question", [
    "loopy inference latency per clip??",
    "jax2d throughput steps/sec",
])
def test_a_measure_typed_last_still_asks_a_figure(question: str) -> None:
    # control: a measure followed by its unit or what it is of
    assert analyse(question).asks_for == "quantity"


_SMNN = hit("We propose Scalable Mechanistic Neural Network (S-MNN), an enhanced framework for "
            "long temporal sequences. By reformulating the original Mechanistic Neural Network "
            "(MNN), we reduce the time complexity from cubic to linear. Extensive experiments "
            "demonstrate that S-MNN matches the original MNN in precision while substantially "
            "reducing computational resources", "S-MNN")


def test_two_things_compared_on_a_quality_are_told_without_a_figure() -> None:
    answer = alike_answer("s-mnn accuracy vs mnn", [_SMNN])
    assert answer.answerable and "matches the original MNN" in answer.text


@pytest.mark.parametrize("question", [
    "s-mnn accuracy gain vs mnn",  # a difference asks for a figure
    "s-mnn depth needed vs precision?",  # a relation between two measures
])
def test_a_difference_or_a_second_measure_still_asks_a_figure(question: str) -> None:
    assert not cues.COMPARED_QUALITY.search(question)


@pytest.mark.parametrize(("question", "counted"), [
    ("Exactly how many of those parameter-efficient methods does KaSA beat?", "methods"),
    ("how many detector options did MetaOOD select among?", "detector"),
    ("how many policy variants were compared?", "policy"),
])
def test_the_counted_noun_is_read_past_a_determiner_or_a_generic_head(question: str,
                                                                        counted: str) -> None:
    assert counted in counted_words(question)


def test_a_pronoun_alone_still_counts_as_said_before() -> None:
    # control: "how many of those" with no noun of its own counts what came before
    assert counted_words("and how many of those are active?") == []


def test_a_counting_word_run_into_its_number_is_no_name() -> None:
    assert name_tokens("POTEC two-stage: stage1 picks what, stage2 learned how?") == ["POTEC"]


def test_a_lower_case_model_name_with_a_number_is_still_a_name() -> None:
    # control: "llama2" and "gpt4" name models
    assert name_tokens("does it beat llama2 and gpt4?") == ["llama2", "gpt4"]


def test_dwellings_are_counted_as_places() -> None:
    counted = counted_words("Roughly how many distinct indoor houses were the trajectories "
                            "collected in?")
    assert "environments" in counted and "homes" in counted


def test_an_acceleration_asks_for_a_speed_up() -> None:
    assert analyse("Roughly what acceleration does that approach claim?").asks_for == "quantity"


_FLAT = hit("We show that flat reward maxima lead to more robust policies. The code for these "
            "experiments is available at https://github.com/HK-05/flatreward-RRL",
            "Reward landscapes")


@pytest.mark.parametrize("question", [
    "Is there code available for the paper linking flat reward landscapes to robustness?",
    "flat reward surface robust RL code link?",
])
def test_whether_code_is_out_is_told_by_its_link(question: str) -> None:
    assert analyse(question).asks_for == "code"
    answer = alike_answer(question, [_FLAT])
    assert answer.answerable and "github.com/HK-05/flatreward-RRL" in answer.text


@pytest.mark.parametrize(("question", "kind"), [
    ("What improvement is reported?", "quantity"),  # "reported" asks no repository
    ("Is the code under an MIT licence?", "license"),
])
def test_a_report_or_a_licence_is_no_code_ask(question: str, kind: str) -> None:
    assert analyse(question).asks_for == kind


def test_an_em_dash_parts_a_count_from_its_list() -> None:
    assert "modules" in figure_tokens("It consists of three key modules—dataset adaptation, "
                                      "sample scoring, and selection optimization.")


def test_attn_is_typed_for_attention() -> None:
    assert expand_shorthand("graph transformer linear attn complexity") == \
        "graph transformer linear attention complexity"
