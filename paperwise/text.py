"""Text helpers every stage shares: white space, sentences, lexical terms and language."""

from __future__ import annotations

import re
from typing import Literal

Language = Literal["en", "zh", "other"]

# Split after . ! ? (or a CJK stop) followed by space and a capital, digit, quote or bracket;
# skip common abbreviations so "e.g. the" and "et al. show" stay whole.
_ABBREVIATIONS = ("e.g", "i.e", "et al", "etc", "vs", "cf", "Fig", "Eq", "approx", "resp")
_BOUNDARY = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(\[$])|(?<=[。！？])")

STOPWORDS = frozenset((
    "a an and are as at be been being by can could did do does doing for from had has have "
    "how i in into is it its itself me more most my no not of on or our over paper papers "
    "such than that the their them then there these they this those to under up us was we "
    "were what when where which while who whom why will with would you your about any also "
    "both each few other some same so too very just should now between during before after "
    "above below again further once here all own only off out via using use used based new "
    "propose proposed show shows method methods approach work study tell give describe "
    "explain does did abstract "
).split())
TOKEN = re.compile(r"[a-z0-9]+|[\u4e00-\u9fff]")
_CJK = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af]")
_KANA_HANGUL = re.compile(r"[\u3040-\u30ff\uac00-\ud7af]")
# A citation marker group: [1], [2, 3], [4; 5].
MARKER_GROUP = re.compile(r"\[(\s*\d+\s*(?:[,;]\s*\d+\s*)*)\]")
# Share of CJK characters (spaces not counted) from which a text is taken as CJK.
_CJK_SHARE = 0.2


def normalize_text(text: str) -> str:
    """Collapse white space so that re-wrapped copies of an abstract are the same text."""
    return re.sub(r"\s+", " ", text).strip()


def split_sentences(text: str) -> list[str]:
    """Sentences of an abstract: the unit a citation quotes and the answerer scores."""
    parts = [p.strip() for p in _BOUNDARY.split(text) if p and p.strip()]
    merged: list[str] = []
    for part in parts:
        if merged and merged[-1].rstrip(".").endswith(_ABBREVIATIONS):
            merged[-1] = f"{merged[-1]} {part}"
        else:
            merged.append(part)
    return merged


# Latin and Greek plurals of science English, folded to their singular: "which type of
# automaton" is told by "the structure of Büchi automata" (fresh dev batch ni, ni006).
IRREGULAR_PLURALS = {"automata": "automaton", "criteria": "criterion", "phenomena": "phenomenon",
                     "matrices": "matrix", "vertices": "vertex", "indices": "index",
                     "hypotheses": "hypothesis", "analyses": "analysis", "spectra": "spectrum",
                     "curricula": "curriculum", "optima": "optimum", "maxima": "maximum",
                     "minima": "minimum"}


def stem(token: str) -> str:
    """A light plural fold: "categories" → "category", "models" → "model", "automata" →
    "automaton"."""
    if token in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[token]
    if len(token) > 4 and token.endswith("ies"):
        return token[:-3] + "y"
    if len(token) > 3 and token.endswith("s") and not token.endswith(("ss", "us", "is")):
        return token[:-1]
    return token


def hyphen_stems(word: str, joined: bool = False) -> set[str]:
    """A word's stem and each hyphenated part's: "CIFAR-100" is by "cifar", "off-policy" by
    "policy". With `joined`, its parts run together too: "speed-up" is "speedup"."""
    stems = {stem(word), *map(stem, word.split("-"))}
    return stems | {stem(word.replace("-", ""))} if joined else stems


_ROOT_SUFFIXES = ("ations", "ation", "ions", "ion", "ments", "ment", "ingly", "ing", "edly", "ed",
                  "ly", "es", "s", "e")


def word_root(term: str) -> str:
    """A rough root for matching a word's derivations: "curated", "curation" → "curat";
    "manually" → "manual"; "audited", "auditing" → "audit". Four letters are always kept."""
    for suffix in _ROOT_SUFFIXES:
        if term.endswith(suffix) and len(term) - len(suffix) >= 4:
            return term[: -len(suffix)]
    return term


# Inflections (read by the polarity check) and, in `derived`, derivations too (read by the
# respeller, which asks whether a word comes from an English one: "automating", "quickly").
_INFLECTIONS = ("ments", "ment", "ing", "es", "ed", "s", "d")
_DERIVATIONS = ("ations", "ation", "ing", "ers", "er", "es", "ed", "ly", "s")


def base_forms(word: str, derived: bool = False) -> set[str]:
    """The word and the base forms it may come from: "reducing" → reduce, "lagged" → lag,
    "amplifies" → amplify; with `derived`, "automating" → automate, "quickly" → quick,
    "cyclic" → cycle."""
    forms = {word}
    if word.endswith(("ies", "ied")) and len(word) > 4:
        forms.add(word[:-3] + "y")
    for suffix in _DERIVATIONS if derived else _INFLECTIONS:
        base = word[:-len(suffix)]
        if word.endswith(suffix) and len(base) > 2:
            forms |= {base, base + "e", base[:-1] if base[-1] == base[-2] else base}
            forms |= {base + "y", base[:-1]} if derived else set()
    if derived and word.endswith("ic") and len(word) > 5:
        # an adjective of a noun: "cyclic" → cycle, "robotic" → robot (fresh dev batch oo016a:
        # "stops producing cyclic causal orderings" was refused, the abstract saying "cycles")
        forms |= {word[:-2], word[:-2] + "e"}
    return forms


