"""Rules from the lw/lx batches (held out last stop, tuned on now) and the fresh dev batches
lz/ma/zq of this stop: terse queries however long their topic, "which X of Y was", requests
after a description, described subjects and compared things, and claim checks for what
"unlike methods that rely on X" sets apart, transformations turned round and baselines made to
win."""

from __future__ import annotations

import pytest

from paperwise.types import Hit, Paper
from rag import cues
from rag.asked import asked_thing
from rag.avoided import avoided_conflict, likened_conflict
from rag.comparisons import check_baselines_win, check_transformation
from rag.markers import compared_markers
from rag.query import analyse
from rag.spelling import absent_topic, recase


@pytest.mark.parametrize(("question", "kind"), [
    # a long topic before the measure (six and seven words)
    ("deconstructed DDM to DAE linear probe accuracy?", "quantity"),
    ("open mixture-of-experts language model top-k routing expert count?", "quantity"),
    # things last, a participle may follow, or the names of them
    ("shallow safety alignment: models evaluated?", "name"),
    ("temporal label noise time series classification: dataset names?", "name"),
    ("contrastive skill discovery quadruped locomotion benchmarks used", "name"),
    ("label noise time series: names of real-world datasets used?", "name"),
    # "which X of Y was ..." and "which X variant"
    ("Which dataset of articulated objects was the diffusion model trained on?", "name"),
    ("clip data selection - which clip model variant", "name"),
])
def test_terse_and_which_asks_are_read(question: str, kind: str) -> None:
    assert analyse(question).asks_for == kind


@pytest.mark.parametrize("question", [
    # a preposition before the things: they modify what is asked (the gain)
    "AFLOW avg gain over SOTA across six benchmarks?",
    # "same precision?" asks whether it matches, not for a figure
    "scalable mechanistic nn as substitute for MNN, same precision?",
])
def test_modifiers_and_yes_no_measures_are_not_asks(question: str) -> None:
    assert analyse(question).asks_for is None


_UNLIKE = ("Unlike methods that rely on predefined skills and human-annotated labels, our "
           "approach lets agents abstract manipulation concepts from proprioceptive states.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("The framework derives its manipulation concepts from predefined skills and "
     "human-annotated labels.", True),
    ("Agents rely on predefined skills and human-annotated labels to abstract concepts.", True),
    # the faithful wording: "rather than relying on X" is no use of X
    ("Rather than relying on predefined skills and human-annotated labels, agents abstract "
     "concepts from their proprioceptive states.", False),
])
def test_unlike_methods_that_rely_on_sets_the_method_apart(claim: str, flagged: bool) -> None:
    assert bool(avoided_conflict(claim, [_UNLIKE], _UNLIKE)) is flagged


# -- requests and descriptions (fresh dev batches lz and ma) ---------------------------------------

@pytest.mark.parametrize(("question", "shape", "kind"), [
    # a request after a description asks on its own
    ("The JEPT trains a policy on a mix of videos. Before copying the setup, I'd like to know "
     "the exact proportion of labeled to unlabeled data they used.", "detail", "quantity"),
    ("I need to know which policy optimization algorithm the authors relied on.", "detail",
     "name"),
    # a described subject before the verb
    ("Tell me what base model the authors experimented on when arguing X.", "detail", "name"),
    ("Tell me which graph datasets the latent graph SDE paper used for its experiments.",
     "detail", "name"),
    ("Which node classification datasets (e.g., Cora, Citeseer) were used to benchmark "
     "LGNSDE's uncertainty estimates?", "detail", "name"),
    ("I'd like the names of the public datasets on which the motion method claims results.",
     "detail", "name"),
    ("tell me the names of the datasets AFLOW used", "detail", "name"),
    # papers asked for after a scene, with examples, or by "methods: a, b, c"
    ("For a reading group on feedback for the picked action only, which of these abstracts deal "
     "with bandit settings?", "list", None),
    ("bandit papers (linear, contextual)", "list", None),
    ("hypernetwork-based methods: policy generation, tabular classification, NAS?", "list", None),
    # ... but papers remain papers
    ("Which papers were used to evaluate LLMs?", "list", None),
])
def test_requests_and_described_subjects_are_read(question: str, shape: str,
                                                  kind: str | None) -> None:
    intent = analyse(question)
    assert (intent.shape, intent.asks_for) == (shape, kind)


