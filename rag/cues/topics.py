"""Where a list question names its topic: the slot after "on/about", the word a task is of, the
thing a work is asked to propose or generate, and the scene an asking sentence points back to
(rag/spelling.py topic_words). When the corpus holds no word like the topic's, no paper is on
it. Part of the cue package (see rag/cues/__init__.py for where values come from)."""

from __future__ import annotations

import re

# Where a list question names its topic: the word after "on/about/regarding/for" ("work on
# weather forecasting"), or, for a gerund ("on forecasting stock prices"), the word after it.
# When the corpus holds no word like it (rag/spelling.py unheard), no paper is on the topic and
# the list is refused, not filled with papers matching its other words ("... with graph neural
# nets"). Dev split: 24 unanswerable list questions have such a word, no answerable one.
TOPIC_SLOT = re.compile(r"\b(?:on|about|regarding|for)\s+(?:the\s+|using\s+|applying\s+)?"
                        r"([a-z][a-z-]+)(?:\s+(?:or\s+|and\s+)?([a-z][a-z-]+))?", re.I)
# ... or the word a task noun is of: "weather prediction using graph neural nets, any paper
# on that?" names weather as its topic, with no "on" before it (fresh dev batch lg).
TASK_OF = re.compile(r"\b([a-z][a-z-]+)\s+(?:prediction|forecasting|detection|generation|"
                     r"classification|recognition|segmentation|translation|synthesis|"
                     r"estimation|retrieval|tracking|diagnosis|"
                     # ... or its product: "medium-range weather forecasts" (dev split mp030b)
                     r"forecasts?|transcription|detectors?)\b", re.I)
# ... and a question whose asking sentence points back to the scene set before it names its
# topic there: "I'm working on global climate simulation and weather forecasts. Is any paper
# here about that application?" (dev split mp030b; general English of reference).
TOPIC_BACK = re.compile(r"\b(?:that|this|such)\s+(?:application|area|problem|topic|task|setting|"
                        r"domain|direction|field|line of work)\b|\b(?:like|on|about) that\s*[?.]"
                        r"|\bsuch an?\s+(?:paper|work|study|method|approach)\b"
                        # "... certified defenses of that kind?", "Does any paper here address
                        # that?" (dev split mx030b, nm027b: the scene's description unread)
                        r"|\bof (?:that|this) (?:kind|sort|type)\b"
                        r"|\b(?:address|tackle|cover|study|handle|do)(?:e?s)? (?:that|this)\s*[?.]",
                        re.I)
# ... or the thing a work is asked to propose or study: "does any of these works propose or
# evaluate a watermarking scheme", "is there a text-to-music generative model" (fresh dev
# batches na, ne: answered with papers sharing only "language model" or "audio").
_OBJECT_VERBS = ("propose|proposes|introduce|introduces|study|studies|tackle|tackles|evaluate|"
                 "evaluates")
# ... "such a" too: "propose or evaluate such a watermarking scheme" (dev split nj029b)
TOPIC_OBJECT = re.compile(rf"\b(?:(?:{_OBJECT_VERBS})(?:\s+or\s+[a-z]+)?|is there)\s+"
                          r"(?:such\s+)?(?:a|an|any)\s+([a-z][a-z-]+)(?:\s+([a-z][a-z-]+))?",
                          re.I)
# ... or what a work is asked to generate: "what work uses diffusion models to generate music?",
# "any paper that composes songs" (dev split oi026, oi026a: listed every diffusion paper).
GENERATED_OBJECT = re.compile(r"\b(?:generat|compos|synthesi[sz]|produc)(?:e|es|ing)\s+"
                              r"(?:(?:a|an|the|new)\s+)?([a-z][a-z-]+)", re.I)
# ... where "propose or evaluate" offers two verbs, not two topics: the side ending in the verb
# names none.
VERB_SIDE = re.compile(rf"\b(?:{_OBJECT_VERBS})\s*$", re.I)
# Words that stand there without naming a topic ("what's going on inside transformers"), nor
# do words placing it in time ("performance on earlier tasks": dev split lx029b, mf019b).
NOT_TOPIC_WORDS = frozenset("inside outside behalf top average which what whose earlier later "
                            "older newer previous prior former past".split())
