"""Question rules from this stop's dev batches: last stop's held-out np and the fresh nt, nu.
A typed "+" parts two asks; a fraction or share is told as a percentage and a path walked as a
trajectory; a measure written out is the sentence's acronym for it; "to compare" of a purpose
asks no comparison; "I need the ..." after a leading clause, "tell me both ..." and "two things
about X: ..." ask what follows; a few words ending in a model's size ask the figure; the data
"used to evaluate" X is one work's; "tell me about research that ..." asks for papers; "where
were the experiments run" and "the environment name" ask for names."""

from __future__ import annotations

from rag.query import analyse
from rag.spelling import expand_shorthand
from tests.extractive_fakes import alike_answer, hit


def test_a_typed_plus_parts_two_asks() -> None:
    parts = analyse(expand_shorthand("dspo objective + image quality gains")).parts
    assert parts == ("dspo objective?", "image quality gains?")
    assert len(analyse(expand_shorthand("simpl acronym expansion + which neural "
                                        "dataset")).parts) == 2
    # a short tail is asked of the first side's topic, as before
    tail = analyse(expand_shorthand("long-tailed classifier retraining new metrics + datasets"))
    assert len(tail.parts) == 2 and tail.parts[1].startswith("long-tailed classifier") \
        and tail.parts[1].endswith(" datasets?")
    # control: a detail asked of both after a colon is one question
    assert analyse(expand_shorthand("RR extrapolation + averaged SGD, strongly convex: order of "
                                    "the second-order error term?")).parts == ()


_ROBOTOUILLE = hit("We introduce Robotouille, a benchmark environment. Our results show that "
                   "ReAct (gpt-4o) achieves 47% on synchronous tasks but only 11% on "
                   "asynchronous tasks", "Robotouille")


def test_a_fraction_or_share_is_told_as_a_percentage() -> None:
    for question in ("What fraction of the asynchronous tasks does ReAct solve in Robotouille?",
                     "What share of the asynchronous tasks does ReAct solve in Robotouille?"):
        answer = alike_answer(question, [_ROBOTOUILLE])
        assert answer.answerable and "11%" in answer.text


def test_a_path_walked_is_a_trajectory() -> None:
    locovr = hit("We present LocoVR, a dataset of 7000+ two-person trajectories captured in "
                 "virtual reality from over 130 different indoor home environments", "LocoVR")
    answer = alike_answer("How many walking paths does LocoVR contain?", [locovr])
    assert answer.answerable and "7000+" in answer.text


def test_a_measure_written_out_is_the_sentences_acronym() -> None:
    srdf = hit("We propose SRDF, a self-refining data flywheel. After several rounds, the "
               "navigator elevates the performance boundary from 70% to 78% SPL on the R2R "
               "test set", "SRDF")
    answer = alike_answer("What success-weighted path length does SRDF reach on R2R?", [srdf])
    assert answer.answerable and "78%" in answer.text


def test_to_compare_of_a_purpose_asks_no_comparison() -> None:
    assert analyse("What two new measures does the long-tail paper introduce to compare "
                   "re-training approaches?").shape != "compare"
    assert analyse("I want to compare with my MuJoCo results; which benchmarks did they "
                   "run?").shape != "compare"
    assert analyse("I want to compare AttriBoT and speculative cascades").shape == "compare"


def test_a_request_after_a_leading_clause_asks_what_follows() -> None:
    assert analyse("For the EM-style method that refines tuning curves, I need the number of "
                   "recorded cells in the dataset it was tested on.").asks_for == "quantity"


def test_tell_me_both_and_two_things_about_ask_each_part() -> None:
    both = analyse("I'm trying to understand JEPT. Tell me both what it learns jointly and what "
                   "training data it relies on.")
    assert len(both.parts) == 2
    two = analyse("Two things about the efficient context-attribution method: how many times "
                  "faster is it, and what does it substitute for the large model?")
    assert len(two.parts) == 2


def test_a_few_words_ending_in_a_models_size_ask_the_figure() -> None:
    assert analyse("loopy model size (number of parameters)").asks_for == "quantity"
    assert analyse("loopy parameters").asks_for == "quantity"
    # control: a topic ending in another measure word asks for papers on it
    assert analyse("variance reduction for RL policy evaluation").asks_for is None


def test_the_data_used_to_evaluate_x_is_one_works() -> None:
    assert analyse("Which real-world datasets were used to evaluate the temporal label noise "
                   "methods?").shape != "list"
    assert analyse("Which papers use real-world datasets?").shape == "list"  # control


def test_tell_me_about_research_that_asks_for_papers() -> None:
    assert analyse("Tell me about research that produces talking-person clips from "
                   "speech.").shape == "list"
    assert analyse("Tell me about DSPO.").shape != "list"  # control


def test_where_experiments_ran_and_the_environment_name_ask_names() -> None:
    assert analyse("Where were the experiments run for LS-Imagine?").asks_for == "name"
    assert analyse("I need the environment name.").asks_for == "name"
    # control: where each of two papers was evaluated is asked paper by paper
    assert analyse("Where was each of them evaluated?").asks_for != "name"


def test_two_things_enumerated_are_asked_each() -> None:
    parts = analyse("Two things please: the distribution family covering heavy-tailed and "
                    "sparse policies in FtTPO, and the model families used with speculative "
                    "cascades.").parts
    assert parts == ("what is the distribution family covering heavy-tailed and sparse policies "
                     "in FtTPO?", "what is the model families used with speculative cascades?")
    scene = analyse("For the optimizer that runs Adam in Shampoo's eigenbasis, I need two "
                    "things: the one additional knob it introduces and the model sizes tested.")
    assert [p.startswith("For the optimizer that runs Adam in Shampoo's eigenbasis, what is the")
            for p in scene.parts] == [True, True]
    named = analyse("Two things: tell me how intermediate checkpoints help a student, and name "
                    "the simpler method offered as an alternative to METRA.").parts
    assert named[1] == "what is the simpler method offered as an alternative to METRA?"
    assert analyse("Two things matter here: speed and memory.").parts == ()  # control


_NUTRIBENCH = hit("We present NutriBench, a nutrition benchmark. NutriBench consists of 11,857 "
                  "meal descriptions. We test twelve leading Large Language Models (LLMs)",
                  "NutriBench")


def test_one_word_and_size_asks_how_big() -> None:
    answer = alike_answer("NutriBench size", [_NUTRIBENCH])
    assert answer.answerable and "11,857" in answer.text


def test_two_typed_figures_are_asked_each() -> None:
    answer = alike_answer("NutriBench size and number of language models evaluated",
                          [_NUTRIBENCH])
    assert "11,857" in answer.text and "twelve" in answer.text
