"""Every cue list and threshold of the answer check (rag/citations.py, rag/claims.py,
rag/polarity.py), each with where its value came from (the answerers' own are in
rag/cues/__init__.py, the number and name checks' in rag/cues/claim_checks.py). "Dev split"
means the dev rows of eval/verifier.jsonl; the test rows were never tuned on.
"""

from __future__ import annotations

import re

# The polarity check's cues (rag/polarity.py) live in rag/cues/polarity.py; read here as cues.X.
from rag.cues.polarity import (  # noqa: F401
    ANTONYM_NEGATION_REACH,
    ARTICLES,
    BELIEF_NOUN_REACH,
    BELIEF_NOUNS,
    CONTRAST_NEGATORS,
    CONTRAST_REACH,
    DOUBT_REACH,
    DOUBTING_WORDS,
    EARLIER_WORK_REACH,
    EARLIER_WORK_WORDS,
    GENERIC_VERBS,
    GERUND_NEGATOR,
    IMPLICIT_ADJECTIVES,
    IMPLICIT_REACH,
    IMPLICIT_SUFFIXES,
    IMPLICIT_VERBS,
    NEGATED_STATES,
    NEGATED_WORD_SHARED,
    NEGATED_WORD_WINDOW,
    NEGATING_PREFIXES,
    NEGATION_SCOPE,
    NEGATORS,
    NOT_NEGATION_AFTER,
    PARALLEL_SHARE,
    PHRASAL_REWRITES,
    POLARITY_MIN_OVERLAP,
    POLARITY_PAIRS,
    POLARITY_WINDOW,
    RELATIVE_WORDS,
    ROLE_WINDOW,
    SENTENCE_ENDS,
    VERB_NEGATORS,
)

# -- checking an LLM answer (rag/citations.py) ---------------------------------------------
# A sentence is backed when it is close in meaning to a cited abstract sentence, or when most
# of its content words appear there. Tuned on the eval set's gold abstracts (README).
SUPPORT_SIMILARITY = 0.55
SUPPORT_OVERLAP = 0.5
# A claim that fuses two abstract sentences ("X, as confirmed on Y") is backed when it comes
# within FUSED_SIMILARITY_SLACK of SUPPORT_SIMILARITY and two cited sentences together hold
# FUSED_OVERLAP of its content words (MiniLM only). Issue 12, dev split of eval/verifier.jsonl:
# such faithful claims scored 0.54-0.55 / 0.56-0.58; wrong-paper, outside and invented ones
# at similarity >= 0.50 held at most 0.44 of their words in any two sentences.
FUSED_SIMILARITY_SLACK = 0.05
FUSED_OVERLAP = 0.55
# A sentence without a marker that only frames the answer ("Both papers study X.", "Two
# papers address this.") is not a claim that needs a source.
FRAMING = re.compile(r"\b(?:papers?|works?|studies|approaches|both|collection|abstracts?|"
                     r"in summary|overall|the following|address(?:es)? this)\b"
                     r"|^\s*+(?:yes|no)\b", re.I)
# An LLM often refuses in its own words rather than with CANNOT_ANSWER: "The provided abstracts
# do not report a carbon footprint for SPA, so this cannot be answered from them" (fresh dev
# batch o, written the way GPT-4o and Claude refuse). An answer whose first sentence says so,
# with no "but"/"however" giving a part of the answer, is a refusal, not claims to check.
# Its wordings (batches o and q): "The abstracts don't give this", "None of the supplied
# abstracts mention ...", "I can't answer that from the provided abstracts".
_SOURCES = (r"(?:the |these |this |both |either )?(?:provided |given |indexed |available |"
            r"retrieved |supplied |cited )?"
            r"(?:abstracts?|papers?|sources?|documents?|context|collection|material|text|"
            r"information)"
            r"(?: (?:provided|given|here|above|available|supplied))?")
_TELL = (r"(?:contain|report|mention|provide|include|say|give|state|specify|discuss|address|"
         r"describe|cover|offer|disclose|list|present|detail|indicate|reveal|note)")
