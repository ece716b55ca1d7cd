"""Which sentences answer a question: each retrieved abstract's sentences scored against it,
the ones that can give what it asks for (a figure of what it measures, a name, ...), and the
clause and the few sentences an extractive answer quotes. Cues and thresholds: rag/cues/."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import numpy as np

from paperwise.text import clean_for_display, hyphen_stems, stem, terms, word_root
from paperwise.types import Hit, SentenceBank
from rag import cues
from rag.acronyms import spelled_out, term_acronyms
from rag.ask_kind import AskKind
from rag.asked import (
    asked_thing,
    described_words,
    gives,
    names_described,
    offered_words,
    removes_part,
    tells_offered,
)
from rag.claim_names import names_in, names_missing_from
from rag.cues import answer_shape
from rag.figure_evidence import quantity_evidence
from rag.figures import figure_tokens, numbers_near
from rag.measures import counted_words, ranked_words
from rag.names import name_pattern, name_tokens, without_names
from rag.query import QuestionIntent
from rag.scored import ScoredSentence as ScoredSentence  # read from here by the answer lines
from rag.scored import Weight as Weight
from rag.scored import rescored


def _cover(question_terms: set[str], sentence: str, weight: Weight) -> frozenset[tuple[str, float]]:
    """The question terms the sentence holds, each with its share of their IDF weight."""
    total = sum(weight(t) for t in question_terms)
    present = question_terms & set(terms(sentence))
    return frozenset((t, weight(t) / max(total, 1e-9)) for t in present)


def abstract_cover(question: str, hit: Hit, weight: Weight) -> float:
    """The share of the question's term weight (ask words aside) that a paper's title and
    abstract hold anywhere: how much of what a list question asks about the paper speaks of."""
    asked = {t for t in terms(question) if t not in cues.ASK_WORDS | cues.RELATION_WORDS}
    total = sum(weight(t) for t in asked)
    held = asked & set(terms(f"{hit.paper.title} {hit.paper.abstract}"))
    return sum(weight(t) for t in held) / total if total else 0.0


def naming_first(evidence: list[ScoredSentence], question: str, thing: str,
                 hits: list[Hit]) -> list[ScoredSentence]:
    """The best paper's sentences that tell the asked things (tells_thing) first, those sharing
    more of the question's words first."""
    asked = set(terms(question))
    # ... then those naming more ("We propose two new metrics, Logits Magnitude and Regularized
    # Standard Deviation" over "using these two metrics, ... the Logits Magnitude": dev split
    # mj014b); the paper's own sentences before its background ("target model type": "we
    # propose DSPO ... diffusion models" over "While LLMs leverage DPO ..., diffusion models
    # have not been explored": dev split my015a)
    first_own = first_own_sentence(evidence)
    proposed = thing in cues.PART_THINGS and cues.PART_PROPOSED.search(question) is not None
    removed = removes_part(question, thing)
    return sorted(evidence, key=lambda s: (s.marker != evidence[0].marker,
                                           removed and not cues.PART_REMOVED.search(s.text),
                                           not tells_thing(s, thing, hits),
                                           # a part, where the paper proposes one by name,
                                           # when one proposed is asked ("which module does
                                           # GeoX propose": not "which component of SAM does
                                           # MTSAM remove", dev split mb023)
                                           proposed and not proposes_named(s, hits),
                                           s.index < first_own.get(s.marker, 0),
                                           -len(set(names_in(s.text))),
                                           -len(asked.intersection(terms(s.text)))))


def offered_first(pool: list[ScoredSentence], question: str) -> list[ScoredSentence]:
    """The sentences saying one of the alternatives the question offers ("on heterophilic
    graphs or only homophilic ones?") first: they settle it (dev split mu013)."""
    offered = offered_words(question)
    return sorted(pool, key=lambda s: not tells_offered(s.text, offered)) if offered else pool


def proposes_named(s: ScoredSentence, hits: list[Hit]) -> bool:
    """Whether the sentence proposes something by a name other than the paper's own ("We
    propose a Generator-And-Sampler Transformer (GS-Former)")."""
    return bool(cues.METHOD_CUE.search(s.text) and names_in(
        without_names(s.text, [hits[s.marker - 1].paper.title])))


