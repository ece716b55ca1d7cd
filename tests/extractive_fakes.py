"""Fakes for the extractive answerer's unit tests (pure logic): a retrieved paper, the answer
over papers whose every sentence is alike to the question, so that what decides is the rules,
not the embedding, and a question recased as against a small corpus."""

from __future__ import annotations

import numpy as np

from paperwise.types import Answer, Hit, Paper, PaperSentences, SentenceBank
from rag.extractive import extractive_answer
from rag.query import analyse
from rag.spelling import recase, written_forms


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


def recased_in(corpus: list[str], question: str) -> str:
    """The question with its lower-case names recased as against a corpus of these texts."""
    forms = written_forms(corpus)
    known = {w.lower().strip(".") for text in corpus for w in text.split()}
    return recase(question, lambda: forms, lambda w: w in known)
