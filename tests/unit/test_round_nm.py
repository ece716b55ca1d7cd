"""Question rules from this stop's dev batches: last stop's held-out nj and the fresh nn, no.
A word asking what a name stands for ("acronym") and words hyphened through a function word
("denoise-and-rewire") are no names; "what scale of" counts; a best that is beaten asks a
margin; a term's rate of decay is told by its order; "what power of n" asks an exponent;
baselines are told by what a method beats; a named subject's typed second detail; data of one
described paper asked; a name inside a link is no sentence about it; a title in plain words
after "a" names no paper; "and which ones" after a count asks the ones counted."""

from __future__ import annotations

from rag.markers import favour_named
from rag.measures import counted_words
from rag.names import names_paper
from rag.query import analyse
from rag.question_parts import split_parts
from rag.scored import ScoredSentence
from tests.extractive_fakes import alike_answer, hit, recased_in

_POTEC = ("We propose the Policy Optimization via Two-Stage Policy Decomposition (POTEC) "
          "algorithm. It leverages clustering in the action space.")


def test_a_word_asking_what_a_name_stands_for_is_no_name() -> None:
    recased = recased_in([_POTEC], "potec acronym + within-cluster action selection")
    assert "POTEC" in recased  # control: the name is recased
    assert "acronym" in recased


def test_words_hyphened_through_a_function_word_are_no_name() -> None:
    # "denoise" is neither English nor a word of this corpus, as a name would be
    corpus = ["We jointly clean the features and rewire the graph. We use PTB-XL."]
    assert "denoise-and-rewire" in recased_in(corpus, "what does the denoise-and-rewire "
                                                      "algorithm line up?")
    assert "PTB-XL" in recased_in(corpus, "results on ptb-xl?")  # control


def test_what_scale_of_counts() -> None:
    assert counted_words("Roughly what scale of tasks went into pretraining Kinetix?")[:1] == [
        "tasks"]
    # control: "the scale of" a thing names no count
    assert "training" not in " ".join(counted_words(
        "I want to know the scale of the training distribution: roughly what number of "
        "physics-based tasks did they produce?"))


def test_a_best_that_is_beaten_asks_a_margin() -> None:
    question = "By what margin does UniGS beat the previous best, Uni3D, on zero-shot tasks?"
    assert analyse(question).asks_for == "quantity"
    assert analyse("Which model is the best on AIR-Bench?").asks_for == "ranking"  # control


_SGD = hit("We study SGD with Richardson-Romberg extrapolation. We show that the root "
           "mean-squared error decomposes into a leading term of order $\\mathcal{O}(n^{-1/2})$ "
           "and a second-order term of order $\\mathcal{O}(n^{-3/4})$, where the power $3/4$ "
           "is best known", "SGD")


def test_a_rate_of_decay_is_told_by_its_order() -> None:
    answer = alike_answer("The RMSE splits into a leading n^{-1/2} piece plus a correction; at "
                          "what rate in n does that correction decay?", [_SGD])
    assert answer.answerable and "3/4" in answer.text
    # control: a sentence with no order tells no rate
    vague = hit("We study SGD with extrapolation. The correction decays as more steps are "
                "taken", "SGD")
    assert not alike_answer("At what rate in n does the correction decay?", [vague]).answerable


def test_what_power_of_asks_an_exponent() -> None:
    question = "What power of n governs the second-order term of the SGD error?"
    assert analyse(question).asks_for == "quantity"
    assert "3/4" in alike_answer(question, [_SGD]).text
    assert analyse("Which simulator powers Kinetix?").asks_for != "quantity"  # control


_JDR = hit("We propose an algorithm to jointly denoise the features and rewire the graph (JDR). "
           "JDR works by aligning the leading spectral spaces of graph and feature matrices. We "
           "show that it consistently outperforms existing rewiring methods on node "
           "classification tasks", "JDR")


def test_baselines_are_told_by_what_a_method_beats() -> None:
    answer = alike_answer("JDR baselines?", [_JDR])
    assert answer.answerable and "outperforms existing rewiring methods" in answer.text


def test_a_named_subjects_typed_second_detail_is_a_part() -> None:
    assert split_parts("JDR mechanism and baselines") == ("JDR mechanism?", "JDR baselines?")
    assert split_parts("continual learning & forgetting") == ()  # control: one topic


def test_data_of_one_described_paper_are_its_own() -> None:
    question = "Which real-world datasets were used to evaluate the temporal label noise method?"
    assert analyse(question).shape == "detail"
    # control: data of several papers are a list
    assert analyse("Which datasets are used by the federated learning papers?").shape == "list"


def test_a_name_inside_a_link_is_no_sentence_about_it() -> None:
    concepts = hit("Our framework comprises an automatic concept discovery module. Codes are "
                   "available at: https://github.com/someone/AutoCGP", "Concept-Guided")
    link = ScoredSentence(1, 1, "Codes are available at: https://github.com/someone/AutoCGP", 0.5)
    own = ScoredSentence(1, 1, "AutoCGP discovers manipulation concepts", 0.5)
    raised = {s.text: s.score for s in favour_named([link, own], set(), [concepts],
                                                      "AutoCGP concept source?")}
    assert raised[link.text] == 0.5
    assert raised[own.text] > 0.5  # control: a name in the sentence's own words


def test_a_plain_title_after_a_is_no_name() -> None:
    question = "It first chooses a cluster with a policy gradient; how does it pick the action?"
    assert not names_paper(question, "Policy gradient")
    # controls: the title bare, and a name after "a"
    assert names_paper("How fast does policy gradient converge?", "Policy gradient")
    assert names_paper("Is an FB-CPR model promptable?", "FB-CPR")


def test_which_ones_after_a_count_asks_the_ones_counted() -> None:
    question = ("How many RL environments were used in the flat reward landscapes robustness "
                "study, and which ones?")
    assert analyse(question).shape == "detail"
    assert analyse("Which ones study reward landscapes?").shape == "list"  # control


def test_a_typed_side_with_nothing_before_it_is_no_part() -> None:
    assert split_parts("\t + 0") == ()  # the fuzz test's case: no first side to ask of
