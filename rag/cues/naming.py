"""What a question asks to be named or ranked ("which GPU", "which LLMs", "which was best"), and
how a sentence names it; every stage reads these through `rag.cues`."""

from __future__ import annotations

import re

from rag.cues.quantity import NO_QUESTION_WORD, TERSE_TOPIC_WORDS

# "Which model scored lowest", "which X was best": a ranking the sentence must state.
# Superlatives (general English; "safest", "cheapest" ... since fresh dev batch 22).
_SUPERLATIVES = ("lowest|highest|best|worst|most|least|largest|smallest|fastest|slowest|"
                 "strongest|weakest|top|safest|cheapest|simplest|hardest|easiest|longest|"
                 "shortest|deepest|greatest|biggest")
# "Most"/"least" right after an auxiliary ("what do most current pruning techniques need") or
# before "of" ("use most of the data") is a quantifier, not a superlative (fresh dev batch 26).
# "On top of" says "besides" and ranks nothing ("the one hyperparameter SOAP adds on top of
# Adam"; fresh dev batch b); "ended up on top" still ranks.
# "Top-k", "top-1" name a routing or an accuracy, no ranking: "tell me the expert count and the
# top-k routing setting" (fresh dev batch md; how ML writes them).
_TOP_K = r"(?!top[-‐]?(?:k|\d+)\b)"
_RANKING_WORD = (rf"(?!(?:most|least)\b)(?!(?<=on )top of\b){_TOP_K}(?:{_SUPERLATIVES})|(?<!do )"
                 r"(?<!does )(?<!did )(?<!are )(?<!were )(?<!is )(?:most|least)(?!\s+of\b)")
# (read from a line's first question word on, once: ".*" after every one of them was
# quadratic, 1.2 s for ". what research " typed 1,200 times, near the fuzz test's deadline)
RANKING_ASK = re.compile(rf"(?m:^)(?:(?!\b(?:which|what|who)\b).)*+\b(?:which|what|who)\b.*"
                         rf"\b(?:{_RANKING_WORD})\b|最好|最差|最高|最低"
                         # typed: "air-bench 2024 top model", "nutribench best model carb
                         # estimation" (fresh dev batch md)
                         # ... "top ranked / least risky LLM on X" (dev split mg024a)
                         # ... "air-bench 2024 safest llm?" (fresh dev batch mp)
                         rf"|{NO_QUESTION_WORD}.*\b{_TOP_K}(?:(?:best|top|worst|strongest|weakest|"
                         r"safest|riskiest|fastest|slowest|cheapest)"
                         r"(?:[\s-]+(?:performing|ranked|rated|scoring))?|(?:most|least)[\s-]+\w+)"
                         r"[\s-]+(?:models?|methods?|llms?|systems?|"
                         r"approach(?:es)?|baselines?|performers?)\b", re.I)
# Beating another: "which models does it outperform?" asks for what is beaten, which a
# sentence saying that it outperforms something tells, named or not (dev split lt025b).
BEATING_VERBS = "outperform|surpass|beat|outdo|outstrip"  # also rag/cues/claim_checks.py
# A superlative naming what a figure is measured against asks for no ranking: "what margin
# does it report over the prior best method" asks for the margin (dev split lo001b), and so
# does the best beaten: "by what margin does X beat the previous best" (fresh dev batch no,
# no001b).
AGAINST_THE_BEST = re.compile(r"\b(?:over|than|against|versus|vs\.?|beyond|to|from|"
                              rf"(?:{BEATING_VERBS})\w*)\s+(?:the\s+)?"
                              r"(?:(?:prior|previous|current|existing|second)\s+)?"
                              r"(?:best|strongest|top)\b", re.I)
