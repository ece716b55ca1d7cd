"""Checker rules from this stop's dev batches (last stop's held-out yc, fresh yf): a claim
preferring what its abstract sets aside ("instead of R, P", "P rather than R", "P is more X
than R") while setting aside what it prefers, and two coordinated terms trading their first
words, a condition ending the claim whose words the abstract lacks, and a cost order given to
the other side of a comparison. The flagged cases are dev rows b65ed16 let pass, shortened."""

from __future__ import annotations

import pytest

from rag.citations import unbacked_tail
from rag.comparisons import check_preference
from rag.figure_order import swapped_cost_order
from rag.roles import check_crossed_terms

_ORDER = ("Pairwise prompts cannot distinguish direct from indirect effects. Therefore, instead "
          "of the graph, we propose that causal order be used as a more stable output interface "
          "for utilizing expert knowledge.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Pairwise prompts cannot separate direct from indirect effects, so the graph has been "
     "proposed as a more stable output interface than causal order [1].", True),
    ("Pairwise prompts cannot separate direct from indirect effects, which motivates using a "
     "full causal graph rather than just an order as the output interface [1].", True),
    # controls: the abstract's own preference, in either form
    ("Pairwise prompts cannot separate direct from indirect effects, so causal order has been "
     "proposed as a more stable output interface than the graph [1].", False),
    ("This motivates using causal order rather than a graph as the output interface [1].",
     False),
])
def test_a_preference_turned_round_is_flagged(claim: str, flagged: bool) -> None:
    assert (check_preference(claim, _ORDER) is not None) is flagged


def test_a_preference_the_abstract_does_not_state_is_not_judged() -> None:
    assert check_preference("SOAP is faster than Shampoo [1].", _ORDER) is None


_GEOX = ("We introduce unimodal pre-training to develop a diagram encoder and symbol decoder, "
         "enhancing the understanding of geometric images and corpora.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("GeoX uses unimodal pre-training to build a symbol encoder and a diagram decoder [1].",
     True),
    # controls: the abstract's pairing, and the two terms listed the other way round
    ("GeoX uses unimodal pre-training to build a diagram encoder and a symbol decoder [1].",
     False),
    ("GeoX builds a symbol decoder and a diagram encoder [1].", False),
])
def test_coordinated_terms_trading_first_words_are_flagged(claim: str, flagged: bool) -> None:
    assert (check_crossed_terms(claim, _GEOX) is not None) is flagged


@pytest.mark.parametrize(("claim", "flagged"), [
    ("HeartLang treats rhythms as words and heartbeats as sentences [1].", True),
    ("HeartLang treats heartbeats as words and rhythms as sentences [1].", False),
])
def test_roles_given_as_trading_places_are_flagged(claim: str, flagged: bool) -> None:
    abstract = ("We introduce a novel perspective on ECG signals, treating heartbeats as words and "
                "rhythms as sentences.")
    assert (check_crossed_terms(claim, abstract) is not None) is flagged


_PG = ("We present the first global convergence analysis of policy gradient for average reward "
       "MDPs. The iterates converge to the optimal policy at a sublinear rate of O(1/T).")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Policy gradient iterates approach the optimal policy at a sublinear O(1/T) rate under "
     "softmax parameterization [1].", True),
    ("The analysis runs on a single GPU [1].", True),
    # controls: a condition the abstract states, and one saying only which case
    ("Policy gradient converges at a sublinear rate for average reward MDPs [1].", False),
    ("The iterates converge to the optimal policy in the latter case [1].", False),
])
def test_a_condition_the_abstract_never_states_is_flagged(claim: str, flagged: bool) -> None:
    assert (unbacked_tail(claim, _PG) is not None) is flagged


_MASKING = ("We show how this can be made fully compatible with linear attention, preserving "
            "$\\mathcal{O}(N)$ time and space complexity. The fastest previous alternative was "
            "$\\mathcal{O}(N \\log N)$ and only suitable for specific graphs.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("This keeps O(N log N) time and space complexity, compared with O(N) for the fastest "
     "previous alternative [1].", True),
    # control: the abstract's sides
    ("This keeps O(N) time and space complexity, whereas the fastest previous alternative was "
     "O(N log N) [1].", False),
])
def test_a_cost_order_given_to_the_other_side_is_flagged(claim: str, flagged: bool) -> None:
    assert (swapped_cost_order(claim, _MASKING) is not None) is flagged
