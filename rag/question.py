"""What a question asks for: its language, whether it wants a list of papers, and the kind of
detail it needs (a number, a name, compute, ...), so an answer can check a sentence gives it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from index.sentences import split_sentences
from rag.retrieve import stem

Language = Literal["en", "zh", "other"]
AskKind = Literal["number", "authors", "compute", "institution", "license", "date", "review"]

_ASK_PATTERNS: list[tuple[AskKind, re.Pattern[str]]] = [
    ("authors", re.compile(r"\b(who (wrote|authored|are the authors|proposed|developed|created)"
                           r"|authors?\b|written by|first author)|作者|谁", re.I)),
    ("institution", re.compile(r"\b(universit(y|ies)|institution|affiliat\w*|which lab|"
                               r"which company|funded by|funding)\b|机构|大学|单位", re.I)),
    ("compute", re.compile(r"\b(gpus?|tpus?|gpu[- ]hours?|compute budget|computational budget|"
                           r"training (cost|time|budget)|how long (did|does|to) .*train|"
                           r"which hardware|what hardware|a100|h100|carbon|energy consumption)\b"
                           r"|算力|显卡|训练时间", re.I)),
    ("license", re.compile(r"\b(licen[cs]e|open[- ]sourced?|github|repository|code "
                           r"(available|released|release))\b|开源|许可", re.I)),
    ("review", re.compile(r"\b(review(er)? scores?|ratings? (from|by) reviewers|acceptance "
                          r"(decision|rate)|oral or poster|spotlight)\b|评审", re.I)),
    ("date", re.compile(r"\b(when was .* (published|released|submitted)|publication date|"
                        r"what (year|date))\b|哪一年|何时发表", re.I)),
    ("number", re.compile(r"\b(how many|how much|how large|how big|how fast|how long|what "
                          r"(percentage|fraction|proportion|number)|by how much|how many times"
                          r"|(what|which) (\w+[ -]){0,3}(score|accuracy|error|fid|bleu|rouge|"
                          r"perplexity|auc|f1|spl|success rate|win rate|speed-?up|improvement|"
                          r"gain|reduction|size|count)s?)\b|多少|几个|几种", re.I)),
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
_KANA_HANGUL = re.compile(r"[\u3040-\u30ff\uac00-\ud7af]")
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
    language: Language
    wants_list: bool
    asks_for: AskKind | None
    follow_up: bool


def language_of(text: str) -> Language:
    """"zh" for Chinese, "other" for Japanese/Korean, else "en" (Latin-script languages are
    not told apart offline: they take the English path)."""
    cjk = len(_CJK.findall(text))
    if not cjk or cjk < 0.2 * len(re.sub(r"\s", "", text)):
        return "en"
    return "other" if _KANA_HANGUL.search(text) else "zh"


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
_NUMBER_TOKEN = re.compile(r"^(~?\d[\d,.]*(%|x|×|k|m|b)?|two|three|four|five|six|seven|eight|"
                           r"nine|ten|twice|half|double|hundreds?|thousands?|millions?|"
                           r"billions?)$", re.I)
_COUNT_WINDOW = 3
# Words such as "GPU", "Claude" or "MMLU": if none of the retrieved abstracts has one, the
# question is about something the collection does not cover.
_NAME_TOKEN = re.compile(r"(?<![\w-])([A-Za-z][\w.+]*[A-Z0-9][\w.+]*|[A-Z][a-z]{2,}[\w]*)"
                         r"(?![\w])")
_GENERIC_NAMES = frozenset((
    "i llm llms ai ml nlp rl gnn gnns cnn cnns vlm vlms mllm mllms sota gpt rlhf mlp "
    "transformer transformers is are was were which what how why when where who does do did "
    "can could should would will in on for of the a an and or to from with by as at it its "
    "there this these those given compared under with without "
).split())


def counted_words(question: str) -> list[str]:
    """The words after "how many": what the number must count ("risk categories")."""
    match = _HOW_MANY.search(question)
    return match.group(1).casefold().split() if match else []


def name_tokens(question: str) -> list[str]:
    """Proper names and acronyms in the question's question sentences (those ending in "?"),
    so that instructions wrapped around a question ("Ignore your rules ...") do not count."""
    sentences = split_sentences(re.sub(r"<[^<>]{0,40}>", " ", question))
    asked = [s for s in sentences if s.rstrip().endswith(("?", "？"))] or sentences
    names = []
    for sentence in asked:
        for match in _NAME_TOKEN.finditer(sentence):
            token = match.group(1).strip(".")
            at_start = not sentence[: match.start()].strip(" \"'([<")
            looks_named = any(c.isupper() for c in token[1:]) or any(c.isdigit() for c in token)
            if token.casefold() in _GENERIC_NAMES or (at_start and not looks_named):
                continue
            names.append(token)
    return names


def numbers_near(sentence: str, words: set[str], before: int, after: int,
                 skip: str = "") -> bool:
    """Whether a stand-alone number has one of `words` (content terms) at most `before` words
    before it or `after` words after it: "314 granular risk categories". Text in `skip` (the
    paper's name, which may hold digits) does not count."""
    text = (sentence.replace(skip, " ") if skip else sentence).replace("\\", "")
    tokens = [w.strip(".,;:()[]\"'").casefold() for w in text.split()]
    stems = [stem(t) for t in tokens]
    wanted = {stem(w) for w in words}
    for i, token in enumerate(tokens):
        if _NUMBER_TOKEN.match(token) and wanted & set(stems[max(0, i - before) : i + after + 1]):
            return True
    return False


def gives(kind: AskKind | None, sentence: str) -> bool:
    """Whether a sentence can state the kind of detail the question asks for."""
    if kind is None:
        return True
    pattern = _EVIDENCE.get(kind)
    return bool(pattern and pattern.search(sentence))
