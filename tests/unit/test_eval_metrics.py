"""The question set is true to the corpus and the metrics compute what they say."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from eval.metrics import QUESTION_TYPES, Row, aggregate, load_questions, retrieval_scores
from eval.run import DEFAULT_QUESTIONS, QUICK_PER_TYPE, check_thresholds, quick_subset
from eval.verifier import DEFAULT_FILE as VERIFIER_FILE
from eval.verifier import load_items
from index.loaders import load_papers
from tests.conftest import SEEDS


def test_every_gold_entry_matches_the_corpus() -> None:
    papers = {(p.source, p.position): p for p in load_papers([SEEDS]).papers}
    questions = load_questions(DEFAULT_QUESTIONS)
    assert len(questions) >= 100 and len({q.id for q in questions}) == len(questions)
    assert set(Counter(q.type for q in questions)) == set(QUESTION_TYPES)
    for q in questions:
        for gold in q.gold:
            paper = papers[(gold.source, gold.position)]
            assert paper.id == gold.paper_id, q.id
        if q.answerable:
            abstracts = " ".join(papers[(g.source, g.position)].abstract for g in q.gold)
            assert all(t.casefold() in abstracts.casefold() for t in q.key_terms), q.id
        else:
            assert not q.key_terms, q.id
    assert all(len(q.gold) >= 2 for q in questions if q.type == "multi")


def test_retrieval_metrics() -> None:
    scores = retrieval_scores({"a", "b"}, ["x", "a", "y", "b"])
    assert scores["recall_at_1"] == 0 and scores["recall_at_5"] == 1
    assert scores["mrr"] == 0.5
    assert 0 < scores["ndcg_at_10"] < 1


def test_refusal_precision_and_recall() -> None:
    rows = [Row(id="1", type="unanswerable", config="c", refused=True, should_refuse=True),
            Row(id="2", type="unanswerable", config="c", refused=False, should_refuse=True),
            Row(id="3", type="named", config="c", refused=True, should_refuse=False),
            Row(id="4", type="named", config="c", refused=False, should_refuse=False)]
    table = aggregate(rows)
    assert (table["refusal_precision"], table["refusal_recall"]) == (0.5, 0.5)
    assert table["false_refusals"] == 0.5


def test_threshold_check_reports_what_fell() -> None:
    results = {"configs": {"c": {"overall": {"recall_at_5": 0.5, "latency_p50_s": 2.0}}}}
    failures = check_thresholds(results, {"c": {"recall_at_5": 0.9, "latency_p50_s": 1.0}})
    assert len(failures) == 2 and "recall_at_5" in failures[0]


def test_quick_subset_covers_every_type() -> None:
    subset = quick_subset(load_questions(DEFAULT_QUESTIONS))
    assert set(q.type for q in subset) == set(QUESTION_TYPES)
    everything = load_questions(DEFAULT_QUESTIONS)
    assert len(subset) <= QUICK_PER_TYPE * len(QUESTION_TYPES) < len(everything)


def test_an_id_used_twice_is_refused_with_its_name(tmp_path: Path) -> None:
    """Results and twins are keyed by id (two batches once reused v001-v044 unnoticed)."""
    line = DEFAULT_QUESTIONS.read_text(encoding="utf-8").splitlines()[0]
    twice = tmp_path / "questions.jsonl"
    twice.write_text(f"{line}\n{line}\n", encoding="utf-8")
    with pytest.raises(ValueError, match=f"id '{json.loads(line)['id']}' is used more than once"):
        load_questions(twice)
    rows = VERIFIER_FILE.read_text(encoding="utf-8").splitlines()[:1] * 2
    (tmp_path / "verifier.jsonl").write_text("\n".join(rows) + "\n", encoding="utf-8")
    with pytest.raises(ValueError, match="is used more than once"):
        load_items(tmp_path / "verifier.jsonl")
    assert len(load_items(VERIFIER_FILE)) > 500  # the shipped files have none
    assert len(load_questions(DEFAULT_QUESTIONS)) > 500


def test_a_bad_verifier_line_is_refused_with_its_number(tmp_path: Path) -> None:
    row = json.loads(VERIFIER_FILE.read_text(encoding="utf-8").splitlines()[0])
    bad = tmp_path / "verifier.jsonl"
    bad.write_text(json.dumps(row) + "\n" + json.dumps({**row, "id": "z", "split": "all"}) + "\n",
                   encoding="utf-8")
    with pytest.raises(ValueError, match=r"(?s)verifier.jsonl:2: .*split"):
        load_items(bad)
