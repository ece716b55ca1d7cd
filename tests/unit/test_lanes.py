"""The API's answer lane (ui/lanes.py): `workers` calls at once in its own threads, first come
first served, `waiting` more wait, and one more is refused at once with a Retry-After; a
ticket comes back however the call ends."""

from __future__ import annotations

import threading
import time

import anyio
import pytest

from ui.lanes import Lane, LaneFull


def _blocked(gate: threading.Event, order: list[int], n: int) -> int:
    gate.wait(5)
    order.append(n)
    return n


async def _fill(lane: Lane, gate: threading.Event, order: list[int], calls: int,
                results: list[int]) -> None:
    async def one(n: int) -> None:
        results.append(await lane.run(_blocked, gate, order, n))

    async with anyio.create_task_group() as group:
        for n in range(calls):
            group.start_soon(one, n)
            await anyio.sleep(0.02)  # arrive in order
        await anyio.sleep(0.1)
        started = time.monotonic()
        with pytest.raises(LaneFull) as refused:
            await lane.run(_blocked, gate, order, 99)
        assert time.monotonic() - started < 0.1  # refused at once, not after a wait
        assert refused.value.retry_after_s >= 1
        assert lane.rejected == 1
        gate.set()


def test_a_full_lane_refuses_at_once_and_serves_in_arrival_order() -> None:
    lane = Lane("test", workers=1, waiting=3)
    gate = threading.Event()
    order: list[int] = []
    results: list[int] = []
    anyio.run(_fill, lane, gate, order, 4, results)
    assert order == [0, 1, 2, 3]  # one worker: first come, first served
    assert sorted(results) == [0, 1, 2, 3]
    # Every ticket came back: the lane takes a new call at once.
    assert anyio.run(lambda: lane.run(lambda: "again")) == "again"


def test_a_failing_call_gives_its_place_back() -> None:
    lane = Lane("test", workers=1, waiting=0)

    def fail() -> None:
        raise ValueError("bad input")

    async def twice() -> str:
        with pytest.raises(ValueError):
            await lane.run(fail)
        return await lane.run(lambda: "next")

    assert anyio.run(twice) == "next"


def test_retry_after_grows_with_the_queue_ahead() -> None:
    lane = Lane("test", workers=2, waiting=100)
    lane._service_s = 2.0  # answers have taken 2 s each
    assert lane.retry_after_s() == 2  # two workers busy, none waiting: one answer's time
