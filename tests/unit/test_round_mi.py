"""Rules from last stop's held-out mf (now dev) and this stop's fresh dev batches mj/mk/zz: a
"why" answered by the cause a paper gives, a method's parts, a link's words, terse counts, the
list's topic word, a topic typed "in this set?", words placing a topic in time, and a figure
the cited abstract states of another result."""

from __future__ import annotations

import pytest

from rag.asked import asked_thing
from rag.evidence import ScoredSentence
from rag.figure_order import misplaced_figure
from rag.figures import numbers_near
from rag.listing import _list_lines
from rag.measures import asked_measures, counted_words
from rag.names import names_lacking
from rag.query import analyse, as_question
from tests.extractive_fakes import alike_answer, hit

_BRITTLE = hit("Simple attacks break safety. This stems from a shortcut in training. We present "
               "case studies", "Shallow alignment")


def test_a_why_question_is_answered_by_the_cause_first() -> None:
    answer = alike_answer("Why is safety alignment so brittle?", [_BRITTLE])
    assert answer.text.startswith("This stems from a shortcut")


def test_a_why_question_without_a_cause_keeps_its_order() -> None:  # control
    paper = hit("Simple attacks break safety. We present case studies", "Shallow alignment")
    answer = alike_answer("Why is safety alignment so brittle?", [paper])
    assert answer.text.startswith("Simple attacks")


@pytest.mark.parametrize(("question", "shape", "thing"), [
    ("What are the key modules in the CLIP-powered data selection framework?", "detail",
     "module"),
    ("What are the three building blocks of the data selection framework?", "detail", "block"),
    ("What are the components of the concept-guided imitation framework?", "detail",
     "component"),
    ("What is the CLIP-powered data selection framework?", "summary", None),  # control
])
def test_a_methods_parts_are_asked_as_a_detail(question: str, shape: str,
                                               thing: str | None) -> None:
    assert analyse(question).shape == shape
    assert asked_thing(question) == thing


def test_a_parts_answer_quotes_the_sentence_naming_them() -> None:
    paper = hit("We propose a data selection framework. Our framework consists of three key "
                "modules: dataset adaptation, sample scoring and selection optimization. The "
                "code is available at https://github.com/x/data-selection-framework",
                "Data selection")
    answer = alike_answer("What are the building blocks of the data selection framework?",
                          [paper])
    assert answer.text.startswith("Our framework consists of three key modules")


@pytest.mark.parametrize(("question", "counted"), [
    ("OLMoE expert count per layer", ["experts"]),
    ("what's the total count of meal descriptions in the dataset?", []),  # control
])
def test_a_terse_count_counts_its_noun(question: str, counted: list[str]) -> None:
    assert counted_words(question) == counted


def test_a_topic_typed_in_this_set_asks_for_papers() -> None:
    assert analyse("diffusion policies / diffusion planners in this set?").shape == "list"
    # control: a question word asks of one paper
    assert analyse("what does the diffusion planner in this set predict?").shape != "list"


def test_the_lists_topic_word_brings_a_paper_scoring_a_little_lower() -> None:
    question = "Which papers are built around hypernetworks?"
    texts = ["We present a hypernetwork for policy generation",
             "We parameterize the distribution via a hypernetwork conditioned on hardware",
             "We study reward landscapes of deep policies"]
    hits = [hit(text, f"T{n}", f"p{n}") for n, text in enumerate(texts, start=1)]
    scores = (0.6, 0.32, 0.32)
    scored = [ScoredSentence(n, 0, text, score, frozenset(), score)
              for n, (text, score) in enumerate(zip(texts, scores, strict=True), start=1)]

    def rare(term: str) -> float:  # the topic word is rare in the corpus
        return 4.0 if term == "hypernetwork" else 1.0

    lines = _list_lines(question, analyse(question), scored, hits, set(), rare)
    assert [line.quoted[0].marker for line in lines] == [1, 2]  # not the paper without it


_ASYNC = ["We train a chatbot from LLaMA 3.1 8B on an instruction-following task ~40% faster "
          "than a synchronous run while matching final performance.",
          "We finetune Rho 1B on GSM8k ~70% faster while matching synchronous accuracy."]


@pytest.mark.parametrize(("claim", "misplaced"), [
    ("A chatbot was trained from LLaMA 3.1 8B on an instruction-following task about 70% "
     "faster than a synchronous run while matching its final performance.", True),
    ("A chatbot was trained from LLaMA 3.1 8B on an instruction-following task about 40% "
     "faster than a synchronous run.", False),
    ("Rho 1B was finetuned on GSM8k about 70% faster.", False),
    # a claim fusing two sentences: the other figure stands by other words
    ("A chatbot was trained from LLaMA 3.1 8B on an instruction-following task with 70% "
     "fewer steps.", False),
])
def test_a_figure_the_abstract_states_of_another_result(claim: str, misplaced: bool) -> None:
    assert bool(misplaced_figure(claim, _ASYNC)) is misplaced


