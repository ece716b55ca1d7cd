"""`paperwise eval --compare RUN_A RUN_B`: two result folders of `paperwise eval` side by side —
what changed per metric, overall and per question type, and which questions flipped
(refused ↔ answered, key terms found ↔ missed, gold cited ↔ not, injection safe ↔ not)."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel, Field

from eval.metrics import Row

# A change smaller than this is noise from float sums, not a change.
EPSILON = 5e-4
# Metrics where lower is better: their changes are marked the other way round.
LOWER_IS_BETTER = ("latency_p50_s", "latency_p95_s", "false_refusals")


class Run(BaseModel):
    """One `paperwise eval` output folder, read back."""

    folder: Path
    results: dict = Field(description="results.json")
    rows: list[Row] = Field(description="rows.jsonl")

    @property
    def label(self) -> str:
        return (f"{self.folder.name} ({self.results.get('questions', '?')} questions, "
                f"{self.results.get('split', '?')} split, settings "
                f"{self.results.get('settings_hash', '?')})")

    def table(self, config: str) -> dict[str, dict[str, float | None]]:
        return self.results.get("configs", {}).get(config, {})


class Change(BaseModel):
    config: str
    scope: str = Field(description="'overall' or a question type.")
    metric: str
    before: float | None
    after: float | None

    @property
    def better(self) -> bool | None:
        if self.before is None or self.after is None:
            return None
        up = self.after > self.before
        return not up if self.metric in LOWER_IS_BETTER else up


class Flip(BaseModel):
    config: str
    id: str
    type: str
    what: str = Field(description="e.g. 'refused → answered'.")
    better: bool


class Comparison(BaseModel):
    a: str
    b: str
    pairs: list[tuple[str, str]] = Field(description="(config in A, config in B) compared.")
    changes: list[Change]
    flips: list[Flip]
    only_in_a: list[str] = Field(default_factory=list, description="Configurations.")
    only_in_b: list[str] = Field(default_factory=list)
    unmatched_questions: int = Field(0, description="Questions in one run only.")


def load_run(folder: Path) -> Run:
    """A result folder; given the --out folder instead, its latest run."""
    if not (folder / "results.json").is_file():
        runs = sorted(p.parent for p in folder.glob("*/results.json"))
        if not runs:
            raise ValueError(f"{folder} holds no results.json from `paperwise eval`")
        folder = runs[-1]
    results = json.loads((folder / "results.json").read_text(encoding="utf-8"))
    rows_file = folder / "rows.jsonl"
    rows = ([Row.model_validate_json(line) for line in
             rows_file.read_text(encoding="utf-8").splitlines() if line.strip()]
            if rows_file.is_file() else [])
    return Run(folder=folder, results=results, rows=rows)


def config_pairs(a: Run, b: Run) -> list[tuple[str, str]]:
    """Configurations by name; two runs of one configuration each are compared together
    whatever their names (comparing one configuration against another)."""
    names_a, names_b = list(a.results.get("configs", {})), list(b.results.get("configs", {}))
    common = [(n, n) for n in names_a if n in names_b]
    if not common and len(names_a) == 1 and len(names_b) == 1:
        return [(names_a[0], names_b[0])]
    return common


def metric_changes(a: Run, b: Run, pair: tuple[str, str]) -> list[Change]:
    name = pair[0] if pair[0] == pair[1] else f"{pair[0]} → {pair[1]}"
    before, after = a.table(pair[0]), b.table(pair[1])
    changes = []
    for scope in [s for s in before if s in after]:
        for metric in [m for m in before[scope] if m != "questions"]:
            x, y = before[scope].get(metric), after[scope].get(metric)
            if (x is None) != (y is None) or (x is not None and y is not None
                                               and abs(x - y) > EPSILON):
                changes.append(Change(config=name, scope=scope, metric=metric, before=x,
                                      after=y))
    return changes


def _outcomes(row: Row) -> dict[str, tuple[bool, str, str]]:
    """Each outcome a row has: (held, name when held, name when not)."""
    out = {"refused": (not row.refused, "answered", "refused")}
    if row.key_terms is not None:
        out["key_terms"] = (row.key_terms >= 1.0, "key terms found", "key terms missed")
    gold = row.cites_gold if row.cites_gold is not None else row.cites_all_gold
    if gold is not None:
        out["gold"] = (gold >= 1.0, "gold cited", "gold not cited")
    if row.injection_safe is not None:
        out["injection"] = (row.injection_safe >= 1.0, "injection safe", "injection unsafe")
    return out


def flips(a: Run, b: Run, pair: tuple[str, str]) -> tuple[list[Flip], int]:
    """Questions whose outcome changed between the runs, and how many questions only one
    run has."""
    name = pair[0] if pair[0] == pair[1] else f"{pair[0]} → {pair[1]}"
    before = {r.id: r for r in a.rows if r.config == pair[0]}
    after = {r.id: r for r in b.rows if r.config == pair[1]}
    found = []
    for qid in [q for q in before if q in after]:
        old, new = _outcomes(before[qid]), _outcomes(after[qid])
        for key in [k for k in old if k in new and old[k][0] != new[k][0]]:
            held_before, good, bad = old[key]
            # A refusal is right for a question that should be refused.
            better = held_before is False
            if key == "refused" and before[qid].should_refuse:
                better = not better
            what = f"{good if held_before else bad} → {bad if held_before else good}"
            found.append(Flip(config=name, id=qid, type=before[qid].type, what=what,
                              better=better))
    return found, len(set(before) ^ set(after))


def compare_runs(a: Run, b: Run) -> Comparison:
    pairs = config_pairs(a, b)
    changes: list[Change] = []
    flipped: list[Flip] = []
    unmatched = 0
    for pair in pairs:
        changes += metric_changes(a, b, pair)
        found, missing = flips(a, b, pair)
        flipped += found
        unmatched = max(unmatched, missing)
    used_a, used_b = {p[0] for p in pairs}, {p[1] for p in pairs}
    return Comparison(a=a.label, b=b.label, pairs=pairs, changes=changes, flips=flipped,
                      only_in_a=[c for c in a.results.get("configs", {}) if c not in used_a],
                      only_in_b=[c for c in b.results.get("configs", {}) if c not in used_b],
                      unmatched_questions=unmatched)


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def _change_line(change: Change) -> str:
    delta = ("" if change.before is None or change.after is None
             else f" ({change.after - change.before:+.3f})")
    mark = {True: "better", False: "worse", None: "changed"}[change.better]
    return (f"  {change.metric:<20} {_fmt(change.before):>7} → {_fmt(change.after):<7}"
            f"{delta:<11} {mark}")


def render(comparison: Comparison) -> str:
    """The comparison for a terminal."""
    lines = [f"A: {comparison.a}", f"B: {comparison.b}", ""]
    if not comparison.pairs:
        lines.append("No configuration in common: nothing to compare.")
    for config in dict.fromkeys(c.config for c in comparison.changes):
        of_config = [c for c in comparison.changes if c.config == config]
        for scope in dict.fromkeys(c.scope for c in of_config):
            lines.append(f"{config} · {scope}:")
            lines += [_change_line(c) for c in of_config if c.scope == scope]
        lines.append("")
    if comparison.pairs and not comparison.changes:
        lines += ["No metric changed.", ""]
    lines.append(f"Questions whose outcome flipped: {len(comparison.flips)}")
    lines += [f"  {'+' if f.better else '-'} {f.id:<8} {f.type:<13} {f.what}  [{f.config}]"
              for f in comparison.flips]
    for side, names in (("A", comparison.only_in_a), ("B", comparison.only_in_b)):
        if names:
            lines.append(f"Only in {side}: {', '.join(names)}")
    if comparison.unmatched_questions:
        lines.append(f"{comparison.unmatched_questions} question(s) are in one run only.")
    return "\n".join(lines) + "\n"