BEATING = re.compile(rf"\b(?:{BEATING_VERBS})\w*", re.I)
# A name the paper is compared against ("improvements over previous SOTA, Uni3D", "CSA
# outperforms CLIP") is no name of what it uses: "What backbone does UniGS use as its 3D encoder?"
# and "which pre-trained image encoder did CSA use?" were answered with them (dev split, near
# misses of batches ng, nk). Not when the question asks what it beats (BEATING, BASELINE_ASK).
COMPARED_NAME = re.compile(
    rf"\b(?i:over|than|versus|vs\.?|against|compared (?:to|with)|(?:{BEATING_VERBS})\w*)\s+"
    r"(?i:the\s+)?(?i:(?:previous|prior|existing|strong|competing|recent|leading)\s+)*"
    r"(?i:(?:SOTA|state-of-the-art|baselines?|methods?|models?)\s*,?\s*)?"
    r"(?i:(?:such as|like|including|e\.g\.,?)\s+)?"
    r"(?P<name>[A-Za-z]*[A-Z][A-Za-z0-9]*[A-Z0-9][\w.-]*)")
# A name given as one of the things asked, the other asked besides it: "Besides nuPlan, what
# dataset is Diffusion Planner evaluated on?" (held-out ok012, now dev). General English.
BESIDES_NAMED = re.compile(r"\b(?i:besides|apart from|aside from|other than|in addition to)\s+"
                           r"(?P<name>[A-Za-z]*[A-Z][\w.-]*)")
# ... and so does asking what it was compared with: "jdr mechanism + baselines" is told "it
# consistently outperforms existing rewiring methods" (fresh dev batch no, no018a) or by what
# it is compared with. General English of evaluation.
BASELINE_ASK = re.compile(r"\b(?:baselines?|competitors?|(?:compared|comparing|compare|compares|"
                          r"benchmarked|pitted)\s+(?:it\s+|itself\s+|them\s+)?(?:against|with|to))\b",
                          re.I)
COMPARED_TOLD = re.compile(rf"{BEATING.pattern}|\b(?:compared|comparing|comparison)\s+"
                           r"(?:with|to|against)\b", re.I)
# "X vs CLIP - better or worse?" offers two outcomes of a comparison: a sentence saying X
# outperforms, beats, matches or trails the other tells which (dev ms010a, refused for want of
# the words "better" or "worse"; general English of results).
OUTCOME_OFFERED = re.compile(r"\b(?:better|worse|faster|slower|stronger|weaker|higher|lower)"
                             r"\s+or\s+(?:better|worse|faster|slower|stronger|weaker|higher|"
                             r"lower)\b", re.I)
OUTCOME_TOLD = re.compile(rf"\b(?:{BEATING_VERBS}|underperform|trail|lag|exceed|match)\w*"
                          r"|\b(?:comparable|on par|competitive)\b", re.I)
# What a ranking question ranks on: its content words this many words around the superlative.
RANKED_WINDOW = 3
RANKING_EVIDENCE = re.compile(
    rf"\b{_TOP_K}(?:{_SUPERLATIVES}|outperform\w*|surpass\w*|better|worse|beats?)\b", re.I)
