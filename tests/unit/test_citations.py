import re

import numpy as np
import pytest

from paperwise.text import markers_in
from paperwise.types import Hit, Paper, PaperSentences, SentenceBank, paper_id_for
from rag.citations import (
    drop_dangling,
    overlap_share,
    pair_overlap,
    refusal_sentence,
    supported_share,
    unbacked_clause,
    unbacked_clauses,
    verify,
)
from rag.cues import verify as cues


def test_markers_are_parsed_in_every_common_form() -> None:
    assert markers_in("A [1]. B [2, 3]. C [4][5]; D [6; 7].") == [1, 2, 3, 4, 5, 6, 7]


def test_dangling_markers_are_dropped_and_reported() -> None:
    text, dropped = drop_dangling("Works well [1][9]. Also [2, 12] and [0].", 3)
    assert text == "Works well [1]. Also [2] and."
    assert dropped == [9, 12, 0]


def _hit(abstract: str) -> Hit:
    paper = Paper(id=paper_id_for(abstract), title="T", source="s.txt", position=1,
                  abstract=abstract)
    return Hit(paper=paper, text=abstract, score=1.0)


def test_verification_marks_unbacked_sentences() -> None:
    """A fake embedder (pure logic): identical text → similarity 1, else 0."""
    evidence = ["The model reaches 90% accuracy on ImageNet.", "It uses sparse attention."]
    hit = _hit(" ".join(evidence))
    vocabulary = [*evidence, "The moon is made of cheese."]

    def embed(texts: list[str]) -> np.ndarray:
        return np.array([[float(t.strip() == v) for v in vocabulary] for t in texts])

    bank = SentenceBank({hit.paper.id: PaperSentences(evidence, embed(evidence))})
    answer = ("The model reaches 90% accuracy on ImageNet. [1] The moon is made of cheese. [1] "
              "It uses sparse attention.")
    checked, citations = verify(answer, [hit], bank, embed)
    assert [s.supported for s in checked] == [True, False, False]  # last one cites nothing
    assert citations[0].marker == 1 and "90% accuracy" in citations[0].quote
    assert supported_share(checked) == 1 / 3


INTERLATENT = [
    "We establish identifiability theory for latent processes with sparse interactions.",
    "The proposed InterLatent method recovers the latent representations of such processes.",
    "Experiments on synthetic and real-world datasets confirm the theory.",
]


def test_a_claim_fusing_two_sentences_is_held_by_the_pair() -> None:
    fused = ("Building on this theory, InterLatent recovers the representations of such "
             "processes, as confirmed on synthetic and real-world datasets.")
    assert max(overlap_share(fused, t) for t in INTERLATENT) < cues.SUPPORT_OVERLAP
    assert pair_overlap(fused, INTERLATENT) >= cues.FUSED_OVERLAP
    assert pair_overlap(fused, INTERLATENT[1:2]) == 0.0  # one sentence: no pair
    unrelated = "The robot arm transfers zero-shot to a physical kitchen with two cameras."
    assert pair_overlap(unrelated, INTERLATENT) < cues.FUSED_OVERLAP


def test_verification_backs_a_near_miss_that_two_sentences_hold() -> None:
    """Fake vectors (pure logic): the claim sits just under SUPPORT_SIMILARITY to every
    sentence; it passes only because two sentences together hold its words."""
    hit = _hit(" ".join(INTERLATENT))
    near = cues.SUPPORT_SIMILARITY - cues.FUSED_SIMILARITY_SLACK / 2

    def embed(texts: list[str]) -> np.ndarray:
        return np.array([[1.0, 0.0] if t in INTERLATENT else
                         [near, (1 - near ** 2) ** 0.5] for t in texts])

    bank = SentenceBank({hit.paper.id: PaperSentences(INTERLATENT, embed(INTERLATENT))})
    fused = ("Building on this theory, InterLatent recovers the representations of such "
             "processes, as confirmed on synthetic and real-world datasets [1].")
    invented = "The InterLatent method runs on a robot arm in a physical kitchen [1]."
    checked, _ = verify(f"{fused} {invented}", [hit], bank, embed)
    assert [s.supported for s in checked] == [True, False]


HELM = ("We introduce Hierarchical Encoding for mRNA Language Modeling (HELM), a novel "
        "pre-training strategy that incorporates codon-level hierarchical structure into "
        "language model training. HELM outperforms standard language model pre-training on six "
        "downstream property prediction tasks by around 8%.")