def tells_thing(s: ScoredSentence, thing: str, hits: list[Hit]) -> bool:
    """Whether the sentence uses the word for the asked things (or, for benchmarks, datasets
    and tasks, the words of an evaluation), or states a result on a named one of the things a
    method is evaluated on: "significant improvements over state-of-the-art techniques in
    MineDojo" (fresh dev batch la)."""
    compound = cues.OTHER_THING_COMPOUNDS.get(thing)
    text = compound.sub(" ", s.text) if compound else s.text
    if not {thing, *cues.THING_WORDS.get(thing, ())}.isdisjoint(terms(text)) or (
            thing == "model" and cues.SIZED_MODEL.search(text)):
        return True
    if thing in cues.METHOD_THINGS and cues.METHOD_WORDS.search(text) and (
            cues.METHOD_CUE.search(text) or cues.OWN_WORK.search(text)):
        return True  # the paper's own ("we present two ... methods"), not "existing methods"
    if thing not in cues.EVALUATED_THINGS or cues.RESULT_CUE.search(s.text) is None:
        return False
    # the name stands where a benchmark does, after "in"/"on" (not "outperform GPT-4o")
    text = without_names(s.text, [hits[s.marker - 1].paper.title])
    return any(re.search(rf"\b(?:in|on) (?:the )?{re.escape(n)}\b", text) for n in names_in(text))


def score_sentences(question: str, question_vector: np.ndarray, hits: list[Hit],
                    bank: SentenceBank, weight: Weight) -> list[ScoredSentence]:
    """Every sentence of every hit, scored against the question, best first."""
    question_terms = set(terms(question)) - cues.RELATION_WORDS
    scored = []
    for marker, hit in enumerate(hits, start=1):
        paper = bank.get(hit.paper.id)
        sims = paper.vectors @ question_vector if len(paper) else np.zeros(0)
        for index, (text, sim) in enumerate(zip(paper.texts, sims, strict=False)):
            # a link's words are no words of the sentence ("... available at
            # https://github.com/x/clip-powered-data-selection": dev split mf013)
            cover = _cover(question_terms, cues.URL.sub(" ", text), weight)
            score = (cues.SIM_WEIGHT * float(sim)
                     + cues.OVERLAP_WEIGHT * sum(share for _, share in cover))
            scored.append(ScoredSentence(marker, index, text, score, cover, float(sim)))
    return sorted(scored, key=lambda s: -s.score)


