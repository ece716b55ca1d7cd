"""Rules from this stop's dev batches (last stop's held-out oh and xj, the fresh ol, om and xm):
a name asked for a thing the question describes is not given by a sentence that speaks of that
thing unnamed; "name of X dataset" typed tersely asks a name; "Text-to-Image (T2I)" defines an
acronym of a term, no model's name; continual learning told by what is kept or what keeps
coming, and policy evaluation by the return estimated; a name asked as "the make and model of",
after "what is the", or of "a corpus of X" the subject then tells; a gerund ending the question
is its topic; a topic described whose field term is unheard is absent (watermarking,
membership inference)."""

from __future__ import annotations

import pytest

from rag.acronyms import term_acronyms
from rag.aliases import glossary_topics
from rag.answer_lines import _states_result
from rag.asked import asked_thing, described_words, names_described
from rag.asking import as_question, enumerated_parts
from rag.introduced import new_kinds
from rag.measures import counted_words, measure_qualifiers
from rag.query import analyse
from rag.scored import ScoredSentence
from rag.spelling import absent_topic

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
    ("What methods are there for learning a sequence of tasks without losing what was learned "
     "before?", "continual learning"),
    ("Name the papers with models that must keep performing on earlier ones.",
     "continual learning"),
    ("contrast methods for estimating an RL policy's return with fewer samples",
     "policy evaluation"),
])
def test_a_topic_described_finds_its_field_term(question: str, term: str) -> None:
    assert term in glossary_topics(question)


@pytest.mark.parametrize("question", ["which papers use data streams of sensor readings?",
                                      "papers that keep old checkpoints on disk",
                                      "Which paper predicts a sequence of tokens?"])
def test_other_streams_and_keeping_are_no_continual_learning(question: str) -> None:
    assert "continual learning" not in glossary_topics(question)


@pytest.mark.parametrize("question", [
    "Tell me which corpus of mRNA sequences the codon-hierarchy language model was pretrained on.",
    "For the humanoid model trained from motion capture, I'd like to know the specific mocap "
    "collection they used.",
    "Tell me the make and model of the virtual reality device the LocoVR authors used.",
    "What is the make and model of the VR headset used for LocoVR?",
])
def test_names_asked_in_other_shapes(question: str) -> None:
    assert analyse(question).asks_for == "name"


def test_what_is_the_benchmark_about_asks_no_name() -> None:
    assert analyse("What is the benchmark about?").asks_for is None


_KNOWN = {"papers", "language", "model", "outputs", "signals", "hidden", "embedding", "work",
          "text", "machine", "written", "identified", "later", "there", "here", "sample",
          "training", "set", "part", "particular", "approaches", "compare", "determining",
          "learning", "continual", "tasks", "old", "whether", "forgotten", "stream", "keep",
          "research", "spotting", "manipulated", "synthetic", "face", "videos", "passage",
          "came", "propose", "evaluate"}


def _heard(word: str) -> bool:
    return word in _KNOWN


@pytest.mark.parametrize(("question", "absent"), [
    ("Are there any papers on watermarking?", "watermarking"),
    ("Is there work here on embedding hidden signals in language model outputs so "
     "machine-written text can be identified later?", "watermarking"),
    ("Compare the approaches for determining whether a particular sample was part of a "
     "model's training set.", "membership inference"),
    ("Is there any research on spotting manipulated or synthetic face videos?",
     "deepfake detection"),
    # the term first, though the description's own words are unheard too ("scheme")
    ("We need to tell whether a passage came from our model by embedding a hidden signal in "
     "it; do any of these papers propose such a scheme?", "watermarking"),
    ("Do any of these papers propose or evaluate such a watermarking scheme?", "watermarking"),
    # the field's term heard: no absence
    ("Which papers keep old tasks from being forgotten, a stream of new tasks?", None),
    # a gerund with its object is no topic of its own
    ("Any papers on embedding text?", None),
])
def test_a_topic_unheard_by_its_field_term_is_absent(question: str, absent: str | None) -> None:
    assert absent_topic(question, _heard, lambda prefix: False) == absent


def test_a_superlative_count_counts_the_things_after_it() -> None:
    question = "I need the maximum count of hardware platforms they evaluated."
    assert "platforms" in counted_words(question)
    assert not measure_qualifiers(as_question(question))


@pytest.mark.parametrize("question", [
    "List the benchmarks that were introduced to evaluate large language models.",
    "List the benchmarks that evaluate large language models.",
])
def test_kinds_asked_in_a_relative_clause_ask_for_new_ones(question: str) -> None:
    assert new_kinds(question) == ("benchmark",)
    assert analyse(question).shape == "list"


def test_a_named_papers_datasets_are_no_new_kinds_listed() -> None:
    assert analyse("Which datasets that test robustness did NutriBench use?").shape != "list"


@pytest.mark.parametrize(("sentence", "stated"), [
    ("SIMPL is fast and exploits behaviour as an initial condition to further improve "
     "convergence.", False),
    ("The child network outperforms neural networks trained using gradient descent.", True),
    ("We introduce GeoX, a state-of-the-art model.", False),  # introducing, not a result
])
def test_a_result_stated_is_not_one_aimed_at(sentence: str, stated: bool) -> None:
    s = ScoredSentence(text=sentence, marker=1, index=3, score=0.5, similarity=0.5,
                       cover=frozenset())
    assert _states_result(s) is stated


@pytest.mark.parametrize("question", [
    "Two quick counts please: the size of the candidate pool of detectors MetaOOD picks from, "
    "and the number of PEFT methods KaSA beats.",
    "For the pre-training framework DEPT, I need two numbers: the average perplexity improvement "
    "and the cut in embedding memory.",
])
def test_things_enumerated_by_their_kind_are_asked_each(question: str) -> None:
    parts = enumerated_parts(question)
    assert len(parts) == 2
    assert all(p.endswith("?") for p in parts)


@pytest.mark.parametrize("question", ["ls-imagine benchmark / environment used for experiments",
                                      "kinetix simulator / environment"])
def test_two_things_offered_slashed_ask_a_name(question: str) -> None:
    assert analyse(question).asks_for == "name"