@pytest.mark.parametrize("claim", [
    "HELM pre-trains mRNA models with a codon-aware objective, and it also runs on mobile phones.",
    "HELM pre-trains mRNA models with a codon-aware objective and it also runs on mobile phones.",
    "HELM pre-trains mRNA models with a codon-aware objective, including on mobile phone chips.",
    "HELM pre-trains mRNA models with a codon-aware objective — shipped inside mobile phone apps.",
    "HELM pre-trains mRNA models with a codon-aware objective, since mobile phone vendors asked "
    "for it.",
    "HELM pre-trains mRNA models with a codon-aware objective, a choice the authors credit to "
    "mobile phone vendors.",
])
def test_an_appended_fact_is_caught_however_it_is_joined(claim: str) -> None:
    assert unbacked_clause(claim, HELM) is not None


@pytest.mark.parametrize("claim", [
    "HELM pre-trains mRNA language models with codon-level hierarchical structure, and it "
    "outperforms standard pre-training on property prediction tasks.",
    "HELM encodes codon-level hierarchy and it outperforms standard language model pre-training.",
    "HELM is a pre-training strategy, including codon-level hierarchical structure in training.",
    "HELM encodes codon-level hierarchy in pre-training, a hierarchical mRNA language model "
    "structure.",
])
def test_a_faithful_later_clause_passes(claim: str) -> None:
    assert unbacked_clause(claim, HELM) is None


def test_a_condition_added_with_even_is_caught() -> None:
    claim = ("HELM pre-trains mRNA language models with codon-level hierarchical structure, even "
             "when the sequencing machine changes between labs.")
    assert unbacked_clause(claim, HELM) is not None


ETSEED = [
    "To reduce the demonstration reliance, we leverage spatial symmetry and propose ET-SEED.",
    "Experiments demonstrate superior data efficiency of our proposed method.",
]


def test_a_reworded_clause_is_backed_by_its_meaning_an_added_one_is_not() -> None:
    """Fake vectors (pure logic): the reworded clause sits at SUPPORT_SIMILARITY to the first
    sentence, the added fact far from both; the words alone flag both clauses."""
    hit = _hit(" ".join(ETSEED))
    reworded = "which lowers the dependence on large demonstration sets"
    at = cues.SUPPORT_SIMILARITY

    def embed(texts: list[str]) -> np.ndarray:
        return np.array([[1.0, 0.0, 0.0] if t == ETSEED[0] else [0.0, 1.0, 0.0] if t in ETSEED
                         else [at, (1 - at ** 2) ** 0.5, 0.0] if reworded.endswith(t.strip(" ."))
                         else [0.9, 0.0, 0.19 ** 0.5] if "[1]" in t or t.startswith("ET-SEED")
                         else [0.0, 0.0, 1.0] for t in texts])

    bank = SentenceBank({hit.paper.id: PaperSentences(ETSEED, embed(ETSEED))})
    faithful = f"ET-SEED leans on spatial symmetry, {reworded} [1]."
    added = "ET-SEED leans on spatial symmetry, and it also runs in a kitchen on wet robots [1]."
    assert unbacked_clause(faithful.replace(" [1]", ""), " ".join(ETSEED)) is not None
    checked, _ = verify(f"{faithful} {added}", [hit], bank, embed)
    assert [s.supported for s in checked] == [True, False]
    assert "kitchen" in checked[1].reason


FEDAVG = ["Client participation in federated learning is modelled as a Markov chain.",
          "A debiasing algorithm converges to the unbiased optimum under minimum separation."]
FEDLWS = ["FedLWS learns a layer-wise shrinking factor for aggregation without a proxy dataset.",
          "It plugs into existing federated learning methods."]


