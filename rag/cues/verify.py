"""Every cue list and threshold of the answer check (rag/citations.py, rag/claims.py,
rag/polarity.py), each with where its value came from (the answerers' own are in
rag/cues/__init__.py, the number and name checks' in rag/cues/claim_checks.py). "Dev split"
means the dev rows of eval/verifier.jsonl; the test rows were never tuned on.
"""

from __future__ import annotations

import re

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

# -- the polarity check (rag/polarity.py) ------------------------------------------------
# Set by hand from general English antonyms; checked on the seed abstracts (no sentence flags
# itself) and on the dev split of eval/verifier.jsonl.
# Antonym pairs (base forms; -s/-es/-d/-ed/-ing/-ment(s) are matched too), from the brief's
# list and the comparatives in data/. kind "cmp": a comparative whose sides swap with the roles
# around "than"; "rel": a relation that also swaps in the passive; "chg": the same whoever acts;
# "deg": a plain degree against a comparative ("low cost" / "a higher cost"), judged only when
# neither sentence compares with "than".
POLARITY_PAIRS: tuple[tuple[frozenset[str], frozenset[str], str], ...] = tuple(
    (frozenset(a.split()), frozenset(b.split()), kind) for a, b, kind in (
        ("faster quicker", "slower", "cmp"), ("more", "fewer less", "cmp"),
        ("higher", "lower", "cmp"), ("high", "low", "chg"), ("better", "worse", "cmp"),
        ("best", "worst", "chg"),
        ("larger bigger", "smaller", "cmp"), ("above", "below", "cmp"),
        ("stronger", "weaker", "cmp"), ("easier", "harder", "cmp"),
        ("outperform surpass beat exceed", "underperform lag trail", "rel"),
        # "amplifies the bias" for "reduces the bias" (fresh dev batch 25)
        ("increase raise grow expand rise amplify magnify inflate",
         # "gaps narrow": b27; "robustness erodes" for "increases" (fresh dev batch x)
         "decrease reduce lower shrink cut decline drop narrow erode", "chg"),
        ("maximize", "minimize", "chg"), ("widen", "narrow", "chg"),
        ("success succeed", "failure fail", "chg"), ("accurate", "inaccurate", "chg"),
        ("improve enhance boost strengthen help benefit",
         # "undermine robustness" for "benefits robustness" (dev split zd022x)
         "degrade degradation hurt worsen compromise weaken harm undermine", "chg"),
        # "give up" / "sacrifice" what the abstract says is retained (fresh dev batch o)
        ("keep kept retain preserve maintain", "lose lost sacrifice forgo forfeit", "chg"),
        ("stable", "unstable", "chg"), ("efficient", "inefficient", "chg"),
        ("effective", "ineffective", "chg"), ("consistent", "inconsistent", "chg"),
        ("necessary", "unnecessary", "chg"), ("possible", "impossible", "chg"),
        ("positive positively", "negative negatively", "chg"),
        # Issue 12: more general English antonyms an answer may flip.
        ("longer", "shorter", "cmp"), ("deeper", "shallower", "cmp"), ("finer", "coarser", "cmp"),
        ("cheaper", "costlier", "cmp"),
        ("cheap inexpensive", "expensive costly", "chg"), ("superior", "inferior", "chg"),
        ("converge", "diverge", "chg"), ("overestimate", "underestimate", "chg"),
        ("mitigate alleviate", "exacerbate aggravate amplify", "chg"),
        ("sufficient", "insufficient", "chg"), ("scalable", "unscalable", "chg"),
        ("reliable", "unreliable", "chg"), ("feasible", "infeasible", "chg"),
        ("tractable", "intractable", "chg"), ("optimal", "suboptimal", "chg"),
        ("biased", "unbiased", "chg"), ("correct", "incorrect", "chg"),
        ("safe", "unsafe", "chg"), ("agree", "disagree", "chg"), ("well", "poorly", "chg"),
        ("simplify", "complicate", "chg"), ("accelerate", "decelerate", "chg"),
        # Issue 12 round 5 (a fresh dev batch: 11 of 16 reversals missed): quantifiers ("most
        # work" / "only a few works", "little attention" / "much attention"), sameness ("the
        # same circuit" / "different circuits"), and a direction verb against a judging verb
        # ("raise/improve data quality" / "lower data quality"), and plain degrees ("low
        # cost" / "a much higher cost"): those meet their comparatives only without "than",
        # since "lower variance than X" agrees with "X suffers from high variance" (all
        # sentence pairs of the seed abstracts).
        # General English, chosen by hand; each speaks of the words around it, so "different
        # tasks" and "the same model" do not meet.
        # ... and amounts: "at a heavy computational overhead" for "with little overhead"
        # (issue 12, fresh held-out batch zf)
        ("most many much majority predominantly heavy substantial considerable",
         "few little scant limited marginal negligible minimal slight", "chg"),
        ("same identical shared", "different distinct", "chg"),
        ("improve enhance boost raise", "lower decrease degrade", "chg"),
        ("high higher", "low lower", "deg"),
        ("cheap cheaper inexpensive", "expensive costly costlier", "deg"),
        # Issue 12, fresh dev batch m (19 of 30 reversals missed): plain degrees and the verbs
        # of direction an answer may flip ("slow to run" for "fast", "explicit" / "implicit",
        # "departs from" for "aligns with"). General English antonyms, chosen by hand.
        ("fast quick rapid", "slow", "chg"), ("explicit", "implicit", "chg"),
        ("align", "depart deviate", "chg"), ("match rival", "underperform lag trail", "chg"),
        ("fat thick", "thin", "chg"),
        ("increase raise grow rise", "diminish fade", "chg"),
        # Issue 12, fresh dev batches zl, zm: "merge several models into one" for "factorize
        # a centralized model into several"; "disappointing" for "promising" results. Verbs
        # only: "a unified framework", "separate models" are no direction (two faithful dev
        # sentences flagged with "unify").
        ("split factorize factorise decompose", "merge fuse", "chg"),
        ("promising encouraging", "disappointing discouraging", "chg"),
        # Issue 12, 2026-12-05 (second stop): dev reversals "sharper landscapes" for
        # "flatter" and "supersedes LLMs" for "complements" (zk012x, zk004x), widened by hand
        # with general English antonyms of method descriptions of the same kind.
        ("flat flatter", "sharp sharper", "chg"), ("sparse sparser", "dense denser", "chg"),
        ("static", "dynamic", "chg"), ("enable allow permit", "prevent preclude prohibit", "chg"),
        ("complement", "replace supersede supplant", "chg"), ("accept", "reject", "chg"),
        ("encourage", "discourage", "chg"), ("open", "closed", "chg"),
        # Issue 12, seventh stop, dev split: "discards task-specific signals" for "incorporates
        # both task-shared and task-specific information" (yb002), "decouples the objectives"
        # for "aligns" them (yb023), "constrains updates on later tokens" for "on initial
        # tokens" (zs054), "quantization degrades models less as they are trained on more
        # data" for "the degradation ... increases as models are trained on more data" (the same
        # reversal in three dev batches); general English antonyms, chosen by hand.
        ("incorporate include integrate", "discard exclude omit", "chg"),
        ("align couple", "decouple", "chg"),
        ("initial early earlier", "later late", "chg"),
        # Issue 12, tenth stop, dev split: "its embedding dimension must grow with the number of
        # tokens" for "it operates with a fixed embedding dimension" (the same reversal in six
        # dev rows of five batches: 4 more caught, no faithful dev or test sentence flagged); a
        # fixed quantity against one that varies, general English.
        ("fixed", "grow growing vary varying variable", "chg"),
        ("increase increases increasing grow grows", "less", "chg")))
