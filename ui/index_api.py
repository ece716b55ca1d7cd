"""Adding papers to a running server: `POST /api/index` (uploaded files, or server-local paths
from the local `paperwise index`) and the Papers tab's "Add papers" share `IndexService`, which
indexes in this process, one build at a time, so the embedded index has one writer and the
server sees new papers at once (see index/owner.py).

    curl -u user:password -F files=@new.jsonl http://127.0.0.1:7860/api/index

The answer streams NDJSON: `{"event": "progress", ...}` lines, then one `summary` (skipped
records named by file:line) or one `error` line.
"""

# No `from __future__ import annotations`: FastAPI reads these annotations at run time.

import contextlib
import logging
import queue
import re
import secrets
import tempfile
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Depends, FastAPI, Header, HTTPException, Request, status
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, Field, ValidationError

from index.loaders import SUFFIXES, LoadReport, load_file
from index.owner import TOKEN_HEADER, IndexEvent, release
from paperwise.errors import InputError, PaperwiseError
from rag import BuildSummary
from rag.api import PaperQA
from ui.api_common import include_first
from ui.auth import authorized
from ui.security import AUTHENTICATED, credentials

log = logging.getLogger(__name__)

BUSY = ("Papers are being indexed already (one build at a time); try again when it is done.")
_NAME_CHARS = re.compile(r"[^\w.-]+")
_MAX_NAME = 100
Progress = Callable[[str, int, int], None]


class IndexBusy(PaperwiseError):
    """Another build is running in this server."""


@dataclass(frozen=True)
class Upload:
    """An uploaded paper file: the name the user gave it and its bytes."""

    name: str
    data: bytes


class IndexPaths(BaseModel):
    """The local `paperwise index` handing its paths to the server that owns the index."""

    paths: list[str] = Field(min_length=1, description="Server-local files or folders.")
    prune: bool = Field(False, description="Also remove papers of files not among them.")


def _safe_name(name: str) -> tuple[str, str]:
    """(stem, suffix) of an uploaded file's name: no folders, no leading dot, only letters,
    digits, '.', '-' and '_'."""
    base = name.replace("\\", "/").rsplit("/", 1)[-1]
    stem, dot, suffix = base.rpartition(".")
    suffix = f".{suffix.lower()}" if dot else ""
    if suffix not in SUFFIXES:
        raise InputError(f"{base or 'a file'}: unknown format; use one of "
                         f"{', '.join(SUFFIXES)}.")
    stem = _NAME_CHARS.sub("_", stem).strip("._")[:_MAX_NAME] or "papers"
    return stem, suffix


