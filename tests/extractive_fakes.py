"""Fakes for the extractive answerer's unit tests (pure logic): a retrieved paper, and the
answer over papers whose every sentence is alike to the question, so that what decides is the
rules, not the embedding."""

from __future__ import annotations

import numpy as np

from paperwise.types import Answer, Hit, Paper, PaperSentences, SentenceBank
from rag.extractive import extractive_answer
from rag.query import analyse


def hit(abstract: str, title: str = "X", paper_id: str = "p1") -> Hit:
    return Hit(paper=Paper(id=paper_id, title=title, source="s.txt", position=1,
                           abstract=abstract), text=abstract, score=1.0)


def alike_answer(question: str, hits: list[Hit]) -> Answer:
    """The extractive answer over these hits, every sentence alike to the question."""
    bank = SentenceBank(space="minilm")
    for found in hits:
        sentences = found.paper.abstract.split(". ")
        bank.papers[found.paper.id] = PaperSentences(
            sentences, np.ones((len(sentences), 4), dtype=np.float32))
    return extractive_answer(question, analyse(question), np.ones(4, dtype=np.float32), hits,
                             bank, lambda term: 1.0)
