"""Rules from this stop's dev batches (last stop's held-out oh and xj, the fresh ol, om and xm):
a name asked for a thing the question describes is not given by a sentence that speaks of that
thing unnamed; "name of X dataset" typed tersely asks a name; "Text-to-Image (T2I)" defines an
acronym of a term, no model's name; continual learning told by what is kept or what keeps
coming, and policy evaluation by the return estimated."""

from __future__ import annotations

import pytest

from rag.acronyms import term_acronyms
from rag.aliases import glossary_topics
from rag.asked import asked_thing, described_words, names_described
from rag.query import analyse

_PLANNER = ("Evaluations on the large-scale real-world autonomous planning benchmark nuPlan and "
            "our newly collected 200-hour delivery-vehicle driving dataset demonstrate that "
            "Diffusion Planner achieves state-of-the-art closed-loop performance.")


@pytest.mark.parametrize("question", [
    "What is the name of the 200-hour delivery-vehicle driving dataset collected for X?",
    "name of diffusion planner's 200h delivery vehicle dataset?",
])
def test_a_described_thing_spoken_of_unnamed_is_not_named(question: str) -> None:
    thing = asked_thing(question)
    assert thing == "dataset"
    assert not names_described(_PLANNER, described_words(question, thing), thing)


@pytest.mark.parametrize(("question", "sentence"), [
    # the name stands after the thing, in lower case first
    ("Which real-world benchmark was Diffusion Planner evaluated on?", _PLANNER),
    # ... in brackets, or before the description
    ("What is the name of the two-person trajectory dataset?",
     "We collect a two-person trajectory dataset (LocoVR) in virtual reality."),
    ("What is the name of the two-person trajectory dataset?",
     "We present the LocoVR two-person trajectory dataset."),
    # one shared word is no description of that very thing
    ("What is the name of the driving dataset?", _PLANNER),
])
def test_a_described_thing_named_beside_it_is_named(question: str, sentence: str) -> None:
    thing = asked_thing(question)
    assert thing is not None
    assert names_described(sentence, described_words(question, thing), thing)


def test_a_terse_name_of_a_thing_asks_a_name() -> None:
    assert analyse("name of diffusion planner's 200h delivery vehicle dataset?").asks_for == "name"


def test_a_digit_for_to_defines_a_terms_acronym() -> None:
    found = term_acronyms("Diffusion-based Text-to-Image (T2I) models, Image-to-Video (I2V) "
                          "and 3D Gaussian Splatting (3DGS); the T5 (T5) model.")
    assert {"T2I", "I2V", "3DGS"} <= set(found)
    assert "T5" not in found


@pytest.mark.parametrize(("question", "term"), [
    ("Show me work about keeping a network's old skills intact while it is trained on new "
     "classes.", "continual learning"),
    ("approaches that keep a neural net from wiping out old knowledge", "continual learning"),
    ("methods for models trained on a stream of new tasks", "continual learning"),
    ("contrast methods for estimating an RL policy's return with fewer samples",
     "policy evaluation"),
])
def test_a_topic_described_finds_its_field_term(question: str, term: str) -> None:
    assert term in glossary_topics(question)


@pytest.mark.parametrize("question", ["which papers use data streams of sensor readings?",
                                      "papers that keep old checkpoints on disk"])
def test_other_streams_and_keeping_are_no_continual_learning(question: str) -> None:
    assert "continual learning" not in glossary_topics(question)
