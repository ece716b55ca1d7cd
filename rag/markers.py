"""Which retrieved papers a question is about: the ones it names, compares, or whose
abstracts mention its names, unless another abstract holds much more of its topic; the paper
a question describes without naming it; and the sentences naming them, favoured."""

from __future__ import annotations

import re

from paperwise.text import terms
from paperwise.types import Hit
from rag import cues
from rag.ask_kind import asks_purpose
from rag.claim_names import written_variants
from rag.evidence import ScoredSentence, Weight, abstract_cover
from rag.measures import asked_measures
from rag.names import name_tokens, names_paper, spells_out_title
from rag.query import QuestionIntent
from rag.scored import rescored


def named_markers(question: str, hits: list[Hit]) -> set[int]:
    """Sources whose name (a short title such as "FB-CPR") the question mentions: a question
    about FB-CPR is answered from FB-CPR, not from a neighbour that happens to match better."""
    return {n for n, hit in enumerate(hits, start=1) if names_paper(question, hit.paper.title)}


def spelled_markers(question: str, hits: list[Hit]) -> set[int]:
    """Sources the question names by the words their acronym title stands for ("the residual
    kernel policy network" for ResKPN): asked about as named ones are, though the question
    does not write the title a sentence would name them by."""
    return {n for n, hit in enumerate(hits, start=1)
            if spells_out_title(question, hit.paper.title, hit.paper.abstract)}


def compared_markers(question: str, hits: list[Hit], weight: Weight) -> set[int]:
    """Sources whose title or abstract holds one of the things a comparison names, whole; a
    thing described rather than named ("the paper that queries LLMs for a causal order") is
    the source holding most of its term weight, when that is at least cues.COMPARED_COVER."""
    found = cues.COMPARED_ITEMS.search(question)
    items = [i.casefold() for i in (found.groups() if found else ()) if i and len(i) > 2]
    texts = [f"{hit.paper.title} {hit.paper.abstract}".casefold() for hit in hits]
    whole = [{m for m, text in enumerate(texts, start=1)
              if re.search(rf"(?<![\w-]){re.escape(item)}(?![\w-])", text)} for item in items]
    described = [w or _covering(item, hits, weight) for item, w in zip(items, whole, strict=True)]
    # descriptions count only when each compared thing is found, in papers of its own: else
    # "compare the approaches that use X to Y" is no comparison of two things (dev lo016b)
    if len(items) >= 2 and all(described) and len(set().union(*described)) >= len(items):
        return set().union(*described)
    return set().union(*whole)


def _covering(item: str, hits: list[Hit], weight: Weight) -> set[int]:
    """The source holding most of a described thing's term weight, if cues.COMPARED_COVER."""
    if not hits:
        return set()
    covers = [abstract_cover(item, hit, weight) for hit in hits]
    best = max(range(len(hits)), key=covers.__getitem__)
    return {best + 1} if covers[best] >= cues.COMPARED_COVER else set()


def markers_mentioning(question: str, hits: list[Hit]) -> set[int]:
    """Sources whose abstract mentions a name the question asks about ("Kinetix"): a detail
    of Kinetix is not answered from a neighbour that has the asked kind of detail."""
    return markers_naming(name_tokens(question), hits)


def markers_naming(names: list[str], hits: list[Hit], every: bool = False) -> set[int]:
    """Sources whose title or abstract holds any (or `every`) one of the names."""
    # words starting where the name does: "ViT" is not in "activities" (fresh dev batch lc);
    # "GS" (of "GS-Former") is in "GS-Former"
    patterns = [re.compile(rf"(?<![\w-]){re.escape(n)}(?:e?s)?(?![^\W_])", re.I) for n in names]
    holds = all if every else any
    texts = [f"{hit.paper.title} {hit.paper.abstract}" for hit in hits]
    return {m for m, text in enumerate(texts, start=1)
            if names and holds(p.search(text) for p in patterns)}


def paper_on_topic(topic: list[str], hits: list[Hit], about: set[int],
                   weight: Weight) -> int | None:
    """The retrieved paper whose abstract holds cues.PART_TOPIC_MARGIN more of the topic's term
    weight (abstract_cover) than any paper of `about` does, if one does."""
    covers = [abstract_cover(" ".join(topic), hit, weight) for hit in hits]
    held = max(covers[m - 1] for m in about)
    best = max(range(len(hits)), key=covers.__getitem__)
    return best + 1 if covers[best] >= held + cues.PART_TOPIC_MARGIN else None