@pytest.mark.parametrize(("question", "thing"), [
    ("I'd like the names of the public datasets on which the motion method claims results.",
     "dataset"),
    ("Which natural-language corpora did it use?", "corpora"),
])
def test_the_things_a_name_ask_reads_are_asked_for(question: str, thing: str) -> None:
    assert asked_thing(question) == thing
    assert "dataset" in cues.THING_WORDS[thing]


def _hit(abstract: str, title: str) -> Hit:
    return Hit(paper=Paper(id=title, title=title, source="s.txt", position=1, abstract=abstract),
               text=abstract, score=1.0)


_CAUSAL = [_hit("We address selection bias in interventional causal discovery studies.", "SB"),
           _hit("We query large language models with triplet prompts for a causal order.", "TP"),
           _hit("We study graph neural networks.", "GN")]


@pytest.mark.parametrize("question", [
    "Compare how the interventional causal discovery paper that handles selection bias and the "
    "paper that queries language models with triplet prompts go about it.",
    "causal discovery with selection bias vs triplet prompts for causal order - approaches",
])
def test_described_compared_things_are_their_papers(question: str) -> None:
    assert compared_markers(question, _CAUSAL, lambda term: 1.0) == {1, 2}


def test_a_comparison_of_one_described_thing_marks_none() -> None:
    # "compare the approaches that ..." names no two things: no paper is singled out
    assert compared_markers("Compare the approaches that use graph neural networks to study "
                            "people.", _CAUSAL, lambda term: 1.0) == set()


def test_an_unheard_topic_is_read_in_the_asking_sentence() -> None:
    known = {"tasks", "classification", "papers"}.__contains__
    question = ("My model forgets what it learned on zorblax tasks. Which of these papers "
                "mitigate that, for classification?")
    assert absent_topic(question, known, lambda prefix: False) is None
    assert absent_topic("Which papers are on zorblax tasks?", known,
                        lambda prefix: False) == "zorblax"


# -- claim checks (fresh dev batch zq) ----------------------------------------------------------

_FLOW = "We train DynamicFlow, which transforms apo pockets and noisy ligands into holo pockets."


@pytest.mark.parametrize(("claim", "flagged"), [
    ("DynamicFlow transforms holo pockets back into apo pockets and noisy ligands.", True),
    ("DynamicFlow turns apo pockets into holo pockets.", False),
])
def test_a_transformation_turned_round_is_flagged(claim: str, flagged: bool) -> None:
    assert bool(check_transformation(claim, _FLOW)) is flagged


_WINS = "JEPT outperforms baselines in the tasks without action-labeled data."


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Baselines still beat it on tasks without action-labelled data.", True),
    ("Existing methods consistently outperform JEPT on unseen tasks.", True),
    ("It outperforms the baselines on tasks without action labels.", False),
    # "existing methods and outperforms": the method does both
    ("It plugs into existing methods and outperforms several baselines.", False),
])
def test_baselines_winning_is_flagged_where_the_method_wins(claim: str, flagged: bool) -> None:
    assert bool(check_baselines_win(claim, _WINS)) is flagged


def test_likening_to_recent_work_is_likening_to_earlier_work() -> None:
    paper = "Unlike recent extensions, our proof does not rely on a smoothness assumption."
    assert likened_conflict("The proof, like recent extensions, builds on smoothness.", paper)


# -- words and asks (fresh dev batch mb) --------------------------------------------------------

def test_a_derived_form_of_a_corpus_word_is_no_unknown_name() -> None:
    corpus = {"heterophily", "graphs", "works"}
    has_prefix = lambda prefix: any(w.startswith(prefix) for w in corpus)  # noqa: E731
    question = "does jdr still work on heterophilic graphs"
    assert recase(question, dict, corpus.__contains__, has_prefix) == question
    # a word no corpus word starts like is still read as a name
    assert "ZORBLAXIC" in recase("does it work on zorblaxic graphs", dict,
                                 corpus.__contains__, has_prefix)


def test_what_do_x_models_do_asks_no_name() -> None:
    assert analyse("What do token-supervised value models (TVMs) assign to each token?"
                   ).asks_for is None
    assert analyse("Which models (e.g., GPT-4o) did they compare?").asks_for == "name"