# A word with a negating prefix stands against the word without it ("indirect" / "direct",
# "asynchronous" / "synchronous", "unlabeled" / "labeled") as a pair of POLARITY_PAIRS does:
# prefix → the fewest letters left after it (fewer: "a" + "long", "in" + "form" are no pairs).
# English negating prefixes (fresh dev batch m: "asynchronous" swapped with "synchronous").
NEGATING_PREFIXES: dict[str, int] = {"non-": 4, "non": 5, "un": 5, "dis": 6, "in": 6, "im": 6,
                                     "ir": 6, "il": 6, "a": 7}
# Explicit negators ("cannot"/"n't" are split into "not" first); "fail(s|ed) to" counts too.
NEGATORS = frozenset("not no never without neither nor unable none nothing lack lacks "
                     "lacking".split())
# The negators that negate a verb or adjective ("is not resolved", "never converges"), for the
# check of a claim asserting the word its evidence negates (rag/polarity.py); "fail(s) to" too.
# Issue 12, dev split misses of eval/verifier.jsonl ("increasing the number of parameters
# resolves this" for "is not resolved even as the number of parameters is increased"). It
# needs NEGATED_WORD_SHARED other content words in common with the negated clause: one lets
# unrelated sentences clash, and the whole sentence let "earlier methods handle only
# finite-horizon fragments" clash with "..., and do not adequately handle safety constraints".
VERB_NEGATORS = frozenset("not never unable fail fails failed".split())  # "fail" before "to"
# A contrast sets aside the words just after it: "rather than the final converged one" says
# neither "converged" nor "not converged", so no antonym is read there (issue 12, fresh batch
# zf: 1 faithful sentence flagged). It is no negator: "rather than running a costly search"
# does not say "not costly" (dev split: 4 faithful sentences flagged when it was one). Word
# pairs as read_words splits them; general English.
CONTRAST_NEGATORS = frozenset((a, b) for a, b in (c.split() for c in (
    "rather than", "instead of", "opposed to", "place of", "lieu of")))
