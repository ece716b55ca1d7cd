"""Faults a shared server meets: the Chroma server going away mid-session, and a missing or
damaged index folder. Each ends in a clear message and a way back, never a traceback. (kill -9
during indexing is in test_index_processes; the LLM endpoint down or slow is in
test_llm_endpoints.)"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from paperwise.errors import StoreError
from paperwise.settings import Settings
from rag import PaperQA
from tests.conftest import SEED_FILES, copy_index, copy_seeds, free_port, run_cli
from tests.servers import chroma_server

QUESTION = "What does FB-CPR regularize?"
FAST = {"PAPERWISE_EMBEDDING_MULTILINGUAL": "false"}  # e5 is not what these tests are about


def _one_seed_file(folder: Path) -> Path:
    return copy_seeds(folder, SEED_FILES[:1])


@pytest.mark.slow
def test_chroma_server_stopped_mid_session_then_back_without_restart(
        tmp_path: Path, settings_factory: Callable[..., Settings], embedder) -> None:
    from ui.app import create_app

    port, path = free_port(), tmp_path / "server-data"
    settings = settings_factory(data_dir=_one_seed_file(tmp_path / "papers"),
                                chroma={"host": "127.0.0.1", "port": port},
                                embedding={"multilingual": False})
    with chroma_server(path, port) as (process, _):
        qa = PaperQA(settings, embedder=embedder)
        assert qa.index().added == 19
        api = TestClient(create_app(qa), base_url="http://127.0.0.1")
        assert api.post("/api/ask", json={"question": QUESTION}).json()["answerable"]
        process.terminate()
        process.wait(timeout=15)
        with pytest.raises(StoreError, match=rf"server 127.0.0.1:{port}.*Chroma server running"):
            qa.ask(QUESTION)
        down = api.post("/api/ask", json={"question": QUESTION})
        assert down.status_code == 503 and f"127.0.0.1:{port}" in down.json()["detail"]
        assert api.get("/healthz").status_code == 503
    with chroma_server(path, port):  # the same data, back on the same address
        answer = qa.ask(QUESTION)
        assert answer.answerable and answer.citations[0].paper.title == "FB-CPR"
        assert api.get("/healthz").json() == {"status": "ok", "chunks": qa.store.count()}
        assert api.post("/api/ask", json={"question": QUESTION}).status_code == 200


@pytest.mark.slow
def test_a_damaged_index_folder_is_named_and_rebuilt_on_request(
        tmp_path: Path, one_file_template: Settings) -> None:
    settings = copy_index(one_file_template, tmp_path,
                          data_dir=_one_seed_file(tmp_path / "papers"))
    database = settings.chroma.path / "chroma.sqlite3"
    database.write_bytes(b"not a database " * 1000)

    for command in (["ask", QUESTION], ["index"], ["serve", "--port", str(free_port())]):
        broken = run_cli(settings, *command, cwd=tmp_path, **FAST)
        assert broken.returncode == 1, (command, broken.stderr)
        assert "Traceback" not in broken.stderr
        assert str(settings.chroma.path) in broken.stderr
        assert "paperwise index --rebuild" in broken.stderr

    rebuilt = run_cli(settings, "index", "--rebuild", cwd=tmp_path, **FAST)
    assert rebuilt.returncode == 0, rebuilt.stderr
    assert "19 papers: 19 added" in rebuilt.stdout
    set_aside = list(tmp_path.glob("chroma.damaged-*"))
    assert len(set_aside) == 1 and (set_aside[0] / "chroma.sqlite3").read_bytes().startswith(
        b"not a database")  # moved, not deleted
    answer = run_cli(settings, "ask", QUESTION, cwd=tmp_path, **FAST)
    assert answer.returncode == 0 and "FB-CPR" in answer.stdout


def test_a_missing_index_folder_is_built_on_first_use(
        tmp_path: Path, settings_factory: Callable[..., Settings]) -> None:
    settings = settings_factory(data_dir=_one_seed_file(tmp_path / "papers"),
                                chroma={"path": tmp_path / "never-built"})
    done = run_cli(settings, "ask", QUESTION, cwd=tmp_path, **FAST)
    assert done.returncode == 0, done.stderr
    assert "is empty: building it from" in done.stderr
    assert "FB-CPR" in done.stdout and (tmp_path / "never-built" / "chroma.sqlite3").exists()


def test_no_index_and_no_papers_names_the_missing_folder(
        tmp_path: Path, settings_factory: Callable[..., Settings]) -> None:
    settings = settings_factory(data_dir=tmp_path / "no-such-folder")
    done = run_cli(settings, "ask", QUESTION, cwd=tmp_path, **FAST)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "no-such-folder" in done.stderr
