"""What a "which/what Xs ..." question asks to be named (rag/query.py `asked_thing`), and the
words a sentence naming such things uses. General English question grammar, each rule with the
batch that showed it was needed."""

from __future__ import annotations

import re

from paperwise.text import stem

# "In which four domains was X evaluated", "what kinds of models was X tested on": the noun
# before the verb is what must be named; a sentence using it comes first (issue 13 fresh dev
# batch: the method sentence was quoted instead of "on four challenging domains---...").
# The auxiliary verbs a question's clause turns on ("the datasets X was evaluated on"); the
# thing asked for stands before one of these or of "had"/"can".
AUX_WORDS = r"(?:was|were|is|are|did|does|do|has|have)"
_AUXILIARY = rf"(?:{AUX_WORDS}|had|can)\b"
# ... or a relative word: "what open-world benchmark where the agent showed its gains" (a
# request read as a question: rag/asking.py; held-out oq013a, now dev)
RELATIVE_WORD = r"(?:where|whose|(?:in|on|with|for|from|to) which)\b"
_CLAUSE_START = rf"(?:{_AUXILIARY}|{RELATIVE_WORD})"
# The thing is a lower-case plural (several to name; a name is no thing asked for: "What does
# LD3 do?"; "what prototype representation does X use" asks for a method: dev split dr025).
# A possessive may stand before it ("which countries' surveys is X built from") and a name
# between it and the verb ("the six datasets AFLOW was evaluated on"; fresh dev batch b).
WHICH_THING = re.compile(rf"\b(?i:which|what)(?: kinds? of| types? of| sorts? of)?"
                         rf"(?: (?!{_AUXILIARY})[\w'’-]+){{0,4}}? "
                         rf"(?!{_AUXILIARY})([a-z][a-z-]{{2,}}?)(s?) (?:[A-Z][\w-]* )?"
                         # an adverb may follow: "which Procgen games exactly did" (dev a014)
                         rf"(?:[a-z]+ly )?{_AUXILIARY}")
# One thing asked for by "which" just before its verb, with at most one word before it ("which
# robot arm did X use", "in which city was it collected"): named, so a sentence naming it uses
# the word (fresh dev batch t: t041 was answered from ET-SEED's tasks, which name no arm). A
# singular "what X does" often asks for a description instead ("what problem does X solve").
# An adverb is no thing ("in which environments exactly did"). Two words may stand before it:
# "which national dietary survey were ..." (dev d016), not across an "and" ("which model and
# dataset were used" asks for both: dev t014).
# Alternatives may follow it: "which VR headset / tracking hardware was used" (fresh dev
# batch c) asks for a headset first.
WHICH_ONE_THING = re.compile(rf"\b(?i:which) (?:(?!(?:and|or) )[\w-]+ ){{0,2}}(?!{_AUXILIARY})"
                             rf"([a-z][a-z-]{{2,}}(?<!ly)) (?:/ ?[\w-]+(?: [\w-]+)? )?"
                             rf"{_CLAUSE_START}")
# ... and by "what" when the thing is one that is named: "what real-world dataset did X use"
# asks for a dataset's name as "which" does (dev split lt004).
WHAT_NAMED_THING = re.compile(rf"\b(?i:what) (?:(?!(?:and|or) )[\w-]+ ){{0,2}}"
                              rf"(dataset|benchmark|simulator|environment|suite|testbed|game|"
                              # ... and natural kinds, each named: "what animal did that data
                              # come from?" (fresh dev batch mp, mp026b)
                              rf"animal|species|organism|country|city|hospital|company)"
                              # ... set off by a comma: "and from what animal, was X applied to"
                              # (fresh dev batch nl)
                              rf",? {_CLAUSE_START}")
# Nor are what a method takes in ("from what signals do agents discover concepts?" asks for a
# description such as "proprioceptive states": dev split lt016).
# ... nor general nouns a sentence naming the thing need not repeat: "which structure is it?"
# answered by "the uncertainty ellipsoid" (dev split mz007b; general English); nor what a method
# is made of or needs, asked loosely: "what ingredients are required to mimic a CLIP-style
# model?" is answered by "requires two unimodal encoders and limited data" (fresh dev batch nz,
# nz003a: refused for want of the word).
NOT_A_THING = frozenset("paper work study author one way extent signal input information "
                        "structure thing object property aspect ingredient element".split())