# Batch a (fresh, dev): "However, the abstract does not report ...", "I couldn't find the
# number of participants in the sources", "This isn't stated in the provided papers"; a
# refusal may follow a sentence of context (rag/llm.py _refuses). The other forms are the
# general English of saying a text lacks something, written by hand after batch a ("The
# number of GPUs is not mentioned in the abstract", "There's no mention of ...", "Neither
# abstract reports ...", "The abstracts are silent on ...", "it is not possible to
# determine ... from the abstracts", "I don't have information about ...").
_NOT = r"(?: not|n[’']t)"
_REFUSAL_OPENER = (r"(?:(?:however|unfortunately|but|sadly|regrettably|based on "
                   rf"{_SOURCES}|from {_SOURCES}),?\s+)?")
_TOLD = (r"(?:stated|reported|mentioned|given|specified|provided|included|described|available|"
         r"disclosed|discussed|listed|presented|detailed|indicated|noted)")
_ABSENT = r"(?:information|mention|data|details?|indication|figures?|numbers?|specifics|report)"
REFUSAL_STATEMENT = re.compile(
    rf"^\s*+{_REFUSAL_OPENER}(?:{_SOURCES} (?:do|does|did){_NOT} (?:\w+ly )?{_TELL}\b"
    rf"|(?:none of|neither(?: of)?|nothing in) {_SOURCES} (?:\w+ly )?{_TELL}"
    rf"|{_SOURCES} (?:is|are) silent\b|{_SOURCES} makes? no mention\b"
    rf"|i (?:cannot|can[’']t|can not|am unable to) (?:answer|tell|determine)\b[^.]* from "
    rf"{_SOURCES}"
    rf"|i (?:(?:could|can|did){_NOT}|cannot|(?:was|am) unable to) (?:find|locate|see)\b[^.]* "
    rf"(?:in|from) {_SOURCES}"
    rf"|i (?:(?:could|can|did){_NOT}|cannot) find any {_ABSENT}\b"
    rf"|i (?:do|did){_NOT} (?:have|see|find) (?:any )?{_ABSENT}\b"
    rf"|[^.]{{0,80}}?\b(?:is|are|was|were){_NOT} (?:\w+ly )?{_TOLD}\b[^.]* (?:in|by|from) "
    rf"{_SOURCES}"
    rf"|(?:this|that|such) (?:\w+ )?(?:is|was|are|were){_NOT} (?:in|part of) {_SOURCES}"
    rf"|(?:it is|it's) (?:not possible|impossible|unclear)\b[^.]* from {_SOURCES}"
    rf"|(?:it is|it's) (?:not possible|impossible) to (?:determine|tell|say|answer|know)\b"
    rf"|(?:there is|there's|there are|i found) no (?:\w+ )?{_ABSENT}\b"
    rf"|no (?:\w+ )?{_ABSENT}\b[^.]* (?:is|are|was|were) {_TOLD}\b"
    r"|(?:所提供的|所收录的|这些)?(?:论文)?(?:摘要|论文|资料)(?:中)?(?:没有|并未|未)"
    r"(?:提及|提供|包含|报告|说明|给出))", re.I)
PARTIAL_ANSWER = re.compile(r"\b(?:but|however|although|though)\b|但是|不过", re.I)
# For answers not in English, checked with multilingual-e5: the eval's Chinese questions scored
# 0.822-0.874 against their paper's best sentence and 0.779-0.821 against another paper's.
SUPPORT_SIMILARITY_MULTILINGUAL = 0.82
# A later clause of a claim ("..., and it also X") with at least CLAUSE_MIN_TERMS content words,
# less than CLAUSE_MIN_KNOWN of them in the cited abstract, adds an unstated fact (dev split of
# eval/verifier.jsonl: faithful clauses keep >= 0.4 of their words).
CLAUSE_MIN_TERMS = 3
CLAUSE_MIN_KNOWN = 0.34
# A clause with at least CLAUSE_NEW_TERMS content words the cited abstract lacks, and less
# than CLAUSE_NEW_KNOWN of its words in it, must also be close in meaning to a cited sentence
# (rag/citations.py _added): an outside fact built partly of the abstract's own words ("trains
# the scoring modules jointly with the downstream classifier"). Issue 12 round 5, dev split
# and a fresh dev batch: such faithful clauses had at most 3 new words or were rescued by
# their meaning (0.62); outside ones had 4-5 new words at 0.38-0.43 known.
CLAUSE_NEW_TERMS = 4
CLAUSE_NEW_KNOWN = 0.5
# A condition ending the claim ("... at a sublinear O(1/T) rate under softmax
# parameterization", "... on a single GPU") whose content words (at least TAIL_MIN_TERMS) are
# all absent from the cited abstract adds an outside fact; words saying which or how many
# ("in the latter case", "than prior methods in experiments") name none. Issue 12, ninth stop,
# dev split with yc, yf: 3 outside facts caught, none of 4,742 faithful sentences flagged.
TAIL_CONDITION = re.compile(r"\b(?:under|with|using|via|through|on|in|for|from|at)\s+"
                            r"(?:the |a |an |its |their )?((?:[\w-]+\s+){0,3}[\w-]+)\s*$", re.I)
