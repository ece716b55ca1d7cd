"""Question rules from this stop's dev batches: last stop's held-out mq and the fresh mt
(weighted to multi-paper questions). Topics typed with spaced slashes list the papers on any of
them; "compare the papers that X" compares every paper doing X; the ways a researcher asks
the collection itself ("who else works on X", "what's in here about X", "... Anything
relevant?") ask for papers; a purpose clause ("so that the video moves in sync") names no
domain of the work asked for; alternatives may repeat their preposition ("from rats or from
mice?"); a place is asked in other words ("where geographically", "source countries"); "not
only X but also Y" denies nothing; words classing the thing asked ("which dynamics
classes", "which feedback modalities") need not be said; a paper saying a phrase the question
gives as an example of its topic ("(circuits, activation patching)") is listed (its case is in
tests/integration/test_answers.py, on the seed index); things counted with a slash
("houses/indoor layouts") are either; a cut in training time is a figure, not a duration."""

from __future__ import annotations

import pytest

from rag.asked import offered_words
from rag.listing import applied_nowhere
from rag.measures import counted_words
from rag.names import example_phrases
from rag.query import analyse
from rag.verdicts import verdict
from tests.extractive_fakes import alike_answer, hit

_PLANNER = ("We propose a novel transformer-based Diffusion Planner for closed-loop planning. "
            "Diffusion Planner achieves safe and adaptable planning behaviors")
_DIFFUSION_MARL = ("We propose DoF, a diffusion factorization framework for offline MARL. "
                   "Diffusion models generate the joint policy of the agents")
_POLICY_EVALUATION = ("Policy evaluation estimates the performance of a policy. We design an "
                      "optimal data-collecting policy that reduces the variance of policy "
                      "evaluation")
_SAFE_EVALUATION = ("We propose a behavior policy under safety constraints that reduces the "
                    "variance of on-policy evaluation in reinforcement learning")


def _cited(question: str, *papers: tuple[str, str]) -> set[str]:
    """The titles an answer cites for what it says (none when it refuses)."""
    hits = [hit(abstract, title, f"p{k}") for k, (abstract, title) in enumerate(papers, 1)]
    answer = alike_answer(question, hits)
    return {c.paper.title for c in answer.citations} if answer.answerable else set()


def test_topics_typed_with_spaced_slashes_list_the_papers_on_any() -> None:
    cited = _cited("diffusion policy / Diffusion Planner / diffusion-based MARL",
                   (_PLANNER, "Diffusion Planner"), (_DIFFUSION_MARL, "DoF"))
    assert cited == {"Diffusion Planner", "DoF"}


def test_a_few_typed_words_naming_one_paper_still_ask_about_it() -> None:
    # control: no slashes, one paper named: its own answer
    cited = _cited("Diffusion Planner closed-loop planning",
                   (_PLANNER, "Diffusion Planner"), (_DIFFUSION_MARL, "DoF"))
    assert cited == {"Diffusion Planner"}


def test_comparing_the_papers_that_do_x_compares_every_paper_doing_it() -> None:
    cited = _cited("compare the papers that try to reduce variance in policy evaluation",
                   (_POLICY_EVALUATION, "Policy evaluation"), (_SAFE_EVALUATION, "Safe evaluation"))
    assert cited == {"Policy evaluation", "Safe evaluation"}


