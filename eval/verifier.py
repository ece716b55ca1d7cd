"""`python -m eval.verifier`: does the answer check catch what it should, and only that?

Each line of eval/verifier.jsonl is an answer an LLM might write to a question, with [n] markers
naming `sources[n-1]` (paper ids): faithful ones, corrupted twins of them (a number, a name, a
reversed claim, the wrong paper, outside knowledge: `corrupted` is the altered sentence),
invented ones and refusals. Each is replayed through the real LLM path: a `FakeLLMServer`
(eval/fake_llm.py) sends it, renumbered for the prompt, to `PaperQA` with `answerer="llm"`,
and the report says which sentences were flagged and which answers were replaced.

Verification runs with `verify="rules"` by default: the fake server cannot act as an LLM judge.
Floors in eval/thresholds.json under "verifier" name `VerifierReport.metrics()` keys; those in
LOWER_IS_BETTER are ceilings.
"""

from __future__ import annotations

import argparse
import json
import logging
import re
import sys
import tempfile
from collections.abc import Iterable, Sequence
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from eval.fake_llm import FakeLLMServer, Replayer, Reply
from eval.metrics import check_unique_ids
from index.embeddings import Embedder
from index.store import PaperStore
from paperwise.settings import Settings
from paperwise.text import markers_in, normalize_text, strip_markers
from paperwise.types import Answer
from rag import PaperQA
from rag.prompts import FALLBACK_NOTICE

log = logging.getLogger(__name__)

Kind = Literal["faithful", "number", "name", "reversed", "wrong_paper", "outside", "invented",
               "refusal"]
CORRUPTIONS: tuple[str, ...] = ("number", "name", "reversed", "wrong_paper", "outside")
DEFAULT_FILE = Path(__file__).with_name("verifier.jsonl")
THRESHOLDS = Path(__file__).with_name("thresholds.json")
SEEDS = Path(__file__).resolve().parent.parent / "data"
LOWER_IS_BETTER = frozenset({"faithful_false_flag_share", "faithful_replaced",
                             "faithful_replaced_share"})
NOT_RETRIEVED = "source not retrieved"
_FUZZY_MATCH = 0.8
_LLM_FAILED = FALLBACK_NOTICE.split("{endpoint}")[0]


class VerifierItem(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)

    id: str
    question: str
    sources: list[str] = Field(default_factory=list, description="Marker n = sources[n-1].")
    kind: Kind
    answer: str
    twin_of: str | None = None
    corrupted: str | None = None
    note: str = ""
    split: Literal["dev", "test"] = Field(
        "test", description="dev: the claim checks may be tuned on it; test: never.")

    @property
    def cited(self) -> set[str]:
        """The sources the answer's markers name: these must be retrieved (a refusal needs
        none)."""
        return {self.sources[n - 1] for n in markers_in(self.answer)
                if 1 <= n <= len(self.sources)}


class SentenceOutcome(BaseModel):
    text: str
    supported: bool
    reason: str = ""


class ItemOutcome(BaseModel):
    """What the product did with one replayed answer."""

    id: str
    kind: Kind
    twin_of: str | None = None
    skipped: str | None = Field(None, description="Why the item was not evaluated, if so.")
    k: int = 0
    kept: bool = Field(False, description="The LLM's answer was kept (answerer == 'llm').")
    answerable: bool = True
    sentences: list[SentenceOutcome] = Field(default_factory=list)
    notices: list[str] = Field(default_factory=list)
    missing_sources: list[str] = Field(default_factory=list)
    corrupted_match: str | None = Field(None, description="The answer sentence matched.")
    caught: bool | None = Field(None, description="Corruptions and inventions: flagged, "
                                "replaced or refused.")

    @property
    def replaced(self) -> bool:
        return self.skipped is None and not self.kept

    @property
    def flagged(self) -> list[SentenceOutcome]:
        return [s for s in self.sentences if not s.supported] if self.kept else []


class KindScore(BaseModel):
    total: int = 0
    caught: int = 0

    @property
    def rate(self) -> float:
        return self.caught / self.total if self.total else 0.0


class SkippedItem(BaseModel):
    id: str
    reason: str


class VerifierReport(BaseModel):
    items: int
    skipped: list[SkippedItem] = Field(default_factory=list)
    faithful_answers: int = 0
    faithful_replaced: int = 0
    faithful_sentences: int = Field(0, description="Sentences of kept faithful answers.")
    faithful_flagged: int = Field(0, description="Of those, flagged unsupported.")
    corruption: dict[str, KindScore] = Field(default_factory=dict)
    invented: KindScore = Field(default_factory=KindScore)
    refusals: int = 0
    refusals_kept: int = 0
    outcomes: list[ItemOutcome] = Field(default_factory=list)

    @property
    def evaluated(self) -> int:
        return self.items - len(self.skipped)

    def metrics(self) -> dict[str, float]:
        """Counts, and every share whose denominator is not zero (a floor on a share the
        items cannot measure fails as missing rather than passing or failing on 0/0)."""
        pooled = KindScore(total=sum(s.total for s in self.corruption.values()),
                           caught=sum(s.caught for s in self.corruption.values()))
        shares = {
            "faithful_false_flag_share": (self.faithful_flagged, self.faithful_sentences),
            "faithful_replaced_share": (self.faithful_replaced, self.faithful_answers),
            "catch_rate": (pooled.caught, pooled.total),
            **{f"catch_rate_{kind}": (s.caught, s.total) for kind, s in self.corruption.items()},
            "invented_caught_share": (self.invented.caught, self.invented.total),
            "refusals_kept_share": (self.refusals_kept, self.refusals),
        }
        return {"evaluated": self.evaluated, "skipped": len(self.skipped),
                "faithful_replaced": self.faithful_replaced,
                **{name: part / whole for name, (part, whole) in shares.items() if whole}}