def test_a_claim_worded_like_another_retrieved_paper_is_misattributed() -> None:
    """Fake vectors (pure logic): the claim is as close in meaning to the cited paper as to the
    other (the cited paper's name keeps it up), but only the other holds its words."""
    cited, other = _hit(" ".join(FEDAVG)), _hit(" ".join(FEDLWS))

    def embed(texts: list[str]) -> np.ndarray:
        """The cited sentences [1, 0, 0], the other paper's [0.6, 0.8, 0], a claim 0.65 from
        both (under CLEARLY_BACKED, no similarity margin) unless it is a cited sentence."""
        return np.array([[1.0, 0.0, 0.0] if re.sub(r"\s+\.", ".", t.strip()) in FEDAVG
                         else [0.6, 0.8, 0.0] if t in FEDLWS
                         else [0.65, 0.325, (1 - 0.65 ** 2 - 0.325 ** 2) ** 0.5] for t in texts])

    bank = SentenceBank({cited.paper.id: PaperSentences(FEDAVG, embed(FEDAVG)),
                         other.paper.id: PaperSentences(FEDLWS, embed(FEDLWS))})
    claim = "It learns a layer-wise shrinking factor for aggregation without a proxy dataset [1]."
    checked, _ = verify(claim, [cited, other], bank, embed)
    assert not checked[0].supported and "[2]" in checked[0].reason
    own = "Client participation in federated learning is modelled as a Markov chain [1]."
    checked, _ = verify(own, [cited, other], bank, embed)
    assert checked[0].supported


DATASEL = ("Existing works typically rely on single-modality information to assign importance "
           "scores for individual samples. Specifically, our framework consists of three key "
           "modules: dataset adaptation, sample scoring, and selection optimization. Extensive "
           "experiments demonstrate that our approach consistently outperforms baselines.")


def test_an_outside_fact_made_partly_of_the_abstracts_words_is_caught_when_widened() -> None:
    """Issue 12 round 5: 'trains the scoring modules jointly with the downstream classifier in
    a single pass' holds half its words in the abstract ('scoring', 'modules', 'single'): only
    the wide reading, whose caller then asks its meaning, takes it."""
    claim = ("The framework uses three modules, dataset adaptation, sample scoring and selection "
             "optimization, and trains the scoring modules jointly with the downstream "
             "classifier in a single pass.")
    assert unbacked_clauses(claim, DATASEL) == []
    assert unbacked_clauses(claim, DATASEL, wide=True) == [
        "trains the scoring modules jointly with the downstream classifier in a single pass"]
    reworded = ("The framework uses three modules, and it scores individual samples with "
                "information from more than one modality.")
    assert unbacked_clauses(reworded, DATASEL, wide=True) == []


ATTRIBOT = ("Specifically, AttriBoT uses cached activations to avoid redundant operations, "
            "performs hierarchical attribution to reduce computation, and emulates the behavior "
            "of large target models with smaller proxy models.")


def test_a_limitation_added_with_though_is_caught() -> None:
    """Fresh dev batch 18: an outside limitation joined by ", though" passed as one claim."""
    claim = ("AttriBoT reuses cached activations, attributes hierarchically and lets smaller "
             "proxy models emulate the large target model, though the approximation degrades "
             "when the proxy comes from a different model family.")
    assert unbacked_clause(claim, ATTRIBOT) is not None
    faithful = ("AttriBoT reuses cached activations, attributes hierarchically and lets smaller "
                "proxy models emulate the large target model.")
    assert unbacked_clause(faithful, ATTRIBOT) is None


def test_a_clause_is_read_by_its_words_roots() -> None:
    """Fresh dev batches 27 and 29: "were manually curated and human-audited" for "with manual
    curation and human auditing" was flagged as an added fact."""
    abstract = ("AIR-BENCH 2024 contains 5,694 diverse prompts spanning these categories, with "
                "manual curation and human auditing to ensure quality.")
    assert unbacked_clause("Its 5,694 prompts span these categories and were manually curated "
                           "and human-audited.", abstract) is None
    assert unbacked_clause("Its 5,694 prompts span these categories and were translated into "
                           "forty languages by volunteers.", abstract) is not None


@pytest.mark.parametrize(("sentence", "refusal"), [
    ("The number of GPUs is not mentioned in the abstract.", True),
    ("There's no mention of GPUs in the abstract.", True),
    ("Neither abstract reports the number of seeds.", True),
    ("The abstracts are silent on the licensing terms.", True),
    ("Based on the provided abstracts, it is not possible to determine the batch size.", True),
    ("I don't have information about the learning rate from these abstracts.", True),
    ("No specific numbers are provided.", True),
    # a part of the answer given after it; claims that say "not"
    ("The abstract does not give the GPU type, but it reports 6000 GPU hours [1].", False),
    ("SPA is not evaluated on Atari in the paper, but on 268 tasks.", False),
    ("Prior work has not reported results on long sequences, which the paper addresses.", False),
    ("There are no other benchmarks.", False),
])
def test_a_refusal_is_told_in_the_general_words_for_a_text_lacking_something(
        sentence: str, refusal: bool) -> None:
    assert refusal_sentence(sentence) is refusal
