"""Typos in a question's words, read as the corpus word one edit away: "hypernetwroks" finds
nothing, "hypernetworks" finds three papers. A word is left as typed when the corpus or an
English dictionary knows it ("walking" is not "talking"), when it looks like a name
("OLMoE", "GPT-4o") or when it is short (many words lie one edit from a short one).
The reading is told to the user as a notice, so a wrong one is seen."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from string import ascii_lowercase

from spellchecker import SpellChecker

from paperwise.text import STOPWORDS, base_forms
from rag import cues
from rag.aliases import glossary_topics
from rag.ask_kind import last_sentence

# A whole word of letters: not part of a hyphenated or digit-bearing name ("Llama-2", "T5x").
_WORD = re.compile(r"(?<![\w-])[A-Za-z]+(?![\w-])")


@dataclass(frozen=True)
class Respelling:
    """One word of the question read as another."""

    typed: str
    read_as: str


@cache
def _english() -> SpellChecker:
    # pyspellchecker's English word list ships in its wheel (160k words): nothing downloads.
    return SpellChecker(language="en", distance=1)


def _one_edit(word: str) -> set[str]:
    """Every string one deletion, transposition, substitution or insertion away."""
    splits = [(word[:i], word[i:]) for i in range(len(word) + 1)]
    return ({a + b[1:] for a, b in splits if b}
            | {a + b[1] + b[0] + b[2:] for a, b in splits if len(b) > 1}
            | {a + c + b[1:] for a, b in splits if b for c in ascii_lowercase}
            | {a + c + b for a, b in splits for c in ascii_lowercase})


def _may_be_typo(word: str, known: Callable[[str], bool]) -> bool:
    lower = word.casefold()
    return (len(word) >= cues.MIN_TYPO_LENGTH and word[1:] == word[1:].lower()
            and lower not in STOPWORDS and not known(lower)
            and not _english().known([lower]))


def _inflected(typed: str, other: str) -> bool:
    """Whether the two differ only in their last two letters: another form of one word
    ("analysed", "analyses"; "formalise", "formalize"), not a typo of it. Two letters swapped
    are a typo wherever they stand ("anythign")."""
    if len(typed) == len(other) and sorted(typed) == sorted(other):
        return False
    shared = next((i for i, (a, b) in enumerate(zip(typed, other, strict=False)) if a != b),
                  min(len(typed), len(other)))
    return shared >= min(len(typed), len(other)) - 2


def respell(question: str, known: Callable[[str], bool],
            corpus_words: Callable[[], Counter[str]]) -> tuple[str, list[Respelling]]:
    """The question with each typo read as the most frequent corpus word one edit away.
    `known` tells a word the corpus holds (cheap, asked first); `corpus_words` counts the
    corpus's words (built only when a question has a word neither knows)."""
    found: list[Respelling] = []

    def read(match: re.Match[str]) -> str:
        word = match.group()
        if not _may_be_typo(word, known):
            return word
        counts = corpus_words()
        near = [w for w in _one_edit(word.casefold()) if counts.get(w, 0) > 0
                and not _inflected(word.casefold(), w)]
        if not near:
            joined = _joined(word, found, known)
            return joined if joined != word else _truncated(word, found, counts)
        best = max(near, key=lambda w: (counts[w], w))
        read_as = best.capitalize() if word[0].isupper() else best
        found.append(Respelling(word, read_as))
        return read_as

    return _WORD.sub(read, question), found


def _joined(word: str, found: list[Respelling], known: Callable[[str], bool]) -> str:
    """Two corpus words typed as one ("finetuning" for "fine-tuning", which the corpus splits
    into "fine" and "tuning": fresh dev batch md), read hyphened; else the word as typed."""
    lower = word.casefold()
    plain = STOPWORDS | cues.ASK_WORDS  # "workaround" is no "work" (papers) around
    for at in range(cues.MIN_JOINED_PART, len(lower) - cues.MIN_JOINED_PART + 1):
        head, tail = lower[:at], lower[at:]
        if known(head) and known(tail) and not {head, tail} & plain:
            found.append(Respelling(word, f"{word[:at]}-{word[at:]}"))
            return found[-1].read_as
    return word


def _truncated(word: str, found: list[Respelling], counts: Counter[str]) -> str:
    """A word cut short ("mech interp papers?"), read as the most frequent corpus word it
    starts ("interpretability"; held-out mc009b, now dev); else the word as typed."""
    lower = word.casefold()
    longer = [w for w in counts
              if w.startswith(lower) and len(w) >= len(lower) + cues.CUT_WORD_MISSING]
    if not longer:
        return word
    found.append(Respelling(word, max(longer, key=lambda w: (counts[w], w))))
    return found[-1].read_as


# A word as the corpus writes it: letters first, with digits and hyphens ("GPT-4o", "ET-SEED").
_WRITTEN = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*(?![\w-])")
_LOWER = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)*(?![\w-])")