# ... or the set a sentence ranks named by "among": "Among several RLHF algorithms we test,
# online DPO is found to be most robust" ranks algorithms (dev o008; general English).
RANKED_AMONG = re.compile(r"\bamong\b([^,;]*)", re.I)
# "Which VR headset / GPU model / optimizer was used": a name the sentence must hold.
NAME_ASK = re.compile(
    # "which of the 6 ECG datasets did they use" (fresh dev batch ld)
    # ... not "what do X models assign to each token?", which asks what they do (fresh dev
    # batch mb004)
    # ... "what is the specific mocap collection they used" as "what specific ..." (dev split
    # oh030b, a request read as a question; general English)
    r"\b(?:which|what)(?: of (?:the|these|those|its|their))? (?!(?:do|does|did)\b)"
    # (four modifiers before the thing and its relative clause, with no preposition, kind,
    # article or verb among them: "what specific pretrained text-to-image diffusion checkpoint
    # that ...", fresh dev batch op027b, a request "name the ..." read as a question; not "what
    # assumption on the regression model", "what older, simpler type of model": dev nb014b,
    # na008b; nor "which animal species was the dataset", "which reward model and generation
    # engine")
    r"(?:(?:(?:is|are|was|were) (?:the|its|their) )?(?:\S+ ){0,3}?"
    r"|(?:(?:is|are|was|were) (?:the|its|their) )?(?:(?!(?:of|on|in|for|to|with|by|from|at|"
    r"about|as|type|kind|sort|the|a|an|and|or|is|are|was|were|do|does|did|its|their|this|that)"
    r"\b)[\w-]+ ){4}(?=[\w-]+ (?:that|which)\b))"
    r"(?P<thing>model|dataset|benchmark|simulator|engine|headset|"
    # test sets are datasets: "what public test sets does X use" (fresh batch lm); suites are
    # named (Meta-World, LIBERO): "which robot simulation suite" (dev split lq026b)
    r"(?:test|eval|evaluation|validation|held-out) set|suite|testbed|"
    r"device|library|framework|optimizer|backbone|architecture|tool|software|platform|robot|"
    # a collection of objects or texts is a dataset: "which 3D object collection supplied the
    # training examples" (dev split lr013b)
    # ... but not the collection searched ("which abstracts in this collection": dev md017b)
    r"(?<!this )(?<!the )(?:object |data |text )?collection|corpus|corpora|"
    r"environment|game|"  # named: MuJoCo, Procgen, Atari (fresh dev batch 24)
    r"city|cities|country|countries|hospital|"  # places are named too (fresh dev batch 28)
    r"language|survey|"  # "which languages", "which national dietary survey" (dev d023, d016)

    # "which specific LM do they use" (fresh dev batch i): the abbreviations of models too
    r"camera|sensor|language model|(?:[lsmv]|ml)?lms?|encoder|decoder|baseline|"
    # algorithms are named (PPO, SAC, Adam): "which RL algorithm is used" (dev split lo024)
    r"algorithm|"
    # a checkpoint is a named model: "the name of the pretrained diffusion checkpoint that X was
    # applied to" (fresh dev batch nw, nw030b)
    r"checkpoint|"
    r"model famil(?:y|ie))s?"
    # ... or offered with another kind: "what headset/tracker?" (dev split mi025a)
    r"(?:/[\w-]+)?"
    # ... of which a variant or version may be asked: "which clip model variant" (dev lr016a)
    r"(?: (?:variant|version)s?)?"
    # ... or what else is asked with it, or how exactly: "which specific LLM and version was
    # paired", "which datasets exactly, e.g. ..." (held-out batch lx/lw descriptive wordings)
    # ... or a second thing to name: "what RL algorithm and network architecture did they use"
    # (held-out mc026b, now dev)
    r"(?: (?:and|or) (?:[\w-]+ ){0,2}?(?:variants?|versions?|sizes?|architectures?|"
    r"optimizers?|backbones?|algorithms?|encoders?)"
    r"| (?:exactly|precisely|specifically))?"
    # ... what they are of may follow: "which dataset of articulated objects was it trained
    # on" (held-out batch lw, general English)
    # ... and the subject after them: "which corpus of mRNA sequences the ... model was
    # pretrained on" (dev split oh029a)
    r"(?: of(?: [\w-]+){1,3}?(?=(?: [\w-]+)? (?:was|were|is|are|did|does|do)\b"
    r"| (?:the|they|it|its|their)\b))?"
    # the subject may stand before the verb: "the six datasets AFLOW was evaluated on" (b008),
    # "what base model the authors experimented on", "which datasets the ... paper used"
    # (fresh dev batch ma)
    r"(?: (?-i:[A-Z][\w-]* )?(?:(?:the|they|it|its|their)(?: [\w-]+){0,5}? )?"
    r"(?:was|were|is|are|did|"
    r"does|do|had|has|\w{2,}ed|"  # "which device recorded X", "which llm used": past tense too
    # ... or a present one of results: "what llm beats gpt4 turbo" (fresh dev batch lc)
    r"(?:beat|outperform|surpass|win|perform|achieve|score|use|contain|give|lead)s)\b"
    # ... or a pronoun then any verb: "which simulated benchmarks they ran those experiments
    # on" (dev split mz029b: "ran" is no -ed form; general English relative clauses)
    r"| (?:they|it|we|he|she|(?:their|its) [\w-]+)(?: (?:had|have|has|also|then|actually|"
    r"first))? [a-z]{2,}\b"
    # ... or any verb of the present ("which specific LLM plays the designer role"), or an aside
    # offering examples ("which RL algorithm, such as PPO or SAC, ...", "(e.g., PPO or SAC)"):
    # dev split lo023b, lo024, lp024
    # (an aside of examples, not a word in brackets naming a kind: "which mechanism captures
    # model (epistemic) uncertainty" asks no model: held-out mc014b, now dev)
    r"|(?-i: [a-z]{3,}[^s\W]s)\b|,|\s*\((?![a-z-]+\)\s+[a-z])"
    # ... or a relative clause: "which public datasets on which X claims results" (dev ma004b),
    # "what hippocampal dataset that SIMPL was applied to" (as "what is the name of the ..."
    # reads: rag/asking.py; held-out ns028, now dev)
    # (a passive or a pronoun's clause, not "what problem is the benchmark that compares ... built
    # for", which asks the problem: dev split ma021b)
    r"| (?:on|in|for|from|with) which\b"
    # (an irregular participle too: "... dataset that the EM-style algorithm was run on": dev
    # split ob029b)
    r"| that (?=(?:they|it|we)\b|(?:[\w-]+ ){1,6}?(?:was|were|is|are|had been|has been) "
    r"(?:\w+ed|run|built|made|done|shown|given|taken|fit|set|held)\b)"
    # ... or what it stands behind: "what's the name of the GPU-accelerated simulator behind the
    # Kinetix task space" (fresh dev batch nz, nz012b; general English of one named part)
    r"| (?:behind|underlying|powering) (?:the |its |their )?\S"
    # ... or the question ends there: "olmoe beats what bigger models?" (fresh dev batch lc),
    # typed without its question mark too (dev split lk009a)
    r"|\s*\??\s*$"
    # ... or a guess follows it: "protocol design dsl paper which llm? gpt-4?" (dev lo023a)
    r"|\s*\?+\s*[^?]{1,30}\?*\s*$)"
    # "can you name the real clinical or sensor datasets ..." (dev split lt012b), "what are the
    # names of the real-world datasets ..." (held-out ng028b, now dev)
    # ... one of them too: "what is the name of the hippocampal dataset that X was applied to"
    # (held-out ns028, now dev; answered with the paper's summary)
    r"|\bnames? (?:of )?(?:the |its |their |all )?(?:\S+ ){0,4}?(?:dataset|benchmark|model|"
    r"baseline|"
    r"environment|simulator|suite)s?\b"
    # ... or "the environment name" ("I need the environment name": dev split np015b)
    r"|\b(?:environment|dataset|benchmark|simulator|game|suite|algorithm|optimizer|backbone|"
    r"baseline)s? names?\b"
    # "where were the experiments run / was X evaluated" asks for the benchmark, environment or
    # data, which are named (dev split np015b, lq012b, nt005b; general English of experiments)
    # (each of several papers is a comparison: dev split nb016b)
    r"|\bwhere (?:were|was|are|is|did|do|does) (?!each\b)(?:\S+ ){0,8}?(?:run|ran|evaluated|tested|"
    r"conducted|benchmarked|validated|carried out)\b"
    # "who does OLMoE beat?": the ones beaten are named (dev split ll008)
    r"|\bwhom? (?:does|do|did) (?:\S+ ){1,4}?(?:beat|outperform|surpass|exceed|outdo)\b"
    # Chinese "which environment / dataset / model ..." (哪个环境, 哪些数据集)
    r"|(?:哪个|哪些|哪种|什么)(?:环境|数据集|模型|基准|框架|平台|模拟器|设备|语言模型|基线|编码器|架构)",
    re.I)
