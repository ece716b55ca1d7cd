"""Figures told wrong. The order of two stated figures: a claim that X does better on A than
on B, where the cited abstract gives X's figures on A and on B ("47% on synchronous tasks but
only 11% on asynchronous tasks"), must order them as the figures do (a similarity score cannot
see this; the antonym check has no antonym to read). A figure's direction, and a figure the
abstract states of another result, and a cost order ("O(N)") given to the other side of a
comparison. English only; cues in rag/cues/claim_checks.py."""

from __future__ import annotations

import re

from paperwise.text import STOPWORDS, clean_for_display, language_of, split_sentences, terms
from rag.claims import numbers_in, states_number, words_beside
from rag.cues import claim_checks as cues


def _setting(words: str) -> str | None:
    """The word a setting is known by: its first content word ("the asynchronous tasks" →
    asynchronous)."""
    content = [w for w in re.findall(r"[\w-]+", words.casefold()) if w not in STOPWORDS]
    return content[0] if content else None


def _figure_on(setting: str, sentences: list[str]) -> tuple[float, str] | None:
    """The figure a sentence states on the setting ("47% on synchronous tasks"), with that
    sentence; None unless exactly one sentence states one."""
    pattern = re.compile(rf"(\d+(?:\.\d+)?)\s*%?\s+(?:on|in|at|for)\s+(?:the\s+)?"
                         rf"(?:[\w-]+\s+)?{re.escape(setting)}\b", re.I)
    found = [(float(m[1]), s) for s in sentences for m in pattern.finditer(s)]
    return found[0] if len(found) == 1 else None


def figure_order_conflict(claim: str, sentences: list[str]) -> str | None:
    """The claim orders two settings against the figures its abstract states for them."""
    if language_of(claim) != "en":
        return None
    compared = cues.SETTINGS_COMPARED.search(claim)
    if compared is None:
        return None
    word = compared["word"].casefold()
    first, second = _setting(compared["a"]), _setting(compared["b"])
    if not first or not second or first == second:
        return None
    a, b = _figure_on(first, sentences), _figure_on(second, sentences)
    if a is None or b is None or a[0] == b[0] or a[1] != b[1]:
        return None  # unless one sentence states both: figures of one measure
    if word in cues.JUDGING_ORDER_WORDS and cues.LOWER_IS_BETTER.search(a[1]):
        return None  # "better" with errors or latencies reads the other way
    says_first_higher = word in cues.HIGHER_ORDER_WORDS
    if says_first_higher == (a[0] > b[0]):
        return None
    return (f"says {word} on {first} than on {second}, where the abstract gives "
            f"{a[0]:g} and {b[0]:g}")


def _content(text: str) -> list[str]:
    """The words of a text that may say an amount's direction: content words and the amount
    words ("more", "less", which are stopwords)."""
    return [w for w in re.findall(r"[a-z]+", text.casefold())
            if w not in STOPWORDS or w in cues.FIGURE_UP or w in cues.FIGURE_DOWN]


_WAY = {"up": "an increase", "down": "a decrease"}


def _directions(sentence: str) -> dict[str, set[str]]:
    """Each relative figure of a sentence ("40%", "3×") with the way the amount words around
    it say it goes: "up", "down", or nothing when they say neither or both."""
    text = clean_for_display(sentence).replace("\\", "")
    found: dict[str, set[str]] = {}
    for match in cues.DIRECTED_FIGURE.finditer(text):
        before, after = (_content(part) for part in (text[:match.start()], text[match.end():]))
        near = {*before[-cues.FIGURE_DIRECTION_WINDOW:], *after[:cues.FIGURE_DIRECTION_WINDOW]}
        ways = {way for way, words in (("up", cues.FIGURE_UP), ("down", cues.FIGURE_DOWN))
                if near & words}
        figure = re.sub(r"\s+", "", match.group()).replace("x", "×")
        found.setdefault(figure, set()).update(ways if len(ways) == 1 else {"?"})
    return found