def described_marker(question: str, hits: list[Hit], weight: Weight) -> set[int]:
    """The one paper a question describes instead of naming ("the study connecting flatter
    reward surfaces to robustness: what algorithm do its experiments train with?"): the
    retrieved abstract holding the most of its term weight, when it is the top hit too. A
    detail it lacks is not taken from a neighbour that has one (dev split lo024b)."""
    covers = [abstract_cover(question, hit, weight) for hit in hits]
    return {1} if covers[0] >= max(covers) else set()


def markers_about(question: str, hits: list[Hit], weight: Weight) -> set[int]:
    """The sources mentioning the question's names (markers_mentioning), unless another
    retrieved abstract holds much more of the question's other words: "how much speedup do
    speculative cascades give with llama 3 models" is the speculative-cascades paper's, not a
    paper that trained LLaMA 3.1 (dev c043; the test a later part of a compound question
    passes, rag/compound.py _part_papers)."""
    mentioning = markers_mentioning(question, hits)
    names = {t for n in name_tokens(question) for t in terms(n)}
    topic = [t for t in terms(question) if t not in names and t not in cues.ASK_WORDS]
    if not mentioning and cues.DESCRIBED_PAPER.search(question) and hits:
        return described_marker(question, hits, weight)
    if not mentioning or len(topic) < cues.PART_TOPIC_TERMS:
        return mentioning
    on_topic = paper_on_topic(topic, hits, mentioning, weight)
    return {on_topic} if on_topic is not None else mentioning


def favour_named(scored: list[ScoredSentence], named: set[int], hits: list[Hit],
                  question: str) -> list[ScoredSentence]:
    """Sentences that name the paper the question asks about, or a part of it the question
    names ("the RAM of CyberHost", "GS-Former in GeoX"), rank a little higher."""
    titles = {hits[m - 1].paper.title for m in named}
    # each name as the question writes it, whole: "ImageNet-LT", not the "ImageNet" read off
    # it; separators aside ("gpt4" names GPT-4-Turbo: fresh dev batch lc)
    parts = [written_variants(whole)
             for n in name_tokens(question) if n not in titles and len(n) > 1
             for whole in re.findall(rf"(?<![\w-]){re.escape(n)}(?:-[\w.]+)*", question)[:1]]
    if not named and not parts:
        return scored

    def names_it(s: ScoredSentence) -> bool:
        if s.marker in named and hits[s.marker - 1].paper.title in s.text:
            return True
        # a name only in a link is no sentence about it: "Codes are available at: https://
        # github.com/PeiZhou26/AutoCGP" led "AutoCGP concept source?" (fresh dev batch no)
        unlinked = cues.URL.sub(" ", s.text) if parts else ""  # once, not once per name
        return any(p.search(unlinked) for p in parts)

    return rescored(scored, cues.NAMED_SENTENCE_BONUS, names_it)


def described_on_topic(question: str, intent: QuestionIntent, best: ScoredSentence,
                       pool: list[ScoredSentence], hits: list[Hit], weight: Weight) -> bool:
    """A paper described, not named ("the work proposing to train LMs on dynamical-system
    machines ...: how often do model sizes double?"), is on topic as a named one is when it is
    the top hit, holds most of the question's words of all hits, its best sentence is relevant
    and the evidence gives the kind of thing asked (dev split ln013b: the long description
    left the figure's sentence short of the question's words)."""
    # ... and so is one whose purpose is asked ("explain what the full-atom flow model ... is
    # meant to do": dev split mh010b, mc007a)
    purpose = asks_purpose(question)
    if (intent.asks_for is None and not purpose) or best.marker != 1:
        return False
    paper_best = max(s.score for s in pool if s.marker == best.marker)
    # a figure by a measure the question names is what it asks, however long the description
    # that kept every sentence's score low (dev split lt027b: "what time period ... double")
    measured = intent.asks_for == "quantity" and bool(asked_measures(question))
    return (measured or paper_best >= cues.MIN_SCORE[intent.language]) and bool(
        described_marker(question, hits, weight))


def described_subject(question: str, intent: QuestionIntent, hits: list[Hit],
                      weight: Weight) -> set[int]:
    """A typed detail of one paper that names none ("which RL algorithm trains the policies in
    the flat reward landscape robustness experiments?") is asked of the paper the question
    describes: the top hit, when it holds the most of the question's words (described_marker).
    A neighbour that has such a detail answers another question (dev split lq022)."""
    if intent.shape != "detail" or intent.asks_for is None or not hits:
        return set()
    return described_marker(question, hits, weight)
