"""Rules from the lr dev batch (held out last stop) and the checker's antonyms of this stop:
a maker's possessive, acronyms written out, joined hyphens, savings as quantities, rankings by
a hyphenated word's parts."""

from __future__ import annotations

import pytest

from paperwise.types import Hit, Paper
from rag.evidence import _ranks_on
from rag.figures import numbers_near
from rag.measures import measure_qualifiers
from rag.names import missing_names
from rag.polarity import check_polarity
from rag.query import analyse


def _hit(abstract: str, title: str = "X") -> Hit:
    return Hit(paper=Paper(id=title, title=title, source="s.txt", position=1, abstract=abstract),
               text=abstract, score=1.0)


def test_a_maker_before_any_named_model_is_not_needed() -> None:
    hits = [_hit("Training Claude Opus cost 90 million USD in 2024.", "CostX")]
    assert missing_names("What did CostX say Anthropic's Claude Opus cost to train?", hits) == []
    # the model itself is still needed
    assert missing_names("What did Anthropic's Haiku cost to train?", hits) == ["Haiku"]


def test_an_acronym_of_four_letters_or_more_may_be_written_out() -> None:
    hits = [_hit("We bound the mean absolute percentage error of the forecasts.", "FcX")]
    assert missing_names("FcX MAPE bound?", hits) == []
    # three initials run by chance too often to count
    assert missing_names("FcX MAP bound?", [_hit("We model all pairs.", "FcX")]) == ["MAP"]


@pytest.mark.parametrize(("sentence", "asked"), [
    ("It gives a 3.5× speedup on long inputs.", "speed-up"),
    ("It gives a 3.5× speed-up on long inputs.", "speedup"),
    ("A 2× drop in run-time on GPUs.", "runtime"),
])
def test_a_hyphenated_measure_is_its_joined_form(sentence: str, asked: str) -> None:
    assert numbers_near(sentence, {asked}, 4, 4)


def test_what_computation_saves_is_a_quantity() -> None:
    assert analyse("how much computation does the cache save per query?").asks_for == "quantity"
    assert analyse("how much compute went into training it?").asks_for == "compute"


def test_a_ranking_is_on_the_parts_of_a_hyphenated_word() -> None:
    sentence = "Of the solvers tried, ours is most robust to out-of-distribution inputs."
    assert _ranks_on(sentence, {"distribution"})
    assert not _ranks_on("It sits in the lowest tier of the taxonomy.", {"refusal", "rate"})


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Sharper minima made the policies more robust.",
     "Flatter minima made the policies more robust."),
    ("The gate prevents early exits for easy tokens.",
     "The gate enables early exits for easy tokens."),
    ("The module replaces the language model in planning.",
     "The module complements the language model in planning."),
])
def test_general_antonyms_of_method_descriptions_reverse(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence) is not None
    assert check_polarity(evidence, evidence) is None


def test_a_polite_request_is_no_yes_no_question() -> None:
    assert not analyse("Can you list the 8 simulators used in SPA's evaluation?").yes_no
    assert not analyse("Could you please name the datasets HELM uses?").yes_no
    assert analyse("Can SPA run on a real robot?").yes_no


@pytest.mark.parametrize(("question", "qualifiers"), [
    ("heartlang ecg vocab size?", {"vocab"}),
    ("soap batch size", {"batch"}),
    ("what batch size did SOAP use?", {"batch"}),
    ("nutribench dataset size", set()),
])
def test_a_typed_measure_is_qualified_by_the_word_before_it(question: str,
                                                            qualifiers: set[str]) -> None:
    assert measure_qualifiers(question) == qualifiers


def test_a_collections_size_is_any_count_of_it() -> None:
    assert analyse("nutribench dataset size").size_only
    assert analyse("What is the benchmark size of AIR 2024?").size_only
    assert not analyse("what batch size did SOAP use?").size_only


def test_a_pools_size_is_any_count_of_it() -> None:
    assert measure_qualifiers("metaood candidate detector pool size") == set()
    assert analyse("metaood candidate detector pool size").size_only
