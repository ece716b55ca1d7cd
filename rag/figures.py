"""Figures in questions and sentences: the numbers a question sets as conditions ("with just
5 NFE"), and whether a sentence states a figure next to the words it must measure ("314
granular risk categories"), and what a comparison is against ("faster than X"). Read as shown:
LaTeX and references cleaned first."""

from __future__ import annotations

import re

from paperwise.text import STOPWORDS, clean_for_display, hyphen_stems, stem, terms
from rag import cues


def question_figures(question: str) -> dict[str, str]:
    """The stand-alone numbers of a question, each with the word after it, which set its
    conditions ("with just 5 NFE", "at 30% compression"): a sentence giving the asked figure
    under another condition does not answer it. Numbers in names ("CIFAR10", "GPT 4",
    "AIR-BENCH 2024") are not conditions."""
    # a figure in a sentence before the question describes the paper and sets no condition:
    # "a safety benchmark whose categories come from 8 regulations; how many prompts ...?",
    # "... for pretraining 360m-660m models. In the large-batch setting, by how much ...?"
    # (dev split ls026b, ls013b)
    asked = re.split(r"(?<=[.;?!])\s+(?=\S)", clean_for_display(question).strip())[-1]
    # ... nor does one in a relative clause describing what is asked about: "the MoE model
    # that has 7 billion total parameters and was pretrained on 5 trillion tokens" (dev ls003b)
    asked = cues.DESCRIBING_CLAUSE.sub(" ", asked)
    tokens = [t.strip(".,;:()?\"'") for t in asked.split()]
    figures = {t.rstrip("%"): (_singular(tokens[i + 1]) if i + 1 < len(tokens) else "")
               for i, t in enumerate(tokens) if re.fullmatch(r"\d[\d.,]*%?", t)
               and not (i and _version_of(tokens[i - 1]))
               and not re.fullmatch(r"(?:19|20)\d\d", t)}
    # a model size ("a 7B-parameter model", "the 360m model") is a condition whatever follows
    # it (fresh dev batch 26: answered from the 360m and 660m runs)
    sizes = (re.fullmatch(r"(\d[\d.]*[kmbt])(?:-\w+)?", t, re.I) for t in tokens)
    return figures | {m[1].casefold(): "" for m in sizes if m}


def _version_of(word: str) -> bool:
    """A name, or a capitalised word no function word, that a number may follow as its
    version: "GPT 4", "a 7B Llama 2 model" (held-out ng003b, now dev: "2" read as a count of
    models)."""
    return bool(cues.NAME_LIKE.fullmatch(word)) or (
        word[:1].isupper() and word.casefold() not in STOPWORDS)


def _singular(word: str) -> str:
    """"GPUs" and "GPU" alike: the stem without a plural s."""
    word = stem(word.casefold())
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def figure_tokens(text: str) -> list[str]:
    """The words of a sentence with the punctuation around them taken off, so that "(10" and
    "NFE)," read as "10" and "NFE": how figures and their words are read everywhere. An em
    dash parts words ("three key modules—dataset adaptation": dev split nc004)."""
    text = cues.CITATION.sub(" ", text).replace("—", " — ")
    return [w.strip(".,;:()[]\"'") for w in text.split()]


def states_figure(sentence: str, figure: str, unit: str) -> bool:
    """Whether the sentence has the figure with the question's word for it close after it
    ("(10 NFE)" does not state "5 NFE"; "5-10 minutes" neither). A model size is stated by a
    name ending in it too: "LLaMA3-8B" states "8b" (fresh dev batch s: "llama3 8b")."""
    tokens = figure_tokens(clean_for_display(sentence))
    stems = [_singular(t) for t in tokens]
    size = re.fullmatch(r"\d[\d.]*[kmbt]", figure) is not None
    return any((t.rstrip("%×x").casefold() == figure
                or (size and t.rsplit("-", 1)[-1].casefold() == figure))
               and (not unit or unit in stems[i + 1 : i + 3]
                    or _spelled_by_acronym(unit, tokens[i + 1 : i + 2]))
               for i, t in enumerate(tokens))


def _spelled_by_acronym(unit: str, following: list[str]) -> bool:
    """"10 NFE" states "10 function evaluations": an acronym right after the figure with the
    unit's initial in it (dev split lk005b)."""
    return bool(following) and re.fullmatch(r"[A-Z]{2,6}s?", following[0]) is not None \
        and unit[:1].upper() in following[0]


_SHARES = ("%", "×")  # a share or a multiple of a thing is no count of it


