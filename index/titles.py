"""Display titles for abstracts that come without one.

Most abstracts introduce their method by name ("we introduce FB-CPR, which ..."); that name is
what a researcher remembers, so it is the title. Else the name the abstract uses most (SOAP,
PruneNet, Kinetix); else its main defined term ("Linear temporal logic (LTL)"); the opening
words only when the abstract offers none of these.
"""

from __future__ import annotations

import re

from paperwise.text import language_of

_INTRO_VERB = (
    r"(?:introduce|introduces|introducing|propose|proposes|proposing|present|presents|presenting"
    r"|develop|develops|release|releases|curate|curates)"
)
_SUBJECT = r"\b(?:[Ww]e|paper|work|study)"
_NAMING = r"(?:called|termed|named|dubbed|coined)"
_INTRO = rf"{_SUBJECT}\s+(?:\w+\s+)?{_INTRO_VERB}\b"  # "we introduce", "this paper proposes"
_INTRODUCING = re.compile(_INTRO)
# "Our novel algorithm, the Residual Kernel Policy Network (ResKPN), ..." introduces a name
# without a verb (fresh dev batch 24: titled by a concept of its background).
_OUR_METHOD = (r"\b[Oo]ur (?:\w+\s+){0,2}(?:method|algorithm|approach|framework|model|system|"
               r"architecture|technique|benchmark|dataset)\b")
# A name: starts with a letter or digit; is an acronym, has inner capitals/digits, or a hyphen.
_NAME = r"[A-Za-z0-9][\w\-\+\.]*[\w\+]"
_NAME_SUFFIX = r"(?:[ -](?:\d{2,4}|[A-Z][\w\-]*[A-Z0-9][\w\-]*))?"  # "AIR-BENCH 2024"
_NAME_THEN = re.compile(
    rf"(?:{_SUBJECT}\s+(?:\w+\s+)?{_INTRO_VERB}|\b{_NAMING})\b[^.;:]{{0,80}}?"
    rf"\b(?P<name>{_NAME}{_NAME_SUFFIX})"
    # ... or the sentence's end: "a video diffusion model named Loopy." (issue 13)
    r"(?=\s*(?:[,:;(]|\)|\.(?:\s|$)|\s(?:a|an|the|which|that|to|for|as|is|,)\b))"
)
# Two to four capitalised words right after the verb introducing them name the method, as a
# title does: "we introduce Inverse Attention Agents that adopt ..." (dev split ln014: titled
# "Theory of Mind (ToM)", a concept it adopts). Not a longer name's start: "Inverse Attention
# Agents (IAA)" is left to the acronym.
_CAPITALISED_RUN = re.compile(
    rf"{_INTRO}\s+(?:the\s+)?"
    r"(?P<name>[A-Z][a-z]+(?:[- ][A-Z][a-z]+){1,3})(?![- ]?[A-Z(]|\s+\()")
# A method named in plain words by the verb introducing it and its kind: "We propose dynamics
# contrastive learning, a framework to uncover ..." (held-out mo012: titled "Self-supervised
# learning (SSL)", the field it builds on, so no question naming the method found it).
_PLAIN_TERM_INTRODUCED = re.compile(
    rf"{_INTRO}\s+(?:the\s+)?(?P<term>[a-z][\w-]*(?: [a-z][\w-]*){{1,3}}), an? "
    r"(?:[\w-]+\s+){0,2}?"
    r"(?:framework|method|algorithm|approach|model|technique|benchmark|dataset|architecture|"
    r"system|strategy)\b")
