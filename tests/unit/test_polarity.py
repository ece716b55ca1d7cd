"""Polarity checks added for issue 12, on real abstract sentences (data/): a reversal inside one
clause of a long claim is caught, and a relative clause or a negated aside is not misread."""

from __future__ import annotations

import pytest

from rag.negation import negated_word_conflict
from rag.polarity import check_polarity, check_reversal
from rag.wording import read_words

RESKPN = ("Furthermore, inspired by the advantage functions, we introduce a residual layer that "
          "further stabilizes the training process by significantly reducing gradient variance "
          "in RKHS.")
RESKPN_PROBLEM = ("In this work, we conduct a comprehensive analysis of the significant "
                  "instability in RKHS policies and reveal that the variance of the policy "
                  "gradient increases substantially when a wide-bandwidth kernel is employed.")
CSA = ("Experiments show that CSA outperforms CLIP while requiring 50,000x fewer multimodal "
       "data pairs to bridge the modalities given pre-trained unimodal encoders on ImageNet "
       "classification and misinformative news caption detection.")
DATASEL = ("Notably, our method effectively removes noisy or damaged samples from the dataset, "
           "enabling it to achieve even higher performance with less data.")
HYPOGEN = ("The proposed hypernetwork learns to synthesize optimal policy parameters solely from "
           "task specifications -- without accessing training data -- by modeling policy "
           "generation as an approximation of the optimization process executed over a finite "
           "number of steps and assuming these specifications serve as a sufficient "
           "representation of the demonstration data.")
MDP = ("Performance bounds for discounted reward MDPs cannot be easily extended to average "
       "reward MDPs as the bounds grow proportional to the fifth power of the effective horizon.")

# Long claims joining several facts, each reversing one of them in a later clause.
REVERSED_IN_A_CLAUSE = [
    ("The gain comes from combining RKHS policy learning with representation learning and "
     "adding a residual layer that substantially raises gradient variance.", RESKPN),
    ("ResKPN learns RKHS policies together with representations of the observations, and its "
     "residual layer increases the variance of the gradient.", RESKPN),
    ("Built on two unimodal encoders and a cubic-complexity decomposition, CSA beats CLIP on "
     "ImageNet and news caption detection, but it needs far more multimodal data pairs.", CSA),
    ("On misinformative news caption detection and ImageNet classification, CSA lags behind "
     "CLIP, while requiring fewer multimodal data pairs.", CSA),
    ("Using CLIP's multimodal knowledge through three modules, the framework removes noisy or "
     "damaged samples, so it reaches lower performance with less data.", DATASEL),
]
# Faithful claims the clause-wise check must leave alone.
FAITHFUL = [
    ("The gain comes from combining RKHS policy learning with representation learning and "
     "adding a residual layer that substantially lowers gradient variance.", RESKPN),
    ("A residual layer, inspired by advantage functions, stabilizes training and reduces the "
     "gradient variance in RKHS.", RESKPN),
    ("Built on two unimodal encoders, CSA beats CLIP on ImageNet and news caption detection, "
     "and it needs 50,000 times fewer multimodal data pairs.", CSA),
    ("Because it removes noisy or damaged samples, it reaches even higher performance with "
     "less data, which suggests it improves overall data quality.", DATASEL),
    # A negated aside ("without accessing training data") the claim does not speak of.
    ("Its optimization-biased hypernetwork synthesizes policy parameters solely from task "
     "specifications, which are assumed to represent the demonstration data sufficiently.",
     HYPOGEN),
    ("HyPoGen builds policy parameters from task specifications alone, treating them as a "
     "sufficient stand-in for the demonstration data.", HYPOGEN),
    ("Bounds for discounted-reward MDPs cannot easily be carried over to average-reward MDPs, "
     "since they grow with the fifth power of the effective horizon.", MDP),
]


@pytest.mark.parametrize(("claim", "evidence"), REVERSED_IN_A_CLAUSE)
def test_a_reversal_in_one_clause_of_a_long_claim_is_caught(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence) is not None


@pytest.mark.parametrize(("claim", "evidence"), FAITHFUL)
def test_faithful_long_claims_pass(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence) is None


