"""Polarity checks added for issue 12, on real abstract sentences (data/): a reversal inside one
clause of a long claim is caught, and a relative clause or a negated aside is not misread."""

from __future__ import annotations

import pytest

from rag.polarity import check_polarity, check_reversal

RESKPN = ("Furthermore, inspired by the advantage functions, we introduce a residual layer that "
          "further stabilizes the training process by significantly reducing gradient variance "
          "in RKHS.")
RESKPN_PROBLEM = ("In this work, we conduct a comprehensive analysis of the significant "
                  "instability in RKHS policies and reveal that the variance of the policy "
                  "gradient increases substantially when a wide-bandwidth kernel is employed.")
CSA = ("Experiments show that CSA outperforms CLIP while requiring 50,000x fewer multimodal "
       "data pairs to bridge the modalities given pre-trained unimodal encoders on ImageNet "
       "classification and misinformative news caption detection.")
DATASEL = ("Notably, our method effectively removes noisy or damaged samples from the dataset, "
           "enabling it to achieve even higher performance with less data.")
HYPOGEN = ("The proposed hypernetwork learns to synthesize optimal policy parameters solely from "
           "task specifications -- without accessing training data -- by modeling policy "
           "generation as an approximation of the optimization process executed over a finite "
           "number of steps and assuming these specifications serve as a sufficient "
           "representation of the demonstration data.")
MDP = ("Performance bounds for discounted reward MDPs cannot be easily extended to average "
       "reward MDPs as the bounds grow proportional to the fifth power of the effective horizon.")

# Long claims joining several facts, each reversing one of them in a later clause.
REVERSED_IN_A_CLAUSE = [
    ("The gain comes from combining RKHS policy learning with representation learning and "
     "adding a residual layer that substantially raises gradient variance.", RESKPN),
    ("ResKPN learns RKHS policies together with representations of the observations, and its "
     "residual layer increases the variance of the gradient.", RESKPN),
    ("Built on two unimodal encoders and a cubic-complexity decomposition, CSA beats CLIP on "
     "ImageNet and news caption detection, but it needs far more multimodal data pairs.", CSA),
    ("On misinformative news caption detection and ImageNet classification, CSA lags behind "
     "CLIP, while requiring fewer multimodal data pairs.", CSA),
    ("Using CLIP's multimodal knowledge through three modules, the framework removes noisy or "
     "damaged samples, so it reaches lower performance with less data.", DATASEL),
]
# Faithful claims the clause-wise check must leave alone.
FAITHFUL = [
    ("The gain comes from combining RKHS policy learning with representation learning and "
     "adding a residual layer that substantially lowers gradient variance.", RESKPN),
    ("A residual layer, inspired by advantage functions, stabilizes training and reduces the "
     "gradient variance in RKHS.", RESKPN),
    ("Built on two unimodal encoders, CSA beats CLIP on ImageNet and news caption detection, "
     "and it needs 50,000 times fewer multimodal data pairs.", CSA),
    ("Because it removes noisy or damaged samples, it reaches even higher performance with "
     "less data, which suggests it improves overall data quality.", DATASEL),
    # A negated aside ("without accessing training data") the claim does not speak of.
    ("Its optimization-biased hypernetwork synthesizes policy parameters solely from task "
     "specifications, which are assumed to represent the demonstration data sufficiently.",
     HYPOGEN),
    ("HyPoGen builds policy parameters from task specifications alone, treating them as a "
     "sufficient stand-in for the demonstration data.", HYPOGEN),
    ("Bounds for discounted-reward MDPs cannot easily be carried over to average-reward MDPs, "
     "since they grow with the fifth power of the effective horizon.", MDP),
]


@pytest.mark.parametrize(("claim", "evidence"), REVERSED_IN_A_CLAUSE)
def test_a_reversal_in_one_clause_of_a_long_claim_is_caught(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence) is not None


@pytest.mark.parametrize(("claim", "evidence"), FAITHFUL)
def test_faithful_long_claims_pass(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence) is None


def test_the_sentence_sharing_most_words_decides() -> None:
    """"lowers gradient variance" agrees with the residual-layer sentence; the sentence saying
    the variance "increases" speaks of the kernel, not of the residual layer."""
    claim = FAITHFUL[0][0]
    assert check_reversal(claim, [RESKPN_PROBLEM, RESKPN]) is None
    assert check_reversal(REVERSED_IN_A_CLAUSE[0][0], [RESKPN_PROBLEM, RESKPN]) == (
        "says 'raises' where the abstract says 'reducing'")


def test_a_bare_negation_is_judged_only_against_the_closest_sentence() -> None:
    flipped = ("Bounds for discounted-reward MDPs can easily be extended to average-reward MDPs, "
               "as they grow with the fifth power of the effective horizon.")
    assert check_reversal(flipped, [MDP]) == "negates what the abstract says"
    assert check_reversal(flipped, [RESKPN, MDP]) is None


def test_no_evidence_or_not_english_passes() -> None:
    assert check_reversal(FAITHFUL[0][0], []) is None
    assert check_reversal("残差层显著增加了梯度方差。", [RESKPN]) is None


LASER = ("Experiments show that the method is reliable and scalable, and that it performs well "
         "on unseen clients while simplifying deployment.")
TRACTABLE = "The resulting estimator is unbiased and the optimization stays tractable."


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The method is unreliable and scalable, performing well on unseen clients.", LASER),
    ("The method performs poorly on unseen clients.", LASER),
    ("It complicates deployment while performing well on unseen clients.", LASER),
    ("The resulting estimator is biased.", TRACTABLE),
    ("The estimator is unbiased, but the optimization becomes intractable.", TRACTABLE),
])
def test_more_general_antonyms_are_read(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence) is not None


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The method is reliable, scales, and works well for unseen clients.", LASER),
    ("Deployment gets simpler and unseen clients are handled well.", LASER),
    ("The estimator has no bias and the optimization remains tractable.", TRACTABLE),
])
def test_their_paraphrases_pass(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence) is None


SEARCH_COT = ("We also find that performing search in-context (i.e., chain-of-thought) does not "
              "resolve this inability to learn to search on larger graphs.")


@pytest.mark.parametrize("claim", [
    "Searching in-context with chain-of-thought fixes this inability to learn search on larger "
    "graphs.",
    "Chain-of-thought search in context solves the inability to learn to search on larger "
    "graphs.",
    "Learning gets harder as graphs grow, and in-context search with chain-of-thought does "
    "overcome this inability to learn search on larger graphs.",
])
def test_a_dropped_negation_is_caught_through_a_synonym(claim: str) -> None:
    assert check_polarity(claim, SEARCH_COT) == "negates what the abstract says"


@pytest.mark.parametrize("claim", [
    "Chain-of-thought search in context does not fix this inability to learn search on larger "
    "graphs.",
    "Searching in-context via chain-of-thought fails to overcome the inability to learn to "
    "search on larger graphs.",
    "Learning gets harder as graphs grow, and in-context search with chain-of-thought cannot "
    "fix this inability to learn search on larger graphs.",
])
def test_a_kept_negation_passes_through_a_synonym(claim: str) -> None:
    assert check_polarity(claim, SEARCH_COT) is None
