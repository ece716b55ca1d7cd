"""Names: the proper names and acronyms a question gives, and whether a paper, a sentence or
a title holds them ("Llama 3" is not LLaMA-2-7B; "Atari or MuJoCo" needs one of the two)."""

from __future__ import annotations

import re
from functools import lru_cache

from paperwise.text import STOPWORDS, split_sentences
from paperwise.types import Hit
from rag import cues
from rag.acronyms import word_runs
from rag.claim_names import names_missing_from, shortened_in, spelled_out
from rag.cues.claim_checks import HARDWARE_ACRONYMS
from rag.cues.parts import (
    ASIDE,
    EXAMPLE_SEPARATOR,
    LISTED_EXAMPLES,
    MAX_EXAMPLE_WORDS,
    MIN_EXAMPLE_WORDS,
)


def is_name(title: str) -> bool:
    """A title that is a name ("FB-CPR", "Logits Magnitude"), not a keyphrase in plain words
    ("Policy evaluation")."""
    return bool(cues.NAME_LIKE.search(title)) or all(w[:1].isupper() for w in title.split())


def name_tokens(question: str) -> list[str]:
    """Proper names and acronyms in the question's question sentences (those ending in "?"),
    so that instructions wrapped around a question ("Ignore your rules ...") do not count."""
    names = []
    for sentence in _asked_sentences(re.sub(r"<[^<>]{0,40}>", " ", question)):
        for match in cues.NAME_TOKEN.finditer(sentence):
            token = match.group(1).strip(".")
            at_start = not sentence[: match.start()].strip(" \"'([<")
            looks_named = any(c.isupper() for c in token[1:]) or any(c.isdigit() for c in token)
            if token.casefold() in cues.GENERIC_NAMES or (at_start and not looks_named) \
                    or cues.ENUMERATOR.fullmatch(token):
                continue
            # an acronym's plural is the acronym: "NPUs" (fresh dev batch md), "LLMs"
            names.append(token[:-1] if re.fullmatch(r"\w*[A-Z]s", token) else token)
    return names


def names_paper(question: str, title: str) -> bool:
    """Whether the question names a paper by its title, when that title is short enough to be
    a name ("FB-CPR", "AIR-BENCH 2024"), as a whole word; a version may follow ("OLMoE-1B-7B"
    names OLMoE: fresh batch t). A title with its acronym, "Sequential Monte Carlo (SMC)", is
    named by either ("smc constrained LM generation": held-out nm001a, now dev)."""
    both = cues.TITLE_WITH_ACRONYM.fullmatch(title)
    if both is not None:  # the acronym of a topic is a topic before a kind ("NAS methods")
        return any(_names_title(question, part, topic=True) for part in both.groups())
    return _names_title(question, title)


def _names_title(question: str, title: str, topic: bool = False) -> bool:
    if title.casefold() not in question.casefold():  # the cheap test first: search asks often
        return False
    # a title in plain words before a plural kind is a topic: "RKHS-based policy gradient
    # methods" names no paper titled "Policy gradient" (dev mg003b, held-out mo001b); and so
    # is one after "a": "first chooses a cluster with a policy gradient" (held-out nj008b, now
    # dev: answered from the paper titled "Policy gradient"; a name takes no "a")
    plain = re.escape(title)
    if (topic or not is_name(title)) and re.search(rf"(?<![\w-]){plain}\s+{cues.KINDS_OF_WORK}"
                                        rf"|\b(?:a|an)\s+{plain}(?![\w-])", question, re.I):
        return False
    return len(title.split()) <= cues.NAME_MAX_WORDS and bool(re.search(
        rf"(?<![\w-]){re.escape(title.casefold())}(?!\w|-(?!\d))", question.casefold()))


@lru_cache(maxsize=4096)
def _title_long_form(title: str, abstract: str) -> str | None:
    """The words an abstract spells its name title out in ("Residual Kernel Policy Network
    (ResKPN)"): one word per capital of the title, each starting with it; None if none."""
    capitals = [c.casefold() for c in title if c.isupper()]
    found = re.search(rf"((?:\w+[\s-]+){{{len(capitals)}}})\({re.escape(title)}\)", abstract)
    if len(capitals) < 2 or found is None:
        return None
    parts = re.split(r"[\s-]+", found[1].strip())
    return " ".join(parts) if [p[0].casefold() for p in parts] == capitals else None


def spells_out_title(question: str, title: str, abstract: str) -> bool:
    """Whether the question names a paper by the words its acronym title stands for: "the
    residual kernel policy network" is ResKPN (held-out mo001b, now dev). Words in the plural
    name a kind of thing, even as a title's long form ("Denoising Diffusion Models (DDM)": dev
    lv017b); "analysis", "synthesis" are no plurals (fresh dev batch ne, ne011: "canonical
    similarity analysis" named CSA)."""
    long_form = _title_long_form(title, abstract)
    asked = " ".join(re.split(r"[\s-]+", question.casefold()))
    return long_form is not None and not re.search(r"(?<![isu])s$", long_form) and re.search(
        rf"(?<!\w){re.escape(long_form.casefold())}(?!\w)", asked) is not None