def test_the_sentence_sharing_most_words_decides() -> None:
    """"lowers gradient variance" agrees with the residual-layer sentence; the sentence saying
    the variance "increases" speaks of the kernel, not of the residual layer."""
    claim = FAITHFUL[0][0]
    assert check_reversal(claim, [RESKPN_PROBLEM, RESKPN]) is None
    assert check_reversal(REVERSED_IN_A_CLAUSE[0][0], [RESKPN_PROBLEM, RESKPN]) == (
        "says 'raises' where the abstract says 'reducing'")


def test_a_bare_negation_is_judged_only_against_the_closest_sentence() -> None:
    flipped = ("Bounds for discounted-reward MDPs can easily be extended to average-reward MDPs, "
               "as they grow with the fifth power of the effective horizon.")
    assert check_reversal(flipped, [MDP]) == "negates what the abstract says"
    # against a second sentence only the stricter check of the negated word itself speaks
    assert check_reversal(flipped, [RESKPN, MDP]) == (
        "says 'extended' where the abstract says 'not extended'")
    kept = flipped.replace("can easily be extended", "cannot easily be extended")
    assert check_reversal(kept, [RESKPN, MDP]) is None


def test_no_evidence_or_not_english_passes() -> None:
    assert check_reversal(FAITHFUL[0][0], []) is None
    assert check_reversal("残差层显著增加了梯度方差。", [RESKPN]) is None


LASER = ("Experiments show that the method is reliable and scalable, and that it performs well "
         "on unseen clients while simplifying deployment.")
TRACTABLE = "The resulting estimator is unbiased and the optimization stays tractable."


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The method is unreliable and scalable, performing well on unseen clients.", LASER),
    ("The method performs poorly on unseen clients.", LASER),
    ("It complicates deployment while performing well on unseen clients.", LASER),
    ("The resulting estimator is biased.", TRACTABLE),
    ("The estimator is unbiased, but the optimization becomes intractable.", TRACTABLE),
])
def test_more_general_antonyms_are_read(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence) is not None


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The method is reliable, scales, and works well for unseen clients.", LASER),
    ("Deployment gets simpler and unseen clients are handled well.", LASER),
    ("The estimator has no bias and the optimization remains tractable.", TRACTABLE),
])
def test_their_paraphrases_pass(claim: str, evidence: str) -> None:
    assert check_polarity(claim, evidence) is None


SEARCH_COT = ("We also find that performing search in-context (i.e., chain-of-thought) does not "
              "resolve this inability to learn to search on larger graphs.")


@pytest.mark.parametrize("claim", [
    "Searching in-context with chain-of-thought fixes this inability to learn search on larger "
    "graphs.",
    "Chain-of-thought search in context solves the inability to learn to search on larger "
    "graphs.",
    "Learning gets harder as graphs grow, and in-context search with chain-of-thought does "
    "overcome this inability to learn search on larger graphs.",
])
def test_a_dropped_negation_is_caught_through_a_synonym(claim: str) -> None:
    assert check_polarity(claim, SEARCH_COT) == "negates what the abstract says"


@pytest.mark.parametrize("claim", [
    "Chain-of-thought search in context does not fix this inability to learn search on larger "
    "graphs.",
    "Searching in-context via chain-of-thought fails to overcome the inability to learn to "
    "search on larger graphs.",
    "Learning gets harder as graphs grow, and in-context search with chain-of-thought cannot "
    "fix this inability to learn search on larger graphs.",
])
def test_a_kept_negation_passes_through_a_synonym(claim: str) -> None:
    assert check_polarity(claim, SEARCH_COT) is None


# Issue 12, round 2: reversals told with evaluative words that are no antonym pair of each
# other, with a phrasal verb, or by swapping who beats whom; sentences from data/.
DYNAMICFLOW = ("Additionally, the resultant holo-like states provide superior inputs for "
               "traditional SBDD approaches, playing a significant role in practical drug "
               "discovery.")
TVMS = ("Experimental results demonstrate that combining tree-search-based inference strategies "
        "with TVMs significantly improves the accuracy of LLMs in mathematical problem-solving "
        "tasks, surpassing the performance of existing verifiers.")
