"""Question rules from this stop's dev batches: last stop's held-out mw and the fresh mz
(multi-paper questions, rewordings varied in the words a reader keys on). "T2I" spells
"text-to-image"; a typed ask for names one paper does not give is refused; "benchmarks for
evaluating X" asks for the papers introducing one; a list of topics after a dash is each a
topic of its own."""

from __future__ import annotations

import pytest

from rag import cues
from rag.alternatives import topic_alternatives
from rag.asked import asked_thing
from rag.claim_names import names_missing_from, spelled_out
from rag.introduced import new_kinds
from rag.measures import counted_words
from rag.query import analyse
from rag.spelling import expand_shorthand
from tests.extractive_fakes import alike_answer, hit

_DSPO = hit("We propose DSPO, a novel algorithm that aligns pretraining and fine-tuning. Our "
            "results show that DSPO outperforms preference learning baselines for T2I diffusion "
            "models in human preference evaluation tasks", "DSPO")


def test_a_digit_acronym_is_spelled_by_to_or_for() -> None:
    assert spelled_out("T2I", "a pretrained text-to-image diffusion model")
    assert names_missing_from(["T2I", "R2R"], "text-to-image and room-to-room") == []
    # control: the same letters without "to" spell nothing
    assert names_missing_from(["T2I"], "text and image") == ["T2I"]


def test_a_model_named_only_by_the_question_own_acronym_is_no_answer() -> None:
    answer = alike_answer("Which pretrained text-to-image diffusion model was DSPO fine-tuned "
                          "on?", [_DSPO])
    assert not answer.answerable


_LANDSCAPE = hit("We aim to formally connect the flatness of the reward surface to the robustness "
                 "of RL models. We show that flat reward maxima lead to more robust policies",
                 "Reward landscapes")


def test_a_typed_ask_for_names_one_paper_does_not_give_is_refused() -> None:
    assert not alike_answer("flat reward landscape robustness envs names",
                            [_LANDSCAPE]).answerable


def test_a_typed_ask_one_paper_answers_is_answered() -> None:
    # control: the paper gives what the typed words ask (a figure's words may be its topic)
    answer = alike_answer("flat reward landscape robustness number of policies", [_LANDSCAPE])
    assert answer.answerable


@pytest.mark.parametrize("question", [
    "Any benchmarks for evaluating large language models or LLM agents?",
    "is there a dataset to test long-horizon planning?",
])
def test_a_kind_made_for_evaluating_asks_for_new_ones(question: str) -> None:
    assert new_kinds(question)


def test_a_kind_used_asks_for_no_new_one() -> None:
    assert new_kinds("Which datasets does X report results on?") == ()


def test_a_list_of_topics_after_a_dash_is_each_a_topic() -> None:
    question = ("My group trains models across many clients, so I'm looking for anything "
                "related — aggregation schemes, client participation analysis, vertically "
                "partitioned features, or decentralized pre-training. What papers touch on it?")
    assert topic_alternatives(question) == (
        "aggregation schemes", "client participation analysis",
        "vertically partitioned features", "decentralized pre-training")


def test_names_listed_are_no_topics() -> None:
    # control: names are read as names by the list answer, not as topics
    assert topic_alternatives("papers on RL in games such as Atari, MuJoCo, or Procgen?") == ()


@pytest.mark.parametrize(("question", "thing"), [
    ("aflow six benchmarks names", "benchmark"),
    ("deep ltl rl which automata", "automaton"),  # the plural folded (test_round_ng)
])
def test_a_typed_thing_and_its_names_or_a_typed_which_asks_for_that_thing(
        question: str, thing: str) -> None:
    assert asked_thing(question) == thing


def test_a_question_opened_by_which_is_read_as_before() -> None:
    # control: "which" opening the question is read by WHICH_THING
    assert asked_thing("which automata does DeepLTL use") == "automaton"  # plural folded


_AFLOW = hit("We introduce AFLOW, an automated framework that explores this space using Monte "
             "Carlo Tree Search. Empirical evaluations across six benchmark datasets show a "
             "5.7% average improvement. AFLOW enables smaller models to outperform GPT-4o at "
             "4.55% of its inference cost", "AFLOW")
_LTL = hit("Linear temporal logic (LTL) has been adopted for specifying tasks in RL. Our method "
           "leverages the structure of Büchi automata to learn policies conditioned on sequences "
           "of truth assignments", "Linear temporal logic (LTL)")


def test_typed_benchmark_names_one_paper_does_not_give_are_refused() -> None:
    assert not alike_answer("aflow six benchmarks names", [_AFLOW]).answerable


def test_a_typed_which_thing_is_asked_of_the_one_fitting_paper() -> None:
    answer = alike_answer("deep ltl rl which automata", [_LTL])
    assert answer.answerable and answer.text.startswith("Our method leverages the structure "
                                                        "of Büchi automata")


def test_of_those_before_a_noun_counts_that_noun() -> None:
    assert counted_words("how many of those components turned out to really matter?")[0] == (
        "components")
    # control: "of those" with no noun after it counts what was said before
    assert counted_words("how many of those are active?") == []


