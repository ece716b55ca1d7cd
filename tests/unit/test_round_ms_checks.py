"""Checker rules from this stop's dev batches (last stop's held-out ye, fresh yh): a claim
choosing, by "A rather than B", what its abstract never says over what it says, a fixed
quantity said to grow, and a thing said to be "already" so that the abstract says is lacking.
The flagged cases are dev rows 6bf11e9 let pass, shortened."""

from __future__ import annotations

import pytest

from rag.comparisons import check_chosen_over
from rag.drawbacks import check_granted_lack
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


_FAILURES = ("Our failure analysis points to a need for agents to better incorporate long-horizon "
             "feedback and to self-audit their reasoning during task execution.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("The failure analysis shows that agents already incorporate long-horizon feedback well "
     "[1].", True),
    # controls: the abstract's own need, and "already" of something it does not say is lacking
    ("The failure analysis shows that agents need to better incorporate long-horizon feedback "
     "[1].", False),
    ("Agents can already carry out individual experimental skills [1].", False),
])
def test_already_so_where_the_abstract_says_it_is_lacking(claim: str, flagged: bool) -> None:
    assert (check_granted_lack(claim, _FAILURES) is not None) is flagged