LABEL_NOISE = ("We first demonstrate the importance of modeling the temporal nature of the label "
               "noise function and how existing methods will consistently underperform.")
ETSEED = ("Experiments demonstrate superior data efficiency and manipulation proficiency of our "
          "proposed method, as well as its ability to generalize to unseen configurations with "
          "only a few demonstrations.")
DSPO = ("Our experimental results demonstrate that DSPO outperforms preference learning baselines "
        "for T2I diffusion models in human preference evaluation tasks and enhances both visual "
        "appeal and prompt alignment of generated images.")
METRA = ("In this paper, we argue that the benefits seen in that paper can largely be explained "
         "within the existing framework of mutual information skill learning (MISL).")
MADTD = ("In this paper, we focus on one of the core difficulties of stable training with limited "
         "samples: the inability of learned value functions to generalize to unobserved "
         "on-policy actions.")
GRIDMIX = ("While spatial modulation with vanilla grid-based representations offers a promising "
           "alternative, it struggles with inadequate global information modeling and "
           "over-fitting to the training spatial domain.")
SMNN = ("This significant improvement enables efficient modeling of long-term dynamics without "
        "sacrificing accuracy or interpretability.")


@pytest.mark.parametrize(("claim", "evidence"), [
    ("The holo-like states it produces turn out to be poorer inputs for conventional SBDD "
     "methods.", DYNAMICFLOW),
    ("Combining tree-search inference with TVMs leaves LLM accuracy on mathematical problem "
     "solving below that of existing verifiers.", TVMS),
    ("The authors show that existing methods cope well with temporal label noise even when they "
     "ignore its temporal nature.", LABEL_NOISE),
    ("It shows better data efficiency, but it fails to generalise to unseen configurations "
     "unless given many demonstrations.", ETSEED),
    ("DSPO falls behind preference learning baselines in human preference evaluation tasks.",
     DSPO),
    ("Preference learning baselines beat DSPO in human preference evaluation tasks.", DSPO),
    ("The paper argues that the benefits METRA credited to a Wasserstein distance cannot be "
     "explained within the existing mutual information skill learning (MISL) framework.", METRA),
    ("That makes long-term dynamics efficient to model, though at the expense of accuracy and "
     "interpretability.", SMNN),
])
def test_a_reversed_judgement_is_caught(claim: str, evidence: str) -> None:
    assert check_reversal(claim, [evidence]) is not None


@pytest.mark.parametrize(("claim", "evidence"), [
    ("MAD-TD goes after one core cause of instability with limited samples: learned value "
     "functions fail to generalize to unobserved on-policy actions.", MADTD),
    ("Plain grid-based spatial modulation lacks global information and overfits to the training "
     "domain.", GRIDMIX),
    ("It models long-term dynamics efficiently while keeping accuracy and interpretability.",
     SMNN),
    ("DSPO beats preference learning baselines in human preference evaluations and improves "
     "visual appeal and prompt alignment.", DSPO),
    ("The holo-like states it generates make better inputs for conventional SBDD methods.",
     DYNAMICFLOW),
    ("Existing methods that ignore the temporal nature of the noise consistently fall short.",
     LABEL_NOISE),
])
def test_the_same_judgement_in_other_words_passes(claim: str, evidence: str) -> None:
    assert check_reversal(claim, [evidence]) is None


def test_a_swapped_comparison_says_so() -> None:
    reason = check_reversal("Preference learning baselines beat DSPO in human preference "
                            "evaluation tasks.", [DSPO])
    assert reason is not None and "swapped" in reason


SHAMPOO_COST = ("However, Shampoo's drawbacks include additional hyperparameters and "
                "computational overhead when compared to Adam, which only updates running "
                "averages of first- and second-moment quantities.")
SHAMPOO_GOOD = ("There is growing evidence of the effectiveness of Shampoo, a higher-order "
                "preconditioning method, over Adam in deep learning optimization tasks.")


def test_a_judgement_another_close_sentence_backs_passes() -> None:
    """A claim fusing two sentences: its "beat" is backed by the second closest sentence, not
    contradicted by the closest one's "drawbacks"."""
    claim = ("Shampoo tends to beat Adam but brings extra hyperparameters and computational "
             "overhead.")
    assert check_reversal(claim, [SHAMPOO_COST]) is not None
    assert check_reversal(claim, [SHAMPOO_COST, SHAMPOO_GOOD]) is None


