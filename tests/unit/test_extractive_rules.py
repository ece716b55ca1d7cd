"""Pure rules of the extractive answerer: what a question asks for, and which sentences give it."""

from __future__ import annotations

import numpy as np
import pytest

from paperwise.text import clean_for_display
from paperwise.types import Hit, Paper, PaperSentences, SentenceBank
from rag.asked import asked_thing, gives
from rag.evidence import (
    ScoredSentence,
    demote_background,
    favour_method,
    find_evidence,
    more_of_paper,
)
from rag.extractive import extractive_answer
from rag.figures import numbers_near, question_figures, states_figure
from rag.markers import markers_about
from rag.measures import (
    asked_measures,
    counted_words,
    lead_clause,
    measure_qualifiers,
    ranked_words,
)
from rag.names import alternatives, asked_version, name_pattern
from rag.query import analyse, as_question
from rag.question_parts import split_parts
from rag.topic_pairs import holds_pair, topic_pairs
from rag.verdicts import verdict


@pytest.mark.parametrize("question", [
    "How much driving data did the Diffusion Planner authors collect themselves?",
    "How many hours of video did the LocoVR authors record?",
    "What dataset did the authors build for nutrition estimation?",
])
def test_authors_as_a_subject_is_no_authors_question(question: str) -> None:
    assert analyse(question).asks_for != "authors"


@pytest.mark.parametrize("question", [
    "Who wrote the POGEMA paper?",
    "Who are the authors of FB-CPR?",
    "List the authors of NutriBench.",
    "Which authors proposed SIMPL?",
])
def test_asking_who_wrote_a_paper_is_an_authors_question(question: str) -> None:
    assert analyse(question).asks_for == "authors"


@pytest.mark.parametrize("question", [
    "On which datasets is UniGS evaluated, and how much does it improve over Uni3D?",
    "In which datasets was UniGS tested, and by how much did it beat Uni3D?",
    "For what tasks is HELM pre-trained, and on which datasets is it evaluated?",
    # a part asking in place (fresh dev batch 16)
    "The task arithmetic theory was validated on which language model, and how many GPUs "
    "were needed?",
    "HELM is pre-trained for what tasks, and how much does it gain?",
])
def test_parts_may_open_with_a_preposition(question: str) -> None:
    assert len(split_parts(question)) == 2


@pytest.mark.parametrize("question", [
    "Which model families were the speculative cascades tested with?",
    "What model family was used for the experiments?",
    "Which LLMs were evaluated on NutriBench?",
])
def test_which_models_asks_for_a_name(question: str) -> None:
    assert analyse(question).asks_for == "name"


@pytest.mark.parametrize(("question", "measures"), [
    ("How accurate is HeartLang on arrhythmia detection?", {"accuracy", "%"}),
    ("How expensive is it to train the strongest SPA model?", {"gpu", "hour", "cost"}),
    ("What speedup does AttriBoT reach?", {"speedup"}),
    ("What is the error rate of the model?", {"error", "rate"}),
])
def test_a_named_measure_is_what_the_figure_must_measure(question: str,
                                                         measures: set[str]) -> None:
    assert measures <= asked_measures(question)


@pytest.mark.parametrize(("question", "groups"), [
    ("Is the LASER-VFL code written in PyTorch or in JAX?", [{"PyTorch", "JAX"}]),
    ("Which papers use Atari, MuJoCo or Procgen?", [{"Atari", "MuJoCo", "Procgen"}]),
    ("Does SOAP beat Adam or Shampoo on GPT-2?", [{"Adam", "Shampoo"}]),
    ("Is there work on RNA or proteins?", []),  # no names offered
])
def test_the_names_around_an_or_are_the_alternatives(question: str,
                                                     groups: list[set[str]]) -> None:
    assert alternatives(question) == groups


@pytest.mark.parametrize(("question", "figures"), [
    ("What FID does LD3 get on CIFAR10 with just 5 NFE?", {"5": "nfe"}),
    ("What accuracy is kept at 30% compression?", {"30": "compression"}),
    ("How many categories does AIR-BENCH 2024 have?", {}),  # a name's year
    ("How fast is GPT 4 on 8 GPUs?", {"8": "gpu"}),  # "GPT 4" is a name
    ("What does it reach with 4 GPUs?", {"4": "gpu"}),
])
def test_the_figures_of_a_question_are_its_conditions(question: str,
                                                       figures: dict[str, str]) -> None:
    assert question_figures(question) == figures


