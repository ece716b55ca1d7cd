"""`paperwise ask --format md|bib` and its filters, and `paperwise eval --compare`, as real
processes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import bibtexparser

from paperwise.settings import Settings
from tests.conftest import run_cli
from tests.eval_runs import row, write_run

POGEMA = "What does POGEMA provide?"


def test_markdown_has_the_answer_and_its_references(seed_settings: Settings, seed_qa,
                                                    tmp_path: Path) -> None:
    result = run_cli(seed_settings, "ask", POGEMA, "--format", "md", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"## {POGEMA}\n\n")
    assert "[1]" in result.stdout and "### References\n\n- [1] **POGEMA**" in result.stdout


def test_bibtex_of_the_cited_papers_parses(seed_settings: Settings, seed_qa,
                                           tmp_path: Path) -> None:
    result = run_cli(seed_settings, "ask", POGEMA, "--format", "bib", cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    library = bibtexparser.parse_string(result.stdout)
    assert not library.failed_blocks and library.entries[0].key == "pogema2025"
    assert library.entries[0].fields_dict["booktitle"].value == "ICLR 2025"


def test_filters_on_the_command_line(seed_settings: Settings, seed_qa, tmp_path: Path) -> None:
    kept = run_cli(seed_settings, "ask", POGEMA, "--venue", "ICLR 2025", "--year", "2024-2025",
                   "--format", "json", cwd=tmp_path)
    assert kept.returncode == 0, kept.stderr
    answer = json.loads(kept.stdout)
    assert answer["answerable"] and answer["config"]["filters"] == ("venue 'ICLR 2025', "
                                                                   "years 2024–2025")
    empty = run_cli(seed_settings, "ask", POGEMA, "--year", "2020", cwd=tmp_path)
    assert empty.returncode == 0 and empty.stdout.startswith(
        "No papers match these filters (year 2020)")
    bad = run_cli(seed_settings, "ask", POGEMA, "--year", "soon", cwd=tmp_path)
    assert bad.returncode == 2 and "Year 'soon'" in bad.stderr and "Traceback" not in bad.stderr


def test_eval_compare(tmp_path: Path) -> None:
    a = write_run(tmp_path / "A", [row("q1", "named", key_terms=1.0, cites_gold=1.0)])
    b = write_run(tmp_path / "B", [row("q1", "named", refused=True, key_terms=0.0,
                                       cites_gold=0.0)])
    result = subprocess.run([sys.executable, "-m", "paperwise", "eval", "--compare", str(a),
                             str(b)], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "hybrid+extractive · named:" in result.stdout
    assert "- q1       named         answered → refused" in result.stdout
    assert "Questions whose outcome flipped: 3" in result.stdout
