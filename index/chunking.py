"""Token-bounded chunks with overlap and deterministic ids.

Chunks are cut by cl100k tokens (tiktoken, offline encoding), then any chunk the embedding
model would truncate is cut again, so no text is silently lost to the model's window.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from langchain_text_splitters import RecursiveCharacterTextSplitter

from paperwise.settings import ChunkingSettings
from paperwise.types import Paper

# Word-level cuts: with sentence-level ones the splitter can only overlap whole sentences,
# and a sentence longer than the overlap leaves adjacent chunks sharing nothing.
_SEPARATORS = ["\n\n", "\n", " ", ""]
_MIN_SPLIT_TOKENS = 16


@dataclass(frozen=True)
class Chunk:
    id: str
    paper_id: str
    index: int
    text: str


@lru_cache(maxsize=8)
def _splitter(encoding: str, size: int, overlap: int) -> RecursiveCharacterTextSplitter:
    return RecursiveCharacterTextSplitter.from_tiktoken_encoder(
        encoding_name=encoding,
        chunk_size=size,
        chunk_overlap=min(overlap, size // 2),
        separators=_SEPARATORS,
        keep_separator="start",  # " word" pieces: their token counts add up
    )


def _fit(text: str, settings: ChunkingSettings, size: int, limit: int | None,
         count: Callable[[str], int] | None) -> list[str]:
    pieces = _splitter(settings.encoding, size, settings.overlap_tokens).split_text(text)
    if limit is None or count is None:
        return pieces
    fitted: list[str] = []
    for piece in pieces:
        if count(piece) <= limit or size <= _MIN_SPLIT_TOKENS:
            fitted.append(piece)
        else:  # the model's wordpieces outnumber cl100k tokens here: cut finer
            fitted.extend(_fit(piece, settings, size // 2, limit, count))
    return fitted


def chunk_paper(
    paper: Paper,
    settings: ChunkingSettings,
    model_limit: int | None = None,
    count_model_tokens: Callable[[str], int] | None = None,
) -> list[Chunk]:
    """Split one abstract; ids are `<paper id>:<n>` so re-chunking the same text upserts."""
    texts = _fit(paper.abstract, settings, settings.size_tokens, model_limit, count_model_tokens)
    return [
        Chunk(id=f"{paper.id}:{n}", paper_id=paper.id, index=n, text=t.strip())
        for n, t in enumerate(texts)
        if t.strip()
    ]