_ACRONYM_IN_PARENS = re.compile(r"\((?P<name>[A-Z][A-Za-z0-9\-\+]*[A-Z0-9][A-Za-z0-9\-\+]*)\)")
_STOP_NAMES = {
    "We", "In", "This", "Our", "The", "A", "An", "To", "LLM", "LLMs", "RL", "AI", "ML", "GPU",
    "NLP", "CNN", "GNN", "MLP", "SOTA", "VLM", "VLMs", "MLLM", "MLLMs", "LM", "LMs",
    # fields, not methods: a paper titled "RLHF" is found by every RLHF question (issue 13)
    "RLHF", "PEFT", "SFT",
    # ... nor are the things a science paper studies: a paper titled "RNA" was named by every
    # question on messenger RNA (dev split lr023b, lx011b: answered from it, not from HELM)
    "RNA", "DNA", "mRNA", "ECG", "EEG", "MRI", "fMRI", "PDE", "PDEs", "ODE", "ODEs", "OOD",
}
_MAX_FALLBACK_WORDS = 10
# The fallback title ends at the first sentence end, Latin or CJK ("。"): Chinese written without
# spaces is one "word" to split(), and once became its own title whole.
_SENTENCE_END = re.compile(r"[.;:]\s|[。！？；：]")
# About ten English words; CJK characters are each about a word, so half as many of them.
_MAX_TITLE_CHARS = 100
_MAX_CJK_TITLE_CHARS = 40
# Capitalised words that start clauses or name common things, never a paper.
_COMMON_WORDS = frozenset(
    "however moreover furthermore additionally finally specifically therefore thus while "
    "although existing recent recently experiments experimental results extensive our we "
    "this these those the first second third large language models transformers transformer "
    "code github english chinese python adam".split())


# "stochastic differential equations (SDE)": an acronym defined by lower-case words names a
# concept the paper works on, not the paper's method.
_DEFINED = re.compile(r"((?:[A-Za-z][\w-]*\s+){1,6}?)\((?P<acronym>[A-Z][A-Za-z]*[A-Z]s?)\)")
# "Topological masking, a type of relative position encoding, ...": English defines a term by
# an appositive naming its kind (issue 13: that abstract was titled by its opening words).
_APPOSITIVE = re.compile(r"(?:^|(?<=[.!?]\s))(?P<term>[A-Z][a-z-]+(?: [a-z][\w-]*){0,3}), an? "
                         r"(?:type|kind|form|class|family|variant|generali[sz]ation) of\b")
_WORD_NAME = re.compile(r"(?<![\w-])([A-Z][A-Za-z0-9]*(?:[-+][A-Za-z0-9]+)*)(?![\w-])")
_MIN_USES = 2
_NEAR_VERB_WORDS = 5
_LINK_WORDS = frozenset("of for from to and the with in on a an".split())
_MAX_NAME_CHARS = 40


def _definitions(abstract: str) -> dict[str, str]:
    """Acronym → the words it abbreviates ("LTL" → "Linear temporal logic")."""
    found: dict[str, str] = {}
    for match in _DEFINED.finditer(abstract):
        acronym = match.group("acronym")
        words = [w for w in re.split(r"[\s-]+", match.group(1))
                 if w and w.casefold() not in _LINK_WORDS]
        letters = [c for c in acronym.rstrip("s") if c.isupper()]
        expansion = words[-len(letters):] if len(words) >= len(letters) else words
        if expansion and all(w[0].casefold() == c.casefold() for w, c in
                             zip(expansion, letters, strict=False)):
            text = match.group(1)
            found.setdefault(acronym, text[text.find(expansion[0]):].strip())
    return found


def _is_concept(acronym: str, definitions: dict[str, str]) -> bool:
    """Defined by mostly lower-case words (the first may be capitalised by its sentence)."""
    words = [w for w in re.split(r"[\s-]+", definitions.get(acronym, "")) if w]
    if not words:
        return False
    rest = words[1:]
    return words[0][0].islower() or (bool(rest) and sum(w[0].islower() for w in rest) * 2
                                     >= len(rest))


def _name_rank(word: str) -> int:
    """Hyphenated, mixed-case or digit-bearing names (MAD-TD, FedAvg) name methods more often
    than all-caps ones (which are often concepts: RNA), which beat plain capitalised words."""
    if " " in word:
        return 1
    if "-" in word or any(c.isdigit() for c in word) or (
            any(c.isupper() for c in word[1:]) and any(c.islower() for c in word)):
        return 3
    return 2 if word.isupper() else 1


