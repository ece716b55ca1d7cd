"""Question rules from this stop's dev batches: last stop's held-out na and the fresh ne, nf.
A partitive count reads its whole noun ("forms of human feedback"), and kinds, types and
forms are one another's words; "the count of X" asks as "the number of X" does; a name the
question writes out is there as its initials ("Fréchet Inception Distance" as "FIDs"); "what
FID did X get" asks for a figure; a typed second detail after "+" is asked of the first side's
topic."""

from __future__ import annotations

import pytest

from rag import cues
from rag.measures import counted_words, measure_qualifiers
from rag.names import missing_names, spells_out_title
from rag.query import analyse
from rag.question_parts import split_parts
from rag.spelling import topic_words
from tests.extractive_fakes import alike_answer, hit

_PORRL = hit("We model RLHF as reinforcement learning with partially observed reward-states "
             "(PORRL). We accommodate two kinds of feedback — cardinal and dueling feedback. "
             "We give regret guarantees for both", "PORRL")


@pytest.mark.parametrize("question", [
    "How many different forms of human feedback does the framework handle?",
    "PORRL feedback types count",
])
def test_a_count_of_kinds_is_told_by_kinds_of_the_counted_noun(question: str) -> None:
    assert "feedback" in counted_words(question)
    answer = alike_answer(question, [_PORRL])
    assert answer.answerable and "two kinds of feedback" in answer.text


def test_a_partitive_count_stops_at_a_name_or_a_stopword() -> None:
    # control: the noun alone, as before
    assert counted_words("how many kinds of feedback PORRL handles") == ["feedback"]
    assert counted_words("How many different kinds of hardware were used?") == ["hardware"]


def test_a_generic_head_typed_before_count_qualifies_no_measure() -> None:
    assert measure_qualifiers("PORRL feedback types count") == set()
    # control: a measure's own qualifier stays
    assert measure_qualifiers("what batch size did they use?") == {"batch"}


@pytest.mark.parametrize(("question", "counted"), [
    ("The pipeline is built from several parts — what's the count of separate components?",
     "components"),
    ("against what count of other PEFT methods was it benchmarked?", "methods"),
])
def test_the_count_of_asks_as_the_number_of(question: str, counted: str) -> None:
    assert counted in counted_words(question)


def test_a_noun_before_count_is_what_is_counted_not_the_name_after() -> None:
    # control: "the parameter count of OLMoE" counts parameters, not OLMoE
    # (the parameters' other words follow them: "weights", "params")
    counted = counted_words("what is the parameter count of OLMoE")
    assert counted[0] == "parameters" and "OLMoE" not in counted


_LD3 = hit("We propose LD3, a lightweight framework to learn the time discretization for "
           "sampling. We achieve FIDs of 2.38 (10 NFE) on unconditional CIFAR10", "LD3")


def test_a_name_written_out_is_there_as_its_initials() -> None:
    question = "what Fréchet Inception Distance did LD3 report on CIFAR10 at ten evaluations?"
    assert missing_names(question, [_LD3]) == []
    answer = alike_answer(question, [_LD3])
    assert answer.answerable and "2.38" in answer.text


def test_a_written_out_name_whose_initials_are_elsewhere_is_still_missing() -> None:
    # control: no "KID" in the abstract
    assert "Kernel" in missing_names("what Kernel Inception Distance did LD3 reach?", [_LD3])


def test_what_a_metric_did_a_method_get_asks_for_a_figure() -> None:
    assert analyse("What FID did LD3 get on CIFAR10 at 10 NFE?").asks_for == "quantity"
    # control: "what did X get evaluated on" is a passive, no score
    assert analyse("what did LD3 get evaluated on").asks_for != "quantity"


@pytest.mark.parametrize(("question", "second"), [
    ("progressive distillation implicit curriculum sandbox task + real datasets",
     "progressive distillation implicit curriculum sandbox real datasets?"),
    ("porrl feedback types and model-free algorithm", "porrl feedback model-free algorithm?"),
])
def test_a_typed_second_detail_is_asked_of_the_first_sides_topic(question: str,
                                                                  second: str) -> None:
    parts = split_parts(question)
    assert len(parts) == 2 and parts[1] == second


