"""Filters against a real index: venue, years, author and source narrow every retriever; a
filter that leaves no paper gives an answer that says so instead of a refusal."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from paperwise.metadata import paper_year
from rag import FinalEvent, NoticeEvent, PaperQA, SourcesEvent, TextDelta
from rag.filters import Filters
from tests.conftest import make_settings
from tests.meta_corpus import PAPERS, write_corpus


@pytest.fixture(scope="module")
def meta_qa(tmp_path_factory: pytest.TempPathFactory,
            open_qa: Callable[..., PaperQA]) -> PaperQA:
    root = tmp_path_factory.mktemp("meta")
    settings = make_settings(root, data_dir=write_corpus(root / "papers"),
                             embedding={"multilingual": False})
    qa = open_qa(settings)
    assert qa.index().added == len(PAPERS)
    return qa


@pytest.mark.parametrize("mode", ["hybrid", "dense", "bm25"])
def test_years_and_author_narrow_every_retriever(meta_qa: PaperQA, mode: str) -> None:
    recent = meta_qa.retrieve("reinforcement learning agents", k=10, mode=mode,
                              filters=Filters.parse(year="2024-2025"))
    assert recent and all(2024 <= (paper_year(h.paper) or 0) <= 2025 for h in recent)
    smiths = meta_qa.retrieve("robots and documents", k=10, mode=mode,
                              filters=Filters.parse(author="SMITH"))
    titles = {h.paper.title for h in smiths}
    assert titles and titles <= {"Sparse Attention for Long Documents",
                                 "Diffusion Planning for Robot Arms",
                                 "A Survey of Reinforcement Learning Benchmarks"}
    both = meta_qa.retrieve("diffusion robot trajectories", k=10, mode=mode,
                            filters=Filters.parse(author="smith", year="2024"))
    assert [h.paper.title for h in both] == ["Diffusion Planning for Robot Arms"]


def test_answers_cite_only_papers_that_pass(meta_qa: PaperQA) -> None:
    answer = meta_qa.ask("Which benchmarks do reinforcement learning agents use?",
                         filters=Filters.parse(venue="Journal of AI Research"))
    assert answer.answerable and answer.sources
    assert {h.paper.venue for h in answer.sources} == {"Journal of AI Research"}
    assert answer.config["filters"] == "venue 'Journal of AI Research'"


def test_no_matching_paper_is_said_not_refused(meta_qa: PaperQA) -> None:
    events = list(meta_qa.stream("How does Kinetix train its agent?",
                                 filters=Filters.parse(venue="iclr 2025", year="2025")))
    assert [type(e) for e in events] == [SourcesEvent, NoticeEvent, TextDelta, FinalEvent]
    answer = events[-1].answer
    assert not answer.answerable and not answer.sources and not answer.citations
    assert answer.text.startswith("No papers match these filters (venue 'iclr 2025', year "
                                  "2025)")
    assert "'ICLR 2025'" in answer.text  # the venues there are, to fix the typo
    assert answer.notices == [answer.text]
    with_match = meta_qa.ask("How does Kinetix train its agent?",
                             filters=Filters.parse(venue="ICLR 2025", year="2025"))
    assert with_match.answerable and "No papers match" not in with_match.text


def test_papers_and_one_paper(meta_qa: PaperQA) -> None:
    assert len(meta_qa.papers()) == len(PAPERS) == len(meta_qa.papers(Filters()))
    listed = meta_qa.papers(Filters.parse(year="-2023"))
    assert [p.title for p in listed] == ["Sparse Attention for Long Documents",
                                         "A Survey of Reinforcement Learning Benchmarks"]
    assert meta_qa.paper(listed[0].id) == listed[0] and meta_qa.paper("p-nope") is None


def test_seed_years_come_from_their_venue(seed_qa: PaperQA) -> None:
    """The seed papers say "ICLR 2025" and no year: a 2025 filter keeps them all, also for a
    question in Chinese (the multilingual side filters what it fetched)."""
    assert len(seed_qa.papers(Filters(year_min=2025))) == 94
    question = "怎样从一张照片生成带可动部件（比如柜门、抽屉）的家居物体三维资产？"
    hits = seed_qa.retrieve(question, k=5, filters=Filters(year_min=2025))
    assert "articulated" in hits[0].paper.abstract
    assert [h.paper.id for h in hits] == [h.paper.id for h in seed_qa.retrieve(question, k=5)]
    refused = seed_qa.ask("What does POGEMA provide?", filters=Filters.parse(year="2020-2023"))
    assert not refused.answerable and refused.text.startswith("No papers match")


def test_the_overlapped_dense_side_finds_what_the_serial_one_does(
        seed_qa: PaperQA, monkeypatch: pytest.MonkeyPatch) -> None:
    """Large corpora run Chroma's query in a worker while BM25 is scored; small ones one after
    the other (rag/retrieve.py): the hits are the same either way."""
    import rag.retrieve

    questions = ["How many risk categories does AIR-BENCH 2024 have?",
                 "Which papers evaluate on MuJoCo or Atari?", "什么是 FB-CPR？"]
    serial = [[(h.paper.id, h.score) for h in seed_qa.retrieve(q)] for q in questions]
    monkeypatch.setattr(rag.retrieve, "_OVERLAP_MIN_CHUNKS", 0)
    overlapped = [[(h.paper.id, h.score) for h in seed_qa.retrieve(q)] for q in questions]
    assert overlapped == serial
