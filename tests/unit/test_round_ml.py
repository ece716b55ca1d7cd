"""Rules from last stop's held-out mi/zy (now dev) and this stop's fresh dev batches: two words
trading places between a claim and its abstract, papers asked with their topic between, a
method said in another form, and lists of new benchmarks or datasets."""

from __future__ import annotations

import pytest

from rag.claims import check_scope
from rag.comparisons import check_baselines_win, check_heeded, check_transformation
from rag.evidence import holds_pair
from rag.introduced import introduces, new_kinds
from rag.listing import applied_nowhere
from rag.polarity import check_reversal
from rag.query import analyse
from rag.roles import (
    check_crossed_words,
    check_named_roles,
    check_paired_terms,
    check_respectively,
    check_turned_relation,
)
from tests.extractive_fakes import alike_answer, hit

_ECG = ("We treat ECG signals as a language. HeartLang treats heartbeats as words and rhythms "
        "as sentences, and tokenizes them with a QRS tokenizer.")
_SAM = ("We adapt the Segment Anything Model to multi-task learning by removing the prompt "
        "encoder and adding task-specific no-mask embeddings and mask decoders.")


@pytest.mark.parametrize(("claim", "abstract", "words"), [
    ("HeartLang reads heartbeats as sentences and rhythms as words [1].", _ECG,
     ("sentences", "words")),
    ("It turns SAM multi-task by removing its mask decoder and adding task-specific no-mask "
     "embeddings and prompt encoders [1].", _SAM, ("encoders", "decoder")),
])
def test_two_words_trading_places_are_a_swap(claim: str, abstract: str,
                                            words: tuple[str, str]) -> None:
    reason = check_crossed_words(claim, abstract)
    assert reason is not None and all(f"'{w}'" in reason for w in words)


@pytest.mark.parametrize(("claim", "abstract"), [  # controls
    ("HeartLang reads heartbeats as words and rhythms as sentences [1].", _ECG),
    # a phrase moved, not two words swapped
    ("It beats standard pre-training and foundation model baselines by around 8% on average "
     "over six property prediction tasks [1].",
     "HELM outperforms standard pre-training as well as foundation model baselines on six "
     "property prediction tasks on average by around 8%."),
    ("HeartLang lee los latidos como oraciones y los ritmos como palabras [1].", _ECG),
])
def test_words_kept_in_place_are_no_swap(claim: str, abstract: str) -> None:
    assert check_crossed_words(claim, abstract) is None


@pytest.mark.parametrize(("question", "shape"), [
    ("List all the lifelong / incremental learning papers.", "list"),
    ("Give me all the mech interp papers", "list"),
    ("PruneNet: which language model was compressed to show it works without calibration "
     "data?", "detail"),  # control: "show it works" asks no papers
])
def test_papers_asked_with_their_topic_between_make_a_list(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


def test_a_method_said_in_another_form_is_applied_somewhere() -> None:
    paper = hit("We present an audio-driven human animation model for video generation.",
                "CyberHost")
    assert not applied_nowhere("Show me the research on animating a person in a video", [paper])
    other = hit("We present a protein language model.", "P")  # control
    assert applied_nowhere("Show me the research on animating a person in a video", [other])


@pytest.mark.parametrize(("question", "kinds"), [
    ("Which papers propose new benchmarks for evaluating LLMs or LLM agents?", ("benchmark",)),
    ("What datasets were introduced for trajectory prediction?", ("dataset",)),
    ("Which works introduce environments or benchmarks for planning?",
     ("environment", "benchmark")),
    ("Which papers evaluate LLMs on math benchmarks?", ()),  # control: none asked new
])
def test_a_list_may_ask_for_new_things_of_a_kind(question: str,
                                                 kinds: tuple[str, ...]) -> None:
    assert new_kinds(question) == kinds


@pytest.mark.parametrize(("sentence", "told"), [
    ("We introduce AIR-BENCH 2024, the first AI safety benchmark aligned with regulations.",
     True),
    ("We present NutriBench, the first publicly available natural language meal description "
     "nutrition benchmark.", True),
    ("Governments and researchers have proposed safety benchmarks in response.", False),
    ("We introduce POGEMA, a set of tools with a benchmarking tool for evaluation.", False),
    ("We propose a novel model aggregation strategy that adapts the shrinking factor of each "
     "layer and improves accuracy across several public datasets.", False),
])
def test_a_new_thing_is_told_by_the_sentence_introducing_it(sentence: str, told: bool) -> None:
    assert introduces(sentence, ("benchmark", "dataset")) is told


def test_a_list_of_new_benchmarks_holds_the_papers_introducing_one() -> None:
    papers = [hit("We introduce AIR-BENCH 2024, the first AI safety benchmark. We evaluate "
                  "language models on it", "AIR-BENCH 2024", "p1"),
              hit("Large language models are costly. We propose PruneNet to prune LLMs",
                  "PruneNet", "p2")]
    answer = alike_answer("Which papers propose new benchmarks for evaluating LLMs?", papers)
    assert "AIR-BENCH 2024 [1]" in answer.text and "PruneNet" not in answer.text


def test_are_there_approaches_asks_for_papers() -> None:
    assert analyse("Are there approaches here where one network outputs the weights of "
                   "another?").shape == "list"


_COMPLEXITY = ("We reduce the time and space complexities from cubic and quadratic in the sequence "
               "length, respectively, to linear.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("It cuts the time and space complexities from quadratic and cubic, respectively, to "
     "linear [1].", True),
    ("It cuts the time and space complexities from cubic and quadratic, respectively, to "
     "linear [1].", False),  # controls: as the abstract has it
    ("It cuts the space and time complexities from quadratic and cubic, respectively, to "
     "linear [1].", False),  # both lists turned round
])
def test_lists_matched_respectively_keep_their_orders(claim: str, flagged: bool) -> None:
    assert (check_respectively(claim, _COMPLEXITY) is not None) is flagged