def test_a_figure_is_stated_with_its_word() -> None:
    sentence = "We achieve FIDs of 2.38 (10 NFE) on CIFAR10 in 5-10 minutes of training."
    assert states_figure(sentence, "10", "nfe")
    assert not states_figure(sentence, "5", "nfe")
    assert states_figure("It keeps 80% at a 30% compression ratio.", "30", "compression")
    assert states_figure("Trained on 8 A100 GPUs.", "8", "a100")
    # a model size is stated by a name ending in it, another figure is not
    assert states_figure("a LLaMA3-8B model trained over three iterations", "8b", "")
    assert not states_figure("a LLaMA3-8B model trained over three iterations", "8", "")


def test_a_count_counts_the_last_word_of_a_capitalised_name() -> None:
    sentence = "testing twelve leading Large Language Models (LLMs), including GPT-4o"
    assert not numbers_near(sentence, {"language"}, 6, 6, counts=True)
    assert numbers_near(sentence, {"model"}, 6, 6, counts=True)
    assert numbers_near("in twelve languages", {"language"}, 6, 6, counts=True)


@pytest.mark.parametrize(("name", "question", "version"), [
    ("LLaMA", "How long does PruneNet take to compress LLaMA-2-13B?", "2-13B"),
    ("Llama", "Which papers use Llama 3 family models?", "3"),
    ("PruneNet", "How long does PruneNet take?", None),
])
def test_the_version_a_question_names(name: str, question: str, version: str | None) -> None:
    assert asked_version(name, question) == version


@pytest.mark.parametrize(("question", "qualifiers"), [
    ("What batch size did SOAP use?", {"batch"}),
    ("What's the vocabulary size of DEPT?", {"vocabulary"}),
    ("Which learning rate works best for SOAP?", {"learning"}),
    ("What is the error rate of ET-SEED?", {"error"}),
    # a success rate is told as a bare share ("achieves 11%"): no word must stand by it
    ("What is the success rate of ET-SEED?", set()),
    ("What size is NutriBench?", set()),  # the head alone: any figure of its size
    ("How quickly are LLM sizes growing?", set()),  # the sizes are not what is asked
])
def test_the_word_before_a_generic_measure_says_what_it_measures(
        question: str, qualifiers: set[str]) -> None:
    assert measure_qualifiers(question) == qualifiers


