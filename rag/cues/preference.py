"""Cue lists and thresholds of what a claim prefers to what (rag/comparisons.py
check_preference, check_chosen_over): "P rather than R", "instead of R, P", "more stable than
R"."""

from __future__ import annotations

import re

# "P is more stable than R", "instead of R, P", "P rather than R": a claim preferring what its
# abstract sentence sets aside, and setting aside what it prefers ("the graph has been proposed
# as a more stable output interface than causal order" for "instead of the graph, we propose
# that causal order be used as a more stable output interface"). General English of preference,
# chosen by hand; issue 12, ninth stop, dev split (fresh batch yf, yf002; zv044): 2 reversals
# caught, none of 4,742 faithful sentences flagged. Each side is read in a few words: the
# preferred one before the contrast (PREFERRED_WORDS; fewer before a "rather than" inside a
# clause), the one set aside after it (SET_ASIDE_WORDS).
_COMPARATIVES = ("more|less|better|worse|higher|lower|faster|slower|greater|smaller|larger|"
                 "stronger|weaker|fewer")
PREFERRED_THAN = re.compile(rf"\b(?:{_COMPARATIVES})\b(?:\s+[\w-]+){{0,4}}?\s+than\s+"
                            r"(?P<aside>[^.;:,()\[\]]+)", re.I)
SET_ASIDE_FIRST = re.compile(r"(?:^|[,;:]\s*|\b(?:therefore|thus|so),?\s+)(?:instead of|rather "
                             r"than)\s+(?P<aside>[^,;:]+),\s*(?P<preferred>[^,;:.]+)", re.I)
SET_ASIDE_AFTER = re.compile(r"(?<=\w)\s+(?:rather than|instead of)\s+(?P<aside>[^,;:.()\[\]]+)",
                             re.I)
PREFERRED_WORDS = 8
# ... and the claim must not choose, by "A rather than B", what the abstract does not say over
# what it says: B's every word in the abstract and under this share of A's (rag/comparisons.py
# check_chosen_over). Dev split (held-out ye and fresh yh, now dev): 4 reversals caught, none
# of 4,938 faithful dev sentences flagged; test split: none either way.
CHOSEN_SAID_SHARE = 0.5
PREFERRED_BEFORE_CONTRAST = 6
SET_ASIDE_WORDS = 5
# words saying which thing, not what it is: "than previous methods", "rather than just one"
PREFERENCE_FILLERS = frozenset("method methods model models approach approaches baseline "
                               "baselines prior previous existing one ones work use used using "
                               "just only rely relying".split())
