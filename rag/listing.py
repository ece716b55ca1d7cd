"""The lines of a list answer: one per retrieved paper that fits a list or compare question,
each judged on its own evidence and shown by the sentence that shows it fits (issue 13:
cover every relevant paper). Cues and thresholds: rag/cues/."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from paperwise.text import clean_for_display, defuse_markers, language_of, terms
from paperwise.types import Hit
from rag import cues
from rag.aliases import narrower_topics
from rag.alternatives import topic_alternatives
from rag.asked import asked_thing
from rag.cues import answer_shape, applied
from rag.evidence import (
    ScoredSentence,
    Weight,
    abstract_cover,
    first_own_sentence,
    tells_thing,
)
from rag.introduced import introduces, new_kinds
from rag.names import (
    example_names,
    example_pattern,
    example_phrases,
    is_name,
    name_pattern,
    name_tokens,
)
from rag.query import QuestionIntent
from rag.topic_pairs import holds_pair, topic_pairs


@dataclass(frozen=True)
class Line:
    """One line of an extractive answer: its text, and the sentences it quotes."""

    text: str
    quoted: list[ScoredSentence]


def quoted_line(sentences: list[ScoredSentence]) -> Line:
    """A line quoting these sentences, each with its marker."""
    return Line(" ".join(f"{quote(s.text)} [{s.marker}]" for s in sentences), sentences)


def quote(text: str) -> str:
    """A sentence as shown: no opener pointing at an unseen sentence, LaTeX cleaned, and no
    bracketed number that could pass for a citation marker."""
    trimmed = cues.OPENER.sub("", text, count=1)
    return defuse_markers(clean_for_display(trimmed or text))


def _list_lines(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                hits: list[Hit], named: set[int], weight: Weight) -> list[Line]:
    """One line per paper that fits, each judged on its own sentences: a paper fits when it
    mentions a name of the question ("Atari or MuJoCo"), shown by the sentence that does, or
    when its best sentence scores near the best paper's."""
    # A compared paper is shown by its own best sentence; a list question naming a topic that
    # is also a paper's title ("which papers apply ML to RNA?") still asks for every paper on it.
    names = [name_pattern(n, question) for n in name_tokens(question)
             if intent.shape == "list" or not any(
                 n.casefold() == hits[m - 1].paper.title.casefold() for m in named)]
    best_of: dict[int, ScoredSentence] = {}
    for s in scored:
        best_of.setdefault(s.marker, s)
    if intent.shape == "list" and (new := _introducing(question, scored, best_of)):
        return [_line(hits, m, s) for m, s in sorted(new.items())]
    if named and intent.shape == "compare":
        best_of = {m: s for m, s in best_of.items() if m in named} or best_of
    if not best_of:
        return []
    top = max(s.score for s in best_of.values())
    floor = max(top - cues.LIST_MARGIN, cues.LIST_MIN_SCORE[intent.language])
    close = {m for m, s in best_of.items() if s.score >= floor}
    # Each close paper is judged on its whole abstract too: it must hold a fair share of the
    # question's term weight next to the best-covered one (a paper matching the question's
    # wording in one background sentence does not).
    covers = {m: abstract_cover(question, hits[m - 1], weight) for m in close}
    most = max(covers.values(), default=0.0)
    margin = cues.LIST_QUOTE_MARGIN if intent.shape == "list" else cues.COMPARE_QUOTE_MARGIN
    shown = {m: _showing_fit(s, scored, hits, margin) for m, s in best_of.items()
             if m in named or (m in close and covers[m] >= answer_shape.LIST_COVER_RATIO * most)}
    if intent.shape == "compare" and (thing := asked_thing(question)):
        # each compared paper on the aspect asked: "what key modules does each introduce?" by
        # its sentence on modules (dev split mz020: shown by other sentences)
        # (the word itself first: "one-stage" tells no module as "Attention Module" does)
        shown |= {m: telling for m in shown if (telling := next(
            (s for s in scored if s.marker == m and thing in terms(s.text)), None) or next(
            (s for s in scored if s.marker == m and tells_thing(s, thing, hits)), None))}
    # A list found grows by papers nearly as like it; not one asking for names ("papers with
    # Gemma or Phi models"), which a paper fits by naming one (tests/integration/test_answers),
    # though names given as examples of a topic ask for none ("hardware such as NPUs")
    if shown and intent.shape == "list" and not _names_asked(question):
        shown |= {m: _showing_fit(best_of[m], scored, hits, margin)
                  for m in _nearly_as_similar(scored) - shown.keys()}
    pairs = topic_pairs(question, weight) if intent.shape == "list" else set()
    topic = _topic_word(question, [best_of[m] for m in shown], weight) \
        if intent.shape == "list" else None
    least = cues.LIST_TOPIC_WORD_SCORE[intent.language]
    # ... as does one saying a phrase the question gives as an example of its topic, or a
    # narrower term of it ("activation patching" for mechanistic interpretability)
    names += [example_pattern(p) for p in (*example_phrases(question),
                                           *narrower_topics(question))] \
        if intent.shape == "list" else []
    for s in scored:  # a paper mentioning an asked name or the topic fits, shown by that sentence
        if s.marker in best_of and (any(n.search(s.text) for n in names)
                                    or holds_pair(s.text, pairs)
                                    or (topic is not None and s.score >= least
                                        and topic in terms(s.text))):
            shown.setdefault(s.marker, s)
    return [_line(hits, m, s) for m, s in sorted(shown.items())]