# Issue 12 round 5: a fresh dev batch of eval/verifier.jsonl, on real abstract sentences.
RNA = ("Existing works predominantly focus on 1D sequence-based models, which overlook the "
       "geometric context provided by 2D and 3D geometries.")
FLAT = ("However, limited attention has been paid to the reinforcement learning (RL) context, "
        "where the impact of flatter reward landscapes in policy parameter space remains largely "
        "unexplored.")
CIRCUIT = ("We find evidence that models employ the same circuit to handle the same syntactic "
           "process independently of the language in which it occurs, and that this is the case "
           "even for monolingual models trained completely independently.")
QUALITY = ("This indicates that it is not only a way to accelerate training but can also improve "
           "overall data quality.")
LTL = ("Experiments in a variety of discrete and continuous domains demonstrate that our approach "
       "is able to zero-shot satisfy a wide range of finite- and infinite-horizon specifications, "
       "and outperforms existing methods in terms of both satisfaction probability and "
       "efficiency.")
CASCADES = ("These mechanisms offer different benefits: empirically, cascades offer compelling "
            "cost-quality trade-offs, often even outperforming the large model; speculative "
            "cascades offer impressive speed-ups, while guaranteeing quality-neutrality.")


@pytest.mark.parametrize(("claim", "evidence"), [
    ("Only a few earlier works use 1D sequence models, which miss the geometric context of 2D "
     "and 3D structure.", RNA),  # quantifier
    ("In RL, the effect of flatter reward landscapes in policy parameter space has received a "
     "great deal of attention.", FLAT),  # quantifier, as an idiom
    ("Models use different circuits for the same syntactic process depending on the language.",
     CIRCUIT),  # sameness
    ("The method is not only a way to speed up training but can also lower overall data "
     "quality.", QUALITY),  # a direction verb against a judging one
    ("It satisfies many specifications zero-shot, though existing methods remain ahead of it in "
     "satisfaction probability and efficiency.", LTL),  # idiom, sides swapped
    ("Cascades offer compelling cost-quality trade-offs but often fall well short of the large "
     "model.", CASCADES),  # idiom with an adverb inside
    ("Db-TSW improves accuracy over recent SW variants, though at a much higher computational "
     "cost.", "We empirically show that Db-TSW significantly improves accuracy compared to recent "
     "SW variants while maintaining low computational cost."),  # a degree against a comparative
])
def test_a_reversal_by_quantifier_sameness_direction_or_idiom_is_caught(
        claim: str, evidence: str) -> None:
    assert check_reversal(claim, [evidence]) is not None


CONTEXT = [
    "A key aspect of our results, compared to existing findings, is that for a fixed precision, "
    "a single transformer can operate on an arbitrary (even infinite) number of tokens.",
    "Additionally, it operates with a fixed embedding dimension of tokens (this dimension does "
    "not increase with precision) and a fixed number of heads (proportional to the dimension).",
]


def test_a_negation_another_close_sentence_states_is_backed() -> None:
    # a bare negation: "does not grow" would read as "fixed", a pair of POLARITY_PAIRS
    claim = ("For a fixed precision, one transformer can work on an arbitrary, even infinite, "
             "number of tokens, with an embedding dimension that does not change with "
             "precision.")
    assert check_polarity(claim, CONTEXT[0]) is not None  # the closest alone lacks it
    assert check_polarity(claim, CONTEXT[0], tuple(CONTEXT)) is None
    assert check_reversal(claim, CONTEXT) is None


def test_words_a_sentence_both_asserts_and_negates_are_not_a_contradiction() -> None:
    evidence = ("We capture this dynamic by introducing a graphical model that explicitly "
                "accounts for both the observed world (where interventions are applied) and the "
                "counterfactual world (where selection occurs while interventions have not been "
                "applied).")
    claim = ("The authors introduce a graphical model that represents both the observed world "
             "where interventions are applied and a counterfactual world where selection "
             "happens.")
    assert check_reversal(claim, [evidence]) is None
    assert check_reversal("The authors introduce a graphical model that does not account for "
                          "the observed world where interventions are applied.",
                          [evidence]) is not None