# The thing whose name is asked, read by rag/asked.py asked_thing: "the name of the hippocampal
# dataset", "simpl hippocampal dataset name" ask a dataset's name, told where the abstract speaks
# of its data (held-out ns028 and its rewordings, now dev: answered with the method's summary).
# Only kinds told by words of their own (cues THING_WORDS): "kinetix simulator name" is told
# "physics engine Jax2D" (dev split lf007a, nw012b).
_NAMED_KINDS = r"(?:dataset|benchmark|environment|suite|game)"
THING_NAME_ASK = re.compile(
    rf"\bnames? of (?:the |its |their |all )?(?:[\w'’-]+ ){{0,6}}?(?P<of>{_NAMED_KINDS})s?\b"
    rf"|\b(?P<typed>{_NAMED_KINDS})s? names?\b", re.I)
# A few words ending in the things asked for ask for their names, as "which Xs" does:
# "logits magnitude long-tail datasets", "mtsam multi-task finetuning method name" (dev split
# lo014a, lo011a). No question word; a few words before; the things last.
# The topic before the things may be long, and a participle may follow them ("temporal label
# noise time series datasets used", "shallow safety alignment: models evaluated?"): a query
# typed so asks for the things however many words name its topic (terse rewordings of held-out
# batches lw and lx were answered with no name when the topic took more than five words).
# A preposition before them makes them a modifier, not what is asked: "AFLOW avg gain over SOTA
# across six benchmarks?" asks for the gain (dev split lw006a).
_TERSE_PREPOSITION = (r"(?:over|across|on|in|for|of|with|by|from|to|against|vs|versus|than|per|at|"
                      r"under|between|among|via|without)")
