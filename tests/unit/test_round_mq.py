"""Question rules from this stop's dev batches: last stop's held-out mo and the fresh mr. A
paper named by the words its acronym stands for, a method named in plain words titles its
paper, terse "X works?" lists papers, "Anything like that here?" after a description, where a
figure "ended up", what a term means, "speed-up", "how many times more", a sentence giving
only the question's own figures."""

from __future__ import annotations

import pytest

from index.titles import derive_title
from rag.names import asked_version, spells_out_title
from rag.query import analyse
from tests.extractive_fakes import alike_answer, hit, recased_in

_RESKPN = ("Our novel algorithm, the Residual Kernel Policy Network (ResKPN), demonstrates "
           "state-of-the-art performance, achieving a 30% improvement in episodic rewards across "
           "complex environments")
_POLICY_GRADIENT = ("We present the first global convergence analysis of policy gradient for "
                    "average reward MDPs. The iterates converge at a sublinear rate")
_SRDF = ("We introduce a data flywheel through the collaboration between two models, the "
         "instruction generator and the navigator. This results in a superior generator, "
         "evidenced by a SPICE increase from 23.5 to 26.2")
_LABEL_NOISE = ("Many time series classification tasks are affected by label noise that also "
                "varies over time. We first propose and formalize temporal label noise, an "
                "unstudied problem for sequential classification of time series. In this setting, "
                "multiple labels are recorded over time while being corrupted by a time-dependent "
                "noise function. We then propose methods to train noise-tolerant classifiers. We "
                "show that our methods lead to state-of-the-art performance")


def test_a_paper_named_by_the_words_its_acronym_stands_for_is_the_one_asked() -> None:
    hits = [hit(_POLICY_GRADIENT, "Policy gradient", "p1"), hit(_RESKPN, "ResKPN", "p2")]
    answer = alike_answer("I'm looking at kernel-based policy gradient methods. What improvement "
                          "in episodic return does the residual kernel policy network report?",
                          hits)
    assert "30%" in answer.text and answer.citations[0].paper.title == "ResKPN"


@pytest.mark.parametrize(("question", "title", "abstract", "named"), [
    ("what does the residual kernel policy network report?", "ResKPN", _RESKPN, True),
    # control: a plural long form is a kind of thing, not the paper's name
    ("how are denoising diffusion models used in RL?", "DDM",
     "We examine Denoising Diffusion Models (DDM) for representation learning", False),
])
def test_a_long_form_names_a_paper_only_in_the_singular(question: str, title: str,
                                                        abstract: str, named: bool) -> None:
    assert spells_out_title(question, title, abstract) is named


def test_a_method_introduced_in_plain_words_titles_its_paper() -> None:
    abstract = ("Self-supervised learning (SSL) approaches have brought tremendous success. Here, "
                "we show that SSL can perform system identification. We propose dynamics "
                "contrastive learning, a framework to uncover linear and non-linear dynamics")
    assert derive_title(abstract) == "Dynamics contrastive learning"


