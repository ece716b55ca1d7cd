"""The sides of one predicative comparison crossed (rag/compared.py); the check runs on every
answer sentence through rag/citations.py."""

from __future__ import annotations

from rag.compared import check_compared_sides, check_contrasted_subjects

_RNA = ("Models with explicit geometry encoding generally outperform sequence-based models. On "
        "the other hand, geometry-unaware sequence-based models are more robust under "
        "sequencing noise but often require around 2-5x training data to match the performance "
        "of geometry-aware models.")


def test_the_subject_of_a_comparison_moved_to_its_other_side_is_caught() -> None:
    assert check_compared_sides("Geometry-aware models are, moreover, more robust under "
                                "sequencing noise than sequence models [1].", _RNA)
    assert check_compared_sides("Geometry-aware models, however, are more robust to sequencing "
                                "noise, though sequence-based models need more data.", _RNA)


def test_the_same_sides_are_kept() -> None:
    assert check_compared_sides("Sequence-based models are more robust under sequencing noise "
                                "than geometry-aware models [1].", _RNA) is None
    # "geometry-unaware" is not "geometry-aware": its first hyphen part alone does not match
    assert check_compared_sides("Geometry-unaware models are more robust under sequencing noise "
                                "than geometry-aware ones [1].", _RNA) is None


_DECODING = ("Small draft models are faster than the target model, while the target model is "
             "more accurate than any draft model.")


def test_other_comparatives_and_wordings() -> None:
    assert check_compared_sides("The target model is faster than small draft models.", _DECODING)
    assert check_compared_sides("Draft models were more accurate than the target model.",
                                _DECODING)
    assert check_compared_sides("Draft models are faster than the target model.",
                                _DECODING) is None
    # a comparative before a noun is no predicate: "larger models" is not read
    assert check_compared_sides("The target model uses larger draft models.", _DECODING) is None
    # not English: not read
    assert check_compared_sides("Le modèle cible est plus rapide que les petits modèles.",
                                _DECODING) is None


_ORDER = ("When querying a perfect expert with a pairwise prompt, we show that the inferred "
          "graph can have significant errors whereas the causal order is always correct.")
_CACHE = "A warm cache is fast but brittle, while a cold start is slow yet reliable."


def test_two_contrasted_subjects_given_each_others_predicates_are_caught() -> None:
    assert check_contrasted_subjects("A perfect expert always yields a correct graph, while the "
                                     "causal order it implies can contain significant errors.",
                                     _ORDER)
    assert check_contrasted_subjects("The cache is slow and reliable, whereas the start is fast "
                                     "and brittle.", "The cache is fast and brittle, whereas the "
                                     "start is slow and reliable.")


def test_contrasted_subjects_kept_in_place_pass() -> None:
    assert check_contrasted_subjects("The inferred graph may carry significant errors, while "
                                     "the causal order stays correct.", _ORDER) is None
    # one subject alone is not read here (a miss rather than a false alarm)
    assert check_contrasted_subjects("The causal order can contain significant errors.",
                                     _ORDER) is None
    assert check_contrasted_subjects("A warm cache is fast.", _CACHE) is None


def test_the_subject_alone_given_the_other_sides_predicate_is_caught() -> None:
    # "on the other hand" sets the clause against another and names nothing compared
    # (fresh dev batch xi, xi008x)
    assert check_compared_sides("Geometry-aware models, on the other hand, are more robust to "
                                "sequencing noise [1].", _RNA)
    assert check_compared_sides("Sequence-based models, on the other hand, are more robust to "
                                "sequencing noise [1].", _RNA) is None


_TRIPLET = ("By querying the expert with different auxiliary variables for the same variable "
            "pair, it also increases robustness---triplet method with much smaller models such "
            "as Phi-3 and Llama-3 8B outperforms a pairwise prompt with GPT-4.")


def test_a_verb_that_compares_with_its_sides_crossed_is_caught() -> None:
    # (fresh dev batch xi, xi006x)
    assert check_compared_sides("Notably, a pairwise prompt run with small models such as "
                                "Phi-3 and Llama-3 8B outperforms the triplet method with "
                                "GPT-4 [1].", _TRIPLET)
    assert check_compared_sides("Notably, the triplet method run with small models such as "
                                "Phi-3 and Llama-3 8B outperforms a pairwise prompt with "
                                "GPT-4 [1].", _TRIPLET) is None
    # a verb's subject left unsaid is not read as crossed
    assert check_compared_sides("It outperforms a pairwise prompt with GPT-4 [1].",
                                _TRIPLET) is None