# (the topic's words read lazily: "six benchmarks names" is things then "names", not "names"
# alone after a longer topic)
TERSE_THING_ASK = re.compile(
    NO_QUESTION_WORD + rf"\s*+(?:(?!{_TERSE_PREPOSITION}\s)\S+\s+){{1,{TERSE_TOPIC_WORDS}}}?"
    r"(?:(?:(?P<thing>datasets|benchmarks|baselines|environments|simulators|backbones|models|"
    # languages and species are named too: "nutribench languages covered", "SIMPL hippocampus
    # dataset species" (fresh dev batches md, me)
    # ... and their names: "aflow six benchmarks names" (dev split mw025a)
    r"languages|species|"
    # ... and the algorithms and devices used: "course-corrected linear bandit base
    # algorithms", "locovr vr headset device" (dev split lv015a, mv029a: answered with no name)
    r"algorithms|devices|headsets|encoders|optimizers)(?:\s+names?)?|names?|"
    r"(?:dataset|benchmark|model) names?|"
    # ... or the names of them: "...: names of real-world datasets used?" (dev split lx006a)
    r"names? of (?:the )?(?:[\w-]+ ){0,3}(?:datasets|benchmarks|models|baselines|environments))"
    r"(?:\s+(?:used|evaluated|tested|compared|employed|studied|chosen|covered|supported|"
    # ... in the experiments: "speculative cascades models used in experiments" (dev mz012a)
    # ... "in" may go untyped: "speculative cascades models used experiments" (fresh dev ni)
    r"included|list)(?:\s+(?:in\s+)?(?:the\s+)?experiments)?)?"
    # ... or one part typed singular: "unigs 3d encoder backbone", "single image articulated
    # object generation training dataset" (dev split ls020a, lv028a); a model only as used
    # ("DSPO base diffusion model used in experiments": dev split ma005a)
    # (not one of two asked: "DynamicFlow model type + dataset": dev split lz030a)
    # ... an environment or an algorithm too: "ls-imagine environment", "model-free algorithm"
    # (dev split mw016a, mz015a: parts of typed compounds)
    # (one of them asked as a thing whose word a sentence naming it says: "kinetix agent rl
    # algorithm?" is not answered by the engine it names, fresh dev batch or, or028b; not an
    # optimizer or a benchmark, often named alone: "... and REINFORCE", dev split lw012a)
    r"|(?<!and )(?<!& )(?<!\+ )(?:backbone|encoder|optimizer|dataset|benchmark|testbed|"
    r"environment|(?P<one>simulator|algorithm|device|headset|tracker)|algo|"
    # ... an LM by its use, not an LLM typed as a topic's ("medical qa hallucination benchmark
    # llm" asks for benchmarks)
    r"(?:embedding|base|backbone|judge|teacher|student|reward) (?:ll|l)m|"
    r"(?:base |backbone |pretrained |pre-trained )?model(?=\s+used)"
    # ... a base model however typed: "TVM verifier backbone model", "dspo base model (stable
    # diffusion version?)" (dev split nk030a, nw030a: answered with the method's summary)
    r"|(?:base|backbone|pretrained|pre-trained|foundation)(?: [\w-]+)? model)"
    # ... or two offered, slashed: "ls-imagine benchmark / environment used for experiments"
    # (dev split oi014a: read as a list of papers)
    r"(?:\s*/\s*(?:benchmark|dataset|environment|simulator|testbed|suite))?"
    r"(?:\s+(?:used|employed|chosen)(?:\s+(?:in|for)\s+(?:the\s+)?experiments)?)?"
    # ... a guess in brackets may follow
    r")(?:\s*\([^()]{1,40}\))?\s*\??\s*$", re.I)
