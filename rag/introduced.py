"""Things a list question asks to be new: "which papers propose new benchmarks for evaluating
LLMs?" lists the papers introducing a benchmark, each shown by the sentence introducing it,
whatever else the retrieved papers say about LLMs (issue 13: AIR-BENCH 2024 and NutriBench
were retrieved and left out). Cues: rag/cues/listing.py NEW_THINGS_ASK, NEW_KIND, KIND_ALSO,
rag/cues METHOD_CUE."""

from __future__ import annotations

from rag import cues


def new_kinds(question: str) -> tuple[str, ...]:
    """The kinds of thing the question asks to be new ("benchmark"), when it asks so: each
    kind it names then ("environments or benchmarks")."""
    if not cues.NEW_THINGS_ASK.search(question):
        return ()
    asked = [m[1].casefold() for m in cues.NEW_KIND.finditer(question)]
    return tuple(dict.fromkeys(k for kind in asked for k in (kind, cues.KIND_ALSO.get(kind))
                               if k))


def introduces(sentence: str, kinds: tuple[str, ...]) -> bool:
    """The sentence tells the paper's own new thing of a kind: "We introduce AIR-BENCH 2024,
    the first AI safety benchmark ..."; not "a benchmarking tool", nor others' ones
    ("researchers have proposed ... safety benchmarks")."""
    for cue in cues.METHOD_CUE.finditer(sentence):
        # the kind must be what is introduced: near the verb, not "... on six datasets"
        after = " ".join(sentence[cue.end():].split()[:cues.INTRODUCED_REACH])
        if any(m[1].casefold() in kinds for m in cues.NEW_KIND.finditer(after)):
            return True
    return False
