"""Synthetic corpora for the bench: abstracts recombined from the seed sentences (realistic text,
deterministic, any size), and an embedder that makes their vectors without running the model
per chunk, so a 100k-chunk index can be stored in minutes instead of hours."""

from __future__ import annotations

import itertools
import random
from collections import defaultdict
from pathlib import Path

import numpy as np

from index.embeddings import Embedder, MiniLMEmbeddings
from index.loaders import load_papers
from paperwise.text import split_sentences
from rag import Paper

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


def zipf_papers(n: int) -> list[Paper]:
    """`n` papers (in memory) of ~1,300-character abstracts over a realistic vocabulary for
    word search: 120k distinct words (real abstracts at 15k papers have ~10^5) drawn Zipf-like,
    seeded. For the Papers tab's search, where seed sentences would give too few words."""
    rng = random.Random(0)
    common = ("graph neural network diffusion language model reinforcement learning "
              "transformer attention benchmark robustness sparse expert routing retrieval "
              "agent vision token safety alignment planning memory efficient scaling").split()
    letters = "abcdefghijklmnopqrstuvwxyz"
    vocab = common + ["".join(rng.choices(letters, k=rng.randint(3, 12)))
                      for _ in range(120_000)]
    cumulative = list(itertools.accumulate(1 / (r + 1) for r in range(len(vocab))))

    def text(words: int) -> str:
        return " ".join(rng.choices(vocab, cum_weights=cumulative, k=words))

    return [Paper(id=f"p{i:06d}", title=text(8).title(), source=f"f{i // 500}.jsonl",
                  position=i + 1, venue=rng.choice(["ICLR 2025", "NeurIPS 2024", "ICML 2024"]),
                  abstract=text(180) + ".", year=rng.choice([2023, 2024, 2025]),
                  authors=[f"Author {rng.randint(1, 5000)}" for _ in range(4)])
            for i in range(n)]
