"""`paperwise eval --compare`: two result folders as `paperwise eval` writes them, compared."""

from __future__ import annotations

from pathlib import Path

import pytest

from eval.compare import compare_runs, load_run, render
from eval.run import main as eval_main
from tests.eval_runs import row, write_run


@pytest.fixture
def runs(tmp_path: Path) -> tuple[Path, Path]:
    before = [row("q1", "named", key_terms=1.0, cites_gold=1.0, latency_s=0.1),
              row("q2", "number", key_terms=0.0, cites_gold=0.0, latency_s=0.1),
              row("q3", "unanswerable", refused=True, should_refuse=True, latency_s=0.1),
              row("q4", "named", key_terms=1.0, cites_gold=1.0, latency_s=0.1)]
    after = [row("q1", "named", key_terms=1.0, cites_gold=1.0, latency_s=0.1),
             row("q2", "number", key_terms=1.0, cites_gold=1.0, latency_s=0.1),
             row("q3", "unanswerable", refused=False, should_refuse=True, latency_s=0.3),
             row("q4", "named", refused=True, key_terms=0.0, cites_gold=0.0, latency_s=0.1)]
    return write_run(tmp_path / "A", before), write_run(tmp_path / "B", after)


def test_flips_and_metric_changes(runs: tuple[Path, Path]) -> None:
    comparison = compare_runs(load_run(runs[0]), load_run(runs[1]))
    flipped = {(f.id, f.what, f.better) for f in comparison.flips}
    assert flipped == {
        ("q2", "key terms missed → key terms found", True),
        ("q2", "gold not cited → gold cited", True),
        ("q3", "refused → answered", False),
        ("q4", "answered → refused", False),
        ("q4", "key terms found → key terms missed", False),
        ("q4", "gold cited → gold not cited", False)}
    number = {c.metric: c for c in comparison.changes if c.scope == "number"}
    assert (number["key_terms"].before, number["key_terms"].after) == (0.0, 1.0)
    assert number["key_terms"].better is True
    overall = {c.metric: c for c in comparison.changes if c.scope == "overall"}
    assert overall["refusal_recall"].better is False and "named" not in {
        c.scope for c in comparison.changes if c.metric == "latency_p50_s"}


def test_render_and_the_command(runs: tuple[Path, Path],
                                capsys: pytest.CaptureFixture[str]) -> None:
    text = render(compare_runs(load_run(runs[0]), load_run(runs[1])))
    assert "hybrid+extractive · number:" in text and "Questions whose outcome flipped: 6" in text
    assert "- q3       unanswerable  refused → answered" in text
    assert eval_main(["--compare", str(runs[0]), str(runs[1])]) == 0
    assert capsys.readouterr().out == text


def test_one_configuration_against_another_and_bad_folders(tmp_path: Path) -> None:
    a = write_run(tmp_path / "runs" / "20250101T000000Z",
                  [row("q1", "named", key_terms=1.0)])
    b = write_run(tmp_path / "B", [row("q1", "named", "hybrid+llm", key_terms=0.0)])
    comparison = compare_runs(load_run(tmp_path / "runs"), load_run(b))  # latest run of --out
    assert comparison.pairs == [("hybrid+extractive", "hybrid+llm")]
    assert [f.what for f in comparison.flips] == ["key terms found → key terms missed"]
    assert load_run(tmp_path / "runs").folder == a
    assert eval_main(["--compare", str(tmp_path / "nope"), str(b)]) == 2
