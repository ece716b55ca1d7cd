"""The lines of an extractive answer saying what a paper is and what it is for, from its own
sentences: "what is X?" (its best sentence, method and result; for a term, the sentences
defining it), "what is X for?" (the problem it sets out and where it takes it up) and "why
X?" (the causes it gives). Cues: rag/cues/ (METHOD_CUE, RESULT_CUE, CAUSE_BONUS,
answer_shape.POINTS_BACK, PURPOSE_TOLD, CAUSE_CUE, DEFINING)."""

from __future__ import annotations

import re

from rag import cues
from rag.cues import answer_shape
from rag.evidence import ScoredSentence, first_own_sentence, with_antecedents
from rag.listing import Line, quoted_line
from rag.names import is_name
from rag.scored import rescored


def purpose_line(best: ScoredSentence, pool: list[ScoredSentence], name: str) -> Line:
    """What a paper is for: the problem it sets out (the sentence before it first says what it
    does) and that sentence; a paper opening with its method gives the sentence after. The
    sentence first naming the paper (`name`, its title) says what it does too, and a later one
    telling its use (answer_shape.PURPOSE_TOLD: the task it is tested on) follows, within
    cues.MAX_SENTENCES_PER_PAPER."""
    own = sorted((s for s in pool if s.marker == best.marker), key=lambda s: s.index)
    first = first_own_sentence(own).get(best.marker, best.index)
    wanted = [first - 1, first] if first > own[0].index else [first, first + 1]
    problem = next((s for s in own if s.index == first - 1), None)
    if problem is not None and answer_shape.POINTS_BACK.search(problem.text):
        wanted.insert(0, first - 2)
    # "DynamicFlow purpose": where the paper names it ("a flow model, named DynamicFlow, that
    # learns to transform apo pockets ...": dev split mh010a)
    naming = next((s.index for s in own if is_name(name) and name in s.text), None)
    if naming is not None and naming > max(wanted):
        wanted.append(naming)
    # ... and where it tells what that is used for: the task it is tested on, what it can do
    used = next((s.index for s in own if s.index > max(wanted)
                 and answer_shape.PURPOSE_TOLD.search(s.text)), None)
    if used is not None and len(wanted) < cues.MAX_SENTENCES_PER_PAPER:
        wanted.append(used)
    picked = [s for s in own if s.index in wanted] or [best]
    return quoted_line(picked)


def summary_line(best: ScoredSentence, pool: list[ScoredSentence]) -> Line:
    """What a paper is: its best matching sentence, its method and its result, in order."""
    own = [s for s in pool if s.marker == best.marker]
    method = next((s for s in own if cues.METHOD_CUE.search(s.text)), None)
    result = next((s for s in own if cues.RESULT_CUE.search(s.text) and s is not method), None)
    picked = {s.index: s for s in (best, method, result) if s is not None}
    quoted = [picked[i] for i in sorted(picked)][: cues.MAX_SENTENCES_PER_PAPER]
    return quoted_line(quoted)


def definition_line(term: str, best: ScoredSentence, pool: list[ScoredSentence]) -> Line | None:
    """What a term means: the answering paper's sentence defining it, and the next sentence
    when that goes on defining; None when no sentence of the paper defines it."""
    own = sorted((s for s in pool if s.marker == best.marker), key=lambda s: s.index)
    terms = dict.fromkeys([term.strip(), answer_shape.TERM_FIELD.sub("", term.strip())])
    frames = [re.compile(answer_shape.DEFINING.format(term=re.escape(t)), re.I) for t in terms]
    defining = next((s for frame in frames for s in own if frame.search(s.text)), None)
    if defining is None:
        return None
    after = next((s for s in own if s.index == defining.index + 1), None)
    picked = with_antecedents([defining], own, answer_shape.NAMES_WHAT_CAME_BEFORE)
    picked += [after] if after is not None and answer_shape.CONTINUES_DEFINITION.search(
        after.text) else []
    return quoted_line(picked)


def cause_first(pool: list[ScoredSentence]) -> list[ScoredSentence]:
    """For "why X?": the paper's sentences giving a cause (answer_shape.CAUSE_CUE) rank
    cues.CAUSE_BONUS higher, best first."""
    return rescored(pool, cues.CAUSE_BONUS, lambda s: bool(answer_shape.CAUSE_CUE.search(s.text)))
