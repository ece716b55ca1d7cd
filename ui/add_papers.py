"""The Papers tab's "Add papers": upload .txt/.jsonl/.csv files, index them in this server
(the same IndexService as `POST /api/index`) with a progress bar, then report what was added
and every skipped record by file and line. Behind the UI's login when PAPERWISE_AUTH is set."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import gradio as gr

from index.loaders import SUFFIXES
from rag import BuildSummary, InputError, PaperQA, PaperwiseError
from ui.index_api import IndexService, Upload

# Gradio finds a progress bar by a parameter whose default is a gr.Progress.
_PROGRESS = gr.Progress()
_STAGES = {"papers": "Indexing papers", "multilingual": "Adding multilingual vectors"}


def summary_html(summary: BuildSummary) -> str:
    """What an upload added, then each skipped record or file (file:line: why)."""
    files = ", ".join(summary.files)
    head = (f"Added from {files}: {summary.added} new, {summary.unchanged} already indexed"
            + (f", {summary.updated} updated" if summary.updated else "")
            + f". The index now holds {summary.chunks:,} chunks.")
    parts = [f"<p>{html.escape(head)}</p>"]
    if summary.skipped:
        items = "".join(f"<li>{html.escape(m)}</li>" for m in summary.skipped)
        parts.append(f"<p>{len(summary.skipped)} skipped:</p><ul class='pw-skipped'>{items}</ul>")
    return "".join(parts)


def add_files(service: IndexService, files: list[Any] | None, progress: gr.Progress
              ) -> str:
    """Index the uploaded files; the result (or the reason nothing was added) as HTML."""
    paths = [Path(str(getattr(f, "name", f))) for f in files or []]
    if not paths:
        return "<p>Choose one or more .txt, .jsonl or .csv files first.</p>"
    uploads = [Upload(p.name, p.read_bytes()) for p in paths]

    def report(stage: str, done: int, total: int) -> None:
        progress((done, total), desc=_STAGES.get(stage, stage), unit="papers")

    progress(0, desc="Reading the files")
    try:
        summary = service.add_uploads(uploads, report)
    except (InputError, PaperwiseError) as exc:
        return f"<p class='pw-error'>{html.escape(str(exc))}</p>"
    return summary_html(summary)


def build_add_papers(qa: PaperQA, refresh: Callable[..., Any], refresh_inputs: list[Any],
                     refresh_outputs: list[Any]) -> None:
    """The upload box, its button and the report; after an upload, `refresh` reloads the
    papers table."""
    service = IndexService.of(qa)
    with gr.Accordion("Add papers", open=False, elem_id="pw-add-papers"):
        files = gr.File(file_count="multiple", file_types=list(SUFFIXES),
                        label="Paper files (.txt, .jsonl, .csv)", elem_id="pw-add-files")
        add = gr.Button("Index these papers", elem_id="pw-add-button")
        result = gr.HTML("", elem_id="pw-add-result")

    def run(chosen: list[Any] | None, progress: gr.Progress = _PROGRESS) -> str:
        return add_files(service, chosen, progress)

    add.click(run, files, result, api_name="add_papers", concurrency_limit=1).then(
        refresh, refresh_inputs, refresh_outputs, api_name="refresh_papers")