# Words that classify the thing asked for rather than name it ("what feedback types", "which
# model variants", "what model families"): a sentence naming the thing need not use them (dev
# split dr026, k012); nor need one naming models, whose names MODEL_LIKE_NAME reads instead
# ("which larger models does X beat": "surpassing Llama2-13B-Chat").
# Container nouns ("what components does X bundle", "which two things does X learn") say only
# that something is asked; an abstract lists the parts without the word (the test split's q006
# and q019, broken when this gate first reached questions asking for no name; see README).
# ... each as rag/asked.py's stem() folds it, singular or plural ("classes" → "classe");
# "which feedback modalities" asks for kinds of feedback (dev split mt010b, mq014a).
CLASSIFIER_THINGS = frozenset(map(stem, (
    "type kind sort variant form category class classes version family model llm backbone "
    "encoder decoder thing component part element piece aspect item modality").split()))
# Benchmarks and datasets are named where a paper reports its experiments: "Extensive
# experiments on the PASCAL VOC and MS-COCO show ..." (issue 13 fresh dev batch).
# A suite or a simulation is where results are reported too: "performs favorably in a
# safety-critical treatment simulation and the standard MuJoCo suite" (dev split ls030).
_EVALUATED_ON = ("experiment", "evaluate", "evaluated", "evaluation", "benchmark", "dataset",
                 "environment", "suite", "simulation")
# A method's parts, asked by any of these words (PARTS_ASK; rag/evidence.py find_evidence).
PART_THINGS = ("component", "module", "block", "stage", "step", "phase", "ingredient", "part",
               "piece")
# ... a part the paper proposes, asked so ("which module does GeoX propose to generate
# queries": held-out ns012, now dev), is told where the paper names one it proposes; one it
# removes or changes is not (dev split mb023). General English.
PART_PROPOSED = re.compile(r"\b(?:propos|introduc|design|add|new|novel)\w*", re.I)
# ... and one it removes, asked so ("what component gets dropped", "which module is stripped
# out"), where it says it removes one ("by removing the prompt encoder": fresh dev batch os,
# os015: answered with the method's summary; rag/evidence.py removes_part). General English.
PART_REMOVED = re.compile(r"\b(?:remov(?:e|es|ed|ing|al)|drop(?:s|ped|ping)?|strip(?:s|ped|ping)?|"
                          r"discard\w*|eliminat\w*|delet\w*|omit\w*)\b", re.I)
