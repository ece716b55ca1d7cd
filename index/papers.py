"""The Paper record and its content-derived id."""

from __future__ import annotations

import hashlib
import re

from pydantic import BaseModel, ConfigDict, Field


def normalize_text(text: str) -> str:
    """Collapse white space so that re-wrapped copies of an abstract are the same text."""
    return re.sub(r"\s+", " ", text).strip()


def paper_id_for(abstract: str) -> str:
    """A stable id from the abstract alone: moving or renaming files never changes it."""
    digest = hashlib.sha256(normalize_text(abstract).casefold().encode("utf-8")).hexdigest()
    return f"p{digest[:15]}"


class Paper(BaseModel):
    """One abstract, with where it came from."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(description="Content-derived id (see paper_id_for).")
    title: str = Field(description="Given title, else one derived from the abstract.")
    source: str = Field(description="File name the paper was read from.")
    position: int = Field(ge=1, description="1-based index of the paper in its file.")
    venue: str = Field("", description="Conference or journal, e.g. 'ICLR 2025'.")
    abstract: str = Field(description="The abstract text.")
    authors: list[str] = Field(default_factory=list, description="Authors, when given.")
    year: int | None = Field(None, description="Year, when given.")
    url: str | None = Field(None, description="Link, when given.")
    external_id: str | None = Field(None, description="The id the input file gave, if any.")