TAIL_MIN_TERMS = 2
# ... and an instrument brought in by "with/using/via a ..." anywhere in the claim ("estimating
# the noise function from data with a recurrent neural network, achieving ..."): a new means
# the abstract never names (dev split yl004, yn040; general English of means).
INSTRUMENT = re.compile(r"\b(?:with|using|via|through|by)\s+(?:a|an)\s+((?:[\w-]+\s+){0,3}?[\w-]+)"
                        r"(?=\s+(?:to|that|which|and|for)\b|\s*[,;.]|\s*$)", re.I)
# ... and examples given ("for specific domains such as molecular biology and materials
# synthesis"): an item the abstract never names is brought in from outside (dev split yp036;
# general English of examples). Not "including", which runs on into clauses of their own
# ("including routing properties ..., and release everything": a faithful dev sentence).
EXAMPLES_GIVEN = re.compile(r"\b(?:such as|e\.g\.,?|for example,?|for instance,?)\s+"
                            r"([^.;:()\[\]]+)", re.I)
EXAMPLE_SEPARATOR = re.compile(r",\s*(?:and\s+|or\s+)?|\s+(?:and|or)\s+")
TAIL_GENERIC = frozenset((
    "latter former case cases prior previous method methods experiment experiments setting "
    "settings result results practice general turn addition particular detail total average "
    "contrast comparison baseline baselines work works other others way ways both all each many "
    "several task tasks data model models approach approaches").split())
# A claim is checked for a reversed direction against this many of each cited paper's sentences
# closest to it (the closest alone missed reversals: dev split of eval/verifier.jsonl).
POLARITY_SENTENCES = 3
# rag/polarity.py judges a long claim clause by clause too: one that joins several facts may
# reverse just one, while the evidence shares too few of the whole claim's words to be judged
# against it. Clauses are cut at punctuation and these coordinating words (general English
# grammar; not at "that"/"which", which would cut a relative clause from the noun it speaks
# of), each with at least POLARITY_CLAUSE_TERMS content words (shorter pieces, e.g. a noun
# list "A and B", stay joined); a clause is judged only against a sentence sharing at least
# as many of them (two shared words let unrelated sentences of one abstract clash). Issue 12,
# checked on the dev split of eval/verifier.jsonl and on all sentence pairs within the seed
# abstracts.
CLAUSE_JOINERS = frozenset("and but while whereas although though yet so".split())
# "show that X", "find that X": the reported clause X is a claim of its own, and is cut there
# too (a "that" after a noun starts a relative clause and is not). Reporting verbs of academic
# English, base forms (issue 12, round 2 of the dev split of eval/verifier.jsonl).
REPORTING_VERBS = frozenset("show find demonstrate prove reveal observe confirm suggest argue "
                            "establish verify note".split())
POLARITY_CLAUSE_TERMS = 3
# A negation on one side contradicts the other only if the other holds at least this share of
# the negated words: "without accessing training data" is an aside, not a contradiction, of a
# claim that merely mentions "data" (issue 12, dev split of eval/verifier.jsonl).
NEGATION_COVERAGE = 0.5
# The words just before a negator must be in the other sentence too (the same subject), unless
# the claim shares this share of its content words with it: "the benefits X credited to Y
# cannot be explained" against "the benefits ... can largely be explained" (0.67; issue 12,
# round 3 of the dev split of eval/verifier.jsonl).
NEGATION_SAME_TOPIC = 0.6
# Words a paraphrase trades freely ("does not fix" for "is not resolved"): the polarity check
# counts each group as one word when it compares what two sentences speak of. General English
# verbs of academic prose, chosen by hand (issue 12).
POLARITY_SYNONYMS = ("resolve fix solve address overcome tackle remedy remove disappear vanish",
                     # "removes the difficulty" for "resolves" (fresh dev batch 29); "the
                     # difficulty disappears" (fresh dev batch x)
                     "need require demand depend rely",  # "depends on" (fresh batch a)
                     "use leverage employ utilize utilise exploit", "enable allow permit let",
                     "large big", "fast quick rapid")
