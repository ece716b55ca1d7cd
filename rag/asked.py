"""What a question asks a sentence to give: the things it asks to be named ("which four
domains" → domain), the alternatives it offers ("rats or mice?"), and whether a sentence can
state the kind of detail asked for (a figure, a ranking, a name). Read by rag/evidence.py."""

from __future__ import annotations

import re

from paperwise.text import STOPWORDS, stem, terms, word_root
from rag import cues
from rag.ask_kind import AskKind, asks_purpose
from rag.asking import as_question
from rag.cues import answer_shape
from rag.figures import figure_tokens
from rag.names import name_tokens


def asked_thing(question: str) -> str | None:
    """The things a "which/what Xs were ..." question asks to be named, as a stem: "In which
    four domains was X evaluated?" → domain. A sentence naming them uses that word."""
    asked = as_question(question)  # "tell me the datasets X was run on"
    match = cues.WHICH_THING.search(asked)
    if match is not None and match.group(2):
        word = match.group(1) + match.group(2)
    elif (one := cues.WHICH_ONE_THING.search(asked) or cues.WHAT_NAMED_THING.search(asked)) \
            and one.group(1) not in STOPWORDS:
        word = one.group(1)
    elif cues.EVALUATION_ASK.search(asked):
        return cues.EVALUATION_THING
    elif (named := cues.NAME_ASK.search(asked)) and named["thing"] and stem(
            named["thing"].split()[-1].casefold()) in cues.THING_WORDS and not re.search(
            r"\b(?:and|or)\s", asked[named.start():named.start("thing")]):
        # "which graph datasets the ... paper used", "the names of the public datasets on which
        # ...": the things NAME_ASK reads, when told by words of their own (fresh dev batch ma);
        # "which model and dataset" asks for both, no one thing
        return stem(named["thing"].split()[-1].casefold())
    elif named_thing := cues.THING_NAME_ASK.search(asked):
        word = named_thing["of"] or named_thing["typed"]  # "the name of the X dataset"
    elif typed := cues.WHICH_TYPED.search(asked):
        word = typed.group(1)  # "SIMPL hippocampus data - which species" (dev split mk025a)
    elif parts := cues.PARTS_ASK.search(asked):
        word = parts.group(1) or parts.group(2)  # "what are the key modules in X" (dev mf013)
    elif (terse := cues.TERSE_THING_ASK.search(asked)) and (terse["thing"] or terse["one"]):
        word = terse["thing"] or terse["one"]  # "nutribench languages covered" (dev batch me)
    elif kind := cues.TERSE_KIND_ASK.search(asked):
        word = kind["thing"]  # "ltl multi-task rl automata type" (fresh dev batch nh)
    else:
        return None
    thing = stem(word.casefold())  # "policies" → policy
    return None if thing in cues.NOT_A_THING else thing


def offered_words(question: str) -> set[str]:
    """The roots of lower-case words a question offers as alternatives ("recorded in rats or
    mice?", "online or offline"): a sentence answering it says one of them. Empty where a side
    of the "or" is no content word ("whether or not"). Names offered so: rag/names.py."""
    found: set[str] = set()
    for pair in (*cues.WORD_ALTERNATIVES.findall(question),
                 *cues.KIND_ALTERNATIVES.findall(question)):
        words = {w.casefold() for w in pair}
        if not words & (STOPWORDS | cues.ASK_WORDS):
            found |= {word_root(stem(w)) for w in words}
    return found


def tells_offered(sentence: str, offered: set[str]) -> bool:
    """Whether a sentence says one of the offered words, or another form of one: "heterophily"
    for "heterophilic" (one root starting the other, at least cues.HEARD_PREFIX letters long)."""
    roots = set(map(word_root, terms(sentence)))
    return bool(offered & roots) or any(
        min(len(o), len(r)) >= cues.HEARD_PREFIX and (o.startswith(r) or r.startswith(o))
        for o in offered for r in roots)


def gives(kind: AskKind | None, sentence: str) -> bool:
    """Whether a sentence can state the kind of detail the question asks for."""
    if kind is None:
        return True
    if kind == "quantity":
        return any(cues.NUMBER_TOKEN.match(w) for w in figure_tokens(sentence))
    if kind == "ranking":
        return bool(cues.RANKING_EVIDENCE.search(sentence))
    if kind == "name":
        return bool(name_tokens(sentence))
    pattern = cues.DETAIL_EVIDENCE.get(kind)
    return bool(pattern and pattern.search(sentence))


def purpose_topic(question: str) -> str:
    """A purpose question without its asking (cues PURPOSE_FRAME): what it asks about."""
    if not asks_purpose(question):
        return question
    topic = " ".join(answer_shape.PURPOSE_FRAME.sub(" ", question).split()).strip(" ?")
    return topic or question


def _words(text: str) -> list[str]:
    return [w.strip(".,;:()[]\"'?!").casefold() for w in text.split()]


def described_words(question: str, thing: str) -> set[str]:
    """The content words a question puts right before the thing it asks to be named, by their
    hyphen parts: "the 200-hour delivery-vehicle driving dataset" → {200, hour, delivery,
    vehicle, driving}."""
    words = _words(question)
    for i, word in enumerate(words):
        if stem(word) == thing:
            before = list(reversed(words[max(0, i - cues.DESCRIBED_WINDOW):i]))
            kept: list[str] = []
            for w in before:  # the run of content words ending at the thing
                if w in STOPWORDS or w in cues.ASK_WORDS or not w:
                    break
                kept.extend(p for p in w.split("-") if p)
            return set(kept)
    return set()


def names_described(sentence: str, described: set[str], thing: str) -> bool:
    """False where the sentence speaks of the asked thing as the question describes it (at
    least cues.DESCRIBED_MIN of its words right before the thing) and gives it no name
    there: "our newly collected 200-hour delivery-vehicle driving dataset" names no dataset,
    though the sentence names the benchmark beside it (dev batch ol, ol030)."""
    if len(described) < cues.DESCRIBED_MIN:
        return True
    tokens = sentence.split()
    words = _words(sentence)
    for i, word in enumerate(words):
        if stem(word) != thing:
            continue
        start = max(0, i - cues.DESCRIBED_WINDOW)
        # by hyphen parts: "200h delivery vehicle dataset" is the "delivery-vehicle" one
        parts = {p for w in words[start:i] for p in w.split("-")}
        if len(described & parts) < cues.DESCRIBED_MIN:
            continue
        after = " ".join(tokens[i + 1:i + 3])
        if not name_tokens(" ".join(tokens[start:i]) + " ?") \
                and not cues.NAMED_AFTER.match(after):
            return False
    return True


def removes_part(question: str, thing: str | None) -> bool:
    """A part asked for is one taken away: "what component gets dropped" (fresh dev batch os,
    os015: answered with the method's summary)."""
    return thing in cues.PART_THINGS and cues.PART_REMOVED.search(question) is not None
