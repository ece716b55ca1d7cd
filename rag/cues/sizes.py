"""Cues for sizes: how a question asks how big something is ("how large is X", "dataset
size", "model size") and which figure answers it (a collection by a count of what it holds, a
model by its parameters, a named unit by that unit). Part of the cue package (see
rag/cues/__init__.py for where values come from and how they were tuned)."""

from __future__ import annotations

import re

# A few typed words ending in a model's size or its parameter count ask for that figure though
# they name nothing ("loopy model size (number of params)": dev split np030a, answered with a
# summary as a topic to list); a topic ending in another measure word asks for papers on it
# ("variance reduction for RL policy evaluation": rag/query.py analyse). General ML usage.
MODEL_SIZE_ASK = re.compile(r"\b(?:model|network|parameter|param)s? (?:size|count)\b"
                            r"|\bnumber of (?:parameters|params|weights)\b"
                            r"|\b(?:parameters|params)\s*[?？]*\s*$", re.I)
# A unit the question names is the one the figure must carry: "how fast does X run? hz / ms
# per frame" is not answered by "a 200-hour driving dataset", "in seconds per image" not by
# "5-10 minutes of training" (fresh dev batch ld; dev g016).
EXPLICIT_UNIT = re.compile(r"\b(hz|khz|ms|fps|milliseconds?|gb|mb|gib|tflops|flops|watts?|kwh)\b"
                           r"|\bin (seconds|minutes|hours|days)\b"
                           r"|\b(seconds?|minutes?|hours?) per\b", re.I)
# Collections, whose size is a count of what they hold ("dataset size" → "11,857 meal
# descriptions"; general English).
_COLLECTIONS = ("dataset", "benchmark", "corpus", "collection", "suite", "pool", "set", "library",
                "zoo")
# "How large is that vocabulary?" sizes a part of the paper: the figure must count the part,
# as "how many" would (dev split mg028b, answered with "six public ECG datasets"); the
# paper's own kinds ("how big is the benchmark") size the paper, by any of its counts.
SIZED_PART = re.compile(r"\bhow (?:big|large|small) (?:is|are|was|were) (?:that|this|the|its|"
                        r"their) ([a-z][\w-]*)\s*[?？]?\s*$", re.I)
# ... and so does "How big is it?" after a sentence ending on the part: "... built the largest
# heartbeat-based vocabulary to date. How big is it, exactly?" (dev mk026b)
SIZED_PRONOUN = re.compile(r"(?:^|[.!?]\s+)[^.!?]*?\b([a-z][\w-]*)(?:\s+(?:to date|so far|yet|"
                           r"ever))?[.!?]\s+how (?:big|large|small) (?:is|are|was|were) "
                           r"(?:it|they)\b[^.!?]*[?？]?\s*$", re.I)
SELF_SIZED = frozenset((*_COLLECTIONS, "model", "paper", "method", "network", "framework",
                        "system", "approach", "it", "one"))
# "How large is X?" names no unit: any figure with what it counts answers it; so does a
# collection's size ("nutribench dataset size").
# ... and one word typed with "size": "nutribench size?" asks how big NutriBench is (fresh dev
# batch nu, nu023a: refused; two words may be a qualifier's, "model size").
SIZE_ASK = re.compile(r"\bhow (?:big|large|small)\b|\bwhat (?:is the )?size\b|多大"
                      r"|^\s*[\w.-]+\s+size\s*\??\s*$"
                      rf"|\b(?:{'|'.join(_COLLECTIONS)}) sizes?\b", re.I)
# "What batch size", "what learning rate", "what context length": the word before one of
# these generic heads says what is measured, so the figure must stand by it, not merely by
# some word of the question ("360m and 660m sized models" does not give a batch size; issue
# 13, fresh dev batch 14). English compound nouns: head last, its modifier before it.
QUALIFIED_HEADS = ("size", "rate", "length", "count")
# Qualifiers told in other words: a model's size is its parameters ("model sizes up to 1.7B
# parameters", "660m sized models"), not any figure by the word "model" ("foundation model
# baselines on six tasks"; fresh dev batch w, dev split x041).
QUALIFIER_WORDS: dict[str, tuple[str, ...]] = {"model": ("parameter", "size", "sized")}
# ... except a rate of success, told as a bare share: "what success rate" → "achieves 11% on
# asynchronous tasks" (fresh dev batch 24; general English of results).
SHARE_QUALIFIERS = frozenset("success win pass completion solve solved".split())
# ... nor a collection's (and "data size"), told by a count of what it holds.
COLLECTION_QUALIFIERS = frozenset((*_COLLECTIONS, "data"))
