"""`--rebuild` never costs a healthy index its papers: a paper file that fails to load half-way
through the inputs stops the rebuild with an input error and the current index keeps serving
every paper, and what a killed rebuild left beside it is cleared; on a real `chroma run`
server a rebuild is built in collections of its own and swapped in only once complete, so one
that fails leaves the current index as it was."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from index.build import build_index, rebuild_index
from index.embeddings import MiniLMEmbeddings
from index.store import make_store
from paperwise.errors import InputError
from paperwise.settings import Settings
from rag import PaperQA
from tests.conftest import FailingEmbedder
from tests.servers import chroma_server

_FILES = {
    "a.txt": "ICLR 2025 papers\n\nWe regularize zero-shot reinforcement learning with FB-CPR.\n",
    "b.txt": "ICLR 2025 papers\n\nGraph neural networks struggle with long-range "
             "dependencies.\n\nA safety benchmark with 314 risk categories.\n",
    "c.txt": "ICLR 2025 papers\n\nDiffusion planners steer robots through cluttered scenes.\n",
}


def _folder(root: Path) -> Path:
    folder = root / "papers"
    folder.mkdir()
    for name, text in _FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    return folder


def _sources(settings: Settings, embedder: MiniLMEmbeddings) -> list[str]:
    return sorted(p.source for p in make_store(settings, embedder).papers())


def test_a_file_failing_half_way_stops_the_rebuild_and_the_index_serves_every_paper(
        settings_factory: Callable[..., Settings], tmp_path: Path,
        embedder: MiniLMEmbeddings, open_qa: Callable[..., PaperQA]) -> None:
    settings = settings_factory(data_dir=_folder(tmp_path), embedding={"multilingual": False})
    build_index(settings, embedder=embedder, store=make_store(settings, embedder))
    (settings.data_dir / "b.txt").write_bytes(b"\x00binary now\x00")  # the middle file
    with pytest.raises(InputError, match=r"b\.txt could not be read .*holds 2 papers") as err:
        rebuild_index(settings, embedder=embedder)
    assert "damaged" not in str(err.value)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chroma", "papers"]
    papers = open_qa(settings).papers()
    assert sorted(p.source for p in papers) == ["a.txt", "b.txt", "b.txt", "c.txt"]
    (settings.data_dir / "b.txt").unlink()  # removed on purpose: its papers may go
    killed = tmp_path / "chroma.rebuild-20261130T235959"  # what a killed rebuild leaves
    (killed / "half").mkdir(parents=True)
    summary, moved = rebuild_index(settings, embedder=embedder)
    assert summary.added == 2 and moved is not None and not killed.exists()
    assert _sources(settings, embedder) == ["a.txt", "c.txt"]


@pytest.fixture(scope="module")
def chroma_port(tmp_path_factory: pytest.TempPathFactory) -> Iterator[int]:
    with chroma_server(tmp_path_factory.mktemp("chroma-server")) as (_, port):
        yield port


def test_a_rebuild_on_a_chroma_server_that_fails_leaves_the_index_in_place(
        settings_factory: Callable[..., Settings], tmp_path: Path,
        embedder: MiniLMEmbeddings, chroma_port: int) -> None:
    settings = settings_factory(data_dir=_folder(tmp_path), embedding={"multilingual": False},
                                chroma={"host": "127.0.0.1", "port": chroma_port})
    store = make_store(settings, embedder)
    build_index(settings, embedder=embedder, store=store)
    store.client.get_or_create_collection("pwrebuild-left-by-a-killed-rebuild")
    before = _sources(settings, embedder)
    with pytest.raises(RuntimeError, match="half-way"):
        rebuild_index(settings, embedder=FailingEmbedder())
    assert _sources(settings, embedder) == before == ["a.txt", "b.txt", "b.txt", "c.txt"]
    names = {c.name for c in store.client.list_collections()}
    assert not any(n.startswith("pwrebuild-") for n in names), names
    (settings.data_dir / "c.txt").unlink()
    summary, moved = rebuild_index(settings, embedder=embedder)
    assert (summary.added, moved) == (3, None)
    assert _sources(settings, embedder) == ["a.txt", "b.txt", "b.txt"]
    assert {c.name for c in store.client.list_collections()} == names
