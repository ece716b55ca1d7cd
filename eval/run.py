"""`paperwise eval`: run the question set through the public rag API under several
configurations side by side, and write report.md, results.json, rows.jsonl and chart.png."""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from eval.metrics import (
    Question,
    Row,
    by_type,
    dump,
    load_questions,
    reworded_gap,
    score_question,
    select,
)
from paperwise.types import AnswererName
from rag import PaperQA, PaperwiseError, Settings

log = logging.getLogger(__name__)

DEFAULT_QUESTIONS = Path(__file__).with_name("questions.jsonl")
THRESHOLDS = Path(__file__).with_name("thresholds.json")
QUICK_PER_TYPE = 4
VERIFIER_KEY = "verifier"
# The metrics a configuration is judged by in the report and the regression check.
HEADLINE = ("recall_at_1", "recall_at_5", "recall_at_10", "mrr", "ndcg_at_10",
            "citation_precision", "citation_recall", "cites_gold", "cites_all_gold",
            "key_terms", "refusal_precision",
            "refusal_recall", "false_refusals", "injection_safe", "verified_share",
            "latency_p50_s", "latency_p95_s")


@dataclass(frozen=True)
class Config:
    name: str
    mode: str
    answerer: AnswererName


def configurations(settings: Settings, names: Sequence[str] | None) -> list[Config]:
    configs = [Config("hybrid+extractive", "hybrid", "extractive"),
               Config("dense+extractive", "dense", "extractive"),
               Config("bm25+extractive", "bm25", "extractive")]
    if settings.llm_configured:
        configs.append(Config("hybrid+llm", "hybrid", "llm"))
    if names:
        configs = [c for c in configs if c.name in names]
    return configs


