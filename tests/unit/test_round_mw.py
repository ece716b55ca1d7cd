"""Question rules from this stop's dev batches: last stop's held-out mu and the fresh mx
(multi-paper and unanswerable questions, half of those a named paper's missing detail asked
tersely). A training loop's passes are counted as rounds, iterations or cycles; "which loss"
asks for a loss by name, not a figure."""

from __future__ import annotations

import pytest

from rag import cues
from rag.acronyms import acronym_heads
from rag.asked import offered_words, tells_offered
from rag.listing import applied_nowhere
from rag.query import analyse
from rag.spelling import expand_shorthand
from tests.extractive_fakes import alike_answer, hit

_SPAR = hit("Our experiments show that a LLaMA3-8B model, trained over three iterations guided by "
            "SPaR, surpasses GPT-4-Turbo on the IFEval benchmark", "SPaR")


def test_rounds_are_counted_as_iterations() -> None:
    answer = alike_answer("how many rounds of SPaR did it take for LLaMA3-8B to beat "
                          "GPT-4-Turbo?", [_SPAR])
    assert answer.answerable and "three iterations" in answer.text


def test_a_count_of_something_else_is_not_read_off_iterations() -> None:
    # control: layers are no passes of training
    answer = alike_answer("how many layers does the SPaR model have?", [_SPAR])
    assert not answer.answerable


@pytest.mark.parametrize("question", [
    "For DSPO, which loss from the pretraining stage do they carry over to fine-tuning?",
    "What loss does DSPO fine-tune with?",
])
def test_which_loss_asks_for_a_name(question: str) -> None:
    assert analyse(question).asks_for != "quantity"


def test_a_loss_reached_is_a_figure() -> None:
    assert analyse("What validation loss does the model reach?").asks_for == "quantity"


_PHI = hit("Our theoretical findings were validated on a practical machine unlearning task using "
           "the large language model Phi-1.5 (1.3B)", "Task arithmetic")


def test_a_lower_case_acronym_asked_of_is_by_the_term_written_out() -> None:
    answer = alike_answer("task arithmetic theory validation llm size (phi-1.5)", [_PHI])
    assert answer.answerable and "1.3B" in answer.text
    assert acronym_heads("llm size", _PHI.text, {"llm"}) == {"model"}
    # control: a word whose letters start no run of the sentence's words stands for nothing
    assert acronym_heads("batch size", _PHI.text, {"batch"}) == set()


def test_two_kinds_of_one_thing_are_offered_and_told_in_another_form() -> None:
    offered = offered_words("Does JDR also work on heterophilic graphs or only homophilic ones?")
    assert offered == {"heterophilic", "homophilic"}
    assert tells_offered("It handles different levels of homophily or heterophily.", offered)
    # controls: another word, and a topic's "or" that offers nothing to choose
    assert not tells_offered("JDR aligns the spectral spaces of graph and features.", offered)
    assert offered_words("Which papers study adding or subtracting weight differences?") == set()


def test_num_is_typed_for_number_of() -> None:
    assert expand_shorthand("olmoe num experts per layer") == "olmoe number of experts per layer"
    assert expand_shorthand("num of tasks?") == "number of tasks?"
    # control: a name holding the letters stays
    assert expand_shorthand("numpy arrays") == "numpy arrays"


@pytest.mark.parametrize("question", [
    "wavelet position encoding paper - max context length tested?",
    "geox accuracy reported on geometry3k",
])
def test_a_typed_measure_tried_or_told_asks_for_the_figure(question: str) -> None:
    assert analyse(question).asks_for == "quantity"


def test_papers_typed_before_a_measure_still_ask_for_papers() -> None:
    # control: "papers" (plural) asks for papers, "paper -" names one
    assert analyse("wavelet position encoding papers context length").asks_for != "quantity"


@pytest.mark.parametrize("question", [
    "compare policy evaluation variance reduction papers",
    "policy evaluation variance reduction papers compare",
])
def test_typed_papers_compared_are_every_paper_doing_it(question: str) -> None:
    assert cues.PAPERS_COMPARED.search(question)


def test_compare_two_named_things_is_no_comparison_of_papers() -> None:
    # control: two things of one paper
    assert not cues.PAPERS_COMPARED.search("compare Db-TSW with the original TSW-SL distance")


def test_in_what_role_names_no_domain() -> None:
    wasserstein = hit("Recent work (METRA) argued that optimizing a certain Wasserstein distance "
                      "is important for good performance", "METRA")
    assert not applied_nowhere("Tell me every paper that uses or discusses a Wasserstein "
                               "distance, and in what role?", [wasserstein])
    # control: a domain no paper speaks of still marks the question as applied nowhere
    assert applied_nowhere("Is there any work that uses a Wasserstein distance for protein "
                           "folding?", [wasserstein])


def test_a_semicolon_parts_two_named_things_typed() -> None:
    assert analyse("SIMPL real dataset brain region; DynamicFlow dataset protein "
                   "states").parts == ("SIMPL real dataset brain region?",
                                       "DynamicFlow dataset protein states?")
    # control: one named thing's words with no break stay one question
    assert analyse("SIMPL real dataset brain region").parts == ()


def test_a_count_typed_last_asks_for_a_figure() -> None:
    assert analyse("task arithmetic theory validation llm parameters count").asks_for == "quantity"
    # control: a question's own count is asked by its question word, not by ending so
    assert analyse("What order is that remainder, in terms of the iteration "
                   "count?").asks_for is None


def test_a_typed_kind_of_detail_with_one_fitting_paper_is_asked_of_it() -> None:
    metrics = hit("We propose two new metrics, Logits Magnitude and Regularized Standard "
                  "Deviation, to compare methods. Classifier re-training matters for "
                  "long-tailed recognition", "Logits Magnitude")
    answer = alike_answer("long-tailed classifier retraining new metrics names", [metrics])
    assert "Regularized Standard Deviation" in answer.text
    assert not answer.text.startswith("Only one paper")
