"""How a question asks for a count: what "how many" counts, an elided or partitive count, a
share of a set, a terse count, a rate. Read by rag/measures.py and rag/figure_evidence.py as
cues.X (rag/cues/__init__.py); the other quantity cues are in rag/cues/quantity.py."""

from __future__ import annotations

import re

# The words after "how many" name what the figure counts ("risk categories"); "how many and
# what kinds of models" counts models (issue 13 fresh dev batch). In "how much does X
# improve", "how much" asks by how much: it counts nothing (issue 13).
# "How many are activated": a verb right after "how many" counts what an earlier part named.
ELIDED_COUNT_VERBS = frozenset("are is was were do does did can get gets got have has had "
                               "remain".split())
# ... as does a pronoun after "of": "and how many of them get routed to" (fresh batch t);
# "how much of it gets activated" (held-out oq001b, now dev: counted "gets"); "it" is never a
# determiner, so no noun of its own follows.
ELIDED_COUNT_PRONOUNS = frozenset("them these those it".split())
# A counted phrase holds no determiner: in "how much compute the biggest model consumed" the
# subject begins at "the" (fresh dev batch ou, ou002b: counted "model"). General English.
COUNTED_PHRASE_ENDS = frozenset("the a an its their this that these those our his her".split())
# ... while "how many of the/its/their Xs" counts the Xs as "how many Xs" does.
COUNT_OF_THE = re.compile(r"\bhow many of (?:the|its|their)\s+", re.I)
# ... unless a noun follows it within this many words (the determiner's noun and up to two
# modifiers: "of those parameter-efficient methods"; dev splits mz010b, ms005b).
COUNTED_MODIFIER_WORDS = 3
# "How much X" asks an amount, which a multiple may tell ("how much embedding memory does X
# save": "embedding memory by 4-5x", dev f006), not a count of X (rag/figure_evidence.py).
AMOUNT_ASK = re.compile(r"\bhow much\b", re.I)
# "What's the count of separate components", "against what count of other PEFT methods" ask
# as "number of" does (fresh dev batch na, na001b, na004b); "the parameter count of X" counts
# no X (a noun before "count": TERSE_COUNT). General English. "What scale of tasks" counts
# tasks as roughly as "tens of millions" (held-out nj003b, now dev: refused for no "scale");
# "the scale of the training distribution" names no count (dev nk003b).
# ... with how it is counted between: "the maximum count of hardware platforms" (dev split
# oh011b: counted "maximums")
_COUNT_KINDS = ("maximum", "minimum")
COUNT_OF = (r"(?:(?<=\bthe )|(?<=\bwhat )|(?<=\bwhich )"
            + "".join(rf"|(?<=\b{kind} )" for kind in _COUNT_KINDS) + r")count of"
            r"|(?:(?<=\bwhat )|(?<=\bwhich ))scale of")
HOW_MANY = re.compile(r"\b(?:how many(?: and (?:what|which)(?: kinds? of| types? of)?)?|number of"
                      rf"|{COUNT_OF}"
                      # "how much on average / overall" counts nothing (dev split mg005), nor
                      # does "how much at most" (fresh dev batch ou, ou024: counted "most")
                      r"|how much(?!\s+(?:does|do|did|is|are|was|were|can|could|has|have|had"
                      r"|will|would|on average|in total|overall|in all|at most|at least|at best"
                      r"|roughly|approximately|exactly)\b))"
                      r"\s+((?:[\w-]+\s+){0,3}?[\w-]+?)"
                      r"(?=\s+(?:does|do|did|is|are|was|were|can|in|of|for|on|has|have|who|that)\b|\?"
                      r"|\s*,\s*and\b"
                      r"|$)", re.I)  # ", and how many ..." ends it too (fresh dev batch 28);
# so does a relative clause: "number of human subjects who took part" (fresh dev batch lc)
# "How many (different) pieces / kinds of hardware": the hardware is counted, not the pieces
# ("up to 19 hardware devices": dev split ll004b; general English partitives).
PARTITIVE_COUNT = re.compile(rf"\b(?:how many|number of|{COUNT_OF})\s+(?:different\s+|distinct\s+)?"
                             r"(?:pieces|kinds|types|sorts|varieties|forms) of\s+"
                             r"([\w-]+(?:\s+[\w-]+){0,2})", re.I)