def load_items(path: Path, limit: int | None = None, split: str = "all") -> list[VerifierItem]:
    items = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            try:
                items.append(VerifierItem.model_validate_json(line))
            except ValueError as exc:  # the line and the field at fault, not a traceback
                raise ValueError(f"{path}:{number}: {exc}") from exc
    check_unique_ids(path, [i.id for i in items])
    return [i for i in items if split in ("all", i.split)][:limit]


def _norm(text: str) -> str:
    text = re.sub(r"\s+([.,;:!?])", r"\1", strip_markers(text))
    return normalize_text(text).casefold().rstrip(".!? ")


def match_sentence(target: str, sentences: Sequence[SentenceOutcome]) -> int | None:
    """The answer sentence that is `target` (markers stripped, white space normalised), else
    the closest one by edit similarity if close enough."""
    want = _norm(target)
    norms = [_norm(s.text) for s in sentences]
    if want in norms:
        return norms.index(want)
    scores = [SequenceMatcher(None, want, n).ratio() for n in norms]
    best = max(range(len(scores)), key=scores.__getitem__, default=None)
    return best if best is not None and scores[best] >= _FUZZY_MATCH else None


def judge(item: VerifierItem, answer: Answer, k: int, missing: list[str]) -> ItemOutcome:
    """The outcome of one replayed item, from the answer the product gave."""
    kept = answer.answerer == "llm"  # else the extractive answer's sentences: not the LLM's
    sentences = [SentenceOutcome(text=s.text, supported=s.supported, reason=s.reason)
                 for s in (answer.sentences if kept else [])]
    outcome = ItemOutcome(id=item.id, kind=item.kind, twin_of=item.twin_of, k=k,
                          kept=kept, answerable=answer.answerable,
                          sentences=sentences, notices=answer.notices,
                          missing_sources=list(missing))
    stopped = outcome.replaced or not answer.answerable
    if item.kind == "invented":
        outcome.caught = stopped or bool(outcome.flagged)
    elif item.kind in CORRUPTIONS:
        index = match_sentence(item.corrupted, sentences) if item.corrupted else None
        if index is not None:
            outcome.corrupted_match = sentences[index].text
        elif item.corrupted and not stopped:
            log.warning("%s: the corrupted sentence is not among the answer's sentences",
                        item.id)
        hit = (not sentences[index].supported if index is not None
               else not item.corrupted and bool(outcome.flagged))
        outcome.caught = stopped or hit
    return outcome


def summarise(items: int, outcomes: Iterable[ItemOutcome]) -> VerifierReport:
    report = VerifierReport(items=items, outcomes=list(outcomes))
    for out in report.outcomes:
        if out.skipped:
            report.skipped.append(SkippedItem(id=out.id, reason=out.skipped))
        elif out.kind == "faithful":
            report.faithful_answers += 1
            report.faithful_replaced += out.replaced
            report.faithful_sentences += len(out.sentences) if out.kept else 0
            report.faithful_flagged += len(out.flagged)
        elif out.kind == "refusal":
            report.refusals += 1
            report.refusals_kept += not out.answerable
        else:
            score = (report.invented if out.kind == "invented"
                     else report.corruption.setdefault(out.kind, KindScore()))
            score.total += 1
            score.caught += bool(out.caught)
    return report


