"""How a question's text splits: a compound question into the questions it asks (rag/query.py
`split_parts`), names given only as examples, a bare topic typed without a question, which words
are typos (rag/spelling.py). General English question grammar, each rule with the batch that
showed it was needed."""

from __future__ import annotations

import re

from rag.cues.quantity import NO_QUESTION_WORD, TERSE_TOPIC_WORDS
from rag.cues.things import AUX_WORDS

# A compound question: parts joined by "and" + a question word, or several question marks.
# A run of spaces is tried from its first one only ((?<!\s)): else each space of a long run
# scans the rest of it, quadratic (18,000 spaces took 1.3 s; the fuzz test's 2 s deadline).
# A preposition may lead the question word: "..., and after how many iterations?" (English
# prepositions; "after" came from fresh dev batch s), and so may a hedge ("and roughly how
# many tasks": fresh dev batch c).
_LEAD = (r"(?:up|down|by|on|in|for|at|with|from|to|after|before|over|under|within|across|during|"
         r"per|of|against)")
PART_BREAK = re.compile(
    r"\?\s+(?=\S)|(?<!\s)\s+(?:and|&)\s+(?:(?:also|then|roughly|approximately|about|around|exactly|"
    r"precisely)\s+)?"
    rf"(?=(?:{_LEAD} ){{0,2}}"
    r"(?:how|what|which|who|when|"
    r"where|why)\b)"
    r"|,\s*and\s+(?=(?:does|do|did|is|are|was|were|can)\b)|；|？(?=\S)", re.I)
MIN_PART_WORDS = 3
# A terse question's subject before a colon or dash, and what it asks of it: "olmoe:
# pretraining tokens and training cost ($)?" (fresh dev batch le; rag/query.py _terse_parts).
TERSE_SUBJECT = re.compile(r"^\s*+(\S[^:?]{1,39}?)\s*(?::|\s[-–—])\s+(.+)$")
# ... two details of a named subject, each of at least this many words ("removed module",
# "multi-task fine-tuning method"), are two parts though neither asks a kind of detail
# (dev split mh015a; one word alone is too often a topic's: "SOAP: Adam and Shampoo").
MIN_TERSE_DETAIL_WORDS = 2
# ... and typed without a subject, a second detail of at most this many words is asked of the
# first side's topic: "progressive distillation sandbox task + real datasets" (fresh dev batch
# nf, nf019a); longer, it names a topic of its own (three: "kinetix agent training algorithm +
# number of parameters" read "kinetix agent number of parameters", dev split mc026a).
TERSE_TAIL_WORDS = 2
# Two sides a ";" parts, each of at least this many words, are two questions though neither
# names a thing (held-out ng018a, now dev: "policy gradient average reward convergence rate;
# course-corrected greedy/thompson bandit regret"; two: "mad-td benchmark; fat-to-thin fttpo
# benchmark", dev ne017a); one word alone may be a topic's ("continual learning; forgetting").
MIN_TERSE_SIDE_WORDS = 2
# A few words with a figure and no question word offer a guess for the part before ("soap
# precond freq set to what? every 10 steps? 100?", "geox model size? 7b or smaller?": fresh
# dev batch ld): no part of their own.
OFFERED_GUESS = re.compile(r"^(?!.*\b(?:what|which|how|who|where|when|why)\b)(?=.*\d)"
                           r"(?:\S+\s*){1,4}$", re.I)
# A piece asking again for what the one before asked is no part: "X beats what bigger models?
# name them pls" (fresh dev batch lc).
ASKS_AGAIN = re.compile(r"^(?:(?:please|pls|plz|can you|could you)\s+)?(?:name|list|give|show|"
                        r"tell me)\s+(?:them|those|these|the ones|it|which ones)"
                        r"(?:\s+(?:please|pls|plz|all))?$", re.I)