@pytest.mark.parametrize("question", [
    "Could you tell me the names of the simulated benchmarks they ran those experiments on?",
    "what are the names of the benchmarks they used?",
])
def test_the_names_of_things_in_a_clause_ask_for_names(question: str) -> None:
    assert analyse(question).asks_for == "name"
    assert asked_thing(question) == "benchmark"


def test_simulated_benchmarks_never_named_are_refused() -> None:
    landscape = hit("We aim to formally connect the flatness of the reward surface to the "
                    "robustness of RL models. We extensively simulate various RL environments, "
                    "confirming the benefits of flatter reward landscapes", "Reward landscapes")
    answer = alike_answer("I read about the link between flat reward surfaces and robustness. "
                          "Could you tell me the names of the simulated benchmarks they ran "
                          "those experiments on?", [landscape])
    assert not answer.answerable


def test_a_pronoun_and_a_verb_ask_no_name_without_a_thing() -> None:
    # control: a pronoun then a verb with no thing asked asks for no name
    assert analyse("How does it work?").asks_for is None


def test_a_general_noun_asks_no_thing_the_sentence_must_repeat() -> None:
    assert asked_thing("Their bound tracks the shape of something around the parameter — which "
                       "structure is it?") is None
    # control: a kind of thing that is named is still asked
    assert asked_thing("Which datasets was X evaluated on?") == "dataset"


@pytest.mark.parametrize("question", ["ls-imagine environment", "model-free algorithm"])
def test_a_typed_environment_or_algorithm_asks_its_name(question: str) -> None:
    assert analyse(question).asks_for == "name"


def test_a_typed_environment_is_answered_by_the_sentence_naming_it() -> None:
    imagine = hit("We present LS-Imagine, which extends the imagination horizon. Our method "
                  "demonstrates significant improvements over state-of-the-art techniques in "
                  "MineDojo", "LS-Imagine")
    answer = alike_answer("ls-imagine environment", [imagine])
    assert answer.text.startswith("Our method demonstrates")


def test_which_approaches_in_these_papers_after_a_description_asks_for_papers() -> None:
    question = ("I'm trying to get an overview of causal inference work, whether it recovers "
                "causal graphs or orders from experts, identifies latent causal processes over "
                "time, or learns causal relations from interventional experiments. Which "
                "approaches in these papers address learning causal structure?")
    assert analyse(question).shape == "list"
    # control: a relative clause after a comma names no list
    assert analyse("X is evaluated on graphs, which methods it beats by far?").shape != "list"


def test_two_works_that_do_x_compared_are_every_paper_doing_it() -> None:
    assert cues.PAPERS_COMPARED.search("I noticed two works here that tackle the high variance "
                                       "of policy evaluation; how do their approaches differ?")
    # control: two things of one paper are no papers compared
    assert not cues.PAPERS_COMPARED.search("How do the two modules of CyberHost differ?")


def test_each_compared_paper_is_shown_on_the_aspect_asked() -> None:
    cyber = hit("CyberHost is the first one-stage audio-driven human diffusion model. Firstly, the "
                "Region Attention Module (RAM) enhances the synthesis of critical local regions",
                "CyberHost", "p1")
    loopy = hit("We propose an audio-only conditioned video diffusion model named Loopy. We "
                "designed two key modules: a temporal module and an audio-to-latents module",
                "Loopy", "p2")
    answer = alike_answer("Compare how CyberHost and Loopy generate human video from audio: "
                          "what key modules does each introduce?", [cyber, loopy])
    assert "Region Attention Module" in answer.text and "audio-to-latents" in answer.text


def test_algo_is_shorthand_for_algorithm() -> None:
    assert expand_shorthand("async rlhf most robust algo off-policy data") == (
        "async rlhf most robust algorithm off-policy data")


def test_typed_models_used_in_experiments_ask_for_names() -> None:
    assert analyse("speculative cascades models used in experiments").asks_for == "name"
    # control: a bare topic ending in "experiments" asks for no name
    assert analyse("speculative cascades experiments").asks_for is None


_METRA = hit("Recent work (METRA) argued that optimizing a Wasserstein distance is important. We "
             "argue that the benefits can be explained within mutual information skill learning "
             "(MISL). Our analysis suggests a new MISL method (contrastive successor features) "
             "that retains the performance of METRA with fewer moving parts", "METRA")


def test_is_there_work_and_a_detail_asks_the_detail_of_the_one_paper_found() -> None:
    answer = alike_answer("METRA has a lot of pieces. Has anyone shown that a mutual-information "
                          "approach can get the same results with fewer components, and what is "
                          "that method called?", [_METRA])
    assert "contrastive successor features" in answer.text
    assert "Only one paper" not in answer.text


def test_a_list_with_no_existence_ask_is_answered_as_a_list() -> None:
    # control: "which phase works on X" asks no "is there work"
    answer = alike_answer("Which phase works directly on skeletal motion, and what does it "
                          "capture?", [_METRA])
    assert answer.text.startswith("Only one paper")