class VerifierHarness:
    """One fake LLM server and one LLM-answering PaperQA over a given store, for many items."""

    def __init__(self, store: PaperStore, embedder: Embedder, *, base: Settings | None = None,
                 k: int = 8, max_k: int = 16, verify: str = "rules") -> None:
        self.store, self.embedder, self.base = store, embedder, base
        self.ks = sorted({k, max(k, max_k)})
        self.verify = verify
        self.replayer = Replayer({p.id: p.abstract for p in store.papers()})
        self.server = FakeLLMServer(self.replayer)
        self.qa: PaperQA | None = None

    def __enter__(self) -> VerifierHarness:
        self.server.start()
        values: dict[str, Any] = self.base.model_dump() if self.base else {}
        values |= {"openai_base_url": self.server.url, "openai_api_key": "test",
                   "answerer": "llm", "verify": self.verify,
                   "llm": {**values.get("llm", {}), "timeout_s": 10, "max_retries": 0}}
        self.qa = PaperQA(Settings(_env_file=None, **values), embedder=self.embedder,
                          store=self.store)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.stop()

    def run(self, items: Sequence[VerifierItem]) -> VerifierReport:
        return summarise(len(items), (self.evaluate(item) for item in items))

    def evaluate(self, item: VerifierItem) -> ItemOutcome:
        assert self.qa is not None, "use the harness in a with block"
        k = self._k_for(item)
        if k is None:
            return ItemOutcome(id=item.id, kind=item.kind, twin_of=item.twin_of,
                               skipped=NOT_RETRIEVED)
        self.replayer.clear()
        self.replayer.set(item.question, Reply(text=item.answer, sources=tuple(item.sources)))
        answer = self.qa.ask(item.question, k=k)
        outcome = judge(item, answer, k, self.replayer.missing)
        retrieved = {hit.paper.id for hit in answer.sources}
        failed = [n for n in answer.notices if n.startswith(_LLM_FAILED)]
        if not item.cited <= retrieved:
            outcome.skipped = NOT_RETRIEVED
        elif failed:
            outcome.skipped = f"LLM call failed: {failed[0]}"
        return outcome

    def _k_for(self, item: VerifierItem) -> int | None:
        assert self.qa is not None
        for k in self.ks:
            if item.cited <= {h.paper.id for h in self.qa.retrieve(item.question, k)}:
                return k
        log.info("%s: sources %s not within the top %d", item.id, item.cited, self.ks[-1])
        return None


def check_floors(report: VerifierReport, floors: dict[str, float]) -> list[str]:
    """Each floor (ceiling, for LOWER_IS_BETTER) the report misses, as a readable line."""
    metrics, failures = report.metrics(), []
    for name, limit in floors.items():
        value = metrics.get(name)
        if value is None:
            failures.append(f"{name}: no such metric in the report")
        elif name in LOWER_IS_BETTER and value > limit:
            failures.append(f"{name} = {value:.3f} > ceiling {limit}")
        elif name not in LOWER_IS_BETTER and value < limit:
            failures.append(f"{name} = {value:.3f} < floor {limit}")
    return failures


def load_floors(path: Path = THRESHOLDS) -> dict[str, float] | None:
    if not path.is_file():
        return None
    floors = json.loads(path.read_text(encoding="utf-8")).get("verifier")
    return None if floors is None else {k: v for k, v in floors.items() if not k.startswith("_")}


def markdown(report: VerifierReport) -> str:
    rows = ["| metric | value |", "|---|---|"]
    for name, value in report.metrics().items():
        rows.append(f"| {name} | {value:.3f} |" if isinstance(value, float)
                    else f"| {name} | {value} |")
    rows += ["", "| kind | caught | total | rate |", "|---|---|---|---|"]
    for kind, score in [*report.corruption.items(), ("invented", report.invented)]:
        if score.total:
            rows.append(f"| {kind} | {score.caught} | {score.total} | {score.rate:.2f} |")
    if report.skipped:
        rows += ["", "Skipped: " + ", ".join(f"{s.id} ({s.reason})" for s in report.skipped)]
    return "\n".join(rows)


def seed_qa(chroma: Path) -> PaperQA:
    """A PaperQA over the seed abstracts, indexed (incrementally) into `chroma`."""
    qa = PaperQA(Settings(_env_file=None, chroma={"path": chroma}, data_dir=SEEDS,
                          answerer="extractive"))
    log.info("Indexing the seeds into %s", chroma)
    qa.index()
    return qa


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m eval.verifier", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    parser.add_argument("--limit", type=int, default=None)
    parser.add_argument("--split", choices=["dev", "test", "all"], default="test",
                        help="dev: tuned on; test (default): never tuned on, CI's floors")
    parser.add_argument("--json", type=Path, default=None, help="write the report here")
    parser.add_argument("--k", type=int, default=8, help="papers retrieved per question")
    parser.add_argument("--verify", choices=["rules", "llm", "auto"], default="rules")
    parser.add_argument("--chroma", type=Path, default=None,
                        help="index folder to reuse (default: a fresh temporary one)")
    parser.add_argument("--check", action="store_true",
                        help="exit 1 if a floor in eval/thresholds.json 'verifier' is missed")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    if not args.file.is_file():
        print(f"No verifier items at {args.file}", file=sys.stderr)
        return 2
    try:
        items = load_items(args.file, args.limit, args.split)
    except ValueError as exc:
        print(f"Error: {exc}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="paperwise-verifier-") as tmp:
        qa = seed_qa(args.chroma or Path(tmp) / "chroma")
        with VerifierHarness(qa.store, qa.embedder, base=qa.settings, k=args.k,
                             verify=args.verify) as harness:
            report = harness.run(items)
    print(markdown(report))
    if args.json:
        args.json.write_text(report.model_dump_json(indent=2), encoding="utf-8")
    floors = load_floors() if args.check else {}
    if floors is None:
        print(f'No "verifier" floors in {THRESHOLDS}: nothing to check', file=sys.stderr)
    failures = check_floors(report, floors or {})
    for failure in failures:
        print(f"FAIL {failure}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
