"""The question, analysed once: what it asks for (its intent), its language, and its vectors.

`QueryEncoder` is the one place that decides which model embeds a question (the language rule):
English questions use the English embedder, others multilingual-e5 when the index has it.
Every later stage reads the `Query` instead of deciding again."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

import numpy as np

from index.embeddings import Embedder, MultilingualEmbedder
from paperwise.text import Language, language_of, split_sentences, stem
from paperwise.types import Hit, PaperSentences, SentenceBank

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


@dataclass(frozen=True)
class Query:
    """A question ready for every stage. `search_text` is what retrieval searches (a follow-up
    carries what it refers to); `vector` embeds the question itself for scoring sentences and
    `search_vector` the search text, both in `space` ("minilm" or the multilingual model's)."""

    text: str
    search_text: str
    intent: QuestionIntent
    vector: np.ndarray
    search_vector: np.ndarray
    space: str

    @property
    def multilingual(self) -> bool:
        return self.space != "minilm"


class QueryEncoder:
    """Builds a Query; owns the language rule and re-embeds sentences into the query's space."""

    def __init__(self, embedder: Embedder, multilingual: MultilingualEmbedder | None) -> None:
        self.embedder = embedder
        self.multilingual = multilingual

    def uses_multilingual(self, language: Language) -> bool:
        """English stays with the English embedder (measured better on the eval); other
        languages need multilingual-e5 to meet English abstracts."""
        return language != "en" and self.multilingual is not None

    def encode(self, text: str, search_text: str | None = None) -> Query:
        search_text = search_text or text
        intent = analyse(text)
        texts = [text] if search_text == text else [text, search_text]
        if self.uses_multilingual(intent.language):
            assert self.multilingual is not None
            vectors = [self.multilingual.embed_query(t) for t in texts]
            space = self.multilingual.embedder_id
        else:
            vectors = list(self.embedder.embed(texts))
            space = "minilm"
        return Query(text, search_text, intent, vectors[0], vectors[-1], space)

    def bank_for(self, query: Query, bank: SentenceBank, hits: list[Hit],
                 limit: int) -> SentenceBank:
        """The bank in the query's space. The English bank is stored; multilingual-e5 is slow,
        so only the first `limit` papers' sentences are embedded, at question time."""
        if not query.multilingual:
            return bank
        assert self.multilingual is not None
        ids = [h.paper.id for h in hits[:limit] if h.paper.id in bank]
        texts = [t for pid in ids for t in bank.get(pid).texts]
        matrix = self.multilingual.embed_passages(texts)
        out, offset = SentenceBank(space=query.space), 0
        for pid in ids:
            n = len(bank.get(pid))
            out.papers[pid] = PaperSentences(bank.get(pid).texts, matrix[offset : offset + n])
            offset += n
        return out

    def embed_like(self, query: Query, texts: list[str]) -> np.ndarray:
        """Texts (an answer's sentences) embedded in the query's space."""
        if query.multilingual:
            assert self.multilingual is not None
            return self.multilingual.embed_passages(texts)
        return self.embedder.embed(texts)
