"""Checker rules from this stop's dev batches (last stop's held-out yk and the fresh yn): a
bound put on the other side ("sum to more than 1" where the abstract has "smaller than 1"), a
method likened to earlier work by "as earlier methods do", and an instrument the abstract
never names ("with a recurrent neural network")."""

from __future__ import annotations

from rag.avoided import likened_conflict
from rag.citations import unbacked_tail
from rag.figure_order import bound_conflict

_FEDLWS = ("A recent study identifies the global weight shrinking effect in FL, indicating an "
           "enhancement in the global model's generalization when the sum of weights (i.e., the "
           "shrinking factor) is smaller than 1.")


def test_a_bound_on_the_other_side_is_flagged() -> None:
    claim = ("The global model generalizes better when the aggregation weights sum to more than "
             "1 [1].")
    assert bound_conflict(claim, _FEDLWS) == "says above 1 where the abstract says below"


def test_a_bound_on_the_same_side_or_a_multiple_is_not() -> None:
    # controls: the same side; a multiple ("more than 2 times") is no bound
    assert bound_conflict("It generalizes better when the weights sum to less than 1 [1].",
                          _FEDLWS) is None
    assert bound_conflict("It is more than 1.5 times faster [1].",
                          "It is less than 1.5 times slower than the baseline.") is None


_AFLOW = ("Existing methods still require significant human effort for initial setup. We "
          "introduce AFLOW, an automated framework that explores this space using Monte Carlo "
          "Tree Search.")


def test_a_method_doing_as_earlier_methods_do_is_likened_to_them() -> None:
    claim = ("AFLOW searches over workflows with Monte Carlo Tree Search, starting from a "
             "manually set-up initial workflow as earlier methods do [1].")
    assert likened_conflict(claim, _AFLOW)


def test_what_earlier_methods_do_set_aside_is_no_likening() -> None:
    # control: "rather than X, as prior approaches do" says X is theirs
    claim = ("Rather than running a costly search for each constraint, as prior approaches do, "
             "AFLOW uses Monte Carlo Tree Search [1].")
    assert likened_conflict(claim, _AFLOW) is None


_NOISE = ("We then propose methods to train noise-tolerant classifiers by estimating the temporal "
          "label noise function directly from data.")


def test_an_instrument_the_abstract_never_names_is_outside() -> None:
    claim = ("They estimate the temporal noise function directly from the data with a recurrent "
             "neural network to train noise-tolerant classifiers [1].")
    assert unbacked_tail(claim, _NOISE) == ("adds what the abstract does not say: “with a "
                                            "recurrent neural network”")


def test_an_instrument_the_abstract_names_is_backed() -> None:
    # control: the means is the abstract's own
    claim = ("They train classifiers with a temporal noise function estimated from data, "
             "reaching strong results [1].")
    assert unbacked_tail(claim, _NOISE) is None
