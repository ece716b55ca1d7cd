"""A claim ordering two settings against the figures its abstract states for them
(rag/figure_order.py): reversed orders are caught, faithful ones and unjudgeable ones pass."""

from __future__ import annotations

import pytest

from rag.figure_order import figure_order_conflict

ROBOTOUILLE = ["Our results show that ReAct (gpt-4o) achieves 47% on synchronous tasks but only "
               "11% on asynchronous tasks, highlighting significant room for improvement."]


@pytest.mark.parametrize("claim", [
    "ReAct with gpt-4o performs noticeably better on the asynchronous tasks than on the "
    "synchronous ones.",
    "ReAct scores higher in asynchronous settings than in synchronous ones.",
    "It does worse on synchronous tasks than on asynchronous tasks.",
])
def test_an_order_against_the_stated_figures_is_caught(claim: str) -> None:
    reason = figure_order_conflict(claim, ROBOTOUILLE)
    assert reason is not None and "47" in reason and "11" in reason


@pytest.mark.parametrize("claim", [
    "ReAct does far better on the synchronous tasks than on the asynchronous ones.",
    "It scores lower on asynchronous tasks than on synchronous tasks.",
    "ReAct reaches 47% on synchronous tasks.",  # no comparison
    "It does better on planning than on chess.",  # no figure for either
])
def test_an_order_the_figures_agree_with_or_do_not_give_passes(claim: str) -> None:
    assert figure_order_conflict(claim, ROBOTOUILLE) is None


def test_better_is_not_judged_where_less_is_better() -> None:
    errors = ["The error rate is 12% on clean inputs and 30% on noisy inputs."]
    assert figure_order_conflict("It does better on noisy inputs than on clean inputs.",
                                 errors) is None
    assert figure_order_conflict("Its error is higher on clean inputs than on noisy inputs.",
                                 errors) is not None