# Evaluative words (base forms, matched inflected as POLARITY_PAIRS are): a claim reverses its
# evidence when the judging words only it holds all lean one way and those only the evidence
# holds all lean the other ("poorer inputs" for "superior inputs", "cope well" for "consistently
# underperform", "fails to generalise" for "ability to generalize"). A negator just before, or
# a VALENCE_FLIPPER next to, a word turns its lean ("helps least", "without sacrificing").
# General English of results sections, chosen by hand (issue 12, round 2 of the dev split of
# eval/verifier.jsonl: 8 of 11 new reversals are not antonym pairs; no faithful dev sentence
# holds opposite leans on the two sides). Direction words (increase/reduce) are left out:
# whether less is better depends on what is reduced.
VALENCE_POSITIVE = frozenset((
    "better best superior improve improvement outperform surpass beat exceed excel robust "
    "robustness stable stability effective effectiveness efficacy efficient efficiency helpful "
    "help benefit beneficial success successful successfully succeed accurate reliable "
    "promising favorable favourable favorably favourably competitive strong stronger strength "
    "advantage "
    "advantageous enhance boost strengthen generalize generalise generalization "
    "generalisation proficiency capable good excellent remarkable impressive well "
    # speed judges a method too: "slower at inference" for "highly efficient at inference"
    # (fresh dev batches bb and zb)
    "fast faster fastest quick quicker "
    # lasting under attack judges too: "more fragile under fine-tuning attacks" for "more
    # persistent against" them (dev split zc021x)
    "persistent resilient durable").split())
VALENCE_NEGATIVE = frozenset((
    "worse worst inferior poor poorer poorly degrade degradation underperform lag trail fail "
    "failure fragile brittle vulnerable susceptible unstable instability ineffective "
    "inefficient harmful hurt harm weaken weak weaker struggle sacrifice expense detrimental "
    "suboptimal sub-optimal unreliable inaccurate below drawback slow slower slowest "
    "undermine").split())
VALENCE_FLIPPERS = frozenset("less least".split())
# Nouns and verbs that negate the evaluative word they govern, through "of/in/with" ("the
# difficulties of stable training") or "... to" ("the inability of value functions to
# generalize", "unable to cope"): base forms (issue 12, round 2: a faithful "cause of
# instability" read against "difficulties of stable training" in the dev split of
# eval/verifier.jsonl; "problem" left out: "problem solving" governs nothing).
NEGATING_HEADS = frozenset("difficulty difficulties challenge challenges lack absence inability "
                           "unable fail failure".split())
# A claim is mis-attributed when another retrieved paper's sentence holds at least
# SUPPORT_OVERLAP of its content words and this much more than any cited sentence does, unless
# the cited paper backs it at rag/claims.py's CLEARLY_BACKED similarity. Issue 12, round 2 of
# the dev split of eval/verifier.jsonl: for faithful sentences another paper never held more of
# the words than the cited one (margin <= 0.0); a wrong-paper one whose cited paper's name kept
# the similarity up held 0.30 more, the others 0.06-0.88.
ATTRIBUTION_OVERLAP_MARGIN = 0.2
# Below this share of backed sentences an LLM answer is replaced by the extractive one.
MIN_SUPPORTED_SHARE = 0.5

