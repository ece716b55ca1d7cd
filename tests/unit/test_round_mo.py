"""Question rules from this stop's fresh dev batch mp (and last stop's held-out ml, now dev):
a method asked as an algorithm, places counted as scenes or environments, a name whose prefix
the question spells out, natural kinds asked by "what", a terse measure followed by what it
names, a typed superlative, a share of a set told by a quantifier, a request describing its
paper before its questions. The checker's rule: tests/unit/test_round_mo_checks.py."""

from __future__ import annotations

import pytest

from index.titles import derive_title
from rag import cues
from rag.aliases import alias_topics, mine_aliases
from rag.evidence import abstract_cover
from rag.query import analyse
from rag.question_parts import split_parts
from tests.extractive_fakes import alike_answer, hit

_PORRL = ("We model RLHF as reinforcement learning with partially observed reward-states "
          "(PORRL). For cardinal feedback, we present two model-based methods (POR-UCRL, "
          "POR-UCBVI)")
_PRUNING = ("We frame pruning as policy learning. PruneNet compresses LLaMA-2-7B in 15 minutes, "
            "outperforming existing methods that retain only 75% performance")
_LOCOVR = ("We present LocoVR, a dataset of 7000+ two-person trajectories captured in virtual "
           "reality from over 130 different indoor home environments")
_SIMPL = ("We propose SIMPL, an EM-style algorithm for latent variables and tuning curves. When "
          "applied to a large hippocampal dataset SIMPL finds smaller place fields")
_DDM = ("We deconstruct a denoising diffusion model into a classical denoising autoencoder. We "
        "observe that only a very few modern components are critical for learning good "
        "representations")


def test_a_method_asked_as_an_algorithm_is_named_by_the_paper_presenting_it() -> None:
    answer = alike_answer("In PORRL with partially observed reward states, which model-based "
                          "algorithms are proposed for cardinal feedback?", [hit(_PORRL, "PORRL")])
    assert "POR-UCRL" in answer.text
    # control: "existing methods" names no algorithm the paper uses
    answer = alike_answer("Which policy-gradient algorithm is used to train the stochastic "
                          "pruning policy?", [hit(_PRUNING, "PruneNet")])
    assert not answer.answerable


def test_places_asked_as_scenes_are_counted_as_environments() -> None:
    other = hit("We present X, trained on 7 scenes of the Replica dataset", "X", "p2")
    answer = alike_answer("How many home scenes does LocoVR have?", [hit(_LOCOVR, "LocoVR"),
                                                                      other])
    assert "130 different indoor home environments [1]" in answer.text


@pytest.mark.parametrize(("abstract", "refused"), [
    (_SIMPL, True),
    (_SIMPL + ". The recordings come from mice running on a linear track", False),
])
def test_what_animal_is_told_by_an_animal(abstract: str, refused: bool) -> None:
    answer = alike_answer("SIMPL was run on a big hippocampal dataset. What animal did that "
                          "data come from?", [hit(abstract, "SIMPL")])
    assert (not answer.answerable) is refused


@pytest.mark.parametrize(("question", "asks_for"), [
    ("heartlang vocab size QRS tokenizer", "quantity"),
    ("QRS tokenizer vocabulary size", "quantity"),  # control: as before
    ("air-bench 2024 safest llm?", "ranking"),
    ("air-bench 2024 llm safety", None),  # control: no superlative
])
def test_typed_questions_ask_for_a_figure_or_a_ranking(question: str,
                                                       asks_for: str | None) -> None:
    assert analyse(question).asks_for == asks_for


def test_a_share_of_a_set_is_told_by_a_quantifier() -> None:
    answer = alike_answer("If you strip a diffusion model down to a denoising autoencoder, how "
                          "many of the modern parts matter?", [hit(_DDM, "DDM")])
    assert "only a very few modern components" in answer.text and answer.answerable


def test_a_request_describing_its_paper_asks_each_question_after_it() -> None:
    assert split_parts("Describe the representation of experimental knowledge meant to help "
                       "LLMs design lab protocols - what layers does it have and what formalism "
                       "encodes them?") == (
        "Describe the representation of experimental knowledge meant to help LLMs design lab "
        "protocols - what layers does it have", "what formalism encodes them")


