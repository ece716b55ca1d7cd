"""Question rules from this stop's dev batches: last stop's held-out ns and the fresh nw, nx.
"The name of the X dataset" asks a name; a model "from AI2" names its maker, not what must be
found; a module asked for is told where the paper proposes it by name; a count in brackets asks
a figure; "give me the X, plus the Y" asks each; a headcount is a count; what a method achieves
is a figure; a setting asked for is where the method is evaluated; "side-by-side" compares."""

from __future__ import annotations

from rag.query import analyse
from rag.question_parts import split_parts
from rag.spelling import expand_shorthand
from tests.extractive_fakes import alike_answer, hit

_SIMPL = hit("Here we propose SIMPL, an EM-style algorithm which optimises latent variables. "
             "When applied to a large hippocampal dataset SIMPL converges on smaller place "
             "fields", "SIMPL")


def test_the_name_of_a_dataset_asks_its_name() -> None:
    for question in ("What is the name of the hippocampal dataset that SIMPL was applied to?",
                     "SIMPL hippocampal dataset name"):
        assert analyse(question).asks_for == "name"
        assert not alike_answer(question, [_SIMPL]).answerable  # the abstract names none
    named = hit("We evaluate SIMPL on the HC-11 hippocampal dataset, where it converges fast",
                "SIMPL")
    answer = alike_answer("What is the name of the hippocampal dataset that SIMPL was applied "
                          "to?", [named])
    assert answer.answerable and "HC-11" in answer.text


def test_a_models_maker_need_not_be_in_the_abstract() -> None:
    olmoe = hit("We introduce OLMoE, a fully open language model. OLMoE-1B-7B has 7 billion "
                "parameters but uses only 1B per input token", "OLMoE")
    answer = alike_answer("How many weights does that open mixture-of-experts language model "
                          "from AI2 have in total?", [olmoe])
    assert answer.answerable and "7 billion" in answer.text
    # control: a name that is the topic itself is still needed
    assert not alike_answer("How many weights does OLMoE have on AI2 tasks?", [olmoe]).answerable


def test_a_module_is_told_where_the_paper_proposes_it_by_name() -> None:
    geox = hit("we present GeoX, a multi-modal large model for geometry. We propose a "
               "Generator-And-Sampler Transformer (GS-Former) to generate discriminative "
               "queries from geometric signals", "GeoX")
    answer = alike_answer("Which module does GeoX propose to generate discriminative queries "
                          "from geometric signals?", [geox])
    assert answer.answerable and "GS-Former" in answer.text


def test_a_count_in_brackets_asks_a_figure() -> None:
    question = expand_shorthand("dynamicflow dataset size (# complexes)?")
    assert analyse(question).asks_for == "quantity"
    flow = hit("We curate a dataset of apo and holo states of protein-ligand complexes, and "
               "propose DynamicFlow", "DynamicFlow")
    assert not alike_answer(question, [flow]).answerable


def test_give_me_the_one_plus_the_other_asks_each() -> None:
    assert split_parts("Give me the number of training runs behind the scaling law fits, plus "
                       "the CIFAR10 FID that LD3 achieves.") == (
        "what is the number of training runs behind the scaling law fits?",
        "what is the CIFAR10 FID that LD3 achieves?")
    assert analyse("what is the CIFAR10 FID that LD3 achieves?").asks_for == "quantity"
    # control: "plus" joining two words of one thing asked is one ask
    assert split_parts("Give me the gain of DSPO on image quality plus alignment.") == ()


def test_a_headcount_is_a_count() -> None:
    question = expand_shorthand("I need the headcount of dietitians that NutriBench compared "
                                "the LLMs against.")
    assert "number of dietitians" in question
    assert analyse(question).asks_for == "quantity"


def test_a_setting_asked_for_is_where_the_method_is_evaluated() -> None:
    agent = hit("we present LS-Imagine, which extends the imagination horizon. Our method "
                "demonstrates significant improvements over state-of-the-art techniques in "
                "MineDojo", "LS-Imagine")
    answer = alike_answer("Which open-world game setting was LS-Imagine tested in?", [agent])
    assert answer.answerable and "MineDojo" in answer.text


def test_side_by_side_compares() -> None:
    assert analyse("I'd like a side-by-side of the techniques in this collection that help a "
                   "network keep old skills.").shape == "compare"


def test_data_used_to_test_a_named_method_are_that_methods() -> None:
    assert analyse("Tell me the names of the real graph datasets (e.g. Cora or similar) used to "
                   "test JDR's feature denoising.").shape != "list"
    # control: papers using such data are still listed
    assert analyse("Which papers use real graph datasets?").shape == "list"


def test_a_typed_base_model_asks_its_name() -> None:
    for question in ("TVM verifier backbone model", "dspo base model (stable diffusion version?)"):
        assert analyse(question).asks_for == "name"