def _most_used_name(abstract: str, definitions: dict[str, str]) -> str | None:
    """The name-like word the abstract uses most (at least twice), skipping concepts. A plain
    capitalised word counts only where it stands alone (Kinetix), not opening a longer name."""
    counts: dict[str, int] = {}
    for sentence in re.split(r"(?<=[.!?])\s+", abstract):
        for match in _WORD_NAME.finditer(sentence):
            word = match.group(1)
            if len(word) < 2:
                continue
            after = sentence[match.end() : match.end() + 2]
            before = sentence[max(0, match.start() - 2) : match.start()]
            plain = _name_rank(word) == 1
            if (match.start() == 0 and plain) or word in _STOP_NAMES or (word.endswith("s") and \
                    word[:-1].isupper()) or word.casefold() in _COMMON_WORDS:
                continue
            # A plain word inside a longer name ("Diffusion Planner") is counted with it.
            if plain and (len(word) < 4 or word.endswith("ing") or re.match(r" [A-Z]", after)
                          or re.search(r"[a-z] $", before)):
                if plain and re.match(r" [A-Z]", after) and match.start() > 0:
                    run = re.match(r"[A-Z][a-z]+(?: [A-Z][a-z]+){1,2}", sentence[match.start():])
                    if run and not any(w.casefold() in _COMMON_WORDS for w in run.group(0).split()):
                        counts[run.group(0)] = counts.get(run.group(0), 0) + 1
                continue
            counts[word] = counts.get(word, 0) + 1
    ranked = sorted((w for w, n in counts.items()
                     if n >= _MIN_USES and not _is_concept(w, definitions)),
                    key=lambda w: (-_name_rank(w), -counts[w], abstract.find(w)))
    return ranked[0] if ranked else None


def _defined_term(definitions: dict[str, str], abstract: str) -> str | None:
    """The defined term the abstract uses most: "Linear temporal logic (LTL)"; not a concept
    (_is_concept) when the abstract's keyphrase tells its subject better (_keyphrase_beats)."""
    if not definitions:
        return None
    usable = [a for a in definitions if a not in _STOP_NAMES and a.rstrip("s") not in _STOP_NAMES]
    if not usable:
        return None
    acronym = max(usable, key=lambda a: abstract.count(a))
    if _is_concept(acronym, definitions) and _keyphrase_beats(acronym, abstract):
        return None
    expansion = definitions[acronym]
    return f"{expansion[0].upper()}{expansion[1:]} ({acronym})"


def _keyphrase_beats(acronym: str, abstract: str) -> bool:
    """The keyphrase is used more than the concept ("probabilistic context-free grammars
    (PCFGs)", once, in a paper on "progressive distillation", thrice), or is what the abstract
    says it presents ("We present the first ... analysis of policy gradient for ... Markov
    decision processes (MDPs)": issue 13 named "MDPs" a wrong title)."""
    phrase = keyphrase(abstract)
    if phrase is None:
        return False
    return len(re.findall(re.escape(phrase), abstract, re.I)) > abstract.count(acronym) or any(
        _INTRODUCING.search(s) and phrase.casefold() in s.casefold()
        for s in re.split(r"(?<=[.!?])\s+", abstract))


_PHRASE_STOP = frozenset(
    "a an the of for to in on and or with by from as at is are be we our this that these those "
    "it its their can which such via into than more most new based using show paper work "
    "approach method methods model models results performance propose proposed existing "
    "while however also both each other".split())


def keyphrase(abstract: str) -> str | None:
    """The content phrase (two or three words) the abstract repeats most: "asynchronous
    planning", "speculative cascades"."""
    words = re.findall(r"[A-Za-z][A-Za-z0-9-]*", abstract)
    counts: dict[tuple[str, ...], int] = {}
    for size in (3, 2):
        for i in range(len(words) - size + 1):
            gram = tuple(w.casefold() for w in words[i : i + size])
            if not any(g in _PHRASE_STOP or len(g) < 3 for g in gram):
                counts[gram] = counts.get(gram, 0) + 1
    best = max(counts.items(), key=lambda kv: (kv[1], len(kv[0])), default=None)
    if best is None or best[1] < _MIN_USES:
        return None
    found = re.search(r"[\s-]+".join(re.escape(g) for g in best[0]), abstract, re.I)
    text = found.group(0) if found else " ".join(best[0])
    return text[0].upper() + text[1:]


def _looks_like_name(word: str) -> bool:
    if word in _STOP_NAMES or len(word) < 2:
        return False
    has_inner_capital = any(c.isupper() for c in word[1:])
    return has_inner_capital or any(c.isdigit() for c in word) or word.isupper()


def _uses(name: str, abstract: str) -> int:
    return len(re.findall(rf"(?<![\w-]){re.escape(name)}s?(?!\w)", abstract))


