"""A question put as a request, read as the question it asks: "tell me the datasets X was run
on" asks what datasets X was run on, "could you describe what X offers" what X offers. Read by
rag/query.py analyse and by every stage that looks for the asked thing (rag/asked.py)."""

from __future__ import annotations

import re

from rag import cues

# An auxiliary verb after the asked noun: a clause that says which ("the datasets X was run on").
CLAUSE_VERB = re.compile(rf"\b{cues.AUX_WORDS}\b", re.I)
# a few words, then a participle and its preposition: "8 simulators used in ..."
_REDUCED_CLAUSE = re.compile(r"((?:[\w'-]+\s+){0,3}?[\w'-]+)\s+([a-z]+ed\s+(?:in|on|by|for|to|"
                             r"with|across|during)\b)", re.I)

# ... or a relative word right after a few words of noun: "the open-world benchmark where the
# agent showed its gains" says which benchmark (held-out oq013a, now dev: read as a summary).
_RELATIVE_CLAUSE = re.compile(rf"^(?:[\w'-]+\s+){{0,3}}?[\w'-]+\s+{cues.RELATIVE_WORD}", re.I)
# "what's the component called in X", "what is the main module of X called" ask which
# component, which module (fresh dev batch ou, ou016b: read as summaries).
_CALLED = re.compile(r"^(\s*)(?:what|how) (?:is|are|was|were) (?:the|its|their) "
                     r"((?:[\w-]+ ){0,3}?[\w-]+?)(?: (?:of|in|for) ((?:[\w-]+ ){0,3}?[\w-]+))?"
                     r" called\b", re.I)


def _which_called(found: re.Match[str]) -> str:
    lead, thing, owner = found.groups()
    return f"{lead}which {thing} is" + (f" in {owner}" if owner else "")


def _says_which(clause: str) -> bool:
    """Whether the words after an asked noun say which one it is."""
    return bool(CLAUSE_VERB.search(clause) or _RELATIVE_CLAUSE.match(clause))


def as_question(text: str) -> str:
    """"Tell me the number of X" reads as "what is the number of X", "tell me the datasets X
    was run on" as "what datasets X was run on"; "what's" as "what is"; "what the X offers"
    as "what does the X offers"."""
    return cues.EMBEDDED_WHAT.sub(r"\1 does ", _as_question(text), count=1)


def _as_question(text: str) -> str:
    # "whats" is typed for "what's" (fresh dev batch s)
    text = re.sub(r"\b(what|how|which|who)'s\b|\b(what)s\b", r"\1\2 is", text, flags=re.I)
    # "which names of the datasets", "I'd like the names of the datasets X used" ask which
    # datasets X used (fresh dev batch ma)
    # ... and "what are the names of the benchmarks (they used)?" (dev split mw025b wording)
    # ... and so does "what is the make and model of the VR device" (dev split om025b)
    text = re.sub(r"\b(what|which)(?: (?:are|were|is|was) the)? (?:names?|make and model) of "
                  r"(?:the |its |their )?",
                  r"\1 ", text, flags=re.I)
    text = re.sub(r"\b(like|know|need|want|give me|tell me|show me|list) the (?:names?|make and "
                  r"model) of "
                  r"(?:the |its |their )?", r"\1 which ", text, flags=re.I)
    # a description may come first: "X trains a policy on ... . Before copying the setup, I'd
    # like to know the exact proportion of ..." asks what the proportion is (dev split lv022b)
    lead = cues.LATER_REQUEST.search(text)
    if lead is not None:  # ... as a sentence of its own, capitalised as one
        request = as_question(text[lead.end():])
        return text[:lead.end()] + request[:1].upper() + request[1:]
    # "what are the six datasets AFLOW is evaluated on" asks "what six datasets ..." (fresh
    # batch d): a clause after the noun says which, so it is no summary of the noun
    text = _CALLED.sub(_which_called, text, count=1)
    asked = re.match(r"(\s*(?:what|which)) (?:is|are) (?:the|its|their) (.+)", text, re.I)
    if asked and _says_which(asked[2]):
        return f"{asked[1]} {asked[2]}"
    listed = cues.LIST_THE_ASK.match(text)
    if listed and not cues.LIST_ASK.search(text) and CLAUSE_VERB.search(text[listed.end():]):
        return f"what {text[listed.end():]}"
    # ... and so does a participle after the listed things: "list the 8 simulators used in
    # SPA's evaluation" asks what simulators were used (dev split d021)
    if listed and not cues.LIST_ASK.search(text) and (
            reduced := _REDUCED_CLAUSE.match(text[listed.end():])):
        return f"what {reduced[1]} were {text[listed.end() + reduced.start(2):]}"
    match = cues.IMPERATIVE_ASK.match(text)
    if match is None or cues.LIST_ASK.search(text):  # "find work on X" asks for papers as it is
        return text
    rest = text[match.end():]
    if not re.match(r"(?:the|a|an)\b", rest, re.I):
        # "tell me about FB-CPR" asks what FB-CPR is; "tell me about offline RL", bare, asks
        # for the papers on it (fresh batch t: read as a list of one paper)
        about_name = re.search(r"\babout\s*$", match[0], re.I) and cues.NAME_LIKE.match(rest)
        return f"what is {rest}" if about_name else cues.EMBEDDED_HOW.sub(r"\1 \3 \2", rest,
                                                                          count=1)
    # "tell me the datasets X was run on" asks "what datasets (was X run on)": "what is the
    # ..." would read as a summary (fresh dev batch b)
    clause = _says_which(rest)
    return re.sub(r"^(?:the|a|an)\s+", "what ", rest, flags=re.I) if clause else f"what is {rest}"


def enumerated_parts(question: str) -> tuple[str, ...]:
    """"Two things please: the distribution family ..., and the model families ..." → each
    thing asked ("what is the distribution family ...?"), after the clause setting the scene
    ("For the optimizer that ..., I need two things: ...") or what both are about
    (cues.ENUMERATED_ASK); without "two things", a request for one thing plus another
    (_requested_pair)."""
    found = cues.ENUMERATED_ASK.search(question)
    if found is None:
        return _requested_pair(question)
    things = found["things"].strip(" .?？")
    cut = cues.ENUMERATION_BREAK.search(things) or cues.ENUMERATION_AND.search(things)
    if cut is None:
        return ()
    scene = question[:found.start()].strip()
    if found["about"]:
        scene = f"{scene} For {found['about'].strip()},".strip()
    return tuple(f"{scene} {_thing_asked(side.strip(' ,'))}?".strip()
                 for side in (things[:cut.start()], things[cut.end():]))


def _requested_pair(question: str) -> tuple[str, ...]:
    """"Give me the X, plus the Y" → "what is the X?", "what is the Y?" (cues.REQUESTED_PAIR)."""
    found = cues.REQUESTED_PAIR.match(question)
    sides = cues.REQUESTED_PAIR_BREAK.split(found["things"].strip(" .?？")) if found else []
    return tuple(f"{_thing_asked(side.strip(' ,'))}?" for side in sides) if len(sides) == 2 \
        else ()


def _thing_asked(thing: str) -> str:
    """A thing of an enumerated request as a question: "tell me how X helps" → "how X helps",
    "name the simpler method" and "the simpler method" → "what is the simpler method"."""
    thing = cues.NAMING_REQUEST.sub("", thing, count=1)
    asked = as_question(thing)
    if asked != thing or cues.QUESTION_OPENING.match(thing):
        return asked
    return f"what is {thing}" if re.match(r"(?:the|its|their|a|an)\b", thing, re.I) else thing
