"""Questions typed as a few words, the way a search box is used: when they ask a detail of a
named thing rather than for papers on a topic, and how they split. Names are written as the
respeller leaves them (rag/spelling.py recases "mothernet" to MotherNet before this)."""

from __future__ import annotations

import pytest

from rag.asked import asked_thing
from rag.query import analyse
from rag.question_parts import split_parts
from rag.spelling import expand_shorthand


@pytest.mark.parametrize(("question", "asks_for"), [
    ("MotherNet parameter count", "quantity"),
    ("OLMoE expert count", "quantity"),
    ("Robotouille async score ReAct GPT-4o", "quantity"),
    ("KaSA accuracy of LLaMA3", "quantity"),
])
def test_a_few_words_asking_a_measure_of_a_name_ask_about_it(question: str,
                                                             asks_for: str) -> None:
    intent = analyse(question)
    assert (intent.shape, intent.asks_for) == ("detail", asks_for)


@pytest.mark.parametrize("question", [
    "speech recognition for low-resource languages",
    "graph neural networks for weather forecasting",
    "benchmarks for LLM agents",
    "protein structure accuracy",  # a measure, but of no named thing: papers on it
])
def test_a_bare_topic_without_a_named_thing_still_asks_for_papers(question: str) -> None:
    assert analyse(question).shape == "list"


@pytest.mark.parametrize("question", [
    "LS-Imagine evaluation environment",
    "SPA test benchmarks",
    "What are the evaluation datasets of GeoX?",
])
def test_an_evaluation_noun_phrase_asks_where_it_was_evaluated(question: str) -> None:
    assert analyse(question).shape == "detail"
    assert asked_thing(question) == "benchmark"


def test_a_terse_pair_of_measures_splits_into_one_part_per_measure() -> None:
    assert split_parts("OLMoE: pretraining tokens and training cost ($)?") == (
        "OLMoE pretraining tokens?", "OLMoE training cost ($)?")
    assert split_parts("GeoX - accuracy and model size") == ("GeoX accuracy?",
                                                             "GeoX model size?")
    # one side asks nothing: one question, not two ("baselines" last asks their names:
    # rag/cues/naming.py TERSE_THING_ASK)
    assert split_parts("KaSA: rank and motivation") == ()
    assert split_parts("OLMoE: what tokens and which experts?") == ()


def test_how_much_compute_asks_for_compute() -> None:
    assert analyse("how much compute went into training the biggest SPA model?").asks_for == (
        "compute")
    assert analyse("How much computation does SPA need?").asks_for == "compute"


@pytest.mark.parametrize(("typed", "written"), [
    ("ls-imagine eval env", "ls-imagine evaluation environment"),
    ("mothernet param count", "mothernet parameters count"),
    ("evaluated in which envs?", "evaluated in which environments?"),
])
def test_shorthand_is_written_out(typed: str, written: str) -> None:
    assert expand_shorthand(typed) == written