@pytest.mark.parametrize(("question", "shape"), [
    ("who else works on mechanistic interpretability of transformer LMs?", "list"),
    ("What's in here about FL - aggregation, client participation?", "list"),
    ("I work on RNA. Is there anything in here on deep learning for RNA structures?", "list"),
    ("are there any abstracts about talking-head video synthesis? list them all", "list"),
    ("Looking for work on making a portrait talk from a speech track. What's in here?", "list"),
    ("speculative decoding or LLM quantization, anything relevant?", "list"),
    # controls: one paper's detail, asked the same ways
    ("Is there anything about its runtime?", "detail"),
    ("Who proposed the Diffusion Planner?", "detail"),
])
def test_asking_the_collection_itself_asks_for_papers(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


def test_a_purpose_clause_names_no_domain_of_the_work_asked_for() -> None:
    abstracts = ["We propose CyberHost, an audio-driven talking body generation framework for "
                 "half-body animation of a portrait"]
    hits = [hit(text, "CyberHost") for text in abstracts]
    question = ("I need work on animating a portrait or half-body person so that the video moves "
                "in sync with a speech track. Anything relevant?")
    assert not applied_nowhere(question, hits)
    # control: a domain no abstract speaks of
    assert applied_nowhere("Is there work on talking-head animation for sign language?", hits)


@pytest.mark.parametrize(("question", "offered"), [
    ("Was the dataset SIMPL was applied to recorded from rats or from mice?", {"rat", "mice"}),
    ("Was it recorded in rats or mice?", {"rat", "mice"}),
    # control: alternatives inside the topic ask no choice
    ("How does adding or subtracting weight differences change a model?", set()),
])
def test_alternatives_may_repeat_their_preposition(question: str, offered: set[str]) -> None:
    assert offered_words(question) == offered


@pytest.mark.parametrize(("question", "asks_for"), [
    ("Where geographically were those recorded?", "place"),
    ("nutribench source countries", "place"),
    ("Diffusion Planner delivery dataset location", "place"),
    # controls: a place word that is not what is asked
    ("How many countries' regulations does AIR-BENCH 2024 cover, and which?", "quantity"),
    ("Where does the speed-up of AttriBoT come from?", None),
])
def test_a_place_asked_in_other_words(question: str, asks_for: str | None) -> None:
    assert analyse(question).asks_for == asks_for


@pytest.mark.parametrize(("sentence", "found"), [
    ("It is not only a way to accelerate training but can also improve data quality.", "yes"),
    ("It is not just faster: it also improves data quality.", "yes"),
    # control: a plain denial
    ("It does not improve data quality.", "no"),
])
def test_not_only_grants_what_follows(sentence: str, found: str) -> None:
    assert verdict("Can the selection improve data quality?", sentence) == found


@pytest.mark.parametrize("question", [
    "SSL as system identification in latent space: which dynamics classes are covered?",
    "Which feedback modalities does that model of human feedback accommodate?",
])
def test_words_classing_the_thing_asked_need_not_be_said(question: str) -> None:
    hits = [hit("We show that SSL can perform system identification in latent space. It can "
                "identify linear, switching linear and non-linear dynamics. For cardinal and "
                "dueling feedback we present two methods", "DCL")]
    assert alike_answer(question, hits).answerable


@pytest.mark.parametrize(("question", "phrases"), [
    ("who else works on mechanistic interpretability of transformers (circuits, activation "
     "patching, SAEs)?", ["activation patching"]),
    ("mech interp on transformers: circuits / SAEs / activation patching",
     ["activation patching"]),
    ("papers that look inside LLMs - circuits, attention heads, activation patching",
     ["attention heads", "activation patching"]),
    ("work on tree search, such as Monte Carlo tree search or beam search?",
     ["Monte Carlo tree search", "beam search"]),
    # controls: no list of examples
    ("What is X: a method for tree search?", []),
    ("Which papers use mechanistic interpretability?", []),
])
def test_the_phrases_a_question_gives_as_examples(question: str, phrases: list[str]) -> None:
    assert example_phrases(question) == phrases


@pytest.mark.parametrize(("question", "counted"), [
    ("How many distinct houses/indoor layouts were the trajectories recorded in?",
     {"houses", "layouts", "environments"}),
    ("How many GPUs/TPUs were used?", {"gpus", "tpus"}),
])
def test_things_counted_with_a_slash_are_either(question: str, counted: set[str]) -> None:
    assert counted <= set(counted_words(question))


def test_only_the_first_slash_is_read_so_many_slashes_cost_one_reading() -> None:
    # each slash read in turn would read the question twice more: 2 ** 600 readings of a
    # 2,000-character question of slashes
    assert counted_words("How many GPUs/TPUs were used on CPUs/NPUs?") == ["gpus", "tpus"]
    assert counted_words("how many " + "a/b " * 600) == []


@pytest.mark.parametrize(("question", "asks_for"), [
    ("Give me the percentage cut in training time relative to AdamW for SOAP.", "quantity"),
    # control: the training time itself
    ("What is the training time of SOAP?", "training_time"),
])
def test_a_cut_in_training_time_is_a_figure(question: str, asks_for: str) -> None:
    assert analyse(question).asks_for == asks_for
