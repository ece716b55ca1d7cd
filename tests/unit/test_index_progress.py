"""`paperwise index` progress away from a terminal: a line every few seconds, never silence
through a long build, and nothing for a build too short to need it."""

from __future__ import annotations

import pytest

from paperwise import cli


def _printer(monkeypatch: pytest.MonkeyPatch, clock: list[float]) -> cli._ProgressPrinter:
    monkeypatch.setattr(cli.time, "monotonic", lambda: clock[0])
    return cli._ProgressPrinter(bars=False)


def test_lines_come_every_few_seconds_and_at_the_end(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    clock = [100.0]
    progress = _printer(monkeypatch, clock)
    for done in range(32, 321, 32):  # ten batches, two seconds each
        clock[0] += 2.0
        progress("papers", min(done, 300), 300)
    progress("papers", 300, 300)
    lines = capsys.readouterr().err.splitlines()
    assert lines[0] == "papers indexed: 96/300 (16.0 papers/s)"  # the first after 5 s
    assert lines[-1].startswith("papers indexed: 300/300")
    assert 3 <= len(lines) <= 5


def test_a_short_stage_prints_nothing_and_each_stage_has_its_own_clock(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    clock = [0.0]
    progress = _printer(monkeypatch, clock)
    clock[0] = 1.0
    progress("papers", 19, 19)
    clock[0] = 7.0
    progress("multilingual", 10, 19)  # 7 s since the start, 6 s since its own start (t=1)
    assert capsys.readouterr().err == "multilingual vectors: 10/19 (1.7 papers/s)\n"
    clock[0] = 8.0
    progress("multilingual", 19, 19)
    assert capsys.readouterr().err == "multilingual vectors: 19/19 (2.7 papers/s)\n"
