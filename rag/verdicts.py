"""Yes/no answers: the sentence that settles the claim, and the verdict it gives ("Yes.",
"No.", "In part."). Read by rag/answer_lines.py, rag/extractive.py and rag/compound.py."""

from __future__ import annotations

from dataclasses import replace

from paperwise.text import STOPWORDS, TOKEN, stem, terms
from paperwise.types import Hit
from rag import cues
from rag.cues import answer_shape
from rag.evidence import ScoredSentence, first_own_sentence
from rag.listing import Line
from rag.names import name_tokens
from rag.scored import Weight


def _claim_cover(asked: set[str], sentence: str) -> dict[str, float]:
    """The question's terms a sentence states, each with the share of its weight it counts: 1
    for the term itself, less for a word of its gloss (answer_shape.CLAIM_GLOSSES: "cheaper"
    by "computational")."""
    held = set(terms(sentence))
    return {t: 1.0 if t in held else answer_shape.GLOSS_SHARE for t in asked if t in held or any(
        w.startswith(answer_shape.CLAIM_GLOSSES.get(t, ())) for w in held)}


def claim_first(pool: list[ScoredSentence], hits: list[Hit],
                question: str, weight: Weight) -> list[ScoredSentence]:
    """For "Does X need Y?": the sentence that states the claim (Y), not the one that merely
    names X, settles it: the paper's sentences by the share of the question's term weight they
    hold outside the paper's name, then by score. The top one is ranked first."""
    if not pool:
        return pool
    names = set(terms(" ".join(name_tokens(question))))  # the subject, not the claim
    # ... nor, where some own sentence holds the claim without them, the words the paper
    # introduces itself with (the sentence saying what it proposes and the one after), by which
    # a question describes it: "Does the Büchi automata RL approach for LTL tasks work for
    # infinite-horizon specs?" is settled where infinite-horizon specifications are (dev split
    # ly024); "Does PruneNet need a calibration dataset?" still by "PruneNet eliminates the
    # need for calibration datasets", the sentence after "We propose PruneNet"
    intro = next((s.index for s in sorted(pool, key=lambda s: s.index)
                  if cues.METHOD_CUE.search(s.text)), None)
    introducing = {t for s in pool if intro is not None and s.index in (intro, intro + 1)
                   for t, _ in s.cover}
    # the paper's own sentences settle its claim; one before them tells of earlier work ("MLLMs
    # struggle with geometry problems" answered "does GeoX beat the specialists?" with "No":
    # fresh dev batch ma)
    asked = set(terms(question)) - cues.RELATION_WORDS
    total = sum(weight(t) for t in asked) or 1.0
    covers = {id(s): _claim_cover(asked, s.text) for s in pool}

    def claim_share(s: ScoredSentence, skipped: set[str]) -> float:
        name = set(terms(hits[s.marker - 1].paper.title)) | skipped
        return sum(weight(t) * share for t, share in covers[id(s)].items()
                   if t not in name) / total

    first_own = first_own_sentence(pool)
    for skipped in (names | introducing, names):
        own = [s for s in pool
               if s.index >= first_own.get(s.marker, 0) and claim_share(s, skipped) > 0]
        if own:
            break
    top = max(own or pool, key=lambda s: (claim_share(s, skipped), s.score))
    if claim_share(top, skipped) == 0:
        return pool
    lifted = replace(top, score=max(s.score for s in pool) + answer_shape.CLAIM_MARGIN)
    return [lifted, *(s for s in pool if s is not top)]


def verdict(question: str, sentence: str) -> str | None:
    """"yes", "no", "part" or "unsure" for a yes/no question from the sentence that answers it;
    None for a question that itself negates ("Does X not need Y?"), too easily misread."""
    asked = {t for t in terms(question) if t not in cues.ASK_WORDS}
    words = TOKEN.findall(question.casefold())
    if not asked or any(answer_shape.DENYING.fullmatch(w) for w in words) or "n't" in question:
        return None
    tokens = TOKEN.findall(sentence.casefold())
    stems = [stem(t) for t in tokens]
    for i, token in enumerate(tokens):
        following = tokens[i + 1] if i + 1 < len(tokens) else ""
        if answer_shape.DENYING.fullmatch(token) \
                and following not in answer_shape.NOT_DENYING_BEFORE and asked & set(
                stems[i + 1 : i + 1 + answer_shape.NEGATION_WINDOW]):
            return "no"
    if answer_shape.LIMITING.search(sentence):
        return "part"
    return "yes" if len(asked & set(stems)) >= answer_shape.YES_COVER * len(asked) else "unsure"


def needed_by_prior_work(question: str, sentence: str) -> bool:
    """Whether the sentence says earlier work needs what "Does X need Y?" asks about."""
    need = answer_shape.NEED_ASK.search(question)
    if need is None or not answer_shape.PRIOR_WORK.search(sentence):
        return False
    words = []
    for word in TOKEN.findall(question[need.end():])[: answer_shape.NEEDED_WORDS]:
        if word.casefold() in STOPWORDS:
            break
        words.append(word)
    needed = set(terms(" ".join(words)))
    return bool(needed) and needed <= set(terms(sentence))


def with_verdict(question: str, line: Line) -> Line:
    """A yes/no question's line, led by its verdict (the best quoted sentence decides, or a
    quoted need of earlier work that X is asked to have)."""
    best = max(line.quoted, key=lambda s: s.score)
    found = verdict(question, best.text)
    if found != "no" and any(needed_by_prior_work(question, s.text) for s in line.quoted):
        found = "no"
    # Without a verdict the quotes answer alone: a hedge first would read like a refusal.
    if found in (None, "unsure"):
        return line
    return Line(f"{answer_shape.YES_LEAD[found]} {line.text}", line.quoted)
