"""Roles swapped between two contrasted terms: "epistemic uncertainty through Brownian motion,
aleatoric through a Bayesian prior" for the abstract's "epistemic uncertainty through a Bayesian
prior ... and aleatoric uncertainty through Brownian motion".

Terms are contrasted when an abstract sentence (or two neighbouring ones, read as one) holds
both as modifiers of one head word ("epistemic/aleatoric uncertainty"), as hyphenated words of
one last or first part ("block-wise / component-wise", "identity-agnostic / identity-specific")
or as the two sides of an antonym pair (cues.POLARITY_PAIRS: "fat"/"thin"; ROLE_PAIRS:
"global"/"local"). A word the abstract gives in brackets after its own ("a fat (heavy-tailed)
policy") stands for it in the claim.
The claim swaps them when each stands in a clause sharing more words with the other's clause
in the abstract than with its own, or when each describes the word the other describes in the
abstract ("identity-specific latent features" for "identity-agnostic latent features"). English
only; a miss rather than a false alarm: both terms must be in the claim, once.
Cues: rag/cues/roles.py."""

from __future__ import annotations

import re
from collections import defaultdict
from functools import lru_cache
from itertools import pairwise

from paperwise.text import (
    STOPWORDS,
    TOKEN,
    language_of,
    split_sentences,
    stem,
    strip_markers,
    terms,
    word_root,
)
from rag.claim_names import names_in
from rag.cues.roles import (
    COORDINATED_TERMS,
    CROSSED_SENTENCES,
    CROSSED_WINDOW,
    MIN_ROLE_CROSSING,
    NAMED_ROLE_ALIAS_WORDS,
    NAMED_ROLE_CROSSING,
    NAMED_ROLE_REACH,
    RELATION_REACH,
    RELATION_VERBS,
    ROLE_BOUND_WORDS,
    ROLE_CLAUSE_JOINERS,
    ROLE_PAIRS,
)
from rag.cues.verify import POLARITY_PAIRS
from rag.wording import term_key

_PLACEHOLDER = re.compile(r"(QQ\d+QQ)")
_ROLE_END = re.compile(r"[;.]|\band\s+(?:an?|the)\b")
_PASSIVE = re.compile(r"\b(?:is|are|was|were|be|been|being)\s+\w+(?:ed|en)\s+by\b", re.I)
_TOKEN = re.compile(r"[a-z0-9]+(?:['-][a-z0-9]+)*|[,;:()]")
Clause = list[str]
_ALIAS = re.compile(r"\b([a-z][\w-]*) \(([a-z][\w-]*)\)", re.I)


def _clauses(text: str, aliases: dict[str, str] | None = None) -> list[Clause]:
    clauses: list[Clause] = [[]]
    text = _ALIAS.sub(r"\1", strip_markers(text))  # an alias in brackets ends no clause
    for word in _TOKEN.findall(text.lower().replace("’", "'")):
        if word in ",;:()" or word in ROLE_CLAUSE_JOINERS:
            clauses.append([])
        else:
            clauses[-1].append((aliases or {}).get(word, word))
    return [c for c in clauses if c]


def _aliases(paper_text: str) -> dict[str, str]:
    """The words an abstract gives in brackets after its own: "a fat (heavy-tailed) proposal
    policy ... a thin (sparse) policy" lets a claim say "heavy-tailed" for fat."""
    return {alias.lower(): word.lower() for word, alias in _ALIAS.findall(paper_text)
            if _word(word.lower()) and alias.lower() not in STOPWORDS}


def _word(token: str) -> bool:
    return token not in STOPWORDS and not token.isdigit()


def contrasted_terms(clauses: list[Clause]) -> set[tuple[str, str, str]]:
    """(term, term, what they share): modifiers of one head word, hyphenated words ending
    alike, or the two sides of an antonym pair."""
    hyphenated = {w for c in clauses for w in c if "-" in w and _word(w)}
    found = {(a, b, a.rsplit("-", 1)[1]) for a, b in _hyphen_rivals(hyphenated)}
    for a in hyphenated:
        for b in hyphenated:
            # ... or their first ("identity-agnostic / identity-specific features")
            if a < b and a.count("-") == b.count("-") == 1 and a.split("-")[0] == b.split("-")[0]:
                found.add((a, b, a.split("-")[0]))
    modifiers: dict[str, set[str]] = defaultdict(set)
    for clause in clauses:
        for word, head in pairwise(clause):
            if _word(word) and _word(head):
                modifiers[head].add(word)
    found |= {(a, b, head) for head, words in modifiers.items() for a in words for b in words
              if a < b}
    # antonyms both named ("a heavy-tailed fat policy ... a sparse thin one")
    words = {w for c in clauses for w in c}
    for side_a, side_b in [*((a, b) for a, b, _ in POLARITY_PAIRS), *ROLE_PAIRS]:
        found |= {(min(a, b), max(a, b), "") for a in words & side_a for b in words & side_b}
    return found


