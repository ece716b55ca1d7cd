"""Rules from this stop's dev batches (last stop's held-out oe and xh, the fresh oi, oj and xk):
a unit of time typed last asks the figure; what a work is asked to generate is its topic; a
question's comparand however it is said ("relative to", "versus"); an experiment is counted as
a run; two things asked, slashed, are no two topics; decentralized training told by who trains
and what they send is federated learning."""

from __future__ import annotations

import pytest

from rag import cues
from rag.aliases import glossary_topics
from rag.figures import compared_against, compares_with_other
from rag.query import analyse
from rag.spelling import absent_topic


@pytest.mark.parametrize("question", ["loopy audio-driven portrait model training data hours",
                                      "locovr data collection minutes",
                                      "kinetix agent training days"])
def test_a_unit_of_time_typed_last_asks_a_figure(question: str) -> None:
    assert analyse(question).asks_for == "quantity"


@pytest.mark.parametrize("question", ["place cell hippocampal recordings",
                                      "variance reduction for RL policy evaluation"])
def test_a_topic_ending_in_no_unit_of_time_asks_for_papers(question: str) -> None:
    assert analyse(question).asks_for is None


_HEARD = {"diffusion", "models", "work", "uses", "generate", "papers", "images", "video",
          "paper", "denoising", "generative", "model", "weights"}.__contains__


@pytest.mark.parametrize(("question", "topic"), [
    ("What work uses diffusion models to generate music?", "music"),
    ("Tell me about any paper that composes songs with a denoising generative model.", "songs"),
    ("Which papers use diffusion models to generate images?", None),  # heard
    ("Which papers generate the weights of another model?", None),  # an article skipped
])
def test_what_a_work_generates_is_a_topic_the_corpus_must_know(question: str,
                                                               topic: str | None) -> None:
    assert absent_topic(question, _HEARD, lambda prefix: False) == topic


@pytest.mark.parametrize("question", [
    "How much quicker is AttriBoT relative to brute-force leave-one-out?",
    "how much quicker is attribution versus the brute-force leave-one-out approach",
    "AttriBoT speed compared with exact leave-one-out",
])
def test_a_comparand_said_otherwise_is_read_too(question: str) -> None:
    against = compared_against(question)
    assert compares_with_other("It is 30× faster than generating the response itself.", against)
    assert not compares_with_other("It is 300x faster than leave-one-out.", against)


def test_an_experiment_is_counted_as_a_run() -> None:
    assert "runs" in cues.MEASURE_NOUN_SYNONYMS["experiments"]
    assert "experiments" in cues.MEASURE_NOUN_SYNONYMS["runs"]


@pytest.mark.parametrize("question", ["ls-imagine benchmark / environment used for experiments",
                                      "geox dataset / benchmark names"])
def test_two_things_asked_slashed_are_no_two_topics(question: str) -> None:
    assert not cues.SLASHED_TOPICS.search(question)


def test_topics_slashed_are_still_read() -> None:
    assert cues.SLASHED_TOPICS.search("diffusion policy / diffusion planner / diffusion-based RL")
    assert cues.SLASHED_TOPICS.search("federated learning / split learning papers")


@pytest.mark.parametrize("question", [
    "I'm compiling related work on decentralized training where clients or data sources "
    "collaborate and only exchange model updates - which papers fall into that area?",
    "papers where many hospitals only share their model updates with a coordinator",
])
def test_decentralized_training_told_by_parties_is_federated(question: str) -> None:
    assert "federated learning" in glossary_topics(question)


def test_exchanging_model_updates_alone_is_no_description() -> None:
    assert "federated learning" not in glossary_topics(
        "Which papers exchange model updates asynchronously between GPUs in RLHF?")
