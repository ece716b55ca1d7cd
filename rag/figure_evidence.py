"""Which sentences give an asked figure: a figure next to what the question measures or
counts, in digits where a setting's value is asked, as a rate where a rate is. Cues and
thresholds: rag/cues/quantity.py."""

from __future__ import annotations

import re

from paperwise.text import clean_for_display, stem, terms
from paperwise.types import Hit
from rag import cues
from rag.acronyms import acronym_heads, written_acronyms
from rag.asking import as_question
from rag.figures import (
    compared_against,
    compares_with_other,
    figure_tokens,
    numbers_near,
    question_figures,
    states_figure,
)
from rag.measures import (
    asked_measures,
    counted_words,
    measure_qualifiers,
    measure_words,
    sized_part,
)
from rag.names import asked_version, name_pattern, name_tokens
from rag.query import QuestionIntent
from rag.scored import ScoredSentence

# the cue words as terms, stemmed once; a magnitude's letter by its word
_SIZE_LETTERS = {word: letter for letter, word in cues.SIZE_WORDS.items()}
_SETTINGS = frozenset(stem(w) for w in cues.SETTING_NOUNS)
_DIFFERENCES = frozenset(stem(w) for w in cues.DIFFERENCE_WORDS)


def quantity_evidence(pool: list[ScoredSentence], question: str, intent: QuestionIntent,
                       hits: list[Hit]) -> list[ScoredSentence]:
    """Sentences with a figure next to what the question measures; one followed by the counted
    words first. "How big is X?" measures nothing named: any figure of X's abstract will do."""
    counted = set(counted_words(question)) | sized_part(question)
    # A named measure ("how accurate", "what speedup") is what the figure must stand near.
    # ... and so is a generic measure's qualifier: "the largest model size" by "model sizes up
    # to 1.7B" (fresh dev batch w)
    # ... asked in a request too: "..., tell me the expert count" (fresh dev batch md)
    qualifiers = measure_qualifiers(as_question(question))
    valued = cues.VALUE_OF.search(question)  # "value of its extra hyperparameter"
    specific = asked_measures(question) | counted | qualifiers | (
        {stem(valued[1].casefold())} if valued else set())
    # "How many tasks": a count, not a share or a multiple of them (fresh dev batch 17),
    # unless a multiple or a difference is what is asked ("how many times", "how much more").
    # ("how much speed-up" asks a multiple as "speedup" does: held-out mc006, now dev)
    relative = {w.replace("-", "") for w in counted} & cues.RELATIVE_COUNTS
    # ... nor an amount: "how much embedding memory does X save" (cues.AMOUNT_ASK)
    counts = bool(counted) and not relative and not specific - counted and not (
        cues.AMOUNT_ASK.search(question))
    # a setting's value is in digits (cues.SETTING_NOUNS)
    digits = (bool(specific) and specific <= _SETTINGS | qualifiers) or bool(
        cues.VALUE_ASK.search(question))
    measured = set() if specific else measure_words(question)  # the question's words, once
    found = []
    for s in pool:
        title = hits[s.marker - 1].paper.title
        # an acronym asked of is by the term the sentence writes out for it ("llm size" by
        # "the large language model Phi-1.5 (1.3B)": dev split mu006a)
        words = (specific | acronym_heads(question, s.text, qualifiers)
                 | written_acronyms(question, s.text, specific) if specific
                 else measured | acronym_heads(question, s.text)) - set(terms(title))
        if not words and not (intent.size_only or counted):
            continue
        # any count of the paper answers "how big is X?", not "how many nutritionists ..."
        if numbers_near(s.text, words or {"*"} | counted, cues.NUMBER_WINDOW,
                        cues.NUMBER_WINDOW, title, counts, digits) or (
                ((intent.size_only and not counted) or not words) and _has_count(s.text, title)):
            found.append(s)
    # Conditions: "what FID with just 5 NFE" needs "5 NFE" in the sentence, "how long to
    # compress LLaMA-2-13B" that version (fresh dev batch 17: answered from 10 NFE, from 7B).
    figures = question_figures(question)
    versions = [name_pattern(n, question) for n in name_tokens(question)
                if asked_version(n, question)]
    found = [s for s in found if all(states_figure(s.text, figure, unit)
                                     for figure, unit in figures.items())
             and all(version.search(s.text) for version in versions)]
    if not intent.yes_no:  # a sentence giving only the question's own figures gives no answer
        found = [s for s in found if not _only_given_figures(s.text, question)]
    if qualifiers:  # "what batch size": a figure by "batch", not any figure of the paper;
        # the paper's own name is none ("nutribench size": its size; fresh dev batch nu)
        found = [s for s in found if not (
            own := qualifiers - set(terms(hits[s.marker - 1].paper.title))) or numbers_near(
            s.text, own | acronym_heads(question, s.text, own), cues.NUMBER_WINDOW,
            cues.NUMBER_WINDOW, hits[s.marker - 1].paper.title)]
    # "what improvement does X report": a stated gain too (fresh dev batch ld)
    found += [s for s in pool if s not in found and _told_otherwise(s.text, question, specific)]
    exact = [s for s in found if numbers_near(s.text, counted, 0, cues.COUNT_WINDOW,
                                              hits[s.marker - 1].paper.title)]
    if intent.size_only:  # "What size is X's taxonomy?": a figure by "taxonomy" first
        exact += [s for s in found if s not in exact and numbers_near(
            s.text, measure_words(question) - set(terms(hits[s.marker - 1].paper.title)),
            cues.NUMBER_WINDOW, cues.NUMBER_WINDOW, hits[s.marker - 1].paper.title)]
    ranked = exact + [s for s in found if s not in exact]
    if "exponent" in specific:  # an exponent told in words first ("the fifth power of")
        told = [s for s in pool if cues.POWER_TOLD.search(s.text)]
        ranked = told + [s for s in ranked if s not in told]
    if cues.RATE_ASK.search(question):  # a rate, told as one
        ranked = [s for s in ranked if cues.RATE_STATED.search(clean_for_display(s.text))]
    if against := compared_against(question):  # stable: the order above within each side
        ranked.sort(key=lambda s: compares_with_other(s.text, against))
    return ranked


