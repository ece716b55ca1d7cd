"""The `paperwise` command: parses arguments, calls the packages, turns errors into messages."""

from __future__ import annotations

import argparse
import logging
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from paperwise.errors import InputError, PaperwiseError

if TYPE_CHECKING:
    from paperwise.settings import Settings
    from paperwise.types import Answer, BuildSummary


def _settings(args: argparse.Namespace) -> Settings:
    from paperwise.settings import Settings

    return Settings()


_STAGE_NAMES = {"papers": "papers indexed", "multilingual": "multilingual vectors"}


class _ProgressPrinter:
    """Index progress on stderr: bars on a terminal; elsewhere (`make run` in a CI log, a
    pipe) a line every few seconds, so a long build never looks stuck."""

    LINE_EVERY_S = 5.0

    def __init__(self, bars: bool) -> None:
        self.bars = bars
        self._bar: Any = None
        self._stage = ""
        # A stage starts when the one before it ended (its last report), the first at once.
        self._started = self._last_line = self._last_call = time.monotonic()

    def __call__(self, stage: str, done: int, total: int) -> None:
        if stage != self._stage:
            self.close()
            self._stage, self._started = stage, self._last_call
            self._last_line = self._started
        self._last_call = time.monotonic()
        if self.bars:
            if self._bar is None:
                from tqdm import tqdm

                self._bar = tqdm(total=total, unit="paper", desc=_STAGE_NAMES[stage])
            self._bar.update(done - self._bar.n)
            return
        now = time.monotonic()
        if now - self._last_line >= self.LINE_EVERY_S or (done == total and
                                                           self._last_line > self._started):
            rate = done / max(now - self._started, 1e-9)
            print(f"{_STAGE_NAMES[stage]}: {done}/{total} ({rate:.1f} papers/s)",
                  file=sys.stderr, flush=True)
            self._last_line = now

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()
            self._bar = None


def _print_summary(summary: BuildSummary, progress: _ProgressPrinter) -> None:
    progress.close()
    for message in summary.skipped:
        print(f"warning: {message}", file=sys.stderr)
    print(summary.line)


def _hand_over(settings: Settings, args: argparse.Namespace, paths: list[Path],
               progress: _ProgressPrinter) -> bool:
    """While `paperwise serve` runs on this embedded index, it indexes for us (embedded Chroma
    is not safe across processes: index/owner.py). False when no server owns the index."""
    from index.owner import hand_over, live_owner

    owner = live_owner(settings)
    if owner is None:
        return False
    if args.rebuild:
        raise PaperwiseError(f"`paperwise serve` (pid {owner.pid}, {owner.url}) has this index "
                             "open: stop it before `--rebuild`.")
    print(f"Handed to the running server at {owner.url} (it indexes; its answers include the "
          "new papers at once).", file=sys.stderr)
    summary = hand_over(owner, paths, args.prune,
                        lambda event: progress(event.stage or "papers", event.done or 0,
                                               event.total or 0))
    _print_summary(summary, progress)
    return True


def cmd_index(args: argparse.Namespace) -> int:
    from index.build import build_index, rebuild_index
    from index.chroma import location_of

    settings = _settings(args)
    print(f"Index: {location_of(settings)}; papers from "
          f"{', '.join(args.paths) or settings.data_dir}", file=sys.stderr)
    paths = [Path(p) for p in args.paths] or None
    progress = _ProgressPrinter(bars=sys.stderr.isatty() or args.progress)
    if _hand_over(settings, args, paths or [settings.data_dir], progress):
        return 0
    if args.rebuild:  # built beside the old index, swapped in only once complete
        summary, moved = rebuild_index(settings, paths, progress=progress)
        if moved:
            print(f"The old index was moved to {moved}.", file=sys.stderr)
    else:
        summary = build_index(settings, paths, prune=args.prune, progress=progress,
                              multilingual=not args.multilingual_later)
    _print_summary(summary, progress)
    return 0


def _print_answer(answer: Answer, as_json: bool) -> None:
    if as_json:
        print(answer.model_dump_json(indent=2))
        return
    for notice in answer.notices:
        print(f"note: {notice}", file=sys.stderr)
    print(answer.text)
    print()
    cited = {c.marker for c in answer.citations}
    print("Sources:")
    for n, hit in enumerate(answer.sources, start=1):
        mark = "*" if n in cited else " "
        print(f"{mark}[{n}] {hit.paper.title} — {hit.paper.source} #{hit.paper.position}"
              f" ({hit.paper.venue})")
    unsupported = answer.unsupported
    if unsupported:
        print(f"\n{len(unsupported)} sentence(s) not backed by the cited abstracts:")
        for sentence in unsupported:
            print(f"  ! {sentence.text}" + (f"  ({sentence.reason})" if sentence.reason else ""))


