"""Readings of negation and amount the fresh batch zf showed (issue 12): a negator the other
side answers with its own, a doubted belief, a contrast that sets a word aside, and an amount
turned from little to heavy. Each faithful wording beside the reversal it must still catch."""

from __future__ import annotations

import pytest

from rag.polarity import check_polarity, check_reversal

GMDP = ("To this end, we put forth a novel higher-dimension-prototype learning approach for "
        "KD-based IOD, enabling a more flexible, accurate, and fine-grained representation of "
        "feature distributions without the need to retain any previous task data.")
SAE_DOUBT = ("We cast doubt on this belief using two novel techniques: SAE stitching to show "
             "they are incomplete, and meta-SAEs to show they are not atomic.")
SAE_META = ("Using meta-SAEs - SAEs trained on the decoder matrix of another SAE - we find that "
            "latents in SAEs often decompose into combinations of latents from a smaller SAE, "
            "showing that larger SAE latents are not atomic.")
CURRICULUM = ("This curriculum is available only through the intermediate checkpoints but not "
              "the final converged one, and imparts both empirical acceleration and a provable "
              "sample complexity benefit to the student.")
SMC = ("By comparing to a number of alternatives and ablations on four challenging domains, we "
       "demonstrate that, with little overhead, our approach allows small open-source language "
       "models to outperform models over 8x larger.")


@pytest.mark.parametrize(("claim", "evidence"), [
    # "without retaining" answers "without the need to retain", though the antonym check read it
    ("GMDP gives a flexible, fine-grained representation of feature distributions without "
     "retaining any data from previous tasks.", GMDP),
    # the claim reports the belief the paper doubts; it does not assert it
    ("The paper casts doubt on the idea that SAEs yield a canonical, unique, and complete list "
     "of atomic features, using SAE stitching and meta-SAEs.", SAE_DOUBT),
    # "rather than" sets "converged" aside: neither said nor denied
    ("This curriculum is available only through the intermediate checkpoints rather than the "
     "final converged teacher, and it yields empirical acceleration and a provable sample "
     "complexity benefit.", CURRICULUM),
    ("With little overhead, the approach lets small open-source language models outperform "
     "models over 8x larger on four challenging domains.", SMC),
])
def test_faithful_readings_pass(claim: str, evidence: str) -> None:
    assert check_reversal(claim, [evidence]) is None


@pytest.mark.parametrize(("claim", "evidence"), [
    ("GMDP gives a fine-grained representation of feature distributions by retaining the data "
     "from previous tasks.", GMDP),
    ("Meta-SAEs show that larger SAE latents are atomic.", SAE_META),
    ("This curriculum is available through the final converged teacher, and it yields "
     "empirical acceleration and a provable sample complexity benefit.", CURRICULUM),
    ("On four challenging domains the approach lets small open-source language models "
     "outperform models over 8x larger, but at a heavy computational overhead.", SMC),
])
def test_the_reversals_beside_them_are_caught(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence) or check_reversal(claim, [evidence])


MTSAM = ("MTSAM modifies SAM's architecture by removing the prompt encoder and implementing "
         "task-specific no-mask embeddings and mask decoders, enabling the generation of "
         "task-specific outputs.")
COURSE = ("The course-corrected algorithms achieve the minimax optimal regret for a T-period "
          "decision-making scenario, effectively maintaining the desirable attributes of the "
          "base algorithms, including their empirical efficacy.")


@pytest.mark.parametrize("claim", [
    "MTSAM adapts SAM to multi-task learning without removing its prompt encoder, adding "
    "task-specific no-mask embeddings and mask decoders.",
    "The course-corrected algorithms reach minimax optimal regret but do not keep the base "
    "algorithms' empirical efficacy.",
    "The course-corrected algorithms never retain the empirical efficacy of the base "
    "algorithms.",
])
def test_a_claim_denying_the_verb_its_evidence_asserts_is_caught(claim: str) -> None:
    evidence = MTSAM if "MTSAM" in claim else COURSE
    assert check_reversal(claim, [evidence]) is not None


@pytest.mark.parametrize("claim", [
    "MTSAM removes SAM's prompt encoder and adds task-specific no-mask embeddings and mask "
    "decoders.",
    "The course-corrected algorithms do not lose the base algorithms' empirical efficacy.",
    "MTSAM adapts SAM without retraining the prompt encoder or its mask decoders.",
])
def test_a_claim_keeping_the_verb_or_denying_its_antonym_passes(claim: str) -> None:
    evidence = MTSAM if "MTSAM" in claim else COURSE
    assert check_reversal(claim, [evidence]) is None


def test_a_denial_the_evidence_makes_implicitly_or_the_abstract_makes_elsewhere_passes() -> None:
    inability = ("We focus on one core difficulty of stable training: the inability of learned "
                 "value functions to generalize to unobserved on-policy actions.")
    assert check_reversal("Learned value functions fail to generalize to unobserved on-policy "
                          "actions.", [inability]) is None
    invariant = "Db-TSW is a novel metric that is invariant under Euclidean transformations."
    earlier = "The metric of TSW-SL is not invariant under Euclidean transformations."
    claim = "In TSW-SL the resulting metric is not invariant under Euclidean transformations."
    assert check_reversal(claim, [invariant, earlier],
                          paper_text=f"{earlier} {invariant}") is None
    assert check_reversal(claim, [invariant], paper_text=invariant) is not None
    modeling = ("We demonstrate the importance of modeling the temporal nature of the label "
                "noise function and how existing methods will consistently underperform.")
    assert check_reversal("Methods that do not model this temporal structure do consistently "
                          "worse, whereas classifiers trained with an estimated time-dependent "
                          "noise function reach state-of-the-art performance.", [modeling]) is None


def test_a_failure_restated_as_sufficiency_is_caught() -> None:
    evidence = ("For dueling feedback, we show that a naive reduction to cardinal feedback fails "
                "to achieve sublinear dueling regret.")
    assert check_reversal("For dueling feedback, naively reducing it to cardinal feedback is "
                          "sufficient to achieve sublinear dueling regret.", [evidence])
    assert check_reversal("For dueling feedback, naively reducing it to cardinal feedback is "
                          "insufficient to achieve sublinear dueling regret.", [evidence]) is None
