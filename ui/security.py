"""The HTTP guard in front of the whole app (API and Gradio UI): an ASGI middleware that decides
from the request line and headers alone, before any body is read or parsed.

In order: on a server bound to a loopback address, a request naming another host is refused
(DNS rebinding: a page whose own hostname resolves to 127.0.0.1 sends an `Origin` and a `Host`
that match each other, so only the name gives it away); a cross-origin request (an `Origin` that
is not the app's own) is refused; a body
whose declared `Content-Length` is over the limit (a larger one for paper uploads) gets 413 at
once; with a login configured,
state-changing requests (every method but GET/HEAD/OPTIONS, except the UI's login form) and the
API and its docs need HTTP Basic credentials (UTF-8), a Bearer token that is the password (what
OpenAI and MCP clients send as their key), or the UI's session cookie, else 401, and a
client address with too many failed logins in the last minute gets 429 with `Retry-After`
(the UI's login form counts too); then the body is read up to the limit (a chunked body is
counted as it comes: 413 past the limit) and handed on. Comparisons are constant-time.
"""

from __future__ import annotations

import base64
import binascii
import hmac
import ipaddress
import json
import logging
import math
import threading
import time
from collections import deque
from collections.abc import Awaitable, Callable, MutableMapping
from http.cookies import CookieError, SimpleCookie
from typing import Any
from urllib.parse import urlsplit

from paperwise.errors import PaperwiseError
from paperwise.settings import Settings

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

# Set on the scope once the guard has checked the login; the API's own dependency reads it.
AUTHENTICATED = "paperwise.user"
_SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# GET routes behind the login too: the API and its documentation.
_PROTECTED_PREFIXES = ("/api/", "/docs", "/redoc", "/openapi.json", "/v1/", "/mcp")
# The UI's login form: open (it is how one logs in) but rate limited.
_LOGIN_PATHS = frozenset({"/login", "/login/"})
# Where paper files are uploaded (POST /api/index, the UI's "Add papers"): a larger limit.
UPLOAD_PATHS = frozenset({"/api/index", "/gradio_api/upload"})
# The one route the index owner's token opens (the local `paperwise index` handing over work).
OWNER_PATHS = frozenset({"/api/index"})
_WINDOW_S = 60.0
_MAX_TRACKED_CLIENTS = 10_000
_CHALLENGE = [(b"www-authenticate", b'Basic realm="Paperwise", charset="UTF-8"')]


def credentials(settings: Settings) -> tuple[str, str] | None:
    """The configured (user, password), or None when no login is configured. Refuses a value
    whose user or password is empty or only white space (the value is never echoed)."""
    if settings.auth is None:
        return None
    user, colon, password = settings.auth.get_secret_value().partition(":")
    if not colon or not user.strip() or not password.strip():
        raise PaperwiseError("PAPERWISE_AUTH must look like user:password, with neither the "
                             "user nor the password empty or only white space.")
    return user, password


def same_text(given: str, expected: str) -> bool:
    """Constant-time equality of two strings of any Unicode."""
    return hmac.compare_digest(given.encode("utf-8", "surrogatepass"),
                               expected.encode("utf-8", "surrogatepass"))


def login_matches(given: tuple[str, str] | None, expected: tuple[str, str]) -> bool:
    if given is None:
        return False
    # Both halves are always compared: the time does not tell which one was wrong.
    user_ok = same_text(given[0], expected[0])
    password_ok = same_text(given[1], expected[1])
    return user_ok and password_ok


def basic_credentials(header: str | None) -> tuple[str, str] | None:
    """(user, password) from an `Authorization: Basic ...` header, decoded as UTF-8 (RFC 7617;
    Latin-1 when the bytes are not UTF-8), or None when there is no such header."""
    if not header:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "basic":
        return None
    try:
        raw = base64.b64decode(token.strip(), validate=True)
    except (binascii.Error, ValueError):
        return ("", "")  # credentials were given, and they are wrong
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    user, _, password = text.partition(":")
    return user, password