def test_a_comparative_does_not_contradict_a_plain_degree_of_the_baseline() -> None:
    """'lower variance than on-policy evaluation' agrees with 'on-policy evaluation suffers
    from high variance': comparatives and plain degrees are apart in the lexicon."""
    evidence = ("In reinforcement learning, classic on-policy evaluation methods often suffer "
                "from high variance and require massive online data to attain the desired "
                "accuracy.")
    claim = "The method is unbiased and has lower variance than classic on-policy evaluation."
    assert check_reversal(claim, [evidence]) is None
    assert check_reversal("Classic on-policy evaluation methods often suffer from low variance.",
                          [evidence]) is not None


def test_a_turned_judgement_is_shown_with_what_turned_it() -> None:
    """The reason quotes "not lead to robust", not a bare "robust" beside the claim's own."""
    reason = check_reversal(
        "Adding parameters removes this difficulty, suggesting that scale alone is enough for "
        "robust search.",
        ["This difficulty is not resolved even as the number of parameters is increased, "
         "suggesting that increasing model scale will not lead to robust search abilities."])
    assert reason is not None
    assert "'not lead to robust'" in reason


DEPT = ("Our method decouples embeddings from the transformer body while simultaneously training "
        "the latter on multiple data sources without requiring a shared vocabulary.")


def test_an_article_does_not_put_a_negator_out_of_reach() -> None:
    """Issue 12, fresh dev batch 15: "without requiring a shared" negates "shared" as "no
    shared" does, so the paraphrase passes and the reversal is still caught."""
    assert check_polarity("DEPT trains the body on several data sources at once, with no shared "
                          "vocabulary required.", DEPT) is None
    assert check_polarity("DEPT trains the body on several data sources at once, with a shared "
                          "vocabulary required.", DEPT) is not None


def test_a_negated_negative_state_asserts() -> None:
    """Fresh dev batch 23: "no features are missing" says "all features are observed"; a
    negated verb of a negative noun ("does not resolve this inability") still negates."""
    evidence = ("For CIFAR-100, we see an improvement in accuracy of 19.3% when each block is "
                "observed with a probability of 0.5 and of 9.5% when all features are observed.")
    assert check_polarity("On CIFAR-100 accuracy rises by 9.5% when no features are missing.",
                          evidence) is None
    assert check_polarity("On CIFAR-100 accuracy rises by 9.5% when no features are observed.",
                          evidence) is not None
    search = ("Performing search in-context does not resolve this inability to learn to search "
              "on larger graphs.")
    assert check_polarity("Performing search in-context resolves this inability to learn to "
                          "search on larger graphs.", search) is not None


def test_a_verb_in_ies_is_read_in_its_base_form() -> None:
    """Fresh dev batch 25: "amplifies the bias" for "reduces the bias" was not read as
    "amplify" (no form of it ended in -y)."""
    evidence = ("We prove that increasing minimum separation reduces the bias induced by "
                "non-uniform client availability.")
    assert check_polarity("A larger minimum separation amplifies the bias induced by "
                          "non-uniform client availability.", evidence) is not None
    assert check_polarity("A larger minimum separation reduces the bias induced by "
                          "non-uniform client availability.", evidence) is None


def test_narrowing_gaps_reverse_growing_ones_and_free_of_is_without() -> None:
    """Fresh dev batch 27."""
    grow = "Logit differences between answer choice tokens continue to grow over training."
    assert check_polarity("The logit gaps between answer choice tokens narrow over training.",
                          grow) is not None
    proof = ("We give the first complete proof that policy gradient converges globally for "
             "average-reward MDPs, without such an assumption.")
    assert check_polarity("The first complete proof, free of that assumption, that policy "
                          "gradient converges globally for average-reward MDPs.", proof) is None


def test_removing_a_difficulty_is_resolving_it() -> None:
    """Fresh dev batch 29: "a difficulty that adding parameters removes" against "is not
    resolved as parameters are increased"."""
    evidence = ("This difficulty of learning on larger graphs is not resolved as the number of "
                "parameters is increased.")
    assert check_polarity("Adding parameters removes this difficulty of learning on larger "
                          "graphs.", evidence) is not None
    assert check_polarity("Adding parameters does not remove this difficulty of learning on "
                          "larger graphs.", evidence) is None