def _line(hits: list[Hit], marker: int, shown: ScoredSentence) -> Line:
    return Line(f"- {defuse_markers(hits[marker - 1].paper.title)} [{marker}]: "
                f"{quote(shown.text)}", [shown])


def _introducing(question: str, scored: list[ScoredSentence],
                 best_of: dict[int, ScoredSentence]) -> dict[int, ScoredSentence]:
    """For "which papers propose new benchmarks for X": each paper introducing one, shown by
    the sentence that does, when some sentence of it is on the question's topic
    (cues.NEW_THING_MIN_SIMILARITY); none when the question asks no new things."""
    kinds = new_kinds(question)
    found: dict[int, ScoredSentence] = {}
    for s in scored if kinds else []:
        if introduces(s.text, kinds) and best_of[s.marker].similarity \
                >= cues.NEW_THING_MIN_SIMILARITY:
            found.setdefault(s.marker, s)
    return found


def _names_asked(question: str) -> list[str]:
    """The question's names, but for those it gives as examples of its topic."""
    given = example_names(question)
    return [n for n in name_tokens(question) if n not in given]


def _nearly_as_similar(scored: list[ScoredSentence]) -> set[int]:
    """The papers whose best sentence is nearly as like the question, by the embedding alone,
    as the likest paper's (cues.LIST_SIMILAR_MARGIN): a paper telling the topic in other words
    than the question's fits though it holds few of them."""
    best: dict[int, float] = {}
    for s in scored:
        best[s.marker] = max(best.get(s.marker, s.similarity), s.similarity)
    top = max(best.values(), default=0.0)
    return {m for m, similarity in best.items() if similarity >= top - cues.LIST_SIMILAR_MARGIN}


def _topic_word(question: str, shown: list[ScoredSentence], weight: Weight) -> str | None:
    """The question's rarest word when it is rare (cues.RARE_TERM_WEIGHT) and the best sentences
    of the papers already listed all say it: "papers that use a hypernetwork to ..." lists
    every paper with a sentence on hypernetworks (fresh dev batch i listed one of three). A
    rare word the listed papers do not say is no topic of theirs (a filler word: "looking")."""
    if not shown:
        return None
    said = [set(terms(s.text)) for s in shown]
    # the rarest word they all say: a rarer filler word ("looking") is passed over, not taken
    # for the topic ("I'm looking for papers that use hypernetworks ...": dev split e015)
    topical = [t for t in terms(question) if t not in cues.ASK_WORDS
               and weight(t) >= cues.RARE_TERM_WEIGHT and all(t in words for words in said)]
    return max(topical, key=weight, default=None)


def _showing_fit(best: ScoredSentence, scored: list[ScoredSentence], hits: list[Hit],
                 margin: float) -> ScoredSentence:
    """The sentence shown for a fitting paper: where the paper says what it contributes ("we
    propose X") or names itself (a title that is a name: "Policy evaluation" in "Policy
    evaluation estimates the performance of a policy" is no self-naming, dev split t031), when
    that scores close to its best; else its best sentence of its own work, not of its
    background; else its best."""
    title = hits[best.marker - 1].paper.title
    close = [s for s in scored if s.marker == best.marker and s.score >= best.score - margin]
    for s in close:
        if cues.METHOD_CUE.search(s.text) or (is_name(title) and title in s.text):
            return s
    first_own = first_own_sentence(close).get(best.marker, 0)
    return next((s for s in close if s.index >= first_own), best)


def _fitting_lines(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                   hits: list[Hit], named: set[int], weight: Weight) -> list[Line]:
    """The list's lines when what it lists is on topic, else none."""
    lines = _list_lines(question, intent, scored, hits, named, weight)
    listed = {s.marker for line in lines for s in line.quoted}
    least = cues.LIST_TOPIC_SCORE[intent.language]
    if intent.language == "en" and len(question.split()) >= cues.LONG_QUESTION_WORDS:
        least = min(least, cues.LONG_LIST_TOPIC_SCORE)
    on_topic = name_tokens(question) or max(
        (s.score for s in scored if s.marker in listed), default=0.0) >= least
    return lines if on_topic else []


