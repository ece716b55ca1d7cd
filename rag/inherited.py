"""A limitation the abstract gives earlier work, said of the paper's own method: "Db-TSW ...
relies only on the positions of the measure supports while disregarding the projecting domains"
where the abstract says that of TSW-SL, which Db-TSW mends; "unlike the previous alternative, the
new scheme is only suitable for specific graphs" where "the fastest previous alternative was ...
only suitable for specific graphs". An LLM writes it by carrying a background sentence's words
over to the method; similarity sees the abstract's own words and passes it. English only; a miss
rather than a false alarm: the claim must state a limitation (cues.LIMITING) of the method
(within cues.LIMIT_REACH words of it) in a clause about no earlier work, holding at least
cues.INHERITED_MIN_KEYS of the earlier work's limitation words that no own sentence says (a
limitation the method's own sentences also word, as "multi-view ... input" against "a single
view", is missed).
Cues: rag/cues/drawbacks.py."""

from __future__ import annotations

import re

from paperwise.text import language_of, split_sentences, strip_markers
from rag.claim_names import names_in
from rag.cues import drawbacks as cues
from rag.wording import content_keys, read_words


def _own_start(sentences: list[str]) -> int | None:
    """The index of the sentence where the paper starts telling its own work."""
    return next((i for i, s in enumerate(sentences) if cues.OWN_WORK_START.search(s)), None)


def _limitation_keys(sentences: list[str], own: int) -> set[str]:
    """The words of what earlier work is limited to or by, that no own sentence says."""
    limited: set[str] = set()
    for i, sentence in enumerate(sentences):
        if i >= own and not cues.EARLIER_WORK_SAID.search(sentence):
            continue
        for found in cues.LIMITING.finditer(sentence):
            phrase = re.split(r"[,;.]| or | and (?=\w+s\b)", sentence[found.start():],
                              maxsplit=1)[0]
            limited |= content_keys(read_words(phrase))
    said_own = {key for i, s in enumerate(sentences) if i >= own
                and not cues.EARLIER_WORK_SAID.search(s) for key in content_keys(read_words(s))}
    return limited - said_own


def _own_names(sentences: list[str], own: int) -> set[str]:
    """The names of what the paper proposes: those of the sentence proposing it and the next,
    less any the background uses (the first sentence aside: paper_text opens with the title)."""
    return ({n for s in sentences[own:own + 2] for n in names_in(s)}
            - {n for s in sentences[1:own] for n in names_in(s)})


def _own_clauses(claim: str) -> list[str]:
    """The claim's clauses, an aside likening the method to earlier work read away; a clause
    naming earlier work, or denying or contrasting, is none."""
    claim = cues.LIKENED_ASIDE.sub(" ", claim)
    clauses = re.split(r";\s*|,\s*(?:while|whereas)\s+|\s+(?:but|whereas|although|though)\s+",
                       claim)
    return [c for c in clauses if not cues.EARLIER_WORK_SAID.search(c)
            and not cues.LIMIT_AVOIDED.search(c)]


def _limited_subject(clause: str, names_own: set[str]) -> bool:
    """A limitation (cues.LIMITING) said within cues.LIMIT_REACH words after the method
    (cues.OWN_SUBJECT, or one of its names): "the new scheme is only suitable for ...", not
    "FtTPO tackles ... policies, which clash with offline algorithms that need ..."."""
    limit = cues.LIMITING.search(clause)
    subjects = [m.end() for m in cues.OWN_SUBJECT.finditer(clause)] + [
        m.end() for n in names_own
        for m in re.finditer(rf"(?<![\w-]){re.escape(n)}(?![\w-])", clause)]
    # ... with no other name between, whose limit it would be ("KaSA targets the fact that LoRA
    # and its successors disregard ...": dev verifier zt027, faithful)
    return limit is not None and any(
        end <= limit.start() and len(clause[end:limit.start()].split()) <= cues.LIMIT_REACH
        and not names_in(clause[end:limit.start()]) for end in subjects)


def check_inherited_limitation(claim: str, paper_text: str) -> str | None:
    """The claim says of the method a limitation the abstract gives earlier work."""
    claim = strip_markers(claim)
    if language_of(claim) != "en" or not cues.LIMITING.search(claim):
        return None
    sentences = split_sentences(paper_text)
    own = _own_start(sentences)
    if own is None:
        return None
    theirs = _limitation_keys(sentences, own)
    names_own = _own_names(sentences, own)
    for clause in _own_clauses(claim):
        held = content_keys(read_words(clause)) & theirs
        if _limited_subject(clause, names_own) and len(held) >= cues.INHERITED_MIN_KEYS:
            return "says of the method a limitation the abstract gives earlier work"
    return None
