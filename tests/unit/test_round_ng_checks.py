"""Checker rules from this stop's dev batches (last stop's held-out yq and the fresh yt): a name
of one capital, a hyphen and a word ("P-wave", "Q-learning") is a name of its own, not a
capital cut from a word."""

from __future__ import annotations

from rag.claim_names import check_names, names_in

_HEARTLANG = ("We propose HeartLang, which treats heartbeats as words and rhythms as sentences. "
              "A QRS-Tokenizer turns raw ECG signals into semantically meaningful ECG sentences.")


def test_a_one_capital_hyphenated_name_is_checked() -> None:
    claim = "HeartLang uses a P-wave Tokenizer to turn raw ECG into ECG sentences [1]."
    assert "P-wave Tokenizer" in names_in(claim)
    assert check_names(claim, _HEARTLANG) == "name P-wave Tokenizer is not in the cited abstract"


def test_a_name_with_a_lower_case_suffix_still_names_its_head() -> None:
    # control: "SPaR-trained" names SPaR, as before
    assert names_in("SPaR-trained models improve") == ["SPaR"]
    assert check_names("HeartLang uses a QRS-Tokenizer [1].", _HEARTLANG) is None
