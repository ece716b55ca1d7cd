"""Shared fixtures: settings that never read the developer's .env, one real MiniLM embedder and
one multilingual-e5, and one real embedded-Chroma index of the 94 seed abstracts, built once per
test session; a test that changes an index gets a copy of a session-built one, never a rebuild.

Tests live in three tiers, one folder each, and are marked by folder: `unit` (pure functions,
seconds), `integration` (the real seed index, embedders and embedded Chroma; no servers) and
`e2e` (live servers, llama.cpp, Chromium, the bench, CLI subprocesses). `make check` runs the
first two, `make test` all three; `pytest -m "not e2e"` selects the same as `make check`."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pytest

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

from index.embeddings import MiniLMEmbeddings, MultilingualEmbedder
from index.late_pooling import Span
from paperwise.settings import Settings
from tests.servers import free_port as free_port  # re-exported for the tests

if TYPE_CHECKING:
    from index.store import PaperStore
    from rag import PaperQA

pytest.register_assert_rewrite("tests.injection")  # its checks assert, with pytest's messages

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "data"
SEED_FILES = sorted(SEEDS.glob("*.txt"))
TIERS = ("unit", "integration", "e2e")



class FailingEmbedder(MiniLMEmbeddings):
    """An embedder that dies half-way through a build (for builds that must leave no trace)."""

    def embed(self, texts: list[str]) -> np.ndarray:
        raise RuntimeError("the embedder died half-way")

    def embed_spans(self, texts: list[str], spans: list[list[Span]],
                    passes: list[list[Span]] | None = None) -> list[np.ndarray]:
        raise RuntimeError("the embedder died half-way")

def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark each test with its tier, the name of the folder it lives in under tests/."""
    tests = Path(__file__).resolve().parent
    stray = []
    for item in items:
        if not item.path.resolve().is_relative_to(tests):
            continue
        relative = item.path.resolve().relative_to(tests)
        tier = relative.parts[0] if len(relative.parts) > 1 else ""
        if tier in TIERS:
            item.add_marker(getattr(pytest.mark, tier))
        else:
            stray.append(str(relative))
    if stray:
        raise pytest.UsageError(f"tests outside tests/{{{','.join(TIERS)}}}/ belong to no tier: "
                                f"{', '.join(sorted(set(stray)))}")


def make_settings(tmp: Path, **overrides: Any) -> Settings:
    """Settings for a test: a private Chroma folder, no .env, no LLM unless asked."""
    values: dict[str, Any] = {"chroma": {"path": tmp / "chroma"}, "data_dir": SEEDS,
                              "answerer": "extractive"}
    values.update(overrides)
    return Settings(_env_file=None, **values)


def derive(settings: Settings, **overrides: Any) -> Settings:
    """A validated copy of settings with some fields replaced (model_copy skips validation)."""
    return Settings(_env_file=None, **{**settings.model_dump(), **overrides})


def copy_index(settings: Settings, folder: Path, **overrides: Any) -> Settings:
    """Settings for a copy of `settings`' embedded index in `folder`/chroma: a test may change
    the copy as it likes, at the cost of a file copy instead of a re-index."""
    target = folder / "chroma"
    shutil.copytree(settings.chroma.path, target)
    return derive(settings, chroma={"path": target}, **overrides)


