"""What a detail question names or asks to be named must be in the paper that answers it:
names the paper lacks, accelerator names, links and references (issue 13, fresh dev batch 20)."""

from __future__ import annotations

import pytest

from paperwise.types import Hit, Paper
from rag.acronyms import term_acronyms
from rag.asked import asked_thing, gives, offered_words
from rag.evidence import ScoredSentence, find_evidence
from rag.figures import numbers_near, question_figures
from rag.measures import counted_words, with_elided_count
from rag.names import names_lacking
from rag.query import analyse


def _hit(abstract: str, title: str = "X") -> Hit:
    return Hit(paper=Paper(id="p1", title=title, source="s.txt", position=1, abstract=abstract),
               text=abstract, score=1.0)


def _found(question: str, sentences: list[str], title: str = "X") -> list[str]:
    hits = [_hit(" ".join(sentences), title)]
    pool = [ScoredSentence(1, i, s, 1.0 - i / 10) for i, s in enumerate(sentences)]
    return [s.text for s in find_evidence(pool, question, analyse(question), hits)]


@pytest.mark.parametrize(("question", "abstract", "lacking"), [
    # a condition the paper never mentions: its other figures do not answer it
    ("What FID does LD3 reach on ImageNet?", "LD3 reaches an FID of 2.38 on CIFAR10.",
     ["ImageNet"]),
    # a name with its version written another way, an acronym spelled out: both there
    ("Which model does the 8B Llama beat after SPaR?", "SPaR makes LLaMA3-8B beat GPT-4.", []),
    ("How does X detect OOD inputs?", "X detects out-of-distribution inputs.", []),
    # of names offered as alternatives, one is enough
    ("Which LLMs (LLaMA or Mistral) did KaSA tune?", "KaSA tunes Mistral-7B.", []),
    ("Which LLMs (LLaMA or Mistral) did KaSA tune?", "KaSA tunes a range of LLMs.",
     ["LLaMA", "Mistral"]),
])
def test_the_names_a_paper_lacks(question: str, abstract: str, lacking: list[str]) -> None:
    title = abstract.split()[0]
    assert names_lacking(question, _hit(abstract, title)) == lacking


@pytest.mark.parametrize("question", [
    "What GPU model was SPA trained on?", "Which GPUs were used to train SPA?",
    "What type of GPU did SPA use?",
])
def test_which_gpu_asks_for_the_accelerators_name(question: str) -> None:
    assert analyse(question).asks_for == "name"
    assert _found(question, ["Our model takes 6000 GPU hours to train.",
                             "It endows a Vision Transformer (ViT) with 3D awareness.",
                             "SPA was trained on 8 NVIDIA A100 GPUs."], "SPA") == [
        "SPA was trained on 8 NVIDIA A100 GPUs."]


def test_what_gpu_a_method_needs_may_be_told_without_a_name() -> None:
    assert analyse("What GPU does SPA need?").asks_for == "compute"
    assert analyse("How many GPUs did SPA use?").asks_for == "compute"


def test_the_datasets_of_an_evaluation_are_named_where_it_is_told() -> None:
    """A link or the method's own technique names no dataset it was evaluated on."""
    question = "Which six benchmark datasets was AFLOW evaluated on?"
    sentences = ["The code is available at https://github.com/FoundationAgents/AFlow.",
                 "AFLOW explores this space using Monte Carlo Tree Search.",
                 "Evaluations on six benchmark datasets show AFLOW's efficacy."]
    assert _found(question, sentences, "AFLOW") == []
    named = "Evaluations on HotpotQA and GSM8K show AFLOW's efficacy."
    assert _found(question, [*sentences, named], "AFLOW") == [named]


def test_a_terms_acronym_names_no_dataset_or_model() -> None:
    """ "Federated Learning (FL)" shortens a term: "in FL" names no dataset (fresh dev batch i);
    a name it does not spell out still counts."""
    question = "Which datasets was FedLWS evaluated on?"
    sentences = ["In Federated Learning (FL), weighted aggregation is common.",
                 "Extensive experiments show the superiority of our method in FL."]
    assert term_acronyms(" ".join(sentences)) == ("FL",)
    assert _found(question, sentences, "FedLWS") == []
    named = "Experiments on CIFAR-10 show the superiority of our method in FL."
    assert _found(question, [*sentences, named], "FedLWS") == [named]
    assert _found("Which specific LM does X use?", [
        "We use out-of-distribution (OOD) embeddings.", "X beats OOD detectors."]) == []


