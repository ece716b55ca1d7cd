"""What a quantity question measures: what "how many" counts, the measure a figure must be
of ("how accurate" → accuracy), its qualifiers ("batch size" → batch), and what a superlative
ranks on; and the clause of a sentence that holds the asked figure. Read by rag/evidence.py,
rag/answer_lines.py and rag/compound.py."""

from __future__ import annotations

import re

from paperwise.text import STOPWORDS, stem, terms
from rag import cues
from rag.asking import as_question
from rag.cues.sizes import SELF_SIZED, SIZED_PART, SIZED_PRONOUN
from rag.figures import numbers_near


def counted_words(question: str) -> list[str]:
    """The words after "how many": what the number must count ("risk categories"); either of
    two joined by a slash ("how many houses/indoor layouts": the first slash only). A request
    counting nothing as written is read as its question ("tell me how much quicker the X is":
    fresh dev batch or, or002a)."""
    return _counted(question) or _counted(as_question(question))


def _counted(question: str) -> list[str]:
    # quotes off: "how many heartbeat 'words'" counts words (fresh dev batch 28)
    unquoted = re.sub(r"[\"'‘’“”]", "", question)
    pair = re.search(r"\b([\w-]+)/([\w-]+)\b", unquoted)
    sides = [unquoted[:pair.start()] + side + unquoted[pair.end():]
             for side in pair.groups()] if pair else [unquoted]
    return list(dict.fromkeys(w for side in sides for w in _counted_in(side)))


def _counted_in(unquoted: str) -> list[str]:
    # "how many of the modern design components" counts the components (fresh dev batch nl:
    # the article's words left nothing counted)
    unquoted = cues.COUNT_OF_THE.sub("how many ", unquoted)
    if partitive := cues.PARTITIVE_COUNT.search(unquoted):
        return _noun_phrase(partitive[1].split())
    match = cues.HOW_MANY.search(unquoted) or cues.HOW_MANY_UNTIL_PLURAL.search(unquoted)
    if match is None and (per := cues.TERSE_PER.search(unquoted)):
        return [per[1].casefold()]  # "olmoe experts per layer"
    if match is None and (terse := cues.TERSE_COUNT.search(unquoted)):
        head = terse[1].casefold() + "s"
        # "PORRL feedback types count" counts feedback of any kind (fresh dev batch nc)
        before = unquoted[: terse.start()].split()[-1:] if head in cues.GENERIC_COUNT_HEADS else []
        return [head, *_noun_phrase(before), *cues.MEASURE_NOUN_SYNONYMS.get(head, ())]
    words = match.group(1).casefold().split() if match else []
    if words and (words[0] in cues.ELIDED_COUNT_VERBS
                  or (words[0] == "of" and len(words) > 1
                      and words[1] in cues.ELIDED_COUNT_PRONOUNS
                      # "of those components": a determiner, its noun counted (dev mz010b),
                      # after its modifiers too ("of those parameter-efficient methods": dev
                      # split ms005b)
                      and (words[1] == "it" or not any(
                          cues.PLURAL_WORD.fullmatch(w)
                          for w in words[2:2 + cues.COUNTED_MODIFIER_WORDS])))):
        return []  # "how many are active", "how many of them ...": counted as said before
    start = 2 if words[:1] == ["of"] else 1  # "of those components" is the phrase
    words = words[:next((i for i, w in enumerate(words) if i >= start
                         and w in cues.COUNTED_PHRASE_ENDS), len(words))]
    # "how many experts per layer": what is counted comes before "per"; and counted things are
    # plural: "how many granular risk categories sit in ..." ends at its first plural noun, not
    # at the verb the phrase ran into (fresh dev batch 28), nor at a later noun ("how many
    # human auditors checked the prompts" counts auditors; fresh dev batch w)
    words = words[: words.index("per")] if "per" in words[1:] else words
    plural = [w for w in words if cues.PLURAL_WORD.fullmatch(w)]
    words = words[: words.index(plural[0]) + 1] if plural else words
    # What is counted is the phrase's head, its last word: "human participants" are counted
    # as participants, not as "three tasks utilizing human trajectories"; "how much text" is
    # told in tokens or samples, "how much higher" as a gain.
    head = [w for w in words[-1:] if w not in cues.ASK_WORDS] or words[-1:]
    # "trajectory recordings" are counted as trajectories too: a data unit's modifiers
    items = [w for word in words[:-1] for w in word.split("-") if w.isalpha() and len(w) > 3
             and w not in cues.ASK_WORDS] if head and (
                 head[0] in cues.DATA_UNITS or head[0] in cues.GENERIC_COUNT_HEADS) else []
    return head + items + [w for word in words for w in cues.MEASURE_NOUN_SYNONYMS.get(word, ())]


_PHRASE_ENDS = STOPWORDS | cues.ASK_WORDS


def _noun_phrase(words: list[str]) -> list[str]:
    """The words of a counted phrase up to a stopword or, after its first word, a name."""
    kept: list[str] = []
    for word in words:
        if word.casefold() in _PHRASE_ENDS or (kept and word != word.casefold()):
            break
        kept.append(word.casefold())
    return kept


