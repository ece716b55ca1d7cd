"""Rules from this stop's dev batches (last stop's held-out on and xn, the fresh or, os and
xq): a part asked by "which part of X" and a part removed, told where a paper removes one; a
language model asked for, named where a sentence speaks of language models and not by the
benchmarks it lists; a model's name asked by request ("name the LLM behind ..."); two topics no
paper joins, asked in more shapes ("work on using A to speed up B", "how do A methods for B
compare", typed "A + B" or "A for B - any work?"); a request after a dash; one thing typed last
("kinetix agent rl algorithm?"); "what do the papers here say about X" as a list; and, in the
citation check, a word against its negated form inflected otherwise ("unconstrained" /
"constraining") and a verb asserted that the abstract negates by "without" ("requires
modifying" / "without requiring any modifications")."""

from __future__ import annotations

import pytest

from paperwise.types import Hit, Paper
from rag.aliases import glossary_topics
from rag.ask_kind import ask_kind
from rag.asked import asked_thing, removes_part
from rag.asking import as_question
from rag.cues import answer_shape
from rag.evidence import ScoredSentence, find_evidence, naming_first
from rag.figures import question_figures
from rag.listing import applied_nowhere
from rag.measures import counted_words
from rag.polarity import check_reversal
from rag.query import analyse


def _hits(sentences: list[str], title: str) -> list[Hit]:
    return [Hit(paper=Paper(id="p1", title=title, source="s.txt", position=1,
                            abstract=" ".join(sentences)), text=" ".join(sentences), score=1.0)]


def _found(question: str, sentences: list[str], title: str = "X") -> list[str]:
    pool = [ScoredSentence(1, i, s, 1.0 - i / 10) for i, s in enumerate(sentences)]
    return [s.text for s in find_evidence(pool, question, analyse(question),
                                          _hits(sentences, title))]


_MTSAM = ["We propose the Multi-Task SAM (MTSAM) framework for multi-task learning.",
          "MTSAM modifies SAM's architecture by removing the prompt encoder and adding "
          "task-specific mask decoders.",
          "We introduce Tensorized low-Rank Adaptation (ToRA) for multi-task fine-tuning."]


@pytest.mark.parametrize("question", [
    "Which part of SAM's architecture does MTSAM remove?",
    "I need to know which module is stripped out of SAM in MTSAM.",
    "Which component of SAM does MTSAM drop?",
])
def test_a_part_removed_is_told_where_a_paper_removes_one(question: str) -> None:
    assert removes_part(question, asked_thing(question))
    assert ask_kind(question) is None  # a part, not the architecture's name
    found = [ScoredSentence(1, i, s, 1.0 - i / 10) for i, s in enumerate(_MTSAM)
             if s in _found(question, _MTSAM, "MTSAM")]
    thing = asked_thing(question)
    assert thing is not None
    assert naming_first(found, question, thing, _hits(_MTSAM, "MTSAM"))[0].text == _MTSAM[1]


def test_a_part_proposed_is_not_one_removed() -> None:
    question = "Which module does GeoX propose to generate queries?"
    assert asked_thing(question) == "module"
    assert not removes_part(question, "module")
    assert not removes_part("Which datasets does X remove noise from?", asked_thing(
        "Which datasets does X remove noise from?"))


_GEOX = ["Experiments show that GeoX outperforms generalists on publicly recognized benchmarks, "
         "such as GeoQA, UniGeo, Geometry3K, and PGPS9k.",
         "We propose a Generator-And-Sampler Transformer (GS-Former) to generate queries."]


@pytest.mark.parametrize("question", [
    "Which language model serves as the backbone of GeoX?",
    "Tell me the name of the base LLM that GeoX is built on.",
])
def test_a_language_model_is_not_named_by_benchmarks_or_a_module(question: str) -> None:
    assert _found(question, _GEOX, "GeoX") == []


def test_a_language_model_named_is_found() -> None:
    sentences = ["We evaluate twelve Large Language Models (LLMs), including GPT-4o, Llama3.1 "
                 "and Qwen2, on NutriBench."]
    assert _found("Which LLMs were evaluated on NutriBench?", sentences, "NutriBench") == \
        sentences


def test_a_model_asked_is_not_a_listed_dataset() -> None:
    sentences = ["X is evaluated on datasets such as CIFAR-100 and ImageNet-R."]
    assert _found("Which model does X fine-tune?", sentences) == []


@pytest.mark.parametrize(("evidence", "claim", "faithful"), [
    # a word against its negated form inflected otherwise
    ("We design a regularized fine-tuning objective that makes the safety alignment more "
     "persistent against fine-tuning attacks by constraining updates on initial tokens.",
     "A regularized fine-tuning objective that leaves initial tokens unconstrained makes "
     "alignment more persistent against fine-tuning attacks.",
     "A regularized fine-tuning objective that constrains updates on the first tokens makes "
     "alignment more persistent against fine-tuning attacks."),
    # a verb asserted that the abstract negates by "without"
    ("Our method can be plugged in to virtually any existing continual learning approach "
     "without requiring any modifications to its training procedure.",
     "It can be added to virtually any continual learning approach, although this requires "
     "modifying that approach's training procedure.",
     "It can be added to virtually any continual learning approach without modifying its "
     "training procedure."),
])
def test_a_reversal_told_by_a_negated_form(evidence: str, claim: str, faithful: str) -> None:
    assert check_reversal(claim, [evidence], paper_text=evidence)
    assert check_reversal(faithful, [evidence], paper_text=evidence) is None



