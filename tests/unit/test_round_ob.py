"""Rules from this stop's dev batches (last stop's held-out ny, the fresh oc and od): a topic
described in a newcomer's words is searched by the field's name for it; "what work uses A for
B" names a method and its domain as "work that uses A for B" does."""

from __future__ import annotations

import pytest

from paperwise.types import Hit, Paper
from rag.aliases import glossary_topics
from rag.listing import applied_nowhere


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