def _only_clause(clauses: list[Clause], term: str) -> int | None:
    holding = [k for k, c in enumerate(clauses) if term in c]
    return holding[0] if len(holding) == 1 else None


def _context(clause: Clause, skip: set[str]) -> set[str]:
    keys = {term_key(w) for w in skip}
    return {term_key(w) for w in clause if _word(w) and len(w) > 2 and w not in skip} - keys


def _described(clause: Clause, term: str) -> str | None:
    """The content word the term describes: the first within ROLE_BOUND_WORDS after it."""
    at = clause.index(term)
    return next((term_key(w) for w in clause[at + 1:at + 1 + ROLE_BOUND_WORDS]
                 if _word(w) and len(w) > 2), None)


def _swapped(claim: list[Clause], sentence: list[Clause]) -> str | None:
    for a, b, head in sorted(contrasted_terms(sentence)):
        ca, cb = _only_clause(claim, a), _only_clause(claim, b)
        ea, eb = _only_clause(sentence, a), _only_clause(sentence, b)
        if ca is None or cb is None or ea is None or eb is None:
            continue
        # "identity-specific latent features with identity-agnostic visual features" for the
        # abstract's "identity-agnostic latent ... identity-specific visual features"
        theirs = (_described(sentence[ea], a), _described(sentence[eb], b))
        if None not in theirs and theirs[0] != theirs[1] and term_key(head) not in theirs \
                and (_described(claim[ca], a), _described(claim[cb], b)) == theirs[::-1]:
            return f"swaps what '{a}' and '{b}' describe in the abstract"
        if ca == cb or ea == eb:
            continue
        skip = {a, b, head}
        mine_a, mine_b = _context(claim[ca], skip), _context(claim[cb], skip)
        theirs_a, theirs_b = _context(sentence[ea], skip), _context(sentence[eb], skip)
        crossed = (len(mine_a & theirs_b), len(mine_b & theirs_a))
        kept = (len(mine_a & theirs_a), len(mine_b & theirs_b))
        if all(c > k for c, k in zip(crossed, kept, strict=True)) \
                and sum(crossed) >= MIN_ROLE_CROSSING:
            return f"swaps what '{a}' and '{b}' do in the abstract"
    return None


def check_roles(claim: str, paper_text: str) -> str | None:
    """The claim must not give two contrasted terms each other's roles."""
    if language_of(claim) != "en":
        return None
    words = set(_TOKEN.findall(claim.lower()))
    # an alias stands for its word where the claim does not use the word itself
    mine = _clauses(claim, {alias: word for alias, word in _aliases(paper_text).items()
                            if word not in words})
    parsed = [_clauses(sentence) for sentence in split_sentences(paper_text)]
    # the two roles may be told in two sentences ("... are block-wise identifiable. With a
    # further assumption, ... component-wise"): each pair of neighbours is read as one too
    for clauses in [*parsed, *(a + b for a, b in pairwise(parsed))]:
        if reason := _swapped(mine, clauses):
            return reason
    return None


def _near_pairs(words: list[str]) -> set[tuple[str, str]]:
    """Each word with each of the next CROSSED_WINDOW words after it."""
    return {(a, b) for i, a in enumerate(words) for b in words[i + 1:i + 1 + CROSSED_WINDOW]}


def _next_word(words: list[str], word: str) -> str | None:
    at = words.index(word)
    return words[at + 1] if at + 1 < len(words) else None


def _traded(claim: list[str], sentence: list[str]) -> tuple[str, str] | None:
    """Two words that trade places between the claim and the sentence: the word after `a` in
    the claim is the one after `b` in the sentence and the other way round ("heartbeats as
    sentences and rhythms as words" for "heartbeats as words and rhythms as sentences"), each
    of the four once in both, and the words after the two do not say they stayed put."""
    shared = {w for w in set(claim) & set(sentence)
              if claim.count(w) == 1 and sentence.count(w) == 1}
    mine, theirs = _near_pairs(claim), _near_pairs(sentence)
    only_mine = sorted((a, x) for a, x in mine - theirs if {a, x} <= shared and a != x)
    for a, x in only_mine:
        for b, y in only_mine:
            if len({a, b, x, y}) == 4 and {(a, y), (b, x)} <= theirs - mine \
                    and all(_next_word(claim, p) in (None, _next_word(sentence, q))
                            or _next_word(claim, p) not in sentence
                            for p, q in ((x, y), (y, x))):
                return x, y
    return None