@pytest.mark.parametrize(("question", "measures"), [
    ("For the MoE model with 1B active out of 7B total parameters, how many experts per layer?",
     set()),
    ("How many parameters does the MoE model have?", {"parameter"}),  # control
    ("SOAP optimizer 660m learning rate value", {"rate"}),  # a model's size, the rate asked
])
def test_a_measure_the_question_gives_a_figure_of_sets_its_scene(question: str,
                                                                 measures: set[str]) -> None:
    assert asked_measures(question) & {"parameter", "rate"} == measures


def test_a_rate_is_told_as_one() -> None:
    paper = hit("Our engine Jax2D lets us simulate billions of environment steps during training",
                "Kinetix")
    answer = alike_answer("How many environment steps per second can Jax2D simulate?", [paper])
    assert not answer.answerable
    fast = hit("Our engine Jax2D simulates 10,000 environment steps per second", "Kinetix")
    assert alike_answer("How many environment steps per second can Jax2D simulate?",
                        [fast]).answerable


def test_a_typed_which_after_a_dash_asks_a_things_name() -> None:
    assert asked_thing("SIMPL hippocampus data - which species") == "specy"  # as stemmed
    paper = hit("We apply SIMPL to a large hippocampal dataset of place cells", "SIMPL")
    assert not alike_answer("SIMPL hippocampus data - which species", [paper]).answerable


def test_a_value_asked_is_a_figure_in_digits_by_what_it_values() -> None:
    paper = hit("SOAP introduces only one additional hyperparameter compared to Adam. We evaluate "
                "SOAP with 360m and 660m sized models", "SOAP")
    question = "What value of its single extra hyperparameter did SOAP set?"
    assert not alike_answer(question, [paper]).answerable
    tuned = hit("SOAP sets its one additional hyperparameter to 10 in all runs", "SOAP")
    assert alike_answer(question, [tuned]).answerable  # control


@pytest.mark.parametrize(("question", "counted"), [
    ("how many different people actually took part in the capture sessions?", ["people"]),
    ("how many mice did they record?", ["mice"]),
])
def test_irregular_plurals_are_counted(question: str, counted: list[str]) -> None:
    assert counted_words(question) == counted


def test_a_number_hyphened_to_a_noun_counts_the_noun_after_it() -> None:
    assert not numbers_near("a dataset of 7000+ two-person trajectories", {"people", "person"},
                            3, 3, counts=True)
    # a dash run into the next word is no such modifier (dev split lz014)
    assert numbers_near("on four challenging domains---Python code generation", {"domains"}, 0,
                        3, counts=True)


def test_three_initials_by_chance_write_out_no_acronym() -> None:
    paper = hit("PruneNet casts the pruning process of a model as policy learning", "PruneNet")
    assert names_lacking("PruneNet policy optimizer (PPO? REINFORCE?)", paper) == ["PPO"]
    defined = hit("We train with Proximal Policy Optimization on pruning", "PruneNet")
    assert names_lacking("Does PruneNet use PPO?", defined) == []  # control


def test_the_methods_one_paper_tested_are_no_papers() -> None:
    assert analyse("Which of the tested RLHF methods tolerated staleness best?").shape == "detail"
    assert analyse("Which of the papers test RLHF methods?").shape == "list"  # control


def test_a_part_may_open_with_a_sentence_setting_the_scene() -> None:
    question = ("Someone argued that METRA's objective isn't why it works. What do they credit "
                "its success to instead, and which simpler algorithm do they put forward?")
    assert analyse(question).parts == (
        "Someone argued that METRA's objective isn't why it works. What do they credit its "
        "success to instead", "which simpler algorithm do they put forward")


def test_quantities_introduced_are_told_as_metrics_and_the_naming_sentence_leads() -> None:
    paper = hit("Using these two metrics, we show the Logits Magnitude matters. We propose two new "
                "metrics, Logits Magnitude and Regularized Standard Deviation", "Long tails")
    answer = alike_answer("Which two quantities did the long-tail authors introduce?", [paper])
    assert answer.text.startswith("We propose two new metrics")



def test_listing_things_a_participle_describes_asks_their_names() -> None:
    question = "Can you list the 8 simulators used in SPA's embodied evaluation?"
    assert as_question(question) == "what 8 simulators were used in SPA's embodied evaluation?"
    assert analyse(question).asks_for == "name"