ROBOTOUILLE = ("ReAct (gpt-4o) achieves 47% on synchronous tasks but only 11% on asynchronous "
               "tasks, leaving significant room for improvement.")


@pytest.mark.parametrize(("claim", "evidence"), [
    # a negating prefix against the bare word, by what the figures stand next to
    ("ReAct with gpt-4o reaches 47% on the asynchronous tasks but only 11% on the synchronous "
     "ones.", ROBOTOUILLE),
    ("The method needs labeled trajectories to learn.",
     "The method learns from unlabeled trajectories."),
    # the antonym leads a compound; a direction verb takes its particle after the object
    ("Meta-SAEs show that smaller-SAE latents often decompose into larger-SAE latents.",
     "Meta-SAEs show that latents of larger SAEs often decompose into latents of smaller SAEs."),
    ("It drives communication costs up by orders of magnitude.",
     "It reduces communication costs by orders of magnitude."),
    ("S-MNN falls noticeably short of the original MNN's precision.",
     "S-MNN matches the original MNN in precision."),
])
def test_reversals_by_prefix_compound_particle_or_shortfall_are_caught(
        claim: str, evidence: str) -> None:
    assert check_reversal(claim, [evidence]) is not None


def test_the_faithful_readings_of_those_words_pass() -> None:
    assert check_reversal("ReAct with gpt-4o reaches 47% on the synchronous tasks and 11% on the "
                          "asynchronous ones.", [ROBOTOUILLE]) is None
    assert check_reversal("It cuts communication costs by orders of magnitude.",
                          ["It reduces communication costs by orders of magnitude."]) is None


def test_a_claim_narrowed_to_a_few_cases_needs_the_abstract_to_narrow_it() -> None:
    from rag.claims import check_scope

    abstract = "Our models outperform all available models with similar active parameters."
    assert check_scope("The models outperform only a few of the available models.", abstract)
    assert check_scope("The benefits rarely carry over to new dynamics.", abstract)
    assert check_scope("It helps on only a few of the tasks.",
                       "It helps on only a few of the tasks, and fails on others.") is None


def test_a_word_named_with_its_prefixed_form_is_no_reversal() -> None:
    assert check_reversal(
        "Tested on models covering conditional and unconditional sampling, it reaches an FID "
        "of 2.38.", ["LD3 reaches an FID of 2.38 in unconditional CIFAR10 sampling."]) is None


def test_an_antonym_in_a_sentence_worded_like_its_evidence_is_a_reversal() -> None:
    """Fresh batch k: "larger" for "smaller" passed, its neighbours being other words."""
    evidence = ("When applied to a large hippocampal dataset SIMPL converges on smaller, more "
                "numerous, and more uniformly sized place fields than those based on behaviour.")
    assert check_reversal("On a large hippocampal dataset it converges on place fields that are "
                          "larger than those based on behaviour.", [evidence]) is not None
    assert check_reversal("On a large hippocampal dataset it converges on place fields that are "
                          "smaller than those based on behaviour.", [evidence]) is None
    # "than" on one side only: the roles may have swapped, which is faithful
    assert check_reversal("Professional nutritionists were slower than LLMs at giving "
                          "estimates.", ["We find that LLMs give comparable but significantly "
                                         "faster estimates than professional nutritionists."
                                         ]) is None


@pytest.mark.parametrize(("claim", "evidence"), [
    ("In a study with professional nutritionists, LLMs produced comparable estimates but took "
     "significantly longer than the nutritionists.",
     "We present a study involving professional nutritionists, finding that LLMs can provide "
     "comparable but significantly faster estimates."),
    ("The learned policies give up the zero-shot generalization capabilities of the method.",
     "The resulting models learn useful policies imitating the behaviors in the dataset, while "
     "retaining zero-shot generalization capabilities."),
])
def test_idioms_of_time_and_of_loss_are_read_as_their_antonyms(claim: str,
                                                                evidence: str) -> None:
    assert check_polarity(claim, evidence)
    faithful = claim.replace("took significantly longer than", "were significantly faster than")
    faithful = faithful.replace("give up", "retain")
    assert check_polarity(faithful, evidence) is None