def test_one_word_traded_across_a_transformation_turns_it_round() -> None:
    abstract = "It learns to transform apo pockets and noisy ligands into holo pockets."
    claim = "It learns to transform holo pockets and noisy ligands into apo pockets [1]."
    assert check_transformation(claim, abstract) is not None
    assert check_transformation(abstract, abstract) is None  # control


_BOUND = ("By leveraging the uniqueness of solutions, we prove that the variance of the latent "
          "space bounds the variance of model outputs.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("The authors prove that the variance of the model outputs bounds the variance of the "
     "latent space [1].", True),
    ("The authors prove that the variance of the latent space bounds the variance of the "
     "model outputs [1].", False),  # controls: the abstract's way round
    ("The authors prove that the variance of the model outputs is bounded by the variance of "
     "the latent space [1].", False),  # a passive runs the relation back
])
def test_a_relation_turned_round_is_a_reversal(claim: str, flagged: bool) -> None:
    assert (check_turned_relation(claim, _BOUND) is not None) is flagged


@pytest.mark.parametrize(("abstract", "flagged"), [
    ("It captures multiple scales and improves performance in both short and long contexts.",
     True),
    ("It improves long contexts, at some cost to short ones.", False),  # control: a price named
])
def test_a_price_the_abstract_never_names_is_flagged(abstract: str, flagged: bool) -> None:
    claim = "It improves long-context performance at the expense of short contexts [1]."
    assert (check_scope(claim, abstract) is not None) is flagged


@pytest.mark.parametrize(("claim", "evidence"), [
    ("ToRA keeps only task-shared information and discards task-specific signals [1].",
     "ToRA relies on a low-rank tensor decomposition to incorporate both task-shared and "
     "task-specific information."),
    ("DSPO decouples the fine-tuning objective from the pretraining objective [1].",
     "DSPO aligns the pretraining and fine-tuning objectives by leveraging score matching."),
])
def test_discarding_and_decoupling_stand_against_incorporating_and_aligning(
        claim: str, evidence: str) -> None:
    assert check_reversal(claim, [evidence], paper_text=evidence) is not None


def test_a_topic_typed_with_commas_asks_for_papers() -> None:
    assert analyse("audio-driven human animation, diffusion").shape == "list"
    assert analyse("audio-driven human animation diffusion").shape == "list"  # control



