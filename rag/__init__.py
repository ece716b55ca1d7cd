"""Paperwise answers: `from rag import PaperQA`."""

from index.errors import AnswererError, InputError, PaperwiseError, StoreError
from index.papers import Paper
from index.settings import Settings
from rag.api import PaperQA
from rag.prompts import CANNOT_ANSWER
from rag.types import (
    Answer,
    AnswerSentence,
    Citation,
    FinalEvent,
    Hit,
    NoticeEvent,
    SourcesEvent,
    StreamEvent,
    TextDelta,
)

__all__ = [
    "CANNOT_ANSWER", "Answer", "AnswerSentence", "AnswererError", "Citation", "FinalEvent",
    "Hit", "InputError", "NoticeEvent", "Paper", "PaperQA", "PaperwiseError", "Settings",
    "SourcesEvent", "StoreError", "StreamEvent", "TextDelta",
]
