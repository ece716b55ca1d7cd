"""Swapped roles between two contrasted terms (rag/roles.py)."""

from __future__ import annotations

import pytest

from rag.roles import check_roles, contrasted_terms

ABSTRACT = ("We study two-stage policies. The first-stage policy is learned with a policy-based "
            "approach, while the second-stage policy is derived from a regression-based model "
            "inside each cluster.")


def test_modifiers_of_one_head_and_hyphenated_words_ending_alike_are_contrasted() -> None:
    terms = contrasted_terms([["local", "features", "and"], ["global", "features"],
                              ["block-wise", "or", "entry-wise", "sparsity"]])
    assert ("global", "local", "features") in terms
    assert ("block-wise", "entry-wise", "wise") in terms


@pytest.mark.parametrize("claim", [
    "The first-stage policy is derived from a regression-based model inside each cluster, "
    "while the second-stage policy is learned with a policy-based approach.",
    "A second-stage policy is learned with a policy-based approach, and a first-stage policy "
    "is derived from a regression-based model inside each cluster.",
])
def test_terms_trading_their_clauses_are_swapped(claim: str) -> None:
    assert check_roles(claim, ABSTRACT) is not None


@pytest.mark.parametrize("claim", [
    # the same roles, in another order and wording
    "The second-stage policy comes from a regression-based model inside each cluster, while "
    "the first-stage policy is learned with a policy-based approach.",
    # one term only: not judged
    "The first-stage policy is derived from a regression-based model inside each cluster.",
    # both terms in one clause: not judged
    "It uses first-stage and second-stage policies learned with regression.",
])
def test_roles_kept_or_not_both_placed_pass(claim: str) -> None:
    assert check_roles(claim, ABSTRACT) is None


def test_antonyms_named_in_two_clauses_are_contrasted() -> None:
    abstract = ("It keeps a heavy-tailed fat policy that learns from the dataset and a sparse "
                "thin policy that interacts with the environment.")
    swapped = ("A sparse thin policy learns from the dataset, and a heavy-tailed fat policy "
               "interacts with the environment.")
    kept = ("A heavy-tailed fat policy learns from the dataset, and a sparse thin policy "
            "interacts with the environment.")
    assert check_roles(swapped, abstract) is not None
    assert check_roles(kept, abstract) is None