_PHASES = ("We introduce Lexical Bottlenecked Masked Language Modeling to enhance the language "
           "model's focus on high-entropy words crucial for motion semantics, and Contrastive "
           "Masked Motion Modeling to strengthen motion feature extraction by capturing "
           "spatiotemporal dynamics directly from skeletal motion.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("It uses Contrastive Masked Motion Modeling, which steers the model toward high-entropy "
     "words crucial for motion semantics, and Lexical Bottlenecked Masked Language Modeling, "
     "which captures spatiotemporal dynamics directly from skeletal motion [1].", True),
    ("It uses Lexical Bottlenecked Masked Language Modeling, which steers the model toward "
     "high-entropy words crucial for motion semantics, and Contrastive Masked Motion Modeling, "
     "which captures spatiotemporal dynamics directly from skeletal motion [1].", False),
])
def test_named_parts_given_each_others_roles_are_a_swap(claim: str, flagged: bool) -> None:
    assert (check_named_roles(claim, _PHASES) is not None) is flagged


def test_a_topic_with_examples_in_brackets_asks_for_papers() -> None:
    assert analyse("federated learning (horizontal, vertical, federated pretraining)"
                   ).shape == "list"


@pytest.mark.parametrize(("sentence", "held"), [
    ("We employ tools from mechanistic interpretability to study LLMs.", True),
    ("We study the interpretability of mechanical systems.", False),  # control: no pair
])
def test_a_pair_word_typed_cut_short_is_held(sentence: str, held: bool) -> None:
    assert holds_pair(sentence, {("mech", "interpretability")}) is held



_META = ("Using meta-SAEs we find that latents in SAEs often decompose into combinations of "
         "latents from a smaller SAE, showing that larger SAE latents are not atomic.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Meta-SAEs show that smaller-SAE latents often decompose into combinations of larger-SAE "
     "latents [1].", True),
    ("Meta-SAEs show that larger-SAE latents often decompose into combinations of smaller-SAE "
     "latents [1].", False),  # control
])
def test_what_breaks_down_into_what_keeps_its_sides(claim: str, flagged: bool) -> None:
    assert (check_transformation(claim, _META) is not None) is flagged


_STAGES = ("It learns two different policies. We learn a first-stage policy for cluster selection "
           "via a policy-based approach. To select an action within the cluster sampled by the "
           "first-stage policy, it uses a second-stage policy derived from a regression-based "
           "approach.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("It learns a first-stage regression-based policy for cluster selection [1].", True),
    ("A second-stage policy derived from a policy-based approach picks the action [1].", True),
    ("It learns a first-stage policy-based policy for cluster selection [1].", False),
])
def test_rival_terms_keep_their_partners(claim: str, flagged: bool) -> None:
    assert (check_paired_terms(claim, _STAGES) is not None) is flagged


_SPLITTING = ("The splitting maps focus solely on the position of the measure supports while "
              "disregarding the projecting domains.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("Its splitting maps consider only the projecting domains and ignore the positions of the "
     "measure supports [1].", True),
    ("Its splitting maps consider only the positions of the measure supports and ignore the "
     "projecting domains [1].", False),  # control
])
def test_what_is_heeded_and_what_ignored_keep_their_places(claim: str, flagged: bool) -> None:
    assert (check_heeded(claim, _SPLITTING) is not None) is flagged


def test_later_stands_against_initial() -> None:
    evidence = ("We design a regularized fine-tuning objective that makes alignment persistent "
                "by constraining updates on initial tokens.")
    claim = ("The regularized fine-tuning objective constrains updates on later tokens to make "
             "alignment persistent [1].")
    assert check_reversal(claim, [evidence], paper_text=evidence) is not None


_HUMANS = ("Additional human experiments show that, compared to baseline agent models, our "
           "inverse attention agents exhibit superior cooperation with humans.")


@pytest.mark.parametrize(("claim", "flagged"), [
    ("In human experiments, baseline agent models cooperated better with humans than the "
     "inverse attention agents [1].", True),
    ("In human experiments, these agents cooperated better with humans than baseline agents "
     "and better emulated human behaviour [1].", False),  # control
])
def test_baselines_doing_better_where_the_abstract_has_the_method_superior(
        claim: str, flagged: bool) -> None:
    assert (check_baselines_win(claim, _HUMANS) is not None) is flagged


def test_less_stands_against_increases() -> None:
    evidence = ("For inference, the degradation introduced by post-training quantization "
                "increases as models are trained on more data.")
    claim = ("For inference, post-training quantization degrades models less as they are "
             "trained on more data [1].")
    assert check_reversal(claim, [evidence], paper_text=evidence) is not None