# A sentence's first word is capitalised whatever it is; so is each word of a title-case
# phrase spelling out a name ("Denoising Diffusion Models (DDM)": dev z010).
_SENTENCE_START = re.compile(r"(?:^|[.!?:]\s+)([A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*)")
_TITLE_RUN = re.compile(r"(?<![\w-])[A-Z][a-z0-9]+(?:-[A-Za-z0-9]+)*(?:\s+[A-Z][a-z0-9]+"
                        r"(?:-[A-Za-z0-9]+)*)+(?![\w-])")


def written_forms(texts: list[str]) -> dict[str, Counter[str]]:
    """How the texts write each word mid-sentence, by its lower-case form, a word of a
    title-case phrase counted as written in lower case. Counted with findall, not per match:
    a whole conference of abstracts is read once per store version."""
    written: Counter[str] = Counter()
    for text in texts:
        written.update(_WRITTEN.findall(text))
        written.subtract(_SENTENCE_START.findall(text))
        for run in _TITLE_RUN.findall(text):
            words = run.split()
            written.subtract(words)
            written.update(w.casefold() for w in words)
    forms: dict[str, Counter[str]] = {}
    for form, count in written.items():
        if count > 0:
            forms.setdefault(form.casefold(), Counter())[form] = count
    return forms


def _english_word(word: str) -> bool:
    parts = [p for p in word.split("-") if p.isalpha()]
    return bool(parts) and all(_english().known([p]) for p in parts)


def _as_name(word: str, forms: dict[str, Counter[str]], known: Callable[[str], bool]) -> str:
    """The corpus's capitalised form of a lower-case word it mostly writes so; an unknown
    hyphenated or digit-bearing word that is not English in capitals ("ptb-xl" → PTB-XL);
    else the word as typed."""
    written = forms.get(word)
    if written:
        # a common English word capitalised at its start only may be a title-case word of
        # some name ("Segment Anything"): it needs capitals inside ("soap" → SOAP)
        english = _english_word(word)
        common = english and _english().word_frequency[word] >= cues.RECASE_COMMON_ENGLISH
        capitalised = {f: n for f, n in written.items()
                       if f != word and (not common or f[1:] != f[1:].lower())}
        share = cues.RECASE_SHARE_ENGLISH if english else cues.RECASE_SHARE
        if capitalised and sum(capitalised.values()) >= share * sum(written.values()):
            # the commonest form; of forms as common, the one with more capitals ("NutriBench")
            return max(capitalised, key=lambda f: (capitalised[f], sum(map(str.isupper, f))))
        return word
    # words hyphened through a function word describe, not name: "denoise-and-rewire"
    # (fresh dev batch no, no018b: recased and refused as a name no abstract holds)
    looks_named = ("-" in word and not STOPWORDS & set(word.split("-")[1:-1])) or any(
        c.isdigit() for c in word)
    unknown = [p for p in word.split("-") if p.isalpha() and not known(p)
               and not _english().known([p])]  # "per-dataset" is two known words
    # a letter hyphened to a word names a technique ("k-means", "t-sne"): unknown as a whole
    # to the corpus, it is a name the abstracts lack (dev split lt021a)
    if "-" in word and not known(word) and any(len(p) == 1 for p in word.split("-")):
        unknown.append(word)
    # "spatio-temporal" is a corpus word ("spatiotemporal") hyphened, no name (held-out mc003b),
    # and "constant-stepsize" two ("step", "size") run together (dev split mg001b)
    unknown = [p for p in unknown if not any(
        known(p[:i]) and known(p[i:])
        for i in range(cues.MIN_JOINED_PART, len(p) - cues.MIN_JOINED_PART + 1))]
    if looks_named and unknown and not known(word.replace("-", "")):
        return word.upper()
    return word


def expand_shorthand(question: str) -> str:
    """The question with chat shorthand written out (cues.SHORTHAND): "# of" → "number of"."""
    for pattern, words in cues.SHORTHAND:
        question = pattern.sub(words, question)
    return " ".join(question.split())


def _unknown_name(word: str, before: str, after: str, known: Callable[[str], bool],
                  has_prefix: Callable[[str], bool] | None = None, terse: bool = False) -> bool:
    """A word the corpus does not know, where a question names things (cues.NAME_SLOT_*):
    "results on humaneval", "claude models", or anywhere in a few typed words (`terse`:
    "robotouille claude async success rate") unless a corpus word starts as it does ("quant").
    Not a typo of an English word, nor a common one, nor a derived form of a corpus word
    ("heterophilic" in a corpus saying "heterophily")."""
    if not word.isalpha() or len(word) < cues.NAME_SLOT_MIN_LENGTH or known(word):
        return False
    slot = cues.NAME_SLOT_BEFORE.search(before) or cues.NAME_SLOT_AFTER.match(after)
    if slot is None and (not terse or (
            has_prefix is not None and has_prefix(word[:cues.TERSE_NAME_PREFIX].casefold()))):
        return False
    stem_length = max(cues.HEARD_PREFIX, len(word) - cues.DERIVED_ENDING)
    if has_prefix is not None and len(word) > stem_length and has_prefix(word[:stem_length]):
        return False
    # "classifying": no name; inflections only, as derivations read "citeseer" as "cites"
    # (issue 13, fresh held-out batch lm)
    if _english().known(base_forms(word) - {word}):
        return False
    if _english().known([word]):  # names in the word list are rare words ("claude", "dora")
        return _english().word_frequency[word] < cues.RECASE_COMMON_ENGLISH
    return not _english().known(_one_edit(word))