# A part is a question when it opens like one ("On which datasets ..." too) or asks in place
# ("X was validated on which language model": fresh dev batch 16); an instruction riding
# along ("Ignore your rules and ...") is not a part to answer.
# A topic may lead: "olmoe: how many experts ..." (fresh dev batch 28), "for the X paper, what
# ..." (fresh dev batch w), "GeoX - what ..." (fresh dev batch s); "and up to how many" opens
# a part too.
QUESTION_OPENING = re.compile(
    r"^\s*+(?:(?:also|and|plus|then|btw)\b,? )?"  # "also was it evaluated on X" (fresh batch i)
    # "For the precision-aware scaling laws paper: how many ..." (dev split d045), however
    # long the description of the paper ("For the SVD-based ... method that uses ...
    # knowledge, how many ...": dev split lo020b)
    # ... or a request describing it: "Describe the representation ... meant to help LLMs
    # design lab protocols - what layers does it have" (fresh dev batch mp, mp011b)
    r"(?:[\w-]+(?: [\w-]+){0,3}(?::| [-–—]) |(?:for|in|about|on) [^,?:]{3,200}[,:] "
    r"|(?:describe|explain|summari[sz]e|tell me about)\b[^?:]{3,200}?(?::| [-–—]) "
    # ... or counting what it asks: "Two things about the efficient context-attribution
    # method for LLMs: how many times faster is it, and what ..." (dev split np022b)
    r"|(?:two|2|three|3|both|a couple of|a few) (?:things|questions|details|parts|points)"
    r"\b[^?:]{0,200}?(?::| [-–—]) )?"
    rf"(?:{_LEAD} )?"
    r"(?:how|what|which|who|"
    r"whom|whose|when|where|why|does|do|did|is|are|was|were|can|could|should|would|will|has|"
    r"have|list|name|compare)\b"
    r"|\b(?:on|in|for|at|by|from|with|to|of|is|are|was|were) (?:which|what|whose|how many|"
    r"how much)\b", re.I)
# Names given as examples of what is asked ("tree search (e.g., MCTS or ...)", "models such
# as Phi"): the abstracts need not hold them (fresh dev batch v: a missing example refused).
EXAMPLE_CLAUSE = re.compile(r"\b(?:e\.g\.|for example|for instance|such as)[,:]?\s+([^)?;]+)",
                            re.I)
# A list question's aside says what its topic covers ("work combining LLMs with tree search
# (MCTS or tree-search refinement)"): its names are examples too (fresh batch t: refused).
ASIDE = re.compile(r"\(([^()]*)\)")
# ... or listed after a colon or a dash ("mech interp on transformers: circuits / SAEs /
# activation patching", "papers that look inside LLMs - circuits, attention heads, activation
# patching"): a list, so a comma or a slash in it. Each item of MIN_EXAMPLE_WORDS to
# MAX_EXAMPLE_WORDS words is a phrase a paper on the topic may say where it never names the
# topic (dev split: the paper using "vocabulary projection and activation patching" never says
# "mechanistic interpretability": mc009, mp019a, c027 ...).
LISTED_EXAMPLES = re.compile(r"(?:[:]|\s[-–—])\s+([^:?.;]*[,/][^:?.;]*)")
EXAMPLE_SEPARATOR = re.compile(r"\s*(?:,|/|;|\bor\b|\band\b|\betc\b)\s*")
MIN_EXAMPLE_WORDS = 2
MAX_EXAMPLE_WORDS = 4