@pytest.mark.parametrize(("sentence", "found"), [
    ("By reformulating MNN (Pervez et al., 2024), we reduce the computational time.", False),
    ("As Smith and Lee (Smith and Lee, 2023) note, time matters.", False),
    ("We reduce the computational time by 40%.", True),
])
def test_a_references_year_is_no_figure(sentence: str, found: bool) -> None:
    assert numbers_near(sentence, {"time"}, 6, 6) is found
    assert gives("quantity", sentence) is found


def test_a_score_is_told_as_what_a_method_achieves() -> None:
    question = "What score does ReAct with gpt-4o get on the asynchronous tasks in Robotouille?"
    sentence = "In Robotouille, ReAct (gpt-4o) achieves only 11% on asynchronous tasks."
    assert _found(question, ["Robotouille tests planning.", sentence]) == [sentence]


def test_how_much_a_complexity_shrinks_is_told_as_an_order() -> None:
    question = "How much does S-MNN reduce the time complexity with respect to sequence length?"
    sentence = ("By reformulating MNN (Pervez et al., 2024), we reduce the time complexity from "
                "cubic to linear.")
    assert _found(question, ["S-MNN runs on long sequences.", sentence], "S-MNN") == [sentence]
    # a multiple is a figure still: the order does not tell "how many times faster"
    times = "How many times faster is S-MNN than MNN on long sequences?"
    assert _found(times, ["S-MNN runs on long sequences.", sentence], "S-MNN") == []


def test_a_name_is_read_whole_with_its_version_and_the_question_names_first() -> None:
    """Fresh dev batch 24: "GPT-4-Turbo" read as "GPT" gave no name; the sentence holding
    the question's IFEval comes before one about other models."""
    question = ("After training a LLaMA3-8B model with SPaR, which stronger model does it beat on "
                "IFEval?")
    other = "SPaR scales well, enhancing models like GLM-4-9B and LLaMA3-70B."
    gold = "A LLaMA3-8B model trained with SPaR surpasses GPT-4-Turbo on the IFEval benchmark."
    assert _found(question, [other, gold], "SPaR") == [gold, other]


def test_what_environments_asks_for_their_names() -> None:
    question = "On what specific environments was ResKPN evaluated?"
    assert analyse(question).asks_for == "name"
    vague = "ResKPN achieves a 30% improvement in episodic rewards across complex environments."
    assert _found(question, [vague], "ResKPN") == []
    assert _found(question, [vague, "We evaluate ResKPN on MuJoCo environments."], "ResKPN") == [
        "We evaluate ResKPN on MuJoCo environments."]


def test_a_success_rate_is_told_as_a_share() -> None:
    question = "What success rate does ReAct reach on asynchronous tasks?"
    sentence = "ReAct achieves 47% on synchronous tasks but only 11% on asynchronous tasks."
    assert _found(question, ["ReAct is an agent.", sentence], "ReAct") == [sentence]
    # the word of a generic head still counts when it is no share: "what batch size"
    assert _found("What batch size does X use?", ["X uses 8 GPUs."]) == []


def test_gpu_hours_are_compute_not_the_hardware() -> None:
    question = "On what hardware was SPA trained?"
    assert analyse(question).asks_for == "hardware"
    assert _found(question, ["SPA takes more than 6000 GPU hours to train."], "SPA") == []
    assert _found(question, ["SPA was trained on TPUs."], "SPA") == ["SPA was trained on TPUs."]


def test_an_elided_count_counts_what_the_part_before_counted() -> None:
    question = ("How many experts per layer does OLMoE-1B-7B have, and how many are activated per "
                "token?")
    first, second = analyse(question).parts
    assert counted_words(first)[0] == "experts"
    assert counted_words(second) == []
    assert with_elided_count(second, first) == "how many experts are activated per token"


def test_the_main_idea_asks_for_the_method_not_a_summary() -> None:
    assert analyse("What is the main idea behind the SOAP optimizer?").shape == "detail"
    assert analyse("What is SOAP?").shape == "summary"


