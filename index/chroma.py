"""The Chroma adapter: opening a client (embedded folder or `chroma run` server), naming where
it is, turning client failures into StoreError, and reading and deleting in pages.

The paper store (store.py) builds on this and never sees a Chroma exception or a page limit.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from paperwise.errors import StoreError
from paperwise.settings import Settings

# Chroma's sqlite fails with "too many SQL variables" reading ~100k records in one call (found
# by the bench at 100k chunks): reads go in pages, deletes in batches.
GET_PAGE = 10_000

_SERVER_HINT = ("Is the Chroma server running and reachable? Paperwise reconnects by itself "
                "once it is back.")
_EMBEDDED_HINT = ("If the index folder is damaged, `paperwise index --rebuild` sets it aside "
                  "and builds a new index from your paper files.")


@dataclass(frozen=True)
class StoreLocation:
    """Where an index lives: an embedded folder or a Chroma server."""

    kind: Literal["embedded", "server"]
    label: str

    def __str__(self) -> str:
        return self.label


def location_of(settings: Settings) -> StoreLocation:
    if settings.chroma.host:
        return StoreLocation("server", f"server {settings.chroma.host}:{settings.chroma.port}")
    return StoreLocation("embedded", f"embedded at {settings.chroma.path.resolve()}")


@contextmanager
def store_errors(location: StoreLocation) -> Iterator[None]:
    """Turn client failures into StoreError naming the store and what to do."""
    try:
        yield
    except StoreError:
        raise
    except Exception as exc:  # chromadb raises many types; all mean the same to a user
        hint = _SERVER_HINT if location.kind == "server" else _EMBEDDED_HINT
        raise StoreError(f"Chroma ({location}) failed: {type(exc).__name__}: {exc}. {hint}"
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


def set_aside(settings: Settings) -> Path | None:
    """Move an embedded index folder out of the way (renamed, not deleted: nothing is lost)
    so a new one can be built; returns where it went. A server's collections are dropped."""
    if settings.chroma.host:
        client, location = open_client(settings)
        with store_errors(location):
            for collection in client.list_collections():
                if collection.name.startswith("pw-"):
                    client.delete_collection(collection.name)
        return None
    path = settings.chroma.path
    if not path.exists():
        return None
    stamp = time.strftime("%Y%m%dT%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    path.rename(target)
    return target