CONTRAST_REACH = 3  # words after the contrast (articles not counted) it sets aside
# A doubting word that names a belief ("casts doubt on the idea that ...", "challenges the
# assumption that ...") negates the rest of its sentence, as "not" does ("... to show they
# are not atomic"; issue 12, fresh held-out batch zf: 1 faithful sentence flagged). Base forms;
# "question" is left out: "the question of whether" names no doubt. General English.
DOUBTING_WORDS = frozenset("doubt challenge refute disprove debunk dispute contradict".split())
BELIEF_NOUNS = frozenset(("idea ideas belief beliefs assumption assumptions notion notions "
                          "hypothesis view premise claim claims intuition wisdom").split())
BELIEF_NOUN_REACH = 4  # tokens after the doubting word within which the belief is named
DOUBT_REACH = 24  # tokens after the doubting word it may speak of, up to the sentence's end
SENTENCE_ENDS = frozenset(".;:!?")
NEGATED_WORD_SHARED = 2
NEGATED_WORD_WINDOW = 8  # words either side of the negator, within its clause, that count
# A negator followed by these is not a negation ("not only", "no matter").
NOT_NEGATION_AFTER = frozenset("only just merely least matter less".split())
# Words that carry a negation implicitly, which a paraphrase may trade for "not"/"without".
# They excuse a negation only when they speak of the negated words: an adjective through its own
# stem ("unlabeled" for "no labels"), a verb through the words after it ("eliminates the need").
IMPLICIT_ADJECTIVES = frozenset("unsupervised unlabeled unlabelled unseen unknown unnecessary "
                                "zero-shot".split())
IMPLICIT_SUFFIXES = ("-free", "-agnostic", "-independent")
# Issue 12 added the words from "inadequate" on: a paraphrase's "lacks global information" is
# the abstract's "struggles with inadequate global information" (round 3 of the dev split).
IMPLICIT_VERBS = frozenset("eliminate avoid remove absence absent instead rather unlike bypass "
                           "omit prevent fail inadequate insufficient struggle limit limited "
                           "inability unable lack missing free".split())  # base forms
