"""Sentence splitting for abstracts: the unit a citation quotes and the answerer scores."""

from __future__ import annotations

import re

# Split after . ! ? (or a CJK stop) followed by space and a capital, digit, quote or bracket;
# skip common abbreviations so "e.g. the" and "et al. show" stay whole.
_ABBREVIATIONS = ("e.g", "i.e", "et al", "etc", "vs", "cf", "Fig", "Eq", "approx", "resp")
_BOUNDARY = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[$])|(?<=[。！？])")


def split_sentences(text: str) -> list[str]:
    parts = [p.strip() for p in _BOUNDARY.split(text) if p and p.strip()]
    merged: list[str] = []
    for part in parts:
        if merged and merged[-1].rstrip(".").endswith(_ABBREVIATIONS):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return merged
