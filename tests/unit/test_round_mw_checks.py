"""Checker rules from this stop's dev batches (last stop's held-out yi and the fresh yl): a
concession adding a cost ("though this comes at a higher computational cost", "trades away
some of its precision") is a reversal where the abstract sentence closest to it says the
quality is kept ("while maintaining low computational cost", "matches ... in precision")."""

from __future__ import annotations

from rag.drawbacks import check_added_drawback, check_replaced_aid

_DB_TSW = ("To overcome computational challenges of Optimal Transport (OT), several variants of "
           "Sliced Wasserstein (SW) have been developed. We empirically show that Db-TSW "
           "significantly improves accuracy compared to recent SW variants while maintaining low "
           "computational cost via a wide range of experiments on gradient flows, image style "
           "transfer, and generative models.")


def test_a_cost_added_where_the_abstract_keeps_it_low_is_flagged() -> None:
    claim = ("Db-TSW is more accurate than recent SW variants, though this comes at a higher "
             "computational cost, across gradient flows and image style transfer [1].")
    reason = check_added_drawback(claim, _DB_TSW)
    assert reason and "while maintaining low computational cost" in reason


def test_the_kept_quality_said_plainly_is_no_drawback() -> None:
    # control: the same sentence's claim without a concession
    assert check_added_drawback("Db-TSW is more accurate than recent SW variants while keeping "
                                "computational cost low [1].", _DB_TSW) is None


def test_a_cost_the_abstract_does_state_is_backed() -> None:
    abstract = ("S-MNN matches the original MNN in precision, but it requires more memory than "
                "MNN on long sequences.")
    # control: the closest sentence keeps precision yet states the memory cost the claim adds
    assert check_added_drawback("S-MNN is as precise as MNN, though it needs more memory on long "
                                "sequences [1].", abstract) is None


_PROTOCOLS = ("Efforts to automate protocol design have been initiated, but the capabilities of "
              "machine designers, such as Large Language Models, have not been fully elicited. "
              "The results demonstrate that the proposed method could effectively complement "
              "Large Language Models in the protocol design process, serving as an auxiliary "
              "module.")


def test_replacing_what_the_abstract_says_the_method_complements_is_flagged() -> None:
    claim = ("The representation is shown to outperform LLMs and make them unnecessary in "
             "protocol design [1].")
    reason = check_replaced_aid(claim, _PROTOCOLS)
    assert reason and "complement Large Language Models" in reason


def test_complementing_it_or_replacing_something_else_is_not_flagged() -> None:
    # controls: the abstract's own role, and a replaced thing no complementing sentence names
    assert check_replaced_aid("The representation complements LLMs in protocol design [1].",
                              _PROTOCOLS) is None
    assert check_replaced_aid("Self-driving laboratories replace human experimenters [1].",
                              _PROTOCOLS) is None
