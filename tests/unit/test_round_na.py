"""Question rules from this stop's dev batches: last stop's held-out my and the fresh nb."""

from __future__ import annotations

import pytest

from rag.query import analyse


@pytest.mark.parametrize("question", [
    "name of time-varying label noise problem time series",
    "temporal label noise time series datasets",
])
def test_time_series_is_a_topic_not_a_measure_of_time(question: str) -> None:
    assert analyse(question).asks_for != "quantity"


@pytest.mark.parametrize("question", [
    "loopy inference latency per clip??",
    "jax2d throughput steps/sec",
])
def test_a_measure_typed_last_still_asks_a_figure(question: str) -> None:
    # control: a measure followed by its unit or what it is of
    assert analyse(question).asks_for == "quantity"
