"""Shared fixtures: settings that never read the developer's .env, one real MiniLM embedder, and
one real embedded-Chroma index of the 94 seed abstracts, built once per test session."""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")
os.environ.setdefault("ORT_DISABLE_TELEMETRY", "1")

from index.embeddings import MiniLMEmbeddings
from index.settings import Settings

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


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def derive(settings: Settings, **overrides: Any) -> Settings:
    """A validated copy of settings with some fields replaced (model_copy skips validation)."""
    return Settings(_env_file=None, **{**settings.model_dump(), **overrides})
