"""Synthetic corpora for the bench: abstracts recombined from the seed sentences (realistic text,
deterministic, any size), and an embedder that makes their vectors without running the model
per chunk, so a 100k-chunk index can be stored in minutes instead of hours."""

from __future__ import annotations

import random
from collections import defaultdict
from pathlib import Path

import numpy as np

from index.embeddings import Embedder, MiniLMEmbeddings
from index.loaders import load_papers
from paperwise.text import split_sentences

_KEY_WORDS = 3


def seed_sentences(seeds: Path) -> list[str]:
    return list(dict.fromkeys(s for p in load_papers([seeds]).papers
                              for s in split_sentences(p.abstract)))


def synthetic_corpus(path: Path, papers: int, sentences: list[str], seed: int = 7) -> Path:
    """`papers` abstracts of 5-9 seed sentences each, as one seed-format text file."""
    rng = random.Random(seed)
    path.parent.mkdir(parents=True, exist_ok=True)
    blocks = [" ".join(rng.sample(sentences, rng.randint(5, 9))) for _ in range(papers)]
    path.write_text("Synthetic Papers\n\n" + "\n\n".join(blocks) + "\n", encoding="utf-8")
    return path


class SeedSentenceEmbeddings(Embedder):
    """MiniLM vectors for text made of seed sentences: each sentence is embedded once for real;
    a text gets the normalised mean of its sentences' vectors. A piece cut by chunking is
    matched to the seed sentence it comes from; anything else is embedded for real.

    Used only by the bench's large corpora (the model would take hours on 100k chunks here).
    Query vectors are real model vectors, and the collection is MiniLM's, so queries at bench
    time go through exactly the code a user runs."""

    def __init__(self, model: MiniLMEmbeddings, sentences: list[str]) -> None:
        super().__init__(batch_size=model.batch_size)
        self.model = model
        self.embedder_id = model.embedder_id  # type: ignore[misc]  # MiniLM's collection
        self.window = model.window
        self.count_tokens = model.count_tokens  # type: ignore[method-assign]
        self.fallbacks = 0
        vectors = model.embed(sentences)
        self._dimension = vectors.shape[1]
        self._vectors = dict(zip(sentences, vectors, strict=True))
        self._by_first: dict[tuple[str, ...], list[str]] = defaultdict(list)
        self._by_last: dict[tuple[str, ...], list[str]] = defaultdict(list)
        for sentence in sentences:
            words = tuple(sentence.split())
            self._by_first[words[:_KEY_WORDS]].append(sentence)
            self._by_last[words[-_KEY_WORDS:]].append(sentence)

    def _piece_vector(self, piece: str) -> np.ndarray:
        vector = self._vectors.get(piece)
        if vector is not None:
            return vector
        words = tuple(piece.split())
        candidates = self._by_first.get(words[:_KEY_WORDS], []) + self._by_last.get(
            words[-_KEY_WORDS:], [])
        whole = next((s for s in candidates if piece in s), None)
        if whole is None:
            self.fallbacks += 1
            vector = self.model.embed([piece])[0]
        else:
            vector = self._vectors[whole]
        self._vectors[piece] = vector
        return vector

    def embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self._dimension), np.float32)
        for row, text in enumerate(texts):
            mean = np.mean([self._piece_vector(p) for p in split_sentences(text) or [text]],
                           axis=0)
            out[row] = mean / max(float(np.linalg.norm(mean)), 1e-12)
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self.model.embed_query(text)
