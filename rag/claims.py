"""Explicit checks of one answer sentence against the abstract it cites: numbers, names,
polarity and attribution, the facts a similarity score cannot see.

Every check returns None when it passes, else a short reason for the user. Reasons say "the
cited abstract" and name no marker: the caller knows which [n] was cited and may prefix it.

Decisions: digits inside names ("GPT-4o", "Claude 3") belong to the name check, not the number
check; "one" is never read as a count in a claim; a claim number may round the evidence's to
its own precision ("12%" for "11.7%"), and to its trailing zeros after "about"/"over"; % and ×
never match each other; "12-fold"/"tenfold" are multipliers and "10^6" is 1000000; a rate in
big-O notation must be one of the abstract's, in LaTeX or not ("O(1/√T)" is not "O(1/T)").
The name check is rag/claim_names.py. Polarity is judged on English only and prefers a miss to
a false alarm.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from paperwise.text import strip_markers
from rag.claim_names import NUMERIC, TOKEN, VERSION, check_names, clean_claim_text, names_in
from rag.cues.claim_checks import (
    APPROX_WORDS,
    AT_LEAST_WORDS,
    ATTRIBUTION_MARGIN,
    CJK_SCALES,
    CLEARLY_BACKED,
    EVIDENCE_ONLY_WORDS,
    MAX_LISTED_COUNT,
    MULTIPLIER_WORDS,
    NOT_A_COUNT_AFTER,
    NUMBER_WORDS,
    ORDINAL_WORDS,
    SCALE_LETTERS,
    SCALE_WORDS,
    TENS_WORDS,
    UNIT_WORDS,
)
from rag.cues.verify import STRETCHING_WORDS
from rag.polarity import check_polarity


@dataclass(frozen=True)
class Number:
    """A number as written (`text`), its value, kind and the precision it was written to."""

    text: str
    value: float
    kind: str  # "plain", "percent" or "times"
    precision: float
    at_least: bool = False  # "over 40%": the evidence's figure lies in [value, value + precision)


@dataclass(frozen=True)
class ClaimCheck:
    supported: bool
    reason: str


# --- Numbers ---------------------------------------------------------------------------------

_NUMBER = re.compile(
    r"(?<![A-Za-z0-9.,])(?P<int>\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?:\.(?P<frac>\d+))?(?P<plus>\+)?"
    r"(?:\s?(?P<pct>%|percent\b|per cent\b)|\s?(?P<times>×|times\b|倍)|(?P<x>x)(?![A-Za-z])"
    r"|(?P<cjk>万亿|亿|万|千)"
    r"|[\s-]?(?P<scale>hundred|thousand|million|billion|trillion)\b"
    r"|(?P<letter>bn|[kKmMbBtT])(?![A-Za-z]))?")
_WORD = re.compile(r"[A-Za-z]+")


def _is_name_token(token: str) -> bool:
    """Letters and digits together, not a number with a unit ("12x", "8-bit", "7-billion"):
    "GPT-4o", "3D", "1st"."""
    return (bool(re.search(r"\d", token)) and bool(re.search(r"[A-Za-z]", token))
            and not NUMERIC.fullmatch(token) and not re.fullmatch(r"[\d.]+(?:-[a-z]+)+", token))


def _digit_numbers(text: str, liberal: bool = False) -> list[Number]:
    """Numbers written with digits. In a range the first end takes the second's unit ("2-5x";
    after "to" only % or ×, so "2020 to 191 million" stays 2020); `liberal` keeps both readings."""
    found: list[Number] = []
    bare_end = -1  # end of the previous number if it had no unit
    for m in _NUMBER.finditer(text):
        if re.fullmatch(r"\(\d{1,2}\)", text[max(0, m.start() - 1):m.end() + 1]):
            continue  # an enumeration "(1)"
        frac = m["frac"] or ""
        unit = m["scale"] or m["letter"] or ""
        scale = (SCALE_WORDS.get(unit.lower()) or SCALE_LETTERS.get(unit.lower())
                 or CJK_SCALES.get(m["cjk"] or "", 1.0))
        kind = "percent" if m["pct"] else "times" if m["times"] or m["x"] else "plain"
        digits = m["int"].replace(",", "")
        precision = 10.0 ** -len(frac)
        before = text[:m.start()].rstrip().lower()
        if not frac and before.endswith(APPROX_WORDS):
            precision = 10.0 ** (len(digits) - len(digits.rstrip("0")))
        at_least = before.endswith(AT_LEAST_WORDS)
        gap = text[bare_end:m.start()] if bare_end >= 0 else "x"
        if re.fullmatch(r"\s*[-–—]\s*", gap) or (re.fullmatch(r"\s+to\s+", gap)
                                                   and kind != "plain"):
            first = found[-1]
            found[len(found) - (0 if liberal else 1):] = [Number(
                first.text, first.value * scale, kind, first.precision * scale)]
        found.append(Number(m.group().strip(), float(f"{digits}.{frac or 0}") * scale, kind,
                            precision * scale, at_least))
        bare_end = m.end() if m.group().strip().replace(",", "").replace(".", "").isdigit() \
            else -1
    return found


def _word_numbers(text: str, strict: bool) -> list[Number]:
    words = [(m.group().lower(), m.start(), m.end()) for m in _WORD.finditer(text)]
    found: list[Number] = []
    consumed = 0
    for i, (word, _, end) in enumerate(words):
        if i < consumed:
            continue
        if not strict and word in EVIDENCE_ONLY_WORDS:
            found.append(Number(word, EVIDENCE_ONLY_WORDS[word], "plain", 0.0))
        if word in MULTIPLIER_WORDS:
            found.append(Number(word, MULTIPLIER_WORDS[word], "times", 0.0))
        if word in ORDINAL_WORDS and i and text[end:end + 1] not in ",;:-":
            found.append(Number(word, ORDINAL_WORDS[word], "plain", 1.0))
        if word not in NUMBER_WORDS and not (word == "a" and i + 1 < len(words)
                                             and words[i + 1][0] in SCALE_WORDS
                                             and text[end:words[i + 1][1]].isspace()):
            continue
        value, j = NUMBER_WORDS.get(word, 1.0), i + 1
        if word in TENS_WORDS and j < len(words) and text[end:end + 1] == "-" and \
                words[j][0] in UNIT_WORDS[:9]:
            value, j = value + NUMBER_WORDS[words[j][0]], j + 1  # "twenty-five"
        if j < len(words) and words[j][0] in SCALE_WORDS:
            value, j = value * SCALE_WORDS[words[j][0]], j + 1
        kind = "times" if j < len(words) and words[j][0] == "times" else "plain"
        j += kind == "times"
        nxt = words[j][0] if j < len(words) else ""
        consumed = j
        count = kind == "times" or (nxt != "" and nxt not in NOT_A_COUNT_AFTER)
        if strict and (word == "one" or not count):
            continue
        found.append(Number(text[words[i][1]:words[j - 1][2]], value, kind, 1.0))
    return found


def numbers_in(text: str) -> list[Number]:
    """The numbers a claim states. Digits in names ("GPT-4o", "LLaMA-2-7B", "Claude 3") and
    citation markers are not numbers: the name check covers them."""
    text = clean_claim_text(text)
    for name in names_in(text):
        if any(VERSION.fullmatch(part) for part in name.split()):
            text = re.sub(r"\s+".join(map(re.escape, name.split())), " ", text)
    return _digit_numbers(_mask_names(text)) + _word_numbers(text, strict=True)


def _mask_names(text: str) -> str:
    return TOKEN.sub(lambda m: " " if _is_name_token(m.group()) else m.group(), text)


def _evidence_numbers(text: str) -> list[Number]:
    """Everything in the evidence that could be a number, with magnitudes inside names: "7B"
    in "OLMoE-1B-7B" (a claim's "7 billion parameters")."""
    text = clean_claim_text(text)
    found = _digit_numbers(_mask_names(text), liberal=True) + _word_numbers(text, strict=False)
    for token in filter(_is_name_token, TOKEN.findall(text)):
        for m in re.finditer(r"(\d+(?:\.\d+)?)(bn|[kKmMbBtT])(?![a-z])", token):
            value = float(m.group(1)) * SCALE_LETTERS[m.group(2).lower()]
            found.append(Number(m.group(), value, "plain", 0.0))
    return found


def _same_number(claim: Number, evidence: Number) -> bool:
    if {claim.kind, evidence.kind} == {"percent", "times"}:
        return False
    slack = 1e-9 * abs(claim.value)
    if claim.at_least and claim.precision > 1:
        return claim.value - slack <= evidence.value < claim.value + claim.precision
    return abs(claim.value - evidence.value) <= claim.precision / 2 + slack


def _listed(claim: str, number: Number) -> bool:
    """A spelled-out count the claim itself backs: "two ways: A and B"."""
    if number.text.isdigit() or not 2 <= number.value <= MAX_LISTED_COUNT:
        return False
    at = re.search(rf"\b{re.escape(number.text)}\b(?:\s+\S+){{0,3}}?\s*(?::|,? namely)\s*(.+)",
                   clean_claim_text(claim), re.I)
    if not at:
        return False
    items = re.split(r",\s*(?:and\s+|or\s+)?|;\s*|\s+and\s+|\s+or\s+", at.group(1))
    return len([i for i in items if i.strip(" .")]) == number.value


def states_number(text: str, number: Number) -> bool:
    """Whether the text states the number, up to format and rounding."""
    return any(_same_number(number, e) for e in _evidence_numbers(text))


def words_beside(text: str, number: Number) -> set[str]:
    """The words either side of a number as the text writes it ("~40% faster" → faster)."""
    found = re.search(rf"(\w+)?\W*(?<![\w.]){re.escape(number.text)}\W*(\w+)?",
                      clean_claim_text(text))
    return {w.casefold() for w in found.groups() if w} if found else set()


def check_numbers(claim: str, evidence: str) -> str | None:
    """Every number in the claim must be in the evidence, up to format and rounding."""
    have = _evidence_numbers(evidence)
    for number in numbers_in(claim):
        if not any(_same_number(number, e) for e in have) and not _listed(claim, number):
            return f"number {number.text} is not in the cited abstract"
    return None


# --- Rates in big-O notation -----------------------------------------------------------------

_BIG_O = re.compile(r"(?:\\mathcal\s*\{\s*O\s*\}+|\\tilde\s*\{\s*O\s*\}|(?<![\w-])O)\s*\(")
_LATEX_RATE = ((re.compile(r"\\frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}"), r"\1/\2"),
               (re.compile(r"\\sqrt\s*\{([^{}]*)\}|\bsqrt\s*\(([^()]*)\)"), r"√\1\2"),
               (re.compile(r"\\(?:left|right|cdot|,|;)|[\s${}\\]"), ""))


def _written_rates(text: str) -> dict[str, str]:
    """The big-O expressions of a text, each written one way, with how the text writes it."""
    found = {}
    for match in _BIG_O.finditer(text):
        depth, end = 1, match.end()
        while end < len(text) and depth:
            depth += {"(": 1, ")": -1}.get(text[end], 0)
            end += 1
        inner = text[match.end():end - 1] if not depth else ""
        for pattern, written in _LATEX_RATE:
            inner = pattern.sub(written, inner)
        if inner:
            found[f"o({inner.casefold()})"] = text[match.start():end]
    return found


def rates_in(text: str) -> set[str]:
    """The big-O expressions of a text, written one way: "$\\mathcal{O}({1}/{\\sqrt{T}})$" and
    "O(1/sqrt(T))" are both "o(1/√t)"."""
    return set(_written_rates(text))


def check_rates(claim: str, paper_text: str) -> str | None:
    """A rate the claim writes in big-O notation must be the abstract's: "O(1/√T)" is not its
    "O(1/T)" (issue 12, held-out batch yo, now dev: the number check reads no root)."""
    claimed = _written_rates(claim)
    missing = sorted(set(claimed) - rates_in(paper_text))
    return f"rate {claimed[missing[0]]} is not in the cited abstract" if missing else None


# --- Attribution and the combined check ------------------------------------------------------

def check_attribution(cited_score: float, best_other: tuple[int, float] | None) -> str | None:
    """Flag a claim that another retrieved paper [m] backs clearly better than the cited one."""
    if best_other is None:
        return None
    marker, score = best_other
    if score - cited_score >= ATTRIBUTION_MARGIN and cited_score < CLEARLY_BACKED:
        return f"better backed by [{marker}] than by the cited source"
    return None


def check_scope(claim: str, paper_text: str) -> str | None:
    """A claim made for every case ("for any objective", "always") or for the future ("plan to
    extend it") that the abstract does not make."""
    for phrase, backing in STRETCHING_WORDS.items():
        found = re.search(rf"\b(?:{phrase})\b", claim, re.I)
        if found and not backing.search(paper_text):
            return f"says '{found.group(0)}' where the abstract makes no such claim"
    return None


def check_claim(claim: str, evidence_sentences: list[str], best_evidence: str,
                paper_text: str, closest: tuple[str, ...] = ()) -> ClaimCheck:
    """Numbers (against the cited abstract's sentences and its title/metadata), names (against
    paper_text) and polarity (against the best evidence sentence, with the `closest` others as
    the context that may back a negation); the first failure wins."""
    claim = strip_markers(claim)
    evidence = " ".join(evidence_sentences)
    for reason in (check_numbers(claim, f"{evidence}\n{paper_text}"),
                   check_names(claim, f"{paper_text}\n{evidence}"),
                   check_rates(claim, f"{paper_text}\n{evidence}"),
                   check_scope(claim, paper_text),
                   check_polarity(claim, best_evidence, closest, paper_text)):
        if reason:
            return ClaimCheck(False, reason)
    return ClaimCheck(True, "")