# Words that stretch a claim to every case: an answer saying a method "works equally well for
# any objective" or "always" helps claims more than an abstract that does not say so (fresh
# dev batch 18: such outside claims in the abstract's own words passed). General English.
STRETCHING_WORDS: dict[str, re.Pattern[str]] = {
    # the claim's words → what in the abstract backs them ("for any" is "under arbitrary": d01)
    r"equally well": re.compile(r"\bequal(?:ly)?\b", re.I),
    r"regardless of": re.compile(r"\b(?:regardless|irrespective|arbitrary|any|independent(?:ly)?)"
                                r"\b", re.I),  # "independently of the language": batch 27
    r"universally": re.compile(r"\buniversal", re.I),
    r"always": re.compile(r"\b(?:always|consistently|every|all)\b", re.I),
    r"in all cases|without exception|for all|all possible|every possible":
        re.compile(r"\b(?:all|every|any|arbitrary)\b", re.I),
    r"for any|any kind of|any type of": re.compile(r"\b(?:any|arbitrary|all|every)\b", re.I),
    # ... or to the future: a plan ("the authors plan to extend it to proteins") is a claim an
    # abstract rarely makes (fresh dev batches 21 and 23: future-work facts added so passed)
    # ... or narrows it to a few: "outperforms them on only a handful of the benchmarks",
    # "rarely carries over" where the abstract says "consistently" (fresh dev batch m)
    r"only (?:a |on a |in a )?(?:few|handful|minority|small (?:number|fraction|subset|share)|"
    r"fraction|subset)|only some|rarely|seldom|hardly ever|a minority of|not all of|let alone":
        re.compile(r"\bonly (?:on |in )?(?:a )?(?:very )?(?:few|handful|minority|small|fraction|"
                   r"subset|some|part)|\b(?:few|some) of the\b|\ba subset of\b|\blimited to\b|"
                   r"\bpartial(?:ly)?\b|\brarely\b|\bseldom\b|\bnot all\b|\bin some cases\b|"
                   r"\ba minority\b", re.I),
    # ... or ranks first what the abstract does not rank: "with GPT-4o using Chain-of-Thought
    # achieving the highest accuracy" (fresh dev batch f: an outside fact added so passed)
    r"(?:achiev\w*|reach\w*|obtain\w*|attain\w*|gets?|getting|gave|gives?|giving|has|had|"
    r"having|with|show\w*|deliver\w*) the (?:highest|best|lowest|strongest|top)"
    r"(?: [\w-]+)? (?:accuracy|performance|score|results?|error|f1|success rate)":
        re.compile(r"\b(?:highest|best|lowest|strongest|top|state-of-the-art|sota|"
                   r"outperform\w*|surpass\w*|superior|better|beats?)\b", re.I),
    # ... or "the most accurate" said of one ("with GPT-4o being the most accurate of the models
    # tested", "... giving the most accurate estimates") where the abstract ranks none (issue
    # 12, eleventh stop, dev split: bd017x, yk039, yy024x caught, none of 7,771 faithful
    # sentences flagged)
    r"(?:being|giving|gave|gives|proving|proved|emerg\w* as|(?:is|was|were|are)(?: also)?) the "
    r"most (?:accurate|effective|robust|reliable|capable|successful)\b":
        re.compile(r"\b(?:most|highest|best|top|state-of-the-art|sota|outperform\w*|"
                   r"surpass\w*|superior|better|beats?)\b", re.I),
    # ... or a price the abstract never names: "improving long contexts at the expense of short
    # ones" where it "improves performance in both short and long contexts" (issue 12, seventh
    # stop, dev split: 5 reversals caught, no faithful sentence flagged; "sacrificing" and
    # "trading off" flagged 6 faithful ones and were left out)
    r"at the (?:cost|expense|price) of|comes? at a (?:cost|price)":
        re.compile(r"\b(?:costs?|costly|expense|expensive|price|trade-?offs?|sacrific\w*|"
                   r"compromis\w*)\b", re.I),
    # ... not a purpose: "this is intended to reduce misalignment" says what a part is for
    # (fresh dev batch yx, yx005: a faithful answer replaced), as does "a benchmark ...,
    # intended to support assessing ..." (fresh dev batch xe, xe001: a faithful sentence flagged)
    r"plans? to|planned to|intends? to|(?<!\bis )(?<!\bare )(?<!\bwas )(?<!\bwere )(?<!, )"
    r"intended to|"
    r"future work|will (?:be )?"
    r"(?:extend|extended|explore|explored|investigate|apply|applied|release|released|address)":
        re.compile(r"\b(?:future|plan|plans|planned|intend\w*|will)\b", re.I),
    # ... or says where an effect is largest ("with the largest gains on mRNA stability
    # prediction") where the abstract singles out no case (fresh dev batch xs, xs021x; in the
    # dev split the phrase is in 17 corrupted or invented sentences and no faithful one)
    r"(?:the )?(?:largest|biggest|greatest|strongest|most (?:pronounced|significant|notable|"
    r"substantial)) (?:[\w-]+ )?(?:gains?|improvements?|boosts?|benefits?|speedups?|increases?|"
    r"reductions?)":
        re.compile(r"\b(?:largest|biggest|greatest|strongest|especially|particularly|notabl[ey]|"
                   r"most (?:pronounced|significant|notable|substantial))\b", re.I),
}
