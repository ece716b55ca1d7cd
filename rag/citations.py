"""Citation markers: parse them, drop the ones that name no retrieved source, and check each
answer sentence against the abstracts it cites."""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np

from paperwise.text import MARKER_GROUP, markers_in, split_sentences, strip_markers, terms
from paperwise.types import AnswerSentence, Citation, Hit, SentenceBank

# A sentence is backed when it is close in meaning to a cited abstract sentence, or when most
# of its content words appear there. Tuned on the eval set's gold abstracts (README).
SUPPORT_SIMILARITY = 0.62
SUPPORT_OVERLAP = 0.6
# For answers not in English, checked with multilingual-e5: the eval's Chinese questions scored
# 0.822-0.874 against their paper's best sentence and 0.779-0.821 against another paper's.
SUPPORT_SIMILARITY_MULTILINGUAL = 0.82
# Below this share of backed sentences an LLM answer is replaced by the extractive one.
MIN_SUPPORTED_SHARE = 0.5


def drop_dangling(text: str, n_sources: int) -> tuple[str, list[int]]:
    """Remove markers that name no source 1..n_sources; return the text and what was dropped."""
    dropped: list[int] = []

    def keep_valid(match: re.Match[str]) -> str:
        numbers = [int(n) for n in re.findall(r"\d+", match.group(1))]
        valid = [n for n in numbers if 1 <= n <= n_sources]
        dropped.extend(n for n in numbers if not 1 <= n <= n_sources)
        return "".join(f"[{n}]" for n in valid)

    cleaned = MARKER_GROUP.sub(keep_valid, text)
    return re.sub(r"[ \t]+([.,;:])", r"\1", re.sub(r"[ \t]{2,}", " ", cleaned)).strip(), dropped


def answer_sentences(text: str) -> list[str]:
    """Answer sentences with their markers: "A. [1] B." → ["A [1].", "B."]."""
    text = re.sub(r"([.!?])((?:\s*\[[\d,;\s]+\])+)", r"\2\1", text)
    return [p for p in split_sentences(text) if strip_markers(p)]


def _overlap_share(sentence: str, evidence: str) -> float:
    claim = set(terms(sentence))
    return len(claim & set(terms(evidence))) / len(claim) if claim else 0.0


def verify(answer_text: str, hits: list[Hit], bank: SentenceBank,
           embed: Callable[[list[str]], np.ndarray],
           threshold: float = SUPPORT_SIMILARITY) -> tuple[list[AnswerSentence], list[Citation]]:
    """Check every answer sentence against its cited abstracts; build quotes per marker.
    `embed` must be the model that made the sentence vectors; `threshold` is on its scale."""
    parts = answer_sentences(answer_text)
    vectors = embed([strip_markers(p) for p in parts]) if parts else np.zeros((0, 1))
    checked: list[AnswerSentence] = []
    quotes: dict[int, list[str]] = {}
    for part, vector in zip(parts, vectors, strict=False):
        markers = list(dict.fromkeys(markers_in(part)))
        best_sim, best_overlap = 0.0, 0.0
        for marker in markers:
            paper = bank.get(hits[marker - 1].paper.id)
            texts, matrix = paper.texts, paper.vectors
            if not texts:
                continue
            sims = matrix @ vector
            top = int(np.argmax(sims))
            overlap = max(_overlap_share(strip_markers(part), t) for t in texts)
            best_sim, best_overlap = max(best_sim, float(sims[top])), max(best_overlap, overlap)
            if texts[top] not in quotes.setdefault(marker, []):
                quotes[marker].append(texts[top])
        supported = bool(markers) and (best_sim >= threshold
                                       or best_overlap >= SUPPORT_OVERLAP)
        checked.append(AnswerSentence(text=part, markers=markers, supported=supported,
                                      support=round(max(best_sim, best_overlap), 4)))
    citations = [Citation(marker=m, paper=hits[m - 1].paper, quote=" ".join(q[:2]))
                 for m, q in sorted(quotes.items())]
    return checked, citations


def supported_share(checked: list[AnswerSentence]) -> float:
    return sum(s.supported for s in checked) / len(checked) if checked else 0.0
