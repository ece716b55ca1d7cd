"""The HTTP guard's pure parts: credentials of any Unicode, blank ones refused at start-up,
failed logins limited per address, and validation errors that can always be sent as JSON."""

from __future__ import annotations

import base64
import json
import time

import pytest

from paperwise.errors import PaperwiseError
from paperwise.settings import Settings
from ui.app import _error_view
from ui.security import LoginLimiter, basic_credentials, bearer_matches, credentials, login_matches


def _basic(user: str, password: str, encoding: str = "utf-8") -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode(encoding)).decode()


@pytest.mark.parametrize(("user", "password"), [
    ("ada", "lovelace"), ("ádá", "пароль✓"), ("研究者", "密码:with:colons"), ("a", "🔑 key ")])
def test_basic_credentials_of_any_unicode(user: str, password: str) -> None:
    given = basic_credentials(_basic(user, password))
    assert given == (user, password)
    assert login_matches(given, (user, password))
    assert not login_matches(given, (user, password + "x"))


def test_latin1_basic_credentials_and_broken_headers() -> None:
    assert basic_credentials(_basic("jose", "señor", "latin-1")) == ("jose", "señor")
    assert basic_credentials("Basic !!not-base64!!") == ("", "")  # given, and wrong
    assert basic_credentials(None) is None and basic_credentials("Bearer x") is None


def test_bearer_token_is_the_password_or_the_whole_login() -> None:
    login = ("ada", "пароль✓")
    assert bearer_matches("Bearer пароль✓", login) is True
    assert bearer_matches("Bearer ada:пароль✓", login) is True
    assert bearer_matches("Bearer nope", login) is False
    assert bearer_matches(_basic(*login), login) is None


@pytest.mark.parametrize("auth", ["", ":", "ada:", ":pw", "   :pw", "ada:   ", " \t: \n",
                                  "no-colon"])
def test_empty_or_white_space_credentials_are_refused_at_start_up(auth: str) -> None:
    settings = Settings(_env_file=None, auth=auth)
    with pytest.raises(PaperwiseError, match="neither the user nor the password"):
        credentials(settings)


def test_the_refusal_never_echoes_the_value() -> None:
    with pytest.raises(PaperwiseError) as caught:
        credentials(Settings(_env_file=None, auth="planted-user-42:   "))
    assert "planted-user-42" not in str(caught.value)


def test_credentials_keep_unicode_and_inner_spaces() -> None:
    settings = Settings(_env_file=None, auth="ádá:pass word ✓")
    assert credentials(settings) == ("ádá", "pass word ✓")
    assert credentials(Settings(_env_file=None)) is None


def test_failed_logins_are_limited_per_address_in_a_sliding_window() -> None:
    limiter = LoginLimiter(per_minute=3, window_s=0.5)
    for _ in range(3):
        assert limiter.retry_after("10.0.0.1") is None
        limiter.failed("10.0.0.1")
    assert limiter.retry_after("10.0.0.1") == 1  # whole seconds, at least one
    assert limiter.retry_after("10.0.0.2") is None  # another address is not affected
    time.sleep(0.55)
    assert limiter.retry_after("10.0.0.1") is None  # the window moved on
    limiter.failed("10.0.0.1")
    limiter.succeeded("10.0.0.1")
    assert limiter.retry_after("10.0.0.1") is None


@pytest.mark.parametrize("value", [float("nan"), float("inf"), float("-inf")])
def test_validation_errors_with_non_finite_inputs_serialize(value: float) -> None:
    error = {"type": "finite_number", "loc": ("body", "k"), "msg": "bad", "input": value,
             "ctx": {"error": ValueError("x")}}
    view = _error_view(error)
    assert json.loads(json.dumps(view, allow_nan=False))["input"] == str(value)
    assert "ctx" not in view
    assert _error_view({**error, "input": {"huge": "x" * 10_000}}).get("input") is None
