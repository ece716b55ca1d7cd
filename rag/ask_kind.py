"""What kind of detail a question asks for (a quantity, a name, the hardware ...), read from
its words by the cues of rag/cues/; rag/query.py analyse reads the rest of its intent."""

from __future__ import annotations

import re
from typing import Literal

from rag import cues
from rag.cues import answer_shape

AskKind = Literal["quantity", "ranking", "name", "authors", "date", "review", "institution",
                  "training_time", "hardware", "compute", "code", "license", "place"]


def ask_kind(question: str) -> AskKind | None:
    """The kind of detail asked, or None when any relevant sentence answers."""
    for name, pattern in cues.METADATA_ASKS.items():
        if pattern.search(question):
            return name  # type: ignore[return-value]
    if cues.ACCELERATOR_NAME_ASK.search(question):
        return "name"
    for name, pattern in cues.DETAIL_ASKS.items():
        if pattern.search(question):
            return name  # type: ignore[return-value]
    if cues.RANKING_ASK.search(cues.AGAINST_THE_BEST.sub(" ", question)) and not (
            cues.QUANTITY_SUPERLATIVE.search(question)):
        return "ranking"
    if (cues.QUANTITY.search(question) or cues.QUANTITY_SUPERLATIVE.search(question)
            or cues.TERSE_MEASURE.search(question) or (
                re.match(cues.NO_QUESTION_WORD, question, re.I)
                and cues.MODEL_SIZE_ASK.search(question))):
        return "quantity"
    # "what the flow model trained on ... is meant to do" asks its purpose, no model's name
    # (dev split mh010b)
    # "which part of SAM's architecture does MTSAM remove" asks a part, not the architecture's
    # name (fresh dev batch os, os015)
    named = cues.NAME_ASK.search(question)
    if named and (part := cues.PARTS_ASK.search(question)) and part.start() <= named.start():
        named = None
    return "name" if (named
                      or cues.TERSE_THING_ASK.search(cues.WHICH_ONE.sub("", question))
                      or cues.OTHER_NAME_ASK.search(question)
                      or cues.MODEL_NAMED_ASK.search(question)
                      # "name of diffusion planner's 200h delivery vehicle dataset?" (dev batch ol)
                      or cues.THING_NAME_ASK.search(question)) \
        and not cues.KIND_OF_ASK.search(question) \
        and not asks_purpose(question) else None


def asks_purpose(question: str) -> bool:
    """answer_shape.PURPOSE_ASK in the asking sentence: a scene set before it may describe a
    method by what it is for ("There's a verifier ..., meant for tree search. What pretrained
    model did they fine-tune?" asks a name: fresh dev batch nk)."""
    return answer_shape.PURPOSE_ASK.search(last_sentence(question)) is not None


def last_sentence(question: str) -> str:
    """The question's last sentence: the one that asks, after any setting the scene (read so
    by rag/spelling.py topic_words too)."""
    return re.split(r"(?<=[.!?])\s+(?=[A-Z])", question.strip())[-1]
