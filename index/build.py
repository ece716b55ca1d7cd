"""Build the index: incremental, idempotent, and safe to kill at any moment.

Deterministic chunk ids make every write an upsert; a paper counts as stored only when all its
chunks and sentences are in (see PaperStore.upsert_papers), so a rerun after a kill finishes the
half-written papers and changes nothing else.
"""

from __future__ import annotations

import logging
import shutil
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

import numpy as np

from index.chroma import (
    STORE_PREFIX,
    drop_collections,
    open_client,
    rename_collections,
    set_aside,
)
from index.chunking import Chunk, chunk_paper
from index.embeddings import Embedder, make_embedder, make_multilingual
from index.late_pooling import Span, locate
from index.loaders import expand_paths, load_papers, source_name
from index.store import PaperStore, PaperVectors, StoredPaper, collection_name, make_store
from paperwise.errors import InputError, StoreError
from paperwise.settings import Settings
from paperwise.text import split_sentences
from paperwise.types import BuildSummary, Paper

log = logging.getLogger(__name__)

PAPERS_PER_BATCH = 32
_REBUILDING = "pwrebuild-"  # a server rebuild's collections until they replace STORE_PREFIX's
_T = TypeVar("_T")
# Told (stage, papers done, papers in the stage) after each batch; stages: "papers" (the
# English vectors: answerable from here), "multilingual".
Progress = Callable[[str, int, int], None]


@dataclass
class _Plan:
    add: list[Paper]
    update: list[Paper]
    unchanged: list[Paper]
    remove: list[str]


def _plan(papers: list[Paper], stored: dict[str, StoredPaper], read_sources: set[str],
          prune_keep: set[str] | None) -> _Plan:
    plan = _Plan([], [], [], [])
    for paper in papers:
        old = stored.get(paper.id)
        if old is None or not old.complete:
            plan.add.append(paper)
        elif (old.source, old.position, old.title, old.venue) != (
                paper.source, paper.position, paper.title, paper.venue):
            plan.update.append(paper)
        else:
            plan.unchanged.append(paper)
    wanted = {p.id for p in papers}
    for pid, old in stored.items():
        gone_from_file = old.source in read_sources and pid not in wanted
        file_gone = prune_keep is not None and old.source not in prune_keep and pid not in wanted
        if gone_from_file or file_gone:
            plan.remove.append(pid)
    return plan


def _spans(abstract: str, chunks: list[Chunk], sentences: list[str]) -> list[Span] | None:
    """Where each chunk, then each sentence, sits in the abstract; None if one is not found
    (the pieces are then embedded on their own)."""
    spans: list[Span] = []
    for pieces, step_past in (([c.text for c in chunks], False), (sentences, True)):
        start = 0
        for piece in pieces:
            found = locate(abstract, piece, start)
            if found is None:
                return None
            spans.append(found)
            # Chunks overlap, so the next one starts after this one's start; sentences don't.
            start = found[1] if step_past else found[0] + 1
    return spans


def _vectors(embedder: Embedder, batch: Sequence[Paper], chunks: list[list[Chunk]],
             sentences: list[list[str]]) -> list[np.ndarray]:
    """Per paper, its chunk vectors then its sentence vectors: pooled from one model pass per
    sentence, or (rarely, when a piece is not found in the abstract) each piece embedded alone."""
    located = [_spans(p.abstract, cs, ss) for p, cs, ss in zip(batch, chunks, sentences,
                                                                 strict=True)]
    found = [n for n, spans in enumerate(located) if spans is not None]
    # One model pass per sentence: a sentence's vector is the one it has alone, which the
    # citation checks' thresholds were measured on; chunks pool the tokens of their sentences.
    passes = [(located[n] or [])[len(chunks[n]):] for n in found]
    pooled = iter(embedder.embed_spans([batch[n].abstract for n in found],
                                       [located[n] or [] for n in found], passes))
    return [next(pooled) if spans is not None
            else embedder.embed([c.text for c in chunks[n]] + sentences[n])
            for n, spans in enumerate(located)]