class IndexService:
    """Indexing inside the server, one build at a time. One per PaperQA (`of`), so the API
    route and the UI share its lock and token."""

    def __init__(self, qa: PaperQA) -> None:
        self.qa = qa
        self.token = secrets.token_urlsafe(32)  # the owner token (index/owner.py)
        self._lock = threading.Lock()

    @classmethod
    def of(cls, qa: PaperQA) -> "IndexService":
        with _SERVICES_LOCK:
            if qa not in _SERVICES:
                _SERVICES[qa] = cls(qa)
            return _SERVICES[qa]

    def holds_token(self, headers: Mapping[str, str]) -> bool:
        given = headers.get(TOKEN_HEADER.lower()) or headers.get(TOKEN_HEADER) or ""
        return secrets.compare_digest(given.encode(), self.token.encode())

    @contextlib.contextmanager
    def exclusive(self) -> Iterator[None]:
        """The one build slot; IndexBusy when another build holds it."""
        if not self._lock.acquire(blocking=False):
            raise IndexBusy(BUSY)
        try:
            yield
        finally:
            self._lock.release()

    def index(self, paths: list[Path], prune: bool, progress: Progress | None) -> BuildSummary:
        """Index these paths (the caller holds `exclusive`)."""
        return self.qa.index(paths, prune=prune, progress=progress)

    # -- uploads ----------------------------------------------------------------------------
    def save_uploads(self, uploads: list[Upload]) -> tuple[list[Path], list[str]]:
        """Check each upload, then save it into the papers folder (so a later `paperwise
        index` or rebuild keeps it) under a name no stored paper file has: an upload never
        replaces papers already indexed. Returns the saved files and why the others were not
        saved. A file with no usable record is not saved."""
        folder = self.qa.settings.data_dir
        folder.mkdir(parents=True, exist_ok=True)
        taken = {p.source for p in self.qa.papers()}
        saved: list[Path] = []
        refused: list[str] = []
        for upload in uploads:
            try:
                target = self._target(folder, upload, taken)
                _check(target.name, upload.data, self.qa.settings.max_abstract_chars)
            except InputError as exc:
                refused.append(str(exc))
                continue
            if not target.exists():
                target.write_bytes(upload.data)
            taken.add(target.name)
            saved.append(target)
        return saved, refused

    @staticmethod
    def _target(folder: Path, upload: Upload, taken: set[str]) -> Path:
        """The file this upload goes to: its own name, unless a different file or a stored
        paper file has it, then name-2, name-3…; the same bytes again reuse their file."""
        stem, suffix = _safe_name(upload.name)
        for n in range(1, 1000):
            candidate = folder / (f"{stem}{suffix}" if n == 1 else f"{stem}-{n}{suffix}")
            if candidate.is_file() and candidate.read_bytes() == upload.data:
                return candidate
            if not candidate.exists() and candidate.name not in taken:
                return candidate
        raise InputError(f"{upload.name}: too many uploads of that name; rename it.")

    def add_uploads(self, uploads: list[Upload], progress: Progress | None) -> BuildSummary:
        """Save and index uploads (the UI's "Add papers"); IndexBusy during another build."""
        with self.exclusive():
            saved, refused = self.save_uploads(uploads)
            return self.index_saved(saved, refused, progress)

    def index_saved(self, saved: list[Path], refused: list[str], progress: Progress | None
                    ) -> BuildSummary:
        """Index saved uploads (the caller holds `exclusive`); messages name the files as
        uploaded, not where the server keeps them."""
        if not saved:
            raise InputError("Nothing was added: " + "; ".join(refused or ["no files given"]))
        summary = self.index(saved, False, progress)
        prefix = f"{self.qa.settings.data_dir}/"
        skipped = [m.replace(prefix, "") for m in summary.skipped] + refused
        return summary.model_copy(update={"skipped": skipped,
                                          "files": [p.name for p in saved]})


_SERVICES: "weakref.WeakKeyDictionary[PaperQA, IndexService]" = weakref.WeakKeyDictionary()
_SERVICES_LOCK = threading.Lock()


def _check(name: str, data: bytes, max_abstract_chars: int) -> None:
    """InputError, naming the file, unless it holds at least one usable record."""
    with tempfile.TemporaryDirectory(prefix="paperwise-upload-") as folder:
        path = Path(folder) / name
        path.write_bytes(data)
        try:
            load_file(path, LoadReport(), max_abstract_chars)
        except InputError as exc:
            raise InputError(str(exc).replace(f"{folder}/", "")) from exc


def _stream(work: Callable[[Progress], BuildSummary], release: contextlib.ExitStack
            ) -> Iterator[str]:
    """Run `work` in a thread, yielding NDJSON lines: its progress, then its summary or error.
    The build finishes even if the client leaves (it stops only between batches otherwise)."""
    lines: queue.Queue[IndexEvent | None] = queue.Queue()

    def run() -> None:
        with release:
            try:
                summary = work(lambda stage, done, total: lines.put(IndexEvent(
                    event="progress", stage=stage, done=done, total=total)))
                lines.put(IndexEvent(event="summary", summary=summary))
            except PaperwiseError as exc:
                lines.put(IndexEvent(event="error", detail=str(exc)))
            except Exception:
                log.exception("Indexing failed")
                lines.put(IndexEvent(event="error", detail="indexing failed; see the log"))
            finally:
                lines.put(None)

    threading.Thread(target=run, daemon=True, name="index-request").start()
    while (event := lines.get()) is not None:
        yield event.model_dump_json(exclude_none=True) + "\n"


