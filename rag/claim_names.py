"""The name check of a claim (rag/claims.py): every named thing in an answer sentence ("GPT-4o",
"OLMoE", "Claude 3", "Isaac Gym") must be in the cited paper's title, abstract or metadata.
Names match case-, hyphen- and space-insensitively; an acronym matches its spelled-out words.

The text cleaning here (clean_claim_text: LaTeX, fractions, powers, letters NFKD cannot split)
and the word tokens are the number check's too, which leaves the digits inside names to this one.
"""

from __future__ import annotations

import re
import unicodedata

from paperwise.text import strip_markers
from rag.cues.claim_checks import GENERIC_ACRONYMS, NAME_STOPWORDS, NUMBER_WORDS

_LATEX = ((re.compile(r"\\+%"), "%"), (re.compile(r"\\times"), "×"), (re.compile(r"\\sim"), "~"),
          (re.compile(r"\\frac\{([^{}]*)\}\{([^{}]*)\}"), r"\1/\2"), (re.compile(r"\$-\$"), "-"),
          (re.compile(r"[${}]|\\[,;!]"), ""), (re.compile(r"\\[A-Za-z]+"), " "),
          (re.compile(r"~"), " ~"))
TOKEN = re.compile(r"[A-Za-z0-9]+(?:[-‐‑.][A-Za-z0-9]+)*")
NUMERIC = re.compile(r"\d+(?:\.\d+)?(?:[-–]\d+(?:\.\d+)?)?(?:bn|[kKmMbBtTx])?")


# "12-fold"/"tenfold" say "12 times"/"ten times"; "10^6", "3×10^4" are written out in digits.
_FOLD = re.compile(r"\b(\d+(?:\.\d+)?|" + "|".join(NUMBER_WORDS) + r"|hundred|thousand)"
                   r"[\s-]?fold\b", re.I)
_POWER = re.compile(r"\b(?:(\d+(?:\.\d+)?)\s?[×x*]\s?)?10\s?\^\s?\(?([-+]?\d{1,2})\)?(?!\d)")


# "3/4" (an exponent, a share) is one number, 0.75: "2/3" must not pass on a 2 and a 3 found apart.
_FRACTION = re.compile(r"(?<![\w./])(\d{1,3})\s?/\s?(\d{1,3})(?![\w./])")


def _fraction(m: re.Match[str]) -> str:
    top, bottom = int(m.group(1)), int(m.group(2))
    return f"{top / bottom:.4g}" if bottom else m.group()


def _power(m: re.Match[str]) -> str:
    value = float(m.group(1) or 1) * 10.0 ** int(m.group(2))
    return f"{value:f}".rstrip("0").rstrip(".")


_PLAIN_LETTERS = str.maketrans("ŁłØøĐđıŀĿ", "LlOoDdilL")


def clean_claim_text(text: str) -> str:
    # letters NFKD cannot split, so "Polyak-Łojasiewicz" and "Polyak-Lojasiewicz" match
    text = unicodedata.normalize("NFKC", strip_markers(text)).translate(_PLAIN_LETTERS)
    for pattern, repl in _LATEX:
        text = pattern.sub(repl, text)
    text = _POWER.sub(_power, _FOLD.sub(r"\1 times", text))
    text = _FRACTION.sub(_fraction, text)
    return text.replace("−", "-")


VERSION = re.compile(r"\d{1,2}(?:\.\d+)?")
_ORDINAL = re.compile(r"\d+(?:st|nd|rd|th)", re.I)
_SEP = r"[\s\-‐‑–_.]*"
ACRONYM = re.compile(r"[A-Z]{2,}s?")
_ALL_CAPS = re.compile(r"[A-Z]{3,}")
_DIGIT_ACRONYM = re.compile(r"[A-Z]+[24][A-Z]+s?")  # "T2I", "R2R": "to" or "for" as a digit
_SPELLING_FILLERS = frozenset("of the and for to in on a an with".split())


def _name_strength(token: str, initial: bool) -> int:
    """2: a name anywhere (acronym, inner capital, letters with digits); 1: a capitalised word,
    a name unless it starts the sentence or is a stop word; 0: not a name."""
    if NUMERIC.fullmatch(token) or _ORDINAL.fullmatch(token) or len(token) < 2:
        return 0
    if re.search(r"[A-Z]", token[1:]) or (re.search(r"\d", token) and re.search(r"[a-z]", token,
                                                                                 re.I)):
        return 2
    plain = token[0].isupper() and token.lower() not in NAME_STOPWORDS
    return 1 if plain and not initial else 0


def _is_initial(text: str, start: int) -> bool:
    """At a sentence, clause, line or list-item start ("- Moreover", "1. Using")."""
    return bool(re.search(r"(?:^|[.!?:;\n。！？：；])(?:[\s\"'“‘(\[*_#>•-]|\d+[.)])*$",
                          text[:start]))