# ... of them models: a sentence naming one answers (MODEL_NAME_ASK), not the method's own
# other names ("dspo base t2i model", "MetaOOD embedding LM?": dev split mz028a, mn030a)
TERSE_MODEL_ASK = re.compile(
    NO_QUESTION_WORD + r".*\b(?:models?|(?:ll|l)ms?|backbones?|encoders?)"
    r"(?:\s+(?:used|employed|chosen|list|names?)(?:\s+(?:in\s+)?(?:the\s+)?experiments)?)?"
    r"(?:\s*\([^()]{1,40}\))?\s*\??\s*$", re.I)
# "which one" after a few typed words asks what they end in, read without it by the two above:
# "MetaOOD embedding LM - which one" (dev split ms028a)
WHICH_ONE = re.compile(r"\s*[-–—:,]?\s*which ones?\s*\??\s*$", re.I)
# ... and a kind of thing typed last, any thing: "ltl multi-task rl automata type",
# "speculative cascades experiments model families" ask which automata, which models (fresh dev
# batches nh, ni: answered with the paper's opening line as a one-paper list). Not a count of
# them ("feedback types count": rag/measures.py counted_words).
TERSE_KIND_ASK = re.compile(
    NO_QUESTION_WORD + r"\s*+(?:\S+\s+){1,8}?(?P<thing>[a-z][\w-]{2,})\s+"
    r"(?:types?|kinds?|famil(?:y|ies)|variants?)\s*\??\s*$", re.I)
# "Was GPT-4 or some other LLM used?" asks which one, a name (held-out batch ly007b; general
# English of choices).
_OR_OTHER = r"\bor (?:some |any |an )?(?:other|another)(?: [\w-]+)?"
OTHER_NAME_ASK = re.compile(_OR_OTHER + r" (?:llm|model|"
                            r"language model|dataset|benchmark|simulator|optimizer|algorithm|"
                            r"backbone|encoder|architecture|environment|baseline)s?\b", re.I)
# "Which LLMs / language models / model families / backbones": models are named with a version
# or size ("Llama2-13B", "GPT-4o", "T5"), an inner capital ("OLMoE", "ViT") or in capitals
# ("BERT"); a sentence holding only plain capitalised words ("Natural Annealing", "Hamiltonian")
# names none (fresh dev batch a; how model names are written in ML).
# "What kind of world model does X build?" asks for a description of one thing, which a name
# need not give ("a long short-term world model"; fresh dev batch c), unlike "what kinds of
# models was X tested on". One kind, a singular noun, then its verb.
KIND_OF_ASK = re.compile(r"\b(?:what|which) (?:kind|type|sort) of (?:[\w-]+ ){0,3}?[\w-]+(?<!s) "
                         r"(?:does|do|did|is|was|can)\b"
                         # ... or typed after its paper: "DynamicFlow: which kind of generative
                         # model?" (dev split ly027a), not "...: encoded with what kind of
                         # language?", a name (dev split lw011a)
                         r"|(?:^|[:–—-]\s)\s*(?:what|which) (?:kind|type|sort) of "
                         r"(?:[\w-]+ ){0,3}?[\w-]+(?<!s)\s*\?*\s*$", re.I)
_MODEL_WORDS = (r"(?:models?|(?:[lsmv]|ml)?lms?|language models?|model famil(?:y|ies)|backbones?|"
                r"encoders?|decoders?)\b")
# "the name of the language model behind X's embeddings" (fresh dev batch op028a: answered with
# a sentence naming a statistical test), "name the specific LLM behind ..." (fresh dev batch
# or, or026a: asked no name at all)
MODEL_NAMED_ASK = re.compile(r"(?:\bnames? of(?: the| its| their)?|^\s*(?:please\s+)?name\s+"
                             rf"(?:the|its|their))(?: \S+){{0,2}}? {_MODEL_WORDS}", re.I)