# A bare topic typed as into a search box ("speech recognition for low-resource languages"):
# no question word, no sentence mark, a handful of words. It asks which papers cover it
# (fresh dev batch w: a topical quote of an unrelated paper was given instead).
# Words and spaces never overlap, so the quantifiers give nothing back (possessive): the
# lookahead is not re-run for each leading space (18,000 spaces took 2.5 s).
# ... words of a topic may be listed with commas, examples in brackets: "audio-driven human
# animation, diffusion", "federated learning (horizontal, vertical)" (dev split mn012a, mi021a)
BARE_TOPIC = re.compile(r"^\s*+(?!.*[.!?？。])(?:[\w'’/()-]++,?\s++){0,9}[\w'’/()-]++\s*+$")
# ... several topics typed with spaced slashes ("diffusion policy / diffusion planner /
# diffusion-based RL") ask for the papers on any, though one names a paper (dev split mt019a:
# answered by that paper alone); an unspaced slash joins one term's words ("encoder/decoder").
# ... not two names for the one thing asked ("ls-imagine benchmark / environment used for
# experiments" asks LS-Imagine's; dev split oi014a, listed two papers; general English nouns).
_ASKED_THINGS = ("benchmark|environment|dataset|simulator|engine|model|architecture|backbone|"
                 "encoder|method|algorithm|task|metric|game|suite|testbed|platform|hardware")
# Nor is a question asked after the slash ("nutribench purpose / what task does it evaluate llms
# on": dev split ob005b, listed as a topic).
SLASHED_TOPICS = re.compile(rf"(?<![/\w])(?!(?:{_ASKED_THINGS})s?\s+/\s+(?:{_ASKED_THINGS})s?\b)"
                            r"[\w-]+\s+/\s+(?!(?:what|which|how|who|where|when|why)\b)\S", re.I)
# A word this long or longer, known neither to the corpus nor to the English word list, is
# read as the corpus word one edit away (rag/spelling.py). Shorter ones are often names
# typed in lower case ("vllm", "lora"), and many words lie one edit from a short one.
MIN_TYPO_LENGTH = 5
# An unknown word is read as two corpus words typed together ("finetuning") when each part has
# at least this many letters: shorter parts split too many words by chance ("non", "pre").
MIN_JOINED_PART = 4
# A word typed in lower case is a name when the corpus writes it capitalised mid-sentence at
# least this often ("imagenet" → ImageNet, "heartlang" → HeartLang; rag/spelling.py recase),
# so the checks that tell names by their capitals see it (fresh dev batch i: "heartlang
# results on ptb-xl" and "LD3 FID on imagenet" were answered, not refused). Measured on the
# 94 seed abstracts: names the corpus has are capitalised in 2 of 3 uses or more (GPT-4o,
# NutriBench, ET-SEED 0.67; ImageNet, MuJoCo 1.0), jargon in 1 of 3 or fewer (pretraining
# 0.17, transformer 0.27, federated 0.38). An English word must be capitalised in every use:
# title-case words of names reach 0.75-1.0 (Masked, Adaptive; "Anything" of Segment
# Anything). A common one (this often or more in pyspellchecker's frequency list) also needs
# capitals inside it ("soap" → SOAP): names there are rare (llama 802, claude 580, gemma
# 192, atari 165), title-case words common (segment 3,214, adam 3,389, anything 1.3M).
RECASE_SHARE = 0.6
RECASE_SHARE_ENGLISH = 1.0
RECASE_COMMON_ENGLISH = 1000
# A word the corpus never uses, that is no English word nor one edit from one (so no typo of
# a word), typed where questions put a name: after "on", "vs", "than", ..., or before
# "dataset", "results", ... ("results on humaneval", "ld3 on ffhq faces", "heartlang ptbxl
# results": fresh dev batches la and lc answered these from other facts). Read as a name, so
# the abstracts lacking it is seen. An English word qualifies when rare (RECASE_COMMON_ENGLISH:
# "claude models", "kasa vs dora").
# ... or after the kind of thing it names, or as an alternative: "autocgp benchmark libero or
# maniskill" (dev lq026a)
NAME_SLOT_BEFORE = re.compile(r"\b(?:on|vs|versus|against|than|like|or|benchmarks?|datasets?|"
                              r"environments?|simulators?|suites?)\s+$", re.I)