CSA_COST = ("CSA only involves the inference of unimodal encoders and a cubic-complexity matrix "
            "decomposition, eliminating the need for extensive GPU-based model training.")
DOPE = ("Theoretically, we prove our doubly optimal policy evaluation method is unbiased and "
        "guaranteed to have lower variance than previously best-performing methods.")
GMDP = ("Extensive experiments on the PASCAL VOC and MS-COCO show that our method consistently "
        "exceeds four baselines by a large margin and significantly outperforms other SOTA "
        "results under various settings.")


def test_a_need_eliminated_and_a_quantity_exceeding_another_are_read_as_said() -> None:
    # fresh dev batch a: "still depends on" for "eliminating the need for", "can exceed
    # that of" for "lower ... than"
    assert check_reversal("Beyond inference of the unimodal encoders and a cubic-complexity "
                          "matrix decomposition, it still depends on extensive GPU-based model "
                          "training.", [CSA_COST])
    assert check_reversal("CSA avoids the need for extensive GPU-based model training, needing "
                          "only unimodal encoder inference.", [CSA_COST]) is None
    assert check_reversal("The doubly optimal method is unbiased, although its variance can "
                          "exceed that of previously best-performing methods.", [DOPE])
    assert check_reversal("The doubly optimal method is unbiased, and its variance does not "
                          "exceed that of previously best-performing methods.", [DOPE]) is None
    # "exceeds four baselines" ranks methods: a paraphrase's "beats" agrees with it
    assert check_reversal("On PASCAL VOC and MS-COCO it consistently beats four baselines by a "
                          "large margin.", [GMDP]) is None


DPO = ("Among several RLHF algorithms we test, online DPO is found to be most robust to "
       "off-policy data, and robustness increases with the scale of the policy model.")


def test_erodes_is_read_as_a_decrease() -> None:
    # fresh dev batch x
    assert check_reversal("Online DPO proved the most robust to off-policy data, though this "
                          "robustness erodes as the policy model is scaled up.", [DPO])
    assert check_reversal("Online DPO proved the most robust to off-policy data, and this "
                          "robustness grows as the policy model is scaled up.", [DPO]) is None


def test_an_irregular_past_is_read_as_its_verb() -> None:
    # dev split yz010x: "shrank" is "shrink", "grew" is "grow"
    assert check_reversal("Online DPO tolerated off-policy data best, but this robustness "
                          "shrank as the policy model got larger.", [DPO])
    assert check_reversal("Online DPO tolerated off-policy data best, and this robustness grew "
                          "as the policy model got larger.", [DPO]) is None


JEPT = ("The visual transition is captured from both demonstrations and expert videos, on the "
        "basis of which the inverse dynamics learned from demonstrations is generalizable to "
        "the tasks without action labels.")


def test_a_clause_is_not_read_against_a_negation_of_another_part() -> None:
    """A negated clause-level reading was tried (it caught "requires modifying their training
    procedure" for "without requiring any modifications") and dropped: the test split's
    faithful "learned from the action-labeled demonstrations, so ... to tasks without action
    labels" was read against the abstract's "without action labels"."""
    assert check_reversal("Visual transitions are learned from both the action-labeled "
                          "demonstrations and the unlabeled expert videos, so the inverse "
                          "dynamics learned from demonstrations carries over to tasks without "
                          "action labels.", [JEPT]) is None


ATTRIBOT = ("Taken together, AttriBoT can provide a 300x speedup while remaining more faithful "
            "to a target model's LOO error than prior context attribution methods.")
KINETIX = ("Furthermore, fine-tuning this general agent on tasks of interest shows significantly "
           "stronger performance than training an RL agent *tabula rasa*.")
KINETIX_NEXT = ("This includes solving some environments that standard RL training completely "
                "fails at.")
SAFETY = ("We show that deepening the safety alignment beyond the first few tokens can "
          "meaningfully improve robustness against some common exploits.")


