"""Shared fixtures: settings that never read the developer's .env, one real MiniLM embedder, and
one real embedded-Chroma index of the 94 seed abstracts, built once per test session."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

from eval.servers import free_port as free_port  # re-exported for the tests
from index.embeddings import MiniLMEmbeddings
from paperwise.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "data"


def make_settings(tmp: Path, **overrides: Any) -> Settings:
    """Settings for a test: a private Chroma folder, no .env, no LLM unless asked."""
    values: dict[str, Any] = {"chroma": {"path": tmp / "chroma"}, "data_dir": SEEDS,
                              "answerer": "extractive"}
    values.update(overrides)
    return Settings(_env_file=None, **values)


@pytest.fixture(scope="session")
def embedder() -> MiniLMEmbeddings:
    return MiniLMEmbeddings()


@pytest.fixture
def settings_factory(tmp_path: Path) -> Callable[..., Settings]:
    return lambda **overrides: make_settings(tmp_path, **overrides)


@pytest.fixture(scope="session")
def seed_settings(tmp_path_factory: pytest.TempPathFactory) -> Settings:
    return make_settings(tmp_path_factory.mktemp("seed-index"))


@pytest.fixture(scope="session")
def seed_qa(seed_settings: Settings, embedder: MiniLMEmbeddings):
    from rag import PaperQA

    qa = PaperQA(seed_settings, embedder=embedder)
    summary = qa.index()
    assert summary.added == 94, summary.line()
    return qa


def derive(settings: Settings, **overrides: Any) -> Settings:
    """A validated copy of settings with some fields replaced (model_copy skips validation)."""
    return Settings(_env_file=None, **{**settings.model_dump(), **overrides})


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
