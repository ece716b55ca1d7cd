"""rag/borrowed.py: a phrase of another retrieved paper said of the cited one."""

from rag.borrowed import borrowed_phrases

CYBERHOST = ("CyberHost is a one-stage audio-driven framework for half-body animation with a "
             "Region Attention Module and Human-Prior-Guided Conditions.")
LOOPY = ("Loopy uses an inter- and intra-clip temporal module and an audio-to-latents module to "
         "leverage long-term motion information.")


def test_a_clause_of_another_paper_is_flagged() -> None:
    claim = ("CyberHost targets half-body animation in one stage, relying on an inter- and "
             "intra-clip temporal module and an audio-to-latents module.")
    assert borrowed_phrases(claim, CYBERHOST, [(1, LOOPY)]) == (
        "better backed by [1] than by the cited source")


def test_the_cited_papers_own_wording_passes() -> None:
    claim = "CyberHost animates half bodies in one stage with a Region Attention Module."
    assert borrowed_phrases(claim, CYBERHOST, [(1, LOOPY)]) is None
    # pairs both papers hold are no evidence of either
    assert borrowed_phrases(claim, CYBERHOST, [(1, CYBERHOST + " " + LOOPY)]) is None
