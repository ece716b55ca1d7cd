"""Cue lists and thresholds of the role checks (rag/roles.py, rag/compared.py): two things of
one abstract sentence that a claim makes trade places."""

from __future__ import annotations

import re

from paperwise.text import terms

# Swapped roles (rag/roles.py): two contrasted terms of one abstract sentence ("epistemic /
# aleatoric uncertainty", "first-stage / second-stage policy") that trade the clauses they
# stand in. A clause ends at punctuation or at these joining words (general English).
ROLE_CLAUSE_JOINERS = frozenset("and while whereas whilst but which then instead rather".split())
# How many of a clause's words must cross over, over both terms, beyond those kept in place.
# Issue 12, 2026-12-05 (second stop), dev split of eval/verifier.jsonl: at 2 (and at 1) six
# swapped-role reversals caught, none of 2,973 faithful sentences flagged; a term whose
# contrast is missing from the claim, judged alone, flagged 3-5 faithful ones, and two terms
# turned round inside one clause 16 (both dropped). Antonym pairs as contrasted terms: 4 more
# caught, none flagged.
MIN_ROLE_CROSSING = 2
# A contrasted term describes the first content word this many words after it ("identity-
# agnostic latent features"): two terms trading what they describe swap roles inside one
# clause too. Issue 12, this stop, dev split: 1 more reversal caught at 3, no faithful sentence
# flagged; read with neighbouring abstract sentences as one, 1 more (block-wise/component-wise
# told in two sentences), none flagged.
ROLE_BOUND_WORDS = 3
# Two words trading places between a claim and one of the CROSSED_SENTENCES abstract sentences
# sharing most words with it, each word paired with the next CROSSED_WINDOW words
# (rag/roles.check_crossed_words). Issue 12, seventh stop, dev split (2,876 rows, reversals
# other checks missed): window 1: 4 caught, 0 faithful sentences flagged of 4,158; window 2: 10
# caught, 4 flagged; without the check on the words that follow, window 1: 7 caught, 3 flagged,
# window 2: 13 caught, 36 flagged. Test split: none caught, none flagged.
CROSSED_WINDOW = 2
CROSSED_SENTENCES = 2
# Verbs of relations that run one way ("A bounds B" is not "B bounds A"), as terms: general
# English of claims, chosen by hand; the words within RELATION_REACH terms either side are its
# two ends (rag/roles.check_turned_relation). Issue 12, seventh stop, dev split: 3 reversals
# caught, no faithful sentence flagged; with any shared word as the verb, 8 caught and 60
# faithful sentences flagged. Test split: none either way.
RELATION_VERBS = frozenset(terms(
    "bounds complements outperforms surpasses exceeds precedes dominates causes enables "
    "drives underlies guides teaches supervises distills predicts decomposes subsumes "
    "replaces"))
RELATION_REACH = 4
# Two named parts given each other's jobs (rag/roles.check_named_roles): what the claim says
# after each name (NAMED_ROLE_REACH terms, to the clause's end) holds none of what the abstract
# says after it and NAMED_ROLE_CROSSING or more of what it says after the other; a name at most
# NAMED_ROLE_ALIAS_WORDS words before another is its alias. Issue 12, seventh stop, dev split:
# crossing 4: 3 reversals caught, no faithful sentence flagged; 3: 3 caught, 1 flagged; 2: 4
# caught, 3 flagged. Test split: none either way.
NAMED_ROLE_REACH = 8
NAMED_ROLE_CROSSING = 4
NAMED_ROLE_ALIAS_WORDS = 3
# Words that name two sides of one role, contrasted like antonyms when an abstract sentence
# holds both ("existing methods rely on global modulation, limiting their ability to
# reconstruct local details"). General ML vocabulary, chosen by hand. Issue 12, this stop, dev
# split: 2 more reversals caught (global/local), no faithful sentence flagged.
ROLE_PAIRS: tuple[tuple[frozenset[str], frozenset[str]], ...] = tuple(
    (frozenset(a.split()), frozenset(b.split())) for a, b in (
        ("global", "local"), ("teacher", "student"), ("source", "target"),
        ("input inputs", "output outputs"), ("encoder", "decoder"), ("spatial", "temporal"),
        ("online", "offline"), ("observed", "counterfactual"), ("training", "inference"),
        ("prior", "posterior"), ("dense", "sparse"), ("discrete", "continuous"),
        ("explicit", "implicit")))