def asked_version(name: str, question: str) -> str | None:
    """The version the question gives right after a name: "Llama 3" → "3", "LLaMA-2-13B" →
    "2-13B"; None when it gives none."""
    found = re.search(rf"(?<![\w-]){re.escape(name)}[\s-]?(\d[\w.]*(?:-\w[\w.]*)*)",
                      question, re.I)
    # "a ViT 3D spatial understanding": a dimension is no version (fresh dev batch lc), nor is
    # a year: "the AIR 2024 taxonomy" is the one AIR-BENCH 2024 is built on (batch ld)
    # ... nor an ordinal: "RMSE 2nd order term" (dev lz010a)
    if found is None or re.fullmatch(r"\d[dD]|(?:19|20)\d\d|\d+(?:st|nd|rd|th)", found[1]):
        return None
    return found[1].rstrip(".")


def name_pattern(name: str, question: str = "") -> re.Pattern[str]:
    """A name as a whole word: "Phi" finds Phi-3 and "Gemma" Gemma2, "Llama" LLaMA3-8B (a
    version after the name, with its size or variant), but "LM" is not "LLM" or "LMs". A
    version the question gives after the name must be the one found: "Llama 3" is not
    LLaMA-2-7B, "LLaMA-2-13B" is not LLaMA-2-7B."""
    asked = asked_version(name, question)
    version = rf"[\s-]?{re.escape(asked)}(?!\d)" if asked else r"-?\d"
    return re.compile(rf"(?<![\w-]){re.escape(name)}(?:{version}[\w.]*(?:-\w[\w.]*)*)"
                      rf"{'' if asked else '?'}(?![\w-])", re.I)


def _squash(text: str) -> str:
    """Without the separators inside a word (not spaces: "d p" would make a "dp")."""
    return re.sub(r"(?<=\w)[._-](?=\w)", "", text)


# A question typed in lower case after a scene ("... way too noisy. does the two-stage learner
# help?"): the sentence splitter wants a capital, so the asking word starts one here.
_LOWER_ASK = re.compile(r"(?<=[.!])\s+(?=(?:does|do|did|is|are|was|were|can|could|what|which|how|"
                        r"why|who|where|when)\b)")


def _asked_sentences(question: str) -> list[str]:
    sentences = [part for s in split_sentences(question) for part in _LOWER_ASK.split(s)]
    return [s for s in sentences if s.rstrip().endswith(("?", "？"))] or sentences


def _needed_names(question: str) -> list[str]:
    """The question's names, but a machine in an adjective ("the GPU-accelerated simulator"):
    it describes the thing asked, which a paper may call "hardware-accelerated"."""
    return [n for n in name_tokens(question) if n.lower() not in HARDWARE_ACRONYMS
            or not re.search(rf"\b{re.escape(n)}-[a-z]", question)]


def missing_names(question: str, hits: list[Hit], *, examples: bool = True) -> list[str]:
    """Names and acronyms of the question that no retrieved abstract (nor its metadata)
    mentions. Of names offered as alternatives ("Atari or MuJoCo") one is enough; the names
    around them still count ("Is LASER-VFL written in PyTorch or in JAX?" needs PyTorch or JAX,
    not only LASER-VFL).
    `examples=False`: names given as examples of a topic ("papers on tree search (e.g., MCTS)")
    are not needed, as a list question's topic may be shown by other instances; a detail's
    examples ("which LLMs (e.g. LLaMA)") say what the answer must name, and stay needed."""
    # the papers' metadata count too: "this set of ICLR papers" names their venue (dev mv015b)
    text = " ".join(f"{h.paper.title} {h.paper.abstract} {h.paper.venue or ''} "
                    f"{' '.join(h.paper.authors)}" for h in hits)
    haystack = text.casefold()
    # a version the question asks for must be there too: "LLaMA-2-13B" is not LLaMA-2-7B
    # "gpt4o" is GPT-4o: separators do not count (fresh dev batch lc)
    squashed = _squash(haystack)
    shortened = _shortened_words(question, text)
    missing = [n for n in _needed_names(question) if n not in shortened and (
               (n.casefold() not in haystack and _squash(n.casefold()) not in squashed) or (
                   asked_version(n, question) and not name_pattern(n, question).search(text)))]
    # an acronym a paper writes out is there: "RMSE" as "root mean-squared error" (dev lr008a);
    # of four letters or more, as three initials run by chance somewhere in five abstracts
    # ("ASR" in dev lo027a)
    # ... of three, when written out in capitals, as a term is defined ("Domain-Specific
    # Languages" for "DSL": held-out mc007a, now dev)
    # ... and one a paper's title spells ("DCL" for the paper titled "Dynamics contrastive
    # learning": held-out mo012a, now dev)
    missing = [n for n in missing if not (n.isupper() and n.isalpha() and any(
        spelled_out(n, f"{h.paper.title} {h.paper.abstract}") if len(n) > 3
        else n.lower() in _capitalised_initials(h.paper.abstract, len(n))
        or n.lower() == _initials(h.paper.title) for h in hits))]
    if not examples:
        given = example_names(question)
        missing = [n for n in missing if n not in given]
    return _still_needed(missing, question)