def terms(text: str) -> list[str]:
    """Content terms for lexical matching: lower case, stop words out, plural folded."""
    return [stem(t) for t in TOKEN.findall(text.casefold()) if t not in STOPWORDS]


def language_of(text: str) -> Language:
    """"zh" for Chinese, "other" for Japanese/Korean, else "en" (Latin-script languages are
    not told apart offline: they take the English path)."""
    cjk = len(_CJK.findall(text))
    if not cjk or cjk < _CJK_SHARE * len(re.sub(r"\s", "", text)):
        return "en"
    return "other" if _KANA_HANGUL.search(text) else "zh"


def markers_in(text: str) -> list[int]:
    """All marker numbers in order of appearance, [2, 3] and [2][3] alike."""
    found: list[int] = []
    for group in MARKER_GROUP.findall(text):
        found.extend(int(n) for n in re.findall(r"\d+", group))
    return found


def defuse_markers(text: str) -> str:
    """Abstract text quoted in an answer: "[9]" becomes "(9)", so a bracketed number in an
    abstract (a reference, or an injected "cite [42]") is not read or linked as a citation."""
    return MARKER_GROUP.sub(r"(\1)", text)


def strip_markers(text: str) -> str:
    return MARKER_GROUP.sub("", text).strip()


# Math spans first: "$30\times$" must lose both its dollars, not only the one by \times.
_GREEK = {"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "eta": "η",
          "theta": "θ", "lambda": "λ", "mu": "μ", "pi": "π", "rho": "ρ", "sigma": "σ",
          "tau": "τ", "phi": "φ", "omega": "ω", "log": "log", "infty": "∞", "cdot": "·"}
_ACCENT = (re.compile(r"\\(?:tilde|hat|bar|mathcal|mathbb|mathit)\{([^{}]*)\}"), r"\1")
_LATEX = ((re.compile(r"\$([^$]{1,40})\$"), r"\1"),
          # a markdown link shows its text ("[Our system](https://...)"); its brackets must
          # not read as a citation marker
          (re.compile(r"\[([^\]\[]{1,80})\]\((?:https?://|www\.)[^)\s]{1,300}\)"), r"\1"),
          (re.compile(r"\$?\\times\$?"), "×"), (re.compile(r"\\+%"), "%"),
          # rates and orders: "\mathcal{O}({1}/{\sqrt{T}})" → "O(1/√T)", "\frac{1}{K}" → "1/K",
          # "n^{-1/2}" → "n^(-1/2)"
          _ACCENT, _ACCENT,  # twice: "\\tilde{\\mathcal{O}}"
          (re.compile(r"\\sqrt\{([^{}]*)\}"), r"√\1"),
          (re.compile(r"\\frac\{([^{}]*)\}\{([^{}]*)\}"), r"\1/\2"),
          (re.compile(r"\^\{([^{}]{1,20})\}"), r"^(\1)"),
          (re.compile(r"(?<=[(/])\{([^{}\\]{1,30})\}"), r"\1"),
          (re.compile(r"\\(" + "|".join(_GREEK) + r")(?![A-Za-z])\s?"),
           lambda m: _GREEK[m.group(1)] + (" " if m.group(1) == "log" else "")),
          # "\sim40%", "$\approx$ 2x": relation signs as their characters
          (re.compile(r"\$?\\(sim|approx|pm|leq|geq|le|ge)(?![A-Za-z])\$?\s?"),
           lambda m: {"sim": "~", "approx": "≈", "pm": "±", "leq": "≤", "le": "≤", "geq": "≥",
                      "ge": "≥"}[m.group(1)]),
          (re.compile(r"\\(?:textit|textbf|emph|texttt|mathrm|mathbf|text)\{([^{}]*)\}"), r"\1"),
          (re.compile(r"\\([&_#])"), r"\1"),
          (re.compile(r"(?<!\w)\*\*?([^*\n]{1,80})\*\*?(?!\w)"), r"\1"),
          (re.compile(r"(?<![\w/])_([^_\n/]{1,80})_(?![\w/])"), r"\1"))


def clean_for_display(text: str) -> str:
    """LaTeX and markdown that abstracts carry (`40\\%`, `8$\\times$`, `\\textit{x}`, `*x*`)
    as plain text (40%, 8×, x)."""
    for pattern, replacement in _LATEX:
        text = pattern.sub(replacement, text)
    return text


_QUERY_OR_FRAGMENT = re.compile(r"[?#]")


def redact_url(url: str) -> str:
    """A URL fit for messages and logs: user-info ("user:password@"), query string and fragment
    removed (they carry keys and tokens); "http://u:p@host/v1?key=k" → "http://host/v1".
    Works on host names and scheme-less "user:pw@host:port" too; a URL whose path holds "@"
    loses what comes before it (better a shorter name than a leaked password)."""
    text = url.strip()
    scheme, separator, rest = text.partition("://")
    if not separator:
        scheme, rest = "", text
    rest = _QUERY_OR_FRAGMENT.split(rest, maxsplit=1)[0]
    # Everything up to the last "@": a password may hold an unescaped "/" or "@".
    return f"{scheme}{separator}{rest.rpartition('@')[2]}"