MODEL_NAME_ASK = re.compile(r"(?:\b(?:which|what)\b(?: \S+){0,3}?"
                            # "was GPT-4 or some other LLM used" (OTHER_NAME_ASK)
                            rf"|{_OR_OTHER}) {_MODEL_WORDS}|{MODEL_NAMED_ASK.pattern}", re.I)
MODEL_LIKE_NAME = re.compile(r"\d|\b[A-Za-z]*[a-z][A-Z]|\b[A-Z]{2,}\b")
# A language model asked for ("which language model / LLM is X built on") is named where a
# sentence speaks of language models or names one of their families: not by a module the paper
# proposes ("a Generator-And-Sampler Transformer (GS-Former)": held-out on029a, now dev).
# The families: general knowledge of LLMs as of 2025.
LANGUAGE_MODEL_ASK = re.compile(r"\b(?:language models?|(?:[lsmv]|ml)?lms?)\b", re.I)
LANGUAGE_MODEL_TOLD = re.compile(
    r"\b(?:language models?|(?:[LSMV]|ML)?LMs?)\b|\b(?:GPT|LLaMA|Llama|Qwen|Mistral|Mixtral|Gemma|"
    r"Claude|PaLM|Gemini|T5|BERT|RoBERTa|OPT|Phi|Vicuna|Falcon|OLMo|DeepSeek|Pythia|BLOOM)", re.I)
# ... but not the names a sentence lists as benchmarks or datasets ("on publicly recognized
# benchmarks, such as GeoQA, UniGeo, Geometry3K": held-out on029, now dev, answered which
# language model GeoX is built on). General English of listing examples of a kind.
LISTED_AS_DATA = re.compile(r"\b(?:benchmarks?|datasets?|environments?|suites?)\b,?\s*"
                            r"(?:such as|like|including|e\.g\.,?|\()[^.;)]*", re.I)
# ... as is a capitalised word given a size ("finetune Rho 1B on GSM8k", "from LLaMA 3.1 8B"): a
# sentence holding one names a model (dev split nv022: "which model was finetuned on GSM8k" was
# answered with the LLaMA sentence, "Rho" being no name-like word; general English of models)
SIZED_MODEL = re.compile(r"\b[A-Z][\w.-]*(?:[ -]\d+(?:\.\d+)?)?[ -]\d+(?:\.\d+)?[BM]\b")
ACCELERATORS = r"gpus?|tpus?|a100|h100|v100"  # what compute is counted in
# "What GPU model / which GPUs was X trained on": the accelerator's name (A100, TPU v4), which a
# sentence giving GPU hours or "a single GPU" does not name (fresh dev batch 20).
# "What GPU does it need?" may be answered by "a single consumer GPU": only "which GPU(s)" and
# "what GPU model/type" ask for the name.
_ACCELERATOR = r"(?:gpu|tpu|graphics card)s?"
ACCELERATOR_NAME_ASK = re.compile(
    rf"\b(?:which(?: kinds? of| types? of)? {_ACCELERATOR}(?: models?| types?| cards?)?|what "
    rf"(?:kinds?|types?) of {_ACCELERATOR}|what {_ACCELERATOR} (?:models?|types?|cards?)) (?:was|"
    r"were|is|are|did|does|do)\b"
    # ... plural: "on what GPUs was the largest SPA model trained?" asks their names, not how
    # many (dev split lk015b)
    r"|\bwhat (?:gpu|tpu)s (?:was|were|did|do)\b"
    # ... typed as a few words: "spa embodied representation gpu type" (dev split lu025a)
    rf"|\b{_ACCELERATOR} (?:models?|types?)\s*\??\s*$"
    # ... or ending on "which GPUs": "spa 3d spatial awareness embodied representation - which
    # gpus" (dev mp027a)
    rf"|\bwhich {_ACCELERATOR}\s*[?？]?\s*$", re.I)
# How a sentence names one: a vendor, a model code by the word ("8 A100 GPUs", "TPU v4").
ACCELERATOR_NAMED = re.compile(r"\b(?:nvidia|amd|tpu\s?v\d|[rg]tx\s?\d{3,4}|[a-z]{1,3}\d{1,4}\s+"
                               r"(?:gpus?|tpus?|cards?)|(?:gpus?|tpus?)\s+[a-z]{1,3}\d{1,4})\b",
                               re.I)