# ("free": "free of that assumption" for "without such an assumption", fresh dev batch 27.)
# States that are themselves negative: a negator before one asserts ("when no features are
# missing" = "when all features are observed"; fresh dev batch 23). Only states: "does not
# resolve this inability" still negates (dev split of eval/verifier.jsonl). General English.
NEGATED_STATES = frozenset("missing absent lacking unavailable unseen unknown unobserved".split())
# Phrases rewritten before the polarity check reads a sentence (lower case, regex → words):
# idioms of ranking and of holding that say what a word of POLARITY_PAIRS or a negation says.
# "falls behind"/"falls short of" since round 1 of issue 12; round 5 (fresh dev batch) added
# an adverb inside them ("falls well short of"), "remain/stay ahead of", "break down" and the
# quantities "a great deal of"/"a lot of" (general English, chosen by hand).
# "noticeably": batch m; "somewhat", "slightly" (general English, dev split s016)
_FALL = r"\b(?:fall|falls|fell|falling|fallen)(?: (?:well|far|somewhat|slightly|\w+ly))?"
PHRASAL_REWRITES: tuple[tuple[str, str], ...] = (
    (r"\bas well as\b", "and"),  # joins, does not judge ("well" vs "poorly")
    (r"\b(?:add|adds|added|adding) to\b", "increases"),  # "adds to the bias" raises it
    (_FALL + r" behind\b", "lags"), (_FALL + r" short of\b", "underperforms"),
    (r"\b(?:remain|remains|remained|stay|stays|stayed|is|are|was|were) (?:well |far |clearly )?"
     r"ahead of\b", "outperforms"),
    (r"\b(?:break|breaks|broke|breaking|broken) down\b", "fail"),
    # a direction verb with its particle after the object: "drives communication costs up",
    # "brings the error down" (fresh dev batch m)
    (r"\b(?:drive|drives|drove|driving|driven|push|pushes|pushed|pushing)((?: [a-z-]+){0,3}) up\b",
     r"increases\1"),
    (r"\b(?:bring|brings|brought|bringing|push|pushes|pushed|pushing)((?: [a-z-]+){0,3}) down\b",
     r"reduces\1"),
    (r"\ba (?:great|good) deal of\b|\b(?:a lot|lots) of\b", "much"),
    # "took significantly longer" is slower, "gives up" loses (fresh dev batch o)
    (r"\b(?:take|takes|took|taking|taken) (?:\w+ )?longer\b", "slower"),
    (r"\b(?:take|takes|took|taking|taken) (?:\w+ )?less time\b", "faster"),
    (r"\b(?:give|gives|gave|giving|given) up\b", "lose"),
    # "eliminating the need for X" says no X is needed; a quantity that "exceeds that of X" is
    # higher than X's ("still depends on X"; "its variance can exceed that of" for "lower
    # variance than": fresh dev batch a). "Exceeds four baselines" ranks: left as it is.
    (r"\b(?:eliminat|remov|obviat|avoid|circumvent|sidestep|bypass)\w* (?:the |any )?needs? "
     r"(?:for|of|to)\b", "no need for"),
    (r"\b(?:exceed|exceeds|exceeded|exceeding) (that|those) of\b", r"higher than \1 of"),
    # "does little to improve X" does not improve it; "little benefit" is none to speak of
    # ("a little better" keeps its sense: no bare "little" there). Fresh dev batch f.
    (r"\b(?:do|does|did|doing) (?:very )?little to\b", "does not"),
    (r"(?<!\ba )\b(?:little|scant|negligible) (benefit|gain|improvement|advantage|help)",
     r"no \1"),
)
# Verbs too generic to show that two antonyms speak of the same thing (base forms).
GENERIC_VERBS = frozenset("achieve show yield obtain lead result make provide demonstrate reach "
                          "attain get offer deliver".split())
POLARITY_WINDOW = 3  # tokens either side of an antonym that anchor what it speaks of
ROLE_WINDOW = 5  # tokens either side of a comparison that hold the things compared
NEGATION_SCOPE = 4  # tokens after a negator that it negates
# Words before an antonym a negator may stand within to negate it, not counting articles:
# "no shared vocabulary" and "without requiring a shared vocabulary" both negate "shared"
# (issue 12, fresh dev batch 15: the article put the negator out of reach).
ANTONYM_NEGATION_REACH = 2
ARTICLES = frozenset("a an the any".split())
IMPLICIT_REACH = 6  # tokens after an implicit-negative verb that it speaks of ("unlike ...")
# Share of the claim's content terms the evidence must hold before polarity is judged at all.
POLARITY_MIN_OVERLAP = 0.4
# A claim (or clause) holding this share of its content terms in one evidence sentence says
# the same thing in the same words: an antonym there needs no nearby anchor ("place fields
# that are larger" for "converges on smaller ... place fields", fresh batch k: missed, as the
# antonym's neighbours differ). Dev split: no faithful sentence newly flagged at 0.6.
PARALLEL_SHARE = 0.6
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
    # ... or a price the abstract never names: "improving long contexts at the expense of short
    # ones" where it "improves performance in both short and long contexts" (issue 12, seventh
    # stop, dev split: 5 reversals caught, no faithful sentence flagged; "sacrificing" and
    # "trading off" flagged 6 faithful ones and were left out)
    r"at the (?:cost|expense|price) of|comes? at a (?:cost|price)":
        re.compile(r"\b(?:costs?|costly|expense|expensive|price|trade-?offs?|sacrific\w*|"
                   r"compromis\w*)\b", re.I),
    r"plans? to|planned to|intends? to|intended to|future work|will (?:be )?"
    r"(?:extend|extended|explore|explored|investigate|apply|applied|release|released|address)":
        re.compile(r"\b(?:future|plan|plans|planned|intend\w*|will)\b", re.I),
}