def quick_subset(questions: list[Question], per_type: int = QUICK_PER_TYPE) -> list[Question]:
    """A stratified, deterministic subset: every few questions of each type."""
    chosen: list[Question] = []
    for kind in dict.fromkeys(q.type for q in questions):
        of_kind = [q for q in questions if q.type == kind]
        step = max(1, len(of_kind) // per_type)
        chosen.extend(of_kind[::step][:per_type])
    return chosen


def run_config(qa: PaperQA, config: Config, questions: list[Question], progress: bool) -> list[Row]:
    from tqdm import tqdm

    rows = []
    for question in tqdm(questions, desc=config.name, disable=not progress, unit="q"):
        hits = qa.retrieve(question.question, k=10, mode=config.mode)
        started = time.perf_counter()
        answer = qa.ask(question.question, mode=config.mode, answerer=config.answerer)
        rows.append(score_question(question, config.name, hits, answer,
                                   time.perf_counter() - started))
    return rows


def settings_hash(settings: Settings) -> str:
    public = settings.model_dump(mode="json", exclude={"openai_api_key", "auth"})
    return hashlib.sha256(json.dumps(public, sort_keys=True).encode()).hexdigest()[:12]


def _fmt(value: float | None) -> str:
    return "–" if value is None else f"{value:.3f}"


def report_markdown(results: dict, stamp: str) -> str:
    lines = [f"# Paperwise evaluation — {stamp}", "",
             f"Questions: {results['questions']} ({results['split']} split) from "
             f"`{results['questions_file']}`; settings hash `{results['settings_hash']}`.", "",
             "## Overall, side by side", ""]
    configs = list(results["configs"])
    lines += ["| metric | " + " | ".join(configs) + " |", "|---" * (len(configs) + 1) + "|"]
    for metric in HEADLINE:
        values = [_fmt(results["configs"][c]["overall"].get(metric)) for c in configs]
        lines.append(f"| {metric} | " + " | ".join(values) + " |")
    for config in configs:
        table = results["configs"][config]
        lines += ["", f"## {config}, per question type", "",
                  "| type | n | " + " | ".join(HEADLINE) + " |",
                  "|---" * (len(HEADLINE) + 2) + "|"]
        for kind, metrics in table.items():
            lines.append(f"| {kind} | {int(metrics['questions'] or 0)} | "
                         + " | ".join(_fmt(metrics.get(m)) for m in HEADLINE) + " |")
        gap = results.get("reworded", {}).get(config)
        if gap and gap["reworded"]["questions"]:
            lines += ["", f"## {config}: reworded questions against their originals", "",
                      "| metric | original | reworded |", "|---|---|---|"]
            lines += [f"| {m} | {_fmt(gap['original'].get(m))} | {_fmt(gap['reworded'].get(m))} |"
                      for m in HEADLINE]
    return "\n".join(lines) + "\n"


def write_chart(results: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    metrics = ["recall_at_5", "mrr", "citation_precision", "key_terms", "refusal_recall",
               "injection_safe"]
    configs = list(results["configs"])
    fig, ax = plt.subplots(figsize=(10, 4.5))
    width = 0.8 / max(1, len(configs))
    for i, config in enumerate(configs):
        overall = results["configs"][config]["overall"]
        values = [overall.get(m) or 0.0 for m in metrics]
        ax.bar([x + i * width for x in range(len(metrics))], values, width, label=config)
    ax.set_xticks([x + width * (len(configs) - 1) / 2 for x in range(len(metrics))], metrics)
    ax.set_ylim(0, 1.05)
    ax.set_title("Paperwise evaluation (overall)")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def check_thresholds(results: dict, thresholds: dict[str, dict[str, float]]) -> list[str]:
    """Metrics that fell below their stored floor (or, for *_s and false_refusals, above)."""
    failures = []
    for config, floors in thresholds.items():
        if config == VERIFIER_KEY:  # the citation checker's floors: eval/verifier.py
            continue
        overall = results["configs"].get(config, {}).get("overall")
        if overall is None:
            failures.append(f"{config}: not run")
            continue
        for metric, bound in floors.items():
            if metric.startswith("_"):  # provenance notes
                continue
            value = overall.get(metric)
            worse = value is None or (value > bound if metric.endswith(("_s", "false_refusals"))
                                      else value < bound)
            if worse:
                failures.append(f"{config}: {metric} = {_fmt(value)}, bound {bound}")
    return failures


def evaluate(qa: PaperQA, questions: list[Question], configs: list[Config],
             progress: bool = False) -> tuple[dict, list[Row]]:
    all_rows: list[Row] = []
    results: dict = {"configs": {}}
    for config in configs:
        rows = run_config(qa, config, questions, progress)
        all_rows.extend(rows)
        results["configs"][config.name] = by_type(rows)
        results.setdefault("reworded", {})[config.name] = reworded_gap(rows, questions)
    return results, all_rows


def compare_main(run_a: Path, run_b: Path) -> int:
    from eval.compare import compare_runs, load_run, render

    try:
        comparison = compare_runs(load_run(run_a), load_run(run_b))
    except (ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(render(comparison), end="")
    return 0


def main(argv: Sequence[str] | None = None, qa: PaperQA | None = None) -> int:
    parser = argparse.ArgumentParser(prog="paperwise eval", description=__doc__)
    parser.add_argument("--questions", type=Path, default=DEFAULT_QUESTIONS)
    parser.add_argument("--split", choices=["dev", "test", "all"], default="test",
                        help="dev: the questions rules are tuned on; test (default): never "
                             "tuned on, the README's and CI's figures")
    parser.add_argument("--quick", action="store_true", help="a small stratified subset")
    parser.add_argument("--configs", nargs="*", help="only these configurations")
    parser.add_argument("--out", type=Path, default=Path("eval/results"))
    parser.add_argument("--check", action="store_true",
                        help=f"exit 1 when a metric is below {THRESHOLDS.name}")
    parser.add_argument("--compare", nargs=2, type=Path, metavar=("RUN_A", "RUN_B"),
                        help="compare two result folders (run nothing): metric changes per "
                             "question type and the questions whose outcome flipped")
    args = parser.parse_args(argv)
    if args.compare:
        return compare_main(*args.compare)
    try:
        qa = qa or PaperQA()
        questions = select(load_questions(args.questions), args.split)
    except (PaperwiseError, ValueError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.quick:
        questions = quick_subset(questions)
    configs = configurations(qa.settings, args.configs)
    results, rows = evaluate(qa, questions, configs, progress=sys.stderr.isatty())
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")
    results.update(questions=len(questions), split=args.split,
                   questions_file=str(args.questions),
                   settings_hash=settings_hash(qa.settings), quick=args.quick, stamp=stamp)
    out = args.out / stamp
    out.mkdir(parents=True, exist_ok=True)
    dump(results, out / "results.json")
    (out / "rows.jsonl").write_text("".join(r.model_dump_json() + "\n" for r in rows),
                                    encoding="utf-8")
    (out / "report.md").write_text(report_markdown(results, stamp), encoding="utf-8")
    write_chart(results, out / "chart.png")
    print(report_markdown(results, stamp))
    print(f"Written to {out}/")
    if args.check:
        failures = check_thresholds(results, json.loads(THRESHOLDS.read_text()))
        for failure in failures:
            print(f"REGRESSION {failure}", file=sys.stderr)
        return 1 if failures else 0
    return 0
