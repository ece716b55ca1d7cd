"""Checker rules from this stop's dev batches (last stop's held-out ye, fresh yh): a claim
choosing, by "A rather than B", what its abstract never says over what it says, and a fixed
quantity said to grow. The flagged cases are dev rows 6bf11e9 let pass, shortened."""

from __future__ import annotations

import pytest

from rag.comparisons import check_chosen_over
from rag.polarity import check_polarity

_MCQA = ("We employ vocabulary projection and activation patching methods to localize key hidden "
         "states. We find that prediction of a specific answer symbol is causally attributed to a "
         "few middle layers, and specifically their multi-head self-attention mechanisms.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Predicting the answer symbol is attributable to a few middle layers, specifically their "
     "feed-forward networks rather than self-attention [1].", True),
    # controls: the abstract's own choice, and a choice whose sides it both says
    ("Predicting the answer symbol is attributable to a few middle layers, specifically their "
     "self-attention rather than other parts [1].", False),
    ("The authors localize hidden states with activation patching rather than vocabulary "
     "projection alone [1].", False),
])
def test_choosing_what_the_abstract_never_says_over_what_it_says(claim: str,
                                                                 flagged: bool) -> None:
    assert (check_chosen_over(claim, _MCQA) is not None) is flagged


_FIXED = ("Additionally, it operates with a fixed embedding dimension of tokens (this dimension "
          "does not increase with precision) and a fixed number of heads (proportional to the "
          "dimension).")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("A single transformer handles any number of tokens, although its embedding dimension and "
     "number of heads must grow with the number of tokens [1].", True),
    # control: the abstract's own words
    ("It keeps a fixed embedding dimension and a fixed number of heads [1].", False),
])
def test_a_fixed_quantity_said_to_grow(claim: str, flagged: bool) -> None:
    assert (check_polarity(claim, _FIXED) is not None) is flagged
