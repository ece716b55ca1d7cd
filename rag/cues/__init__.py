"""Every cue list and threshold of rag/, in this package, each with where its value came from:
here the extractive answerer's (what a question asks for); `thresholds` its thresholds;
`quantity` how an amount is asked and told; `parts` how a question's text splits (requests,
parts, alternatives, examples, bare topics, typos); `things` what a "which Xs" question asks
to be named; `subjects` which papers a question is about (one described or named, several
compared); `naming` name and ranking asks and the names a question holds; `details` the
details an abstract may state (hardware, licence, place) and their evidence; `evidence` what a
sentence holds (figures, methods, results, openers); `listing` list answers; `answer_shape`
the yes/no lead and list coverage; `verify` the check of an LLM's answer, `claim_checks` its
number, name and role checks, `drawbacks` its drawback checks (and a limitation of earlier
work said of the method), `preference` what a claim prefers.
Cue lists are general English (and Chinese) question grammar, not the wording of our eval:
they name what a question asks for (a quantity, a name, a list of papers, a comparison, a
summary), and what a sentence must hold to give it. Thresholds were tuned on the dev split of
eval/questions.jsonl (`paperwise eval --split dev`) and are reported on the test split, which
includes every test question in two more wordings written by someone who never saw this file.
"""

from __future__ import annotations

import re

# How a count is asked: rag/cues/counts.py.
from rag.cues.counts import (  # noqa: F401
    AMOUNT_ASK,
    COUNT_OF_THE,
    COUNTED_MODIFIER,
    COUNTED_MODIFIER_WORDS,
    COUNTED_PHRASE_ENDS,
    ELIDED_COUNT_PRONOUNS,
    ELIDED_COUNT_VERBS,
    EXTENT_ASK,
    HOW_MANY,
    HOW_MANY_UNTIL_PLURAL,
    PARTITIVE_COUNT,
    PLURAL_WORD,
    RATE_ASK,
    RATE_STATED,
    SCENE_QUALIFIERS,
    SHARE_ASK,
    SHARE_REACH,
    TERSE_COUNT,
    TERSE_PER,
    VAGUE_EXTENT,
    VAGUE_SHARE,
)

# Details an abstract may state (hardware, licence, place ...) and their evidence.
from rag.cues.details import COMPUTE_MASS, DETAIL_ASKS, DETAIL_EVIDENCE  # noqa: F401

# What a sentence holds (figures, methods, results, openers): rag/cues/evidence.py.
from rag.cues.evidence import (  # noqa: F401
    AIMED_AT,
    BACKGROUND_PENALTY,
    CAUSE_BONUS,
    CITATION,
    COUNT_WINDOW,
    METHOD_BONUS,
    METHOD_CUE,
    NUMBER_TOKEN,
    NUMBER_WINDOW,
    OPENER,
    OWN_WORK,
    POINTS_BACK,
    RESULT_CUE,
)

# Thresholds of list answers live in rag/cues/listing.py.
from rag.cues.listing import (  # noqa: F401
    ACRONYM_TOPIC_LENGTH,
    ALTERNATIVE_K,
    COLLECTION_SAYS,
    COMPARE_QUOTE_MARGIN,
    CUT_WORD_MIN,
    CUT_WORD_MISSING,
    DERIVED_ENDING,
    EXAMPLE_SCAN,
    HEARD_PREFIX,
    INTRODUCED_REACH,
    INTRODUCED_SCAN,
    KIND_ALSO,
    LIST_ASK,
    LIST_FRAME,
    LIST_K,
    LIST_MARGIN,
    LIST_MIN_SCORE,
    LIST_QUOTE_MARGIN,
    LIST_SIMILAR_MARGIN,
    LIST_TOPIC_SCORE,
    LIST_TOPIC_WORD_SCORE,
    LONG_LIST_TOPIC_SCORE,
    LONG_QUESTION_WORDS,
    MIN_LIST_TOPIC_WORDS,
    NEW_KIND,
    NEW_THING_MIN_SIMILARITY,
    NEW_THINGS_ASK,
    NEW_THINGS_LISTED,
    RARE_TERM_WEIGHT,
    RELATION_WORDS,
    TESTED_BY_ONE,
    TOPIC_MIN_LENGTH,
    WORK_EXISTS,
)

