"""Checker rules from this stop's dev batches (last stop's held-out ym and the fresh yp): a
claim that a thing must be done where the abstract says it is done without ("it has to
retrain the network" for "without having to retrain ... networks"), and an example the
abstract never names ("such as molecular biology and materials synthesis")."""

from __future__ import annotations

import pytest

from rag.avoided import avoided_conflict
from rag.citations import unbacked_tail

_LD3 = ("We propose LD3, a lightweight framework to learn the optimal time discretization for "
        "sampling. LD3 can be combined with various samplers and consistently improves "
        "generation quality without having to retrain resource-intensive neural networks.")


@pytest.mark.parametrize("claim", [
    "To do so it has to retrain the denoising network for each sampler it is combined with [1].",
    "LD3 must retrain the denoising network for every sampler it is combined with [1].",
    "LD3 requires retraining the networks of each sampler it is combined with [1].",
])
def test_a_claim_that_it_must_be_done_where_the_abstract_says_without_is_flagged(
        claim: str) -> None:
    assert avoided_conflict(claim, _LD3.split(". "), _LD3)


@pytest.mark.parametrize("claim", [
    "LD3 improves quality across samplers it is combined with, avoiding the need to retrain "
    "resource-intensive networks [1].",
    "LD3 is combined with various samplers and improves quality without retraining the "
    "networks [1].",
])
def test_a_claim_that_keeps_the_without_is_not(claim: str) -> None:
    # controls: the same fact in other words
    assert avoided_conflict(claim, _LD3.split(". "), _LD3) is None


_PROTOCOLS = ("We further develop a data-driven algorithm based on non-parametric modeling that "
              "autonomously customizes these representations for specific domains. The "
              "representation is equipped with machine designers to manage protocol design "
              "tasks, including planning, modification, and adjustment.")


def test_an_example_the_abstract_never_names_is_an_outside_fact() -> None:
    claim = ("A data-driven algorithm customizes these representations for specific domains "
             "such as molecular biology and materials synthesis [1].")
    assert unbacked_tail(claim, _PROTOCOLS)


def test_examples_the_abstract_names_are_not() -> None:
    # control: the abstract's own examples
    claim = ("Machine designers manage protocol design tasks such as planning, modification "
             "and adjustment [1].")
    assert unbacked_tail(claim, _PROTOCOLS) is None