# Two two-word terms coordinated ("a diagram encoder and a symbol decoder") whose first words
# trade places in the claim ("a symbol encoder and a diagram decoder"; held-out yc061, now dev:
# 1 caught, none of 4,742 faithful dev sentences flagged). General English coordination.
# ... or two roles given as "A as X and B as Y" ("heartbeats as words and rhythms as sentences":
# dev yd050, zv001: 2 more caught, none flagged).
COORDINATED_TERMS = re.compile(r"\b([a-z][\w-]*) (?:as )?([a-z][\w-]*),? (?:and|or|while|whereas) "
                               r"(?:an? |the |its |their )?([a-z][\w-]*) (?:as )?([a-z][\w-]*)\b",
                               re.I)
# The sides of one predicative comparison crossed (rag/compared.py): "geometry-aware models are
# more robust under sequencing noise than sequence models" where the abstract says
# "geometry-unaware sequence-based models are more robust under sequencing noise ... to match
# the performance of geometry-aware models". General English, chosen by hand. Issue 12, twelfth
# stop, dev split: 7 reversals caught (4 no other check caught), none of 7,771 faithful dev and
# test sentences flagged; read also where the comparative stands before a noun ("larger
# models", "lower-precision training"), 10 caught and 3 flagged; with the subject anywhere before
# the comparative, 23 caught and 76 flagged. Test split: none either way.
# Single-word comparatives; "more"/"less" + a word are comparatives too.
COMPARATIVES = frozenset("better worse higher lower faster slower larger smaller stronger weaker "
                         "greater fewer".split())
# ... and a verb that compares ("A outperforms B"), its subject read back to its clause's start
# (a comma or a joiner), BEATING_SUBJECT_WORDS content words at most. Issue 12, thirteenth
# stop, every dev and test verifier row replayed: 9 -> 18 dev reversals caught, none of 8,137
# faithful sentences flagged (to 4 words back or across commas: 16 caught, 1 flagged); a subject
# given the other side's predicate with nothing else said of it (predicated comparisons only):
# 1 more caught, none flagged; read for verbs too it flagged 6 ("it outperforms baselines ...").
BEATING = re.compile(r"(outperform|surpass|beat|outdo|outstrip|exceed)(?:s|es|ed|ing)?", re.I)
BEATING_SUBJECT_ENDS = frozenset(", but while whereas which that".split())
BEATING_SUBJECT_WORDS = 8
# An aside that sets a clause against another names nothing compared (general English).
CONTRAST_ASIDE = re.compile(r"\b(?:on the other hand|in contrast|by contrast|on the contrary)\b",
                            re.I)
# A comparative is predicated of the words before these ("X are (also) more robust").
LINKING_VERBS = frozenset("is are was were be been being remain remains remained stay stays "
                          "stayed become becomes became get gets got".split())
# Words that may stand between the linking verb and the comparative.
LINKING_SKIPS = frozenset("also much far still even generally often typically consistently "
                          "moreover however significantly considerably substantially".split())
# The subject: at most this many content words before the linking verb, back to a clause joiner.
COMPARED_SUBJECT_WORDS = 4
COMPARED_SUBJECT_ENDS = frozenset("and but while whereas which that".split())
# Two clauses of one abstract sentence set against each other ("the inferred graph can have
# significant errors whereas the causal order is always correct"), each said of its own subject:
# a claim giving each subject the other's predicate swaps them (rag/compared.py
# check_contrasted_subjects). The joiners that set clauses against each other; a subject ends
# at its first verb or auxiliary (after a last "that"). General English, chosen by hand. Issue
# 12, twelfth stop, dev split: 3 reversals caught (2 no other check caught: yg022, xg006x), none
# of 7,952 faithful dev and test sentences flagged. Test split: none either way.
CONTRAST_JOINER = re.compile(r",?\s+\b(?:whereas|while|but|although|though)\b\s+|;\s+", re.I)
CLAIM_CLAUSE_END = re.compile(r"[,;]|\b(?:whereas|while|but|although|though|and)\b", re.I)
SUBJECT_END = re.compile(r"\b(?:is|are|was|were|can|could|may|might|has|have|had|does|do|did|"
                         r"will|would|remains?|becomes?|stays?|yields?|shows?)\b", re.I)
# Words too general to be what a clause is said of.
GENERAL_SUBJECTS = frozenset(terms("model models method methods approach approaches paper work "
                                   "result results performance"))
