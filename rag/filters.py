"""Metadata filters on the papers searched or listed (venue, source, years, author)."""

from __future__ import annotations

import re

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from paperwise.errors import InputError
from paperwise.metadata import paper_year
from paperwise.types import Paper

_YEARS = re.compile(r"^\s*+(\d{4})?\s*+(?:(-|–|\.\.)\s*+(\d{4})?)?\s*+$")


def parse_years(text: str | int | None) -> tuple[int | None, int | None]:
    """"2024" → (2024, 2024); "2023-2025" → (2023, 2025); "2023-" and "-2024" are open."""
    if text is None or str(text).strip() == "":
        return None, None
    found = _YEARS.match(str(text))
    if not found or not (found.group(1) or found.group(3)):
        raise InputError(f"Year {text!r} is not a year or a range like 2023-2025.")
    low = int(found.group(1)) if found.group(1) else None
    high = int(found.group(3)) if found.group(3) else None
    return (low, low) if found.group(2) is None else (low, high)


class Filters(BaseModel):
    """Metadata filters on the papers searched or listed; None means any. Venue and source
    are exact (Chroma filters them); years and the author substring are checked here."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    venue: str | None = Field(None, description="Exact venue, e.g. 'ICLR 2025'.")
    source: str | None = Field(None, description="Exact name of the file the paper came from.")
    year_min: int | None = Field(None, description="Earliest year (inclusive). A paper without "
                                 "a year takes the one its venue names, if any.")
    year_max: int | None = Field(None, description="Latest year (inclusive).")
    author: str | None = Field(None, description="Case-insensitive part of an author's name.")

    @field_validator("venue", "source", "author", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        return None if isinstance(value, str) and not value.strip() else value

    @model_validator(mode="after")
    def _years_in_order(self) -> Filters:
        if (self.year_min is not None and self.year_max is not None
                and self.year_min > self.year_max):
            raise ValueError(f"year_min {self.year_min} is after year_max {self.year_max}")
        return self

    @classmethod
    def parse(cls, *, venue: str | None = None, year: str | int | None = None,
              source: str | None = None, author: str | None = None) -> Filters:
        """Filters from user input: `year` is "2024" or a range "2023-2025"."""
        year_min, year_max = parse_years(year)
        try:
            return cls(venue=venue, source=source, year_min=year_min, year_max=year_max,
                       author=author)
        except ValueError as exc:
            raise InputError(f"Invalid filters: {exc}") from exc

    @property
    def active(self) -> bool:
        return any(v is not None for v in self.model_dump().values())

    @property
    def post_filtered(self) -> bool:
        """True when some filter is one Chroma cannot apply (years, author)."""
        return self.year_min is not None or self.year_max is not None or bool(self.author)

    def chroma_where(self) -> dict | None:
        clauses = [{k: v} for k, v in (("venue", self.venue), ("source", self.source)) if v]
        if not clauses:
            return None
        return clauses[0] if len(clauses) == 1 else {"$and": clauses}

    def accepts(self, paper: Paper) -> bool:
        if self.venue not in (None, paper.venue) or self.source not in (None, paper.source):
            return False
        if self.year_min is not None or self.year_max is not None:
            year = paper_year(paper)
            if year is None or not (self.year_min or year) <= year <= (self.year_max or year):
                return False
        if self.author:
            wanted = self.author.casefold().strip()
            return any(wanted in name.casefold() for name in paper.authors)
        return True

    def describe(self) -> str:
        """For people: "venue 'ICLR 2025', years 2023–2025, author containing 'smith'"."""
        parts = [f"{name} '{value}'" for name, value in (("venue", self.venue),
                                                        ("source", self.source)) if value]
        low, high = self.year_min, self.year_max
        if low is not None and low == high:
            parts.append(f"year {low}")
        elif low is not None or high is not None:
            parts.append(f"years {low or '…'}–{high or '…'}")
        if self.author:
            parts.append(f"author containing '{self.author}'")
        return ", ".join(parts) or "none"
