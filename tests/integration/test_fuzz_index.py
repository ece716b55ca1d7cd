"""Fuzzing what needs the real index: a fuzzed file beside an indexed corpus loses nothing, and
any question gets an answer or a clear refusal from the seed index."""

from __future__ import annotations

import json
import re
from datetime import timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from index.build import build_index
from index.embeddings import MiniLMEmbeddings
from index.loaders import load_papers
from index.store import make_store
from paperwise.errors import InputError
from paperwise.types import Answer
from rag import PaperQA
from tests.conftest import make_settings
from tests.strategies import ABSTRACT, CHARS, LONE_SURROGATES, LONG, PREFIXES, SUFFIXES, TEXT

CORPUS = ("We introduce FB-CPR, which regularizes zero-shot reinforcement learning.\n\n"
          "Graph neural networks struggle with long-range dependencies.\n\n"
          "We present AIR-BENCH 2024, a safety benchmark with 314 risk categories.\n")


def test_a_bad_file_next_to_good_ones_loses_nothing(tmp_path: Path,
                                                    embedder: MiniLMEmbeddings) -> None:
    """A rebuild with a fuzzed file beside the corpus keeps every stored paper and reports the
    file it could not use. Multilingual vectors are off: they only slow each build down."""
    cfg = make_settings(tmp_path, embedding={"multilingual": False})
    folder = tmp_path / "papers"
    folder.mkdir()
    (folder / "good.txt").write_text(f"ICLR 2025 papers\n\n{CORPUS}", encoding="utf-8")
    store = make_store(cfg, embedder)
    assert build_index(cfg, [folder], embedder=embedder, store=store).added == 3
    original = {p.id: p for p in store.papers()}

    surrogate_title = st.builds(lambda a, t: json.dumps({"abstract": a, "title": t}).encode(),
                                ABSTRACT, LONE_SURROGATES)  # once failed the whole build

    @settings(max_examples=20, deadline=None, database=None, report_multiple_bugs=False)
    @given(suffix=st.sampled_from(SUFFIXES), prefixed=st.booleans(), data=st.one_of(
        st.binary(max_size=500), TEXT.map(lambda t: t.encode("utf-8")), surrogate_title))
    def rebuild_with(suffix: str, prefixed: bool, data: bytes) -> None:
        bad = folder / f"zz-fuzz{suffix}"
        bad.write_bytes((PREFIXES[suffix] if prefixed else b"") + data)
        try:
            try:
                alone = {p.id for p in load_papers([bad]).papers}
            except InputError:
                alone = set()
            summary = build_index(cfg, [folder], embedder=embedder, store=store)
        finally:
            bad.unlink()
        stored = {p.id: p for p in store.papers()}
        assert all(stored.get(pid) == paper for pid, paper in original.items())
        assert alone <= set(stored)
        assert alone or any(str(bad) in message for message in summary.skipped), summary

    rebuild_with()


QUESTION = st.one_of(st.text(CHARS, max_size=300), LONG, LONE_SURROGATES,
                     st.builds(lambda t: "What does it use? " + t, TEXT))
_SURROGATE = re.compile("[\ud800-\udfff]")


@settings(max_examples=80, deadline=timedelta(seconds=10), database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(question=QUESTION, history=st.lists(st.tuples(QUESTION, TEXT), max_size=2))
def test_any_question_gets_an_answer_or_a_clear_refusal(
        seed_qa: PaperQA, question: str, history: list[tuple[str, str]]) -> None:
    """Any unicode (lone surrogates arrive through JSON escapes in /api/ask), any length: an
    Answer to the question as cleaned (white space folded, cut at the limit, with a notice),
    or InputError when there is nothing to ask."""
    try:
        answer = seed_qa.ask(question, history)
    except InputError:
        assert not question.strip()
        return
    assert question.strip() and isinstance(answer, Answer)
    limit = seed_qa.settings.max_question_chars
    cleaned = _SURROGATE.sub("\ufffd", " ".join(question.split()))
    assert answer.question == cleaned[:limit].rstrip()
    assert any(str(limit) in notice for notice in answer.notices) == (len(cleaned) > limit)
    assert answer.text.strip() and all(h.paper.abstract for h in answer.sources)