def copy_seeds(folder: Path, files: list[Path]) -> Path:
    """Seed paper files copied into `folder` (made if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    for f in files:
        shutil.copy(f, folder / f.name)
    return folder


def index_contents(store: PaperStore) -> tuple[set[str], set[str], set[str]]:
    """Ids of every chunk, sentence and multilingual paper vector in the store."""
    ml = set(store.papers_ml.get(include=[])["ids"]) if store.papers_ml is not None else set()
    return (set(store.chunks.get(include=[])["ids"]),
            set(store.sentences.get(include=[])["ids"]), ml)


@pytest.fixture(scope="session")
def embedder() -> MiniLMEmbeddings:
    return MiniLMEmbeddings()


@pytest.fixture(scope="session")
def multilingual() -> MultilingualEmbedder:
    """One multilingual-e5 for the session: its first call warms the engine up for seconds."""
    return MultilingualEmbedder()


@pytest.fixture(scope="session")
def open_qa(embedder: MiniLMEmbeddings, multilingual: MultilingualEmbedder
            ) -> Callable[..., PaperQA]:
    """A PaperQA on these settings with the session's embedders (multilingual when the
    settings ask for it, as the product does)."""
    from index.store import make_store
    from rag import PaperQA

    def open_(settings: Settings, **kwargs: Any) -> PaperQA:
        ml = multilingual if settings.embedding.multilingual else None
        return PaperQA(settings, store=make_store(settings, embedder, ml), **kwargs)

    return open_


@pytest.fixture
def settings_factory(tmp_path: Path) -> Callable[..., Settings]:
    return lambda **overrides: make_settings(tmp_path, **overrides)


@pytest.fixture(scope="session")
def seed_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return make_settings(tmp_path_factory.mktemp("seed-index"))


@pytest.fixture(scope="session")
def seed_qa(seed_settings: Settings, embedder: MiniLMEmbeddings,
            multilingual: MultilingualEmbedder) -> PaperQA:
    """The 94 seed abstracts, indexed once per session. Read only: copy it to change it."""
    from index.store import make_store
    from rag import PaperQA

    qa = PaperQA(seed_settings, store=make_store(seed_settings, embedder, multilingual))
    summary = qa.index()
    assert summary.added == 94, summary.line
    return qa


@pytest.fixture
def seed_copy(seed_qa: PaperQA, tmp_path: Path, open_qa: Callable[..., PaperQA]) -> PaperQA:
    """A PaperQA on this test's own copy of the seed index."""
    return open_qa(copy_index(seed_qa.settings, tmp_path))


@pytest.fixture(scope="session")
def one_file_template(seed_qa: PaperQA, tmp_path_factory: pytest.TempPathFactory,
                      open_qa: Callable[..., PaperQA]) -> Settings:
    """The first seed file's 19 papers, indexed: a copy of the seed index pruned to that file
    (no embedding at all). Copy it (copy_index) before changing it."""
    root = tmp_path_factory.mktemp("one-file")
    data = copy_seeds(root / "papers", SEED_FILES[:1])
    settings = copy_index(seed_qa.settings, root, data_dir=data)
    summary = open_qa(settings).index(prune=True)
    assert (summary.papers, summary.removed, summary.unchanged) == (19, 75, 19), summary.line
    return settings


@pytest.fixture(scope="session")
def poisoned_qa(tmp_path_factory: pytest.TempPathFactory, open_qa: Callable[..., PaperQA]
                ) -> PaperQA:
    """The prompt-injection corpus (tests/injection.py), indexed once per session."""
    from tests.injection import POISONS, write_corpus

    root = tmp_path_factory.mktemp("injection")
    expected = write_corpus(root / "papers")
    qa = open_qa(make_settings(root, data_dir=root / "papers"))
    summary = qa.index()
    assert summary.added == expected, summary.line
    titles = {p.title for p in qa.papers()}
    assert {t for t, _ in POISONS if t} <= titles, titles  # the targets are findable
    return qa


@pytest.fixture(scope="session")
def llama_server() -> Iterator[str]:
    """A real OpenAI-compatible server (llama.cpp serving SmolLM2-135M), once per session."""
    from tests.servers import llama_cpp_server

    with llama_cpp_server() as url:
        yield url


def cli_env(settings: Settings, **extra: str) -> dict[str, str]:
    """The environment for a `paperwise` subprocess using these settings' index and papers,
    without the developer's own PAPERWISE_/OPENAI_ variables."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PAPERWISE_", "OPENAI_"))}
    env.update({"PAPERWISE_CHROMA_PATH": str(settings.chroma.path),
                "PAPERWISE_DATA_DIR": str(settings.data_dir), **extra})
    return env


def run_cli(settings: Settings, *args: str, cwd: Path, **extra_env: str
            ) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "paperwise", *args], cwd=cwd,
                          env=cli_env(settings, **extra_env), capture_output=True, text=True,
                          timeout=600)
