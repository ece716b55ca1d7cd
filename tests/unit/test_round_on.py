"""Rules from this stop's dev batches (last stop's held-out ok and xl, the fresh oo, op and
xo): compute asked as a mass ("how much compute", "in terms of compute") counts nothing; one part
asked by "which component of X"; a name asked of four modifiers and a thing ("the specific
pretrained text-to-image diffusion checkpoint"), or as "the name of the language model"; papers
compared when counted "on" a topic; federated learning, audio-driven animation, weather
forecasting and certified robustness in a newcomer's words; evaluation and test sets as kinds
of benchmark; an "-ic" adjective heard by its noun; "two quick ones: A, and B"; a result told
against another leads "how do they stack up"; a proposal asked is led by the sentence proposing
it; a thing a clause specifies is a detail; names compared against are no answer; "besides X,
what Y"; and, in the citation check, "encourages" what the abstract "constrains"."""

from __future__ import annotations

import pytest

from paperwise.text import base_forms
from rag import cues
from rag.aliases import glossary_topics
from rag.answer_lines import results_first
from rag.asked import asked_thing
from rag.asking import enumerated_parts
from rag.cues import answer_shape
from rag.introduced import new_kinds
from rag.measures import counted_words
from rag.polarity import check_polarity
from rag.query import analyse
from rag.scored import ScoredSentence
from rag.spelling import absent_topic, unheard


@pytest.mark.parametrize("question", [
    "How much compute does training the strongest SPA model need?",
    "What does training the strongest SPA model need in terms of compute?",
])
def test_compute_asked_as_a_mass_counts_nothing(question: str) -> None:
    assert analyse(question).asks_for == "compute"
    assert not set(counted_words(question)) - cues.COMPUTE_MASS


def test_gpus_asked_by_count_are_still_counted() -> None:
    question = "How many GPUs did they train OLMoE on?"
    assert set(counted_words(question)) - cues.COMPUTE_MASS


@pytest.mark.parametrize(("question", "thing"), [
    ("Which component of CyberHost improves synthesis of critical local regions?", "component"),
    ("What module in CyberHost handles hands?", "module"),
    ("What are the key modules in X?", "module"),
])
def test_one_part_asked_by_which(question: str, thing: str) -> None:
    assert asked_thing(question) == thing


def test_a_part_removed_is_no_part_proposed() -> None:
    assert cues.PART_PROPOSED.search("Which module does GeoX propose to generate queries?")
    assert not cues.PART_PROPOSED.search("Which component of SAM does MTSAM remove?")


@pytest.mark.parametrize("question", [
    "Name the specific pretrained text-to-image diffusion checkpoint that DSPO was applied to.",
    "Tell me the name of the language model behind MetaOOD's embeddings.",
])
def test_names_asked_of_long_descriptions(question: str) -> None:
    assert analyse(question).asks_for == "name"


@pytest.mark.parametrize("question", [
    # a preposition or a kind among the four words: no thing's name asked
    "What older, simpler type of model did they find the stripped-down version equals?",
    "Which internal parts of a language model are responsible for picking the answer?",
    "I'd like to know what assumption on the regression model it needs.",
])
def test_four_words_with_a_preposition_ask_no_name(question: str) -> None:
    assert not cues.NAME_ASK.search(question)


def test_two_papers_counted_on_a_topic_are_compared() -> None:
    question = ("How do the two papers on getting less noisy estimates of an RL agent's "
                "expected return differ from each other?")
    assert cues.PAPERS_COMPARED.search(question)
    assert glossary_topics(question) == ("policy evaluation",)
    assert not cues.PAPERS_COMPARED.search("How do the papers differ on this?")


@pytest.mark.parametrize(("question", "term"), [
    ("What approaches are there for building a shared model across many phones or "
     "organisations that keep their data to themselves?", "federated learning"),
    ("Anything in here about making a person in a clip talk or gesture from a speech "
     "soundtrack alone?", "audio-driven human animation"),
    ("Summarize what these papers find about using neural networks to predict tomorrow's "
     "weather or longer-range climate variables.", "weather forecasting"),
    ("provable robustness certificates for vision classifiers, noise-based smoothing: which "
     "work?", "certified robustness"),
])
def test_a_topic_described_finds_its_field_term(question: str, term: str) -> None:
    assert term in glossary_topics(question)


@pytest.mark.parametrize("question", [
    "Which papers keep a model's weights small?",  # no data kept to themselves
    "Is there work on making a person look older in photos?",  # no speech
    "Which papers predict the next token?",  # nothing of the weather
])
def test_other_descriptions_name_no_such_term(question: str) -> None:
    assert not {"federated learning", "audio-driven human animation",
                "weather forecasting"} & set(glossary_topics(question))


def test_weather_told_in_a_newcomers_words_is_absent() -> None:
    question = ("Summarize what these papers find about using neural networks to predict "
                "tomorrow's weather or longer-range climate variables.")
    assert absent_topic(question, lambda word: word != "weather", lambda prefix: False) \
        == "weather forecasting"