def _paper(abstract: str, title: str) -> Hit:
    return Hit(paper=Paper(id=title, title=title, source="s.txt", position=1, abstract=abstract),
               text=abstract, score=1.0)


_SPLIT_TOPICS = [_paper("We speed up LLM inference with speculative decoding.", "SpecX"),
                 _paper("An audio-driven diffusion model animates talking-body videos.", "Talk")]


@pytest.mark.parametrize("question", [
    "Is there work on using speculative decoding to speed up audio-driven talking-body video "
    "diffusion models?",
    "speculative decoding for audio-driven talking-body video generation - any work?",
    "speculative decoding + audio-driven talking-body video",
    "How do speculative decoding methods for audio-driven video diffusion compare?",
])
def test_two_topics_no_paper_joins_in_more_shapes(question: str) -> None:
    assert applied_nowhere(question, _SPLIT_TOPICS)
    joined = [*_SPLIT_TOPICS, _paper("We use speculative decoding to accelerate audio-driven "
                                     "talking-body video diffusion.", "Both")]
    assert not applied_nowhere(question, joined)  # control: one paper joins them


@pytest.mark.parametrize("question", [
    "papers on collaborative training where clients keep data local and only send model "
    "updates to a server",
    "Show me papers about choosing how to collect data so that estimating a policy needs "
    "fewer samples.",
    "Is MotherNet any good compared to standard methods for tabular classification?",
])
def test_a_purpose_or_a_comparison_is_no_second_topic(question: str) -> None:
    assert not applied_nowhere(question, [_paper("An unrelated abstract on graphs.", "G")])


def test_a_request_after_a_dash_is_read() -> None:
    question = ("I'm curious about the size of the transformer-based diffusion model for "
                "closed-loop driving planning — can you give me its number of parameters?")
    assert analyse(question).asks_for == "quantity"


@pytest.mark.parametrize(("question", "thing"), [
    ("kinetix agent rl algorithm?", "algorithm"),
    ("locovr vr headset device", "device"),
])
def test_one_thing_typed_last_is_asked(question: str, thing: str) -> None:
    assert asked_thing(question) == thing


@pytest.mark.parametrize("question", [
    "Name the specific LLM behind the embeddings in MetaOOD.",
    "name of the LLM behind the embeddings in the meta-learning framework",
])
def test_a_model_named_by_request_asks_a_name(question: str) -> None:
    assert analyse(question).asks_for == "name"


def test_what_models_do_asks_no_name() -> None:
    assert analyse("What do language models learn from code?").asks_for is None


def test_a_claim_saying_both_words_reverses_nothing() -> None:
    evidence = "JEPT learns from a mix of demonstrations and unlabeled expert videos."
    claim = ("Labelling the actions in expert videos is costly, so JEPT learns from a mix of "
             "demonstrations and unlabeled expert videos.")
    assert check_reversal(claim, [evidence], paper_text=evidence) is None


@pytest.mark.parametrize(("question", "shape"), [
    ("What do the papers here say about federated learning?", "list"),
    ("What does the literature here say about speech recognition?", "list"),
    ("What do these abstracts report on hypernetworks?", "list"),
    ("What does the paper say about MotherNet?", "detail"),  # control: one paper
])
def test_what_the_collection_says_asks_for_every_paper(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


def test_figures_in_a_whose_clause_describe_the_subject() -> None:
    question = ("Tell me how many test prompts are in the safety evaluation set whose risk "
                "taxonomy was derived from 8 government regulations and 16 company policies.")
    assert question_figures(question) == {}
    assert question_figures("How many prompts does X hold at 8 regulations?") == {
        "8": "regulation"}  # control: a condition


@pytest.mark.parametrize(("question", "asked"), [
    ("Who would use NutriBench?", True),
    ("who's the target audience for NutriBench?", True),
    ("Which kinds of people stand to benefit from NutriBench?", True),
    ("Who wrote NutriBench?", False),
])
def test_users_asked(question: str, asked: bool) -> None:
    assert bool(answer_shape.USERS_ASK.search(question)) is asked


def test_users_told_by_whom_it_aids() -> None:
    assert answer_shape.USERS_TOLD.search("demonstrating their potential to aid professionals "
                                          "and laypersons")
    assert not answer_shape.USERS_TOLD.search("we present a study involving professional "
                                              "nutritionists")


@pytest.mark.parametrize(("question", "terms"), [
    ("approaches where one network generates or parameterizes the weights/distribution of "
     "another network", ("hypernetwork",)),
    ("papers where one neural net's output is itself another neural net?", ("hypernetwork",)),
    ("a model that directly writes out a second model's numbers", ("hypernetwork",)),
    ("the model's output is another representation of the input", ()),  # control
])
def test_a_hypernetwork_told_in_other_words(question: str, terms: tuple[str, ...]) -> None:
    assert glossary_topics(question) == terms


@pytest.mark.parametrize(("request_", "question"), [
    ("Tell me how much quicker the proxy technique is than exact leave-one-out.",
     "how much quicker is the proxy technique than exact leave-one-out."),
    ("tell me how big the benchmark is", "how big is the benchmark"),
    ("tell me how many prompts the benchmark has", "how many prompts the benchmark has"),
])
def test_an_embedded_how_question_is_read_in_question_order(request_: str, question: str) -> None:
    assert as_question(request_) == question


def test_a_request_counts_what_its_question_counts() -> None:
    assert "faster" in counted_words("Tell me how much quicker the proxy technique is than "
                                     "exact leave-one-out.")
