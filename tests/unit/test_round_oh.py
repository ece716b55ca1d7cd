"""Rules from this stop's dev batches (last stop's held-out oe and xh, the fresh oi, oj and xk):
a unit of time typed last asks the figure; what a work is asked to generate is its topic; a
question's comparand however it is said ("relative to", "versus"); an experiment is counted as
a run; two things asked, slashed, are no two topics, nor is a question after a slash;
decentralized training told by who trains and what they send is federated learning; "what's X
for?" is answered with what X is used for too; a typed superlative asks one thing; and the
checker reads "refined by X" as a use and what a compared baseline uses as none of the
paper's; a model's size said with "with" describes it, and "7 billion" is the question's "7B"."""

from __future__ import annotations

import pytest

from rag import cues
from rag.aliases import glossary_topics
from rag.ask_kind import asks_purpose
from rag.avoided import avoided_conflict
from rag.figure_evidence import _only_given_figures
from rag.figures import compared_against, compares_with_other, question_figures
from rag.query import analyse
from rag.scored import ScoredSentence
from rag.spelling import absent_topic
from rag.summaries import purpose_line


@pytest.mark.parametrize("question", ["loopy audio-driven portrait model training data hours",
                                      "locovr data collection minutes",
                                      "kinetix agent training days"])
def test_a_unit_of_time_typed_last_asks_a_figure(question: str) -> None:
    assert analyse(question).asks_for == "quantity"


@pytest.mark.parametrize("question", ["place cell hippocampal recordings",
                                      "variance reduction for RL policy evaluation"])
def test_a_topic_ending_in_no_unit_of_time_asks_for_papers(question: str) -> None:
    assert analyse(question).asks_for is None


_HEARD = {"diffusion", "models", "work", "uses", "generate", "papers", "images", "video",
          "paper", "denoising", "generative", "model", "weights"}.__contains__


@pytest.mark.parametrize(("question", "topic"), [
    ("What work uses diffusion models to generate music?", "music"),
    ("Tell me about any paper that composes songs with a denoising generative model.", "songs"),
    ("Which papers use diffusion models to generate images?", None),  # heard
    ("Which papers generate the weights of another model?", None),  # an article skipped
])
def test_what_a_work_generates_is_a_topic_the_corpus_must_know(question: str,
                                                               topic: str | None) -> None:
    assert absent_topic(question, _HEARD, lambda prefix: False) == topic


@pytest.mark.parametrize("question", [
    "How much quicker is AttriBoT relative to brute-force leave-one-out?",
    "how much quicker is attribution versus the brute-force leave-one-out approach",
    "AttriBoT speed compared with exact leave-one-out",
])
def test_a_comparand_said_otherwise_is_read_too(question: str) -> None:
    against = compared_against(question)
    assert compares_with_other("It is 30× faster than generating the response itself.", against)
    assert not compares_with_other("It is 300x faster than leave-one-out.", against)


def test_an_experiment_is_counted_as_a_run() -> None:
    assert "runs" in cues.MEASURE_NOUN_SYNONYMS["experiments"]
    assert "experiments" in cues.MEASURE_NOUN_SYNONYMS["runs"]


@pytest.mark.parametrize("question", ["ls-imagine benchmark / environment used for experiments",
                                      "geox dataset / benchmark names"])
def test_two_things_asked_slashed_are_no_two_topics(question: str) -> None:
    assert not cues.SLASHED_TOPICS.search(question)


def test_topics_slashed_are_still_read() -> None:
    assert cues.SLASHED_TOPICS.search("diffusion policy / diffusion planner / diffusion-based RL")
    assert cues.SLASHED_TOPICS.search("federated learning / split learning papers")


@pytest.mark.parametrize("question", [
    "I'm compiling related work on decentralized training where clients or data sources "
    "collaborate and only exchange model updates - which papers fall into that area?",
    "papers where many hospitals only share their model updates with a coordinator",
])
def test_decentralized_training_told_by_parties_is_federated(question: str) -> None:
    assert "federated learning" in glossary_topics(question)


def test_exchanging_model_updates_alone_is_no_description() -> None:
    assert "federated learning" not in glossary_topics(
        "Which papers exchange model updates asynchronously between GPUs in RLHF?")


def test_a_question_after_a_slash_is_no_topic() -> None:
    assert not cues.SLASHED_TOPICS.search("nutribench purpose / what task does it evaluate llms on")


_NUTRIBENCH = ["Accurate nutrition estimation helps people make informed dietary choices.",
               "We present NutriBench, the first natural language meal description benchmark.",
               "NutriBench consists of 11,857 meal descriptions.",
               "The data is human-verified and annotated with macro-nutrient labels.",
               "We conduct an extensive evaluation of Nutribench on the task of carbohydrate "
               "estimation, testing twelve leading LLMs.",
               "Finally, we perform a real-world risk assessment."]