def _only_given_figures(sentence: str, question: str) -> bool:
    """Whether every figure in digits the sentence states is one the question gives: "evaluate
    SOAP ... with 360m and 660m sized models" tells nothing asked "in the 360m/660m runs, what
    was the hyperparameter's setting?" (dev mr025b)."""
    # not a figure in a name: "How big is OLMoE-1B-7B?" gives no 7B
    given = set(re.findall(r"(?<![\w-])\d[\w.,%×]*",
                           _magnitudes(clean_for_display(question).casefold())))
    stated = [t.casefold().lstrip("~≈<>+±")
              for t in figure_tokens(_magnitudes(clean_for_display(sentence)))
              if cues.NUMBER_TOKEN.match(t)]  # "~40%" is 40%
    stated = [t.rstrip(".,") for t in stated if t[:1].isdigit()]
    return bool(stated) and all(t in given for t in stated)


def _magnitudes(text: str) -> str:
    """A magnitude in words as in letters: "7 billion (B) parameters" gives the "7B" of "with
    1B active out of 7B total parameters" (dev split od008b: answered with the model's size
    when the corpus's size in tokens was asked)."""
    return cues.MAGNITUDE_WORD.sub(lambda m: m[1] + _SIZE_LETTERS[m[2].casefold()], text)


def _told_otherwise(sentence: str, question: str, asked: set[str]) -> bool:
    """A quantity told without a figure by the asked words: "how much better" by a stated gain
    anywhere in the sentence, "how much does X reduce the complexity" by an order ("from cubic
    to linear")."""
    if {stem(w) for w in asked} & _DIFFERENCES and cues.RELATIVE_FIGURE.search(
            clean_for_display(sentence)) and _DIFFERENCES & set(terms(sentence)):
        return True
    return bool((cues.COMPLEXITY.search(question) or cues.SPEED_ASK.search(question))
                and cues.COMPLEXITY.search(sentence) and cues.COMPLEXITY_ORDER.search(sentence)
                ) or _share_told(sentence, question) or bool(
        cues.DECAY_ASK.search(question) and cues.ORDER_STATED.search(clean_for_display(sentence))
    ) or bool(
        cues.EXTENT_ASK.search(question) and cues.VAGUE_EXTENT.search(sentence))


def _share_told(sentence: str, question: str) -> bool:
    """"How many of the parts matter?" told by a quantifier just before the counted word or
    one of its kind: "only a very few modern components are critical"."""
    if not cues.SHARE_ASK.search(question):
        return False
    counted = set(counted_words(question))  # with the words of its kind (measures.py)
    words = [w.casefold() for w in re.findall(r"[\w-]+", sentence)]
    return any(w in counted and cues.VAGUE_SHARE & set(words[max(0, i - cues.SHARE_REACH):i])
               for i, w in enumerate(words))


def _has_count(sentence: str, title: str) -> bool:
    """A figure followed by what it counts ("7000+ two-person trajectories"; "$>30$k nodes" read
    as shown, ">30k nodes")."""
    return bool(re.search(r"(?<![\w.-])\d[\d,.]*\+?\s*(?:[kKmMbB]\b)?\s*[a-zA-Z-]{3,}",
                          clean_for_display(cues.CITATION.sub(" ", sentence.replace(title, " ")))))