def recase(question: str, forms: Callable[[], dict[str, Counter[str]]],
           known: Callable[[str], bool], has_prefix: Callable[[str], bool] | None = None) -> str:
    """The question with names typed in lower case written as names ("heartlang results on
    imagenet" → "HeartLang results on ImageNet"), so that the checks telling names by their
    capitals see them (cues.RECASE_SHARE). `forms`: written_forms of the corpus (built on
    first use); `known`: whether the corpus holds a word."""
    if not _LOWER.search(question):
        return question
    terse = cues.TERSE_NAME_SLOT.match(question) is not None  # read once, not once a word

    def name(match: re.Match[str]) -> str:
        word = match.group()
        if len(word) < 3 or word in STOPWORDS or word in cues.GENERIC_NAMES:
            return word
        if _unknown_name(word, question[:match.start()], question[match.end():], known,
                         has_prefix, terse):
            return word.upper()
        return _as_name(word, forms(), known)

    return _LOWER.sub(name, question)


def unheard(word: str, known: Callable[[str], bool], has_prefix: Callable[[str], bool]) -> bool:
    """No corpus word is this word or starts as it, or a form it inflects, starts
    (cues.HEARD_PREFIX letters): "weather" in a corpus without weather, not "classifying" in
    one with "classification"."""
    if known(word):
        return False
    stems = {b for b in base_forms(word, derived=True) if b == word
             or len(b) >= cues.TOPIC_MIN_LENGTH - 1}
    return not any(has_prefix(b[:cues.HEARD_PREFIX]) for b in stems)


def topic_words(question: str) -> list[str]:
    """The words where a list question names its topic (cues.TOPIC_SLOT, cues.TOPIC_OBJECT,
    cues.TASK_OF, cues.GENERATED_OBJECT). A question of several sentences is read in its last,
    which asks: those before set the scene ("My model keeps losing what it learned on earlier
    tasks ... Which of these papers offer ways to mitigate that?": fresh dev batch lz), unless
    it points back to the scene as its topic ("Is any paper here about that application?":
    cues.TOPIC_BACK)."""
    question = _topic_text(question)
    words = []
    for m in cues.TOPIC_SLOT.finditer(question):
        if not m[1].casefold().endswith("ing"):
            words.append(m[1])
        elif m[2]:  # "on forecasting stock prices": what is forecast
            words.append(m[2])
        elif _ends_question(question[m.end():]):  # "any papers on watermarking?" (dev oh027)
            words.append(m[1])
    # the thing proposed is named whole: "a watermarking scheme"
    words += [m[1] for m in cues.TOPIC_OBJECT.finditer(question)]
    words += [m[1] for m in cues.GENERATED_OBJECT.finditer(question)]
    return [w.casefold() for w in [*words, *(m[1] for m in cues.TASK_OF.finditer(question))]]


def absent_topic(question: str, known: Callable[[str], bool],
                 has_prefix: Callable[[str], bool]) -> str | None:
    """The topic word of a list question (topic_words) that the corpus has not heard of; a
    shorter one too when no English word (an acronym typed in lower case: "asr low-resource
    languages", fresh dev batch nk026a and dev nd026a, listed unrelated papers)."""
    # a topic described in other words is named by the field's term, read first (the
    # description's own words may be unheard too: "propose such a scheme"): "embedding hidden
    # signals in language model outputs" is watermarking, a word no abstract uses (dev split
    # oh027b, batch om019a: listed papers on language models)
    for term in glossary_topics(_topic_text(question)):
        if any(unheard(part, known, has_prefix) for part in re.split(r"[\s-]+", term)):
            return term
    for word in topic_words(question):
        if any(len(part) >= cues.TOPIC_MIN_LENGTH and part not in STOPWORDS
               and part not in cues.NOT_TOPIC_WORDS and unheard(part, known, has_prefix)
               for part in word.split("-")):
            return word
    # typed words: an acronym typed in lower case, in no case the corpus writes it ("mdp" is
    # heard as "MDPs"; each typed word is too many: see README; one in capitals is a name,
    # rag/names.py missing_names)
    typed = question.split() if cues.BARE_TOPIC.match(question) else []
    return next((w for w in typed if cues.ACRONYM_TOPIC_LENGTH <= len(w) < cues.TOPIC_MIN_LENGTH
                 and w.isalpha() and w.islower() and not _english_word(w) and not known(w)
                 and not any(has_prefix(f) for f in {w, w.lower(), w.upper(), w.capitalize()})),
                None)


def _ends_question(rest: str) -> bool:
    """Nothing but the question's end follows: a gerund ending it is its topic, not a verb
    with an object to come."""
    return not rest.strip(" ?.!\"'")


def _topic_text(question: str) -> str:
    """Where a list question names its topic: its asking sentence, or the whole question when
    that sentence points back to the scene set before it (cues.TOPIC_BACK)."""
    asking = last_sentence(question)
    return question if cues.TOPIC_BACK.search(asking) else asking
