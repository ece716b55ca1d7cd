"""Rules from this stop's dev batches (last stop's held-out ob and xf, the fresh of, og and xi):
a few typed words ending in the thing used ("locovr vr device used?", "MetaOOD embedding LM -
which one") ask for its name; a model so asked is answered only by a model's name; a measure
may carry its unit in brackets; and a bare topic typed "A for B" / "A on B" names a method and
its domain as "work on A for B" does."""

from __future__ import annotations

import pytest

from paperwise.types import Hit, Paper
from rag import cues
from rag.aliases import glossary_topics
from rag.avoided import avoided_conflict
from rag.listing import applied_nowhere
from rag.polarity import check_reversal
from rag.query import analyse


@pytest.mark.parametrize("question", [
    "LocoVR vr device used?",
    "LocoVR vr headset device",
    "LocoVR capture hardware - what headset/tracker?",
    "MetaOOD embedding LM?",
    "MetaOOD embedding LM - which one",
    "DSPO base t2i model",
    "course-corrected linear bandit base algorithms",
])
def test_a_few_words_ending_in_a_thing_used_ask_its_name(question: str) -> None:
    assert analyse(question).asks_for == "name"


@pytest.mark.parametrize("question", [
    "medical qa hallucination benchmark llm",  # an LLM typed as the topic's, not asked
    "video qa benchmark multimodal llm",
    "LocoVR dataset purpose",
    # training data is told by what it is, not only by a dataset's name ("FB-CPR ... an
    # unlabeled behavior dataset": dev split mt011a)
    "FB-CPR humanoid training data?",
])
def test_a_topic_ending_in_a_model_word_asks_no_name(question: str) -> None:
    assert analyse(question).asks_for != "name"


@pytest.mark.parametrize("question", ["MetaOOD embedding LM?", "DSPO base t2i model",
                                      "KaSA backbone models list"])
def test_a_model_asked_in_a_few_words_needs_a_model_name(question: str) -> None:
    assert cues.TERSE_MODEL_ASK.search(cues.WHICH_ONE.sub("", question))


@pytest.mark.parametrize("question", ["DSPO preference data used", "LocoVR dataset size"])
def test_other_things_asked_in_a_few_words_are_no_model(question: str) -> None:
    assert not cues.TERSE_MODEL_ASK.search(question)


def test_a_measure_with_its_unit_in_brackets_asks_a_quantity() -> None:
    assert analyse("Jax2D throughput (steps/sec)").asks_for == "quantity"
    assert analyse("LocoVR dataset size (trajectories)").asks_for == "quantity"


def _hit(abstract: str, title: str) -> Hit:
    return Hit(paper=Paper(id=title, title=title, source="s.txt", position=1, abstract=abstract),
               text=abstract, score=1.0)


@pytest.mark.parametrize("question", ["saes on protein lms",
                                      "sparse autoencoders for protein language models",
                                      "sparse autoencoders applied to protein lms papers"])
def test_a_typed_a_for_b_needs_a_paper_saying_both(question: str) -> None:
    hits = [_hit("We train sparse autoencoders (SAEs) on the activations of LLMs.", "SAE"),
            _hit("We fold protein sequences with a new transformer.", "Fold")]
    assert applied_nowhere(question, hits)
    hits.append(_hit("Sparse autoencoders (SAEs) trained on protein language models find "
                     "motifs.", "Both"))
    assert not applied_nowhere(question, hits)


@pytest.mark.parametrize("question", [
    "federated learning papers in the collection",  # "the collection" names no domain
    "What is the accuracy of SAEs on protein benchmarks?",  # a question, not typed words
])
def test_no_method_and_domain_are_read_where_none_is_typed(question: str) -> None:
    hits = [_hit("We train sparse autoencoders (SAEs) on the activations of LLMs.", "SAE")]
    assert not applied_nowhere(question, hits)


@pytest.mark.parametrize("question", ["loopy training data size in video hours",
                                      "olmoe pretraining data size in tokens",
                                      "nutribench dataset size in samples"])
