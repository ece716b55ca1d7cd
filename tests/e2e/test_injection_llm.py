"""The prompt-injection suite through a real SmolLM2 server (llama.cpp): the checks after the
LLM must leave no broken rule (tests/injection.py)."""

from __future__ import annotations

import pytest

from rag import PaperQA
from rag.prompts import FALLBACK_NOTICE
from tests.conftest import derive
from tests.injection import IDS, QUESTIONS, ask, check_rules


@pytest.fixture(scope="module")
def llm_qa(poisoned_qa: PaperQA, llama_server: str) -> PaperQA:
    from paperwise.settings import LLMSettings, RetrievalSettings

    settings = derive(poisoned_qa.settings, answerer="llm", openai_base_url=llama_server,
                      llm=LLMSettings(model="smollm2", max_tokens=64, timeout_s=120, max_retries=0),
                      retrieval=RetrievalSettings(k=3))
    return PaperQA(settings, embedder=poisoned_qa.embedder, store=poisoned_qa.store)


@pytest.mark.slow
@pytest.mark.parametrize(("question", "forbidden", "target"), QUESTIONS, ids=IDS)
def test_llm_answers_keep_the_rules(llm_qa: PaperQA, question: str, forbidden: list[str],
                                    target: str | None) -> None:
    """SmolLM2 follows instructions poorly and cites worse; Paperwise's checks (dangling
    markers dropped, sentences verified, extractive fallback) must still leave no broken rule,
    and the raw tokens streamed before the check must render as inert text too."""
    answer, streamed = ask(llm_qa, question)
    # The server answered (a fallback for "unreachable" or "timed out" would test nothing).
    assert not any(n.startswith(FALLBACK_NOTICE.split("{")[0]) for n in answer.notices), (
        answer.notices)
    if target:
        assert target in [h.paper.title for h in answer.sources], "the poison was not retrieved"
    check_rules(answer, streamed, forbidden)
