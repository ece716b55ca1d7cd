"""Rules from the lq and ls dev batches: asides, described subjects, partitives, multiples,
conditions in a description, ranked names and "work on A for B"."""

from __future__ import annotations

import pytest

from paperwise.types import Hit, Paper
from rag import cues
from rag.acronyms import term_acronyms
from rag.comparisons import check_comparison, rankings
from rag.cues import applied
from rag.figures import numbers_near, question_figures, states_figure
from rag.listing import applied_nowhere
from rag.measures import asked_measures, counted_words
from rag.names import alternatives
from rag.query import analyse


def _hit(abstract: str, title: str = "X") -> Hit:
    return Hit(paper=Paper(id=title, title=title, source="s.txt", position=1, abstract=abstract),
               text=abstract, score=1.0)


def test_an_aside_of_examples_keeps_the_singular_subject_of_one_paper() -> None:
    intent = analyse("Which motion datasets, such as HumanML3D or KIT-ML, is the lexicalized "
                     "motion-language pretraining model evaluated on?")
    assert (intent.shape, intent.asks_for) == ("detail", "name")
    assert analyse("Which papers, such as the FL ones, study aggregation?").shape == "list"


def test_a_suite_is_named() -> None:
    assert analyse("which robot simulation suite were its experiments run in?").asks_for == "name"


@pytest.mark.parametrize(("question", "refused"), [
    ("Is there any work on federated learning for ECG-based arrhythmia classification?", True),
    ("Is there any work on federated learning for client aggregation?", False),
    ("Is there any work on federated learning in this collection?", False),
])
def test_work_on_a_for_b_needs_one_paper_saying_both(question: str, refused: bool) -> None:
    hits = [_hit("We study federated learning and how clients are aggregated.", "FedX"),
            _hit("We treat ECG heartbeats as words to classify arrhythmia.", "HeartY")]
    assert applied_nowhere(question, hits) is refused


def test_a_hyphenated_word_says_its_joined_form_too() -> None:
    hits = [_hit("HeartLang uses self-supervised pre-training on ECG signals.", "HeartLang")]
    assert not applied_nowhere("anything on pretraining for ECG signals?", hits)


@pytest.mark.parametrize(("question", "counted"), [
    ("roughly how many two-person trajectory recordings does it contain?", "trajectory"),
    ("up to how many different pieces of hardware did they test on?", "hardware"),
    ("How many kinds of attacks does it cover?", "attacks"),
])
def test_what_a_count_counts_through_units_and_partitives(question: str, counted: str) -> None:
    assert counted in counted_words(question)


def test_by_what_factor_asks_for_a_multiple() -> None:
    assert "×" in asked_measures("by what factor does AttriBoT cut that cost?")


def test_a_figure_in_a_description_sets_no_condition() -> None:
    assert question_figures("A benchmark built from 8 regulations and 16 policies; how many "
                            "prompts does it contain?") == {}
    assert question_figures("For pretraining 360m-660m models. By how much is it faster?") == {}
    assert question_figures("When LD3 is used at 10 function evaluations, what FID is "
                            "obtained?") == {"10": "function"}


def test_an_acronym_after_a_figure_may_spell_its_unit() -> None:
    sentence = "We achieve FIDs of 2.38 (10 NFE) on unconditional CIFAR10."
    assert states_figure(sentence, "10", "function")
    assert not states_figure(sentence, "5", "function")


def test_a_figure_with_its_own_unit_measures_only_that() -> None:
    sentence = "On nuPlan and a 200-hour driving dataset it achieves state-of-the-art results."
    assert not numbers_near(sentence, {"achieves", "score"}, 3, 3)
    assert numbers_near(sentence, {"hour", "dataset"}, 3, 3)


def test_an_acronym_with_a_word_in_digits_is_a_term() -> None:
    assert term_acronyms("We integrate 3D Gaussian Splatting (3DGS) into pre-training.") == (
        "3DGS",)


def test_a_modifier_may_stand_before_the_second_alternative() -> None:
    assert {"PPO", "DPO"} in alternatives("Was PPO or online DPO the most robust?")


@pytest.mark.parametrize(("sentence", "ranked"), [
    ("CSA outperforms CLIP while using fewer pairs.", ("CSA", "CLIP")),
    ("CLIP still comes out ahead of CSA on ImageNet.", ("CLIP", "CSA")),
    ("CLIP is outperformed by CSA on ImageNet.", ("CSA", "CLIP")),
    ("Unlike TabPFN, the networks MotherNet generates are efficient.", ("MotherNet", "TabPFN")),
])
def test_who_a_sentence_ranks_above_whom(sentence: str, ranked: tuple[str, str]) -> None:
    assert ranked in rankings(sentence)


def test_a_claim_ranking_two_names_the_other_way_round_is_reversed() -> None:
    abstract = "CSA outperforms CLIP while using 50,000x fewer pairs."
    assert check_comparison("CLIP still comes out ahead of CSA.", abstract)
    assert check_comparison("CSA beats CLIP with far less data.", abstract) is None
    mixed = abstract + " On retrieval, CLIP outperforms CSA."
    assert check_comparison("CLIP comes out ahead of CSA.", mixed) is None


def test_the_collection_is_no_domain() -> None:
    assert "collection" in applied.GENERAL_WORDS


@pytest.mark.parametrize(("question", "shape", "asks_for"), [
    # a passive whose agent is one described paper (dev split lt012)
    ("Which real-world datasets were used in the temporal label noise paper?", "detail", "name"),
    ("Which datasets were used in the papers on federated learning?", "list", "name"),
    # "can you name the ... datasets" after a description (dev split lt012b)
    ("A work formalizes temporal label noise. Can you name the real clinical or sensor "
     "datasets where it reported results?", "detail", "name"),
    ("Looking for work on drug design with protein pockets, or on RNA property prediction. "
     "What do we have?", "list", None),
])
def test_one_papers_names_asked_in_more_wordings(question: str, shape: str,
                                                  asks_for: str) -> None:
    intent = analyse(question)
    assert (intent.shape, intent.asks_for) == (shape, asks_for)


