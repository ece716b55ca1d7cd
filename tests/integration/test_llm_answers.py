"""The LLM answerer on the seed index with LangChain's fake chat model (no server): made-up
markers dropped, unbacked answers replaced, the refusal phrase honoured, and an endpoint that
does not answer named without its key. Real servers: e2e/test_llm_endpoints.py."""

from __future__ import annotations

import pytest
from langchain_core.language_models.fake_chat_models import FakeListChatModel

from paperwise.settings import LLMSettings
from paperwise.text import markers_in
from rag import CANNOT_ANSWER, PaperQA
from rag.prompts import UNSUPPORTED_NOTICE
from tests.conftest import derive, free_port

SECRET = "sk-test-secret-do-not-print"


def _fake_llm_qa(seed_qa: PaperQA, reply: str) -> PaperQA:
    return PaperQA(derive(seed_qa.settings, answerer="llm"), embedder=seed_qa.embedder,
                   store=seed_qa.store, llm=FakeListChatModel(responses=[reply]))


def test_made_up_markers_are_dropped(seed_qa: PaperQA) -> None:
    reply = ("FB-CPR regularizes unsupervised zero-shot RL towards imitating trajectories from "
             "unlabeled behaviors [1][7]. It is trained online with observation-only motion "
             "capture datasets [1, 12].")
    answer = _fake_llm_qa(seed_qa, reply).ask("What does FB-CPR regularize towards?")
    assert answer.answerer == "llm"
    assert markers_in(answer.text) == [1, 1]
    assert any("[7, 12]" in n for n in answer.notices)
    assert all(s.supported for s in answer.sentences)
    assert answer.citations[0].paper.title == "FB-CPR"


def test_an_unbacked_llm_answer_falls_back_to_extractive(seed_qa: PaperQA) -> None:
    reply = "FB-CPR was trained on 4096 TPUs for a year [1]. It won a Nobel prize [2]."
    answer = _fake_llm_qa(seed_qa, reply).ask("What does FB-CPR regularize towards?")
    assert answer.answerer == "extractive" and UNSUPPORTED_NOTICE in answer.notices
    assert "Nobel" not in answer.text


def test_the_cannot_answer_phrase_means_not_answerable(seed_qa: PaperQA) -> None:
    answer = _fake_llm_qa(seed_qa, CANNOT_ANSWER).ask("How many GPU hours did FB-CPR use?")
    assert not answer.answerable and answer.text == CANNOT_ANSWER


# SPA is the first source of this question: the replies' [1] is SPA.
SPA_FOOTPRINT = ("What was the carbon footprint of training the SPA representation learning "
                 "framework?")


@pytest.mark.parametrize(("reply", "refused"), [
    ("The provided abstracts do not report a carbon footprint for SPA, so this cannot be "
     "answered from them; the SPA abstract only mentions GPU hours [1].", True),
    ("所提供的摘要中没有提及碳排放。", True),
    ("I can't answer that from the provided abstracts. The SPA abstract only gives GPU hours "
     "[1].", True),
    ("None of the supplied abstracts mention emissions, so this can't be determined.", True),
    ("The abstracts don't give this.", True),
    # a refusal after an opener, or after a sentence of context (fresh dev batch a)
    ("However, the abstract does not report the carbon footprint of training SPA.", True),
    ("SPA's strongest model takes more than 6000 GPU hours to train [1]. I couldn't find its "
     "carbon footprint in the sources.", True),
    ("This isn't stated in the provided papers. SPA's strongest model takes more than 6000 "
     "GPU hours to train [1].", True),
    # context before it that the abstracts do not back makes it an answer to check
    ("SPA was trained on 512 TPU v5 chips in Finland [1]. I couldn't find its carbon "
     "footprint in the sources.", False),
    # a part of the answer is given: its claims are checked, not taken for a refusal
    ("The abstracts do not say which GPUs were used, but SPA takes more than 6000 GPU hours "
     "to train [1].", False),
])
def test_a_refusal_in_the_llms_own_words_is_a_refusal(seed_qa: PaperQA, reply: str,
                                                      refused: bool) -> None:
    answer = _fake_llm_qa(seed_qa, reply).ask(SPA_FOOTPRINT)
    # a partial answer is checked sentence by sentence (and may fall back to the extractive)
    assert (answer.answerer == "llm" and not answer.answerable) is refused


def test_a_refusals_context_is_checked(seed_qa: PaperQA) -> None:
    reply = ("The abstracts do not report a carbon footprint for SPA. SPA was trained on 512 "
             "TPU v5 chips in Finland [1].")
    answer = _fake_llm_qa(seed_qa, reply).ask(SPA_FOOTPRINT)
    assert answer.answerer == "llm" and not answer.answerable
    assert [s.supported for s in answer.sentences] == [True, False]


def test_an_unreachable_endpoint_is_named(seed_qa: PaperQA) -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there
    qa = PaperQA(derive(seed_qa.settings, answerer="llm", openai_base_url=url,
                        openai_api_key=SECRET, llm=LLMSettings(max_retries=0, timeout_s=10)),
                 embedder=seed_qa.embedder, store=seed_qa.store)
    answer = qa.ask("What does FB-CPR regularize towards?")
    assert answer.answerer == "extractive" and answer.answerable
    assert any(url in n and "unreachable" in n for n in answer.notices)
    assert SECRET not in answer.model_dump_json()
