"""Display cleaning of the LaTeX and markdown that abstracts carry."""

import pytest

from paperwise.text import base_forms, clean_for_display


@pytest.mark.parametrize(("raw", "shown"), [
    (r"8$\times$ faster", "8× faster"),
    (r"a given response $30\times$ faster", "a given response 30× faster"),
    (r"40\% less memory", "40% less memory"),
    (r"we release \textit{code} and $\alpha$-nets", "we release code and α-nets"),
    ("a **bold** claim", "a bold claim"),
    # rates and orders as a reader writes them (issue 13: an answer showed "O(\frac{1}{T})")
    (r"a rate of O(\frac{1}{T}), where", "a rate of O(1/T), where"),
    (r"achieves a $\mathcal{O}({1}/{\sqrt{T}})$ rate", "achieves a O(1/√T) rate"),
    (r"regret of order $\tilde{\mathcal{O}}(d\sqrt{T})$", "regret of order O(d√T)"),
    (r"of order $\mathcal{O}(n^{-1/2})$ with", "of order O(n^(-1/2)) with"),
    (r"up to ~15\\% across", "up to ~15% across"),
    ("framed as _probabilistic conditioning_, but file_name_x stays", "framed as "
     "probabilistic conditioning, but file_name_x stays"),
    ("[Our system](https://github.com/probcomp/genlm-control) builds on it [1].",
     "Our system builds on it [1]."),
])
def test_latex_and_markdown_become_plain_text(raw: str, shown: str) -> None:
    assert clean_for_display(raw) == shown


def test_word_roots_match_derivations() -> None:
    from paperwise.text import word_root
    assert word_root("curated") == word_root("curation") == "curat"
    assert word_root("manually") == word_root("manual") == "manual"
    assert word_root("audited") == word_root("auditing") == "audit"
    assert word_root("data") == "data"  # four letters are kept


@pytest.mark.parametrize(("word", "base"), [
    ("reducing", "reduce"), ("lagged", "lag"), ("amplifies", "amplify"), ("improves", "improve")])
def test_base_forms_undo_inflections(word: str, base: str) -> None:
    assert base in base_forms(word)


def test_derivations_are_undone_only_when_asked() -> None:
    assert "quick" not in base_forms("quickly")
    assert "quick" in base_forms("quickly", derived=True)
    assert {"automate", "classify"} <= base_forms("automating", derived=True) | base_forms(
        "classifying", derived=True)