NAME_SLOT_AFTER = re.compile(r"^\s+(?:datasets?|benchmarks?|results?|scores?|splits?|suites?"
                             # ... or before what is measured on it: "aflow humaneval number",
                             # "heartlang ptbxl auroc" (fresh dev batch ld)
                             r"|models?|numbers?|accuracy|performance|auroc|auc|f1|fid)\b", re.I)
NAME_SLOT_MIN_LENGTH = 4
# ... or anywhere in a few typed words: "robotouille claude async success rate" (dev ms026a:
# answered from the figures the abstracts do give). Each word there qualifies what is asked.
TERSE_NAME_SLOT = re.compile(
    NO_QUESTION_WORD + rf"\s*(?:\S+\s+){{1,{TERSE_TOPIC_WORDS}}}\S+\s*\??\s*$", re.I)
# ... unless the corpus has a word starting with its first letters: "quant" for quantization,
# "rewire" for rewiring, "parameterisation" (dev mf006a, ml013a, mn010a)
TERSE_NAME_PREFIX = 5
# Chat shorthand read as the words it stands for: "# of human subjects" asks how many (fresh
# dev batch lc), "w/ tree search", "w/o labels".
SHORTHAND: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<![\w#])#\s*(?=of\b)", re.I), "number "),
    (re.compile(r"(?<![\w#])#\s*(?=[a-z])", re.I), "number of "),
    # "num experts per layer", "num of tasks" (dev split mu026a: read as a topic to list)
    (re.compile(r"\bnum\b\.?(?=\s+of\b)", re.I), "number"),
    (re.compile(r"\bnum\b\.?(?=\s+[a-z])", re.I), "number of"),
    (re.compile(r"\bw/o\b", re.I), "without"),
    # "the headcount of dietitians" counts them (fresh dev batch nw, nw029b; general English)
    (re.compile(r"\bhead ?counts? of\b", re.I), "number of"),
    # "# of runs fitted + biggest model" (batch ld): a typed "+" parts two asks, read as "&"
    # (rag/query.py _terse_parts: "dspo objective + image quality gains", dev nm018a, nu022a,
    # nu024a; read as "and", its second side was asked of the first side's topic or not at all)
    (re.compile(r"\s\+\s"), " & "),
    (re.compile(r"\bw/(?=\s|[a-z])", re.I), "with "),
    # abbreviations the abstracts spell out ("olmoe params?" counts parameters)
    (re.compile(r"\bparams?\b", re.I), "parameters"), (re.compile(r"\bhrs\b", re.I), "hours"),
    (re.compile(r"\bperf\b", re.I), "performance"), (re.compile(r"\bpl[sz]\b", re.I), "please"),
    (re.compile(r"\bfreq\b", re.I), "frequency"), (re.compile(r"\blr\b"), "learning rate"),
    (re.compile(r"\bavg\b\.?", re.I), "average"),  # "avg reward PG" (dev split mv002a)
    # "ls-imagine eval env" (fresh dev batch le)
    (re.compile(r"\beval\b", re.I), "evaluation"), (re.compile(r"\benv\b", re.I), "environment"),
    (re.compile(r"\benvs\b", re.I), "environments"),
    # "most robust algo" (dev split mz009a), "expts" for experiments
    (re.compile(r"\balgos?\b", re.I), "algorithm"),
    (re.compile(r"\bexpts?\b", re.I), "experiments"),
    # "linear attn complexity" (dev split nc015a: "attn" read as a name the abstracts lack),
    # "arch" for architecture, "approx" for approximation
    (re.compile(r"\battn\b", re.I), "attention"), (re.compile(r"\barchs?\b", re.I), "architecture"),
    (re.compile(r"\bapprox\b", re.I), "approximation"),
)
# A list of papers on two topics: "work on audio-driven portrait video generation or
# diffusion-based planning?" (fresh dev batches c and e listed only the first topic's papers).
# Each side needs ALTERNATIVE_TOPIC_TERMS content words: "Atari or MuJoCo" and "online or
# offline RL" offer names or words, not topics.
# (a run of whitespace is tried from its first character only: from each one it was quadratic,
# 2 s for a 20,000-long run of U+0085, over the fuzz test's deadline in CI; so the splits in
# rag/query.py)
TOPIC_OR = re.compile(r"(?<!\s)\s+or\s+(?:on\s+|about\s+|in\s+)?(?=\S)", re.I)
ALTERNATIVE_TOPIC_TERMS = 3
# ... and a list of three or more after a dash, a colon or "such as"/"like"/"including", the
# last after "or": "anything related — aggregation schemes, client participation analysis,
# vertically partitioned features, or decentralized pre-training" (dev split mz019b: judged
# as two halves, a paper on one item was left out). Each item is a topic of a few words.
ENUMERATED_TOPICS = re.compile(
    r"(?:[—–:]|\s-\s|\b(?:such as|like|including|e\.g\.,?))\s*"
    r"((?:[\w'-]+(?:\s+[\w'-]+){0,4},\s*){2,}(?:or\s+)[\w'-]+(?:\s+[\w'-]+){0,4})"
    r"(?=\s*(?:[.?!;]|$))", re.I)
