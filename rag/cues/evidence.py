"""Cue lists and thresholds of what a sentence holds: references, figures near what they count,
a paper's method and results, its own work, discourse openers (rag/evidence.py, rag/answer_lines.py
read them as cues.X)."""

from __future__ import annotations

import re

# A reference in the text ("(Pervez et al., 2024)", "(Smith and Lee, 2023)") holds a year, no
# figure of the paper: "we reduce the computational time" after one is no time of 2024 (issue 13,
# fresh dev batch 20; general citation styles).
CITATION = re.compile(r"\((?:[^()]*?\bet al\.?|[A-Z][\w-]+(?: (?:and|&) [A-Z][\w-]+)?),? "
                      r"(?:19|20)\d\d[a-z]?\)")
# (a fraction too: "the power 3/4": dev me001)
NUMBER_TOKEN = re.compile(
    r"^(?:[~≈<>+±−-]?\d[\d,.]*(?:[-–]\d[\d,.]*)?(?:%|x|×|k|m|b|t|\+)?(?:-[a-z]+)?|\d+(?:\.\d+)?[kmbt]|"
    r"\d+/\d+|"
    r"one|two|"
    r"three|four|five|six|seven|eight|nine|ten|eleven|twelve|twice|half|double|triple|dozens?|hundreds?|"
    r"thousands?|millions?|billions?|trillions?)$", re.I)
# A figure answers "how many X" when a word of X stands this close to it ("314 granular risk
# categories": 3 words after; "accuracy of 78%": 6 words around). Dev split, unchanged since.
NUMBER_WINDOW = 6
COUNT_WINDOW = 3
# Naming a method or result: a sentence with these introduces the paper's method or results,
# which is what a summary ("What is X?") answers with.
# ("we devise precision-aware scaling laws": dev split b044; general English of contribution)
METHOD_CUE = re.compile(r"\b(?:we|this (?:paper|work|study)) (?:\w+ )?(?:propose|introduce|"
                        r"present|develop|design|build|curate|release|devise|formulate)s?\b"
                        r"|\bnamed\b|\bcalled\b", re.I)
RESULT_CUE = re.compile(r"\b(?:outperform\w*|achiev\w*|improv\w*|surpass\w*|demonstrat\w*|"
                        r"show(?:s|ed|n)? that|results? (?:show|indicate|suggest)|reduc\w*|"
                        r"state-of-the-art|significantly|"
                        # a result on a par with another: "retains the excellent performance
                        # of METRA", "matches", "competitive with" (dev split lt019)
                        r"retain\w*|match(?:es|ed|ing)?|comparabl[ey]|on par|competitive\w*|"
                        r"rival\w*)\b", re.I)
# ... which a purpose only aims at: "to (further) improve convergence" (dev split mg009: read
# as SIMPL's result on hippocampal data; English infinitive of purpose)
AIMED_AT = re.compile(r"\b(?:to|aims? to|in order to|so as to)\s+(?:further\s+|better\s+)?$",
                      re.I)
# A sentence in which a paper speaks of its own work; those before the first of them (or of
# METHOD_CUE) set out the problem. A "how does X do Y" answer ranks them BACKGROUND_PENALTY
# lower; a "why" question keeps them (dev split).
OWN_WORK = re.compile(r"\b(?:we|our)\b", re.I)
BACKGROUND_PENALTY = 0.1
# "How does X do Y", "what does X use": where a paper introduces its method or a part of it
# ("we propose X"; else where it first says "we/our") and the sentence after each
# (which says how X works: "Specifically, X uses ...", "It leverages ...") rank this much
# higher. Issue 13, dev split named questions and their rewordings: the mechanism sat there in
# 5 of 7 key-term misses; 0.1 and 0.15 tried, 0.1 kept (0.15 pushed out a later answer).
METHOD_BONUS = 0.1
# A "why" question's answer: a sentence of the answering paper giving a cause
# (answer_shape.CAUSE_CUE) ranks this much higher. Dev split, the 27 answerable "why" questions:
# 0.2 gave six of them their key terms (k010, md009, md009a, md009b, mf010, mf010a), lost none.
CAUSE_BONUS = 0.2
# Discourse openers trimmed from the start of a quote: they point at a sentence the reader
# does not see ("However, ...", "To address this, ...").
OPENER = re.compile(
    r"^(?:however|moreover|furthermore|additionally|in addition|also|thus|therefore|hence|"
    r"then|next|first|second|third|lastly|"
    r"consequently|specifically|notably|importantly|finally|overall|in particular|"
    r"to (?:this end|address (?:this|these)(?: \w+)?|tackle (?:this|these)(?: \w+)?|overcome "
    r"(?:this|these)(?: \w+)?|bridge (?:this|the) gap|fill this gap|do so|that end)|"
    r"in this (?:paper|work|study)|in light of this|on the other hand|as a result|"
    r"for (?:example|instance))\s*,\s*", re.I)
# A quote opening by pointing back at what was just said ("This limitation could explain why
# RoPE performs poorly in extrapolation", "This is because ...") is shown after that sentence:
# alone it names no limitation (fresh dev batch ni, ni013: the fixed scale parameter was in the
# sentence before). General English of anaphora.
POINTS_BACK = re.compile(r"^(?:this|these|such|those)\s+(?:limitations?|issues?|problems?|"
                         r"shortcomings?|drawbacks?|gaps?|observations?|findings?|phenomen(?:on|a)|"
                         r"propert(?:y|ies)|insights?|deficienc(?:y|ies)|weakness(?:es)?)\b"
                         r"|^this is because\b", re.I)
