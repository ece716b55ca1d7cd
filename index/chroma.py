"""The Chroma adapter: opening a client (embedded folder or `chroma run` server), naming where
it is, turning client failures into StoreError, and reading and deleting in pages.

The paper store (store.py) builds on this and never sees a Chroma exception or a page limit.
"""

from __future__ import annotations

import logging
import sqlite3
import time
from collections.abc import Iterator
from contextlib import closing, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from paperwise.errors import StoreError
from paperwise.settings import Settings
from paperwise.text import redact_url

log = logging.getLogger(__name__)

# Chroma's sqlite fails with "too many SQL variables" reading ~100k records in one call (found
# by the bench at 100k chunks): reads go in pages, deletes in batches.
GET_PAGE = 10_000

_SERVER_HINT = ("Is the Chroma server running and reachable? Paperwise reconnects by itself "
                "once it is back.")
_EMBEDDED_HINT = ("The index folder is damaged (its database fails SQLite's integrity check): "
                  "`paperwise index --rebuild` sets it aside and builds a new index from your "
                  "paper files.")
_DATABASE = "chroma.sqlite3"
STORE_PREFIX = "pw-"  # every collection of a Paperwise index (index/store.py collection_name)
_RETRY_EVERY_S = 1.0


@dataclass(frozen=True)
class StoreLocation:
    """Where an index lives: an embedded folder or a Chroma server."""

    kind: Literal["embedded", "server"]
    label: str
    path: Path | None = None  # the folder of an embedded index

    def __str__(self) -> str:
        return self.label


def location_of(settings: Settings) -> StoreLocation:
    if settings.chroma.host:
        host = redact_url(settings.chroma.host)
        return StoreLocation("server", f"server {host}:{settings.chroma.port}")
    path = settings.chroma.path.resolve()
    return StoreLocation("embedded", f"embedded at {path}", path)


def integrity_failed(folder: Path | None) -> bool:
    """Whether an embedded index's database fails SQLite's own check (or is no database).
    A missing database or one that is busy or unreadable is not called damaged."""
    database = folder / _DATABASE if folder is not None else None
    if database is None or not database.is_file():
        return False
    try:
        with closing(sqlite3.connect(f"file:{database}?mode=ro", uri=True, timeout=5)) as db:
            rows = db.execute("PRAGMA quick_check").fetchall()
    except sqlite3.OperationalError:  # locked, or no permission: not damage
        return False
    except sqlite3.DatabaseError:  # "file is not a database", "disk image is malformed"
        return True
    return rows != [("ok",)]


@contextmanager
def store_errors(location: StoreLocation) -> Iterator[None]:
    """Turn client failures into StoreError naming the store and what to do."""
    try:
        yield
    except StoreError:
        raise
    except Exception as exc:  # chromadb raises many types; all mean the same to a user
        # --rebuild only when the index really is damaged: never for a bad record or a bug.
        if location.kind == "server":
            hint = f" {_SERVER_HINT}"
        else:
            hint = f" {_EMBEDDED_HINT}" if integrity_failed(location.path) else ""
        raise StoreError(f"Chroma ({location}) failed: {type(exc).__name__}: {exc}.{hint}"
                         ) from exc


def get_all(collection: Any, include: list[str], where: dict | None = None,
            page: int = GET_PAGE) -> dict[str, list[Any]]:
    """collection.get, a page at a time: ids plus the included fields."""
    out: dict[str, list[Any]] = {"ids": [], **{field: [] for field in include}}
    offset = 0
    while True:
        got = collection.get(where=where, include=include, limit=page, offset=offset)
        for field in out:
            out[field].extend(got[field])
        if len(got["ids"]) < page:
            return out
        offset += page


def batches(items: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(items), size):
        yield items[start : start + size]


def open_client(settings: Settings) -> tuple[Any, StoreLocation]:
    """A Chroma client (server when a host is set, else embedded) and where it is."""
    import chromadb
    from chromadb.config import Settings as ChromaClientSettings

    client_settings = ChromaClientSettings(anonymized_telemetry=False)
    location = location_of(settings)
    if location.kind == "server":
        assert settings.chroma.host  # what makes the location a server
        with store_errors(location):
            client = chromadb.HttpClient(host=settings.chroma.host, port=settings.chroma.port,
                                         settings=client_settings)
        return client, location
    path = settings.chroma.path
    if path.exists() and not path.is_dir():
        raise StoreError(f"Chroma path {path} is a file, not a folder; move it or set "
                         "PAPERWISE_CHROMA_PATH.")
    with store_errors(location):
        path.mkdir(parents=True, exist_ok=True)
        client = chromadb.PersistentClient(path=str(path), settings=client_settings)
    return client, location


def written_elsewhere(error: StoreError, location: StoreLocation) -> bool:
    """Whether a read of an embedded index failed because another process wrote it since this
    one opened it (Chroma's "Error finding id": its in-memory vector index lags the database)."""
    return location.kind == "embedded" and "Error finding id" in str(error)


def reopen_embedded(client: Any, location: StoreLocation) -> Any:
    """A fresh client on the embedded index `client` has open, which reads what other
    processes wrote. Chroma shares one system per folder within a process: this folder's is
    forgotten first (not stopped: reads still running on it finish), other folders' are kept."""
    import chromadb
    from chromadb.api.shared_system_client import SharedSystemClient
    from chromadb.config import Settings as ChromaClientSettings

    folder = str(getattr(client, "_identifier", location.path))
    SharedSystemClient._identifier_to_system.pop(folder, None)
    SharedSystemClient._identifier_to_refcount.pop(folder, None)
    with store_errors(location):
        return chromadb.PersistentClient(path=folder,
                                         settings=ChromaClientSettings(anonymized_telemetry=False))


def wait_for_server(settings: Settings, timeout_s: float) -> None:
    """With a `chroma run` server configured, wait until it answers (a server that is still
    starting is not an error yet), logging each retry; after `timeout_s` the last StoreError
    is raised. Without a server, returns at once."""
    if not settings.chroma.host:
        return
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            client, location = open_client(settings)
            with store_errors(location):
                client.heartbeat()
            return
        except StoreError as exc:
            left = deadline - time.monotonic()
            if left <= 0:
                raise
            log.warning("Chroma (%s) is not answering yet (%s); retrying for %.0f s more",
                        location_of(settings), type(exc.__cause__).__name__, left)
            time.sleep(min(_RETRY_EVERY_S, left))


def set_aside(settings: Settings) -> Path | None:
    """Move an embedded index folder out of the way (renamed, not deleted: nothing is lost)
    so a new one can be built; returns where it went. A server's collections are dropped."""
    if settings.chroma.host:
        drop_collections(*open_client(settings), STORE_PREFIX)
        return None
    path = settings.chroma.path
    if not path.exists():
        return None
    stamp = time.strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    path.rename(target)
    return target


def drop_collections(client: Any, location: StoreLocation, prefix: str) -> None:
    """Delete every collection whose name starts with `prefix`."""
    with store_errors(location):
        for collection in client.list_collections():
            if collection.name.startswith(prefix):
                client.delete_collection(collection.name)


def rename_collections(client: Any, location: StoreLocation, prefix: str, to: str) -> None:
    """Rename every collection whose name starts with `prefix` to start with `to` instead."""
    with store_errors(location):
        for collection in client.list_collections():
            if collection.name.startswith(prefix):
                client.get_collection(collection.name).modify(
                    name=to + collection.name[len(prefix):])