# What a question asks to be named or ranked: rag/cues/naming.py.
from rag.cues.naming import (  # noqa: F401
    ACCELERATOR_NAME_ASK,
    ACCELERATOR_NAMED,
    AGAINST_THE_BEST,
    BASELINE_ASK,
    BEATING,
    BESIDES_NAMED,
    COMPARED_NAME,
    COMPARED_TOLD,
    ENUMERATOR,
    GENERIC_NAMES,
    KIND_OF_ASK,
    LANGUAGE_MODEL_ASK,
    LANGUAGE_MODEL_TOLD,
    LISTED_AS_DATA,
    MADE_BY,
    MAGNITUDE_WORD,
    MAKER_OF,
    MODEL_LIKE_NAME,
    MODEL_NAME_ASK,
    MODEL_NAMED_ASK,
    NAME_ASK,
    NAME_TOKEN,
    OTHER_NAME_ASK,
    OUTCOME_OFFERED,
    OUTCOME_TOLD,
    RANKED_AMONG,
    RANKED_WINDOW,
    RANKING_ASK,
    RANKING_EVIDENCE,
    SIZE_TOKEN,
    SIZE_WORDS,
    SIZED_MODEL,
    TERSE_KIND_ASK,
    TERSE_MODEL_ASK,
    TERSE_THING_ASK,
    THING_NAME_ASK,
    TITLE_WITH_ACRONYM,
    WHICH_ONE,
    WRITTEN_OUT_WORDS,
)

# How a question's text splits (requests, parts, alternatives, examples, bare topics):
# rag/cues/parts.py.
from rag.cues.parts import (  # noqa: F401
    ALTERNATIVE_HEAD_WORDS,
    ALTERNATIVE_LINKS,
    ALTERNATIVE_MODIFIER_WORDS,
    ALTERNATIVE_TOPIC_TERMS,
    ALTERNATIVES,
    ASKS_AGAIN,
    BARE_TOPIC,
    EMBEDDED_HOW,
    EMBEDDED_WHAT,
    ENUMERATED_ASK,
    ENUMERATED_TOPICS,
    ENUMERATION_AND,
    ENUMERATION_BREAK,
    EXAMPLE_CLAUSE,
    IMPERATIVE_ASK,
    KIND_ALTERNATIVES,
    LATER_REQUEST,
    LIST_THE_ASK,
    MIN_ENUMERATED_TOPICS,
    MIN_JOINED_PART,
    MIN_PART_WORDS,
    MIN_TERSE_DETAIL_WORDS,
    MIN_TERSE_SIDE_WORDS,
    MIN_TYPO_LENGTH,
    NAME_SLOT_AFTER,
    NAME_SLOT_BEFORE,
    NAME_SLOT_MIN_LENGTH,
    NAMING_REQUEST,
    OFFERED_GUESS,
    OUTRIGHT_ASK,
    PART_BREAK,
    QUESTION_OPENING,
    RECASE_COMMON_ENGLISH,
    RECASE_SHARE,
    RECASE_SHARE_ENGLISH,
    REQUESTED_PAIR,
    REQUESTED_PAIR_BREAK,
    SHORTHAND,
    SLASHED_TOPICS,
    TERSE_NAME_PREFIX,
    TERSE_NAME_SLOT,
    TERSE_SUBJECT,
    TERSE_TAIL_WORDS,
    TOPIC_OR,
    WORD_ALTERNATIVES,
    WORDS_OR_BEFORE_HEAD,
)

# Quantity cues live in rag/cues/quantity.py; every stage reads them here as cues.X.
from rag.cues.quantity import (  # noqa: F401
    COMPARED_OBJECT,
    COMPARED_QUALITY,
    COMPLEXITY,
    COMPLEXITY_ORDER,
    DATA_UNITS,
    DECAY_ASK,
    DESCRIBING_CLAUSE,
    DIFFERENCE_WORDS,
    ENDED_AT,
    GENERIC_COUNT_HEADS,
    JUDGED_ON,
    MEASURE_NOUN_SYNONYMS,
    MEASURE_NOUNS,
    MEASURE_SYNONYMS,
    MEASURED_IN,
    METRIC_ACRONYM,
    METRIC_BEFORE_NOUN,
    MULTIPLE_ASK,
    MULTIPLE_WORDS,
    NO_QUESTION_WORD,
    ORDER_STATED,
    PERFORMANCE_ASK,
    POWER_ASK,
    POWER_TOLD,
    QUANTITY,
    QUANTITY_ADJECTIVES,
    RELATIVE_COUNTS,
    RELATIVE_FIGURE,
    SETTING_NOUNS,
    SPEED_ASK,
    TERSE_MEASURE,
    THAN_OBJECT,
    TIME_UNITS,
    VALUE_ASK,
    VALUE_OF,
)

