"""Rules from the ly/zp batches (held out last stop, tuned on now) and the fresh dev batches
md/me of this stop: "top-k" ranks nothing, a size the question names must be in the answering
paper, equipment is hardware, terse queries ending in languages or species, "language models"
name no language, and a yes/no part hanging on a missing detail."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from paperwise.text import stem
from paperwise.types import Hit, Paper, PaperSentences, SentenceBank
from rag import cues
from rag.asked import asked_thing
from rag.avoided import avoided_conflict
from rag.comparisons import check_transformation
from rag.cues import answer_shape
from rag.evidence import ScoredSentence, find_evidence, tells_thing
from rag.extractive import extractive_answer
from rag.listing import list_topic
from rag.names import name_tokens, names_lacking
from rag.query import analyse
from rag.roles import check_roles
from rag.spelling import respell
from tests.extractive_fakes import alike_answer, hit


@pytest.mark.parametrize(("question", "ranks"), [
    ("For OLMoE, tell me the expert count and the top-k routing setting.", False),
    ("Which model had the best top-1 accuracy?", True),  # "best" still ranks
    ("which model reports top-1 accuracy on ImageNet", False),
    ("which model came out on top?", True),
    ("which top 5 models were tested", True),  # "the top five" ranks
])
def test_top_k_is_no_superlative(question: str, ranks: bool) -> None:
    assert bool(cues.RANKING_ASK.search(question)) is ranks


def test_top_k_is_no_ranking_evidence() -> None:
    assert not cues.RANKING_EVIDENCE.search("It reaches 80% top-1 accuracy with top-k routing.")
    assert cues.RANKING_EVIDENCE.search("It is the top performer.")


_PRUNE = hit("PruneNet can compress the LLaMA-2-7B model in just 15 minutes.", "PruneNet")


@pytest.mark.parametrize(("question", "lacking"), [
    ("It compresses the 7B model in minutes. What about the 13B LLaMA-2 model?", ["13B"]),
    ("prunenet 13b compression time", ["13b"]),
    ("How long does PruneNet take on the 7B model?", []),
    ("Does PruneNet work on 7B or 13B models?", []),  # one of the sizes offered is enough
    ("Does PruneNet work on 13B or 70B models?", ["13B", "70B"]),
    ("How long does PruneNet take on a 7 billion parameter model?", []),
])
def test_a_size_the_question_names_must_be_in_the_paper(question: str,
                                                         lacking: list[str]) -> None:
    assert names_lacking(question, _PRUNE) == lacking


def test_a_size_written_out_is_there() -> None:
    paper = hit("OLMoE-1B-7B has 7 billion parameters but uses 1B per input token.", "OLMoE")
    assert names_lacking("How fast is the 7B model?", paper) == []
    assert names_lacking("How fast is the 70B model?", paper) == ["70B"]


@pytest.mark.parametrize("question", [
    "The trajectory dataset collected in VR - what VR equipment did they use?",
    "Which recording gear was used?",
])
def test_equipment_asks_for_hardware(question: str) -> None:
    assert analyse(question).asks_for == "hardware"


@pytest.mark.parametrize(("question", "thing"), [
    ("nutribench languages covered", "languages"),
    ("SIMPL hippocampus dataset species", "species"),
    ("temporal label noise time series datasets used", "datasets"),
])
def test_terse_things_are_asked_things(question: str, thing: str) -> None:
    assert analyse(question).asks_for == "name"
    assert asked_thing(question) == stem(thing)


def test_language_models_name_no_language() -> None:
    hits = [hit("We test twelve Large Language Models on NutriBench.", "NutriBench")]
    models = ScoredSentence(1, 0, "We test twelve Large Language Models on NutriBench.", 0.5)
    english = ScoredSentence(1, 1, "Meals are described in English and Spanish languages.", 0.5)
    thing = asked_thing("Which languages are the NutriBench meal descriptions written in?")
    assert thing is not None
    assert not tells_thing(models, thing, hits)
    assert tells_thing(english, thing, hits)


def test_a_verdict_hanging_on_a_missing_licence_is_not_given() -> None:
    abstract = ("We present LocoVR, a dataset of 7000+ two-person trajectories. "
                "LocoVR improves trajectory prediction in home environments.")
    hits = [hit(abstract, "LocoVR")]
    sentences = abstract.split(". ")
    bank = SentenceBank(space="minilm")
    bank.papers["p1"] = PaperSentences(sentences, np.eye(len(sentences), 4, dtype=np.float32))
    vector = np.array([0.9, 0.8, 0.1, 0.0], dtype=np.float32)
    licence = ("Can I use the LocoVR trajectory dataset in a commercial product? "
               "What are its terms of use?")
    answer = extractive_answer(licence, analyse(licence), vector, hits, bank, lambda term: 1.0)
    assert not answer.citations or not answer.text.startswith(("Yes", "No"))
    assert "do not contain" in answer.text
    # a detail the abstract gives still stands beside its verdict
    size = "Is LocoVR a dataset of trajectories, and how many trajectories does it hold?"
    answer = extractive_answer(size, analyse(size), vector, hits, bank, lambda term: 1.0)
    assert "7000+" in answer.text


_RAM = ("Firstly, the Region Attention Module (RAM) maintains a set of learnable, implicit, "
        "identity-agnostic latent features and combines them with identity-specific local "
        "visual features to enhance the synthesis of critical local regions.")
_FTTPO = ("Specifically, we maintain a fat (heavy-tailed) proposal policy that effectively learns "
          "from the dataset and injects knowledge to a thin (sparse) policy, which is "
          "responsible for interacting with the environment.")
_LATENT = ("Our work shows that under certain assumptions, the latent causal variables are "
           "block-wise identifiable. With further conditional independence assumption, each "
           "latent variable can even be recovered up to component-wise transformations.")


@pytest.mark.parametrize(("claim", "abstract", "flagged"), [
    # two terms trade what they describe, inside one clause
    ("Its Region Attention Module combines learnable identity-specific latent features with "
     "identity-agnostic local visual features.", _RAM, True),
    ("Its Region Attention Module combines learnable identity-agnostic latent features with "
     "identity-specific local visual features.", _RAM, False),
    # the abstract's bracketed aliases stand for its words
    ("It keeps a sparse proposal policy that learns from the dataset and injects knowledge "
     "into a heavy-tailed policy that interacts with the environment.", _FTTPO, True),
    ("It keeps a heavy-tailed proposal policy that learns from the dataset and injects "
     "knowledge into a sparse policy that interacts with the environment.", _FTTPO, False),
    # roles told across two neighbouring sentences
    ("Under certain assumptions the latent causal variables are component-wise identifiable, "
     "and with an additional conditional independence assumption each latent variable can be "
     "recovered up to block-wise transformations.", _LATENT, True),
    ("Under certain assumptions the latent causal variables are block-wise identifiable, "
     "and with an additional conditional independence assumption each latent variable can be "
     "recovered up to component-wise transformations.", _LATENT, False),
])
def test_swapped_roles_in_one_clause_by_alias_and_across_sentences(
        claim: str, abstract: str, flagged: bool) -> None:
    assert (check_roles(claim, abstract) is not None) is flagged


@pytest.mark.parametrize(("question", "purpose"), [
    ("what is fat-to-thin policy optimization for?", True),
    ("What is SIMPL used for?", True),
    ("FtTPO - what problem does it solve?", True),
    ("the offline RL method pairing two policies: what is it meant to be used for?", True),
    ("What is SIMPL?", False),
    ("What datasets is GeoX evaluated for?", False),
])
def test_what_a_method_is_for_asks_its_purpose(question: str, purpose: bool) -> None:
    assert bool(answer_shape.PURPOSE_ASK.search(question)) is purpose


def test_a_purpose_answer_gives_the_problem_and_what_the_paper_does() -> None:
    hits = [hit("Sparse policies trouble offline algorithms. Existing fixes are costly. We "
                 "propose FtTPO, which keeps a fat proposal policy. It beats baselines.",
                 "FtTPO")]
    question = "what is FtTPO for?"
    answer = alike_answer(question, hits)
    assert "Existing fixes are costly" in answer.text and "We propose FtTPO" in answer.text
    assert "beats baselines" not in answer.text


def test_names_hyphened_to_a_short_prefix_are_read_whole() -> None:
    assert name_tokens("What does Db-TSW change?") == ["Db-TSW"]
    assert name_tokens("Is S-MNN faster than MNN?") == ["S-MNN", "MNN"]
    assert name_tokens("How does MAD-TD do?") == ["MAD"]  # a longer prefix is a name itself


def test_a_comparison_within_one_paper_is_answered_from_it() -> None:
    hits = [hit("We study the TSW-SL distance on systems of lines. We propose Db-TSW, which "
                 "uses all positional information", "TSW-SL"),
            Hit(paper=Paper(id="p2", title="SGD", source="s.txt", position=2,
                            abstract="SGD is ergodic in a Wasserstein semimetric. It converges"),
                text="SGD", score=0.9)]
    question = "What does Db-TSW change compared with the original TSW-SL distance?"
    answer = alike_answer(question, hits)
    assert [c.paper.id for c in answer.citations] == ["p1"]


_WAVELET = ("Our wavelet-based position representation captures multiple scales without limiting "
            "the model's attention field and improves performance in short and long contexts.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("It captures multiple scales only by limiting the model's attention field.", True),
    ("It captures multiple scales without limiting the model's attention field.", False),
    # doing without by a gerund is no use ("by stripping out X")
    ("By removing the limits on the model's attention field, it captures multiple scales.",
     False),
])
def test_by_doing_is_using_what_it_does(claim: str, flagged: bool) -> None:
    found = avoided_conflict(claim, [_WAVELET], _WAVELET)
    assert (found is not None) is flagged


@pytest.mark.parametrize(("question", "kind"), [
    ("air-bench 2024 top model", "ranking"),
    ("nutribench best model carb estimation", "ranking"),
    ("olmoe top-k routing setting", None),
    ("SOAP precond frequency value, 660m", "quantity"),
])
def test_typed_rankings_and_settings(question: str, kind: str | None) -> None:
    assert analyse(question).asks_for == kind


def test_a_request_after_a_description_names_what_the_count_counts() -> None:
    hits = [hit("OLMoE-1B-7B has 7 billion parameters but uses only 1B per input token.",
                 "OLMoE")]
    pool = [ScoredSentence(1, 0, hits[0].paper.abstract, 0.6)]
    question = ("For the open mixture-of-experts model with 1B active parameters, tell me the "
                "expert count.")
    assert find_evidence(pool, question, analyse(question), hits) == []


def test_a_verdict_comes_from_the_papers_own_sentences() -> None:
    hits = [hit("Existing pruning methods rely on calibration datasets to decide what to prune. "
                 "We propose PruneNet. PruneNet eliminates the need for calibration datasets",
                 "PruneNet")]
    question = "Does PruneNet need a calibration dataset to decide what to prune?"
    answer = alike_answer(question, hits)
    assert answer.text.startswith("No. PruneNet eliminates")


def test_an_acronyms_plural_is_the_acronym() -> None:
    assert name_tokens("How fast is decoding on NPUs and GPUs with ViTs?") == [
        "NPU", "GPU", "ViT"]


def test_two_corpus_words_typed_as_one_are_read_hyphened() -> None:
    corpus = {"fine", "tuning", "benign", "break"}
    text, found = respell("why does benign finetuning break refusals", corpus.__contains__,
                          lambda: Counter({"fine": 3, "tuning": 3}))
    assert "fine-tuning" in text and [r.typed for r in found] == ["finetuning"]
    text, found = respell("does the watermarking hold", corpus.__contains__, Counter)
    assert found == []
    # "work" asks for papers: a workaround is no work around
    text, found = respell("which workaround", {"work", "around"}.__contains__, Counter)
    assert found == []


@pytest.mark.parametrize(("question", "shape"), [
    ("Give me the training budget in GPU-hours for that embodied-AI representation work that "
     "uses differentiable neural rendering.", "detail"),
    ("any diffusion work that uses 3D gaussians?", "list"),
])
def test_the_work_that_names_one_paper(question: str, shape: str) -> None:
    assert (analyse(question).shape == "list") is (shape == "list")


@pytest.mark.parametrize(("question", "kind"), [
    ("On what GPUs was the largest SPA model trained?", "name"),
    ("Was GPT-4 or some other LLM used as the base model?", "name"),
    ("Did they evaluate on MuJoCo or another benchmark?", "name"),
    ("Was it trained on GPUs or TPUs?", "compute"),
])
def test_which_gpus_and_which_other_model(question: str, kind: str) -> None:
    assert analyse(question).asks_for == kind
    if "LLM" in question:
        assert cues.MODEL_NAME_ASK.search(question)


_REWARD = ("Moreover, robustness to action perturbations further enhances robustness against "
           "other variations, such as changes in state transition probabilities and reward "
           "functions.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Robustness to changes in state transition probabilities and reward functions in turn "
     "strengthens robustness to action perturbations.", True),
    ("Robustness to action perturbations in turn strengthens robustness to changes in state "
     "transition probabilities and reward functions.", False),
])
def test_a_cause_turned_round_with_its_effect(claim: str, flagged: bool) -> None:
    assert (check_transformation(claim, _REWARD) is not None) is flagged


def test_a_lower_case_question_after_a_scene_is_the_asked_sentence() -> None:
    paper = hit("POTEC clusters the action space and learns two policies.", "POTEC")
    scene = ("my recommender has a huge catalogue and IPS-style gradients are too noisy. does "
             "the two-stage off-policy learner help there?")
    assert names_lacking(scene, paper) == []  # IPS is in the scene, not in what is asked
    assert names_lacking("does the IPS-style learner help there?", paper) == ["IPS"]


@pytest.mark.parametrize(("question", "shape"), [
    ("Is there multimodal data-pruning work here that cleans noisy data?", "list"),
    ("I'm surveying hypernetworks - which abstracts in this collection do that?", "list"),
])
def test_more_ways_to_ask_for_papers(question: str, shape: str) -> None:
    intent = analyse(question)
    assert intent.shape == shape and intent.asks_for is None


@pytest.mark.parametrize("question", [
    "JDR, which studies graphs, what does it rewire?",
    "The method, which works on graphs, how fast is it?",
])
def test_a_relative_clause_asks_for_no_papers(question: str) -> None:
    assert analyse(question).shape != "list"


@pytest.mark.parametrize(("question", "topic"), [
    ("I'm surveying methods where one network generates the weights or parameters of another "
     "network - which abstracts in this collection do that?",
     "methods where one network generates the weights or parameters of another network"),
    ("List all the works in this collection that deal with training models across many "
     "clients without pooling data centrally",
     "deal with training models across many clients without pooling data centrally"),
    # short, or no frame: read whole
    ("continual learning forgetting papers", "continual learning forgetting papers"),
    ("Which papers study the variance of off-policy evaluation estimators in reinforcement "
     "learning settings?", "Which papers study the variance of off-policy evaluation "
     "estimators in reinforcement learning settings?"),
])
def test_a_long_list_questions_topic_without_its_frame(question: str, topic: str) -> None:
    assert list_topic(question) == topic