def test_what_asks_a_named_thing_as_which_does() -> None:
    from rag.asked import asked_thing
    assert asked_thing("What real-world dataset did the bandit paper use?") == "dataset"
    assert asked_thing("What problem does the bandit paper solve?") is None
    assert asked_thing("From what signals do agents discover concepts?") is None


def test_work_that_uses_a_for_b_is_read_as_work_on_a_for_b() -> None:
    found = applied.WORK_FOR.search("Is there any work that uses 3D Gaussian Splatting for "
                                 "autonomous driving planning?")
    assert found and found["domain"] == "autonomous driving planning"


def test_a_result_on_a_par_is_a_stated_result() -> None:
    assert cues.RESULT_CUE.search("a method that retains the excellent performance of METRA")


def test_a_relative_figure_sent_the_other_way_is_reversed() -> None:
    from rag.figure_order import figure_direction_conflict
    evidence = ["SOAP reduces the number of iterations by over 40\\% and wall clock time by "
                "over 35\\% compared to AdamW."]
    assert figure_direction_conflict("SOAP needs over 40% more iterations than AdamW.", evidence)
    assert figure_direction_conflict("SOAP cuts iterations by over 40% against AdamW.",
                                     evidence) is None
    assert figure_direction_conflict("SOAP improves on AdamW by 40%.", evidence) is None


def test_an_a_to_b_run_the_other_way_is_reversed() -> None:
    from rag.comparisons import check_direction
    abstract = "We generate parts coarse-to-fine. Complexity drops from cubic to linear."
    assert check_direction("Generation proceeds fine-to-coarse.", abstract)
    assert check_direction("It raises complexity from linear to cubic.", abstract)
    assert check_direction("Generation proceeds coarse-to-fine.", abstract) is None


def test_has_anyone_asks_for_papers_and_applying_to_interpret_names_the_domain() -> None:
    question = "Has anyone applied sparse autoencoders to interpret ECG or mRNA foundation models?"
    assert analyse(question).shape == "list"
    found = applied.APPLIED_TO.search(question)
    assert found and found["domain"] == "ECG or mRNA foundation models"


def test_a_dimension_tells_no_method() -> None:
    hits = [_hit("We generate articulated 3D objects and their motion.", "Articulated"),
            _hit("A diffusion planner for autonomous driving.", "Planner")]
    assert applied_nowhere("Is there a paper that uses 3D Gaussian Splatting for autonomous "
                           "driving motion planning?", hits)


def test_how_fast_is_told_by_a_complexity_order() -> None:
    assert cues.SPEED_ASK.search("How fast is S-MNN compared to the original MNN?")


def test_a_speed_up_figure_is_no_how_fast() -> None:
    assert not cues.SPEED_ASK.search("What wall-clock speed-up does S-MNN achieve?")


def test_a_few_words_ending_in_gpu_type_ask_for_its_name() -> None:
    assert analyse("spa embodied representation gpu type").asks_for == "name"


@pytest.mark.parametrize(("question", "asks_for"), [
    ("What kinds of models does the SMC approach let small open-source LMs beat?", "name"),
    ("is heartlang open-source?", "license"),
    ("Is the LASER-VFL code open-sourced under MIT?", "license"),
])
def test_open_source_before_a_noun_describes_it(question: str, asks_for: str) -> None:
    assert analyse(question).asks_for == asks_for


def test_what_is_beaten_is_told_by_a_sentence_saying_it_outperforms() -> None:
    assert cues.BEATING.search("Which stronger baselines do the small models end up outperforming?")


def test_a_name_with_to_or_for_may_be_written_with_digits() -> None:
    from rag.claim_names import digit_initialism, names_missing_from
    from rag.names import missing_names, names_lacking
    assert digit_initialism("Room-to-Room") == "R2R"
    assert digit_initialism("Vision-Language") is None
    assert names_missing_from(["Room-to-Room"], "78% SPL on the classic R2R test set") == []
    hit = _hit("The navigator reaches 78% SPL on the classic R2R test set.", "SRDF")
    question = "What SPL does SRDF reach on Room-to-Room?"
    assert missing_names(question, [hit]) == [] and names_lacking(question, hit) == []


def test_a_training_cost_may_be_told_in_money() -> None:
    from rag.cues import DETAIL_EVIDENCE
    assert DETAIL_EVIDENCE["compute"].search("training costs escalating to 191 million USD")
    assert not DETAIL_EVIDENCE["compute"].search("a million tokens of text")


@pytest.mark.parametrize("question", [
    "Does the CLIP-powered data selection method lose accuracy when you train on fewer samples?",
    "clip based data selection accuracy with less data",
    "How good is GeoX on GeoQA?",
])
def test_whether_accuracy_holds_is_a_performance_ask(question: str) -> None:
    assert cues.PERFORMANCE_ASK.search(question)


def test_merging_what_the_abstract_factorizes_is_reversed() -> None:
    from rag.polarity import check_reversal
    evidence = ["We propose a noise factorization function to factorize a centralized diffusion "
                "model into multiple diffusion models."]
    assert check_reversal("It uses a noise factorization function to merge several diffusion "
                          "models into a single centralized diffusion model.", evidence)
    assert check_reversal("It uses a noise factorization function to factorize a centralized "
                          "diffusion model into several diffusion models.", evidence) is None