def bearer_matches(header: str | None, expected: tuple[str, str]) -> bool | None:
    """For an `Authorization: Bearer ...` header, whether its token is the password (or
    user:password); None when the header is not a Bearer one."""
    scheme, _, token = (header or "").strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    token = _utf8(token.strip())
    as_password = same_text(token, expected[1])
    as_login = same_text(token, f"{expected[0]}:{expected[1]}")
    return as_password or as_login


def _utf8(header_text: str) -> str:
    """A header value as sent: servers hand headers over as Latin-1 text, clients that send
    non-ASCII send UTF-8 bytes (kept as they are when they are not UTF-8)."""
    try:
        return header_text.encode("latin-1").decode("utf-8")
    except (UnicodeEncodeError, UnicodeDecodeError):
        return header_text


class LoginLimiter:
    """Failed logins per client address in a sliding minute; past `per_minute` that address
    waits until its oldest failure leaves the window."""

    def __init__(self, per_minute: int, window_s: float = _WINDOW_S) -> None:
        self.per_minute = per_minute
        self.window_s = window_s
        self._failures: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def retry_after(self, client: str) -> int | None:
        """Seconds this client must wait before trying again, or None when it may try."""
        now = time.monotonic()
        with self._lock:
            failures = self._failures.get(client)
            if failures is None:
                return None
            while failures and failures[0] <= now - self.window_s:
                failures.popleft()
            if len(failures) < self.per_minute:
                return None
            return max(1, math.ceil(failures[0] + self.window_s - now))

    def failed(self, client: str) -> None:
        with self._lock:
            if client not in self._failures and len(self._failures) >= _MAX_TRACKED_CLIENTS:
                self._failures.pop(next(iter(self._failures)))  # the longest-tracked one
            self._failures.setdefault(client, deque()).append(time.monotonic())

    def succeeded(self, client: str) -> None:
        with self._lock:
            self._failures.pop(client, None)


async def _respond(send: Send, status: int, detail: str,
                   headers: list[tuple[bytes, bytes]] | None = None) -> None:
    body = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


def _cross_origin(headers: dict[str, str]) -> bool:
    """True when the request comes from a page of another origin (host and port)."""
    origin = headers.get("origin")
    if origin is None:
        return False
    try:
        origin_host = urlsplit(origin).netloc.lower()
    except ValueError:
        return True
    return not origin_host or origin_host != headers.get("host", "").lower()


def loopback_address(host: str) -> bool:
    """True for a name or address that only this machine can reach."""
    if host == "localhost" or host.endswith(".localhost"):  # RFC 6761: always loopback
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _foreign_host(headers: dict[str, str]) -> bool:
    """True when the `Host` header names anything but this machine (no header: an HTTP/1.0
    client on this machine, which a browser page never is)."""
    host = headers.get("host")
    if host is None:
        return False
    try:
        name = urlsplit(f"//{host}").hostname or ""
    except ValueError:
        return True
    return not loopback_address(name)


def _declared_length(headers: dict[str, str]) -> int | None:
    value = headers.get("content-length")
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        return -1


