"""One owner per embedded index: the `paperwise serve` process that has it open.

Embedded Chroma is not safe across processes: after another process writes the folder, a
running server's queries fail ("Error finding id") until it restarts. So a server on an
embedded index registers itself in `<index>/owner.json` (its pid, URL and a random token; the
file is 0600, so only its user can read the token), and `paperwise index` hands its work to
that server (`POST /api/index`) instead of writing the folder itself. A file whose process is
gone, or whose URL does not answer, is stale and ignored. A `chroma run` server needs none of
this: several processes may index and serve at once.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Literal

import httpx
from pydantic import BaseModel, Field

from paperwise.errors import PaperwiseError
from paperwise.settings import Settings
from paperwise.types import BuildSummary

log = logging.getLogger(__name__)

OWNER_FILE = "owner.json"
TOKEN_HEADER = "X-Paperwise-Owner-Token"
_PROBE_TIMEOUT_S = 2.0
_ANNOUNCE_EVERY_S = 0.2


@dataclass(frozen=True)
class StoreOwner:
    """The server that has an embedded index open."""

    pid: int
    url: str  # where it answers, e.g. http://127.0.0.1:7860
    token: str  # proves to it that a request comes from its own user (the file is 0600)


def owner_file(settings: Settings) -> Path | None:
    """Where an embedded index's owner registers; None for a `chroma run` server."""
    return None if settings.chroma.host else settings.chroma.path / OWNER_FILE


def _read(path: Path) -> StoreOwner | None:
    try:
        values = json.loads(path.read_text(encoding="utf-8"))
        return StoreOwner(pid=int(values["pid"]), url=str(values["url"]),
                          token=str(values["token"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None  # missing, half-written or foreign: no owner


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:  # another user's process: alive
        return True
    return True


def _answers(url: str) -> bool:
    try:
        return httpx.get(f"{url}/healthz", timeout=_PROBE_TIMEOUT_S).status_code == 200
    except httpx.HTTPError:
        return False


def live_owner(settings: Settings) -> StoreOwner | None:
    """The running server that owns this embedded index, if there is one."""
    path = owner_file(settings)
    owner = _read(path) if path is not None else None
    if owner is None or not _alive(owner.pid) or not _answers(owner.url):
        return None
    return owner


def _write(path: Path, owner: StoreOwner) -> None:
    """Written whole (a temporary file renamed over it) and readable by its user only."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="utf-8") as out:
        json.dump(asdict(owner), out)
    os.replace(temporary, path)


def release(settings: Settings, token: str) -> None:
    """Remove the owner file if it is still the one registered with `token` (a later server
    may have replaced it). Called when the server shuts down, and at exit."""
    path = owner_file(settings)
    owner = _read(path) if path is not None else None
    if path is not None and owner is not None and owner.token == token:
        with contextlib.suppress(OSError):
            path.unlink()


def register(settings: Settings, owner: StoreOwner) -> bool:
    """Register `owner` for the embedded index (removed again when the process exits).
    False, with a warning, when another live server owns it already."""
    path = owner_file(settings)
    if path is None:
        return False
    other = live_owner(settings)
    if other is not None and other.pid != owner.pid:
        log.warning("Another server (pid %d, %s) already serves the index %s: papers indexed "
                    "through it will not be seen here until a restart.", other.pid, other.url,
                    settings.chroma.path)
        return False
    _write(path, owner)
    atexit.register(release, settings, owner.token)
    log.info("Registered as the owner of %s (%s)", settings.chroma.path, owner.url)
    return True


def local_url(host: str, port: int) -> str:
    """The URL this machine reaches a server bound to host:port at."""
    host = {"0.0.0.0": "127.0.0.1", "::": "::1", "": "127.0.0.1"}.get(host, host)
    return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"


def register_when_serving(settings: Settings, host: str, port: int, token: str) -> None:
    """Register this process once its server answers at host:port (from a thread: uvicorn
    binds the port only inside its blocking run). A `chroma run` index needs no owner."""
    if owner_file(settings) is None:
        return
    owner = StoreOwner(pid=os.getpid(), url=local_url(host, port), token=token)

    def wait_then_register() -> None:
        while not _answers(owner.url):
            time.sleep(_ANNOUNCE_EVERY_S)
        try:
            register(settings, owner)
        except OSError as exc:  # a read-only index folder: serving still works
            log.warning("Could not register as the index's owner (%s): `paperwise index` "
                        "will write the index itself while this server runs.", exc)

    threading.Thread(target=wait_then_register, daemon=True, name="register-owner").start()


# -- the client side: `paperwise index` handing its work to the owner ----------------------------
class IndexEvent(BaseModel):
    """One NDJSON line of POST /api/index: progress lines, then a summary or an error."""

    event: Literal["progress", "summary", "error"]
    stage: str | None = Field(None, description="progress: papers | multilingual.")
    done: int | None = Field(None, description="progress: papers done in the stage.")
    total: int | None = Field(None, description="progress: papers in the stage.")
    summary: BuildSummary | None = None
    detail: str | None = Field(None, description="error: what went wrong.")


def hand_over(owner: StoreOwner, paths: list[Path], prune: bool,
              on_progress: Callable[[IndexEvent], None]) -> BuildSummary:
    """POST the paths to the owner's /api/index, passing each progress line it streams to
    `on_progress`; returns its summary. A refusal or an error line raises PaperwiseError."""
    body = {"paths": [str(p.resolve()) for p in paths], "prune": prune}
    try:
        with httpx.stream("POST", f"{owner.url}/api/index", json=body,
                          headers={TOKEN_HEADER: owner.token},
                          timeout=httpx.Timeout(None, connect=10.0)) as response:
            if response.status_code != 200:
                response.read()
                raise PaperwiseError(f"the server at {owner.url} refused ({response.status_code})"
                                     f": {_detail(response)}")
            return _follow(response.iter_lines(), on_progress, owner.url)
    except httpx.HTTPError as exc:
        raise PaperwiseError(f"the server at {owner.url} stopped answering while indexing "
                             f"({type(exc).__name__}); run `paperwise index` again: it "
                             "resumes where it stopped.") from exc


def _detail(response: httpx.Response) -> str:
    try:
        return str(response.json().get("detail", response.text))
    except ValueError:
        return response.text[:500]


def _follow(lines: Iterator[str], on_progress: Callable[[IndexEvent], None],
            url: str) -> BuildSummary:
    for line in lines:
        if not line.strip():
            continue
        event = IndexEvent.model_validate_json(line)
        if event.event == "error":
            raise PaperwiseError(f"the server at {url} could not index: {event.detail}")
        if event.summary is not None:
            return event.summary
        on_progress(event)
    raise PaperwiseError(f"the server at {url} ended the indexing without a summary; run "
                         "`paperwise index` again: it resumes where it stopped.")
