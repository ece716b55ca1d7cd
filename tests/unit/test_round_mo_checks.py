"""Checker rule from this stop's dev batches (last stop's held-out ya, fresh yd): a drawback
added in a concession the cited abstract never speaks of. Each case is a claim against the
abstract it cites, flagged or not (controls); the flagged cases are dev rows aba5d00 let
pass, shortened."""

from __future__ import annotations

import pytest

from rag.drawbacks import check_added_drawback

_UTD = ("MAD-TD stabilizes high-UTD training. It achieves competitive performance on the "
        "hardest DeepMind control suite tasks and helps counter value overestimation.")
_LTL = ("It zero-shot satisfies a wide range of finite- and infinite-horizon specifications. It "
        "outperforms existing methods in satisfaction probability and efficiency.")
_LOOPY = ("Existing methods often add auxiliary spatial signals to stabilize movements, which "
          "compromise the naturalness and freedom of motion. Loopy is conditioned on audio "
          "alone.")
_TSW = ("The splitting maps focus solely on the position of the measure supports while "
        "disregarding the projecting domains.")


@pytest.mark.parametrize(("claim", "abstract", "flagged"), [
    ("This stabilizes high-UTD training, though it tends to worsen value overestimation [1].",
     _UTD, True),
    ("It satisfies a wide range of specifications with higher satisfaction probability than "
     "existing methods, albeit at lower efficiency [1].", _LTL, True),
    ("It improves accuracy by 19.3% with missing features, but the advantage vanishes once all "
     "features are observed [1].", "It improves accuracy by 19.3% with missing features and "
     "by 9.5% when all features are observed.", True),
    # controls: the abstract speaks of the drawback, in its own words
    ("Loopy drops the auxiliary spatial signals that earlier methods add to stabilize "
     "movement at the cost of naturalness [1].", _LOOPY, False),
    ("The splitting maps push measures onto tree systems but consider only the positions of "
     "the supports [1].", _TSW, False),
    ("This stabilizes high-UTD training and helps counter value overestimation [1].", _UTD,
     False),  # no concession
    ("It stabilizes training, though it also reaches competitive performance [1].", _UTD,
     False),  # a concession judging nothing badly
])
def test_a_drawback_added_in_a_concession_is_flagged(claim: str, abstract: str,
                                                     flagged: bool) -> None:
    assert bool(check_added_drawback(claim, abstract)) is flagged