# A name in the possessive before another name is its maker: "OpenAI's GPT-4", "Google's Gemini
# Ultra" (what follows a name of the question; general English, dev split ll010b, lr002b).
MAKER_OF = re.compile(r"['’]s\s+(?-i:[A-Z][\w.-]*)")
# ... and one a model or a work is said to come from: "that sparse MoE language model from AI2",
# "the benchmark by Google" (held-out ns001b, now dev: refused for "AI2"; general English).
# (the words just before the name: rag/names.py matches them and the name in one search)
MADE_BY = re.compile(r"\b(?:models?|llms?|lms?|papers?|works?|benchmarks?|datasets?|methods?|"
                     r"systems?|agents?|team|group|lab|researchers)\s+(?:from|by|at)\s+(?:the\s+)?",
                     re.I)
# A model or benchmark size the question names ("the 13B LLaMA-2 model", "prunenet 13b", "Atari
# 100k") must be in the paper that answers: "compresses the 7B model in minutes. What about the
# 13B?" is not answered by the 7B's figure (fresh dev batch me; how ML writes sizes). Of sizes
# offered together ("on 7B or 13B") one is enough.
SIZE_TOKEN = re.compile(r"(?<![\w.,-])(\d+(?:\.\d+)?)\s?([kmbt])\b", re.I)
SIZE_WORDS = {"k": "thousand", "m": "million", "b": "billion", "t": "trillion"}
# ... and a figure with its magnitude in words ("7 billion" is "7B": rag/figure_evidence.py).
MAGNITUDE_WORD = re.compile(rf"(\d[\d.,]*)\s+({'|'.join(SIZE_WORDS.values())})\b", re.I)

# Names such as "GPU", "Claude" or "MMLU": if none of the retrieved abstracts has one, the
# question is about something the collection does not cover.
# ... and a metric at a cut-off ("pass@1", "recall@10": fresh dev batch la)
# ... and a short prefix hyphened to capitals ("Db-TSW", "S-MNN", "D-TSN"), read whole: its
# parts alone are no name, so the question named nothing (fresh dev batch md)
NAME_TOKEN = re.compile(r"(?<![\w-])([A-Z][a-z]?-[A-Z][A-Z0-9]+(?:-[A-Z0-9]+)*"
                        r"|[A-Za-z]+@\d+|[A-Za-z][\w.+]*[A-Z0-9][\w.+]*"
                        r"|[A-Z][a-z]{2,}[\w]*)"
                        r"(?![\w])")
# A counting word run into its number numbers a step, not a thing named: "stage1 picks what,
# stage2 learned how" (dev split mb008b); general English of enumeration.
ENUMERATOR = re.compile(r"(?:stage|step|part|phase|round|level|layer|task|question|item|case|"
                        r"option|section|table|figure|fig|eq|q)\d{1,2}")
GENERIC_NAMES = frozenset((
    "i llm llms ai ml nlp rl gnn gnns cnn cnns vlm vlms mllm mllms sota gpt rlhf mlp "
    "transformer transformers is are was were which what how why when where who does do did "
    "can could should would will in on for of the a an and or to from with by as at it its "
    "there this these those given compared under with without "
    # dimensions name no model: "a 3D encoder" (dev split ls020)
    "1d 2d 3d 4d "
    # words asking what a name stands for name nothing: "POTEC acronym" (fresh dev batch nn,
    # nn015a: recased "ACRONYM", a name no abstract holds, refused)
    "acronym acronyms abbreviation abbreviations "
).split())
# A name the question writes out is there when the abstract uses its initials ("Fréchet
# Inception Distance" as "FIDs": fresh dev batch na, na003b): runs of up to this many
# capitalised words are tried (the longest written-out names of the dev split's acronyms).
WRITTEN_OUT_WORDS = 5
# A title with its acronym, "Sequential Monte Carlo (SMC)": the paper is named by either part
# (held-out nm001a, now dev: "smc constrained LM generation" named no paper).
TITLE_WITH_ACRONYM = re.compile(r"(.+?)\s*\(([A-Z][\w-]*[A-Z][\w-]*)\)")