def _prepare(embedder: Embedder, batch: Sequence[Paper], settings: Settings
             ) -> list[PaperVectors]:
    chunks = [chunk_paper(p, settings.chunking, embedder.window, embedder.count_tokens)
              for p in batch]
    sentences = [split_sentences(p.abstract) for p in batch]
    vectors = _vectors(embedder, batch, chunks, sentences)
    return [PaperVectors(paper, paper_chunks, paper_vectors[: len(paper_chunks)],
                         paper_sentences, paper_vectors[len(paper_chunks):])
            for paper, paper_chunks, paper_sentences, paper_vectors
            in zip(batch, chunks, sentences, vectors, strict=True)]


def _in_batches(papers: Sequence[Paper], work: Callable[[Sequence[Paper]], _T],
                write: Callable[[_T], None], stage: str, progress: Progress | None) -> None:
    """Work on batch after batch while the previous batch is written (Chroma's writes release
    the GIL), so the cores embed and store at once. One write at a time, in order; progress
    is reported as each batch is handed to the writer."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="index-writer") as writer:
        pending: Future[None] | None = None
        for start in range(0, len(papers), PAPERS_PER_BATCH):
            batch = papers[start : start + PAPERS_PER_BATCH]
            result = work(batch)
            if pending is not None:
                pending.result()  # a failed write stops the build here
            pending = writer.submit(write, result)
            if progress is not None:
                progress(stage, start + len(batch), len(papers))
        if pending is not None:
            pending.result()


def add_multilingual(store: PaperStore, progress: Progress | None = None) -> int:
    """Write the multilingual vector of every stored paper that lacks one; returns how many.
    They come after the English vectors, so the English index is usable first (the
    multilingual model reads ~8 papers/s here, as slow as the rest of indexing together)."""
    multilingual = store.multilingual
    if multilingual is None:
        return 0
    stored = store.stored_papers()
    missing = [p for p in store.papers() if stored[p.id].complete
               and not stored[p.id].multilingual]
    _in_batches(missing, lambda batch: (batch, multilingual.embed_papers(batch)),
                lambda done: store.upsert_multilingual(list(done[0]), done[1]),
                "multilingual", progress)
    return len(missing)


def build_index(
    settings: Settings,
    paths: Iterable[Path] | None = None,
    *,
    prune: bool = False,
    embedder: Embedder | None = None,
    store: PaperStore | None = None,
    progress: Progress | None = None,
    multilingual: bool = True,
) -> BuildSummary:
    """Index the papers under paths (default: settings.data_dir) into the store. With
    `multilingual` False the multilingual vectors are left for later (`add_multilingual`):
    the papers are answerable in English at once."""
    started = time.perf_counter()
    paths = list(paths) if paths else [settings.data_dir]
    # The inputs first: an input error is reported as one, before any store is opened.
    report = load_papers(paths, settings.max_abstract_chars)
    read_sources = {source_name(p) for p in report.files}
    prune_keep = {source_name(p) for p in expand_paths(paths)} if prune else None
    embedder = embedder or (store.embedder if store else make_embedder(settings))
    store = store or make_store(settings, embedder)
    plan = _plan(report.papers, store.stored_papers(), read_sources, prune_keep)
    changed = bool(plan.add or plan.update or plan.remove)
    if changed:
        store.touch()  # caches built on the old content are stale from here on
    _in_batches(plan.add, lambda batch: _prepare(embedder, batch, settings),
                store.upsert_papers, "papers", progress)
    for paper in plan.update:
        store.update_paper_metadata(paper)
    store.delete_papers(plan.remove)
    store.delete_orphans()
    if changed:
        store.touch()
    pending = 0
    if store.multilingual is not None:
        if multilingual:
            add_multilingual(store, progress)
        else:
            pending = len(store.stored_papers()) - store.multilingual_count()
    return BuildSummary(
        papers=len(report.papers), added=len(plan.add), updated=len(plan.update),
        unchanged=len(plan.unchanged), removed=len(plan.remove), chunks=store.count(),
        seconds=time.perf_counter() - started, duplicates=report.duplicates,
        skipped=report.skipped, multilingual_pending=pending,
    )


def rebuild_index(settings: Settings, paths: Iterable[Path] | None = None, *,
                  embedder: Embedder | None = None, progress: Progress | None = None
                  ) -> tuple[BuildSummary, Path | None]:
    """`paperwise index --rebuild`: a new index of the paper files, built beside the current
    one and swapped in only once complete. The inputs are read first, so an input error
    touches nothing (nor does a file that cannot be read now but gave papers to the current
    index: the rebuild would drop them); a build that fails leaves the current index in place
    (the partial one is removed). Returns the summary and where the old index went (None when
    there was none, or for a Chroma server, whose collections are replaced)."""
    paths = list(paths) if paths else [settings.data_dir]
    report = load_papers(paths, settings.max_abstract_chars)
    embedder = embedder or make_embedder(settings)
    _refuse_to_lose_papers(settings, embedder, paths, report.files, report.skipped)
    if settings.chroma.host:
        return _rebuild_on_server(settings, paths, embedder, progress), None
    current = settings.chroma.path
    for leftover in current.parent.glob(f"{current.name}.rebuild-*"):  # a killed rebuild's
        shutil.rmtree(leftover, ignore_errors=True)
    fresh = current.with_name(f"{current.name}.rebuild-{time.strftime('%Y%m%dT%H%M%S')}")
    fresh_settings = settings.model_copy(
        update={"chroma": settings.chroma.model_copy(update={"path": fresh})})
    try:
        summary = build_index(fresh_settings, paths, embedder=embedder, progress=progress)
    except BaseException:
        log.warning("The rebuild failed; the index at %s is left as it was.", current)
        shutil.rmtree(fresh, ignore_errors=True)
        raise
    finally:
        _forget_open_clients()
    moved = set_aside(settings)
    fresh.rename(current)
    return summary, moved


def _refuse_to_lose_papers(settings: Settings, embedder: Embedder, paths: list[Path],
                           read: list[Path], skipped: list[str]) -> None:
    """An InputError when a paper file that cannot be read now (damaged, emptied) gave papers
    to the current index: a rebuild would silently drop them. A current index that cannot be
    read (the reason to rebuild) is no reason to stop."""
    unread = {source_name(p) for p in expand_paths(paths)} - {source_name(p) for p in read}
    if not unread or (not settings.chroma.host and not settings.chroma.path.exists()):
        return
    client, location = open_client(settings)
    try:
        stored = PaperStore(client, embedder, settings.chunking, location).stored_papers()
    except StoreError as exc:
        log.warning("The current index could not be read (%s); rebuilding anyway.", exc)
        return
    finally:
        _forget_open_clients()
    lost = sorted(unread & {p.source for p in stored.values()})
    if lost:
        count = sum(p.source in lost for p in stored.values())
        why = [m for m in skipped if any(name in m for name in lost)]
        raise InputError(
            f"{', '.join(lost)} could not be read ({'; '.join(why)}), yet the current index "
            f"holds {count} papers from there: fix the file, or remove it if those papers "
            "should go, before `--rebuild`. The current index is left as it was.")


def _rebuild_on_server(settings: Settings, paths: list[Path], embedder: Embedder,
                       progress: Progress | None) -> BuildSummary:
    """On a Chroma server: built in collections of another name, which replace the current
    ones only once complete (a rename); a failed or killed build leaves the current ones."""
    client, location = open_client(settings)
    drop_collections(client, location, _REBUILDING)  # left by a rebuild that was killed
    final = collection_name(embedder, settings.chunking)
    fresh = PaperStore(client, embedder, settings.chunking, location,
                       make_multilingual(settings),
                       name=_REBUILDING + final.removeprefix(STORE_PREFIX))
    try:
        summary = build_index(settings, paths, embedder=embedder, store=fresh,
                              progress=progress)
    except BaseException:
        log.warning("The rebuild failed; the index on %s is left as it was.", location)
        drop_collections(client, location, _REBUILDING)
        raise
    drop_collections(client, location, STORE_PREFIX)
    rename_collections(client, location, _REBUILDING, STORE_PREFIX)
    return summary


def _forget_open_clients() -> None:
    """Chroma caches one client per folder in a process: after folders move, open anew."""
    from chromadb.api.client import SharedSystemClient

    SharedSystemClient.clear_system_cache()