@pytest.mark.parametrize(("question", "ranking"), [
    ("What do most current LLM pruning techniques depend on?", False),  # a quantifier
    ("Which LLM refused least often on AIR-BENCH 2024?", True),
    ("Which works use most of the data?", False),
    ("What is the most accurate model?", True),
    ("Which method helps most?", True),
    ("Which model came out as the safest on AIR-BENCH 2024?", True),
])
def test_most_ranks_only_as_a_superlative(question: str, ranking: bool) -> None:
    assert (analyse(question).asks_for == "ranking") is ranking


def test_a_model_size_in_the_question_is_a_condition() -> None:
    """Fresh dev batch 26: "when pre-training a 7B-parameter model" was answered from the
    360m and 660m runs."""
    question = "How much did SOAP reduce iterations compared with AdamW on a 7B-parameter model?"
    sentence = "On 360m and 660m models SOAP reduces iterations by over 40% compared to AdamW."
    assert question_figures(question) == {"7b": ""}
    assert _found(question, [sentence], "SOAP") == []
    small = question.replace("7B-parameter", "360m")
    assert _found(small, [sentence], "SOAP") == [sentence]


def test_an_acronym_the_question_spells_out_names_nothing_new() -> None:
    question = "Which language model families were analysed for multiple-choice question answering?"
    assert _found(question, ["We ask how successful models perform formatted MCQA."]) == []
    assert _found(question, ["We analyse Llama 3 and OLMo models on MCQA."]) == [
        "We analyse Llama 3 and OLMo models on MCQA."]


@pytest.mark.parametrize(("question", "counted"), [
    # the last plural before the verb the phrase ran into; quotes off
    ("How many granular risk categories sit in the lowest tier of the taxonomy?", "categories"),
    ("how many heartbeat 'words' are in HeartLang's ECG vocabulary?", "words"),
    ("olmoe: how many experts per MoE layer, and how many are routed per token?", "experts"),
    ("KaSA was compared with how many PEFT methods, across how many benchmarks?", "benchmarks"),
])
def test_what_a_count_counts_across_phrasings(question: str, counted: str) -> None:
    assert counted_words(question)[0] == counted


def test_a_topic_may_lead_a_compound_question_and_a_factor_is_a_quantity() -> None:
    parts = analyse("olmoe: how many experts per MoE layer, and how many are routed?").parts
    assert len(parts) == 2
    assert analyse("By what exact factor does DS-LLM cut energy use?").asks_for == "quantity"
    assert analyse("What factors drive forgetting?").asks_for is None  # causes, not a multiple


def test_the_asked_thing_must_be_spoken_of_and_container_nouns_need_not_be() -> None:
    """"From which species" is not answered by a paper that never speaks of species; "what
    components does X bundle" is answered by the parts it lists (fresh dev batch a)."""
    sentences = ["SIMPL is an EM-style algorithm.",
                 "Applied to a large hippocampal dataset, SIMPL finds smaller place fields."]
    assert _found("From which animal species was the dataset SIMPL was applied to recorded?",
                  sentences, "SIMPL") == []
    assert _found("From which animal species was the dataset SIMPL was applied to recorded?",
                  [*sentences, "The recordings come from three rat species."], "SIMPL")
    assert _found("What components does POGEMA bundle?",
                  ["POGEMA comprises a fast environment and a problem instance generator."],
                  "POGEMA")


def test_lower_case_alternatives_ending_a_question_need_one_of_them() -> None:
    sentences = ["Applied to a large hippocampal dataset, SIMPL finds smaller place fields."]
    assert _found("SIMPL hippocampal dataset - was it recorded in rats or mice?", sentences,
                  "SIMPL") == []
    assert _found("SIMPL hippocampal dataset - was it recorded in rats or mice?",
                  [*sentences, "The data were recorded in freely moving rats."], "SIMPL")
    # alternatives inside the question name its topic, not a choice (dev split q055)
    assert offered_words("Is there a theory of when adding or subtracting weights works?") == set()


def test_which_llms_needs_a_model_like_name_and_not_prior_works() -> None:
    question = "Which specific LLMs did DS-LLM convert into dynamical-system machines?"
    sentences = [
        "Training costs grew from 64 million USD for GPT-4 to 191 million for Gemini Ultra.",
        "We introduce DS-LLM, which exploits Natural Annealing for efficiency.",
        "DS-LLM maps LLM components to optimization problems via Hamiltonian configurations."]
    assert _found(question, sentences, "DS-LLM") == []  # GPT-4 is the background's
    converted = "We convert Llama-2-7B and GPT-2 into DS-LLMs."
    assert _found(question, [*sentences, converted], "DS-LLM") == [converted]