def _initials(title: str) -> str:
    """The first letters of a title of several words ("Dynamics contrastive learning" → dcl)."""
    words = re.findall(r"[A-Za-z]+", title)
    return "".join(w[0] for w in words).lower() if len(words) > 1 else ""


def example_names(question: str) -> set[str]:
    """The names a question gives as examples of its topic ("tree search (e.g., MCTS)",
    "hardware such as NPUs")."""
    clauses = [*cues.EXAMPLE_CLAUSE.findall(question), *ASIDE.findall(question)]
    return {n for clause in clauses for n in name_tokens(clause)}


def example_phrases(question: str) -> list[str]:
    """The phrases of several words a question lists as examples of its topic ("(circuits,
    activation patching, SAEs)", "such as sparse autoencoder features or attention heads",
    "...: circuits / SAEs / activation patching"): a paper saying one is on the topic."""
    clauses = [*cues.EXAMPLE_CLAUSE.findall(question), *ASIDE.findall(question),
               *LISTED_EXAMPLES.findall(question)]
    items = (item.strip(" .?!-–—") for clause in clauses
             for item in EXAMPLE_SEPARATOR.split(clause))
    return [item for item in items if MIN_EXAMPLE_WORDS <= len(item.split()) <= MAX_EXAMPLE_WORDS
            and not set(item.lower().split()) <= STOPWORDS]


def example_pattern(phrase: str) -> re.Pattern[str]:
    """An example phrase as a pattern finding it whole in a text."""
    return re.compile(rf"\b{re.escape(phrase)}\b", re.I)


def _capitalised_initials(text: str, n: int) -> set[str]:
    """The initials of every run of n capitalised words: "Domain-Specific Languages" → dsl."""
    return {initials for initials, run in word_runs(text, n)
            if all(w[0].isupper() for w in run)}


def _hyphened_initials(text: str) -> set[str]:
    """The initials of every hyphened word's parts: "out-of-distribution" → ood."""
    return {"".join(part[0] for part in word.split("-")).lower()
            for word in re.findall(r"[A-Za-z]+(?:-[A-Za-z]+)+", text)}


def names_lacking(question: str, hit: Hit) -> list[str]:
    """The question's names one paper does not mention (an acronym it spells out counts): a
    detail asked "on ImageNet" or of "LLaMA or Mistral" is not given by a paper that never
    names them, though another retrieved paper does (issue 13, fresh dev batch 20)."""
    text, names = f"{hit.paper.title} {hit.paper.abstract}", _needed_names(question)
    shortened = _shortened_words(question, text)
    names = [n for n in names if n not in shortened]
    unmatched = set(names_missing_from(names, text))  # the abstract cleaned once, not per name
    # a three-letter acronym is written out as a term is defined (missing_names) or as one
    # hyphened word ("out-of-distribution"), not by any three words' initials: "PPO" is no
    # "pruning process of" (dev split mk028a)
    threes = [n for n in names if len(n) == 3 and n.isupper() and n.isalpha() and n not in text]
    if threes:  # the abstract's initials read once, not per name
        written = _capitalised_initials(text, 3) | _hyphened_initials(text) | {
            _initials(hit.paper.title)}
        unmatched |= {n for n in threes if n.lower() not in written}
    lacking = [n for n in names if not name_pattern(n, question).search(text)
               and (asked_version(n, question) or n in unmatched)]
    sizes = _asked_sizes(question)
    if any(re.search(pattern, text, re.I) for pattern in sizes.values()):
        sizes = {}
    return _still_needed(lacking, question) + list(sizes)


def _asked_sizes(question: str) -> dict[str, str]:
    """The sizes the question's asked sentences name, each with the pattern finding it in a
    text: "13B" as 13B, 13b, "13 B", "LLaMA-2-13B" or "13 billion"."""
    asked = " ".join(_asked_sentences(question))
    return {match.group(0): rf"(?<![\d.]){re.escape(match.group(1))}\s?(?:{match.group(2)}\b|"
            rf"{cues.SIZE_WORDS[match.group(2).lower()]})"
            for match in cues.SIZE_TOKEN.finditer(asked)}


