"""Checker rules from this stop's dev batches (last stop's held-out ya, fresh yd): a drawback
added in a concession the cited abstract never speaks of, and a benefit denied where the
abstract states one. Each case is a claim against the
abstract it cites, flagged or not (controls); the flagged cases are dev rows aba5d00 let
pass, shortened."""

from __future__ import annotations

import pytest

from rag.drawbacks import check_added_drawback, check_denied_benefit

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


_DEEPER = ("We show that deepening the safety alignment beyond just the first few tokens can "
           "meaningfully improve robustness against some common exploits.")
_METAOOD = ("MetaOOD significantly outperforms existing methods on 24 dataset pairs and adds "
            "only marginal time overhead.")


@pytest.mark.parametrize(("claim", "abstract", "flagged"), [
    ("Deepening the alignment beyond the first few tokens adds little robustness against common "
     "exploits [1].", _DEEPER, True),
    ("Deepening safety alignment beyond the first few tokens leaves robustness against common "
     "exploits largely unchanged [1].", _DEEPER, True),
    # controls: the effect the abstract states, a cost called marginal, a null effect it states
    ("Deepening the alignment beyond the first few tokens improves robustness against common "
     "exploits [1].", _DEEPER, False),
    ("MetaOOD significantly outperforms existing methods with only marginal time overhead [1].",
     _METAOOD, False),
    ("Deepening the alignment adds little robustness against exploits [1].",
     "Deepening the alignment does not improve robustness against exploits.", False),
])
def test_a_benefit_denied_is_flagged(claim: str, abstract: str, flagged: bool) -> None:
    assert bool(check_denied_benefit(claim, abstract)) is flagged
