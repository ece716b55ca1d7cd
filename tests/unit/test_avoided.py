"""rag/avoided.py: a claim that uses what its abstract says is done without."""

import pytest

from rag.avoided import avoided_conflict, likened_conflict

RESETS = "Instead of periodic network parameter resets, MAD-TD augments off-policy training."


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Like earlier approaches, MAD-TD still depends on periodic network parameter resets.",
     RESETS),
    ("UniGS keeps point clouds as its 3D representation.",
     "UniGS replaces point clouds with 3D Gaussian Splatting."),
    ("It trains on several sources, which requires them to share a single vocabulary.",
     "It trains on several sources without requiring a shared vocabulary."),
    ("Label over-smoothing needs prior knowledge of the class distribution.",
     "It adjusts the logits without requiring prior knowledge of class distribution."),
])
def test_using_what_the_abstract_does_without_is_flagged(claim: str, evidence: str) -> None:
    assert avoided_conflict(claim, [evidence]) is not None


@pytest.mark.parametrize(("claim", "evidence"), [
    ("MAD-TD mixes in model data instead of periodic network parameter resets.", RESETS),
    ("Prior methods rely on periodic network parameter resets.", RESETS),
    ("MAD-TD does not depend on periodic network parameter resets.", RESETS),
    ("It keeps trajectory quality high without any rule-based refinement.",
     "It works without any rule-based refinement."),
    ("It stays cheap while keeping accuracy and interpretability.",
     "It is cheap without sacrificing accuracy or interpretability."),
    # "needs no X" uses none (fresh batch zf); "needs X" is still flagged above and below
    ("Label over-smoothing needs no prior knowledge of the class distribution.",
     "It adjusts the logits without requiring prior knowledge of class distribution."),
])
def test_faithful_wordings_pass(claim: str, evidence: str) -> None:
    assert avoided_conflict(claim, [evidence]) is None


def test_the_abstract_saying_it_uses_it_elsewhere_wins() -> None:
    paper = RESETS + " Later runs still depend on periodic network parameter resets."
    claim = "MAD-TD still depends on periodic network parameter resets."
    assert avoided_conflict(claim, [RESETS], paper_text=paper) is None


@pytest.mark.parametrize("claim", [
    "Like earlier approaches, MAD-TD still depends on periodic network parameter resets.",
    "Like many latent variable models, it is slow and scales poorly.",
    "It remains restricted to the same finite-horizon fragments as earlier work.",
])
def test_likening_the_method_to_earlier_work_is_flagged(claim: str) -> None:
    assert likened_conflict(claim, RESETS) is not None


@pytest.mark.parametrize(("claim", "paper"), [
    ("Unlike earlier approaches, MAD-TD needs no resets.", RESETS),
    ("The results look like those of earlier runs.", RESETS),
    ("Like prior work, it trains on model-generated data.",
     "Like prior work, we train on model-generated data."),
])
def test_unlike_or_a_likening_the_abstract_makes_passes(claim: str, paper: str) -> None:
    assert likened_conflict(claim, paper) is None


ANAPHORA = ("Earlier bounds need a lot of data. Recent methods make a strong convexity assumption "
            "that was never checked. We prove convergence without such an assumption.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("The proof rests on the strong convexity assumption of recent methods.", True),
    ("Convergence holds, but only under a strong convexity assumption.", True),
    # said of the recent methods, not of the proof
    ("Recent methods rely on a strong convexity assumption, which the proof avoids.", False),
    ("The proof needs no strong convexity assumption.", False),
])
def test_such_a_thing_stands_for_its_last_mention(claim: str, flagged: bool) -> None:
    evidence = "We prove convergence without such an assumption."
    assert (avoided_conflict(claim, [evidence], ANAPHORA) is not None) is flagged
