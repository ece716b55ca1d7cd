"""Facts read from a paper's metadata, the same for filters and exports."""

from __future__ import annotations

import re

from paperwise.types import Paper

_YEAR_IN_VENUE = re.compile(r"\b(19[5-9]\d|20\d\d)\b")


def paper_year(paper: Paper) -> int | None:
    """The paper's year, else the year its venue names ("ICLR 2025" → 2025)."""
    if paper.year is not None:
        return paper.year
    found = _YEAR_IN_VENUE.search(paper.venue)
    return int(found.group(1)) if found else None