# ... and how a size is asked and told: rag/cues/sizes.py.
from rag.cues.sizes import (  # noqa: F401
    COLLECTION_QUALIFIERS,
    EXPLICIT_UNIT,
    MODEL_SIZE_ASK,
    QUALIFIED_HEADS,
    QUALIFIER_WORDS,
    SHARE_QUALIFIERS,
    SIZE_ASK,
)

# Which papers a question is about (one described or named, several compared):
# rag/cues/subjects.py.
from rag.cues.subjects import (  # noqa: F401
    ABOUT_ONE_NAMED,
    COMPARE_ASK,
    COMPARED_ITEMS,
    COMPARED_TO,
    DATA_OF_ONE,
    DESCRIBED_PAPER,
    DESCRIBED_WORK,
    NAMED_SUBJECT,
    ONE_DESCRIBED,
    PAPERS_COMPARED,
    THINGS_OF_ONE,
    TOPIC_LED_PART,
    USED_ON_NAMED,
)

# What a "which Xs" question asks to be named lives in rag/cues/things.py.
from rag.cues.things import (  # noqa: F401
    AUX_WORDS,
    CLASSIFIER_THINGS,
    DESCRIBED_MIN,
    DESCRIBED_WINDOW,
    EVALUATED_THINGS,
    EVALUATION_ASK,
    EVALUATION_THING,
    METHOD_THINGS,
    METHOD_WORDS,
    NAMED_AFTER,
    NOT_A_THING,
    OTHER_THING_COMPOUNDS,
    PART_PROPOSED,
    PART_REMOVED,
    PART_THINGS,
    PARTS_ASK,
    RELATIVE_WORD,
    TERM_ACRONYM_NOT,
    THING_WORDS,
    WHAT_NAMED_THING,
    WHICH_ONE_THING,
    WHICH_THING,
    WHICH_TYPED,
)

# Thresholds of the extractive answerer: rag/cues/thresholds.py.
from rag.cues.thresholds import (  # noqa: F401
    CLOSEST_SHOWN,
    COMPARED_COVER,
    EVIDENCE_SLACK,
    KINDS_OF_WORK,
    MAX_SENTENCES_PER_PAPER,
    MIN_CLAUSE_WORDS,
    MIN_SCORE,
    MULTILINGUAL_PAPERS,
    NAME_MAX_WORDS,
    NAMED_EXTRA,
    NAMED_SENTENCE_BONUS,
    NEW_TERMS_BONUS,
    OVERLAP_WEIGHT,
    PART_TOPIC_MARGIN,
    PART_TOPIC_TERMS,
    SECOND_SENTENCE_MARGIN,
    SIM_WEIGHT,
)

# Where a list question names its topic: rag/cues/topics.py.
from rag.cues.topics import (  # noqa: F401
    GENERATED_OBJECT,
    NOT_TOPIC_WORDS,
    TASK_OF,
    TOPIC_BACK,
    TOPIC_OBJECT,
    TOPIC_SLOT,
    VERB_SIDE,
)

# -- what a question asks for ---------------------------------------------------------------------
# Question words that say how something is asked, never what it is about.
ASK_WORDS = frozenset(
    "how many much big large small long short fast slow quick quickly accurate precise often far "
    "high low deep wide expensive costly efficient heavy well good number size count amount value "
    "total figure "
    "what which who whom whose where when why is are was were do does did can could should "
    "would will the a an of in on for to by with from at as it its their there this that these "
    "those paper papers work works study studies method approach model reach reached achieve "
    "achieved obtain obtained get got report reported reports need needed take took use used "
    "uses give gives tell me about please exactly roughly approximately around up".split())

# A link names nothing asked for: "code is available at https://github.com/Org/Name" holds no
# dataset or model name (fresh dev batch 20).
URL = re.compile(r"\bhttps?://\S+|\bwww\.\S+")
# Words that ask for papers whatever else a few typed words say (dev split s032, e026).
PAPER_WORDS = re.compile(r"\b(?:papers?|works?|studies|research|methods|approaches|literature)\b",
                         re.I)
