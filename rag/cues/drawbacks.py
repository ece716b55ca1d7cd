"""Cue lists and thresholds of the drawback checks (rag/drawbacks.py): a drawback added in a
concession, a replaced aid, a lack said to be met already, a benefit denied."""

from __future__ import annotations

import re

from rag.cues.polarity import EARLIER_WORK_WORDS

# A drawback added in a concession: a claim's clause opened by a concessive word ("though it
# tends to worsen value overestimation", "albeit at lower efficiency", "but its advantage
# vanishes when all features are observed") that judges negatively, where no sentence of the
# cited abstract sharing its words (two, or all it has) speaks of a drawback or limit at all.
# General English, chosen by hand. Issue 12, eighth stop, dev split of eval/verifier.jsonl
# (with ya): 11 reversals caught, none of 4,436 faithful sentences flagged; the test split
# neither gained nor lost. Backing is read widely ("focus solely on ... while disregarding"
# backs "consider only ... and ignore"; "which compromise the naturalness" backs "at the cost
# of naturalness"): without the limit words 4 faithful sentences were flagged.
CONCESSION = re.compile(r"(?:,|;|\s)\s*(?P<opener>though|although|albeit|but|yet|whereas|"
                        r"at (?:some|the|a) (?:cost|expense)|in exchange for|"
                        r"at the price of)\b", re.I)
DRAWBACK_WORDS = frozenset((
    "disappear vanish little marginal short cost worsen lose loss penalty price break collapse "
    "lower less fewer fall behind unchanged limited only").split())
DRAWBACK_BACKING = frozenset((
    "however but though although while yet whereas limit solely only disregard ignore "
    "neglect overlook compromise challenge issue problem cost expense trade-off tradeoff "
    "lack").split())
DRAWBACK_SHARED_TERMS = 2
# A sentence saying a quality is kept ("while maintaining low computational cost", "without
# sacrificing accuracy", "matches the original MNN in precision while ...", "retains the
# excellent performance of METRA") denies the drawback its words speak of: it does not back a
# concession claiming that cost (dev split yi010, yi060; general English of trade-offs).
# The kept thing is read with it, up to a preposition ("low computational cost via ...").
_KEPT_THING = r"(?:\s+(?!(?:via|on|in|across|through|by|and|with|for|to|of)\b)[\w-]+){0,4}"
NO_TRADEOFF = re.compile(
    r"\b(?:while|whilst)\s+(?:still\s+)?(?:maintain|preserv|retain|keep)\w*" + _KEPT_THING
    + r"|\bwithout\s+(?:any\s+)?(?:sacrific|compromis|los[ie]|hurt|harm|degrad|trad)\w*"
    + _KEPT_THING
    + r"|\b(?:match|retain|preserv|maintain|keep)\w*\s+(?:[\w'-]+\s+){0,5}?(?:in\s+)?"
    r"(?:performance|accuracy|precision|quality|efficiency)\b(?:\s+(?:while|whilst)\b)?", re.I)
# A claim that the method replaces a thing ("outperform LLMs and make them unnecessary",
# "replaces human designers", "obviates the need for X") where the abstract sentence naming that
# thing says the method complements or assists it ("could effectively complement Large Language
# Models ..., serving as an auxiliary module"): a role turned round (rag/drawbacks.py
# check_replaced_aid; dev split yl022; general English of tools and their users).
REPLACES = re.compile(r"\b(?:replac(?:e|es|ed|ing)|supplant\w*|substitut\w* for|"
                      r"obviat\w*(?: the need for)?|eliminat\w* the need for|"
                      r"(?:do|does|did) away with|dispens\w* with)\s+"
                      r"(?P<o>[^,.;]{3,50})"
                      r"|\b(?:make|makes|made|making|render\w*)\s+(?P<o2>[^,.;]{2,50}?)\s+"
                      r"(?:unnecessary|redundant|obsolete|superfluous)\b", re.I)
# ... unless denied: "complementing LLMs ..., not substituting for them" (fresh dev batch yx,
# yx011: a faithful sentence flagged; general English of negation)
REPLACE_DENIED = re.compile(r"\b(?:not|never|no|nor|without|rather than|instead of)\b"
                            r"(?:\s+\S+){0,2}\s*$", re.I)
AIDS = re.compile(r"\b(?:complement\w*|augment\w*|assist\w*|auxiliary|alongside|in (?:combination|"
                  r"conjunction|tandem) with|aid(?:s|ed|ing)?)\b", re.I)