def _write_answer(answer: Answer, output_format: str) -> None:
    """`--format`: text (default), json (the Answer), md (a note with references), bib (the
    cited papers' BibTeX)."""
    from paperwise.export import answer_bibtex, answer_markdown

    if output_format in ("text", "json"):
        _print_answer(answer, output_format == "json")
        return
    for notice in answer.notices:
        print(f"note: {notice}", file=sys.stderr)
    if output_format == "md":
        print(answer_markdown(answer), end="")
        return
    entries = answer_bibtex(answer)
    if not entries:
        print("note: the answer cites no paper; no BibTeX entries.", file=sys.stderr)
    print(entries, end="")


def cmd_ask(args: argparse.Namespace) -> int:
    from rag import PaperQA
    from rag.filters import Filters

    settings = _settings(args)
    if args.answerer:
        settings.answerer = args.answerer
    filters = Filters.parse(venue=args.venue, year=args.year, source=args.source,
                            author=args.author)
    qa = PaperQA(settings)
    print(f"Index: {qa.store.location}", file=sys.stderr)
    answer = qa.ask(args.question, k=args.k, filters=filters)
    _write_answer(answer, "json" if args.json else args.format)
    return 0


def cmd_mcp(args: argparse.Namespace) -> int:
    """stdout carries the protocol: everything else goes to stderr."""
    from ui.mcp_server import run_stdio

    run_stdio(_settings(args))
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    from ui.app import serve

    settings = _settings(args)
    # Where it serves is worth a line without -v; the rest of ui/ stays at WARNING.
    logging.getLogger("ui.serving").setLevel(logging.INFO)
    serve(settings, host=args.host, port=args.port)
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    from eval.run import main as eval_main

    return eval_main([a for a in args.rest if a != "--"])


def cmd_bench(args: argparse.Namespace) -> int:
    from eval.bench import main as bench_main

    return bench_main([a for a in args.rest if a != "--"])


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="paperwise", description=__doc__)
    parser.add_argument("-v", "--verbose", action="store_true", help="log more")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("index", help="index paper files (default: the data folder)")
    p.add_argument("paths", nargs="*", help=".txt/.jsonl/.csv files or folders")
    p.add_argument("--prune", action="store_true",
                   help="also remove papers whose files are not among those given")
    p.add_argument("--progress", action="store_true",
                   help="progress bars even in pipes (else a line every few seconds)")
    p.add_argument("--multilingual-later", action="store_true",
                   help="store the English vectors only, answerable at once; the multilingual "
                   "ones (for questions not in English) are added by `paperwise serve` in the "
                   "background, or by the next `paperwise index`")
    p.add_argument("--rebuild", action="store_true",
                   help="set the current index aside (renamed, not deleted) and build anew")
    p.set_defaults(func=cmd_index)

    p = sub.add_parser("ask", help="answer a question with citations")
    p.add_argument("question")
    p.add_argument("--k", type=int, default=None, help="papers to retrieve")
    p.add_argument("--answerer", choices=["extractive", "llm"], default=None)
    p.add_argument("--format", choices=["text", "json", "md", "bib"], default="text",
                   help="text; json: the Answer; md: Markdown with references; bib: BibTeX of "
                   "the cited papers")
    p.add_argument("--json", action="store_true", help="same as --format json")
    p.add_argument("--venue", help="only papers of this venue (exact, e.g. 'ICLR 2025')")
    p.add_argument("--year", help="only papers of this year (2024) or range (2023-2025)")
    p.add_argument("--author", help="only papers with an author whose name contains this")
    p.add_argument("--source", help="only papers read from this file (its name)")
    p.set_defaults(func=cmd_ask)

    p = sub.add_parser("mcp", help="serve the MCP tools over stdio (for MCP clients)")
    p.set_defaults(func=cmd_mcp)

    p = sub.add_parser("serve", help="serve the chat UI and the HTTP API")
    p.add_argument("--host", default=None)
    p.add_argument("--port", type=int, default=None)
    p.set_defaults(func=cmd_serve)

    for name, func, text in (("eval", cmd_eval, "run the evaluation (see `paperwise eval -h`)"),
                             ("bench", cmd_bench, "run the benchmarks (see `paperwise bench -h`)")):
        p = sub.add_parser(name, help=text, add_help=False)
        p.add_argument("rest", nargs=argparse.REMAINDER)
        p.set_defaults(func=func)
    return parser


_OWN_PARSERS = ("eval", "bench")


def run(argv: Sequence[str] | None, parser_factory: Callable[[], argparse.ArgumentParser]
        = _parser) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    # eval and bench parse their own options.
    if argv and argv[0] in _OWN_PARSERS:
        argv = [argv[0], "--", *argv[1:]]
    args = parser_factory().parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(name)s: %(message)s")
    try:
        return int(args.func(args))
    except InputError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    except PaperwiseError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except ValidationError as exc:
        print(f"error: invalid settings (environment or .env):\n{exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def main(argv: Sequence[str] | None = None) -> None:
    sys.exit(run(argv))


if __name__ == "__main__":
    main()