def router(qa: PaperQA) -> APIRouter:
    service = IndexService.of(qa)
    login = credentials(qa.settings)
    api = APIRouter(tags=["index"])

    def owner_or_login(request: Request,
                       authorization: Annotated[str | None, Header()] = None) -> bool:
        """True for the owner token's holder (the local CLI); else the login, when one is
        configured (the Guard has checked it already when it runs in front)."""
        if service.holds_token(request.headers):
            return True
        if login is not None and not request.scope.get(AUTHENTICATED) and not authorized(
                authorization, login):
            raise HTTPException(status.HTTP_401_UNAUTHORIZED, "login required",
                                headers={"WWW-Authenticate": 'Basic realm="Paperwise"'})
        return False

    @api.post("/api/index", response_class=StreamingResponse, responses={200: {
        "content": {"application/x-ndjson": {}},
        "description": "NDJSON lines: progress, then a summary or an error."}})
    async def index(request: Request, local: Annotated[bool, Depends(owner_or_login)]
                    ) -> StreamingResponse:
        """Add papers: uploaded .txt/.jsonl/.csv files (multipart, field `files`), or, for the
        local `paperwise index` only, JSON `{"paths": [...], "prune": false}`."""
        release = contextlib.ExitStack()
        try:
            release.enter_context(service.exclusive())
        except IndexBusy as exc:
            raise HTTPException(status.HTTP_409_CONFLICT, str(exc)) from exc
        try:
            work = await _work(request, service, local)
        except BaseException:
            release.close()
            raise
        return StreamingResponse(_stream(work, release), media_type="application/x-ndjson")

    return api


async def _work(request: Request, service: IndexService, local: bool
                ) -> Callable[[Progress], BuildSummary]:
    """What the request asks to index, checked before any build starts (422 otherwise);
    uploads are saved here (the caller holds the build slot)."""
    if request.headers.get("content-type", "").startswith("multipart/form-data"):
        form = await request.form()
        uploads = [Upload(str(f.filename or ""), await f.read())
                   for f in form.getlist("files") if not isinstance(f, str)]
        if not uploads:
            raise HTTPException(422, "No files: send them as multipart field `files`.")

        saved, refused = await run_in_threadpool(service.save_uploads, uploads)
        if not saved:
            raise HTTPException(422, "Nothing was added: " + "; ".join(refused))
        return lambda progress: service.index_saved(saved, refused, progress)
    if not local:
        raise HTTPException(status.HTTP_403_FORBIDDEN, "Server-local paths are only taken "
                            "from the local `paperwise index`; upload files instead.")
    try:
        body = IndexPaths.model_validate_json(await request.body())
    except ValidationError as exc:
        raise HTTPException(422, "; ".join(f"{'.'.join(map(str, e['loc'])) or 'body'}: "
                                           f"{e['msg']}" for e in exc.errors())) from exc
    paths = [Path(p) for p in body.paths]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        raise HTTPException(422, f"{', '.join(missing)}: no such file or folder.")
    return lambda progress: service.index(paths, body.prune, progress)


def mount(app: FastAPI, qa: PaperQA) -> None:
    """Serve POST /api/index from `app`, ahead of the UI at "/"."""
    include_first(app, router(qa))
    # uvicorn ends a server stopped by a signal by that signal again: no atexit, but this runs.
    app.router.on_shutdown.append(partial(release, qa.settings, IndexService.of(qa).token))


def guard_accepts(qa: PaperQA) -> Callable[[Mapping[str, str]], bool]:
    """For the Guard: requests carrying the owner token need no login."""
    return IndexService.of(qa).holds_token


def register_owner(qa: PaperQA, host: str, port: int) -> None:
    """`paperwise serve` on an embedded index: own it once serving (index/owner.py)."""
    from index.owner import register_when_serving

    register_when_serving(qa.settings, host, port, IndexService.of(qa).token)


__all__ = ["IndexService", "Upload", "guard_accepts", "mount", "register_owner"]