def test_a_measure_asked_in_a_unit_asks_a_figure(question: str) -> None:
    assert analyse(question).asks_for == "quantity"


def test_a_topic_ending_in_a_measure_still_asks_for_papers() -> None:
    assert analyse("variance reduction for RL policy evaluation").asks_for is None


@pytest.mark.parametrize("question", ["cyberhost paper authors", "LocoVR authors?"])
def test_a_few_words_ending_in_authors_ask_for_them(question: str) -> None:
    assert analyse(question).asks_for == "authors"


def test_authors_doing_something_ask_no_authors() -> None:
    assert analyse("What data did the LocoVR authors collect?").asks_for != "authors"


def test_anything_on_a_topic_names_no_method() -> None:
    hits = [_hit("We detect out-of-distribution inputs with a new score.", "OOD")]
    assert not applied_nowhere("anything on out of distribution detection", hits)


def test_a_limit_lifted_where_the_abstract_sets_it_is_a_reversal() -> None:
    # (fresh dev batch xi, xi010x)
    evidence = ("We also design a regularized fine-tuning objective that makes the safety "
                "alignment more persistent against fine-tuning attacks by constraining updates "
                "on initial tokens.")
    assert check_reversal("They propose a regularized fine-tuning objective that relaxes "
                          "constraints on updates to the initial tokens.", [evidence])
    assert check_reversal("They propose a regularized fine-tuning objective that constrains "
                          "updates on the initial tokens.", [evidence]) is None


@pytest.mark.parametrize(("question", "term"), [
    ("are there any abstracts about speech-driven avatar video synthesis?",
     "audio-driven human animation"),
    ("Any papers where one network produces the weights or parameters of another network?",
     "hypernetwork"),
    ("list the works where one network outputs the parameters (or architecture distribution) "
     "of another network", "hypernetwork"),
    ("how do the works that make estimates of a decision-making agent's expected return less "
     "noisy differ?", "policy evaluation"),
])
def test_more_newcomer_descriptions_are_given_their_field_name(question: str, term: str) -> None:
    assert term in glossary_topics(question)


def test_the_fields_own_words_are_no_description() -> None:
    # searched as they are, with the question's other topic ("... or diffusion-based planning
    # for autonomous driving": dev split c023 lost its second topic when read as a description)
    assert glossary_topics("work on audio-driven human video generation or diffusion-based "
                           "planning?") == ()


def test_a_thing_named_by_a_clause_with_an_irregular_participle_asks_its_name() -> None:
    assert analyse("I need the name of the large recording dataset that the EM-style "
                   "algorithm was run on.").asks_for == "name"


@pytest.mark.parametrize("question", [
    "I need the name of the large hippocampus recording dataset that the EM-style tuning-curve "
    "and latent-variable algorithm was run on.",
    "Tell me which works try to keep a model from degrading on earlier tasks as it keeps "
    "learning new ones over time.",
    "I'm surveying decentralized, privacy-preserving training where a server aggregates client "
    "models - which papers here deal with that setting?",
])
def test_these_descriptions_and_asks_are_read(question: str) -> None:
    assert analyse(question).asks_for == "name" or glossary_topics(question)


def test_i_want_the_number_of_asks_a_quantity() -> None:
    assert analyse("I want the number of simulated systems in the DynamicFlow "
                   "dataset.").asks_for == "quantity"
    assert analyse("I want the papers on federated learning.").shape == "list"


def test_what_current_methods_rely_on_is_no_use_of_the_papers_own() -> None:
    # (dev xf010x: "PruneNet ... still depends on an external calibration dataset")
    abstract = ("Current model pruning techniques attempt to alleviate these issues by relying "
                "heavily on external calibration datasets to determine which parameters to "
                "prune. PruneNet decouples the pruning process from the model architecture, "
                "eliminating the need for calibration datasets.")
    sentences = abstract.split(". ")
    assert avoided_conflict("PruneNet still depends on an external calibration dataset to "
                            "decide which parameters to prune.", sentences, abstract)
    assert avoided_conflict("PruneNet needs no calibration dataset.", sentences, abstract) is None
