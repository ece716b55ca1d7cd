"""Checker rules from this stop's dev batches (last stop's held-out yg, the fresh yj): a cause
turned round with its effect when either says it effect first ("B is driven by A", "B follows
from A"), and a comparative turned round although both of the abstract's sides share a word
("training an RL agent" / "fine-tuning this general agent")."""

from __future__ import annotations

from rag.comparisons import check_preference, check_transformation

_DRIVEN = ("In support of the probabilistic perspective, we show that these performance "
           "improvements are driven by better approximation to the posterior distribution.")
_ENHANCES = ("Moreover, robustness to action perturbations further enhances robustness against "
             "other variations, such as changes in state transition probabilities.")
_FINE_TUNING = ("Furthermore, fine-tuning this general agent on tasks of interest shows "
                "significantly stronger performance than training an RL agent tabula rasa.")


def test_a_passive_cause_turned_round_is_caught() -> None:
    claim = ("They show that the better approximation to the posterior distribution is driven "
             "by these performance improvements [1].")
    assert check_transformation(claim, _DRIVEN)


def test_a_passive_cause_kept_its_way_is_not() -> None:
    claim = ("They show the performance improvements are driven by a better approximation to "
             "the posterior distribution [1].")
    assert check_transformation(claim, _DRIVEN) is None


def test_follows_from_turns_an_active_cause_round() -> None:
    claim = ("Robustness to action perturbations is itself shown to follow from robustness to "
             "other variations, such as changes in transition probabilities [1].")
    assert check_transformation(claim, _ENHANCES)
    faithful = ("Robustness against other variations, such as changes in transition "
                "probabilities, follows from robustness to action perturbations [1].")
    assert check_transformation(faithful, _ENHANCES) is None


def test_a_comparative_turned_round_despite_a_shared_word() -> None:
    claim = ("Training an RL agent from scratch performs significantly better than fine-tuning "
             "this general agent [1].")
    assert check_preference(claim, _FINE_TUNING)
    faithful = ("Fine-tuning this general agent performs significantly better than training an "
                "RL agent from scratch [1].")
    assert check_preference(faithful, _FINE_TUNING) is None


def test_a_passive_telling_where_a_thing_comes_from_turns_nothing_round() -> None:
    # control: "produced by" a network, then a comma: the network causes none of what follows
    abstract = ("In policy models where a deep neural network determines actions, flatter "
                "reward landscapes in response to parameter perturbations lead to consistent "
                "rewards even when actions are perturbed.")
    claim = ("When actions are produced by a deep neural network, flatter reward landscapes "
             "under parameter perturbations yield consistent rewards even when actions are "
             "perturbed [1].")
    assert check_transformation(claim, abstract) is None
