"""Checker rule from this stop's dev batches: a clause of a long claim is judged against the
sentence of the cited abstract it shares most words with, though the whole claim is closest to
others (an antonym only; not a clause holding a negation, nor one whose word another sentence
of the abstract says)."""

from __future__ import annotations

from rag.polarity import check_reversal

_CLOSEST = ["This paper introduces a theoretical framework that models client participation "
            "in FL as a Markov chain to study optimization convergence when clients have "
            "non-uniform and correlated participation across rounds."]
_WIDER = ("We theoretically prove and empirically observe that increasing minimum separation "
          "reduces the bias induced by intrinsic non-uniformity of client availability in "
          "cross-device FL systems.", *_CLOSEST)


def test_a_clause_is_judged_against_the_sentence_sharing_its_words() -> None:
    claim = ("One line of work models client participation as a Markov chain, and shows that "
             "increasing the minimum separation amplifies the bias induced by non-uniform "
             "client availability.")
    assert check_reversal(claim, _CLOSEST) is None  # the closest sentence alone cannot see it
    assert "amplifies" in (check_reversal(claim, _CLOSEST, wider=_WIDER) or "")
    # control: the faithful clause passes
    faithful = claim.replace("amplifies", "reduces")
    assert check_reversal(faithful, _CLOSEST, wider=_WIDER) is None


def test_a_clause_whose_word_the_abstract_says_elsewhere_is_left_alone() -> None:
    closest = ["SOAP mitigates this degradation by continually updating the running average of "
               "the second moment, just as Adam does, but in the current coordinate basis."]
    wider = ("With regards to improving Shampoo's computational efficiency, the most "
             "straightforward approach would be to simply compute Shampoo's eigendecomposition "
             "less frequently.", *closest)
    claim = ("SOAP runs Adam in the rotated basis, continually updating the second-moment "
             "average, which mitigates the degradation seen when Shampoo's eigendecomposition "
             "is computed less frequently.")
    assert check_reversal(claim, closest, wider=wider) is None