def test_what_a_paper_studies_is_not_its_title() -> None:
    abstract = ("Accurate prediction of RNA properties is crucial. RNA structures can be "
                "represented as sequences or graphs. We evaluate geometric context for RNA "
                "property prediction on new RNA datasets.")
    assert derive_title(abstract) != "RNA"
    assert derive_title("We propose HELM. HELM pre-trains mRNA models; HELM is fast.") == "HELM"


@pytest.mark.parametrize(("question", "asks_for"), [
    ("DynamicFlow: which kind of generative model?", None),  # a kind, described
    ("protocol design for self-driving labs: encoded with what kind of language?", "name"),
])
def test_a_typed_kind_asks_for_a_description(question: str, asks_for: str | None) -> None:
    assert analyse(question).asks_for == asks_for


def test_benchmarks_are_counted_as_datasets() -> None:
    heartlang = hit("We propose HeartLang. We evaluated HeartLang across six public ECG datasets",
                    "HeartLang")
    other = hit("We present X, trained on 7 scenes of the Replica dataset", "X", "p2")
    answer = alike_answer("Number of ECG benchmarks used to test HeartLang", [heartlang, other])
    assert "six public ECG datasets [1]" in answer.text


def test_how_a_paper_stands_to_its_topic_is_not_its_topic() -> None:
    paper = hit("We propose MotherNet, a hypernetwork trained on synthetic tasks", "MotherNet")
    assert abstract_cover("Which papers are built around a hypernetwork?", paper,
                          lambda term: 1.0) == 1.0
    assert abstract_cover("Which papers are built on transformers?", paper,
                          lambda term: 1.0) == 0.0  # control


@pytest.mark.parametrize(("question", "described"), [
    ("How large a gain does the codon-aware hierarchical pre-training strategy for messenger "
     "RNA language models achieve?", True),
    ("How large a gain does HELM achieve over standard pre-training?", False),
])
def test_a_paper_described_as_a_strategy_is_one_paper(question: str, described: bool) -> None:
    assert bool(cues.DESCRIBED_PAPER.search(question)) is described


def test_an_or_setting_the_scene_of_a_figure_asks_no_list() -> None:
    intent = analyse("I'm deciding whether to add 2D graph or 3D all-atom structural encodings "
                     "to my RNA property predictor. In the benchmark of structure-aware models, "
                     "what average decrease in root-mean-square error did they give?")
    assert (intent.shape, intent.asks_for) == ("detail", "quantity")
    assert analyse("Work on audio-driven video generation, or on diffusion planning for "
                   "driving. What do we have?").shape == "list"  # control


def test_other_names_of_a_term_are_mined_from_the_abstracts() -> None:
    aliases = mine_aliases(["Continual learning, also known as lifelong learning or incremental "
                            "learning, refers to learning tasks in sequence.",
                            "Federated learning, a.k.a. collaborative learning, trains models "
                            "across clients. We study federated learning, also called FL."])
    assert aliases["continual learning"] == ("incremental learning", "lifelong learning")
    assert aliases["collaborative learning"] == ("federated learning",)
    assert alias_topics("continual learning papers?", aliases) == (
        "incremental learning papers?", "lifelong learning papers?")
    assert alias_topics("continual control papers?", aliases) == ()  # control
    # two names of the term asked: the first named is replaced, whatever the dict's order
    assert alias_topics("incremental learning or continual learning?", aliases) == (
        "continual learning or continual learning?", "lifelong learning or continual learning?")


def test_a_doubling_period_is_told_in_months() -> None:
    paper = hit("We introduce DS-LLM. With model sizes doubling approximately every 3.4 months, "
                "training costs escalate", "DS-LLM")
    other = hit("We present X, trained on 7 scenes of the Replica dataset", "X", "p2")
    assert analyse("DS-LLM: LLM size doubling period?").asks_for == "quantity"
    answer = alike_answer("DS-LLM: LLM size doubling period?", [paper, other])
    assert answer.text.startswith("With model sizes doubling approximately every 3.4 months")


def test_how_a_part_is_optimized_is_told_by_the_sentence_optimizing_it() -> None:
    paper = hit("We introduce D-TSN, a network that learns to construct search trees. To build "
                "the tree, we employ a stochastic tree expansion policy. Then, we optimize the "
                "tree expansion policy via REINFORCE", "D-TSN")
    answer = alike_answer("How is the stochastic tree expansion policy in D-TSN optimized?",
                          [paper])
    assert answer.text.startswith("we optimize the tree expansion policy via REINFORCE")