def sized_part(question: str) -> set[str]:
    """The part a size question sizes when it is no paper: "how large is that vocabulary" →
    vocabulary, counted as "how many" counts (cues SIZED_PART, SELF_SIZED)."""
    part = SIZED_PART.search(question) or SIZED_PRONOUN.search(question)
    noun = part[1].casefold() if part else ""
    return {noun} if noun and noun.removesuffix("s") not in SELF_SIZED else set()


_HOW_MANY_WORDS = re.compile(r"\b(how many)\b", re.I)


def with_elided_count(part: str, before: str) -> str:
    """"How many experts does X have, and how many are active per token?": the second part
    counts experts too."""
    counted = counted_words(before)
    if not counted or counted_words(part) or not _HOW_MANY_WORDS.search(part):
        return part
    return _HOW_MANY_WORDS.sub(rf"\1 {counted[0]}", part, count=1)


def measure_words(question: str) -> set[str]:
    """The words a sentence may use for what a quantity question measures: the question's
    content words that are not ask words, plus the nouns of its "how + adjective"."""
    words = {w for w in terms(question) if w not in cues.ASK_WORDS}
    for adjective, synonyms in cues.MEASURE_SYNONYMS.items():
        if re.search(rf"\bhow {adjective}\b", question, re.I):
            words.update(synonyms)
    return words


# A typed question's last qualified measure: the word before its head, when no "of" and no other
# measure follows ("soap learning rate lm pretraining" → learning; not "nutribench size -
# number of meals", nor "size of detector pool": dev mv028a, y014, mb007a).
_LAST_TERSE_QUALIFIED = re.compile(
    rf"\b([a-z][\w-]*) (?:{'|'.join(cues.QUALIFIED_HEADS)})s?\b(?!\s+of\b)"
    rf"(?!.*\b(?:{'|'.join(map(re.escape, cues.MEASURE_NOUNS))})s?\b)", re.I)


_QUALIFIED_OF = re.compile(
    r"\bsizes? of (?:the |its |their )?((?:[\w-]+ ){0,3}?[\w-]+)"
    r"(?=\s+(?:in|of|for|on|with|by|from|that|which|is|are|was|were|built|made|run|taken|drawn"
    r"|[a-z]+ed)\b|\s*\?|\s*$)",
    re.I)


def measure_qualifiers(question: str) -> set[str]:
    """What an asked generic measure measures: "what batch size" → batch, "what is the learning
    rate" → learning. Empty when the head stands alone ("what size is X?") or is not what is
    asked ("how quickly are LLM sizes growing?")."""
    # a superlative may come first: "what was the largest model size" (fresh dev batch w)
    pattern = (r"\b(?:what|which)(?:'s| is| are| was| were)?(?: the| its| their)?"
               r"(?: (?:largest|biggest|smallest|maximum|minimum|highest|lowest|longest|shortest))?"
               r" ([a-z][\w-]*) "
               rf"(?:{'|'.join(cues.QUALIFIED_HEADS)})s?\b")
    found = {m.casefold() for m in re.findall(pattern, question, re.I)}
    # ... or a size's after it: "size of the heartbeat-based ECG vocabulary built with ..." →
    # vocabulary (dev split mq027a: any figure of the paper was taken); a name is the thing
    # sized itself ("the size of NutriBench in meal descriptions")
    found |= {m.split()[-1].casefold() for m in _QUALIFIED_OF.findall(question)
              if m.split()[-1].islower()}
    if cues.TERSE_MEASURE.search(question):  # typed: "heartlang ecg vocab size?" → vocab
        found |= {m.casefold() for m in _LAST_TERSE_QUALIFIED.findall(question)}
    # "feedback types count", "model-based algorithms count": the types, the algorithms are
    # what is counted (counted_words), no measure's kind (fresh dev batch nh, nh005a)
    unqualifying = (cues.ASK_WORDS | STOPWORDS | cues.SHARE_QUALIFIERS | cues.COLLECTION_QUALIFIERS
                    | set(cues.GENERIC_COUNT_HEADS) | set(counted_words(question))
                    | cues.MEASURE_SUPERLATIVES)
    kept = {m for m in found if m in cues.QUALIFIER_WORDS or m not in unqualifying}
    return {stem(w) for m in kept for w in cues.QUALIFIER_WORDS.get(m, (m,))}


def ranked_words(question: str) -> set[str]:
    """The content words around the question's superlative: what it ranks on ("the lowest
    refusal rate" → refusal, rate). A sentence ranking something else ("the lowest tier")
    does not answer it."""
    match = cues.RANKING_ASK.search(question)
    if match is None:
        return set()
    words = question[: match.end()].split()[-cues.RANKED_WINDOW - 1:] + question[
        match.end():].split()[: cues.RANKED_WINDOW]
    return {t for t in terms(" ".join(words)) if t not in cues.ASK_WORDS
            and not cues.RANKING_EVIDENCE.fullmatch(t)}


