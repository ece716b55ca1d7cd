from pathlib import Path

import pytest
from pydantic import ValidationError

from paperwise.settings import Settings
from tests.conftest import ROOT


def test_environment_names_reach_nested_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERWISE_CHROMA_HOST", "127.0.0.1")
    monkeypatch.setenv("PAPERWISE_CHROMA_PORT", "8123")
    monkeypatch.setenv("PAPERWISE_RETRIEVAL_FETCH_K", "7")
    monkeypatch.setenv("PAPERWISE_ANSWERER", "extractive")
    settings = Settings(_env_file=None)
    assert (settings.chroma.host, settings.chroma.port) == ("127.0.0.1", 8123)
    assert settings.retrieval.fetch_k == 7
    assert settings.resolved_answerer() == "extractive"


def test_auto_answerer_follows_openai_variables(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    assert Settings(_env_file=None).resolved_answerer() == "extractive"
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    assert Settings(_env_file=None).resolved_answerer() == "llm"


def test_env_file_typo_is_an_error(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("PAPERWISE_RETRIEVAL_KK=3\n")
    with pytest.raises(ValidationError):
        Settings(_env_file=env)


def test_every_field_is_described_and_in_env_example() -> None:
    example = (ROOT / ".env.example").read_text()
    for name, field in Settings.model_fields.items():
        assert field.description, name
        annotation = field.annotation
        if hasattr(annotation, "model_fields"):
            for sub, subfield in annotation.model_fields.items():
                assert subfield.description, f"{name}.{sub}"
                assert f"PAPERWISE_{name.upper()}_{sub.upper()}" in example, f"{name}.{sub}"
        elif name.startswith("openai"):
            assert name.upper() in example
        else:
            assert f"PAPERWISE_{name.upper()}" in example, name


def test_bad_value_names_the_field(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PAPERWISE_RETRIEVAL_K", "zero")
    with pytest.raises(ValidationError, match="retrieval"):
        Settings(_env_file=None)
