"""Rules from last stop's held-out mc (now dev) and this stop's fresh dev batches mg/mh: more
ways to ask for every paper, a list that grows by papers nearly as like the question, hyphened
corpus words that are no names, a multiple asked as "speed-up", an acronym's written-out term
by a figure, what a size question sizes, purposes, terse counts and rankings, "where ... come
from", and "vs" in a quantity question."""

from __future__ import annotations

from collections import Counter

import pytest

from rag import cues
from rag.acronyms import acronym_heads
from rag.asked import purpose_topic
from rag.borrowed import added_run
from rag.cues import answer_shape
from rag.evidence import ScoredSentence
from rag.listing import _names_asked, _nearly_as_similar
from rag.measures import counted_words
from rag.names import missing_names, without_names
from rag.query import analyse
from rag.spelling import respell
from tests.extractive_fakes import alike_answer, hit, recased_in


@pytest.mark.parametrize(("question", "shape"), [
    ("My model forgets old tasks. Point me to every paper here that tackles that problem.",
     "list"),
    ("Show me everything on multiple learning agents cooperating or competing.", "list"),
    ("Tell me all the works on lowering the variance of policy evaluation.", "list"),
    ("A network loses what it learned earlier. Which works here propose ways to counter that?",
     "list"),
    ("continual learning catastrophic forgetting methods?", "list"),
    # controls: a question word makes "methods?" one paper's
    ("In which environment does LS-Imagine show improvements over state-of-the-art methods?",
     "detail"),
    ("There's a kernel policy network. By what percentage does it beat prior methods?",
     "detail"),
])
def test_more_ways_to_ask_for_every_paper(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


def _scored(marker: int, similarity: float) -> ScoredSentence:
    return ScoredSentence(marker, 0, "s", similarity, frozenset(), similarity)


def test_papers_nearly_as_like_the_question_as_the_likest() -> None:
    scored = [_scored(1, 0.60), _scored(2, 0.57), _scored(3, 0.40), _scored(2, 0.30)]
    assert _nearly_as_similar(scored) == {1, 2}


_CORPUS = ["We learn spatiotemporal dynamics with a constant step size.",
           "Results on part and net are strong."]


def _recase(question: str) -> str:
    return recased_in(_CORPUS, question)


def test_hyphened_corpus_words_are_no_names() -> None:
    assert _recase("how does it learn spatio-temporal dynamics") == (
        "how does it learn spatio-temporal dynamics")
    assert _recase("why a constant-stepsize") == "why a constant-stepsize"
    # a short part is no corpus word joined: "partnet" is not "part" + "net"
    assert _recase("trained on partnet-mobility?") == "trained on PARTNET-MOBILITY?"


def test_a_multiple_asked_as_speed_up() -> None:
    hits = [hit("Context attribution is costly. Taken together, AttriBoT can provide a 300x "
                 "speedup while remaining faithful", "AttriBoT")]
    answer = alike_answer("How much speed-up does AttriBoT give over exact leave-one-out?", hits)
    assert "300x" in answer.text and answer.answerable


def test_an_acronyms_written_out_term_stands_by_its_figure() -> None:
    sentence = "Findings were validated using the large language model Phi-1.5 (1.3B)."
    assert acronym_heads("What size was the LLM used?", sentence) == {"model"}
    assert acronym_heads("What size was the LLM used?", "Model sizes double yearly.") == set()
    assert acronym_heads("What size was the model used?", sentence) == set()


def test_a_three_letter_acronym_written_out_in_capitals_is_there() -> None:
    hits = [hit("Actions are encapsulated using Domain-Specific Languages for protocols.")]
    assert missing_names("What is the multi-scale DSL representation for?", hits) == []
    # three initials run by chance in plain words are not
    hits = [hit("We design small languages for protocols.")]
    assert missing_names("What is the DSL representation for?", hits) == ["DSL"]


@pytest.mark.parametrize("question", [
    "Explain what that multi-scale DSL representation is meant to help with.",
    "self driving lab DSL representation purpose?",
    "What's the point of the SOAP optimizer?",
])
def test_more_ways_to_ask_a_purpose(question: str) -> None:
    assert answer_shape.PURPOSE_ASK.search(question)


def test_a_purpose_answer_names_the_domain_and_the_sentence_naming_the_paper() -> None:
    hits = [hit("Robotics tasks such as multi-robot pathfinding are now learned. However, in "
                 "this domain, a fair comparison is hard. We introduce a toolkit for "
                 "evaluation. We name it POGEMA, a suite of fast environments", "POGEMA")]
    answer = alike_answer("what's POGEMA for?", hits)
    assert "multi-robot pathfinding" in answer.text and "We name it POGEMA" in answer.text


@pytest.mark.parametrize(("question", "kind"), [
    ("OLMoE expert count / top-k routing", "quantity"),
    ("top ranked / least risky LLM on AIR-BENCH 2024", "ranking"),
])
def test_terse_counts_and_rankings_ask_a_detail(question: str, kind: str) -> None:
    intent = analyse(question)
    assert (intent.shape, intent.asks_for) == ("detail", kind)


def test_a_size_question_naming_what_it_counts() -> None:
    hits = [hit("We build the largest heartbeat vocabulary. We evaluate HeartLang across 6 "
                 "public ECG datasets", "HeartLang")]
    assert not alike_answer("The ECG method builds a heartbeat vocabulary. Exactly how large is "
                       "that vocabulary?", hits).answerable
    assert alike_answer("How large is HeartLang?", hits).answerable  # the paper: any of its counts
    hits = [hit("NutriBench consists of 11,857 meal descriptions", "NutriBench")]
    assert not alike_answer("I'd like the size of the expert panel: how many nutritionists were "
                       "involved?", hits).answerable


@pytest.mark.parametrize(("question", "counted"), [
    ("By roughly how much on average does HELM beat baselines?", []),
    # a run is told as an experiment or trial too (this stop: "how many pretraining experiments")
    ("number of training runs used to fit the scaling law", ["runs", "experiments", "trials"]),
])
def test_what_a_quantity_counts(question: str, counted: list[str]) -> None:
    assert counted_words(question) == counted


def test_how_much_cheaper_is_a_speed() -> None:
    assert cues.SPEED_ASK.search("How much cheaper is S-MNN than the original MNN?")


@pytest.mark.parametrize(("question", "place"), [
    ("latent graph SDE: where do aleatoric and epistemic uncertainty come from", False),
    ("where does the NutriBench data come from?", True),
])
def test_where_something_comes_from(question: str, place: bool) -> None:
    assert (analyse(question).asks_for == "place") is place


def test_a_quantity_vs_earlier_methods_is_one_papers() -> None:
    intent = analyse("someone mentioned a residual-layer variant - how much better are its "
                     "episode returns vs prior methods?")
    assert (intent.shape, intent.asks_for) == ("detail", "quantity")


@pytest.mark.parametrize(("question", "parts"), [
    ("MTSAM: removed module + multi-task finetuning method?",
     ("MTSAM removed module?", "MTSAM multi-task finetuning method?")),
    ("GridMix spatial modulation formulation & MARBLE robustness trick",
     ("GridMix spatial modulation formulation?", "MARBLE robustness trick?")),
    ("POTEC: clustering over what, and unbiasedness condition?",
     ("POTEC clustering over what?", "POTEC unbiasedness condition?")),
    ("SOAP: Adam and Shampoo", ()),  # one word each: a topic's, no two details
    ("continual learning & forgetting", ()),  # no names: a topic
])
def test_terse_details_of_a_named_subject_are_parts(question: str,
                                                    parts: tuple[str, ...]) -> None:
    assert analyse(question).parts == parts


@pytest.mark.parametrize(("question", "shape", "kind"), [
    ("Point me to work on transcribing spoken audio to text.", "list", None),
    ("PruneNet hardware used for the 15 min compression", "detail", "hardware"),
    ("What RL algorithm and network architecture did they use for the agent?", "detail", "name"),
])
def test_more_terse_and_plain_asks(question: str, shape: str, kind: str | None) -> None:
    intent = analyse(question)
    assert (intent.shape, intent.asks_for) == (shape, kind)


def test_a_name_the_questions_scene_gives_is_no_answer() -> None:
    hits = [hit("We train a general agent on physics tasks. Kinetix makes use of our physics "
                 "engine Jax2D for speed", "Kinetix")]
    question = ("I'm reproducing the 2D physics work built on the Jax2D engine. What RL "
                "algorithm did they use for the agent?")
    assert not alike_answer(question, hits).answerable
    assert alike_answer("What physics engine does Kinetix use?", hits).answerable


def test_a_described_subjects_purpose_is_no_name_ask_and_is_read_without_the_asking() -> None:
    question = ("Explain in simple terms what the full-atom flow model trained on protein "
                "pockets is meant to do for drug discovery.")
    assert analyse(question).asks_for is None
    assert purpose_topic(question) == ("the full-atom flow model trained on protein pockets "
                                       "for drug discovery.")
    assert purpose_topic("Which model was trained on pockets?") == (
        "Which model was trained on pockets?")


@pytest.mark.parametrize(("question", "kind"), [
    ("UniGS 3d encoder backbone", "name"),
    ("single image articulated object generation training dataset", "name"),
    ("DSPO base diffusion model used in experiments", "name"),
    ("DynamicFlow model type + dataset", None),  # one of two things asked
    ("mad-td world model", None),  # a model not asked as used: a topic
])
def test_a_terse_query_ending_in_one_thing_asks_its_name(question: str,
                                                         kind: str | None) -> None:
    assert analyse(question).asks_for == kind


def test_a_word_cut_short_is_read_as_the_corpus_word_it_starts() -> None:
    words = Counter({"interpretability": 5, "interpretable": 2, "mechanistic": 3})
    text, found = respell("mech interp papers?", words.__contains__, lambda: words)
    assert text == "mech interpretability papers?" and [r.typed for r in found] == ["interp"]
    text, found = respell("olmoe xyzzyq?", words.__contains__, lambda: words)
    assert found == []


def test_a_kind_in_brackets_makes_no_thing_asked() -> None:
    question = "explain which mechanism captures model (epistemic) uncertainty and data noise"
    assert analyse(question).asks_for is None
    assert analyse("which RL algorithm (e.g. PPO) was used?").asks_for == "name"


def test_names_are_taken_out_longest_first() -> None:
    assert "Jax" not in without_names("We use the engine Jax2D in 2D.", ["2D", "Jax2D"])


def test_a_list_line_shows_the_papers_own_work_not_its_background() -> None:
    hits = [hit("Policy evaluation estimates the variance of a policy's performance. We prove "
                 "our doubly optimal policy evaluation method is unbiased", "Policy evaluation",
                 "p1"),
            hit("We devise precision-aware scaling laws for policy evaluation", "Scaling laws",
                 "p2")]
    answer = alike_answer("papers on policy evaluation variance?", hits)
    assert "doubly optimal" in answer.text  # its own work, though its title is in the other
    assert "estimates the variance" not in answer.text
    assert "precision-aware" in answer.text  # "we devise" introduces a method


# (as the answerer reads them: names typed in lower case recased first, rag/spelling.py; a typed
# topic naming nothing to measure asks for papers, tests/unit/test_round_mq.py)
@pytest.mark.parametrize(("question", "kind"), [
    ("AutoCGP success rate libero", "quantity"),
    ("NutriBench dataset size meals", "quantity"),
    ("neural decoders for quantum error correction", None),  # a measure word in a compound
])
def test_a_terse_measure_then_a_typed_benchmark(question: str, kind: str | None) -> None:
    assert analyse(question).asks_for == kind


def test_a_letter_hyphened_to_a_word_names_a_technique() -> None:
    assert _recase("does it cluster actions with k-means?") == (
        "does it cluster actions with K-MEANS?")


def test_a_yes_no_claim_is_settled_where_the_claim_is_not_where_the_subject_is() -> None:
    hits = [hit("LTL specifies goals. In this work, we propose a novel method. Our approach "
                 "leverages Büchi automata for LTL tasks. Experiments show it satisfies finite- "
                 "and infinite-horizon specifications", "DeepLTL")]
    answer = alike_answer(
        "Does the Büchi automata approach for LTL work for infinite-horizon specs?", hits)
    assert "infinite-horizon" in answer.text.split("[1]")[0]  # the first quote


@pytest.mark.parametrize(("claim", "added"), [
    ("It gives a sound algorithm that runs in polynomial time in the number of variables [1].",
     True),
    ("Robotouille is a cooking-themed kitchen simulation suite for agents [1].", True),
    # reworded in the abstract's own words, or linked by reporting words: nothing added
    ("The authors argue that it identifies causal relations from soft interventions [1].", False),
    ("It gives a provably sound algorithm for causal relations and selection mechanisms [1].",
     False),
])
def test_a_run_of_words_the_abstract_lacks_is_added(claim: str, added: bool) -> None:
    abstract = ("We characterize the Markov property and give a provably sound algorithm that "
                "identifies causal relations and selection mechanisms from soft interventions. "
                "Robotouille is a benchmark for asynchronous tasks.")
    assert bool(added_run(claim, abstract)) is added


def test_a_list_asking_for_names_does_not_grow_by_likeness() -> None:
    assert _names_asked("Which papers run experiments with Gemma or Phi models?") == [
        "Gemma", "Phi"]
    # names given as examples of a topic ask for none
    assert _names_asked("Papers on hardware-aware models, such as NPUs or FPGAs?") == []
    assert _names_asked("work on tree search (MCTS) for LLMs?") == []