@pytest.mark.parametrize("question", [
    # a sentence asking: "and" joins two figures of one ask
    "The optimizer adds one hyperparameter - what value did they set for their 360m and 660m "
    "runs?",
    # a longer second side names a topic of its own
    "kinetix agent training algorithm and number of parameters",
])
def test_no_tail_part_where_a_question_asks_or_the_tail_is_long(question: str) -> None:
    assert split_parts(question) == ()


_SHALLOW = hit("Safety alignment can take shortcuts, wherein the alignment adapts a model's "
               "generative distribution primarily over only its very first few output tokens. "
               "We refer to this issue as shallow safety alignment", "Safety alignment")


@pytest.mark.parametrize("question", [
    "How deep does safety alignment in LLMs really go?",
    "llm safety alignment only first tokens deep?",
])
def test_an_extent_is_told_by_a_vague_one(question: str) -> None:
    answer = alike_answer(question, [_SHALLOW])
    assert answer.answerable and "first few output tokens" in answer.text


def test_an_extent_is_not_told_by_a_sentence_without_one() -> None:
    # control: no vague extent, no figure
    answer = alike_answer("How deep does safety alignment go?", [hit(
        "We study safety alignment of LLMs. We refer to this issue as shallow alignment",
        "Safety alignment")])
    assert not answer.answerable


def test_what_a_named_method_was_tested_on_asks_for_its_evaluation() -> None:
    assert cues.EVALUATION_ASK.search("What did they test Fat-to-Thin Policy Optimization on?")
    # control: "run X on" asks for hardware as often as for a benchmark
    assert not cues.EVALUATION_ASK.search("What did they run Fat-to-Thin Policy Optimization on?")


def test_a_typed_second_side_may_ask_as_a_question_does() -> None:
    assert split_parts("LGNSDE uncertainty types; JDR alignment of what") == (
        "LGNSDE uncertainty types?", "JDR alignment of what?")
    # control: a question before the ";" asks as one
    assert split_parts("what are LGNSDE uncertainty types; JDR alignment") == ()


def test_what_model_a_method_was_tested_on_asks_for_the_model() -> None:
    # control: the asked thing stands after "what"
    assert not cues.EVALUATION_ASK.search("task vectors theory paper — what LLM did they test "
                                          "the unlearning on?")


def test_the_thing_a_work_is_asked_to_propose_names_its_topic() -> None:
    assert "watermarking" in topic_words(
        "Does any of these works propose or evaluate a watermarking scheme for LLM outputs?")
    assert "text-to-music" in topic_words("is there a text-to-music generative model here?")


def test_two_verbs_offered_are_no_two_topics() -> None:
    assert cues.VERB_SIDE.search("I need a way to mark text. Does any of these works propose")
    # control: a side ending in its topic
    assert not cues.VERB_SIDE.search("Is there work on weather")


_CSA = ("We propose canonical similarity analysis (CSA), which uses two unimodal encoders. CSA "
        "only involves the inference of unimodal encoders and a matrix decomposition")


def test_a_singular_long_form_ending_in_s_names_its_paper() -> None:
    assert spells_out_title("What do I need to run canonical similarity analysis?", "CSA", _CSA)
    # control: a plural long form names a kind of thing
    assert not spells_out_title("How good are denoising diffusion models?", "DDM",
                                "We study Denoising Diffusion Models (DDM) for features")


_PG = hit("Our analysis shows that the iterates converge at a sublinear rate of O(1/T). Bounds "
          "for discounted reward MDPs grow proportional to the fifth power of the effective "
          "horizon", "Policy gradient")


def test_an_exponent_told_in_words_is_the_answer() -> None:
    answer = alike_answer("Which exponent of the effective horizon do the discounted bounds "
                          "grow with?", [_PG])
    assert answer.answerable and answer.text.startswith("Bounds for discounted")
