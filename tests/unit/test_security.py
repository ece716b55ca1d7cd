"""The HTTP guard's pure parts: credentials of any Unicode, blank ones refused at start-up,
failed logins limited per address, and validation errors that can always be sent as JSON."""

from __future__ import annotations

import asyncio
import base64
import json
import time

import pytest

from paperwise.errors import PaperwiseError
from paperwise.settings import Settings
from ui.app import _error_view
from ui.auth import authorized, credentials_of
from ui.security import (
    Guard,
    LoginLimiter,
    basic_credentials,
    bearer_matches,
    credentials,
    login_matches,
    loopback_address,
)


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


def test_a_bearer_token_sent_as_utf8_bytes_matches() -> None:
    """Servers hand header values over as Latin-1 text; a client sends non-ASCII as UTF-8."""
    login = ("ádá", "пароль ✓")
    as_received = "Bearer " + "пароль ✓".encode().decode("latin-1")
    assert bearer_matches(as_received, login) is True
    assert bearer_matches("Bearer " + "пароль".encode().decode("latin-1"), login) is False
    assert bearer_matches("Bearer \xff\xfe", login) is False  # not UTF-8: compared as it is


def test_the_machine_routes_check_the_same_way_as_the_guard() -> None:
    """ui.auth (/v1, /mcp, /api/papers/{id}) takes what ui.security takes, and refuses blank
    credentials at start-up too."""
    login = ("ádá", "пароль ✓")
    assert authorized(_basic(*login), login) and authorized(None, None)  # None: no login set
    assert authorized("Bearer " + "пароль ✓".encode().decode("latin-1"), login)
    assert not authorized(_basic("ádá", "wrong"), login) and not authorized(None, login)
    with pytest.raises(PaperwiseError, match="PAPERWISE_AUTH"):
        credentials_of(Settings(_env_file=None, auth="admin: \t"))


def _status_through_guard(guard: Guard, host: str | None) -> int:
    """The status the guard (in front of an app that answers 200) gives a GET with this Host."""
    headers = [] if host is None else [(b"host", host.encode("latin-1"))]
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict) -> None:
        sent.append(message)

    scope = {"type": "http", "path": "/healthz", "method": "GET", "headers": headers,
             "client": ("127.0.0.1", 5000)}
    asyncio.run(guard(scope, receive, send))
    return next(m["status"] for m in sent if m["type"] == "http.response.start")


async def _ok(scope: dict, receive: object, send: object) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})  # type: ignore
    await send({"type": "http.response.body", "body": b"ok"})  # type: ignore


@pytest.mark.parametrize(("host", "status"), [
    ("127.0.0.1:7860", 200), ("localhost:7860", 200), ("[::1]:7860", 200), ("127.0.0.2", 200),
    ("app.localhost:7860", 200), (None, 200),
    ("attacker.example:7860", 403), ("192.168.1.5:7860", 403), ("[::1", 403), ("", 403)])
def test_a_loopback_server_refuses_other_host_names(host: str | None, status: int) -> None:
    """DNS rebinding: a page at attacker.example, re-resolved to 127.0.0.1, sends matching
    Origin and Host headers; only its name in Host tells the guard it is not this machine."""
    guard = Guard(_ok, max_body_bytes=1000, login=None, limiter=LoginLimiter(5),
                  loopback_only=True)
    assert _status_through_guard(guard, host) == status
    open_guard = Guard(_ok, max_body_bytes=1000, login=None, limiter=LoginLimiter(5))
    assert _status_through_guard(open_guard, "attacker.example:7860") == 200


def test_loopback_addresses() -> None:
    assert all(map(loopback_address, ["127.0.0.1", "::1", "localhost", "x.localhost"]))
    assert not any(map(loopback_address, ["0.0.0.0", "10.0.0.1", "example.org", ""]))