# ... whose noun may come after a modifier: "how many forms of human feedback does it handle"
# counts feedback, not "human" (fresh dev batch nc, nc005b). The phrase ends at a stopword or a
# name ("kinds of feedback PORRL handles"); every word left is taken, the head among them.
# "How many of the modern parts matter?" asks a share of a set, which an abstract may tell
# without a figure: "only a very few modern components are critical" (fresh dev batch mp,
# mp007a). The quantifier stands at most SHARE_REACH words before what is counted (or a word
# of the same kind: MEASURE_NOUN_SYNONYMS). General English.
SHARE_ASK = re.compile(r"\bhow many of (?:the|these|those|its|their|all)\b", re.I)
VAGUE_SHARE = frozenset("few most all none many several majority handful minority".split())
SHARE_REACH = 3
# "How deep / how far does X go?" asks an extent, which an abstract may tell without a figure:
# "primarily over only its very first few output tokens" (dev split m017, mq009, mw014a: three
# wordings refused). General English of vague extents.
EXTENT_ASK = re.compile(r"\bhow (?:deep|far)\b|\bdeep\s*\?", re.I)
VAGUE_EXTENT = re.compile(r"\b(?:first|only|just)\s+(?:a\s+|the\s+|its\s+)?(?:very\s+)?"
                          r"(?:few|handful|couple)\b", re.I)
# A counted phrase running into a verb HOW_MANY does not know ("how many human auditors
# checked the prompts") is read up to its first plural (fresh dev batch w).
# four letters will do ("runs", "days"; dev split li006a: "number of pretraining runs used
# for fitting" counted "used"), but for the common words ending in s that are no plurals
# (irregular plurals too: "how many different people actually took part": dev split mj025b)
PLURAL_WORD = re.compile(r"(?:(?!(?:this|thus|does|goes|yes|plus|bias|gas)\b)[a-z-]{2,}[^su]s"
                         r"|people|children|men|women|mice|geese|teeth|feet|data)")
# ... after "number of" too: "number of training runs used to fit ..." (dev split mh005a)
HOW_MANY_UNTIL_PLURAL = re.compile(
    rf"\b(?:how many|number of|{COUNT_OF})\s+((?:[\w-]+\s+){{0,3}}?{PLURAL_WORD.pattern})\b",
    re.I)
# A terse count: "OLMoE expert count per layer" counts experts (dev split mf024a, mk022a:
# answered with the parameter count); "the total count of meal texts" does not count totals
# (dev split lh004b). General English.
TERSE_COUNT = re.compile(r"\b(?!(?:the|its|their|this|that|our|what|which|total|overall|exact|"
                         r"final|full)\b)([a-z][a-z-]{2,}?)s? count\b", re.I)
# Things per unit, typed last: "olmoe experts per layer" counts experts (dev split my027a:
# listed as a topic).
TERSE_PER = re.compile(r"^(?!.*\b(?:what|which|how|who|where|when|why)\b).*\b([a-z][a-z-]{2,}s)"
                       r" per [a-z]+\s*\?*\s*$", re.I)
# A rate asked ("how many environment steps per second", "steps/sec") is told as one: "per
# second", "/s", "FPS", not "billions of environment steps during training" (dev split mj027,
# mj027a, a051). General English of rates.
RATE_ASK = re.compile(r"\bper (?:second|sec|minute|min|hour|day)\b|\w/\s*(?:s|sec|second)\b", re.I)
RATE_STATED = re.compile(r"\b(?:per|a|each|every)[ -](?:second|sec|minute|min|hour|day)\b|"
                         r"\w\s*/\s*(?:s|sec|second|min|h|hour|day)\b|\b(?:fps|sps|hz)\b", re.I)
# How a question's own figure of a measure may qualify it, the figure then setting the scene
# ("1B active out of 7B total parameters": rag/measures.asked_measures); "660m learning rate"
# is a model's size by the asked rate (dev split mg023a).
SCENE_QUALIFIERS = "(?:total|active|activated|trainable|overall)"
# A number hyphened to a noun modifies the word after it, counting no such noun: "7000+
# two-person trajectories" counts trajectories, not persons (rag/figures.numbers_near; dev split
# mj025b); "domains---Python" is a dash, no such word (dev split lz014).
COUNTED_MODIFIER = re.compile(r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|"
                              r"single|multi)-[a-z]+", re.I)
