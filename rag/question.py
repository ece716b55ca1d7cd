"""What a question asks for: its language, whether it wants a list of papers, and the kind of
detail it needs (a number, a name, compute, ...), so an answer can check a sentence gives it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

AskKind = Literal["number", "authors", "compute", "institution", "license", "date", "review"]

_ASK_PATTERNS: list[tuple[AskKind, re.Pattern[str]]] = [
    ("authors", re.compile(r"\b(who (wrote|authored|are the authors|proposed|developed|created)"
                           r"|authors?\b|written by|first author)|作者|谁", re.I)),
    ("institution", re.compile(r"\b(universit(y|ies)|institution|affiliat\w*|which lab|"
                               r"which company|funded by|funding)\b|机构|大学|单位", re.I)),
    ("compute", re.compile(r"\b(gpus?|tpus?|gpu[- ]hours?|compute budget|computational budget|"
                           r"training (cost|time|budget)|how long (did|does|to) .*train|hardware|"
                           r"a100|h100|carbon|energy consumption)\b|算力|显卡|训练时间", re.I)),
    ("license", re.compile(r"\b(licen[cs]e|open[- ]sourced?|github|repository|code "
                           r"(available|released|release))\b|开源|许可", re.I)),
    ("review", re.compile(r"\b(review(er)? scores?|ratings? (from|by) reviewers|acceptance "
                          r"(decision|rate)|oral or poster|spotlight)\b|评审", re.I)),
    ("date", re.compile(r"\b(when was .* (published|released|submitted)|publication date|"
                        r"what (year|date))\b|哪一年|何时发表", re.I)),
    ("number", re.compile(r"\b(how many|how much|how large|how big|how fast|how long|what "
                          r"(percentage|fraction|proportion|number)|by how much|what is the "
                          r"(size|number|count|accuracy|score)|how many times)\b|多少|几个|几种", re.I)),
]
_LIST = re.compile(
    r"^\s*(which|what) (papers|works|studies|methods|approaches|benchmarks|datasets)\b|"
    r"\b(list|are there|any) (papers|works|studies)\b|\bpapers (that|which|on|about)\b|"
    r"哪些(论文|工作|方法|研究)", re.I)
_FOLLOW_UP = re.compile(
    r"\b(it|its|they|their|them|this|that|these|those|the (method|paper|model|approach|"
    r"benchmark|dataset|work))\b|它|该|这个|这篇|其", re.I)
_NAME_LIKE = re.compile(r"\b[A-Za-z]*[A-Z][A-Za-z0-9]*[A-Z0-9][\w-]*\b")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_NUMBER_EVIDENCE = re.compile(
    r"\d|\b(two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|dozens?|hundreds?|"
    r"thousands?|millions?|billions?|half|double|twice|triple)\b", re.I)
_EVIDENCE: dict[AskKind, re.Pattern[str]] = {
    "number": _NUMBER_EVIDENCE,
    "compute": re.compile(r"\b(gpus?|tpus?|gpu[- ]hours?|flops|a100|h100|compute|hours)\b", re.I),
    "license": re.compile(r"github|\bcode\b|open[- ]source|licen[cs]e|publicly available", re.I),
    "institution": re.compile(r"\b(universit(y|ies)|institute|laborator(y|ies))\b", re.I),
}


@dataclass(frozen=True)
class QuestionIntent:
    language: Literal["en", "zh"]
    wants_list: bool
    asks_for: AskKind | None
    follow_up: bool


def language_of(text: str) -> Literal["en", "zh"]:
    cjk = len(_CJK.findall(text))
    return "zh" if cjk and cjk >= 0.2 * len(re.sub(r"\s", "", text)) else "en"


def analyse(question: str) -> QuestionIntent:
    asks_for = next((kind for kind, pattern in _ASK_PATTERNS if pattern.search(question)), None)
    follow_up = bool(_FOLLOW_UP.search(question)) and not _NAME_LIKE.search(question)
    return QuestionIntent(
        language=language_of(question),
        wants_list=bool(_LIST.search(question)),
        asks_for=asks_for,
        follow_up=follow_up,
    )


_HOW_MANY = re.compile(r"\b(?:how many|number of|how much)\s+((?:[\w-]+\s+){0,3}?[\w-]+?)"
                       r"(?=\s+(?:does|do|did|is|are|was|were|can|in|of|for|on|has|have)\b|\?|$)",
                       re.I)
_NUMBER_TOKEN = re.compile(r"^(\d[\d,.]*%?|two|three|four|five|six|seven|eight|nine|ten|"
                           r"hundreds?|thousands?|millions?|billions?)$", re.I)
_COUNT_WINDOW = 3


def counted_words(question: str) -> list[str]:
    """The words after "how many": what the number must count ("risk categories")."""
    match = _HOW_MANY.search(question)
    return match.group(1).casefold().split() if match else []


def states_count(sentence: str, counted: list[str], skip: str = "") -> bool:
    """Whether a number in the sentence is followed closely by one of the counted words
    ("314 granular risk categories"). Text in skip (the paper's name) does not count."""
    if not counted:
        return False
    text = sentence.replace(skip, " ") if skip else sentence
    words = [w.strip(".,;:()[]").casefold() for w in text.split()]
    stems = {w.rstrip("s") for w in counted}
    for i, word in enumerate(words):
        if _NUMBER_TOKEN.match(word):
            following = words[i + 1 : i + 1 + _COUNT_WINDOW]
            if any(f.rstrip("s") in stems for f in following):
                return True
    return False


def gives(kind: AskKind | None, sentence: str) -> bool:
    """Whether a sentence can state the kind of detail the question asks for."""
    if kind is None:
        return True
    pattern = _EVIDENCE.get(kind)
    return bool(pattern and pattern.search(sentence))
