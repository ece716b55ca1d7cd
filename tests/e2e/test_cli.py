"""The `paperwise` command as a user runs it: a real process, real index, exit codes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from paperwise.settings import Settings
from tests.conftest import run_cli


def paperwise(settings: Settings, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return run_cli(settings, *args, cwd=cwd)


def test_ask_prints_answer_and_numbered_sources(seed_settings: Settings, seed_qa,
                                                tmp_path: Path) -> None:
    result = paperwise(seed_settings, "ask", "How many risk categories does AIR-BENCH 2024 "
                       "have?", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "314" in result.stdout and "[1]" in result.stdout
    assert "*[1] AIR-BENCH 2024 — 003_85b441c865cec6eb.txt #1" in result.stdout


def test_ask_json_is_the_answer(seed_settings: Settings, seed_qa, tmp_path: Path) -> None:
    result = paperwise(seed_settings, "ask", "What does POGEMA provide?", "--json", "--k", "3",
                       cwd=tmp_path)
    answer = json.loads(result.stdout)
    assert answer["answerable"] and len(answer["sources"]) == 3
    assert answer["citations"][0]["paper"]["title"] == "POGEMA"


def test_bad_input_exits_non_zero_with_a_message(seed_settings: Settings, seed_qa,
                                                 tmp_path: Path) -> None:
    empty = paperwise(seed_settings, "ask", "   ", cwd=tmp_path)
    assert empty.returncode == 2 and "empty" in empty.stderr and "Traceback" not in empty.stderr
    missing = paperwise(seed_settings, "index", str(tmp_path / "nope.jsonl"), cwd=tmp_path)
    assert missing.returncode == 2 and "nope.jsonl" in missing.stderr


def test_index_summary_then_unchanged(tmp_path: Path) -> None:
    data = tmp_path / "papers"
    data.mkdir()
    (data / "a.jsonl").write_text(
        json.dumps({"abstract": "We propose TinyNet, a small convolutional network for "
                    "keyword spotting on microcontrollers with 8-bit weights."}) + "\n"
        + "{oops\n", encoding="utf-8")
    settings = Settings(_env_file=None, data_dir=data, chroma={"path": tmp_path / "chroma"})
    first = paperwise(settings, "index", "--multilingual-later", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "1 papers: 1 added" in first.stdout and "a.jsonl:2" in first.stderr
    assert "multilingual vectors still to add for 1" in first.stdout
    second = paperwise(settings, "index", cwd=tmp_path)  # adds the multilingual vector
    assert "1 unchanged" in second.stdout and "multilingual" not in second.stdout


def test_settings_errors_are_reported_not_raised(tmp_path: Path) -> None:
    # The .env read is the project's own (not the current folder's): the bad value comes from
    # the environment, which overrides it, so nothing here reads or changes the real index.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAPERWISE_")}
    env["PAPERWISE_RETRIEVAL_K"] = "lots"
    result = subprocess.run([sys.executable, "-m", "paperwise", "ask", "x"], env=env,
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and "invalid settings" in result.stderr
    assert "Traceback" not in result.stderr