class Guard:
    """The ASGI middleware described in the module docstring."""

    def __init__(self, app: ASGIApp, *, max_body_bytes: int,
                 login: tuple[str, str] | None, limiter: LoginLimiter,
                 session_user: Callable[[dict[str, str]], bool] | None = None,
                 max_upload_bytes: int | None = None,
                 owner: Callable[[dict[str, str]], bool] | None = None,
                 loopback_only: bool = False) -> None:
        self.app = app
        # Set when the server binds to a loopback address: then only loopback names may be used.
        self.loopback_only = loopback_only
        self.max_body_bytes = max_body_bytes
        # Paper files are uploaded to these two paths; every other body keeps the small limit.
        self.max_upload_bytes = max_upload_bytes or max_body_bytes
        self.login = login
        self.limiter = limiter
        self.session_user = session_user or (lambda headers: False)
        self.owner = owner or (lambda headers: False)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        if self.loopback_only and _foreign_host(headers):
            await _respond(send, 403, "This server answers only under a loopback name such as "
                                      "127.0.0.1 or localhost.")
            return
        if _cross_origin(headers):
            await _respond(send, 403, "Cross-origin requests are not accepted.")
            return
        path, method = scope["path"], scope["method"]
        limit = self.max_upload_bytes if path in UPLOAD_PATHS else self.max_body_bytes
        length = _declared_length(headers)
        if length is not None and (length < 0 or length > limit):
            await _respond(send, 413, self._too_large(limit))
            return
        client = (scope.get("client") or ("unknown", 0))[0]
        if self.login is not None and path in _LOGIN_PATHS and method == "POST":
            await self._ui_login(scope, receive, send, client, limit)
            return
        if self.login is not None and self._protected(method, path) and not (
                path in OWNER_PATHS and self.owner(headers)):
            refusal = self._refusal(headers, client)
            if refusal is not None:
                await _respond(send, *refusal)
                return
            scope[AUTHENTICATED] = True
        await self._with_body(scope, receive, send, limit)

    @staticmethod
    def _too_large(limit: int) -> str:
        return f"The request body is over the {limit:,}-byte limit."

    @staticmethod
    def _protected(method: str, path: str) -> bool:
        return method not in _SAFE_METHODS or path.startswith(_PROTECTED_PREFIXES)

    def _refusal(self, headers: dict[str, str], client: str
                 ) -> tuple[int, str, list[tuple[bytes, bytes]]] | None:
        """None when the login holds; else the status, message and headers to answer with."""
        assert self.login is not None
        header = headers.get("authorization")
        given = basic_credentials(header)
        bearer = bearer_matches(header, self.login)
        if given is None and bearer is None:
            if self.session_user(headers):
                return None
            return 401, "Login required.", _CHALLENGE
        wait = self.limiter.retry_after(client)
        if wait is not None:
            return 429, "Too many failed logins; try again later.", [
                (b"retry-after", str(wait).encode())]
        if bearer or login_matches(given, self.login):
            self.limiter.succeeded(client)
            return None
        self.limiter.failed(client)
        log.warning("Failed login from %s", client)
        return 401, "Login required.", _CHALLENGE

    async def _ui_login(self, scope: Scope, receive: Receive, send: Send, client: str,
                        limit: int) -> None:
        """The UI's login form: refused while the client is locked out; its outcome counts."""
        wait = self.limiter.retry_after(client)
        if wait is not None:
            await _respond(send, 429, "Too many failed logins; try again later.",
                           [(b"retry-after", str(wait).encode())])
            return

        async def observe(message: Message) -> None:
            if message["type"] == "http.response.start":
                if message["status"] >= 400:
                    self.limiter.failed(client)
                    log.warning("Failed login from %s", client)
                elif message["status"] < 300:
                    self.limiter.succeeded(client)
            await send(message)

        await self._with_body(scope, receive, observe, limit)

    async def _with_body(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        """Read the body (up to the limit, however it is sent), then run the app on it."""
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await _respond(send, 413, self._too_large(limit))
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": b"".join(chunks), "more_body": False}
            return await receive()  # after the body: wait for the client to leave

        await self.app(scope, replay, send)


def gradio_session_checker(app: Any) -> Callable[[dict[str, str]], bool]:
    """Whether a request's cookies hold a live session of the Gradio app mounted in `app`."""
    gradio_app = next((route.app for route in getattr(app, "routes", [])
                       if hasattr(getattr(route, "app", None), "tokens")), None)

    def check(headers: dict[str, str]) -> bool:
        if gradio_app is None or "cookie" not in headers:
            return False
        try:
            cookies = SimpleCookie(headers["cookie"])
        except CookieError:
            return False
        for name in (f"access-token-{gradio_app.cookie_id}",
                     f"access-token-unsecure-{gradio_app.cookie_id}"):
            if name in cookies and cookies[name].value in gradio_app.tokens:
                return True
        return False

    return check