MIN_ENUMERATED_TOPICS = 3
# Two lower-case words before one head: "continual or incremental learning", "online or offline
# RL" are two topics of a list (fresh batch lf). Capitalised words are names (a list reads
# those as names), and a pair ending the question has no head of its own. Verbs in -ing take
# an object, not a head: "watermarking or detecting text generated by LLMs" asks one topic
# (dev split u022: its "detecting text ..." side alone listed papers on LLM text).
WORDS_OR_BEFORE_HEAD = re.compile(r"(?<![\w-])(?![a-z-]*ing\b)([a-z][a-z-]{2,})\s+or\s+"
                                  r"(?![a-z-]*ing\b)([a-z][a-z-]{2,})(?=\s+[\w-]*\w)")
# A few typed words ask outright with a question word or a closing participle: "protocol
# design dsl which llm used", "transformer depth needed" (dev split lo022a, lp023a); a bare
# measure does not ("protein structure accuracy" asks for papers on it).
# ... or a superlative picking one thing: "asynchronous off-policy rlhf most robust algorithm"
# (dev split og012a: listed two papers; general English of superlatives).
_PICKED = ("(?:algorithm|method|model|approach|variant|optimizer|objective|loss|prompt|setting|"
           "configuration)s?")
OUTRIGHT_ASK = re.compile(r"\b(?:which|what|how)\b|\b(?:needed|required|used)\s*\??\s*$"
                          rf"|\b(?:most|least)\s+[\w-]+\s+{_PICKED}\b"
                          rf"|\bbest(?:[- ]performing)?\s+{_PICKED}\b", re.I)

# "A or B": names offered as alternatives, of which the abstracts need only one.
ALTERNATIVES = re.compile(r"\w\s+or\s+\w|或|还是")
# Lower-case words offered as alternatives, either side of an "or" ("rats or mice"): an answer
# names one (fresh dev batch a: the recording's other details were quoted instead).
# Only those ending the question ask to choose: "adding or subtracting weight differences"
# names the topic (dev split q055). The second may repeat the first's preposition: "recorded
# from rats or from mice?" (dev split ml026, answered with the recording's other details).
WORD_ALTERNATIVES = re.compile(r"(?<![\w-])([a-z][a-z-]{2,})\s+or\s+(?:(?:from|in|on|at|with|by|"
                               r"for)\s+)?([a-z][a-z-]{2,})\s*[?？]?\s*$")
# ... and two kinds of one thing, the second as "ones": "on heterophilic graphs or only
# homophilic ones?" offers heterophilic and homophilic (dev split mu013; general English).
KIND_ALTERNATIVES = re.compile(r"(?<![\w-])([a-z][a-z-]{2,})\s+[a-z][a-z-]{2,}\s+or\s+"
                               r"(?:only\s+|just\s+|also\s+)?([a-z][a-z-]{2,})\s+ones?\s*[?？]?\s*$")
