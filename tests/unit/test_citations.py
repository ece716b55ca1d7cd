import numpy as np

from paperwise.text import markers_in
from paperwise.types import Hit, Paper, PaperSentences, SentenceBank, paper_id_for
from rag.citations import drop_dangling, supported_share, verify


def test_markers_are_parsed_in_every_common_form() -> None:
    assert markers_in("A [1]. B [2, 3]. C [4][5]; D [6; 7].") == [1, 2, 3, 4, 5, 6, 7]


def test_dangling_markers_are_dropped_and_reported() -> None:
    text, dropped = drop_dangling("Works well [1][9]. Also [2, 12] and [0].", 3)
    assert text == "Works well [1]. Also [2] and."
    assert dropped == [9, 12, 0]


def _hit(abstract: str) -> Hit:
    paper = Paper(id=paper_id_for(abstract), title="T", source="s.txt", position=1,
                  abstract=abstract)
    return Hit(paper=paper, text=abstract, score=1.0)


def test_verification_marks_unbacked_sentences() -> None:
    """A fake embedder (pure logic): identical text → similarity 1, else 0."""
    evidence = ["The model reaches 90% accuracy on ImageNet.", "It uses sparse attention."]
    hit = _hit(" ".join(evidence))
    vocabulary = [*evidence, "The moon is made of cheese."]

    def embed(texts: list[str]) -> np.ndarray:
        return np.array([[float(t.strip() == v) for v in vocabulary] for t in texts])

    bank = SentenceBank({hit.paper.id: PaperSentences(evidence, embed(evidence))})
    answer = ("The model reaches 90% accuracy on ImageNet. [1] The moon is made of cheese. [1] "
              "It uses sparse attention.")
    checked, citations = verify(answer, [hit], bank, embed)
    assert [s.supported for s in checked] == [True, False, False]  # last one cites nothing
    assert citations[0].marker == 1 and "90% accuracy" in citations[0].quote
    assert supported_share(checked) == 1 / 3