REPLACED_OBJECT_WORDS = 4  # the words after a replacing verb read as what it replaces
# ... unless they are a pronoun ("make them unnecessary"): then the words before the verb are
PRONOUN_OBJECTS = frozenset("them it these those this that they".split())
# A claim saying a thing is "already" done ("agents already incorporate long-horizon feedback
# well", "the existing paradigm already accounts for the bias") where the abstract sentence
# sharing ALREADY_SHARED_TERMS of its words (one after "already") says it is lacking: "a need
# for agents to better incorporate ...", "still fails to address this bias" (rag/drawbacks.py
# check_granted_lack). General English of shortcomings. Issue 12, tenth stop, dev split: 4
# reversals caught (bb020x, zf014x, zk009x, zs060), none of 4,938 faithful dev sentences flagged;
# test split: none either way.
ALREADY_SAID = re.compile(r"([^,;:]*?)\balready\s+([^,;:]*)", re.I)
LACKING = re.compile(r"\b(?:fail(?:s|ed)? to|still fails?|needs? (?:to|for)|a need\b|lacks?\b|"
                     r"lacking|unable|cannot|can't|(?:does|do|did) not|struggles? to|"
                     r"overlook\w*|ignor\w*|neglect\w*|remains? (?:an )?(?:open|unclear|"
                     r"unexplored|challenging))", re.I)
ALREADY_SHARED_TERMS = 2
ALREADY_REACH = (4, 5)  # content words read before and after "already"
# ... and a benefit denied: a claim saying an effect is null ("adds little robustness", "leaves
# robustness largely unchanged", "offers only marginal gains", "does not carry over") where the
# abstract sentence sharing most of its words (at least NULL_EFFECT_SHARED_TERMS) states an
# effect (EFFECT_WORDS or a positive judging word) with no negation and no negative judging
# word. General English, chosen by hand. Issue 12, eighth stop, dev split (with ya, yd): 6
# reversals caught, none of 4,535 faithful sentences flagged; "only marginal" alone was left
# out (9 faithful sentences flagged: "with only marginal time overhead" is a benefit).
NULL_EFFECT = re.compile(
    r"\b(?:(?:offers?|brings?|adds?|gives?|yields?|provides?|shows?) (?:no|little|negligible)"
    r"|(?:no|little|marginal|negligible) (?:benefit|gain|improvement|advantage|effect|difference|"
    r"robustness)s?"
    r"|largely unchanged|matters? little|makes? little difference"
    r"|do(?:es)? not (?:help|improve|matter|carry over))\b", re.I)
EFFECT_WORDS = frozenset("improve enhance significant significantly meaningfully substantially "
                         "boost benefit important importance crucial effective outperform better "
                         "superior strengthen".split())
NULL_EFFECT_SHARED_TERMS = 3

# A limitation of earlier work said of the method (rag/inherited.py). Where a paper starts
# telling its own work ("In this work, we propose ...", "we introduce", "our method"):
OWN_WORK_START = re.compile(r"\b(?:we|this (?:paper|work|study))\s+(?:\w+\s+)?(?:propose|introduce|"
                            r"present|develop|design|devise|formulate)\b|\bin this (?:paper|work|"
                            r"study)\b", re.I)
# ... a sentence about earlier work by its words (general English of related work); an aside
# setting the method beside it ("unlike the previous alternative, ...", "like the TSW-SL one,")
# is read away from a claim first (LIKENED_ASIDE):
LIKENED_ASIDE = re.compile(r"\b(?:un)?like\b[^,;]{1,80},", re.I)
# (the words for earlier work are those the polarity check reads, cues/polarity.py)
EARLIER_WORK_SAID = re.compile(rf"\b(?:{'|'.join(sorted(EARLIER_WORK_WORDS))}|current|past)\b"
                               r"(?:\s+[\w-]+){0,3}?\s+(?:work|works|methods?|"
                               r"approach(?:es)?|alternatives?|models?|techniques?|studies|"
                               r"research|systems?|verifiers?|designs?)\b|\bunlike\b", re.I)
# ... what a limitation is told by, the limited thing after it:
LIMITING = re.compile(r"\b(?:requires?|required|requiring|needs?|solely|exclusively|"
                      r"only (?:suitable|suited|applicable|allows?|works?|handles?|supports?|"
                      r"applies|apply|to|for|on|from)|"
                      r"rel(?:y|ies|ied|ying) on|depends? on|depending on|limited to|"
                      r"restricted to|confined to|disregard(?:s|ing)?|ignor(?:es|ing))\b", re.I)
# ... and a clause denying, avoiding or contrasting it speaks of no limitation of the method:
LIMIT_AVOIDED = re.compile(r"\b(?:not|no|never|without|avoid\w*|eliminat\w*|remov\w*|instead|"
                           r"rather|overcom\w*|address\w*|free|beyond|than|replac\w*|relax\w*|"
                           r"unlike|whereas|lifts?|drops?|dispens\w*)\b", re.I)
# ... in a clause whose subject is the paper's own method, by these words:
OWN_SUBJECT = re.compile(r"\b(?:the proposed|the new|this (?:work|paper|method|approach|study|"
                         r"framework|model|scheme)|our|the (?:method|approach|framework)(?! of)|"
                         r"the authors'?)\b", re.I)
# ... within this many words after it (the subject's verb phrase; a relative clause further on
# speaks of something else: dev verifier yn017, faithful):
LIMIT_REACH = 12
# ... holding at least this many of the earlier work's limitation words no own sentence says
# (dev verifier rows whose notes say a prior-work limitation was moved onto the method).
INHERITED_MIN_KEYS = 2