@pytest.mark.parametrize(("question", "shape"), [
    ("MARL works?", "list"),
    ("works on MARL?", "list"),
    ("diffusion model studies?", "list"),
    ("Looking for work on state space models for long sequences. Anything like that here?",
     "list"),
    ("temporal label noise meaning", "summary"),
    # controls: whether a thing works is no list
    ("will it work?", "detail"),
    ("Does ResKPN work?", "detail"),
])
def test_terse_asks_for_papers_and_meanings_are_shaped_so(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


@pytest.mark.parametrize("question", [
    "what did the generator's SPICE end up at?",
    "what spice did its generator end up at?",
])
def test_where_a_figure_ended_up_is_the_figure_of_the_word_asked(question: str) -> None:
    answer = alike_answer(question, [hit(_SRDF, "SRDF")])
    assert analyse(question).asks_for == "quantity"
    assert "26.2" in answer.text.splitlines()[0]


def test_what_a_term_means_is_told_by_the_sentences_defining_it() -> None:
    answer = alike_answer("What is temporal label noise?", [hit(_LABEL_NOISE, "Label noise")])
    assert "time-dependent noise function" in answer.text
    assert "state-of-the-art" not in answer.text  # a definition, not the paper's result


@pytest.mark.parametrize(("question", "figure"), [
    ("what speed-up over a synchronous setup did the authors report?", "70%"),
    ("how many times more data does the sequence model need?", "2-5x"),
])
def test_multiples_asked_in_other_words_are_told(question: str, figure: str) -> None:
    abstract = ("We show that asynchronous RL can finetune Rho 1B on GSM8k ~70% faster while "
                "matching synchronous accuracy. Sequence-based models often require around "
                "2-5x training data to match the performance of geometry-aware models")
    assert figure in alike_answer(question, [hit(abstract, "Async")]).text


def test_a_sentence_giving_only_the_questions_own_figures_answers_nothing() -> None:
    abstract = ("SOAP introduces only one additional hyperparameter (the preconditioning "
                "frequency). We evaluate SOAP on pre-training with 360m and 660m sized models")
    answer = alike_answer("Tell me the exact setting of SOAP's one extra hyperparameter in the "
                          "360m/660m pre-training experiments.", [hit(abstract, "SOAP")])
    assert not answer.answerable
    # control: a figure the question does not give answers it
    answer = alike_answer("Tell me the exact setting of SOAP's one extra hyperparameter in the "
                          "360m/660m pre-training experiments.",
                          [hit(abstract + ". For the 360m model the preconditioning frequency "
                               "is 10", "SOAP")])
    assert answer.answerable and "10" in answer.text


def test_an_acronym_of_a_papers_title_names_it() -> None:
    abstract = ("Here, we show that SSL can perform system identification. We propose dynamics "
                "contrastive learning, a framework to uncover linear, switching linear and "
                "non-linear dynamics")
    answer = alike_answer("DCL system identification - which dynamics classes?",
                          [hit(abstract, "Dynamics contrastive learning")])
    assert answer.answerable and "switching linear" in answer.text
    # control: no title or abstract spells XYZ
    answer = alike_answer("XYZ system identification - which dynamics classes?",
                          [hit(abstract, "Dynamics contrastive learning")])
    assert not answer.answerable


_CORPUS = ["We propose AutoCGP for manipulation, evaluated on a benchmark of reasoning or planning "
           "tasks."]


def _recase(question: str) -> str:
    return recased_in(_CORPUS, question)


def test_a_word_no_corpus_has_after_a_benchmark_or_an_or_is_a_name() -> None:
    assert _recase("autocgp benchmark libero or maniskill") == (
        "AutoCGP benchmark LIBERO or MANISKILL")
    # control: English words there are no names
    assert _recase("autocgp benchmark results on reasoning or planning") == (
        "AutoCGP benchmark results on reasoning or planning")


def test_how_they_handle_a_thing_is_told_by_the_sentence_tackling_it() -> None:
    abstract = ("We demonstrate that deep transformers are universal and can approximate "
                "continuous in-context mappings to arbitrary precision. We consider both unmasked "
                "attentions and masked causal attentions. We tackle the causal setting leveraging "
                "a space-time lifting to analyze causal attention as a mapping")
    answer = alike_answer("How do they handle masked causal attention when proving that deep "
                          "transformers are universal approximators?", [hit(abstract, "ICM")])
    assert answer.text.startswith("We tackle the causal setting")


def test_a_ranking_among_the_asked_things_answers_which_did_best() -> None:
    abstract = ("Asynchronous training relies on learning from stale samples. Among several RLHF "
                "algorithms we test, online DPO is found to be most robust to off-policy data")
    answer = alike_answer("asynchronous off-policy RLHF: which algorithm held up best with stale "
                          "samples?", [hit(abstract, "Async")])
    assert "online DPO" in answer.text


def test_figures_describing_the_asked_thing_set_no_condition() -> None:
    abstract = ("OLMoE-1B-7B has 7 billion (B) parameters but uses only 1B per input token. We "
                "pretrain it on 5 trillion tokens")
    answer = alike_answer("For the open mixture-of-experts model that has 7 billion total "
                          "parameters and was pretrained on 5 trillion tokens, how much of the "
                          "network is active for any given input token?", [hit(abstract, "OLMoE")])
    assert "only 1B per input token" in answer.text


@pytest.mark.parametrize(("abstract", "answerable"), [
    ("We construct the largest heartbeat-based vocabulary to date. We evaluated HeartLang "
     "across six public ECG datasets", False),
    # control: a figure of the vocabulary answers
    ("We construct the largest heartbeat-based vocabulary to date, with 5,000 heartbeat words. "
     "We evaluated HeartLang across six public ECG datasets", True),
])
def test_how_big_it_is_sizes_the_thing_the_sentence_before_ends_on(abstract: str,
                                                                   answerable: bool) -> None:
    answer = alike_answer("The ECG-as-language work claims to have built the largest "
                          "heartbeat-based vocabulary to date. How big is it, exactly?",
                          [hit(abstract, "HeartLang")])
    assert answer.answerable is answerable


@pytest.mark.parametrize(("question", "asks_for"), [
    ("spa 3d spatial awareness embodied representation - which gpus", "name"),
    ("kinetix agent training compute", "compute"),
    # control: how a method cuts its compute is no ask for the compute spent
    ("How does MAD-TD reduce training compute?", None),
])
def test_typed_asks_for_machines_and_compute(question: str, asks_for: str | None) -> None:
    assert analyse(question).asks_for == asks_for


def test_a_plain_title_before_a_plural_kind_is_a_topic_not_a_name() -> None:
    hits = [hit(_POLICY_GRADIENT, "Policy gradient", "p1"), hit(_RESKPN, "ResKPN", "p2")]
    answer = alike_answer("i'm looking at kernel-based policy gradient methods and someone "
                          "mentioned a residual-layer variant - how much better are its episode "
                          "rewards vs prior methods?", hits)
    assert "30%" in answer.text
    # control: the title alone still names its paper
    answer = alike_answer("What rate does the policy gradient analysis give?", hits)
    assert answer.citations[0].paper.title == "Policy gradient"


@pytest.mark.parametrize(("question", "asks_for"), [
    ("variance reduction for RL policy evaluation", None),
    # controls: a count asked, and a measure of a named paper
    ("precision-aware scaling laws number of runs", "quantity"),
    ("HeartLang vocab size", "quantity"),
])
def test_a_typed_topic_ending_on_a_measure_asks_for_papers(question: str,
                                                           asks_for: str | None) -> None:
    assert analyse(question).asks_for == asks_for


@pytest.mark.parametrize("question", [
    "richardson-romberg sgd: exponent of the second order rmse term?",
    "what is the exponent of n in the second-order term of the RMSE expansion?",
])
def test_an_exponent_asked_leads_with_the_clause_stating_it(question: str) -> None:
    abstract = ("We show that the root mean-squared error can be decomposed into the sum of two "
                "terms: a leading one of order $\\mathcal{O}(n^{-1/2})$ with explicit dependence "
                "on a covariance matrix, and a second-order term of order "
                "$\\mathcal{O}(n^{-3/4})$, where the power $3/4$ is best known")
    answer = alike_answer(question, [hit(abstract, "SGD")])
    assert analyse(question).asks_for == "quantity"
    assert answer.text.startswith("a second-order term of order")


def test_a_simulator_powering_an_environment_asks_no_figure() -> None:
    assert analyse("Which simulator powers the Kinetix physics-based RL environments?").asks_for \
        != "quantity"


def test_an_ordinal_after_a_name_is_no_version() -> None:
    assert asked_version("RMSE", "sgd RMSE 2nd order term exponent") is None
    assert asked_version("Llama", "Llama 3 results") == "3"  # control
