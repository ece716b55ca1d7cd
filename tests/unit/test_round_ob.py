"""Rules from this stop's dev batches (last stop's held-out ny and xd, the fresh oc, od and xg):
a topic described in a newcomer's words is searched by the field's name for it, and a topic
brings its narrower terms; "what work uses A for B" names a method and its domain as "work that
uses A for B" does; what a claim is compared against ("than using X") is not what it uses."""

from __future__ import annotations

import pytest

from paperwise.types import Hit, Paper
from rag.aliases import glossary_topics, narrower_topics
from rag.answer_lines import results_first
from rag.avoided import avoided_conflict
from rag.cues import answer_shape
from rag.evidence import ScoredSentence
from rag.listing import applied_nowhere
from rag.query import analyse


@pytest.mark.parametrize(("question", "term"), [
    ("which studies let several hospitals train together while keeping patient data on each "
     "site?", "federated learning"),
    ("methods where devices never upload their private data to a server", "federated learning"),
    ("how do I stop my network forgetting previous tasks when I add new classes?",
     "continual learning"),
    ("a model that writes the weights for a second network", "hypernetwork"),
    ("which papers animate a portrait photo from a voice clip?", "audio-driven human animation"),
    ("work on reverse-engineering transformers", "mechanistic interpretability"),
    ("ways to estimate how well a policy performs with less data", "policy evaluation"),
    ("teams of robots that coordinate to reach goals", "multi-agent"),
    ("a small student model that mimics a bigger teacher", "knowledge distillation"),
    ("robots learning by watching human demonstrations", "imitation learning"),
])
def test_a_described_topic_is_given_its_field_name(question: str, term: str) -> None:
    assert term in glossary_topics(question)


@pytest.mark.parametrize("question", [
    "federated learning papers",  # named already: searched as it is
    "Which papers share their code and data?",
    "How many tasks does the benchmark have?",
    "Does the model forget its prompt?",
    "What does the hypernetwork of HyPoGen output?",
])
def test_no_field_name_is_given_where_no_topic_is_described(question: str) -> None:
    assert glossary_topics(question) == ()


def _hit(abstract: str, title: str) -> Hit:
    return Hit(paper=Paper(id=title, title=title, source="s.txt", position=1, abstract=abstract),
               text=abstract, score=1.0)


def test_what_work_uses_a_for_b_needs_a_paper_saying_both() -> None:
    hits = [_hit("We propose graph neural networks for node classification.", "GNN"),
            _hit("We forecast traffic flow with recurrent networks.", "Traffic")]
    assert applied_nowhere("What work uses graph neural networks for traffic forecasting?", hits)
    hits.append(_hit("Graph neural networks improve traffic forecasting on road graphs.", "Both"))
    assert not applied_nowhere("What work uses graph neural networks for traffic forecasting?",
                               hits)


def test_a_topic_named_or_described_brings_its_narrower_terms() -> None:
    assert "activation patching" in narrower_topics("Which papers do mechanistic "
                                                    "interpretability on transformers?")
    assert "incremental object detection" in narrower_topics(
        "methods that learn new classes without forgetting previous tasks")
    # a narrower term the question says already is no other topic
    assert "activation patching" not in narrower_topics(
        "mechanistic interpretability with activation patching")
    assert narrower_topics("Which papers evaluate on Atari?") == ()


@pytest.mark.parametrize(("question", "shape"), [
    ("techniques for models that pick up new classes one after another without forgetting "
     "earlier tasks", "list"),
    ("approaches to training across many hospitals without sharing patient data", "list"),
    # one described paper's detail
    ("In the one-stage audio-driven talking body generator, what is the part called that "
     "sharpens the hands?", "detail"),
])
def test_work_asked_on_a_described_topic_lists_papers(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


def test_what_a_claim_is_compared_against_is_not_used() -> None:
    abstract = ("Unlike a direct application of TabPFN, MotherNet generated networks are highly "
                "efficient at inference time.")
    claim = "The generated networks are much more efficient at inference than using TabPFN."
    assert avoided_conflict(claim, [abstract], abstract) is None
    # control: said to use what the abstract does without
    assert avoided_conflict("The generated networks are efficient because they use TabPFN "
                            "directly at inference.", [abstract], abstract)


@pytest.mark.parametrize("question", [
    "How does OLMoE stack up against larger models?",
    "Does MotherNet hold its own against gradient boosting?",
    "Is SPaR any good at instruction following?",
    "how does ResKPN fare on MuJoCo?",
])
def test_judging_a_method_asks_for_its_results(question: str) -> None:
    assert answer_shape.JUDGED_ASK.search(question)


def test_a_judged_method_is_answered_by_a_result_not_its_introduction() -> None:
    pool = [ScoredSentence(1, 0, "We introduce X, a state-of-the-art language model.", 0.6),
            ScoredSentence(1, 1, "X has 7 billion parameters.", 0.5),
            ScoredSentence(1, 2, "X outperforms all models with similar active parameters.", 0.3)]
    assert results_first(pool)[0].index == 2
    assert not answer_shape.JUDGED_ASK.search("How does X work?")