def test_evaluation_sets_newly_released_are_benchmarks() -> None:
    question = ("I want all the newly released evaluation sets aimed at big text-generating AI "
                "systems, whatever the domain.")
    assert "benchmark" in new_kinds(question)
    assert cues.NEW_THINGS_LISTED.search(question)


def test_an_ic_adjective_is_heard_by_its_noun() -> None:
    assert "cycle" in base_forms("cyclic", derived=True)
    assert not unheard("cyclic", lambda word: False, lambda prefix: prefix.startswith("cycle"))
    # a noun heard only in an unrelated word's first letters still leaves it unheard
    assert unheard("seismic", lambda word: False, lambda prefix: prefix == "seis")


def test_two_quick_ones_are_asked_each() -> None:
    parts = enumerated_parts(
        "Two quick ones: the instruction-following benchmark where SPaR's self-play tuned model "
        "beats GPT-4-Turbo, and the open-world game environment where LS-Imagine shows its "
        "gains.")
    assert len(parts) == 2
    assert all(p.endswith("?") for p in parts)


@pytest.mark.parametrize("question", [
    "I need provable guarantees like the certificates randomized smoothing gives. Does any work "
    "in this collection propose or evaluate certified defenses of that kind?",
    "I need provable guarantees, for instance via randomized smoothing. Does any paper here "
    "address that?",
])
def test_an_asking_sentence_pointing_back_reads_the_scene(question: str) -> None:
    assert absent_topic(question, lambda word: word != "certified", lambda prefix: False) \
        == "certified robustness"


def test_an_asking_sentence_of_its_own_reads_itself() -> None:
    question = ("I read about randomized smoothing yesterday. Which papers study label noise "
                "in time series?")
    assert absent_topic(question, lambda word: word != "certified", lambda prefix: False) is None


def _sentence(text: str, index: int, score: float) -> ScoredSentence:
    return ScoredSentence(marker=1, index=index, text=text, score=score, similarity=score,
                          cover=frozenset())


def test_a_result_against_another_comes_first_when_judged() -> None:
    highlight = _sentence("Our work highlights the opportunities of using LLMs, demonstrating "
                          "their potential.", 5, 0.49)
    study = _sentence("Additionally, we present a study involving professional nutritionists, "
                      "finding that LLMs can provide comparable but significantly faster "
                      "estimates.", 4, 0.45)
    assert results_first([highlight, study])[0] is study


@pytest.mark.parametrize("question", [
    "nutribench: llm carb estimates vs human nutrition experts — how do they stack up?",
    "What did the NutriBench study find when it compared them?",
])
def test_findings_asked_are_judged(question: str) -> None:
    assert answer_shape.JUDGED_ASK.search(question)


@pytest.mark.parametrize(("question", "proposal"), [
    ("What prompting strategy is proposed instead of the pairwise prompt?", True),
    ("llm causal order elicitation: replacement for pairwise prompting?", True),
    ("Tell me the proposed alternative to asking an LLM about each pair of variables.", True),
    ("What problem does the pairwise prompt cause?", False),
    ("Which datasets were used to evaluate the triplet prompt?", False),
])
def test_a_proposal_asked(question: str, proposal: bool) -> None:
    assert bool(answer_shape.PROPOSAL_ASK.search(question)) is proposal


@pytest.mark.parametrize(("question", "shape"), [
    ("Describe the tokenizer that the HeartLang framework uses to produce its sentences.",
     "detail"),
    ("What is the loss that X minimizes?", "detail"),
    # the paper itself described: its summary
    ("What is the method that models pocket flexibility?", "summary"),
    ("Describe the approach that DSPO takes.", "summary"),
    ("What is SPA?", "summary"),
])
def test_a_thing_a_clause_specifies_is_a_detail(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


@pytest.mark.parametrize(("sentence", "compared"), [
    ("UniGS achieves leading results with remarkable improvements over previous SOTA, Uni3D, "
     "including on zero-shot classification.", ["Uni3D"]),
    ("Experiments show that CSA outperforms CLIP while requiring fewer pairs.", ["CLIP"]),
    ("We use CLIP as the image encoder.", []),
])
def test_names_compared_against(sentence: str, compared: list[str]) -> None:
    assert [m["name"] for m in cues.COMPARED_NAME.finditer(sentence)] == compared


def test_a_name_given_besides_the_one_asked() -> None:
    found = cues.BESIDES_NAMED.search("Besides nuPlan, what dataset is it evaluated on?")
    assert found is not None and found["name"] == "nuPlan"
    assert not cues.BESIDES_NAMED.search("Besides the synthetic setups, what data was used?")


def test_encouraging_what_the_abstract_constrains_is_reversed() -> None:
    evidence = ("We also design a regularized fine-tuning objective that makes the safety "
                "alignment more persistent against fine-tuning attacks by constraining updates "
                "on initial tokens.")
    assert check_polarity("They propose an objective that encourages larger updates on "
                          "initial tokens.", evidence)
    assert check_polarity("They propose an objective that constrains updates on initial "
                          "tokens.", evidence) is None
