"""Question rules from this stop's dev batches: last stop's held-out nm and the fresh nq, nr.
A request to explain or describe a wh-clause asks that clause, and "what the X offers" asks
what it offers, not for a name; what two things have in common is a comparison; a model's
weights are its parameters and a cost is told in compute time; a title with its acronym is
named by either; hardware is counted as devices; "I need the number" asks it."""

from __future__ import annotations

from rag.asked import asked_thing
from rag.asking import as_question
from rag.measures import asked_measures
from rag.names import names_paper
from rag.query import analyse
from tests.extractive_fakes import alike_answer, hit


def test_a_request_to_explain_a_wh_clause_asks_the_clause() -> None:
    assert as_question("Explain which gradient estimator D-TSN uses.").startswith(
        "which gradient estimator")
    assert as_question("Could you describe what POGEMA offers?").startswith("what")
    assert as_question("Explain DSPO in simple terms") == "Explain DSPO in simple terms"  # control


def test_what_before_a_determiner_asks_no_name() -> None:
    question = "I'd like to know what the POGEMA suite offers to researchers"
    assert asked_thing(question) is None
    assert analyse(question).asks_for is None
    assert asked_thing("What suite does POGEMA offer?") == "suite"  # control


def test_what_two_things_have_in_common_is_a_comparison() -> None:
    assert analyse("What do Loopy and CyberHost have in common?").shape == "compare"
    assert analyse("What similarities are there between SPaR and TVMs?").shape == "compare"
    assert analyse("What does Loopy have?").shape != "compare"  # control


_OLMOE = hit("We introduce OLMoE, a language model. OLMoE-1B-7B has 7 billion parameters but uses "
             "only 1B per input token", "OLMoE")


def test_a_models_weights_are_its_parameters() -> None:
    answer = alike_answer("How many weights in total does OLMoE have?", [_OLMOE])
    assert answer.answerable and "7 billion" in answer.text
    # control: a count of what no sentence counts stays refused
    assert not alike_answer("How many GPUs did OLMoE use?", [_OLMOE]).answerable


def test_a_cost_is_told_in_compute_time() -> None:
    assert "minute" in asked_measures("What is the wall-clock cost of pruning the model?")
    pruned = hit("We propose PruneNet. PruneNet can compress the LLaMA-2-7B model in just 15 "
                 "minutes", "PruneNet")
    answer = alike_answer("What is the wall-clock cost of shrinking the 7B Llama 2 model with "
                          "PruneNet?", [pruned])
    assert answer.answerable and "15 minutes" in answer.text


def test_a_title_with_its_acronym_is_named_by_either() -> None:
    title = "Sequential Monte Carlo (SMC)"
    assert names_paper("smc constrained generation number of domains", title)
    assert names_paper("How does sequential monte carlo steer generation?", title)
    # the acronym of a topic before a kind of work is the topic
    assert not names_paper("Which NAS methods exist?", "Neural architecture search (NAS)")
    assert not names_paper("What does MCMC do?", title)  # control


def test_hardware_is_counted_as_devices_or_platforms() -> None:
    searched = hit("We propose a NAS algorithm. Extensive experiments involving up to 19 hardware "
                   "devices demonstrate its scalability", "NAS")
    answer = alike_answer("How many hardware platforms was the NAS algorithm evaluated on?",
                          [searched])
    assert answer.answerable and "19" in answer.text
    # control: a count of what no sentence counts stays refused
    assert not alike_answer("How many GPUs was the NAS algorithm run on?", [searched]).answerable


def test_i_need_the_number_asks_for_it() -> None:
    assert analyse("I need the number of complexes in the training set.").asks_for == "quantity"
    assert as_question("I need papers on RL") == "I need papers on RL"  # control

