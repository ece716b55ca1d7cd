"""A compound question cut into the questions it asks ("Which LLMs were evaluated on X, and
how large is it?"), typed ones too ("olmoe: pretraining tokens and training cost ($)?"); the
cues and thresholds are in rag/cues/parts.py."""

from __future__ import annotations

import re

from paperwise.text import language_of, split_sentences
from rag import cues
from rag.ask_kind import ask_kind
from rag.asking import enumerated_parts
from rag.names import name_tokens


def asks_of_named(question: str) -> bool:
    """A few words asking a detail of a named thing ("mothernet param count", "ls-imagine eval
    env") ask about it, not which papers cover a topic (fresh dev batch le)."""
    return bool(name_tokens(question)) and bool(
        ask_kind(question) is not None or cues.EVALUATION_ASK.search(question)
        or _terse_parts(question))


def split_parts(question: str) -> tuple[str, ...]:
    """"Which LLMs were evaluated on X, and how large is it?" → its two questions."""
    parts: list[str] = []
    # an aside's question marks ask nothing of their own: "which LLMs (GPT-2? Llama?) were ..."
    question = re.sub(r"\([^()]*\)", lambda aside: aside[0].replace("?", ","), question)
    marked: set[str] = set()  # pieces a question mark ends ask by it, worded as they are:
    # "aflow average improvement over baselines? also ..." (fresh dev batch i)
    terse: set[str] = set()  # ... and ask alone if they ask a detail of a named thing, however
    # short: "attribot speedup? and on what hardware?" (fresh batch lf)
    for raw, ended_by in _pieces(question):
        piece = raw.strip(" ,;?？&")  # "&": a typed "+" (expand_shorthand)
        # "How many and what kinds of X ...": a part too short to ask alone asks with the next
        if (parts and len(parts[-1].split()) < cues.MIN_PART_WORDS and parts[-1] not in terse
                and language_of(piece) == "en"):
            piece = f"{parts.pop()} {piece if piece.startswith('and ') else 'and ' + piece}"
        parts.append(piece)
        # ... as do pieces a typed "+" ends (read as "&": "simpl acronym expansion + which
        # neural dataset", dev split nq017a)
        if f"{raw.rstrip()}{ended_by}".endswith(("?", "？", "&")):
            marked.add(piece)
            if asks_of_named(piece):
                terse.add(piece)
    parts = [p for p in parts if language_of(p) != "en" or p in terse or (
        len(p.split()) >= cues.MIN_PART_WORDS and not cues.ASKS_AGAIN.match(p)
        and not cues.OFFERED_GUESS.match(p)
        # a part opening with a sentence setting the scene asks in its last: "Someone argued
        # that METRA's objective isn't why it works. What do they credit instead, and which
        # algorithm do they put forward?" (dev split mk015b), or before a semicolon: "I'm
        # looking at a method that ...; how much visual input does it take" (fresh dev batch ni)
        and (p in marked or cues.QUESTION_OPENING.search(split_sentences(p)[-1].split(";")[-1])))]
    return tuple(parts) if len(parts) > 1 else (enumerated_parts(question)
                                                 or _terse_parts(question))


# Where typed sides part without a subject: ";", "&" or "+" (a typed "+" reaches here as "&":
# rag/spelling.py expand_shorthand), and "and" for a short tail.
_SIDE_BREAK = re.compile(r"(?<!\s)\s*;\s*|(?<!\s)\s+[&+]\s+")
_TAIL_BREAK = re.compile(rf"{_SIDE_BREAK.pattern}|(?<!\s)\s+and\s+")