def find_evidence(pool: list[ScoredSentence], question: str, intent: QuestionIntent,
              hits: list[Hit]) -> list[ScoredSentence]:
    """Sentences that can give what the question asks for, most direct first."""
    if intent.asks_for == "quantity":
        found = quantity_evidence(pool, question, intent, hits)
        if cues.PERFORMANCE_ASK.search(question):
            # "How well does X do (on Y)?": a figure first, else a stated result ("X outperforms
            # ... on Y") that names the Y asked about
            # the names it is judged on or against ("on GSM8K", "than METRA"), not those
            # describing it ("the CLIP-powered method": dev split lv011a)
            asked = {n for n in name_tokens(question)
                     if re.search(cues.JUDGED_ON + re.escape(n), question)}
            found += [s for s in pool if s not in found and cues.RESULT_CUE.search(s.text)
                      and all(n in s.text for n in asked - {hits[s.marker - 1].paper.title})]
        return found
    if intent.asks_for == "ranking":  # a ranking of what the question ranks on
        ranked = ranked_words(question)
        return [s for s in pool if gives("ranking", s.text) and (not ranked or _ranks_on(
            s.text, ranked))]
    asked = set(name_tokens(question))
    # names the question's scene gives are no answer either ("the RL work built on the Jax2D
    # engine. What algorithm did they use?": held-out mc026b, now dev)
    given = asked | set(names_in(question))
    thing = asked_thing(question)
    # a dataset or a model asked for is not a term's acronym (term_acronyms)
    model_ask = (cues.MODEL_NAME_ASK.search(question)
                 or cues.TERSE_MODEL_ASK.search(cues.WHICH_ONE.sub("", question)))
    model_asked = model_ask is not None
    language_model_asked = bool(model_ask and cues.LANGUAGE_MODEL_ASK.search(model_ask[0]))
    data_asked = thing in cues.TERM_ACRONYM_NOT or model_asked
    # each paper's own names, read from its abstract once, not once per sentence
    own = {m: [hits[m - 1].paper.title,
               *(term_acronyms(hits[m - 1].paper.abstract) if data_asked else ()),
               *(spelled_out(hits[m - 1].paper) if intent.asks_for == "name" else ())]
           for m in {s.marker for s in pool}}
    # names compared against are no answer unless the question asks what is beaten
    compared = intent.asks_for == "name" and not (
        cues.BEATING.search(question) or cues.BASELINE_ASK.search(question)
        or cues.RANKING_EVIDENCE.search(question))
    found = [s for s in pool if _gives_unasked(intent.asks_for, without_names(
        # a link is the answer to where the code is, and names nothing otherwise
        s.text if intent.asks_for == "code" else cues.URL.sub(" ", s.text),
        [*own[s.marker],
         *(_given(s.text, question, given) if intent.asks_for == "name" else ()),
         *([m["name"] for m in cues.COMPARED_NAME.finditer(s.text)] if compared else ())]))]
    if intent.asks_for == "name":  # a sentence holding more of the question's names first:
        # "which model does it beat on IFEval" is told where IFEval is (fresh dev batch 24)
        patterns = {n: name_pattern(n, question) for n in asked}
        # ... and "X beats what bigger models?" where it says what X beats (fresh dev batch lc)
        compares = cues.RANKING_EVIDENCE.search(question) is not None
        found.sort(key=lambda s: (-sum(bool(p.search(s.text)) for n, p in patterns.items()
                                       if n.casefold() not in hits[s.marker - 1].paper.title
                                       .casefold()),  # not the paper's own name
                                  compares and not cues.RANKING_EVIDENCE.search(s.text)))
    if intent.asks_for == "name":  # a name in the background is prior work's, not X's own
        first_own = first_own_sentence(pool)
        found = [s for s in found if s.index >= first_own.get(s.marker, 0)]
    if intent.asks_for == "name" and model_asked:
        # "which LLMs did X convert": a model's name ("Llama2-13B", "GPT-4o", "T5"), not the
        # method's other names ("Natural Annealing"; fresh dev batch a)
        # ... or a word given a size (cues.SIZED_MODEL: "finetune Rho 1B")
        found = [s for s in found if cues.SIZED_MODEL.search(s.text) or (any(
            cues.MODEL_LIKE_NAME.search(n) and n.casefold() not in cues.GENERIC_NAMES
            for n in names_in(without_names(cues.LISTED_AS_DATA.sub(" ", s.text), [
                hits[s.marker - 1].paper.title, *asked,
                *term_acronyms(hits[s.marker - 1].paper.abstract)])))
            and (not language_model_asked or cues.LANGUAGE_MODEL_TOLD.search(s.text)))]
    if cues.ACCELERATOR_NAME_ASK.search(question):  # "which GPU": A100, not "a ViT"
        found = [s for s in found if cues.ACCELERATOR_NAMED.search(s.text)]
    if intent.asks_for == "name" and not found and thing and (
            besides := cues.BESIDES_NAMED.search(question)):
        # "Besides nuPlan, what dataset ...?": the other thing stands beside the name given,
        # named or not ("... nuPlan and our newly collected 200-hour delivery-vehicle driving
        # dataset": held-out ok012, now dev, refused)
        found = [s for s in pool if besides["name"] in s.text and tells_thing(s, thing, hits)]
    if intent.asks_for in (None, "name") and thing and thing not in cues.CLASSIFIER_THINGS:
        # "Which six datasets was X evaluated on?": names in a sentence about its evaluation,
        # not the method's own ("using Monte Carlo Tree Search"; fresh dev batch 20); "from
        # which species was it recorded": a paper that speaks of species, not only of the
        # recording's other details (fresh dev batch a)
        # a part removed is told where a paper says it removes one (cues.PART_REMOVED), whether
        # or not it calls it a part
        told = _told(found, intent, lambda s: bool(cues.PART_REMOVED.search(s.text))) if (
            removes_part(question, thing)) else []
        told = told or _told(found, intent, lambda s: tells_thing(s, thing, hits))
        if not told and thing in cues.PART_THINGS:
            # a part no sentence calls one, told where the paper proposes it by name: "which
            # module does GeoX propose to generate queries" → "We propose a Generator-And-Sampler
            # Transformer (GS-Former) to generate ..." (held-out ns012, now dev: refused)
            told = _told(found, intent, lambda s: proposes_named(s, hits))
        found = told
    if intent.asks_for in (None, "name") and thing and (
            described := described_words(question, thing)):
        found = [s for s in found if names_described(s.text, described, thing)]
    if intent.asks_for in (None, "name") and (offered := offered_words(question)):
        outcome = cues.OUTCOME_OFFERED.search(question) is not None
        found = _told(found, intent, lambda s: tells_offered(s.text, offered) or (
            outcome and bool(cues.OUTCOME_TOLD.search(s.text))))
    if intent.asks_for == "compute" and (
            counted := set(counted_words(question)) - cues.COMPUTE_MASS):
        found = [s for s in found if _counts(s.text, counted)]  # "how many GPUs": a count
    if not found and intent.asks_for in (None, "name") and (
            cues.BEATING.search(question) or cues.BASELINE_ASK.search(question)):
        # "which stronger models do they end up outperforming?" told without names ("outperform
        # models over 8× larger, as well as closed-source ones"): a partial answer beats a
        # refusal (dev split lt025b, lu011b)
        first_own = first_own_sentence(pool)
        found = [s for s in pool if s.index >= first_own.get(s.marker, 0)
                 and cues.COMPARED_TOLD.search(s.text)]
    return found


