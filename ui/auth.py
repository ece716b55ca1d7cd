"""PAPERWISE_AUTH for the machine-facing routes (/v1, /mcp, /api/papers/{id}): HTTP Basic with
the user and password, or a Bearer token that is the password (what OpenAI and MCP clients
send as their API key)."""

# No `from __future__ import annotations`: FastAPI reads these annotations at run time.

import base64
import binascii
import secrets
from collections.abc import Callable
from typing import Annotated

from fastapi import Header, HTTPException, status
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from paperwise.errors import PaperwiseError
from paperwise.settings import Settings

CHALLENGE = 'Basic realm="paperwise", Bearer'


def credentials_of(settings: Settings) -> tuple[str, str] | None:
    """(user, password) from PAPERWISE_AUTH, or None when the service is open."""
    if settings.auth is None:
        return None
    user, _, password = settings.auth.get_secret_value().partition(":")
    if not user or not password:
        raise PaperwiseError("PAPERWISE_AUTH must look like user:password.")
    return user, password


def _same(given: str, expected: str) -> bool:
    return secrets.compare_digest(given.encode(), expected.encode())


def authorized(header: str | None, credentials: tuple[str, str] | None) -> bool:
    """Whether an Authorization header carries the credentials (always, when there are none).
    Bearer takes the password (or user:password); Basic takes both."""
    if credentials is None:
        return True
    scheme, _, value = (header or "").strip().partition(" ")
    value = value.strip()
    if scheme.lower() == "bearer":
        return _same(value, credentials[1]) or _same(value, ":".join(credentials))
    if scheme.lower() == "basic":
        try:
            decoded = base64.b64decode(value, validate=True).decode("utf-8")
        except (binascii.Error, UnicodeDecodeError):
            return False
        user, _, password = decoded.partition(":")
        return _same(user, credentials[0]) & _same(password, credentials[1])
    return False


def require_credentials(settings: Settings) -> Callable[..., None]:
    """A FastAPI dependency: 401 unless the request carries PAPERWISE_AUTH's credentials."""
    credentials = credentials_of(settings)

    def guard(authorization: Annotated[str | None, Header()] = None) -> None:
        if not authorized(authorization, credentials):
            raise HTTPException(status.HTTP_401_UNAUTHORIZED, "login required",
                                headers={"WWW-Authenticate": CHALLENGE})

    return guard


class RequireCredentials:
    """The same check as ASGI middleware, for mounted apps that are not FastAPI routes."""

    def __init__(self, app: ASGIApp, settings: Settings) -> None:
        self.app = app
        self.credentials = credentials_of(settings)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and self.credentials is not None:
            headers: dict[bytes, bytes] = dict(scope.get("headers") or [])
            header = headers.get(b"authorization", b"").decode("latin-1")
            if not authorized(header, self.credentials):
                response = JSONResponse({"detail": "login required"}, status_code=401,
                                        headers={"WWW-Authenticate": CHALLENGE})
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)