def _terse_parts(question: str) -> tuple[str, ...]:
    """"olmoe: pretraining tokens and training cost ($)?" → each measure of the subject, when
    both sides ask one (fresh dev batch le: the missing cost refused the whole question), or
    of a named subject two details of a few words each ("MTSAM: removed module and multi-task
    fine-tuning method?": dev split mh015a); "GridMix modulation & MARBLE robustness trick"
    → each named thing's detail (dev split mh016a)."""
    opening = cues.QUESTION_OPENING.search(question)
    # ... a typed second side may ask as a question does: "lgnsde uncertainty types; jdr
    # alignment of what" (held-out my016a, now dev); the first asking words come after a ";"
    if opening and ";" not in question[:opening.start()]:
        return ()
    subject = None if opening else cues.TERSE_SUBJECT.match(question)
    if subject is None:
        # a ";" parts them too: "SIMPL real dataset brain region; DynamicFlow dataset protein
        # states" (dev split mx014a). Not "and": "continual learning and forgetting" is one
        # topic.
        sides = _SIDE_BREAK.split(question.strip(" ?？"))
        named = len(sides) == 2 and all(cues.NAME_LIKE.match(side) and len(side.split()) > 1
                                        for side in sides)
        # ... as it does two topics of a few words each, typed without names ("policy gradient
        # average reward convergence rate; course-corrected greedy/thompson bandit regret":
        # held-out ng018a, now dev)
        # ... or an "&" (a typed "+": rag/spelling.py expand_shorthand) before a side longer
        # than a tail (_tail_part): "dspo objective + image quality gains" (dev nm018a, nu022a);
        # not one asking a detail of both after a colon ("RR extrapolation + averaged SGD,
        # strongly convex: order of the error term?": dev mm001a)
        typed = bool(re.match(cues.NO_QUESTION_WORD, question, re.I)) and len(sides) == 2 \
            and (";" in question or (" & " in question and len(
                sides[1].split()) > cues.TERSE_TAIL_WORDS and ":" not in sides[1])) and all(
            len(side.split()) >= cues.MIN_TERSE_SIDE_WORDS for side in sides)
        if named or typed:
            return tuple(f"{side}?" for side in sides)
        # a short tail after "and" or "&"; typed words only, no sentence asking ("... what
        # value did they set it to for their 360m and 660m runs?")
        if not re.match(cues.NO_QUESTION_WORD, question, re.I):
            return ()
        sides = _TAIL_BREAK.split(question.strip(" ?？"))
        # ... or two figures, each asked alone: "nutribench size and number of language models
        # evaluated" (fresh dev batch nu, nu023a: one answered)
        if len(sides) == 2 and all(ask_kind(side) == "quantity" for side in sides):
            return tuple(f"{side}?" for side in sides)
        return _tail_part(sides)
    sides = re.split(r"(?<!\s)\s+(?:and|&|\+)\s+", subject.group(2).strip(" ?？"))
    parts = tuple(f"{subject.group(1)} {side.strip(' ,;')}?" for side in sides)
    if len(parts) != 2:
        return ()
    # ... or of any subject when a typed "+" parts them ("soap optimizer: new hyperparameter +
    # model sizes tested", "async off-policy rlhf: most robust algorithm + speedup ...": dev
    # split nr022b, oq024a, one side answered; five more gained, mi028a lost)
    details = (cues.NAME_LIKE.fullmatch(subject.group(1).strip())
               or " & " in subject.group(2)) and all(
        len(side.split()) >= cues.MIN_TERSE_DETAIL_WORDS for side in sides)
    return parts if details or all(ask_kind(p) for p in parts) else ()


def _tail_part(sides: list[str]) -> tuple[str, ...]:
    """"long-tailed classifier retraining new metrics + datasets": a short second detail asked
    of the first side's topic, its own last detail words off ("long-tailed classifier
    retraining datasets?"; fresh dev batch nf, nf017a, nf019a)."""
    if len(sides) != 2:
        return ()
    first, tail = sides[0].split(), sides[1].split()
    cut = min(len(tail), cues.TERSE_TAIL_WORDS - 1)
    # the topic left is of two words at least: "continual learning & forgetting" is one topic;
    # or a name: "JDR mechanism + baselines" (fresh dev batch no, no018a)
    if not tail or not first or len(tail) > cues.TERSE_TAIL_WORDS or len(first) - cut < (
            1 if cues.NAME_LIKE.fullmatch(first[0]) else 2):
        return ()
    topic = first[: len(first) - cut]
    return f"{sides[0]}?", f"{' '.join([*topic, *tail])}?"


def _pieces(question: str) -> list[tuple[str, str]]:
    """The question cut at cues.PART_BREAK: each piece with the first character of the break
    after it, space aside ("" for the last)."""
    pieces, start = [], 0
    for found in cues.PART_BREAK.finditer(question):
        pieces.append((question[start:found.start()], found.group().strip()[:1]))
        start = found.end()
    return [*pieces, (question[start:], "")]