def test_what_a_benchmark_is_for_includes_the_task_it_tests() -> None:
    pool = [ScoredSentence(1, i, text, 1.0 - i / 10) for i, text in enumerate(_NUTRIBENCH)]
    shown = purpose_line(pool[1], pool, "NutriBench").text
    assert "dietary choices" in shown and "We present NutriBench" in shown
    assert "on the task of carbohydrate estimation" in shown
    assert "risk assessment" not in shown


def test_what_a_method_is_for_tells_what_it_can_do() -> None:
    sentences = ["Existing meta-learning approaches are slow at inference.",
                 "We propose MotherNet, a hypernetwork architecture.",
                 "MotherNet can create models for classification on arbitrary tabular datasets.",
                 "It outperforms neural networks trained using gradient descent."]
    pool = [ScoredSentence(1, i, text, 1.0 - i / 10) for i, text in enumerate(sentences)]
    assert "tabular datasets" in purpose_line(pool[1], pool, "MotherNet").text


@pytest.mark.parametrize("question", ["asynchronous off-policy rlhf most robust algorithm",
                                      "async rlhf best algorithm"])
def test_a_typed_superlative_asks_of_one_paper(question: str) -> None:
    assert analyse(question).shape == "detail"


def test_a_typed_topic_with_no_superlative_still_asks_for_papers() -> None:
    assert analyse("asynchronous off-policy rlhf algorithms").shape == "list"


_MOTHERNET = ("MotherNet can create models for multiclass classification on arbitrary tabular "
              "datasets without any dataset specific gradient descent. The child network "
              "outperforms neural networks trained using gradient descent on small datasets.")


@pytest.mark.parametrize("claim", [
    "It generates initial weights that are then refined by dataset-specific gradient descent.",
    "Each child network is fine-tuned with a few steps of dataset-specific gradient descent.",
    "Each one still requires a short round of dataset-specific gradient descent.",
])
def test_using_what_only_a_compared_baseline_uses_is_a_reversal(claim: str) -> None:
    assert avoided_conflict(claim, _MOTHERNET.split(". "), _MOTHERNET)


def test_doing_without_what_a_baseline_uses_is_no_reversal() -> None:
    assert avoided_conflict("It builds classifiers for tabular datasets without dataset-specific "
                            "gradient descent.", _MOTHERNET.split(". "), _MOTHERNET) is None


_OLMOE_ASK = ("For the open MoE model with 1B active out of 7B total parameters, how many tokens "
              "was it pretrained on?")


def test_a_models_size_said_with_with_describes_it_and_sets_no_condition() -> None:
    assert question_figures(_OLMOE_ASK) == {}
    # ... after a verb it still does
    assert "7b" in question_figures("What accuracy does it reach with 7B parameters?")


def test_a_magnitude_in_words_is_the_questions_own_figure_in_letters() -> None:
    assert _only_given_figures("OLMoE-1B-7B has 7 billion (B) parameters but uses only 1B per "
                               "input token.", _OLMOE_ASK)
    assert not _only_given_figures("We pretrain it on 5 trillion tokens.", _OLMOE_ASK)


def test_contrast_compares_the_papers_as_compare_does() -> None:
    assert cues.PAPERS_COMPARED.search("contrast the works on cheaper estimation of returns")
    assert cues.PAPERS_COMPARED.search("Compare the approaches for membership inference.")


def test_a_figure_in_a_name_is_no_figure_the_question_gives() -> None:
    # "How big is OLMoE-1B-7B?" is answered by the 7 billion parameters the name carries
    assert not _only_given_figures("OLMoE-1B-7B has 7 billion (B) parameters but uses only 1B "
                                   "per input token.", "How big is OLMoE-1B-7B?")


def test_a_typed_use_case_asks_the_purpose() -> None:
    assert asks_purpose("nutribench use case?")
    assert not asks_purpose("nutribench use of carbohydrate labels")


@pytest.mark.parametrize(("question", "topic"), [
    ("I'm working on global climate simulation and medium-range weather forecasts. Is any paper "
     "here about that application?", "weather"),
    ("I work on weather prediction. Is there such a paper?", "weather"),
])
def test_a_question_pointing_back_reads_its_topic_in_the_scene_set_before(
        question: str, topic: str) -> None:
    known = {"global", "climate", "simulation", "medium-range", "paper", "application"}
    assert absent_topic(question, known.__contains__, lambda prefix: False) == topic


def test_a_scene_set_before_an_asking_sentence_pointing_nowhere_is_no_topic() -> None:
    question = "I work on zorblax tasks. Which of these papers study classification?"
    known = {"tasks", "classification", "papers", "study"}.__contains__
    assert absent_topic(question, known, lambda prefix: False) is None
