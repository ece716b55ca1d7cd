"""Checker rules from this stop's dev batches (last stop's held-out yu and the fresh yx): a
claim doing without what the cited abstract says the paper uses is a reversal; what a sentence
says of earlier work ("in contrast to methods built on X", "existing methods, which do not
...") is no claim about the paper; "is intended to" says a purpose, no plan; a replacement
denied ("not substituting for them") is no replacement."""

from __future__ import annotations

from rag.avoided import avoided_conflict, dropped_conflict
from rag.claims import check_scope
from rag.drawbacks import check_replaced_aid
from rag.polarity import check_reversal

_SIMPL = ("Here we propose SIMPL, an EM-style algorithm which iteratively optimises latent "
          "variables and tuning curves. SIMPL is fast, scalable and exploits behaviour as an "
          "initial condition to further improve convergence and identifiability.")


def test_doing_without_what_the_paper_uses_is_a_reversal() -> None:
    claim = ("SIMPL iteratively optimises latent variables and tuning curves, and it "
             "deliberately avoids using behaviour as an initial condition.")
    sentences = _SIMPL.split(". ")
    assert "initial condition" in (dropped_conflict(claim, sentences, _SIMPL) or "")
    # controls: the faithful claim, a denied doing-without, and what others use
    assert dropped_conflict("SIMPL exploits behaviour as an initial condition rather than "
                            "random starts.", sentences, _SIMPL) is None
    assert dropped_conflict("SIMPL does not avoid using behaviour as an initial condition.",
                            sentences, _SIMPL) is None
    others = "Prior decoders rely on behaviour as an initial condition."
    assert dropped_conflict("SIMPL avoids using behaviour as an initial condition.", [others],
                            others) is None


_CONCEPTS = ("Unlike methods that rely on predefined skills and human-annotated labels, our "
             "approach allows agents to autonomously abstract manipulation concepts from their "
             "proprioceptive states, thereby alleviating misalignment due to ambiguities in "
             "human semantics and environmental complexity.")


def test_what_is_set_in_contrast_is_earlier_works() -> None:
    claim = ("No; in contrast to methods built on predefined skills and human-annotated labels, "
             "agents abstract manipulation concepts on their own from their proprioceptive "
             "states.")
    assert avoided_conflict(claim, [_CONCEPTS], _CONCEPTS) is None
    # control: built on them itself
    assert avoided_conflict("It is built on predefined skills and human-annotated labels.",
                            [_CONCEPTS], _CONCEPTS)


def test_is_intended_to_says_a_purpose() -> None:
    assert check_scope("This is intended to reduce misalignment stemming from ambiguous human "
                       "semantics.", _CONCEPTS) is None
    assert check_scope("The authors intend to extend it to humanoids.", _CONCEPTS)  # control


_PROTOCOLS = ("The results demonstrate that the proposed method could effectively complement "
              "Large Language Models in the protocol design process, serving as an auxiliary "
              "module in the realm of machine-assisted scientific exploration.")


def test_a_replacement_denied_is_none() -> None:
    claim = ("The results show the representation complementing LLMs as an auxiliary module in "
             "planning protocols, not substituting for them.")
    assert check_replaced_aid(claim, _PROTOCOLS) is None
    assert check_replaced_aid("The representation substitutes for LLMs in protocol design.",
                              _PROTOCOLS)  # control


_NOISE = ("We first demonstrate the importance of modeling the temporal nature of the label noise "
          "function and how existing methods will consistently underperform.")


def test_what_earlier_work_does_not_do_is_no_negation() -> None:
    claim = ("The authors show that existing methods, which do not model the temporal nature of "
             "this noise, consistently underperform.")
    assert check_reversal(claim, [_NOISE]) is None
    # control: the paper itself not modelling it
    assert check_reversal("The authors show that their method does not model the temporal "
                          "nature of the label noise function.", [_NOISE])