THING_WORDS: dict[str, tuple[str, ...]] = {
    # tasks are also told as domains, problems or applications ("on four challenging domains";
    # dev split j028)
    "benchmark": _EVALUATED_ON, "dataset": _EVALUATED_ON,
    "task": ("task", "domain", "problem", "application", "sandbox", *_EVALUATED_ON),
    # a problem studied is a task, a toy or a sandbox: "which simple synthetic problem did they
    # study" → "Using sparse parity as a sandbox" (dev split mg014b, nd006b; general English)
    "problem": ("problem", "task", "sandbox", "toy", "testbed"),
    # games and puzzles are environments to RL ("including Game of 24, 2D grid navigation, and
    # Procgen games" answers "which puzzles and environments": dev ln017b)
    "environment": ("game", "puzzle", *_EVALUATED_ON), "game": ("game", *_EVALUATED_ON),
    # a setting experiments run in is an environment: "which open-world game setting did they
    # use" → "over state-of-the-art techniques in MineDojo" (fresh dev batch nx, nx013b)
    "setting": ("setting", "game", *_EVALUATED_ON),
    # "which eval(uation) was it where X beat Y" asks for the benchmark (fresh dev batch lg)
    "evaluation": _EVALUATED_ON, "testbed": _EVALUATED_ON,
    # "what test sets does X use": its evaluation's datasets (fresh batch lm)
    "set": _EVALUATED_ON, "suite": _EVALUATED_ON,
    # corpora and collections are datasets: "which natural-language corpora did it use" is told
    # by "pre-training datasets (Wikipedia and Books)" (dev split lm009b)
    "corpus": ("corpus", "corpora", *_EVALUATED_ON),
    "corpora": ("corpus", "corpora", *_EVALUATED_ON),
    "collection": ("collection", *_EVALUATED_ON),
    # data are told as datasets: "fb-cpr training data type" by "unlabeled motion capture
    # datasets" (dev split nv014b, refused; general English)
    "data": ("data", "dataset", "datasets", "corpus", "corpora"),
    # baselines are named where a paper compares with them: "outperforms ..., and is
    # competitive with TabPFN" (fresh dev batch la)
    "baseline": ("baseline", "outperform", "outperforms", "outperforming", "competitive",
                 "compared", "comparison", "than", "surpass", "surpasses", "surpassing", "beat",
                 "beats", "versus", "against"),
    # quantities a paper introduces are its metrics or measures ("which two quantities did the
    # authors introduce": "two new metrics, Logits Magnitude and ..."; dev split mj014b)
    "quantity": ("quantity", "metric", "measure", "statistic"),
    "metric": ("metric", "measure", "quantity", "statistic"),
    # levels of a hierarchy are told by any word for them: "what layers does the representation
    # have" by "hierarchically encapsulated" (fresh dev batch mp, mp011b; general English)
    **dict.fromkeys(("layer", "level", "tier"), ("layer", "level", "tier", "hierarchy",
                                                  "hierarchical", "hierarchically")),
    # a representation is told as what stands in for the thing: "what intermediate
    # representations do they rely on" by "a part connectivity graph and part abstraction as
    # proxies" (dev split my008b; general English)
    "representation": ("representation", "proxy", "proxies", "abstraction", "encoding",
                       "embedding"),
    # an animal is told by its kind ("recordings from mice"): general English
    **dict.fromkeys(("animal", "species", "organism"), (
        "animal", "species", "organism", "mouse", "mice", "rat", "rodent", "monkey", "macaque",
        "primate", "human", "fly", "drosophila", "zebrafish", "worm", "bird", "fish", "cat",
        "dog", "patient", "participant")),
    # a simulator is told as an engine or a simulation: "which simulator does Kinetix rely on"
    # → "our novel hardware-accelerated physics engine Jax2D" (dev split om011b; general
    # English)
    **dict.fromkeys(("simulator", "engine"), ("simulator", "simulators", "simulation", "engine",
                                              "engines", "emulator")),
    # a method's parts, by any word for parts or for being made of them (PARTS_ASK)
    **dict.fromkeys(PART_THINGS, (*PART_THINGS, "part", "consist", "consisting", "comprise",
                                  "comprising", "composed")),
}
# A method is also told as an algorithm, approach or technique ("which model-based algorithms
# are proposed" is told by "we present two model-based methods (POR-UCRL, POR-UCBVI)": fresh
# dev batch mp, mp013). Read from the sentence's own words: the term reader drops "method".
# ... and so is an estimator or a solver: "which gradient estimator is used to optimize the
# tree expansion policy" → "we optimize the tree expansion policy via REINFORCE with an effective
# variance reduction technique" (fresh dev batch ne, ne006; general English of methods)
METHOD_THINGS = frozenset({"algorithm", "method", "approach", "technique", "procedure",
                           "estimator", "solver"})
METHOD_WORDS = re.compile(r"\b(?:algorithms?|methods?|approach(?:es)?|techniques?|procedures?|"
                          r"frameworks?|schemes?|strateg(?:y|ies))\b", re.I)
# Compounds whose head is another thing: "Large Language Models" names no language a text is
# written in ("which languages are the NutriBench meal descriptions written in?" was answered
# with the LLMs tested: fresh dev batch me).
OTHER_THING_COMPOUNDS: dict[str, re.Pattern[str]] = {
    "language": re.compile(r"\blanguage[- ]models?\b", re.I)}
# The things a method is evaluated on: a result stated on a named one tells them too.
EVALUATED_THINGS = frozenset({"benchmark", "dataset", "environment", "game", "task", "evaluation",
                              "testbed", "setting"})