def asked_measures(question: str) -> set[str]:
    """What a figure must measure when the question names it: the nouns of its "how +
    adjective" ("how accurate" → accuracy, %) and the measure nouns it uses ("what speedup").
    "How accurate is X on Y?" is not answered by a figure about Y that is no accuracy. A unit
    the question names (cues.EXPLICIT_UNIT) is all a figure may measure."""
    if units := {u for found in cues.EXPLICIT_UNIT.findall(question) for u in found if u}:
        return {stem(u.casefold()) for u in units}
    # Inside a hyphenated word a measure noun names a topic: "the precision-aware scaling laws
    # paper", "time-series" (fresh dev batch w)
    # ... and one the question gives a figure of sets its scene: "the model with 1B active out
    # of 7B total parameters: how many experts ...?" asks no parameter count (dev split mf024b,
    # mj023b, mk022b: answered "7 billion (B) parameters")
    multiple = cues.MULTIPLE_ASK.search(question)
    words = {w for w in cues.MEASURE_NOUNS if w not in cues.ASK_WORDS
             and not (multiple and w == "time")
             and re.search(rf"(?<![\w-]){re.escape(w)}s?(?![\w-])", question, re.I)
             and not re.search(rf"\d[\d.,]*\s*[kKmMbBtT]?\s+(?:{cues.SCENE_QUALIFIERS}\s+)?"
                               rf"{re.escape(w)}s?\b", question, re.I)}
    words |= {s for w in list(words) for s in cues.MEASURE_NOUN_SYNONYMS.get(w, ())}
    if cues.PERFORMANCE_ASK.search(question):
        words |= {m.casefold() for m in cues.METRIC_ACRONYM.findall(question)}
    words |= {m.casefold() for m in cues.METRIC_BEFORE_NOUN.findall(question)}
    words |= {(after_what or before_verb).casefold()
              for after_what, before_verb in cues.ENDED_AT.findall(question)}
    if cues.POWER_ASK.search(question):
        words |= {"exponent", "power"}
    if multiple:
        words.update(cues.MULTIPLE_WORDS)
    for adjective, synonyms in cues.MEASURE_SYNONYMS.items():
        if re.search(rf"\bhow {adjective}\b", question, re.I):
            words.update(synonyms)
    return {stem(w) for w in words}


_CLAUSE_BREAK = re.compile(r"(?<=[,;:])\s+|\s+[—–]\s+|\s+(?=(?:while|whereas|which)\s)")
# "..., where the power 3/4 is best known" says more of the clause before it; a lead opening
# "and" / "but" / "or" starts with the clause's own words (dev me001)
_CLAUSE_GOES_ON = re.compile(r"\s*where\b")
_CLAUSE_JOINER = re.compile(r"^\s*(?:and|but|or)\s+")


def lead_clause(sentence: str, question: str, title: str) -> str:
    """The clause of a sentence that holds the asked figure: "314 granular risk categories in
    the lowest tier". A clause too short to stand alone grows into its neighbour."""
    clauses: list[str] = []
    for clause in (c for c in _CLAUSE_BREAK.split(sentence) if c.strip()):
        # a comma inside brackets breaks no clause: "two model-based methods (POR-UCRL,
        # POR-UCBVI)" (fresh dev batch nh: the lead ended "(POR-UCRL")
        if clauses and (_CLAUSE_GOES_ON.match(clause)
                        or clauses[-1].count("(") > clauses[-1].count(")")):
            clauses[-1] = f"{clauses[-1]} {clause}"
        else:
            clauses.append(clause)
    counted = set(counted_words(question))
    # the clause with a figure of the measure the question names first ("a second-order term of
    # order O(n^-3/4), where the power 3/4" for the term's exponent, not "the sum of two terms":
    # dev me001), else of any of its words
    # ... and of those, the one holding most of the question's words ("and a second-order term
    # of order ..." for the second-order term's power)
    asked = set(terms(question))
    for words in (asked_measures(question), measure_words(question) | counted):
        holding = [i for i, clause in enumerate(clauses) if words and numbers_near(
            clause, words, cues.NUMBER_WINDOW, cues.NUMBER_WINDOW, title)]
        if holding:
            i = max(holding, key=lambda k: (len(asked & set(terms(clauses[k]))), -k))
            picked = (_from_counted_figure(clauses[i], counted, title)
                      or _CLAUSE_JOINER.sub("", clauses[i]))
            if len(picked.split()) < cues.MIN_CLAUSE_WORDS and i + 1 < len(clauses):
                picked = f"{picked} {clauses[i + 1]}"
            return picked.strip().rstrip(".,;:")
    return sentence.strip().rstrip(".")


def _from_counted_figure(clause: str, counted: set[str], title: str) -> str | None:
    """"... a taxonomy with 314 granular risk categories in the lowest tier" → from the figure
    on, when the counted words follow it."""
    words = clause.split()
    for i in range(len(words)):
        rest = " ".join(words[i:])
        if (cues.NUMBER_TOKEN.match(words[i].strip(".,;:()")) and
                len(words) - i >= cues.MIN_CLAUSE_WORDS and
                numbers_near(" ".join(words[i : i + 1 + cues.COUNT_WINDOW]), counted, 0,
                             cues.COUNT_WINDOW, title)):
            return rest
    return None
