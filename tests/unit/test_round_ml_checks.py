"""Checker rules from this stop's dev batches (last stop's held-out zy, fresh yb): reversals
told by structure a similarity score cannot see. Each case is a claim against the abstract
text it cites, flagged or not (controls); every flagged case goes unflagged on 9560fc9."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rag.claims import check_scope
from rag.comparisons import check_baselines_win, check_heeded, check_transformation
from rag.polarity import check_reversal
from rag.roles import (
    check_crossed_words,
    check_named_roles,
    check_paired_terms,
    check_respectively,
    check_turned_relation,
)

Check = Callable[[str, str], str | None]


def _against_sentence(claim: str, abstract: str) -> str | None:
    return check_reversal(claim, [abstract], paper_text=abstract)


_ECG = "HeartLang treats heartbeats as words and rhythms as sentences, with a QRS tokenizer."
_SAM = ("We adapt the Segment Anything Model to multi-task learning by removing the prompt "
        "encoder and adding task-specific no-mask embeddings and mask decoders.")
_HELM = ("HELM outperforms standard pre-training as well as foundation model baselines on six "
         "property prediction tasks on average by around 8%.")
_COMPLEXITY = ("We reduce the time and space complexities from cubic and quadratic in the sequence "
               "length, respectively, to linear.")
_POCKETS = "It learns to transform apo pockets and noisy ligands into holo pockets."
_META = ("Using meta-SAEs we find that latents in SAEs often decompose into combinations of "
         "latents from a smaller SAE, showing that larger SAE latents are not atomic.")
_BOUND = ("By leveraging the uniqueness of solutions, we prove that the variance of the latent "
          "space bounds the variance of model outputs.")
_CONTEXTS = "It captures multiple scales and improves performance in both short and long contexts."
_PHASES = ("We introduce Lexical Bottlenecked Masked Language Modeling to enhance the language "
           "model's focus on high-entropy words crucial for motion semantics, and Contrastive "
           "Masked Motion Modeling to strengthen motion feature extraction by capturing "
           "spatiotemporal dynamics directly from skeletal motion.")
_STAGES = ("It learns two different policies. We learn a first-stage policy for cluster selection "
           "via a policy-based approach. To select an action within the cluster sampled by the "
           "first-stage policy, it uses a second-stage policy derived from a regression-based "
           "approach.")
_SPLITTING = ("The splitting maps focus solely on the position of the measure supports while "
              "disregarding the projecting domains.")
_HUMANS = ("Additional human experiments show that, compared to baseline agent models, our "
           "inverse attention agents exhibit superior cooperation with humans.")
_QUANTIZATION = ("For inference, the degradation introduced by post-training quantization "
                 "increases as models are trained on more data.")
_PHASE_CMMM_FIRST = ("It uses Contrastive Masked Motion Modeling, which steers the model toward "
                     "high-entropy words crucial for motion semantics, and Lexical Bottlenecked "
                     "Masked Language Modeling, which captures spatiotemporal dynamics directly "
                     "from skeletal motion [1].")

_CASES: list[tuple[str, Check, str, str, bool]] = [
    ("two words trade places", check_crossed_words,
     "HeartLang reads heartbeats as sentences and rhythms as words [1].", _ECG, True),
    ("two words trade places, in a longer phrase", check_crossed_words,
     "It turns SAM multi-task by removing its mask decoder and adding task-specific no-mask "
     "embeddings and prompt encoders [1].", _SAM, True),
    ("control: words kept in place", check_crossed_words,
     "HeartLang reads heartbeats as words and rhythms as sentences [1].", _ECG, False),
    ("control: a phrase moved, no two words swapped", check_crossed_words,
     "It beats standard pre-training and foundation model baselines by around 8% on average "
     "over six property prediction tasks [1].", _HELM, False),
    ("control: not English", check_crossed_words,
     "HeartLang lee los latidos como oraciones y los ritmos como palabras [1].", _ECG, False),
    ("one 'respectively' list turned round", check_respectively,
     "It cuts the time and space complexities from quadratic and cubic, respectively, to "
     "linear [1].", _COMPLEXITY, True),
    ("control: as the abstract has it", check_respectively,
     "It cuts the time and space complexities from cubic and quadratic, respectively, to "
     "linear [1].", _COMPLEXITY, False),
    ("control: both lists turned round", check_respectively,
     "It cuts the space and time complexities from quadratic and cubic, respectively, to "
     "linear [1].", _COMPLEXITY, False),
    ("one word traded each way across 'into'", check_transformation,
     "It learns to transform holo pockets and noisy ligands into apo pockets [1].", _POCKETS,
     True),
    ("control: the abstract's transformation", check_transformation, _POCKETS, _POCKETS, False),
    ("what breaks down into what, its antonym left in place", check_transformation,
     "Meta-SAEs show that smaller-SAE latents often decompose into combinations of larger-SAE "
     "latents [1].", _META, True),
    ("control: what breaks down into what", check_transformation,
     "Meta-SAEs show that larger-SAE latents often decompose into combinations of smaller-SAE "
     "latents [1].", _META, False),
    ("a one-way relation turned round", check_turned_relation,
     "The authors prove that the variance of the model outputs bounds the variance of the "
     "latent space [1].", _BOUND, True),
    ("control: the relation's way round", check_turned_relation,
     "The authors prove that the variance of the latent space bounds the variance of the model "
     "outputs [1].", _BOUND, False),
    ("control: a passive runs the relation back", check_turned_relation,
     "The authors prove that the variance of the model outputs is bounded by the variance of "
     "the latent space [1].", _BOUND, False),
    ("a price the abstract never names", check_scope,
     "It improves long-context performance at the expense of short contexts [1].", _CONTEXTS,
     True),
    ("control: a price named", check_scope,
     "It improves long-context performance at the expense of short contexts [1].",
     "It improves long contexts, at some cost to short ones.", False),
    ("named parts given each other's roles", check_named_roles, _PHASE_CMMM_FIRST, _PHASES,
     True),
    ("control: named parts in their roles", check_named_roles,
     _PHASE_CMMM_FIRST.replace("Contrastive Masked Motion", "@").replace(
         "Lexical Bottlenecked Masked Language", "Contrastive Masked Motion").replace(
         "@", "Lexical Bottlenecked Masked Language"), _PHASES, False),
    ("rival terms with each other's partners", check_paired_terms,
     "It learns a first-stage regression-based policy for cluster selection [1].", _STAGES,
     True),
    ("rival terms with each other's partners, the other pair", check_paired_terms,
     "A second-stage policy derived from a policy-based approach picks the action [1].",
     _STAGES, True),
    ("control: rival terms with their partners", check_paired_terms,
     "It learns a first-stage policy-based policy for cluster selection [1].", _STAGES, False),
    ("what is heeded and what ignored trade places", check_heeded,
     "Its splitting maps consider only the projecting domains and ignore the positions of the "
     "measure supports [1].", _SPLITTING, True),
    ("control: heeded and ignored in place", check_heeded,
     "Its splitting maps consider only the positions of the measure supports and ignore the "
     "projecting domains [1].", _SPLITTING, False),
    ("baselines did better where the method is superior", check_baselines_win,
     "In human experiments, baseline agent models cooperated better with humans than the "
     "inverse attention agents [1].", _HUMANS, True),
    ("control: better than the baselines", check_baselines_win,
     "In human experiments, these agents cooperated better with humans than baseline agents "
     "and better emulated human behaviour [1].", _HUMANS, False),
    ("'discards' against 'incorporates'", _against_sentence,
     "ToRA keeps only task-shared information and discards task-specific signals [1].",
     "ToRA relies on a low-rank tensor decomposition to incorporate both task-shared and "
     "task-specific information.", True),
    ("'decouples' against 'aligns'", _against_sentence,
     "DSPO decouples the fine-tuning objective from the pretraining objective [1].",
     "DSPO aligns the pretraining and fine-tuning objectives by leveraging score matching.",
     True),
    ("'later' against 'initial'", _against_sentence,
     "The regularized fine-tuning objective constrains updates on later tokens to make "
     "alignment persistent [1].",
     "We design a regularized fine-tuning objective that makes alignment persistent by "
     "constraining updates on initial tokens.", True),
    ("'less' against 'increases'", _against_sentence,
     "For inference, post-training quantization degrades models less as they are trained on "
     "more data [1].", _QUANTIZATION, True),
]


@pytest.mark.parametrize(("check", "claim", "abstract", "flagged"),
                         [pytest.param(*case[1:], id=case[0]) for case in _CASES])
def test_a_claim_check_flags_only_what_the_abstract_contradicts(
        check: Check, claim: str, abstract: str, flagged: bool) -> None:
    assert (check(claim, abstract) is not None) is flagged
