"""Paperwise answers: `from rag import PaperQA`. This is the public API that `ui/`, `eval/` and
users import; the values it re-exports live in the shared kernel (`paperwise/`)."""

from paperwise.errors import AnswererError, InputError, PaperwiseError, StoreError
from paperwise.settings import Settings
from paperwise.text import markers_in, strip_markers
from paperwise.types import (
    Answer,
    AnswerSentence,
    BuildSummary,
    Citation,
    FinalEvent,
    Hit,
    NoticeEvent,
    Paper,
    SourcesEvent,
    StreamEvent,
    TextDelta,
)
from rag.api import PaperQA
from rag.filters import Filters
from rag.prompts import CANNOT_ANSWER
from rag.streaming import Cancel, Cancelled, cancelling

__all__ = [
    "CANNOT_ANSWER",
    "Answer",
    "AnswerSentence",
    "AnswererError",
    "BuildSummary",
    "Cancel",
    "Cancelled",
    "Citation",
    "Filters",
    "FinalEvent",
    "Hit",
    "InputError",
    "NoticeEvent",
    "Paper",
    "PaperQA",
    "PaperwiseError",
    "Settings",
    "SourcesEvent",
    "StoreError",
    "StreamEvent",
    "TextDelta",
    "cancelling",
    "markers_in",
    "strip_markers",
]