def method_name(abstract: str) -> str | None:
    """The name the abstract introduces, if it introduces one; of several, the most used."""
    definitions = _definitions(abstract)
    found: list[str] = []
    for sentence in re.split(r"(?<=[.!?])\s+", abstract):
        for match in _NAME_THEN.finditer(sentence):
            name = match.group("name").rstrip(".-")
            # A plain capitalised word is a name here when the abstract uses it again: "we
            # introduce Kinetix: ... Kinetix makes use of" (issue 13: titled by opening words)
            if _looks_like_name(name.split()[0]) or _plain_name_introduced(name, sentence,
                                                                           abstract):
                found.append(name)
        found += [m.group("name") for m in _CAPITALISED_RUN.finditer(sentence)
                  if not any(w.casefold() in _COMMON_WORDS for w in m.group("name").split())]
        intro = re.search(rf"{_INTRO}|{_OUR_METHOD}", sentence)
        if intro:
            # "We propose canonical similarity analysis (CSA)" names the method; a lower-case
            # term far from the verb ("analysis of ... processes (MDPs)") is a concept.
            found += [m.group("name") for m in _ACRONYM_IN_PARENS.finditer(sentence)
                      if _looks_like_name(m.group("name")) and (
                          len(sentence[intro.end() : m.start()].split()) <= _NEAR_VERB_WORDS
                          or not _is_concept(m.group("name"), definitions))]
    if not found:
        return None
    return max(dict.fromkeys(found), key=lambda n: (_uses(n, abstract), -found.index(n)))


def _plain_name_introduced(name: str, sentence: str, abstract: str) -> bool:
    """A plain capitalised word right after the verb that introduces it, used again later:
    "we introduce Kinetix: ... Kinetix makes use of" (issue 13: it was titled by its opening
    words). Not a word of a longer name ("introduce Diffusion Planner")."""
    introduced = re.search(
        rf"\b(?:{_INTRO_VERB}|{_NAMING})\s+{re.escape(name)}\b(?!\s+[A-Z])(?P<kind>[,:]\s+an?\b)?",
        sentence)
    # ... or, used once, followed by what kind of thing it is: "We introduce Robotouille, a
    # challenging benchmark environment" (fresh dev batch 20)
    return (bool(re.fullmatch(r"[A-Z][a-z]{3,}", name)) and name not in _STOP_NAMES
            and name.casefold() not in _COMMON_WORDS and introduced is not None
            and (_uses(name, abstract) >= _MIN_USES or introduced["kind"] is not None))


def _shortened(text: str, limit: int) -> str:
    """`text` in at most `limit` characters, cut at a word where it has one, "…" marking a cut."""
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ", limit // 2)
    return (head[:space] if space > 0 else head).rstrip(" ,，、") + "…"


def _plain_method_term(abstract: str) -> str | None:
    """A method named in plain words with its kind: "We propose dynamics contrastive learning,
    a framework ..." → "Dynamics contrastive learning"."""
    found = _PLAIN_TERM_INTRODUCED.search(abstract)
    return found["term"].capitalize() if found else None


def _appositive_term(abstract: str) -> str | None:
    """A term the abstract defines by its kind: "Topological masking, a type of ..."."""
    found = _APPOSITIVE.search(abstract)
    return found.group("term") if found else None


def first_clause(abstract: str) -> str:
    """The opening sentence, cut to a few words (or CJK characters): a fallback title."""
    words = _SENTENCE_END.split(abstract.strip(), maxsplit=1)[0].split()
    text = " ".join(words[:_MAX_FALLBACK_WORDS])
    text += "…" if len(words) > _MAX_FALLBACK_WORDS else ""
    limit = _MAX_TITLE_CHARS if language_of(text) == "en" else _MAX_CJK_TITLE_CHARS
    return _shortened(text, limit)


def derive_title(abstract: str) -> str:
    """A short display title, never more than _MAX_TITLE_CHARS characters, whatever the
    abstract (one unbroken token, Chinese without spaces, megabytes)."""
    definitions = _definitions(abstract)
    title = (method_name(abstract) or _plain_method_term(abstract)
             or _most_used_name(abstract, definitions)
             or _defined_term(definitions, abstract) or keyphrase(abstract)
             or _appositive_term(abstract)
             or first_clause(abstract))
    if len(title) > _MAX_NAME_CHARS and " " not in title:
        title = title[:_MAX_NAME_CHARS]
    return _shortened(title, _MAX_TITLE_CHARS) or "Untitled abstract"
