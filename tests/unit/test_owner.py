"""The embedded index's owner file (index/owner.py) and the names uploads are saved under
(ui/index_api.py): pure file logic, no server."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import cast

import pytest

from index.owner import StoreOwner, live_owner, local_url, owner_file, register, release
from paperwise.errors import InputError
from paperwise.settings import Settings
from rag import PaperQA
from tests.conftest import free_port
from ui.index_api import IndexBusy, IndexService, Upload, _safe_name


def _settings(tmp_path: Path, **overrides: object) -> Settings:
    return Settings(_env_file=None, chroma={"path": tmp_path / "chroma", **overrides})


def _dead_pid() -> int:
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_owner_file_is_private_and_released_only_by_its_token(tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    owner = StoreOwner(pid=os.getpid(), url="http://127.0.0.1:1", token="secret")
    assert register(settings, owner)
    path = owner_file(settings)
    assert path is not None and path.stat().st_mode & 0o777 == 0o600
    release(settings, "another token")
    assert path.exists()
    release(settings, "secret")
    assert not path.exists()


def test_stale_owners_are_ignored_and_replaced(tmp_path: Path) -> None:
    settings = _settings(tmp_path)
    gone = StoreOwner(pid=_dead_pid(), url="http://127.0.0.1:1", token="old")
    register(settings, gone)
    assert live_owner(settings) is None  # its process is gone
    silent = StoreOwner(pid=os.getpid(), url=f"http://127.0.0.1:{free_port()}", token="new")
    assert register(settings, silent)  # the stale file is replaced
    assert live_owner(settings) is None  # alive, but nothing answers at its URL
    path = owner_file(settings)
    assert path is not None
    path.write_text("{not json")
    assert live_owner(settings) is None


def test_a_chroma_server_has_no_owner_file(tmp_path: Path) -> None:
    settings = _settings(tmp_path, host="127.0.0.1")
    assert owner_file(settings) is None and live_owner(settings) is None
    assert not register(settings, StoreOwner(os.getpid(), "http://127.0.0.1:1", "t"))


def test_local_url_reaches_wildcard_binds() -> None:
    assert local_url("0.0.0.0", 7860) == "http://127.0.0.1:7860"
    assert local_url("::", 7860) == "http://[::1]:7860"
    assert local_url("127.0.0.1", 80) == "http://127.0.0.1:80"


@pytest.mark.parametrize(("name", "expected"), [
    ("papers.JSONL", ("papers", ".jsonl")),
    ("../../etc/evil.csv", ("evil", ".csv")),
    ("C:\\Users\\me\\x y.txt", ("x_y", ".txt")),
    (".hidden.jsonl", ("hidden", ".jsonl")),
    ("论文.txt", ("论文", ".txt")),
])
def test_upload_names_are_sanitised(name: str, expected: tuple[str, str]) -> None:
    assert _safe_name(name) == expected


def test_upload_of_another_format_is_refused() -> None:
    with pytest.raises(InputError, match=r"notes\.pdf: unknown format"):
        _safe_name("notes.pdf")


def test_an_upload_never_takes_a_stored_file_name(tmp_path: Path) -> None:
    (tmp_path / "a.jsonl").write_bytes(b"old")
    target = IndexService._target
    assert target(tmp_path, Upload("a.jsonl", b"old"), set()).name == "a.jsonl"  # same bytes
    assert target(tmp_path, Upload("a.jsonl", b"new"), set()).name == "a-2.jsonl"
    assert target(tmp_path, Upload("b.jsonl", b"x"), {"b.jsonl"}).name == "b-2.jsonl"


def test_one_build_at_a_time() -> None:
    service = IndexService(cast(PaperQA, object()))
    with service.exclusive(), pytest.raises(IndexBusy, match="one build at a time"), \
            service.exclusive():
        pass
    with service.exclusive():  # released again
        pass