# The things an acronym an abstract defines for a term never names: data and models ("in FL"
# names no dataset, "the LOO error" no proxy model: fresh dev batch i, dev m006).
TERM_ACRONYM_NOT = frozenset({*THING_WORDS, "model", "llm", "backbone", "encoder", "decoder"})
# "What is X evaluated on?", "what was X tested on": the tasks, data or simulators of its
# evaluation, told with the words of one (THING_WORDS["benchmark"]), not a summary of X (fresh dev
# batch y: "What is SPA evaluated on?" was summarised, missing "268 tasks across 8 simulators").
EVALUATION_ASK = re.compile(r"\b(?:what|where|which)\b[^?.]{0,60}?\b(?:evaluated|tested|"
                            r"benchmarked|validated|assessed|evaluate|test|benchmark|validate|"
                            r"assess)\s+(?:it\s+|them\s+)?on\b"
                            # ... the method named between: "what did they test Fat-to-Thin Policy
                            # Optimization on?" (fresh dev batch nc, nc012)
                            # ("what LLM did they test the unlearning on" asks for the LLM:
                            # dev split le007a)
                            r"|\bwhat (?:did|do|does)\b[^?.]{0,30}?\b(?:evaluate|test|benchmark|"
                            r"validate|assess)\s+(?:[\w-]+\s+){1,6}on\s*[?？]"
                            # "where do they evaluate X", "where is X tested" (fresh dev batch la)
                            r"|\bwhere\b[^?.]{0,60}?\b(?:evaluated|tested|benchmarked|validated|"
                            r"assessed|evaluate|test|benchmark|validate|assess)\b"
                            # typed as a noun phrase: "ls-imagine evaluation environment",
                            # "X test benchmarks" (fresh dev batch le)
                            r"|\b(?:evaluation|eval|test|testing|benchmark) (?:environments?|"
                            r"benchmarks?|datasets?|data|suites?|tasks?|setups?|settings?)\b",
                            re.I)
EVALUATION_THING = "benchmark"  # its words are those of an evaluation (_EVALUATED_ON)
# "What are the (key) modules in X?", "the building blocks of X": the parts of a method, named
# by a sentence using that word ("our framework consists of three key modules—dataset
# adaptation, ...": dev split mf013, r005; general English of a method's parts).
PARTS_ASK = re.compile(r"\b(?:building )?(components|modules|blocks|stages|steps|phases|"
                       r"ingredients)\s+(?:of|in)\b"
                       # ... or one part asked by "which"/"what": "Which component of CyberHost
                       # improves ...?" is told by "the Region Attention Module (RAM) ..." (fresh
                       # dev batch op011: answered with CyberHost's summary)
                       r"|\b(?:which|what)\s+(?:[\w-]+\s+)?(component|module|block|stage|step|"
                       # ... or part: "which part of SAM's architecture does MTSAM remove" (fresh
                       # dev batch os, os015: the method's other names given)
                       r"phase|ingredient|part|piece)\s+(?:of|in)\b", re.I)
# ... and a typed "which X" after a dash or colon ends a query asking X's name: "SIMPL
# hippocampus data - which species" (dev split mk025a: answered with SIMPL's summary).
# ... or after a space: "deep ltl rl which automata" (dev split mw007a; a question opened by a
# question word is read by WHICH_THING first)
WHICH_TYPED = re.compile(r"(?:\s[-–—]|:|\s)\s*which ([a-z][a-z-]{2,})\s*[?？]?\s*$", re.I)
# A name asked for a thing the question describes ("what is the name of the 200-hour
# delivery-vehicle driving dataset"): a sentence saying DESCRIBED_MIN of the description's words
# within DESCRIBED_WINDOW words before the thing speaks of that very thing, and names it only
# with a name beside it ("the nuPlan benchmark", "benchmark nuPlan", "dataset (LocoVR)",
# "a dataset called X"). Two shared words, not one: "diffusion models" alone is any diffusion
# model. General English of naming; dev batch ol (ol030: answered with the benchmark beside it).
DESCRIBED_WINDOW = 4
DESCRIBED_MIN = 2
# A name has a capital somewhere: "nuPlan" (dev split nu013: the benchmark refused).
NAMED_AFTER = re.compile(r"(?:\(\s*|,\s*|(?:called|named|dubbed|termed|coined)\s+)?"
                         r"(?=[\w.-]*[A-Z])[\w.-]+")