# Words that may stand between alternatives and their "or": "in PyTorch or in JAX", "on
# Atari, on MuJoCo or on Procgen". General English linking words (issue 13, fresh dev batch 14).
ALTERNATIVE_LINKS = frozenset("or in on the a an with and either".split())
# A name's lower-case head before an "or" ("the DeepMind control suite or Atari", "MuJoCo tasks
# or Atari games"): at most this many words (English noun phrases; fresh dev batch a: the
# alternatives were not seen, and the missing Atari refused the question).
ALTERNATIVE_HEAD_WORDS = 2
# ... and a modifier before the name after it: "was PPO or online DPO the most robust" (dev
# split d047: the missing PPO refused it, online DPO being there).
ALTERNATIVE_MODIFIER_WORDS = 1

# "Tell me / I'd like to know / can you give me ...": a question put as a request; what follows
# is read as the question (general English request forms, issue 13).
# "Could you list the six datasets X was evaluated on?" asks which six datasets (dev o031,
# d021); "list the papers on X" asks for papers (LIST_ASK), as it is.
LIST_THE_ASK = re.compile(r"^\s*+(?:please,?\s+)?(?:(?:can|could|would) you\s+(?:please\s+)?)?"
                          r"(?:list|name|enumerate)\s+(?:all\s+)?(?:the|its|their)\s+", re.I)
IMPERATIVE_ASK = re.compile(
    r"^\s*+(?:please,?\s+)?(?:(?:can|could|would) you\s+(?:please\s+)?)?(?:tell me|give me|show "
    r"me|find(?: me\b)?|i'?d like to know|i would like to know|i want to know|i wonder|"
    # "I need to know which ...", "I'd like the names of ..." (fresh dev batch ma requests)
    r"i need to know|i'?d like|i would like|"
    # "I need the number of complexes in ..." asks it (fresh dev batch nq)
    r"i need(?= (?:the|both)\b)|"
    # ... as does "I want the number of ..." (fresh dev batch og, og029b: read as no ask)
    r"i want(?= (?:the|both)\b)|"
    # "explain which gradient estimator X uses", "could you describe what X offers": a request
    # to explain or describe a wh-clause asks that clause (fresh dev batch nq); "explain X",
    # "describe X" ask for a summary, as they are
    r"(?:explain|describe)(?:\s+to\s+me)?(?=\s+(?:what|which|how|why|who|whom|where|when|"
    r"whether)\b)|"
    r"do you know)\b"  # "find methods" is no "find me" (batch u: read as "thods that ...")
    # "tell me both what X learns and what data it uses" asks the two (fresh dev batch nt)
    r"(?:\s+(?:about|please|both))?\s*,?\s*", re.I)
# An embedded question: "what the POGEMA suite offers to ..." (after "I'd like to know", "explain"
# or typed so) asks what the suite offers; "what" before a determiner is never "which": read as
# "what does the ...", not as a "what suite" asking for a name (fresh dev batch nq)
# ... and "which technique the study uses" as "which technique does the study use" (held-out
# oq015a, now dev): up to two words of one thing asked, none a verb or a preposition (plural
# things are left as they read: "what datasets their experiments use", dev split nj).
EMBEDDED_WHAT = re.compile(rf"^(\s*(?:what|which)(?:\s+(?!(?:{AUX_WORDS}|had|can|of|in|on|for"
                           r"|from|with|to|about|at|by|where|whose|which|that|when|who|whom|how"
                           r"|why)\b|[\w-]+s\b)"
                           r"[\w-]+){0,2}?)"
                           r"\s+(?=(?:the|its|their|this|these|those)\s)", re.I)