def _told(found: list[ScoredSentence], intent: QuestionIntent,
          tells: Callable[[ScoredSentence], bool]) -> list[ScoredSentence]:
    """The sentences that tell what is asked; for a question asking for no kind of detail, the
    sentences of the papers where one does (any of them may answer it: the gate is the paper)."""
    if intent.asks_for is not None:
        return [s for s in found if tells(s)]
    telling = {s.marker for s in found if tells(s)}
    return [s for s in found if s.marker in telling]


def _given(sentence: str, question: str, asked: set[str]) -> list[str]:
    """The names a question already gives, with the sentence's acronyms it spells out: "MCQA"
    names nothing new to "which models do formatted multiple-choice question answering"
    (fresh dev batch 26)."""
    # a whole name only: "POR-UCRL" is new though "partially observed reward" spells its
    # "POR" (fresh dev batch mp, mp013)
    whole = set(names_in(sentence))
    acronyms = [n for n in name_tokens(sentence) if n.isupper() and n in whole]
    spelled = set(acronyms) - set(names_missing_from(acronyms, question))
    return [*asked, *(n for n in acronyms if n in spelled)]


def _gives_unasked(kind: AskKind | None, sentence: str) -> bool:
    """Whether the sentence (the names asked already taken out) gives the kind of detail; a
    name also as the citation check reads one, whole with its version ("GPT-4-Turbo", which
    the question's name reader sees as "GPT": fresh dev batch 24)."""
    return gives(kind, sentence) or (kind == "name" and any(
        "-" in n.strip("-") and any(c.isdigit() for c in n) for n in names_in(sentence)))


def _counts(sentence: str, counted: set[str]) -> bool:
    """A figure followed closely by what is counted as its phrase's head: "8 A100 GPUs", not
    "6000 GPU hours" (which counts hours)."""
    words = [w.casefold() for w in figure_tokens(clean_for_display(sentence))]
    wanted = {stem(w) for w in counted}
    return any(
        cues.NUMBER_TOKEN.match(word) and stem(words[j]) in wanted
        and (words[j + 1] if j + 1 < len(words) else "") not in cues.TIME_UNITS
        for i, word in enumerate(words)
        for j in range(i + 1, min(len(words), i + 1 + cues.COUNT_WINDOW)))


def _ranks_on(sentence: str, ranked: set[str]) -> bool:
    """A ranking word with a word of what is ranked close by: "the lowest refusal rate", not
    "the lowest tier" of a safety taxonomy."""
    words = sentence.split()
    # a hyphenated word is by each of its parts: "robust to off-policy data" ranks on policy
    # (dev split lv006)
    bare = [w.strip(".,;:()[]\"'") for w in words]
    stems = [hyphen_stems(w.casefold()) for w in bare]
    ranking = [i for i, w in enumerate(bare) if cues.RANKING_EVIDENCE.fullmatch(w)]
    among = cues.RANKED_AMONG.search(sentence)  # ... or the set ranked is named by "among"
    return bool(ranking) and (any(ranked & set().union(
        *stems[max(0, i - cues.NUMBER_WINDOW) : i + cues.NUMBER_WINDOW + 1]) for i in ranking)
        or (among is not None and bool(ranked & set(terms(among[1])))))


