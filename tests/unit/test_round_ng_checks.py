"""Checker rules from this stop's dev batches (last stop's held-out yq and the fresh yt): a name
of one capital, a hyphen and a word ("P-wave", "Q-learning") is a name of its own, not a
capital cut from a word; a worse result stands against a comparable one."""

from __future__ import annotations

from rag.claim_names import check_names, names_in
from rag.polarity import check_polarity

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


_NUTRIBENCH = ("Additionally, we present a study involving professional nutritionists, finding "
               "that LLMs can provide comparable but significantly faster estimates.")


def test_a_worse_result_where_the_abstract_says_comparable_is_reversed() -> None:
    claim = ("In a study with professional nutritionists, the LLMs were markedly less accurate, "
             "though they produced their estimates significantly faster [1].")
    assert check_polarity(claim, _NUTRIBENCH) == "says 'less' where the abstract says 'comparable'"


def test_parity_restated_is_not_reversed() -> None:
    # controls: the same parity, and "less" of something else beside it
    assert check_polarity("With nutritionists, the LLMs gave estimates of comparable quality but "
                          "produced them significantly faster [1].", _NUTRIBENCH) is None
    assert check_polarity("LLMs give estimates comparable to nutritionists while taking less "
                          "time [1].", _NUTRIBENCH) is None
