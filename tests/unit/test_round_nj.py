"""Question rules from this stop's dev batches: last stop's held-out ng and the fresh nk, nl.
A second kind offered after the asked things ("which benchmarks or simulators does the X study
run on") still asks one paper's; a natural kind set off by a comma ("from what animal, was X
applied to") is still named; a scene describing a method by what it is for asks no purpose;
everyday ways of asking a meaning, and a term named by pointing back at the sentence before;
a few typed words on one paper's topic get its answering sentences after its list line; two
typed topics a ";" parts are two questions; one paper's own things asked by their names; a
number after a name is its version; "how many of the Xs" counts the Xs."""

from __future__ import annotations

import pytest

from rag.ask_kind import asks_purpose
from rag.asked import asked_thing
from rag.figures import question_figures
from rag.measures import counted_words, measure_qualifiers
from rag.query import analyse
from rag.spelling import absent_topic, expand_shorthand
from tests.extractive_fakes import alike_answer, hit


def test_a_second_kind_offered_still_asks_one_papers_things() -> None:
    question = ("Which RL benchmarks or simulators does the flat reward landscape robustness "
                "study run on?")
    assert analyse(question).shape == "detail"
    # controls: kinds offered without one paper's verb after them, and papers, are lists
    assert analyse("Which benchmarks or datasets evaluate LLM agents?").shape == "list"
    assert analyse("Which papers or works study federated learning?").shape == "list"


def test_a_natural_kind_set_off_by_a_comma_is_still_named() -> None:
    assert asked_thing("and from what animal, was SIMPL applied to?") == "animal"
    assert asked_thing("from what animal was SIMPL applied to?") == "animal"  # control


_SIMPL = hit("Here we propose SIMPL, an EM-style algorithm which iteratively optimises latent "
             "variables and tuning curves. SIMPL is fast, scalable and exploits behaviour as an "
             "initial condition to further improve convergence and identifiability", "SIMPL")


def test_a_natural_kind_no_sentence_names_is_refused() -> None:
    answer = alike_answer("Which hippocampal recording dataset, and from what animal, was SIMPL "
                          "applied to?", [_SIMPL])
    assert not answer.answerable


_SCENE = ("There's a verifier that scores every token by the chance of reaching a correct math "
          "answer, meant for tree search at test time. ")


def test_a_scene_describing_what_a_method_is_for_asks_no_purpose() -> None:
    question = _SCENE + "What pretrained language model did the authors fine-tune to get it?"
    assert not asks_purpose(question)
    assert analyse(question).asks_for == "name"
    # control: the asking sentence itself may ask a purpose
    assert asks_purpose(_SCENE + "What is it meant for?")
    assert asks_purpose("What is the verifier meant for?")


_TVM = hit("Existing verifiers offer only implicit assessments of partial solutions. We propose "
           "token-supervised value models (TVMs), a new class of verifiers that assign each "
           "token a probability of reaching the correct final answer", "TVMs")


def test_a_model_no_sentence_names_is_refused_after_a_scene() -> None:
    answer = alike_answer(_SCENE + "What pretrained language model did the authors fine-tune "
                                   "to get this verifier?", [_TVM])
    assert not answer.answerable


_SHALLOW = hit("Simple attacks can jailbreak aligned models. We note that these vulnerabilities "
               "share one issue: safety alignment adapts a model's distribution only over its "
               "very first few output tokens. We unifiedly refer to this issue as shallow "
               "safety alignment. We present case studies to explain why shallow safety "
               "alignment can exist", "Shallow alignment")


@pytest.mark.parametrize("question", [
    "what's the deal with shallow safety alignment in LLMs?",
    "what does shallow safety alignment mean?",
    "What is meant by shallow safety alignment?",
    "shallow safety alignment meaning",  # control: asked so before this stop
])
def test_a_term_named_by_pointing_back_is_shown_with_what_it_names(question: str) -> None:
    answer = alike_answer(question, [_SHALLOW])
    assert answer.answerable
    assert answer.text.startswith("We note that these vulnerabilities")
    assert "refer to this issue as shallow safety alignment" in answer.text


_GRADIENT = hit("We present the first global convergence analysis of policy gradient for average "
                "reward MDPs. Specifically, we focus on ergodic tabular MDPs. Our analysis shows "
                "that the policy gradient iterates converge to the optimal policy at a sublinear "
                "rate. Performance bounds for discounted MDPs cannot be easily extended",
                "Policy gradient")


def test_a_few_words_on_one_papers_topic_get_its_answer_after_its_line() -> None:
    answer = alike_answer("policy gradient average reward mdp convergence guarantee",
                          [_GRADIENT])
    assert answer.text.startswith("Only one paper")
    assert "sublinear rate" in answer.text
    assert len(answer.text.splitlines()) == 3