# "What is the main idea behind X?" asks for its method, not a summary (fresh dev batch 24).
# ... and so does "what are the (key) modules in X?" for its parts (things.PARTS_ASK).
METHOD_ASK = re.compile(r"\b(?:main|key|core|central|basic|big) (?:idea|trick|insight|intuition|"
                        r"mechanism|technique)s?\b|" + PARTS_ASK.pattern, re.I)
SUMMARY_ASK = re.compile(
    r"^\s*+(?:what is|what are|what's|who is|tell me about|summari[sz]e|describe|explain|give "
    r"(?:me )?an overview of|overview of|what does \S+(?: \S+)? (?:do|propose|introduce|"
    r"contribute))\b|是什么|介绍", re.I)
# ... as does a thing of a paper its relative clause specifies: "Describe the tokenizer that the
# HeartLang framework uses to produce its 'sentences'" (fresh dev batch op012b: answered with
# HeartLang's summary); not the paper itself ("what is the method that ...": its summary).
THING_SPECIFIED = re.compile(r"\s+the\s+(?!(?:paper|work|study|method|approach|framework|model|"
                             r"technique|algorithm|system|architecture)s?\b)[\w-]+\s+(?:that|"
                             r"which)\s+(?:the\s+|its\s+|their\s+|they\s+|it\s+)?", re.I)
# "What is X trained on?", "what are they based on": a participle and its preposition end the
# question, which asks for their object, not a summary of X (dev split ll009: answered with
# FB-CPR's summary, not its motion-capture data). General English.
PARTICIPLE_ASK = re.compile(r"\b[a-z]+(?:ed|en|wn|lt)\s+(?:on|with|by|for|in|from|at|using|upon)"
                            r"\s*[?？]?\s*$", re.I)
# Details an abstract almost never states; answered from metadata or refused.
METADATA_ASKS: dict[str, re.Pattern[str]] = {
    # "authors" alone is no ask: "the data the X authors collected" asks for the data.
    "authors": re.compile(r"\b(?:who (?:wrote|authored|are the authors|proposed|developed|"
                          r"created|built|made)|(?:which|list the|name the) authors?\b"
                          # "what benchmark do the authors of X report results on" asks for a
                          # benchmark: the authors do something (fresh dev batch lg)
                          r"|(?<!do the )(?<!did the )(?<!does the )(?<!have the )(?<!had the )"
                          r"authors? (?:of|list|names?)\b|written by|first author"
                          # ... or a few words ending in them: "cyberhost paper authors" (fresh
                          # dev batch og, og028b: answered as a list of papers)
                          r"|^(?:[\w-]+\s+){1,5}authors\s*\??\s*$"
                          # "which people / lab built X" (fresh dev batch lc)
                          r"|(?:which|what) (?:people|persons|researchers|team|group)\b"
                          r"(?:\s*/\s*\w+)? (?:built|made|wrote|developed|created|proposed))"
                          r"|作者|谁写", re.I),
    "date": re.compile(r"\b(?:when was .* (?:published|released|submitted)|publication date|"
                       r"what (?:year|date)|which year)\b|哪一年|何时发表", re.I),
    "review": re.compile(r"\b(?:review(?:er)? scores?|ratings? (?:from|by) reviewers|acceptance "
                         r"(?:decision|rate)|oral or poster|spotlight)\b|评审", re.I),
}
# "What is the largest number of X", "the maximum amount of Y": a superlative of a measure asks
# for a quantity, not for which thing ranks first (issue 13 rewordings of "up to how many").
# The superlative qualifies no measure's kind: "the maximum count of hardware platforms" counts
# platforms (dev split oh011b: read as a count of maximums).
MEASURE_SUPERLATIVES = frozenset("largest highest greatest biggest maximum max smallest lowest "
                                 "minimum min most least".split())
QUANTITY_SUPERLATIVE = re.compile(
    rf"\b(?:{'|'.join(sorted(MEASURE_SUPERLATIVES))})"
    r"(?: [\w-]+)? (?:number|amount|count|size|total)\b", re.I)  # "largest model size" (batch w)
FOLLOW_UP = re.compile(
    r"\b(?:it|its|they|their|them|this|that|these|those|the (?:method|paper|model|approach|"
    r"benchmark|dataset|work))\b|它|该|这个|这篇|其", re.I)
NAME_LIKE = re.compile(r"\b[A-Za-z]*[A-Z][A-Za-z0-9]*[A-Z0-9][\w-]*\b")