def names_in(text: str) -> list[str]:
    """Named things in a claim: "GPT-4o", "OLMoE", "Claude 3", "Isaac Gym", "Google DeepMind"."""
    text = clean_claim_text(text)
    names: list[list[str]] = []
    last_end = -1  # end of the last name token, -1 after a token that is not part of a name
    for m in TOKEN.finditer(text):
        token = re.sub(r"(?:-[a-z]{3,})+$", "", m.group())  # "SPaR-trained" names SPaR
        # ... but "P-wave", "Q-learning" name themselves (fresh dev batch yt, yt001)
        token = token if len(token) > 1 else m.group()
        strength = _name_strength(token, _is_initial(text, m.start()))
        joined = last_end >= 0 and re.fullmatch(r"[ \t]+", text[last_end:m.start()])
        if joined and (strength or (VERSION.fullmatch(token)
                                    and not re.search(r"\d", names[-1][-1]))):
            names[-1].append(token)
        elif strength:
            names.append([token])
        else:
            last_end = -1
            continue
        last_end = m.end()
    return list(dict.fromkeys(" ".join(parts) for parts in names))


def written_variants(name: str) -> re.Pattern[str]:
    """Case-insensitive, a hyphen or space optional where the name changes between letters and
    digits, from lower to upper case, or has a separator: "LLaMA-3" ~ "Llama 3" ~ "llama3"."""
    parts: list[str] = []
    prev, gap = "", False
    for ch in name:
        if not ch.isalnum():
            gap = True
            continue
        if prev and (gap or prev.isdigit() != ch.isdigit() or (prev.islower() and ch.isupper())):
            parts.append(_SEP)
        parts.append(re.escape(ch))
        prev, gap = ch, False
    return re.compile(r"(?<![A-Za-z0-9])" + "".join(parts) + r"(?:e?s)?(?![A-Za-z0-9])", re.I)


def spelled_out(acronym: str, paper_text: str) -> bool:
    """"OOD" for "out-of-distribution", "LLMs" for "large language models"."""
    letters = acronym.lower()[:-1] if acronym.endswith("s") else acronym.lower()
    words = [w.lower() for w in re.findall(r"[A-Za-z]+", paper_text)]
    content = [w for w in words if w not in _SPELLING_FILLERS]
    # "to" and "for" may be written as digits: "T2I" for "text-to-image" (dev split mz028)
    return any(letters in "".join(w[0] for w in seq) for seq in (words, content)) or (
        any(c.isdigit() for c in letters)
        and letters in "".join(_DIGIT_WORDS.get(w, w[0]) for w in words))


def _name_found(name: str, paper_text: str) -> bool:
    variants = [name, name[:-1]] if name.endswith("s") and len(name) > 3 else [name]
    if _ALL_CAPS.fullmatch(name) and not re.search(
            rf"(?<![A-Za-z0-9]){name}(?:e?s)?(?![A-Za-z0-9])", paper_text):
        # in capitals a word names a benchmark: "MATH" is not the abstract's "math and
        # reasoning" (fresh dev batch f)
        return name.lower() in GENERIC_ACRONYMS or spelled_out(name, paper_text)
    if any(written_variants(v).search(paper_text) for v in variants):
        return True
    if ACRONYM.fullmatch(name) or _DIGIT_ACRONYM.fullmatch(name):
        return name.lower() in GENERIC_ACRONYMS or spelled_out(name, paper_text)
    if shortened_in(name, paper_text):
        return True
    parts = name.split()
    return (len(parts) > 1 and not any(VERSION.fullmatch(p) for p in parts)
            and all(_name_found(p, paper_text) for p in parts))


def digit_initialism(name: str) -> str | None:
    """"Room-to-Room" is written "R2R" ("to" as 2, "for" as 4), as abstracts shorten such names
    (dev split ls021b)."""
    parts = [p for p in re.split(r"[-\s]+", name) if p]
    if len(parts) < 3 or not any(p.casefold() in _DIGIT_WORDS for p in parts):
        return None
    return "".join(_DIGIT_WORDS.get(p.casefold(), p[0]) for p in parts)


def shortened_in(name: str, text: str) -> bool:
    """Whether the text writes the name by its digit initialism ("R2R" for "Room-to-Room")."""
    short = digit_initialism(name)
    return short is not None and re.search(rf"(?<![\w-]){re.escape(short)}(?![\w-])", text,
                                           re.I) is not None


_DIGIT_WORDS = {"to": "2", "for": "4"}


def names_missing_from(names: list[str], paper_text: str) -> list[str]:
    """The names a paper's title and abstract do not hold, matched as check_names matches."""
    paper_text = clean_claim_text(paper_text)
    return [name for name in names if not _name_found(name, paper_text)]


def check_names(claim: str, paper_text: str) -> str | None:
    """Every name in the claim must be in the cited paper's title, abstract or metadata."""
    missing = names_missing_from(names_in(claim), paper_text)
    return f"name {missing[0]} is not in the cited abstract" if missing else None