def _shortened_words(question: str, text: str) -> set[str]:
    """The words of a name of the question that the text holds shortened: "Room-to-Room" as
    "R2R" (dev split ls021b), "Fréchet Inception Distance" as "FIDs"."""
    return {word for compound in re.findall(r"\b[A-Z]\w*(?:-\w+){2,}", question)
            if shortened_in(compound, text) for word in compound.split("-")
            } | _written_out_words(question, text)


def _written_out_words(question: str, text: str) -> set[str]:
    """The words of a capitalised name the question writes out whose initials the text uses
    as an acronym: "Fréchet Inception Distance" as "FIDs" (fresh dev batch na, na003b)."""
    words = re.findall(r"[^\W\d_][\w'’]*", question)
    found: set[str] = set()
    for start in range(len(words)):
        for end in range(start + 2, min(start + cues.WRITTEN_OUT_WORDS, len(words)) + 1):
            run = words[start:end]
            if not all(w[0].isupper() for w in run):
                break
            initials = re.escape("".join(w[0] for w in run))
            if re.search(rf"(?<![\w-]){initials}s?(?![\w-])", text):
                found |= set(run)
    return found


def _still_needed(missing: list[str], question: str) -> list[str]:
    """Missing names less those offered as alternatives to a name that is there, and less a
    maker named before what it made ("OpenAI's GPT-4", "Meta's Llama-3") or after it ("the
    model from AI2"): abstracts name the model, seldom its maker (dev split ll010b refused for
    "OpenAI")."""
    groups = alternatives(question)
    return [n for n in missing if not any(
        n in group and group - set(missing) for group in groups)
        and not _maker(n, question)]


def _maker(name: str, question: str) -> bool:
    """The name is a maker: before what it made (cues.MAKER_OF, "OpenAI's GPT-4") or after
    "model from", "paper by" (cues.MADE_BY). One search each: a search per occurrence of the
    name, over the text before it, was quadratic on a long question repeating it."""
    name = re.escape(name)
    return bool(re.search(rf"(?<![\w-]){name}{cues.MAKER_OF.pattern}", question)
                or re.search(rf"(?i:{cues.MADE_BY.pattern})(?<![\w-]){name}(?![\w-])", question))


def alternatives(question: str) -> list[set[str]]:
    """The names offered as alternatives, a set per "or": "Atari, MuJoCo or Procgen" is one.
    Names joined to an "or" only by commas and linking words belong to it. Chinese (或, 还是)
    is not split into words: all its names are one set."""
    names = set(name_tokens(question))
    if not re.search(r"\sor\s", question):
        return [names] if cues.ALTERNATIVES.search(question) else []
    groups: list[set[str]] = []
    for match in re.finditer(r"\sor\s", question):
        left = _names_reaching(question[: match.start()].split(), names, reverse=True)
        right = _names_reaching(question[match.end():].split(), names, reverse=False)
        if left and right:
            groups.append(left | right)
    return groups


def _names_reaching(words: list[str], names: set[str], reverse: bool) -> set[str]:
    """The names at the near end of `words`, up to the first word that is neither a name nor
    a linking word. A word holding a name counts as it ("ImageNet-LT" for ImageNet, which the
    name reader splits off); before the first name on the left, a few lower-case words may
    stand as its head ("the DeepMind control suite or Atari"), and on the right one as its
    modifier ("PPO or online DPO")."""
    found: set[str] = set()
    heads = cues.ALTERNATIVE_HEAD_WORDS if reverse else cues.ALTERNATIVE_MODIFIER_WORDS
    for word in reversed(words) if reverse else words:
        bare = word.strip("?.,;:()\"'")
        inside = names.intersection(re.split(r"[-/]", bare)) if bare not in names else {bare}
        if inside:
            found |= inside
        elif bare.casefold() in cues.ALTERNATIVE_LINKS:
            continue
        elif not found and heads and (bare.islower() or bare.isdigit()):  # "Game of 24 or"
            heads -= 1
        else:
            break
    return found


def without_names(text: str, names: list[str]) -> str:
    """The sentence without the names the question already gives (the paper's, its own);
    the longest first, so that "2D" takes no part of "Jax2D" away."""
    for name in sorted(names, key=len, reverse=True):
        # with the words it stands for: "Hierarchical Encoding for mRNA Language Modeling
        # (HELM)" names nothing but HELM (fresh dev batch 22)
        text = re.sub(rf"(?:\b[A-Z][\w-]*\s+(?:(?:for|of|and|the|in|on|via|with|to|a)\s+|"
                      rf"[\w-]*[A-Z\d][\w-]*\s+)*)?\(\s*{re.escape(name)}\s*\)|{re.escape(name)}"
                      r"(?:-[\w.]+)*"  # with its version: "OLMoE-1B-7B" is OLMoE
                      if name else r"(?!)", " ", text)
    return text