def check_crossed_words(claim: str, paper_text: str) -> str | None:
    """Two words of the claim each standing where the other stands in the abstract sentences
    most like it: a swap of roles told in words no antonym list or modifier reading holds
    ("removing its mask decoder and adding ... prompt encoders" for the abstract's "removing
    the prompt encoder and adding ... mask decoders"). English only."""
    if language_of(claim) != "en":
        return None
    claim = strip_markers(claim)
    mine = terms(claim)
    sentences = [terms(s) for s in split_sentences(paper_text)]
    likest = sorted(sentences, key=lambda s: -len(set(mine) & set(s)))[:CROSSED_SENTENCES]
    said = {stem(w): w for w in TOKEN.findall(claim.casefold())}
    for sentence in likest:
        if traded := _traded(mine, sentence):
            first, second = (said.get(w, w) for w in traded)
            return f"swaps '{first}' and '{second}' against the abstract"
    return None


def _coordinated(text: str) -> set[tuple[str, str, str, str]]:
    """The (first, head, first, head) words of "A B and C D" (or "A as B and C as D"), four
    different words, stemmed."""
    found = set()
    for m in COORDINATED_TERMS.finditer(text):
        a, x, b, y = (stem(w.casefold()) for w in m.groups())
        if len({a, x, b, y}) == 4:
            found.add((a, x, b, y))
    return found


def check_crossed_terms(claim: str, paper_text: str) -> str | None:
    """Two coordinated terms must not trade their first words: "a symbol encoder and a diagram
    decoder" for the abstract's "a diagram encoder and symbol decoder", "rhythms as words and
    heartbeats as sentences" for "heartbeats as words and rhythms as sentences"."""
    mine = _coordinated(strip_markers(claim))
    if not mine:
        return None
    for sentence in split_sentences(paper_text):
        for a, x, b, y in _coordinated(sentence):
            if (b, x, a, y) in mine or (a, y, b, x) in mine:
                return f"swaps '{a}' and '{b}' against the abstract"
    return None


_PAIRED = re.compile(r"\b([a-z][\w-]*) and ([a-z][\w-]*)\b")


def _pairs_in_order(text: str) -> list[tuple[str, str]]:
    return [(a, b) for a, b in _PAIRED.findall(text.casefold())
            if a not in STOPWORDS and b not in STOPWORDS and a != b]


def check_respectively(claim: str, paper_text: str) -> str | None:
    """Two lists matched "respectively" must keep their orders: "time and space complexities
    from quadratic and cubic, respectively" for the abstract's "from cubic and quadratic ...,
    respectively" swaps what each list item gets, while turning both lists round does not."""
    if "respectively" not in claim.casefold():
        return None
    mine = _pairs_in_order(strip_markers(claim))
    for sentence in split_sentences(paper_text):
        if "respectively" not in sentence.casefold():
            continue
        theirs = set(_pairs_in_order(sentence))
        kept = [p for p in mine if p in theirs]
        turned = [p for p in mine if p[::-1] in theirs and p not in theirs]
        if kept and len(turned) == 1:
            return (f"pairs '{turned[0][0]} and {turned[0][1]}' with the other list in the "
                    f"order the abstract gives '{turned[0][1]} and {turned[0][0]}'")
    return None


def _beside(words: list[str], verb: str) -> tuple[set[str], set[str]]:
    at = words.index(verb)
    return (set(words[max(0, at - RELATION_REACH):at]),
            set(words[at + 1:at + 1 + RELATION_REACH]))


def check_turned_relation(claim: str, paper_text: str) -> str | None:
    """A relation that runs one way turned round: "the variance of the model outputs bounds
    the variance of the latent space" for the abstract's "the variance of the latent space
    bounds the variance of model outputs". The words before and after the relation's verb
    (cues.RELATION_VERBS) trade sides; words said twice, and passives ("is bounded by"), are
    not read. English only."""
    claim = strip_markers(claim)
    if language_of(claim) != "en" or _PASSIVE.search(claim):
        return None
    mine = terms(claim)
    for sentence in split_sentences(paper_text):
        if _PASSIVE.search(sentence):
            continue
        theirs = terms(sentence)
        once = {w for w in set(mine) & set(theirs)
                if mine.count(w) == 1 and theirs.count(w) == 1}
        for verb in once & RELATION_VERBS:
            (before, after), (was_before, was_after) = _beside(mine, verb), _beside(theirs, verb)
            crossed = (len(before & was_after & once), len(after & was_before & once))
            kept = len(before & was_before & once) + len(after & was_after & once)
            if min(crossed) >= 1 and sum(crossed) > kept:
                return f"turns round what '{verb}' relates in the abstract"
    return None