# ... and an embedded "how much quicker the X is than Y" (after "tell me") as "how much quicker
# is the X than Y" (fresh dev batch or, or002a: refused; general English word order).
EMBEDDED_HOW = re.compile(r"^(how (?:much|many|far|fast|big|large|small|accurate|well|long)"
                          r"(?:\s+[a-z]+er)?)\s+((?:the|its|their|this|these)\b[^?]*?)\s+"
                          r"(is|are|was|were)\b", re.I)
# A request after a description or a leading clause ("... . Before copying it, I'd like to know
# the ..."): read as a request of its own (held-out descriptive wordings, general English).
# ... "I need the" too, as it is read first (IMPERATIVE_ASK): "For the EM-style method ..., I
# need the number of recorded cells in ..." (dev split np028b)
# ... after a dash too, and asked "can you give me": "I'm curious about the size of the
# transformer-based diffusion model ... — can you give me its number of parameters?" (fresh dev
# batch or, or027b: read as no request, answered with the model's summary)
LATER_REQUEST = re.compile(r"(?<=[.!?;:,—–])\s+(?=(?:i'?d like to know|i would like to know|"
                           r"i want to know|(?:(?:please|can you|could you) )?tell me|"
                           r"(?:(?:please|can you|could you) )?give me|"
                           r"i need(?= (?:the|both)\b))\b)", re.I)
# "(I need) two things (please): A, and B": each thing is asked (dev split nq018b, nr022a,
# nr023a, nt019b, nu022b: answered as one question, often of one thing). General English of
# enumerated requests; an "about X" names what both are of.
_REQUESTS = r"i need|i'?d like|i want|tell me|give me"
ENUMERATED_ASK = re.compile(
    rf"(?:\b(?:{_REQUESTS})\s+)?"
    # ... the things may be said by their kind, an adjective first: "two quick counts please",
    # "I need two numbers" (dev batches ol, om: ol022b, om018a, answered as one question)
    r"\b(?:two|2|both|a couple of)\s+(?:quick\s+|short\s+|simple\s+|specific\s+)?(?:things|"
    # ... or as "ones": "Two quick ones: the benchmark where X ..., and the environment where
    # Y ..." (fresh dev batch op018a: refused whole)
    r"questions|details|parts|points|numbers|counts|figures|names|facts|ones)(?:\s+please)?"
    r"(?:\s+(?:about|on|regarding)\s+(?P<about>[^:?]{3,200}?))?\s*(?::|\s[—–-])\s*(?P<things>.+)$",
    re.I)
# ... parted at ", and" (or ", plus", ";"), else at "and" before what opens a thing
ENUMERATION_BREAK = re.compile(r",\s*(?:and|plus)\s+(?:also\s+)?|;\s*(?:and\s+)?", re.I)
ENUMERATION_AND = re.compile(r"\s+and\s+(?:also\s+)?(?=(?:the|its|their|which|what|how|who|"
                             r"where|name|tell)\b)", re.I)
# A request for one thing, then another after "plus" or "as well as": "Give me the number of
# training runs behind the scaling law fits, plus the CIFAR10 FID that LD3 achieves" asks each
# (fresh dev batch nw, nw018a: refused whole; general English of requests). Not a bare ", and",
# which may end a list of three ("the X of A, B, and C").
# ... asked as "what is the X, plus the Y" too (as rag/asking.py as_question reads the request)
REQUESTED_PAIR = re.compile(rf"^\s*(?:please\s+)?(?:{_REQUESTS}|show me|i'?m after|what (?:is|are))"
                            r"\s+(?P<things>(?:the|its|their)\b.+)$", re.I)
REQUESTED_PAIR_BREAK = re.compile(r",?\s+(?:plus|as well as|and also|along with)\s+"
                                  r"(?=(?:the|its|their)\b)", re.I)
# ... a thing asked by naming it: "name the simpler method" asks "the simpler method"
NAMING_REQUEST = re.compile(r"^\s*(?:please\s+)?(?:name|give me|give|list|state|identify)\s+"
                            r"(?=(?:the|its|their|a|an)\b)", re.I)
