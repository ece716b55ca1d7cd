"""Display cleaning of the LaTeX and markdown that abstracts carry."""

import pytest

from paperwise.text import clean_for_display


@pytest.mark.parametrize(("raw", "shown"), [
    (r"8$\times$ faster", "8× faster"),
    (r"a given response $30\times$ faster", "a given response 30× faster"),
    (r"40\% less memory", "40% less memory"),
    (r"we release \textit{code} and $\alpha$-nets", r"we release code and \alpha-nets"),
    ("a **bold** claim", "a bold claim"),
])
def test_latex_and_markdown_become_plain_text(raw: str, shown: str) -> None:
    assert clean_for_display(raw) == shown