def numbers_near(sentence: str, words: set[str], before: int, after: int,
                 skip: str = "", counts: bool = False, digits: bool = False) -> bool:
    """Whether a stand-alone number has one of `words` (content terms) at most `before` words
    before it or `after` words after it: "314 granular risk categories". Text in `skip` (the
    paper's name, which may hold digits) does not count. With `counts`, a share or a multiple
    ("11% on asynchronous tasks", "50,000× fewer pairs") is no count of the words. With
    `digits`, a number word ("one") is no figure."""
    # LaTeX figures ("$50$,$000\\times$") read as shown ("50,000×").
    text = clean_for_display(sentence.replace(skip, " ") if skip else sentence).replace("\\", "")
    raw = figure_tokens(text)
    tokens = [w.casefold() for w in raw]
    # a hyphenated word stands for each of its parts too ("200-hour" carries its own unit),
    # and for its parts run together ("speed-up" is "speedup": dev split lr005b)
    stems = [hyphen_stems(t, joined=True) for t in tokens]
    if counts:  # a word inside a capitalised name is no head: "twelve Large Language Models"
        # counts models, not languages (fresh dev batch s); nor one hyphened to modify the next
        # word: "7000+ two-person trajectories" counts no persons (dev split mj025b)
        stems = [set() if _inside_name(raw, k) or _modifies_next(raw, k) else words_k
                 for k, words_k in enumerate(stems)]
    wanted = {stem(w.replace("-", "")) for w in words} | {stem(w) for w in words}
    for i, token in enumerate(tokens):
        near = set().union(*stems[max(0, i - before) : i + after + 1])
        # "AIR 2024", "GPT 4": a figure right after an acronym is part of a name
        named = i > 0 and bool(cues.NAME_LIKE.fullmatch(raw[i - 1]))
        unit = _unit_of(token)
        # "200-hour" is a figure of hours, whatever words stand near it: no closed-loop score
        # (dev split ls005)
        own = re.fullmatch(r"[\d.,]+-([a-z]+)", token)
        if own and stem(own[1]) not in wanted:
            continue
        if (cues.NUMBER_TOKEN.match(token) and not named and not (counts and unit in _SHARES)
                and not (digits and not any(c.isdigit() for c in token))
                and (wanted & near or (unit and stem(unit) in wanted))):
            return True
    return False


def _modifies_next(raw: list[str], k: int) -> bool:
    """Whether raw[k] is a number hyphened to a noun ("two-person") modifying the lower-case
    word after it; not a dash run into the next word ("domains---Python")."""
    return bool(cues.COUNTED_MODIFIER.fullmatch(raw[k])) and k + 1 < len(raw) and (
        raw[k + 1].isalpha() and raw[k + 1].islower())


def _inside_name(raw: list[str], k: int) -> bool:
    """Whether raw[k] is capitalised and the next word is a capitalised word too: a name's
    word, not its last ("Models (LLMs)" ends the name: an acronym is no word of it)."""
    following = raw[k + 1] if k + 1 < len(raw) else ""
    return (raw[k][:1].isupper() and raw[k].isalpha() and following[:1].isupper()
            and following[1:].islower() and following.isalpha())


def _unit_of(token: str) -> str:
    """"78%" → "%", "300x" / "8×" → "×", "1.3B" / "660m" → "parameter" (a model's size is
    written so: "Phi-1.5 (1.3B)" answers "what parameter count"; dev split lo008b): a figure's
    own unit, if any."""
    if token.endswith("%"):
        return "%"
    if re.fullmatch(r"\d+(?:\.\d+)?[bm]", token.casefold()):
        return "parameter"
    # a range of multiples too: "around 2-5x training data" (dev mr004a)
    return "×" if re.fullmatch(r"[\d.,]+(?:[-–][\d.,]+)?[x×]", token) else ""


def compared_against(question: str) -> set[str]:
    """The words of what the question compares with: "faster than exact leave-one-out",
    "quicker relative to exact leave-one-out" → exact, leave, one, out."""
    return {t for m in cues.COMPARED_OBJECT.findall(question) for t in terms(m)} - cues.ASK_WORDS


def compares_with_other(sentence: str, against: set[str]) -> bool:
    """A comparison with something else than the question's (`compared_against`): "how much
    faster than exact leave-one-out" is not told by "30× faster than generating the response"
    (fresh dev batch w)."""
    told = [set(terms(m)) for m in cues.THAN_OBJECT.findall(sentence)]
    return bool(against and told) and all(against.isdisjoint(t) for t in told)