@pytest.mark.parametrize(("question", "shape"), [
    ("How fast is DynamicFlow compared to molecular dynamics simulation?", "detail"),
    ("How accurate is CSA relative to CLIP?", "detail"),
    ("How many nutrition professionals were the LLMs compared against?", "detail"),
    ("How many methods are compared?", "detail"),
    ("How does CSA compare to CLIP?", "compare"),
    ("Compare MotherNet and HyPoGen: how fast is each?", "compare"),
])
def test_compared_to_in_a_quantity_question_is_its_baseline(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


@pytest.mark.parametrize("question", ["How big is NutriBench?", "How large is AIR-BENCH 2024?",
                                      "How many meal descriptions are in NutriBench?"])
def test_size_and_count_questions_name_no_measure(question: str) -> None:
    assert not asked_measures(question)


@pytest.mark.parametrize(("sentence", "words", "found"), [
    ("improvements over Uni3D on text-driven retrieval (+4.3%)", {"retrieval"}, True),
    ("it reaches 78% on held-out data", {"%"}, True),
    ("our newly collected 200-hour delivery-vehicle driving dataset", {"hour"}, True),
    ("we train on 1.2 million ImageNet images", {"%", "accuracy"}, False),
    ("AttriBoT can provide a 300x speedup", {"×"}, True),
    ("requiring $50$,$000\\times$ fewer multimodal data pairs", {"pair"}, True),
    ("a macro F1 of 92.1 on the test set", asked_measures("How accurate is it?"), True),
])
def test_figures_next_to_what_they_measure(sentence: str, words: set[str], found: bool) -> None:
    assert numbers_near(sentence, words, 6, 6) is found


@pytest.mark.parametrize(("question", "ranked"), [
    ("Which language model had the lowest refusal rate on AIR-BENCH 2024?", {"refusal", "rate"}),
    ("Which preference algorithm copes best with stale samples?", {"algorithm", "stale"}),
    ("What model scored the highest safety rate?", {"safety", "rate"}),
])
def test_a_ranking_ranks_on_the_words_around_its_superlative(question: str,
                                                            ranked: set[str]) -> None:
    assert ranked <= ranked_words(question)


def _sentence(index: int, score: float, *covered: str) -> ScoredSentence:
    return ScoredSentence(1, index, f"sentence {index}", score,
                          frozenset((t, 1 / 3) for t in covered))


def test_further_quotes_cover_what_the_best_one_leaves_out() -> None:
    best = _sentence(2, 0.6, "stable", "ratio")
    repeat = _sentence(0, 0.55, "stable", "ratio")
    new = _sentence(4, 0.5, "reset")
    picked = more_of_paper(best, [best, repeat, new, _sentence(5, 0.45, "ratio")])
    assert new in picked and [s.index for s in picked] == sorted(s.index for s in picked)


def test_background_before_the_papers_own_words_ranks_lower() -> None:
    pool = [ScoredSentence(1, 0, "Off-policy RL is unstable at high ratios.", 0.6),
            ScoredSentence(1, 1, "We augment training with data from a world model.", 0.55),
            ScoredSentence(1, 2, "It needs no network resets.", 0.52)]
    demoted = demote_background(pool)
    assert [s.index for s in demoted] == [1, 2, 0]
    assert {s.index: s.score for s in demoted}[2] == 0.52  # after the paper's own words: kept


# -- issue 13: rules that hold for a class of phrasings, not for one question's wording ----------

@pytest.mark.parametrize(("question", "asks_for"), [
    ("What is the largest number of devices the NAS method was tested on?", "quantity"),
    ("What's the number of pretraining tokens for OLMoE?", "quantity"),
    ("I'd like to know the number of hardware devices it was evaluated on.", "quantity"),
    ("How well does GeoX do on GeoQA?", "quantity"),
    ("How good is LD3's FID on CIFAR10?", "quantity"),
    ("Which language model had the lowest refusal rate on AIR-BENCH 2024?", "ranking"),
    ("How long does LD3 take to train?", "training_time"),
    ("On what hardware was PruneNet run?", "hardware"),
    ("Which VR device recorded LocoVR?", "name"),
    ("实验在哪个环境中进行？", "name"),
])
def test_what_a_question_asks_for_across_wordings(question: str, asks_for: str) -> None:
    assert analyse(question).asks_for == asks_for


@pytest.mark.parametrize(("question", "shape"), [
    ("Is there a theory of when adding fine-tuning weight differences works?", "detail"),
    ("What is the difference between MotherNet and HyPoGen?", "compare"),
    ("How do MotherNet and HyPoGen differ?", "compare"),
    ("How is MotherNet different from HyPoGen?", "compare"),
])
def test_difference_as_a_noun_is_no_comparison(question: str, shape: str) -> None:
    assert analyse(question).shape == shape


def test_a_request_reads_as_the_question_it_holds() -> None:
    assert as_question("Tell me the FID of LD3.") == "what is the FID of LD3."
    assert as_question("Can you tell me how HELM uses codons?") == "how HELM uses codons?"
    assert as_question("How does HELM use codons?") == "How does HELM use codons?"


@pytest.mark.parametrize(("question", "measures"), [
    ("By what margin does LASER-VFL beat the baselines?", {"improvement", "outperform"}),
    ("How big is ResKPN's gain in episodic rewards?", {"improvement"}),
    ("Which FID score does LD3 get at 10 NFE?", {"fid"}),
    ("How good is LD3's FID?", {"fid"}),
    ("What is the time needed to compress LLaMA-2-7B?", {"minute"}),
])
def test_a_measure_noun_is_told_in_any_word_of_its_group(question: str,
                                                          measures: set[str]) -> None:
    assert measures <= asked_measures(question)


@pytest.mark.parametrize(("question", "counted"), [
    ("How many human participants were in the user study?", "participants"),
    ("How many risk categories does AIR-BENCH 2024 have?", "categories"),
    ("On how much text was OLMoE pretrained?", "tokens"),
    ("How much higher are ResKPN's episodic rewards?", "improvement"),
])
def test_what_a_count_counts_is_its_head_noun_or_its_group(question: str, counted: str) -> None:
    assert counted in counted_words(question)


def test_how_much_before_a_verb_counts_nothing() -> None:
    assert counted_words("How much does PruneNet compress LLaMA-2-7B?") == []
    assert "human" not in counted_words("How many human participants took part?")


@pytest.mark.parametrize(("sentence", "found"), [
    ("grounded in the AI Risks taxonomy, AIR 2024.", False),  # a figure inside a name
    ("a four-tiered safety taxonomy with 314 granular risk categories", True),
    ("in 5-10 minutes of training", True),  # a range is a figure
])
def test_figures_in_names_do_not_count_ranges_do(sentence: str, found: bool) -> None:
    assert numbers_near(sentence, {"taxonomy", "minute"}, 6, 6) is found


def _hit(abstract: str, title: str = "X") -> Hit:
    return Hit(paper=Paper(id="p1", title=title, source="s.txt", position=1, abstract=abstract),
               text=abstract, score=1.0)


def test_how_well_takes_a_stated_result_when_no_figure_is_given() -> None:
    hits = [_hit("GeoX outperforms specialists on GeoQA. GeoX reads diagrams.", "GeoX")]
    pool = [ScoredSentence(1, 0, "GeoX outperforms specialists on GeoQA.", 0.5),
            ScoredSentence(1, 1, "GeoX reads diagrams.", 0.6)]
    question = "How well does GeoX do on GeoQA?"
    assert [s.index for s in find_evidence(pool, question, analyse(question), hits)] == [0]
    accurate = "How accurate is GeoX on GeoQA?"  # a figure only
    assert find_evidence(pool, accurate, analyse(accurate), hits) == []
    elsewhere = "How well does GeoX do on UniGeo?"  # a result on what was asked
    assert find_evidence(pool, elsewhere, analyse(elsewhere), hits) == []


def test_the_method_and_the_sentence_after_it_rank_higher() -> None:
    pool = [ScoredSentence(1, 0, "Large action spaces make learning hard.", 0.6),
            ScoredSentence(1, 1, "We propose a two-stage algorithm, POTEC.", 0.52),
            ScoredSentence(1, 2, "It leverages clustering in the action space.", 0.51),
            ScoredSentence(1, 3, "Experiments show large gains.", 0.55)]
    assert [s.index for s in favour_method(pool)][:2] == [1, 2]


def test_the_lead_is_the_clause_with_the_asked_figure_not_a_name() -> None:
    sentence = ("AIR 2024 decomposes 8 government regulations into a four-tiered safety "
                "taxonomy with 314 granular risk categories in the lowest tier.")
    lead = lead_clause(sentence, "What size is the AIR-BENCH 2024 taxonomy?", "AIR-BENCH 2024")
    assert "314 granular risk categories" in lead


def test_relation_signs_in_latex_are_shown_as_characters() -> None:
    assert clean_for_display("a \\sim40\\% gain, $\\approx$ 2x") == "a ~40% gain, ≈2x"


@pytest.mark.parametrize(("question", "yes_no"), [
    ("Does OLMoE release its training data?", True),
    ("Is SOAP quicker than AdamW in wall-clock time?", True),
    ("Can LLM agents cope with asynchronous tasks?", True),
    ("Is there any work on federated learning?", False),  # a list question
    ("Is it GeoQA or UniGeo that GeoX is tested on?", False),  # "X or Y" is no yes/no
    ("Does HyPoGen not need demonstrations?", False),  # a negated question is easily misread
    ("How large is NutriBench?", False),
])
def test_yes_no_questions_are_told_by_their_opening_auxiliary(question: str,
                                                               yes_no: bool) -> None:
    assert analyse(question).yes_no is yes_no


@pytest.mark.parametrize(("sentence", "expected"), [
    ("CSA only involves inference, eliminating the need for extensive GPU-based model "
     "training.", "no"),
    ("We open-source all our work: model weights, training data, code and logs.", "yes"),
    ("ReAct achieves 47% on synchronous tasks but only 11% on asynchronous tasks.", "part"),
    ("CSA maps unimodal features into a multimodal space.", "unsure"),
])
def test_the_verdict_follows_the_sentence_that_states_the_claim(sentence: str,
                                                                expected: str) -> None:
    question = {"no": "Does CSA need lots of GPU training?",
                "yes": "Does OLMoE release its training data?",
                "part": "Can agents cope with asynchronous tasks?",
                "unsure": "Does CSA need lots of GPU training?"}[expected]
    assert verdict(question, sentence) == expected


def test_a_yes_no_answer_quotes_the_sentence_stating_the_claim_first() -> None:
    abstract = ("We introduce OLMoE, a fully open language model. OLMoE has 7B parameters. "
                "We open-source all our work: model weights, training data and code.")
    hits = [_hit(abstract, "OLMoE")]
    sentences = abstract.split(". ")
    bank = SentenceBank(space="minilm")
    vectors = np.eye(len(sentences), 4, dtype=np.float32)
    bank.papers["p1"] = PaperSentences(sentences, vectors)
    question = "Does OLMoE release its training data?"
    # The question vector is closest to the sentences that name OLMoE, not the claim.
    vector = np.array([0.9, 0.8, 0.1, 0.0], dtype=np.float32)
    answer = extractive_answer(question, analyse(question), vector, hits, bank,
                               lambda term: 1.0)
    assert answer.text.startswith("Yes.")
    assert answer.text.split("\n")[0].index("training data") < answer.text.index("7B")


def test_a_list_matches_asked_names_as_whole_words() -> None:
    hits = [_hit("We study LLM decoding and film scoring.", "A"),
            Hit(paper=Paper(id="p2", title="B", source="s.txt", position=2,
                            abstract="We speed up LM inference with cascades."),
                text="We speed up LM inference with cascades.", score=0.9)]
    bank = SentenceBank(space="minilm")
    bank.papers["p1"] = PaperSentences(["We study LLM decoding and film scoring."],
                                       np.array([[0.0, 1.0]], dtype=np.float32))
    bank.papers["p2"] = PaperSentences(["We speed up LM inference with cascades."],
                                       np.array([[1.0, 0.0]], dtype=np.float32))
    question = "Which papers make LM inference cheaper?"
    answer = extractive_answer(question, analyse(question), np.array([1.0, 0.0]), hits, bank,
                               lambda term: 1.0)
    assert [c.paper.id for c in answer.citations] == ["p2"]


# -- issue 13, fresh dev batch (f0xx): everyday wordings the rules missed -----------------------
def test_how_many_and_what_kinds_is_one_part_counting_the_noun() -> None:
    question = ("How many and what kinds of pre-trained diffusion models was LD3 tested on, "
                "and which GPU was it trained on?")
    parts = split_parts(question)
    assert parts == ("How many and what kinds of pre-trained diffusion models was LD3 tested on",
                     "which GPU was it trained on")
    assert counted_words(parts[0])[0] == "models"


@pytest.mark.parametrize(("question", "thing"), [
    ("In which four domains was the SMC approach evaluated?", "domain"),
    ("What kinds of pre-trained models was LD3 tested on?", "model"),
    ("Which detection benchmarks was GMDP evaluated on?", "benchmark"),
    ("What does LD3 do?", None),
    ("What prototype representation does GMDP rely on?", None),
    ("Which of the papers were published in 2024?", None),
])
def test_the_thing_a_which_question_asks_to_name(question: str, thing: str | None) -> None:
    assert asked_thing(question) == thing


@pytest.mark.parametrize(("question", "shape"), [
    ("Which detection benchmarks was GMDP evaluated on?", "detail"),
    ("Which datasets were DSPO and LD3 tested on?", "detail"),
    ("Which benchmarks evaluate LLM agents?", "list"),
    ("Which methods were proposed for continual learning?", "list"),
    ("How many professional nutritionists took part in the NutriBench comparison?", "detail"),
    ("Compare NutriBench and LocoVR.", "compare"),
])
def test_a_question_about_one_named_paper_or_with_comparison_as_a_noun_is_no_list(
        question: str, shape: str) -> None:
    assert analyse(question).shape == shape


@pytest.mark.parametrize(("text", "found"), [
    ("such as Phi-3 and Llama-3 8B", True), ("Qwen2, Gemma2, and Llama3.1", True),
    ("phi-1.5 models", True), ("the Phillips curve", False), ("Gemmas", False),
])
def test_a_name_matches_with_its_version_but_not_inside_a_word(text: str, found: bool) -> None:
    assert bool(name_pattern("Phi").search(text) or name_pattern("Gemma").search(text)) == found


def test_a_two_word_topic_with_a_rare_word_marks_a_fitting_sentence() -> None:
    rare = {"distillation": 3.8}
    pairs = topic_pairs("Is there any work on knowledge distillation between a teacher and "
                        "a student model?", lambda t: rare.get(t, 1.0))
    assert ("knowledge", "distillation") in pairs
    assert holds_pair("Integrating Knowledge Distillation (KD) would mitigate forgetting.", pairs)
    assert not holds_pair("Distillation of knowledge is old.", pairs)
    assert not topic_pairs("Which papers train language models?", lambda t: 1.0)


@pytest.mark.parametrize(("sentence", "gives_it"), [
    ("a LLaMA3-8B model, trained over three iterations guided by SPaR, surpasses GPT-4", True),
    ("we train for 10 epochs on one GPU", True),
    ("trained in 5-10 minutes", True),
    ("three iterative refinements of the prompt", False),
])
def test_training_length_is_told_in_passes_too(sentence: str, gives_it: bool) -> None:
    assert gives("training_time", sentence) == gives_it


def test_how_much_better_takes_a_relative_figure_anywhere_in_the_stated_gain() -> None:
    text = ("We show that HELM outperforms standard pre-training on six diverse downstream "
            "property prediction tasks and an antibody annotation task on average by around 8%.")
    hits = [_hit(text, "HELM")]
    question = "How much better is HELM than standard pre-training?"
    found = find_evidence([ScoredSentence(1, 0, text, 0.6)], question, analyse(question), hits)
    assert found and "8%" in found[0].text


def test_a_detail_is_asked_of_the_paper_on_the_questions_topic_not_one_with_its_name() -> None:
    """dev c043: "speculative cascades ... with LLaMA 3" is the cascades paper's question,
    though only another paper names LLaMA 3."""
    cascades = _hit("Speculative cascades combine deferral rules with speculative decoding, "
                    "giving better cost-quality trade-offs with Gemma and T5 models.",
                    "Speculative cascades")
    rlhf = _hit("Asynchronous RLHF trains a chatbot from LLaMA 3.1 8B 40% faster.", "RLHF")
    hits = [cascades, rlhf]
    assert markers_about("how much speedup do speculative cascades give with LLaMA 3 models",
                         hits, lambda term: 1.0) == {1}
    # a question about the name alone stays with the paper that has it
    assert markers_about("how much faster is training with LLaMA 3", hits,
                         lambda term: 1.0) == {2}


def test_a_list_takes_every_paper_saying_the_rare_topic_word_the_shown_ones_say() -> None:
    from rag.listing import _topic_word
    rare = {"hypernetwork": 3.6, "looking": 3.5, "generate": 2.7, "weight": 2.7}
    weight = lambda term: rare.get(term, 1.0)  # noqa: E731
    question = "papers that use a hypernetwork to generate weights"
    shown = [ScoredSentence(1, 0, "MotherNet is a hypernetwork that generates weights.", 0.8)]
    assert _topic_word(question, shown, weight) == "hypernetwork"
    # a rare word the shown papers do not say is no topic: "looking" for papers
    other = [ScoredSentence(1, 0, "MotherNet generates the weights of a network.", 0.8)]
    assert _topic_word("looking for papers that generate weights", other, weight) is None
    assert _topic_word(question, [], weight) is None


@pytest.mark.parametrize("sentence", [
    "validated on the large language model Phi-1.5 (1.3B).",
    "We pre-train 360m and 660m sized models.",
])
def test_a_model_size_figure_gives_a_parameter_count(sentence: str) -> None:
    assert numbers_near(sentence, {"parameter"}, 3, 3)
    assert not numbers_near("trained for 12 epochs on the data.", {"parameter"}, 3, 3)