def test_two_typed_topics_a_semicolon_parts_are_two_questions() -> None:
    question = ("policy gradient average reward convergence rate; course-corrected "
                "greedy/thompson bandit regret")
    assert len(analyse(question).parts) == 2
    # controls: a scene before a ";" is no question of its own, and one word is no side
    assert analyse("I'm budgeting compute for a similar run; what hardware scale did the "
                   "OLMoE model take to pretrain?").parts == ()
    assert analyse("continual learning; forgetting").parts == ()
    assert len(analyse("mad-td benchmark; fat-to-thin fttpo benchmark").parts) == 2


@pytest.mark.parametrize("question", [
    "what are the names of the real-world datasets their experiments use?",
    "temporal label noise paper dataset names",
])
def test_the_names_of_one_papers_datasets_are_asked_of_it(question: str) -> None:
    intent = analyse(question)
    assert intent.asks_for == "name"
    paper = hit("We propose methods to train noise-tolerant classifiers. We show that our "
                "methods lead to state-of-the-art performance on real-world datasets", "Noise")
    assert not alike_answer(question, [paper]).answerable
    # control: the papers on a topic are still asked for
    assert analyse("temporal label noise papers").asks_for is None


def test_a_number_after_a_name_is_its_version_no_condition() -> None:
    assert question_figures("how long does it take to compress a 7B Llama 2 model?") == {
        "7b": ""}
    # control: a number after a plain word sets a condition
    assert question_figures("what FID with just 5 NFE?") == {"5": "nfe"}
    paper = hit("PruneNet can compress the LLaMA-2-7B model in just 15 minutes, achieving over "
                "80% retention", "PruneNet")
    answer = alike_answer("how long does it take to compress a 7B Llama 2 model?", [paper])
    assert answer.answerable and "15 minutes" in answer.text


def test_how_many_of_the_xs_counts_the_xs() -> None:
    assert counted_words("how many of the modern design components turned out to matter?")[
        0] == "components"
    assert counted_words("how many of them are active?") == []  # control: counted before



def test_work_one_came_across_is_one_paper() -> None:
    question = ("I came across work that merges cascading with speculative decoding. On which "
                "LLM families did they run their benchmark comparisons?")
    assert analyse(question).shape == "detail"
    # control: work asked for is a list
    assert analyse("Is there work that merges cascading with speculative decoding?").shape == (
        "list")


def test_a_question_after_a_scene_and_a_semicolon_asks_of_one_paper() -> None:
    question = ("I'm curious whether that offline RL algorithm was only tried on a medical "
                "simulation or also on standard control tasks; which benchmark suite did they "
                "use?")
    assert analyse(question).shape == "detail"
    # control: typed alternatives without a question ask for papers on either
    assert analyse("medical simulation or standard control tasks offline rl").shape == "list"


def test_a_representation_is_told_as_a_proxy() -> None:
    paper = hit("We design a pipeline that produces articulated objects from high-level "
                "structure to geometric details, where we use a part connectivity graph and "
                "part abstraction as proxies. Experiments show better results", "Articulated")
    answer = alike_answer("what intermediate representations does the articulated object "
                          "pipeline rely on?", [paper])
    assert answer.answerable and answer.text.startswith("We design a pipeline")


def test_a_size_typed_as_a_heading_is_of_what_follows() -> None:
    question = "Size of the heartbeat-based ECG vocabulary built with the QRS-Tokenizer?"
    assert analyse(question).asks_for == "quantity"
    assert measure_qualifiers(question) == {"vocabulary"}
    # control: a name is the thing sized itself
    assert measure_qualifiers("What's the size of NutriBench in meal descriptions?") == set()
    paper = hit("We construct the largest heartbeat-based ECG vocabulary to date. We evaluated "
                "HeartLang across six public ECG datasets", "HeartLang")
    assert not alike_answer(question, [paper]).answerable


def test_things_per_unit_typed_last_ask_a_count() -> None:
    assert analyse("olmoe experts per layer").asks_for == "quantity"
    assert counted_words("olmoe experts per layer") == ["experts"]
    paper = hit("OLMoE-1B-7B has 7 billion parameters but uses only 1B per input token. It has "
                "64 experts per layer", "OLMoE")
    answer = alike_answer("olmoe experts per layer", [paper])
    assert answer.answerable and "64 experts per layer" in answer.text


class _Corpus:
    """A corpus that writes "MDPs", "SAEs" and "reward"."""

    words = frozenset({"MDPs", "SAEs", "reward", "average"})

    def known(self, word: str) -> bool:
        return word in self.words

    def has_prefix(self, prefix: str) -> bool:
        return any(w.startswith(prefix) for w in self.words)


@pytest.mark.parametrize(("question", "absent"), [
    ("asr low-resource languages", "asr"),
    ("mdp average reward", None),  # control: the corpus writes "MDPs"
    ("sae features", None),
    ("DSL protocol design", None),  # control: a name in capitals is missing_names's
])
def test_a_typed_lower_case_acronym_no_abstract_writes_is_an_absent_topic(
        question: str, absent: str | None) -> None:
    corpus = _Corpus()
    assert absent_topic(question, corpus.known, corpus.has_prefix) == absent


def test_avg_is_typed_for_average() -> None:
    assert expand_shorthand("avg reward PG convergence") == "average reward PG convergence"
