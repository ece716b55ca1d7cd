"""Adding papers while the server runs (issues 14 and 16): `paperwise index` hands its work to
the `paperwise serve` that owns the embedded index, `POST /api/index` takes uploads, the
Papers tab's "Add papers" uploads in a real Chromium, and with a `chroma run` server another
process may index while one serves. Real processes, real Chroma, real HTTP."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from index.owner import TOKEN_HEADER
from paperwise.settings import Settings
from rag import PaperQA
from tests.browser import ask, open_chat
from tests.conftest import SEED_FILES, cli_env, copy_index, copy_seeds, run_cli
from tests.servers import chroma_server, paperwise_serve, wait_until

LOGIN = ("ada", "lovelace")
QUOKKANET = {"title": "Quokkanet", "venue": "ICLR 2025", "abstract": (
    "We introduce Quokkanet, a graph neural network that forecasts tidal energy output from "
    "coastal sensor arrays. Quokkanet reduces forecast error by 23 percent over persistence "
    "baselines on six European tidal sites.")}
WOMBATFORMER = {"title": "Wombatformer", "venue": "ICLR 2025", "abstract": (
    "Wombatformer is a transformer that predicts soil moisture from satellite radar images. "
    "It improves accuracy by 11 percent on three Australian farms.")}


def _jsonl(path: Path, paper: dict[str, str], bad_line: str = '{"title": 5') -> Path:
    """One good paper on line 1, a broken record on line 2."""
    path.write_text(json.dumps(paper) + "\n" + bad_line + "\n", encoding="utf-8")
    return path


def _cited(url: str, question: str, auth: tuple[str, str] | None = None) -> list[str]:
    response = httpx.post(f"{url}/api/ask", json={"question": question}, auth=auth,
                          timeout=120)
    assert response.status_code == 200, response.text
    return [c["paper"]["title"] for c in response.json()["citations"]]


class _Asker:
    """Asks a question in a loop from a thread, counting the answers' status codes."""

    def __init__(self, url: str, auth: tuple[str, str]) -> None:
        self.statuses: list[int] = []
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, args=(url, auth), daemon=True)

    def _loop(self, url: str, auth: tuple[str, str]) -> None:
        with httpx.Client(auth=auth, timeout=120) as client:
            while not self._stop.is_set():
                self.statuses.append(client.post(f"{url}/api/ask", json={
                    "question": "What does FB-CPR regularize?"}).status_code)

    def __enter__(self) -> _Asker:
        self._thread.start()
        return self

    def __exit__(self, *_: Any) -> None:
        self._stop.set()
        self._thread.join(timeout=180)


@pytest.fixture(scope="module")
def embedded_server(one_file_template: Settings, tmp_path_factory: pytest.TempPathFactory
                    ) -> Iterator[tuple[Settings, str, Path]]:
    """`paperwise serve` with a login, on its own copy of the 19-paper embedded index."""
    root = tmp_path_factory.mktemp("owned")
    settings = copy_index(one_file_template, root,
                          data_dir=copy_seeds(root / "papers", SEED_FILES[:1]))
    # Small body limits, so the test sees the upload's own, larger one apply.
    env = cli_env(settings, PAPERWISE_AUTH=":".join(LOGIN), PAPERWISE_SERVER_MAX_BODY_BYTES="2048",
                  PAPERWISE_SERVER_MAX_UPLOAD_BYTES="65536")
    with paperwise_serve(env, root) as (_, url, _):
        owner = settings.chroma.path / "owner.json"
        wait_until(owner.exists, "the owner file", 30)
        yield settings, url, owner
    assert not owner.exists(), "the owner file outlived the server"


