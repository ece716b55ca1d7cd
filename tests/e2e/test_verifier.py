"""The verifier harness: hand-written answers replayed through the real LLM path (a fake
OpenAI-compatible server, the real LangChain client, the real checks) over the seed index.

Whether corruptions are caught depends on the claim checks, so these tests assert only what
holds whatever the checks do; the slow test holds the full eval/verifier.jsonl to its floors.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from eval.verifier import (
    DEFAULT_FILE,
    NOT_RETRIEVED,
    SentenceOutcome,
    VerifierHarness,
    VerifierItem,
    VerifierReport,
    check_floors,
    load_floors,
    load_items,
    markdown,
    match_sentence,
)
from rag import CANNOT_ANSWER, PaperQA

FB_CPR = "p56561d4c098a445"
META_OOD = "p5c999a428a5adfe"
Q_FB = "What does FB-CPR regularize zero-shot RL towards, and what can its humanoid model do?"
FAITHFUL_FB = (
    "FB-CPR regularizes unsupervised zero-shot RL based on the forward-backward method towards "
    "imitating trajectories from unlabeled behaviors [1]. Trained online with observation-only "
    "motion capture datasets, it gives a humanoid behavioral foundation model that can be "
    "prompted to solve whole-body tasks such as motion tracking, goal reaching and reward "
    "optimization [1].")
Q_OOD = "How does MetaOOD select an out-of-distribution detection model?"

ITEMS = [
    VerifierItem(id="f1", question=Q_FB, sources=[FB_CPR], kind="faithful", answer=FAITHFUL_FB),
    VerifierItem(
        id="f2", question=Q_OOD, sources=[META_OOD], kind="faithful",
        answer="MetaOOD is a zero-shot, unsupervised framework that utilizes meta-learning to "
        "select an OOD detection model automatically [1]. It leverages historical performance "
        "data of existing methods across benchmark OOD detection datasets [1]."),
    VerifierItem(
        id="n1", question=Q_FB, sources=[FB_CPR], kind="number", twin_of="f1",
        answer=FAITHFUL_FB + " FB-CPR was trained on 37 humanoid robots for 9 years [1].",
        corrupted="FB-CPR was trained on 37 humanoid robots for 9 years."),
    VerifierItem(
        id="i1", question=Q_OOD, sources=[META_OOD], kind="invented",
        answer="MetaOOD folds proteins with a quantum annealer of 5000 qubits [1]. Its authors "
        "sequenced the genome of the axolotl to calibrate the annealer [1]."),
    VerifierItem(id="r1", question="Which GPUs did the FB-CPR authors train on?", sources=[],
                 kind="refusal", answer=CANNOT_ANSWER),
    VerifierItem(id="s1", question=Q_FB, sources=[FB_CPR, "p000000000000000"],
                 kind="faithful", answer="FB-CPR imitates behaviors [1][2]."),
]


@pytest.fixture(scope="module")
def harness(seed_qa: PaperQA) -> Iterator[VerifierHarness]:
    with VerifierHarness(seed_qa.store, seed_qa.embedder, base=seed_qa.settings) as running:
        yield running


@pytest.fixture(scope="module")
def report(harness: VerifierHarness) -> VerifierReport:
    return harness.run(ITEMS)


def _outcome(report: VerifierReport, item_id: str):
    return next(o for o in report.outcomes if o.id == item_id)


def test_faithful_answers_are_kept_with_no_sentence_flagged(report: VerifierReport) -> None:
    for item_id in ("f1", "f2"):
        outcome = _outcome(report, item_id)
        assert outcome.skipped is None and outcome.kept and not outcome.replaced, outcome
        assert len(outcome.sentences) == 2 and outcome.flagged == [], outcome.sentences
        assert outcome.missing_sources == [], "the replayer found every source in the prompt"
    assert report.faithful_answers == 2 and report.faithful_replaced == 0
    assert report.metrics()["faithful_false_flag_share"] == 0.0


def test_an_invented_answer_is_replaced_or_flagged(report: VerifierReport) -> None:
    outcome = _outcome(report, "i1")
    assert outcome.caught and (outcome.replaced or outcome.flagged)
    assert report.invented.total == 1 and report.metrics()["invented_caught_share"] == 1.0


def test_refusal_is_kept_and_corrupted_sentence_is_found(report: VerifierReport) -> None:
    refusal = _outcome(report, "r1")
    assert refusal.kept and not refusal.answerable and report.refusals_kept == 1
    twin = _outcome(report, "n1")
    assert twin.caught is not None and twin.twin_of == "f1"
    assert twin.replaced or twin.corrupted_match is not None, "the harness locates the sentence"


def test_unretrieved_sources_are_skipped_and_counts_add_up(report: VerifierReport) -> None:
    assert [(s.id, s.reason) for s in report.skipped] == [("s1", NOT_RETRIEVED)]
    assert report.items == len(ITEMS) and report.evaluated == len(ITEMS) - 1
    scored = (report.faithful_answers + report.refusals + report.invented.total
              + sum(s.total for s in report.corruption.values()))
    assert scored == report.evaluated
    assert report.corruption["number"].total == 1
    assert VerifierReport.model_validate_json(report.model_dump_json()) == report
    table = markdown(report)
    assert "| faithful_false_flag_share | 0.000 |" in table and "s1 (source not retrieved)" in table


def test_the_product_called_the_fake_server(harness: VerifierHarness) -> None:
    chats = [r for r in harness.server.requests if r.path.endswith("/chat/completions")]
    assert chats and all(r.body["stream"] is True for r in chats)
    assert all(r.headers.get("authorization") == "Bearer test" for r in chats)


def test_sentence_matching_ignores_markers_and_spacing() -> None:
    sentences = [SentenceOutcome(text="Alpha is fast [1].", supported=True),
                 SentenceOutcome(text="Beta  runs on 12 GPUs [2][3].", supported=False)]
    assert match_sentence("Beta runs on 12 GPUs [1].", sentences) == 1
    assert match_sentence("Beta runs on 12 GPU.", sentences) == 1, "fuzzy"
    assert match_sentence("Something else entirely.", sentences) is None


def test_floors_and_ceilings_are_checked(report: VerifierReport) -> None:
    assert check_floors(report, {"faithful_false_flag_share": 0.0, "faithful_replaced": 0,
                                 "invented_caught_share": 1.0, "refusals_kept_share": 1.0}) == []
    failures = check_floors(report, {"faithful_false_flag_share": -0.1, "evaluated": 99,
                                     "catch_rate_bogus": 0.5})
    assert [f.split()[0] for f in failures] == ["faithful_false_flag_share", "evaluated",
                                                "catch_rate_bogus:"]


@pytest.mark.slow
def test_the_test_split_meets_its_floors(harness: VerifierHarness) -> None:
    # The floors were measured on the test split (thresholds.json "_source"); dev grows with
    # fresh batches of hard rows on purpose, so it is no floor's measure.
    if not DEFAULT_FILE.is_file():
        pytest.skip(f"{DEFAULT_FILE} does not exist yet")
    floors = load_floors()
    if not floors:
        pytest.skip('eval/thresholds.json has no "verifier" floors yet')
    report = harness.run(load_items(DEFAULT_FILE, split="test"))
    assert not check_floors(report, floors), markdown(report)
