"""Checker rules from this stop's dev batches (last stop's held-out xb and the fresh xe): a
machine the abstract never names is an outside fact; "with GPT-4o being the most accurate"
ranks what the abstract does not; ", intended to support ..." says a purpose, no plan; "not its
final converged model" negates as "not the final converged one" does."""

from __future__ import annotations

from rag.claim_names import check_names
from rag.claims import check_scope
from rag.polarity import check_reversal

_LD3 = ("We propose LD3, a lightweight framework designed to learn the optimal time "
        "discretization for sampling. We achieve FIDs of 2.38 (10 NFE) on unconditional CIFAR10 "
        "in 5-10 minutes of training.")


def test_a_machine_the_abstract_never_names_is_an_outside_fact() -> None:
    claim = "LD3 reaches an FID of 2.38 after 5-10 minutes of training on a single GPU."
    assert "GPU" in (check_names(claim, _LD3) or "")
    # controls: an abstract naming the machine, or spelling it out, backs it
    assert check_names(claim, _LD3 + " Training runs on one GPU.") is None
    assert check_names(claim, _LD3 + " It needs one graphics processing unit.") is None


_NUTRI = ("We conduct an extensive evaluation of NutriBench on carbohydrate estimation, testing "
          "twelve leading Large Language Models (LLMs), including GPT-4o, Llama3.1 and Qwen2. "
          "LLMs can provide comparable but significantly faster estimates.")


def test_ranking_one_first_needs_an_abstract_that_ranks() -> None:
    claim = ("LLMs give comparable but faster estimates, with GPT-4o being the most accurate of "
             "the models tested.")
    assert check_scope(claim, _NUTRI) is not None
    # control: an abstract that ranks GPT-4o first backs it
    assert check_scope(claim, _NUTRI + " GPT-4o performs best among them.") is None


def test_a_participle_of_purpose_is_no_plan() -> None:
    abstract = "We introduce AIR-BENCH 2024, an AI safety benchmark aligned with regulations."
    assert check_scope("AIR-BENCH 2024 is a safety benchmark aligned with regulations, intended "
                       "to support assessing model safety across jurisdictions.", abstract) is None
    # control: a plan the abstract does not make is still one
    assert check_scope("The authors intend to extend AIR-BENCH 2024 to new jurisdictions.",
                       abstract) is not None


def test_a_possessive_does_not_put_a_negator_out_of_reach() -> None:
    evidence = ("This curriculum is available only through the intermediate checkpoints but not "
                "the final converged one.")
    claim = ("This curriculum is available only through the teacher's intermediate checkpoints, "
             "not its final converged model.")
    assert check_reversal(claim, [evidence], paper_text=evidence) is None