@pytest.mark.slow
def test_paperwise_index_hands_over_to_the_running_server(
        embedded_server: tuple[Settings, str, Path], tmp_path: Path) -> None:
    settings, url, owner = embedded_server
    assert owner.stat().st_mode & 0o777 == 0o600 and json.loads(owner.read_text())["url"] == url
    new = _jsonl(tmp_path / "new.jsonl", QUOKKANET)
    with _Asker(url, LOGIN) as asker:
        # The CLI holds no password: the owner token (readable by this user only) lets it in.
        result = run_cli(settings, "index", str(new), cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert f"Handed to the running server at {url}" in result.stderr
    assert "1 added" in result.stdout and "new.jsonl:2" in result.stderr
    assert _cited(url, "What does Quokkanet forecast?", LOGIN)[0] == "Quokkanet"
    assert asker.statuses and set(asker.statuses) == {200}, asker.statuses
    rebuild = run_cli(settings, "index", "--rebuild", cwd=tmp_path)
    assert rebuild.returncode == 1 and "stop it before `--rebuild`" in rebuild.stderr
    # The token opens /api/index only: every other protected route still wants the login.
    token = {TOKEN_HEADER: json.loads(owner.read_text())["token"]}
    for method, path in (("POST", "/api/ask"), ("GET", "/api/papers"), ("GET", "/docs")):
        response = httpx.request(method, f"{url}{path}", headers=token,
                                 json={"question": "x"} if method == "POST" else None)
        assert response.status_code == 401, (path, response.status_code)


@pytest.mark.slow
def test_upload_to_api_index_reports_bad_lines_and_answers(
        embedded_server: tuple[Settings, str, Path], tmp_path: Path) -> None:
    settings, url, _ = embedded_server
    upload = _jsonl(tmp_path / "soil.jsonl", WOMBATFORMER)
    with upload.open("a") as out:  # blank lines: over the 2 KB body limit, under the upload's
        out.write("\n" * 4000)
    files = {"files": ("soil.jsonl", upload.read_bytes(), "application/x-ndjson")}
    assert httpx.post(f"{url}/api/index", files=files).status_code == 401
    paths = httpx.post(f"{url}/api/index", json={"paths": [str(upload)]}, auth=LOGIN)
    assert paths.status_code == 403  # server-local paths only from the owner token's holder
    response = httpx.post(f"{url}/api/index", files=files, auth=LOGIN, timeout=300)
    assert response.status_code == 200
    events = [json.loads(line) for line in response.text.splitlines()]
    summary = events[-1]["summary"]
    assert summary["added"] == 1 and summary["files"] == ["soil.jsonl"]
    assert any(s.startswith("soil.jsonl:2: record skipped") for s in summary["skipped"])
    assert (settings.data_dir / "soil.jsonl").read_bytes() == upload.read_bytes()
    assert _cited(url, "What does Wombatformer predict?", LOGIN)[0] == "Wombatformer"
    huge = {"files": ("huge.jsonl", b" " * 70_000, "application/x-ndjson")}
    assert httpx.post(f"{url}/api/index", files=huge, auth=LOGIN).status_code == 413
    junk = {"files": ("notes.pdf", b"%PDF-1.4", "application/pdf")}
    refused = httpx.post(f"{url}/api/index", files=junk, auth=LOGIN)
    assert refused.status_code == 422 and "notes.pdf: unknown format" in refused.text


@pytest.mark.slow
def test_browser_upload_then_the_paper_is_cited(
        one_file_template: Settings, open_qa: Callable[..., PaperQA], browser: Any,
        tmp_path: Path) -> None:
    from tests.servers import app_server

    settings = copy_index(one_file_template, tmp_path,
                          data_dir=copy_seeds(tmp_path / "papers", SEED_FILES[:1]))
    upload = _jsonl(tmp_path / "tides.jsonl", QUOKKANET)
    with app_server(open_qa(settings)) as url:
        page = open_chat(browser, url)
        page.get_by_role("tab", name="Papers").click()
        page.click("#pw-add-papers button")  # opens the accordion
        page.set_input_files("#pw-add-files input[type=file]", str(upload))
        page.click("#pw-add-button")
        page.wait_for_function("document.querySelector('#pw-add-result').innerText"
                               ".includes('Added from')", timeout=120_000)
        result = page.inner_text("#pw-add-result")
        assert "1 new" in result and "tides.jsonl:2: record skipped" in result
        page.wait_for_function("document.querySelector('#pw-paper-count').innerText"
                               ".includes('20 papers')", timeout=30_000)
        page.get_by_role("tab", name="Chat").click()
        ask(page, "What does Quokkanet forecast?")
        page.wait_for_function("document.querySelector('#pw-sources').innerText"
                               ".includes('Quokkanet')", timeout=60_000)
        page.close()


@pytest.mark.slow
def test_chroma_server_lets_another_process_index_while_one_serves(
        settings_factory: Callable[..., Settings], open_qa: Callable[..., PaperQA],
        tmp_path: Path) -> None:
    with chroma_server(tmp_path / "chroma-server") as (_, port):
        data = copy_seeds(tmp_path / "papers", SEED_FILES[:1])
        settings = settings_factory(data_dir=data, chroma={"host": "127.0.0.1", "port": port},
                                    embedding={"multilingual": False})
        assert open_qa(settings).index().added == 19
        env = cli_env(settings, PAPERWISE_CHROMA_HOST="127.0.0.1",
                      PAPERWISE_CHROMA_PORT=str(port), PAPERWISE_EMBEDDING_MULTILINGUAL="false")
        new = _jsonl(tmp_path / "new.jsonl", QUOKKANET)
        with paperwise_serve(env, tmp_path) as (_, url, _):
            assert _cited(url, "What does FB-CPR regularize?")[0] == "FB-CPR"
            result = run_cli(settings, "index", str(new), cwd=tmp_path,
                             PAPERWISE_CHROMA_HOST="127.0.0.1", PAPERWISE_CHROMA_PORT=str(port),
                             PAPERWISE_EMBEDDING_MULTILINGUAL="false")
            assert result.returncode == 0 and "Handed" not in result.stderr, result.stderr
            assert "1 added" in result.stdout
            # The server notices the index changed (its stamp) within a second or two.
            wait_until(lambda: _cited(url, "What does Quokkanet forecast?")[:1] == ["Quokkanet"],
                       "answers citing the paper another process indexed", 30)
            assert not (settings.chroma.path / "owner.json").exists()


def test_a_reader_recovers_when_another_process_writes_the_embedded_index(
        one_file_template: Settings, open_qa: Callable[..., PaperQA], seed_qa: PaperQA,
        tmp_path: Path) -> None:
    """Without an owner (a script, or a server still starting), another process may write the
    index anyway: the reader reopens it once instead of failing until a restart."""
    settings = copy_index(one_file_template, tmp_path,
                          data_dir=copy_seeds(tmp_path / "papers", SEED_FILES[:1]))
    qa = open_qa(settings)
    assert qa.ask("What does FB-CPR regularize?").citations[0].paper.title == "FB-CPR"
    new = _jsonl(tmp_path / "new.jsonl", QUOKKANET)
    result = run_cli(settings, "index", str(new), cwd=tmp_path)
    assert result.returncode == 0 and "1 added" in result.stdout, result.stderr
    assert qa.ask("What does Quokkanet forecast?").citations[0].paper.title == "Quokkanet"
    # Only that folder's client was reopened: another index open in this process still reads.
    assert seed_qa.ask("What does POGEMA provide?").citations[0].paper.title == "POGEMA"
