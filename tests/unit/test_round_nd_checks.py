"""Checker rules from this stop's dev batches (last stop's held-out yo and the fresh yr): a
rate in big-O notation must be the abstract's, however it is written, and one more antonym
pair ("narrow" / "wide")."""

from __future__ import annotations

import pytest

from rag.claims import check_rates, rates_in
from rag.polarity import check_polarity

_PG = ("Our analysis shows that the policy gradient iterates converge to the optimal policy at "
       "a sublinear rate of $O(\\frac{1}{T})$, where $T$ represents the number of iterations.")
_BANDIT = ("These algorithms achieve the minimax optimal regret of order "
           "$\\tilde{\\mathcal{O}}(d\\sqrt{T})$ for a $T$-period decision-making scenario.")


@pytest.mark.parametrize(("claim", "paper"), [
    ("The iterates converge at a sublinear O(1/√T) rate in the number of iterations T [1].", _PG),
    ("They converge at a rate of O(1/sqrt(T)) [1].", _PG),
    ("The regret is of order O(d T) [1].", _BANDIT),
])
def test_a_rate_the_abstract_does_not_state_is_flagged(claim: str, paper: str) -> None:
    assert check_rates(claim, paper)


@pytest.mark.parametrize(("claim", "paper"), [
    ("The iterates converge at a sublinear O(1/T) rate [1].", _PG),
    ("The regret is of order O(d√T) [1].", _BANDIT),
    ("It matches GPT-4O (the strongest baseline) [1].", _PG),  # no rate: a name's letter
])
def test_the_abstracts_rate_in_other_notation_is_not(claim: str, paper: str) -> None:
    # controls: LaTeX, a root sign and "sqrt" are one notation
    assert check_rates(claim, paper) is None


def test_rates_are_read_one_way() -> None:
    assert rates_in("$\\mathcal{O}({1}/{\\sqrt{T}})$") == rates_in("O(1/sqrt(T))") == {"o(1/√t)"}


_RKHS = ("Our findings reveal that RKHS policies suffer from high policy gradient variance, "
         "especially when using a wide-bandwidth kernel.")


@pytest.mark.parametrize(("claim", "evidence"), [
    ("RKHS policies suffer from high variance, especially with a narrow-bandwidth kernel [1].",
     _RKHS),
])
def test_a_reversed_degree_is_flagged(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence, (), evidence)


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The variance is high, especially with a wide-bandwidth kernel [1].", _RKHS),
])
def test_the_same_degree_is_not(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence, (), evidence) is None
