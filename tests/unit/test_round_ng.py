"""Question rules from this stop's dev batches: last stop's held-out nd and the fresh nh, ni.
Latin and Greek plurals fold to their singular ("automata" is "automaton"); algorithms and
techniques are counted as methods; a counted noun typed before "count" qualifies no measure; a
comma inside brackets ends no lead clause; a share of training time asks for a figure, not a
duration; a scene set before a semicolon leaves the question after it to be split."""

from __future__ import annotations

import pytest

from paperwise.text import stem, terms
from rag.asked import asked_thing
from rag.measures import counted_words, lead_clause, measure_qualifiers
from rag.query import analyse
from rag.question_parts import split_parts
from tests.extractive_fakes import alike_answer, hit

_LTL = hit("In this work, we propose a novel learning approach for LTL tasks. Our method "
           "leverages the structure of Büchi automata to learn policies conditioned on truth "
           "assignments", "DeepLTL")


@pytest.mark.parametrize(("plural", "singular"), [
    ("automata", "automaton"), ("criteria", "criterion"), ("matrices", "matrix"),
    ("hypotheses", "hypothesis"), ("models", "model"), ("categories", "category")])
def test_latin_and_greek_plurals_fold_to_their_singular(plural: str, singular: str) -> None:
    assert stem(plural) == stem(singular) == singular


def test_an_asked_automaton_is_told_by_automata() -> None:
    answer = alike_answer("Which type of automaton does the LTL approach exploit?", [_LTL])
    assert answer.answerable and "Büchi automata" in answer.text
    assert "automaton" in terms("the structure of Büchi automata")


_PORRL = hit("We model RLHF as reinforcement learning with partially observed reward-states "
             "(PORRL). For cardinal feedback, we present two model-based methods (POR-UCRL, "
             "POR-UCBVI). We give regret guarantees for both", "PORRL")


@pytest.mark.parametrize("question", [
    "porrl cardinal feedback model-based algorithms count",
    "How many model-based algorithms does PORRL give for cardinal feedback?",
])
def test_algorithms_are_counted_as_methods(question: str) -> None:
    assert "methods" in counted_words(question)
    answer = alike_answer(question, [_PORRL])
    assert answer.answerable and "two model-based methods" in answer.text


def test_a_counted_noun_typed_before_count_qualifies_no_measure() -> None:
    assert measure_qualifiers("porrl cardinal feedback model-based algorithms count") == set()
    # control: a measure's own qualifier stays
    assert measure_qualifiers("olmoe batch size?") == {"batch"}


def test_a_comma_in_brackets_ends_no_lead_clause() -> None:
    sentence = "For cardinal feedback, we present two model-based methods (POR-UCRL, POR-UCBVI)."
    assert lead_clause(sentence, "how many model-based methods for cardinal feedback?",
                       "PORRL") == "two model-based methods (POR-UCRL, POR-UCBVI)"
    # control: a comma outside brackets still breaks
    assert lead_clause("It is fast, and we present two methods.", "how many methods?",
                       "X") == "we present two methods"


@pytest.mark.parametrize("question", [
    "by what percentage did asynchronous RLHF cut training time on LLaMA 3.1 8B?",
    "By how much does the method reduce training time?",
])
def test_a_share_of_training_time_asks_for_a_figure(question: str) -> None:
    assert analyse(question).asks_for == "quantity"


def test_how_long_to_train_still_asks_for_a_duration() -> None:
    # control
    assert analyse("How long does LD3 take to train?").asks_for == "training_time"
    assert analyse("What was the training time of OLMoE?").asks_for == "training_time"


def test_a_scene_set_before_a_semicolon_leaves_its_question_to_split() -> None:
    question = ("I'm looking at a method that creates articulated 3D assets; how much visual "
                "input does it take to produce one object, and what generative model does it "
                "rely on?")
    assert len(split_parts(question)) == 2
    # control: a statement after the semicolon asks nothing
    assert split_parts("I like this method; it is fast, and what a result.") == ()


_CASCADES = hit("We propose speculative cascades for cheaper LM inference. We characterize the "
                "optimal deferral rule for our speculative cascades. Experiments with Gemma and "
                "T5 models on a range of language benchmarks show better cost quality trade-offs",
                "Speculative cascades")