def figure_direction_conflict(claim: str, sentences: list[str]) -> str | None:
    """The claim sends a relative figure the other way from its abstract: "40% more
    iterations" where the abstract "reduces the number of iterations by over 40%"."""
    if language_of(claim) != "en":
        return None
    stated: dict[str, set[str]] = {}
    for sentence in sentences:
        for figure, ways in _directions(sentence).items():
            stated.setdefault(figure, set()).update(ways)
    for figure, ways in _directions(claim).items():
        said, there = ways - {"?"}, stated.get(figure, set()) - {"?"}
        if len(said) == 1 and len(there) == 1 and said != there:
            return (f"gives {figure} as {_WAY[said.pop()]}, where the abstract gives it as "
                    f"{_WAY[there.pop()]}")
    return None


def misplaced_figure(claim: str, sentences: list[str]) -> str | None:
    """The claim gives a figure the abstract states of another result: the sentence telling
    what the claim tells gives another figure of that kind ("about 70% faster than a
    synchronous run" where the abstract's run is "~40% faster", its 70% another run's)."""
    numbers = numbers_in(claim)
    if not numbers or not sentences or language_of(claim) != "en":
        return None
    words = set(terms(claim))
    shared = {s: len(words & set(terms(s))) for s in sentences}
    best = max(sentences, key=shared.__getitem__)
    for number in numbers:
        holding = [shared[s] for s in sentences if states_number(s, number)]
        if not holding or states_number(best, number):
            continue
        # ... standing where the claim's does ("40% faster" for "70% faster"; a claim fusing
        # two sentences gives "5,694 prompts" where the other says "314 categories")
        rival = next((n for n in numbers_in(best) if n.kind == number.kind
                      and not states_number(claim, n)
                      and words_beside(best, n) & words_beside(claim, number) - STOPWORDS),
                     None)
        if rival is not None and shared[best] >= max(holding) + cues.MISPLACED_FIGURE_MARGIN:
            return (f"gives {number.text} where the abstract gives {rival.text}; it states "
                    f"{number.text} of another result")
    return None


def _cost_orders(text: str) -> dict[str, set[bool]]:
    """Each cost order a text gives (by _order_key), with whether a clause stating it speaks
    of earlier work."""
    found: dict[str, set[bool]] = {}
    for clause in cues.ORDER_CLAUSE.split(text):
        for m in cues.BIG_O.finditer(clause):
            found.setdefault(_order_key(m[0]), set()).add(
                bool(cues.EARLIER_WORK_WORDS.search(clause)))
    return found


def _order_key(order: str) -> str:
    """A cost order as compared: "O(N log N)" and "O(n logn)" are one."""
    return re.sub(r"\s+", "", order).casefold()


def swapped_cost_order(claim: str, paper_text: str) -> str | None:
    """The claim gives two cost orders, one of them to the side (earlier work or the paper's
    own) the abstract does not give it to."""
    claim = clean_for_display(claim)
    ours = _cost_orders(claim)
    if len(ours) < 2:
        return None
    theirs: dict[str, set[bool]] = {}
    for sentence in split_sentences(paper_text):
        for order, sides in _cost_orders(clean_for_display(sentence)).items():
            theirs.setdefault(order, set()).update(sides)
    for order, sides in ours.items():
        if len(sides) == 1 and len(theirs.get(order, set())) == 1 and sides != theirs[order]:
            earlier = "earlier work" if True in theirs[order] else "the paper's own method"
            written = next(m[0] for m in cues.BIG_O.finditer(claim) if _order_key(m[0]) == order)
            return f"the abstract gives {written} to {earlier}"
    return None


def _bounds(text: str) -> dict[str, set[bool]]:
    """Each figure a text bounds ("smaller than 1") with the side: True for above it."""
    found: dict[str, set[bool]] = {}
    for match in cues.BOUND.finditer(clean_for_display(text)):
        word = (match["cmp"] or match["side"]).casefold()
        found.setdefault(match["n"].replace(",", ""), set()).add(word in cues.BOUND_UP)
    return found


def bound_conflict(claim: str, paper_text: str) -> str | None:
    """The claim puts a bound on the other side from its abstract: "weights summing to more
    than 1" where the abstract has "the sum of weights ... is smaller than 1"."""
    if language_of(claim) != "en":
        return None
    theirs = _bounds(paper_text)
    for figure, sides in _bounds(claim).items():
        there = theirs.get(figure, set())
        if len(sides) == 1 and len(there) == 1 and sides != there:
            return (f"says {'above' if True in sides else 'below'} {figure} where the abstract "
                    f"says {'above' if True in there else 'below'}")
    return None