def more_of_paper(best: ScoredSentence, scored: list[ScoredSentence]) -> list[ScoredSentence]:
    """The best sentence and its paper's next best ones within the margin, in abstract order.
    Each next one is the best scoring after a bonus for the question terms it adds to those
    already quoted: an answer to "how does X do Y under Z" should speak of Y and of Z."""
    others = [s for s in scored if s.marker == best.marker and s is not best
              and s.score >= best.score - cues.SECOND_SENTENCE_MARGIN]
    picked, covered = [best], {t for t, _ in best.cover}
    while others and len(picked) < cues.MAX_SENTENCES_PER_PAPER:
        chosen = max(others, key=lambda s: _with_new_terms(s, covered))
        picked.append(chosen)
        others.remove(chosen)
        covered |= {t for t, _ in chosen.cover}
    return sorted(picked, key=lambda s: s.index)


def with_antecedents(quoted: list[ScoredSentence], pool: list[ScoredSentence],
                     points_back: re.Pattern[str] = cues.POINTS_BACK) -> list[ScoredSentence]:
    """The quotes, each pointing back at the sentence before it (`points_back`; by default
    cues.POINTS_BACK: "This limitation could explain ...") led by that sentence, quoted or
    not."""
    shown: list[ScoredSentence] = []
    for s in quoted:
        before = next((p for p in pool if p.marker == s.marker and p.index == s.index - 1), None)
        if points_back.search(s.text) and before is not None and before not in shown:
            shown.append(before)
        if s not in shown:
            shown.append(s)
    return shown


def _with_new_terms(sentence: ScoredSentence, covered: set[str]) -> float:
    return sentence.score + cues.NEW_TERMS_BONUS * sum(
        share for term, share in sentence.cover if term not in covered)


def first_own_sentence(pool: list[ScoredSentence]) -> dict[int, int]:
    """Per paper, the index of its first sentence that says what the paper does ("we propose
    ...", "our"): the ones before set out the problem or prior work."""
    first_own: dict[int, int] = {}
    for s in pool:
        if cues.METHOD_CUE.search(s.text) or cues.OWN_WORK.search(s.text):
            first_own[s.marker] = min(first_own.get(s.marker, s.index), s.index)
    return first_own


def demote_background(pool: list[ScoredSentence]) -> list[ScoredSentence]:
    """For "how does X do Y" the background sentences rank a little lower than X's own."""
    first_own = first_own_sentence(pool)
    return rescored(pool, -cues.BACKGROUND_PENALTY,
                    lambda s: s.index < first_own.get(s.marker, -1))


def doing_first(pool: list[ScoredSentence], verb: str) -> list[ScoredSentence]:
    """The sentences saying the asked verb ("optimized": "we optimize ... via REINFORCE")
    first, each side in its order."""
    roots = {word_root(verb)} | ({word_root(v) for v in answer_shape.HANDLING_VERBS}
                                 if verb.casefold() in answer_shape.HANDLING_VERBS else set())
    return sorted(pool, key=lambda s: roots.isdisjoint(word_root(t) for t in terms(s.text)))


def favour_method(pool: list[ScoredSentence]) -> list[ScoredSentence]:
    """Where a paper introduces its method (or a part of it), and the sentence after that
    says how it works, rank a little higher: a "how does X do Y" asks for the mechanism.
    Without a "we propose", the first sentence where the paper speaks of its own work is."""
    intros = {(s.marker, s.index) for s in pool if cues.METHOD_CUE.search(s.text)}
    for marker in {s.marker for s in pool} - {m for m, _ in intros}:
        # no "we propose": where the paper first speaks of its own work ("In this paper, we")
        own = [s.index for s in pool if s.marker == marker and cues.OWN_WORK.search(s.text)]
        intros |= {(marker, min(own))} if own else set()
    return rescored(pool, cues.METHOD_BONUS, lambda s: (s.marker, s.index) in intros
                    or (s.marker, s.index - 1) in intros)


def on_topic(best: ScoredSentence, pool: list[ScoredSentence], intent: QuestionIntent,
             counted: Sequence[str] = ()) -> bool:
    """The evidence scores as relevant, or a little under when its paper's best sentence does
    (the sentence holding the asked name or figure is often short on the question's words),
    or at any score when it counts what is asked right by its figure (`counted`: "four
    challenging domains" for "on how many domains ...", in a long sentence on other things)
    and its paper's best sentence is relevant."""
    floor = cues.MIN_SCORE[intent.language]
    if best.score >= floor:
        return True
    paper_best = max(s.score for s in pool if s.marker == best.marker)
    if intent.asks_for is None or paper_best < floor:
        return False
    return best.score >= floor - cues.EVIDENCE_SLACK or (bool(counted) and numbers_near(
        best.text, set(counted), 0, cues.COUNT_WINDOW, counts=True))