@pytest.mark.parametrize(("question", "thing"), [
    ("ltl multi-task rl automata type", "automaton"),
    ("speculative cascades experiments model families", "model"),
])
def test_a_kind_typed_last_asks_which_things(question: str, thing: str) -> None:
    assert asked_thing(question) == thing
    # control: a count of kinds asks for a number
    assert asked_thing("PORRL feedback types count") is None


@pytest.mark.parametrize("question", [
    "speculative cascades experiments model families",
    "speculative cascades models used experiments",
])
def test_a_typed_kind_of_model_is_told_where_models_are_named(question: str) -> None:
    answer = alike_answer(question, [_CASCADES])
    assert answer.answerable and answer.text.startswith("Experiments with Gemma and T5")


def test_a_named_thing_is_told_by_the_papers_own_sentence_first() -> None:
    dspo = hit("While LLMs leverage DPO without reward models, diffusion models have not been "
               "explored in this area. We propose DSPO, a novel algorithm that aligns the "
               "objectives of diffusion models by leveraging score matching", "DSPO")
    answer = alike_answer("Which kind of models does DSPO align?", [dspo])
    assert answer.text.startswith("We propose DSPO")


_SMNN = hit("We propose S-MNN, a neural network framework for long temporal sequences. By "
            "reformulating the original MNN, we reduce the computational time and space "
            "complexities to linear. S-MNN can drop-in replace the original MNN in applications, "
            "providing a practical and efficient tool. Experiments show that S-MNN matches the "
            "original MNN in precision", "S-MNN")


@pytest.mark.parametrize(("question", "first"), [
    ("Is S-MNN actually cheaper to run than the original MNN?", "By reformulating"),
    ("Is S-MNN as accurate as the original MNN?", "Experiments show that S-MNN matches"),
])
def test_a_yes_no_claim_in_everyday_words_is_settled_by_its_technical_wording(
        question: str, first: str) -> None:
    answer = alike_answer(question, [_SMNN])
    assert first in answer.text.split("[1]")[0]


_MADTD = hit("While high update-to-data ratios perform well, they introduce instability. "
             "Previous approaches need to rely on periodic neural network parameter resets to "
             "address this instability. We propose MAD-TD, which uses small amounts of data "
             "generated from a learned world model to stabilize high UTD training", "MAD-TD")


def test_a_need_of_earlier_work_answers_does_x_need_it_no() -> None:
    answer = alike_answer("Does MAD-TD still need network resets to stay stable at high "
                          "update-to-data ratios?", [_MADTD])
    assert answer.text.startswith("No.")
    # control: a need the paper states of itself is no "No"
    own = hit("We propose X. X needs periodic network resets to stay stable", "X")
    assert not alike_answer("Does X need network resets?", [own]).text.startswith("No.")


def test_a_problem_studied_is_told_as_a_sandbox() -> None:
    distil = hit("Progressive distillation learns from intermediate checkpoints of the teacher. "
                 "Using sparse parity as a sandbox, we identify an implicit curriculum. We then "
                 "extend our investigation to Transformers trained on PCFGs and real-world "
                 "pre-training datasets (Wikipedia and Books)", "Progressive distillation")
    answer = alike_answer("Which simple synthetic problem was used to demonstrate the implicit "
                          "curriculum?", [distil])
    assert answer.answerable and answer.text.startswith("Using sparse parity as a sandbox")


def test_an_estimator_asked_is_told_by_the_papers_own_technique() -> None:
    dtsn = hit("We introduce D-TSN, a neural network architecture for search. We employ a "
               "stochastic tree expansion policy. Then, we optimize the tree expansion policy "
               "via REINFORCE with an effective variance reduction technique", "D-TSN")
    answer = alike_answer("Which gradient estimator is used to optimize the tree expansion "
                          "policy in D-TSN?", [dtsn])
    assert answer.answerable and "REINFORCE" in answer.text


def test_a_quote_pointing_back_is_shown_after_what_it_points_at() -> None:
    rope = hit("RoPE can be interpreted as a restricted wavelet transform. However, because it "
               "uses only a fixed scale parameter, it does not exploit multiple scales. This "
               "limitation could explain why RoPE performs poorly in extrapolation. We propose "
               "a wavelet-based position representation", "RoPE")
    answer = alike_answer("Why does RoPE perform poorly in extrapolation?", [rope])
    text = answer.text
    assert "fixed scale parameter" in text
    assert text.index("fixed scale parameter") < text.index("This limitation could explain")
