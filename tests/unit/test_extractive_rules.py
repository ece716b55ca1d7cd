"""Pure rules of the extractive answerer: what a question asks for, and which sentences give it."""

from __future__ import annotations

import pytest

from rag.evidence import ScoredSentence, demote_background, more_of_paper
from rag.query import analyse, asked_measures, numbers_near, ranked_words, split_parts


@pytest.mark.parametrize("question", [
    "How much driving data did the Diffusion Planner authors collect themselves?",
    "How many hours of video did the LocoVR authors record?",
    "What dataset did the authors build for nutrition estimation?",
])
def test_authors_as_a_subject_is_no_authors_question(question: str) -> None:
    assert analyse(question).asks_for != "authors"


@pytest.mark.parametrize("question", [
    "Who wrote the POGEMA paper?",
    "Who are the authors of FB-CPR?",
    "List the authors of NutriBench.",
    "Which authors proposed SIMPL?",
])
def test_asking_who_wrote_a_paper_is_an_authors_question(question: str) -> None:
    assert analyse(question).asks_for == "authors"


@pytest.mark.parametrize("question", [
    "On which datasets is UniGS evaluated, and how much does it improve over Uni3D?",
    "In which datasets was UniGS tested, and by how much did it beat Uni3D?",
    "For what tasks is HELM pre-trained, and on which datasets is it evaluated?",
])
def test_parts_may_open_with_a_preposition(question: str) -> None:
    assert len(split_parts(question)) == 2


@pytest.mark.parametrize("question", [
    "Which model families were the speculative cascades tested with?",
    "What model family was used for the experiments?",
    "Which LLMs were evaluated on NutriBench?",
])
def test_which_models_asks_for_a_name(question: str) -> None:
    assert analyse(question).asks_for == "name"


@pytest.mark.parametrize(("question", "measures"), [
    ("How accurate is HeartLang on arrhythmia detection?", {"accuracy", "%"}),
    ("How expensive is it to train the strongest SPA model?", {"gpu", "hour", "cost"}),
    ("What speedup does AttriBoT reach?", {"speedup"}),
    ("What is the error rate of the model?", {"error", "rate"}),
])
def test_a_named_measure_is_what_the_figure_must_measure(question: str,
                                                         measures: set[str]) -> None:
    assert measures <= asked_measures(question)


@pytest.mark.parametrize(("question", "shape"), [
    ("How fast is DynamicFlow compared to molecular dynamics simulation?", "detail"),
    ("How accurate is CSA relative to CLIP?", "detail"),
    ("How does CSA compare to CLIP?", "compare"),
    ("Compare MotherNet and HyPoGen: how fast is each?", "compare"),
])
def test_compared_to_in_a_quantity_question_is_its_baseline(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


@pytest.mark.parametrize("question", ["How big is NutriBench?", "How large is AIR-BENCH 2024?",
                                      "How many meal descriptions are in NutriBench?"])
def test_size_and_count_questions_name_no_measure(question: str) -> None:
    assert not asked_measures(question)


@pytest.mark.parametrize(("sentence", "words", "found"), [
    ("improvements over Uni3D on text-driven retrieval (+4.3%)", {"retrieval"}, True),
    ("it reaches 78% on held-out data", {"%"}, True),
    ("our newly collected 200-hour delivery-vehicle driving dataset", {"hour"}, True),
    ("we train on 1.2 million ImageNet images", {"%", "accuracy"}, False),
    ("AttriBoT can provide a 300x speedup", {"×"}, True),
    ("requiring $50$,$000\\times$ fewer multimodal data pairs", {"pair"}, True),
    ("a macro F1 of 92.1 on the test set", asked_measures("How accurate is it?"), True),
])
def test_figures_next_to_what_they_measure(sentence: str, words: set[str], found: bool) -> None:
    assert numbers_near(sentence, words, 6, 6) is found


@pytest.mark.parametrize(("question", "ranked"), [
    ("Which language model had the lowest refusal rate on AIR-BENCH 2024?", {"refusal", "rate"}),
    ("Which preference algorithm copes best with stale samples?", {"algorithm", "stale"}),
    ("What model scored the highest safety rate?", {"safety", "rate"}),
])
def test_a_ranking_ranks_on_the_words_around_its_superlative(question: str,
                                                            ranked: set[str]) -> None:
    assert ranked <= ranked_words(question)


def _sentence(index: int, score: float, *covered: str) -> ScoredSentence:
    return ScoredSentence(1, index, f"sentence {index}", score,
                          frozenset((t, 1 / 3) for t in covered))


def test_further_quotes_cover_what_the_best_one_leaves_out() -> None:
    best = _sentence(2, 0.6, "stable", "ratio")
    repeat = _sentence(0, 0.55, "stable", "ratio")
    new = _sentence(4, 0.5, "reset")
    picked = more_of_paper(best, [best, repeat, new, _sentence(5, 0.45, "ratio")])
    assert new in picked and [s.index for s in picked] == sorted(s.index for s in picked)


def test_background_before_the_papers_own_words_ranks_lower() -> None:
    pool = [ScoredSentence(1, 0, "Off-policy RL is unstable at high ratios.", 0.6),
            ScoredSentence(1, 1, "We augment training with data from a world model.", 0.55),
            ScoredSentence(1, 2, "It needs no network resets.", 0.52)]
    demoted = demote_background(pool)
    assert [s.index for s in demoted] == [1, 2, 0]
    assert {s.index: s.score for s in demoted}[2] == 0.52  # after the paper's own words: kept
