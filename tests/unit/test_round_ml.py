"""Question rules from last stop's held-out mi (now dev) and this stop's fresh dev batches mm,
mn: papers asked with their topic between, a topic typed with commas or examples in brackets,
a word of a topic typed cut short, a method said in another form, and lists of new benchmarks
or datasets. The checker's rules: tests/unit/test_round_ml_checks.py."""

from __future__ import annotations

import pytest

from rag.introduced import introduces, new_kinds
from rag.listing import applied_nowhere
from rag.query import analyse
from rag.topic_pairs import holds_pair
from tests.extractive_fakes import alike_answer, hit


@pytest.mark.parametrize(("question", "shape"), [
    # papers asked with their topic between
    ("List all the lifelong / incremental learning papers.", "list"),
    ("PruneNet: which language model was compressed to show it works without calibration "
     "data?", "detail"),  # control: "show it works" asks no papers
    ("Are there approaches here where one network outputs the weights of another?", "list"),
    # a topic typed with commas, or with examples in brackets
    ("audio-driven human animation, diffusion", "list"),
    ("audio-driven human animation diffusion", "list"),  # control
    ("federated learning (horizontal, vertical, federated pretraining)", "list"),
])
def test_a_question_asking_for_papers_makes_a_list(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


def test_a_method_said_in_another_form_is_applied_somewhere() -> None:
    paper = hit("We present an audio-driven human animation model for video generation.",
                "CyberHost")
    assert not applied_nowhere("Show me the research on animating a person in a video", [paper])
    other = hit("We present a protein language model.", "P")  # control
    assert applied_nowhere("Show me the research on animating a person in a video", [other])


@pytest.mark.parametrize(("question", "kinds"), [
    ("Which papers propose new benchmarks for evaluating LLMs or LLM agents?", ("benchmark",)),
    ("What datasets were introduced for trajectory prediction?", ("dataset",)),
    ("Which works introduce environments or benchmarks for planning?",
     ("environment", "benchmark")),
    ("Which papers evaluate LLMs on math benchmarks?", ()),  # control: none asked new
])
def test_a_list_may_ask_for_new_things_of_a_kind(question: str,
                                                 kinds: tuple[str, ...]) -> None:
    assert new_kinds(question) == kinds


@pytest.mark.parametrize(("sentence", "told"), [
    ("We introduce AIR-BENCH 2024, the first AI safety benchmark aligned with regulations.",
     True),
    ("We present NutriBench, the first publicly available natural language meal description "
     "nutrition benchmark.", True),
    ("Governments and researchers have proposed safety benchmarks in response.", False),
    ("We introduce POGEMA, a set of tools with a benchmarking tool for evaluation.", False),
    ("We propose a novel model aggregation strategy that adapts the shrinking factor of each "
     "layer and improves accuracy across several public datasets.", False),
])
def test_a_new_thing_is_told_by_the_sentence_introducing_it(sentence: str, told: bool) -> None:
    assert introduces(sentence, ("benchmark", "dataset")) is told


def test_a_list_of_new_benchmarks_holds_the_papers_introducing_one() -> None:
    papers = [hit("We introduce AIR-BENCH 2024, the first AI safety benchmark. We evaluate "
                  "language models on it", "AIR-BENCH 2024", "p1"),
              hit("Large language models are costly. We propose PruneNet to prune LLMs",
                  "PruneNet", "p2")]
    answer = alike_answer("Which papers propose new benchmarks for evaluating LLMs?", papers)
    assert "AIR-BENCH 2024 [1]" in answer.text and "PruneNet" not in answer.text


@pytest.mark.parametrize(("sentence", "held"), [
    ("We employ tools from mechanistic interpretability to study LLMs.", True),
    ("We study the interpretability of mechanical systems.", False),  # control: no pair
])
def test_a_pair_word_typed_cut_short_is_held(sentence: str, held: bool) -> None:
    assert holds_pair(sentence, {("mech", "interpretability")}) is held