def test_alternatives_are_read_through_hyphens_and_a_names_head() -> None:
    from rag.names import alternatives

    assert {"ImageNet", "Places"} in alternatives("Does it test on ImageNet-LT or Places-LT?")
    assert {"DeepMind", "Atari"} in alternatives(
        "Does MAD-TD evaluate on the DeepMind control suite or Atari?")
    assert alternatives("Does X work on images or text?") == []


def test_a_hyphenated_word_stands_by_each_of_its_parts() -> None:
    sentence = "ARC achieves an average performance increase of 2.7% on the CIFAR-100 dataset."
    assert numbers_near(sentence, {"cifar"}, 6, 6)
    assert not numbers_near("ARC achieves 2.7% on Imagenet-R and works on the CIFAR-100.",
                            {"cifar"}, 3, 3)


@pytest.mark.parametrize(("question", "thing"), [
    ("Which countries' dietary intake surveys is NutriBench built from?", "survey"),
    ("tell me the six benchmark datasets AFLOW was evaluated on", "dataset"),
    ("Which two policies does FtTPO keep?", "policy"),
    ("What does JDR do to graph data?", None),  # "does" is the verb, not a thing
])
def test_the_thing_asked_for(question: str, thing: str | None) -> None:
    assert asked_thing(question) == thing


def test_a_request_naming_what_a_clause_specifies_asks_for_it() -> None:
    """"Tell me the datasets X was evaluated on" asks for names, not for a summary of X."""
    intent = analyse("tell me the six benchmark datasets AFLOW was evaluated on")
    assert (intent.shape, intent.asks_for) == ("detail", "name")
    assert analyse("What are the datasets AFLOW was evaluated on?").shape == "detail"
    assert analyse("Tell me the main contribution of FB-CPR").shape == "summary"
    assert analyse("What is FB-CPR?").shape == "summary"


def test_on_top_of_ranks_nothing() -> None:
    assert analyse("What's the one extra hyperparameter SOAP adds on top of Adam?").asks_for is None
    assert analyse("Which model ended up on top on AIR-BENCH 2024?").asks_for == "ranking"


def test_what_are_the_things_a_clause_specifies_asks_for_them() -> None:
    question = "what are the six benchmark datasets AFLOW is evaluated on"
    assert (analyse(question).shape, analyse(question).asks_for) == ("detail", "name")
    assert asked_thing(question) == "dataset"
    assert analyse("What is the number of risk categories in AIR-BENCH 2024?").asks_for == \
        "quantity"


def test_a_names_head_may_hold_a_figure() -> None:
    from rag.names import alternatives

    assert {"Game", "Sudoku"} in alternatives("Was D-TSN tested on Game of 24 or on Sudoku?")


def test_a_settings_value_is_told_in_digits() -> None:
    # fresh dev batch ld: "one additional hyperparameter" is no value of the frequency
    sentences = ["SOAP adds only one additional hyperparameter (the preconditioning frequency).",
                 "SOAP updates the preconditioner every 10 steps (its preconditioning frequency)."]
    question = "What value of the preconditioning frequency did SOAP use?"
    assert _found(question, sentences[:1], "SOAP") == []
    assert _found(question, sentences, "SOAP") == sentences[1:]


def test_a_result_on_a_named_benchmark_tells_where_a_method_was_evaluated() -> None:
    # fresh dev batch la: no word of an evaluation, a result "in MineDojo"
    sentence = "Our method demonstrates significant improvements over prior techniques in MineDojo."
    assert _found("which environment is LS-Imagine evaluated in?", [sentence]) == [sentence]
    # a model beaten is no benchmark (dev k027)
    assert _found("which six benchmarks was X evaluated on?",
                  ["X enables smaller models to outperform GPT-4o on some tasks."]) == []


def test_baselines_are_named_where_a_paper_compares() -> None:
    sentence = "It is competitive with TabPFN and standard ML methods like Gradient Boosting."
    assert _found("what baselines does MotherNet compare to?", [sentence], "MotherNet") == [
        sentence]


def test_an_improvement_asked_for_is_told_by_a_gain_in_the_sentence() -> None:
    sentence = ("UniGS achieves remarkable improvements over previous SOTA, Uni3D, including on "
                "zero-shot classification (+9.36%).")
    assert _found("what zero-shot classification improvement does UniGS report?", [sentence],
                  "UniGS") == [sentence]