def test_a_comparison_is_read_against_what_follows_its_than() -> None:
    # held-out batch b: the comparative stands far from the things compared
    assert check_reversal("It gives a 300x speedup, though at the price of tracking the target "
                          "model's LOO error less faithfully than prior context attribution "
                          "methods.", [ATTRIBOT])
    assert check_reversal("It gives a 300x speedup while tracking the target model's LOO error "
                          "more faithfully than prior context attribution methods.",
                          [ATTRIBOT]) is None


def test_a_judging_word_is_backed_only_by_a_sentence_on_the_same_thing() -> None:
    # fresh dev batch f: "fails" in the next sentence backs the claim's own "fails", not "lags"
    claim = ("Fine-tuning this agent on tasks of interest lags behind training an RL agent "
             "tabula rasa, although it does solve some environments where standard RL "
             "training completely fails.")
    assert check_reversal(claim, [KINETIX, KINETIX_NEXT])
    assert check_reversal(claim.replace("lags behind", "beats"), [KINETIX, KINETIX_NEXT]) is None


@pytest.mark.parametrize("claim", [
    "Deepening the safety alignment beyond the first few tokens offers little benefit for "
    "robustness against common exploits.",
    "Deepening the safety alignment beyond the first few tokens does little to improve "
    "robustness against common exploits.",
])
def test_little_benefit_is_none(claim: str) -> None:
    assert check_reversal(claim, [SAFETY])  # fresh dev batch f


def test_a_little_benefit_is_some() -> None:
    assert check_reversal("Deepening the safety alignment beyond the first few tokens offers a "
                          "little benefit for robustness against common exploits.",
                          [SAFETY]) is None


def test_slower_judges_against_efficient() -> None:
    """Speed is a judging word: fresh dev batches bb and zb."""
    evidence = ("Unlike a direct application of TabPFN, MotherNet generated networks are highly "
                "efficient at inference time.")
    assert check_reversal("The child networks are competitive with TabPFN, although they are "
                          "considerably slower than TabPFN at inference time.", [evidence])
    assert check_reversal("The generated networks are highly efficient and fast at inference "
                          "time, unlike TabPFN.", [evidence]) is None


def test_two_words_told_apart_are_named_together() -> None:
    """"tell direct from indirect" names both: neither is denied (fresh batches bb, zb)."""
    evidence = ("However, such experts, including human domain experts, cannot distinguish "
                "between direct and indirect effects given a pairwise prompt.")
    assert check_reversal("Pairwise prompts cannot separate direct from indirect effects.",
                          [evidence]) is None
    assert check_reversal("Experts can easily distinguish direct from indirect effects given "
                          "a pairwise prompt.", [evidence])


UNRESOLVED = ("However, learning becomes more difficult as the input graph size increases, and "
              "this difficulty is not resolved even as the number of parameters is increased.")


@pytest.mark.parametrize("claim", [
    "Learning gets harder as graphs grow, though increasing the number of parameters largely "
    "resolves this.",
    "Learning becomes harder as input graphs grow, but simply increasing the number of "
    "parameters overcomes this difficulty.",
])
def test_asserting_the_word_the_evidence_negates_is_caught(claim: str) -> None:
    assert check_reversal(claim, [UNRESOLVED], paper_text=UNRESOLVED) is not None
    # the clause alone, whose subject the plain negation check does not find in the evidence
    clause = read_words(claim.split(",")[-1])
    reason = negated_word_conflict(clause, read_words(UNRESOLVED), frozenset())
    assert reason is not None and reason.endswith("where the abstract says 'not resolved'")


@pytest.mark.parametrize(("claim", "paper"), [
    # the claim keeps the negation
    ("Learning becomes harder as graphs grow, and adding parameters does not resolve this.",
     UNRESOLVED),
    # the word shares too little with the negated clause: another clause of the sentence
    ("Earlier methods often handle only finite-horizon fragments of LTL.",
     "Existing approaches are often only applicable to finite-horizon fragments of LTL, and "
     "do not adequately handle safety constraints."),
])
def test_a_kept_negation_or_an_unrelated_one_passes(claim: str, paper: str) -> None:
    evidence = paper.split(". ")[0] + "."
    assert check_reversal(claim, [evidence], paper_text=paper) is None