def listed_lines(question: str, intent: QuestionIntent, scored: list[ScoredSentence],
                 hits: list[Hit], named: set[int], weight: Weight,
                 rescore: Callable[[str], list[ScoredSentence]],
                 aliased: tuple[str, ...] = (), described: tuple[str, ...] = ()) -> list[Line]:
    """One line per fitting paper; for "papers on X or on Y", and for X by each other name
    the abstracts give it (`aliased`), also the papers of each topic judged against that topic
    alone (the best paper of one does not set the bar for the other's), after those fitting
    the whole question. `described`: the field's names of a topic the question describes in
    other words (rag/aliases.py glossary_topics), and their other names; the papers fitting
    them, if any, are the list."""
    topic = list_topic(question) if intent.shape == "list" else question
    if topic != question:  # a long request's frame dilutes its topic's likeness
        question, scored = topic, rescore(topic)
    # ... as are those of a comparison of every paper on it ("how do the works that make
    # estimates of an agent's expected return less noisy differ?": dev split nu019a, refused)
    if (intent.shape == "list" or cues.PAPERS_COMPARED.search(question)) and (
            by_name := _lines_of_topics(described, intent, hits, named, weight, rescore)):
        # the description's own words fit many papers loosely (dev split: 11 listed for 3 on
        # continual learning); the field's names fit them as its originals do
        return by_name
    lines = _fitting_lines(question, intent, scored, hits, named, weight)
    alternatives = (*topic_alternatives(question), *aliased)
    if intent.shape == "list" and alternatives:
        lines = _lines_of_topics(alternatives, intent, hits, named, weight, rescore, lines)
    return lines


def _lines_of_topics(topics: tuple[str, ...], intent: QuestionIntent, hits: list[Hit],
                     named: set[int], weight: Weight,
                     rescore: Callable[[str], list[ScoredSentence]],
                     first: list[Line] | None = None) -> list[Line]:
    """The `first` lines and one more for each paper fitting a topic judged alone, by marker."""
    shown = {line.quoted[0].marker: line for line in first or []}
    for topic in topics:
        for line in _fitting_lines(topic, intent, rescore(topic), hits, named, weight):
            shown.setdefault(line.quoted[0].marker, line)
    return [shown[m] for m in sorted(shown)]


def list_topic(question: str) -> str:
    """A long English list question without its request frame ("I'm surveying ... - which
    abstracts in this collection do that?"); the question itself when short or unframed."""
    if language_of(question) != "en" or len(question.split()) < cues.LONG_QUESTION_WORDS \
            or not cues.LIST_FRAME.search(question):
        return question
    topic = re.sub(r"\s+", " ", cues.LIST_FRAME.sub(" ", question)).strip(" -–—:,?")
    return topic if len(topic.split()) >= cues.MIN_LIST_TOPIC_WORDS else question


def applied_nowhere(question: str, hits: list[Hit]) -> bool:
    """"Has anyone applied A to B?" ("work on A for B?", typed "A for B"): no retrieved abstract
    says a word of both A and B (the method's words count only when some are not general:
    applied.GENERAL_WORDS)."""
    read = question[:applied.APPLIED_REACH]
    typed = applied.TYPED_COMBINATION.sub(" for ", applied.ANY_WORK_TAIL.sub("", read))
    found = (applied.APPLIED_TO.search(read) or applied.WORK_FOR.search(read)
             or applied.WORK_USING.search(read) or (
                 applied.TERSE_APPLIED.match(typed) if cues.BARE_TOPIC.match(typed)
                 and not cues.QUESTION_OPENING.search(typed) else None)
             or applied.METHODS_FOR.match(read))
    if found is None:
        return False
    method, domain = ({t for t in terms(found[part]) if t not in applied.GENERAL_WORDS
                       and t not in cues.ASK_WORDS} for part in ("method", "domain"))
    if not domain:
        return False
    # "pre-training" says "pretraining" too
    abstracts = [set(terms(text)) | set(terms(text.replace("-", "")))
                 for text in (f"{h.paper.title} {h.paper.abstract}" for h in hits)]
    return not any(_says_one(domain, words) and (not method or _says_one(method, words))
                   for words in abstracts)


def _says_one(asked: set[str], words: set[str]) -> bool:
    """An abstract's words hold one of the asked ones, or a form of it sharing its first
    cues.HEARD_PREFIX letters ("animating" in "audio-driven human animation": dev split
    mm020b)."""
    heads = {w[:cues.HEARD_PREFIX] for w in words if len(w) >= cues.HEARD_PREFIX}
    return bool(asked & words) or any(
        len(t) >= cues.HEARD_PREFIX and t[:cues.HEARD_PREFIX] in heads for t in asked)
