"""Question rules from this stop's dev batches: last stop's held-out mq and the fresh mt
(weighted to multi-paper questions). Topics typed with spaced slashes list the papers on any of
them; "compare the papers that X" compares every paper doing X."""

from __future__ import annotations

from tests.extractive_fakes import alike_answer, hit

_PLANNER = ("We propose a novel transformer-based Diffusion Planner for closed-loop planning. "
            "Diffusion Planner achieves safe and adaptable planning behaviors")
_DIFFUSION_MARL = ("We propose DoF, a diffusion factorization framework for offline MARL. "
                   "Diffusion models generate the joint policy of the agents")
_POLICY_EVALUATION = ("Policy evaluation estimates the performance of a policy. We design an "
                      "optimal data-collecting policy that reduces the variance of policy "
                      "evaluation")
_SAFE_EVALUATION = ("We propose a behavior policy under safety constraints that reduces the "
                    "variance of on-policy evaluation in reinforcement learning")


def _cited(question: str, *papers: tuple[str, str]) -> set[str]:
    """The titles an answer cites for what it says (none when it refuses)."""
    hits = [hit(abstract, title, f"p{k}") for k, (abstract, title) in enumerate(papers, 1)]
    answer = alike_answer(question, hits)
    return {c.paper.title for c in answer.citations} if answer.answerable else set()


def test_topics_typed_with_spaced_slashes_list_the_papers_on_any() -> None:
    cited = _cited("diffusion policy / Diffusion Planner / diffusion-based MARL",
                   (_PLANNER, "Diffusion Planner"), (_DIFFUSION_MARL, "DoF"))
    assert cited == {"Diffusion Planner", "DoF"}


def test_a_few_typed_words_naming_one_paper_still_ask_about_it() -> None:
    # control: no slashes, one paper named: its own answer
    cited = _cited("Diffusion Planner closed-loop planning",
                   (_PLANNER, "Diffusion Planner"), (_DIFFUSION_MARL, "DoF"))
    assert cited == {"Diffusion Planner"}


def test_comparing_the_papers_that_do_x_compares_every_paper_doing_it() -> None:
    cited = _cited("compare the papers that try to reduce variance in policy evaluation",
                   (_POLICY_EVALUATION, "Policy evaluation"), (_SAFE_EVALUATION, "Safe evaluation"))
    assert cited == {"Policy evaluation", "Safe evaluation"}
