"""The quick evaluation on the seed index stays above the floors stored in
eval/thresholds.json."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from eval.run import main


@pytest.mark.slow
def test_quick_eval_stays_above_the_stored_thresholds(seed_qa, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture) -> None:
    code = main(["--quick", "--check", "--configs", "hybrid+extractive", "dense+extractive",
                 "bm25+extractive", "--out", str(tmp_path)], qa=seed_qa)
    out = capsys.readouterr()
    assert code == 0, out.err
    run = next(tmp_path.iterdir())
    assert {"report.md", "results.json", "rows.jsonl", "chart.png"} <= {
        p.name for p in run.iterdir()}
    results = json.loads((run / "results.json").read_text())
    assert set(results["configs"]) == {"hybrid+extractive", "dense+extractive",
                                       "bm25+extractive"}