def _masked(text: str, names: list[str]) -> str:
    """The text with each name (longest first) as one placeholder word."""
    for k, name in enumerate(names):
        text = text.replace(name, f" QQ{k}QQ ")
    return text


def _named_roles(text: str) -> dict[str, list[set[str] | None]]:
    """What the words after each named thing say of it, up to the next name or the clause's
    end (their roots); None for a name right before another (an alias: "GS-Former, short for
    Generator-And-Sampler Transformer")."""
    parts = _PLACEHOLDER.split(text)
    roles: dict[str, list[set[str] | None]] = {}
    for k in range(1, len(parts), 2):
        said = _ROLE_END.split(parts[k + 1])[0] if k + 1 < len(parts) else ""
        alias = len(said.split()) <= NAMED_ROLE_ALIAS_WORDS and k + 2 < len(parts)
        roles.setdefault(parts[k], []).append(
            None if alias else {word_root(t) for t in terms(said)[:NAMED_ROLE_REACH]})
    return roles


@lru_cache(maxsize=64)
def _names_of(paper_text: str) -> frozenset[str]:
    """The names of several words an abstract holds (each answer sentence reads them again)."""
    return frozenset(n for n in names_in(paper_text) if " " in n or "-" in n)


def check_named_roles(claim: str, paper_text: str) -> str | None:
    """Two named parts given each other's jobs: "Contrastive Masked Motion Modeling, which
    steers the language model toward high-entropy words, and Lexical Bottlenecked Masked
    Language Modeling, which captures spatiotemporal dynamics" where the abstract has it the
    other way round. What the claim says after each name must hold none of what the abstract
    says after that name, and at least NAMED_ROLE_CROSSING words of what it says after the
    other. English only; names said once each."""
    claim = strip_markers(claim)
    names = sorted({n for n in _names_of(paper_text) if n in claim}, key=len, reverse=True)
    if language_of(claim) != "en" or len(names) < 2:
        return None
    own = {word_root(t) for n in names for t in terms(n)}
    mine = _named_roles(_masked(claim, names))
    for sentence in split_sentences(paper_text):
        theirs = _named_roles(_masked(sentence, names))
        said = {k: (m[0] - own, t[0] - own) for k, t in theirs.items()
                if len(t) == 1 and t[0] is not None
                and len(m := mine.get(k, [])) == 1 and m[0] is not None}
        for a, b in ((a, b) for a in said for b in said if a < b):
            crossed = len(said[a][0] & said[b][1]) + len(said[b][0] & said[a][1])
            kept = len(said[a][0] & said[a][1]) + len(said[b][0] & said[b][1])
            if crossed >= NAMED_ROLE_CROSSING and not kept:
                first, second = (names[int(k[2:-2])] for k in (a, b))
                return f"gives '{first}' and '{second}' each other's roles in the abstract"
    return None


def _hyphen_rivals(words: set[str]) -> list[tuple[str, str]]:
    """Hyphened words of one last part: "first-stage" / "second-stage"."""
    hyphened = sorted(w for w in words if "-" in w and _word(w))
    return [(a, b) for a in hyphened for b in hyphened
            if a < b and a.rsplit("-", 1)[1] == b.rsplit("-", 1)[1]
            and a.split("-")[0] != b.split("-")[0]]


def check_paired_terms(claim: str, paper_text: str) -> str | None:
    """Two pairs of rival terms matched the other way: "a first-stage regression-based
    policy" where the abstract learns "a first-stage policy ... via a policy-based approach"
    and "a second-stage policy derived from a regression-based approach". A clause of the
    claim joins one term of a pair with the rival of the term the abstract joins it with (in
    a clause holding neither rival). English only."""
    if language_of(claim) != "en":
        return None
    theirs = [set(c) for sentence in split_sentences(paper_text) for c in _clauses(sentence)]
    rivals = _hyphen_rivals(set().union(*theirs)) if theirs else []
    # each term with its rival, both ways round
    terms_and_rivals = [pair for a, b in rivals for pair in ((a, b), (b, a))]

    def joined(x: str, y: str, x_rival: str, y_rival: str) -> bool:
        return any({x, y} <= c and not {x_rival, y_rival} & c for c in theirs)

    for clause in map(set, _clauses(claim)):
        for p, p_rival in terms_and_rivals:
            for q, q_rival in terms_and_rivals:
                # p and q of two rival pairs ("-stage", "-based"), not of one
                if p in clause and q in clause and not {p_rival, q_rival} & clause \
                        and q[-5:] != p[-5:] and joined(p, q_rival, p_rival, q) \
                        and joined(p_rival, q, p, q_rival) and not joined(p, q, p_rival, q_rival):
                    return f"joins '{p}' with '{q}' where the abstract joins it with '{q_rival}'"
    return None
