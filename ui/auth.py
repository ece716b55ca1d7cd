"""PAPERWISE_AUTH for the machine-facing routes (/v1, /mcp, /api/papers/{id}): HTTP Basic with
the user and password, or a Bearer token that is the password (what OpenAI and MCP clients
send as their API key)."""

# No `from __future__ import annotations`: FastAPI reads these annotations at run time.

from collections.abc import Callable
from typing import Annotated

from fastapi import Header, HTTPException, status
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from paperwise.settings import Settings
from ui import security
from ui.security import basic_credentials, bearer_matches, login_matches

CHALLENGE = 'Basic realm="paperwise", Bearer'


def credentials_of(settings: Settings) -> tuple[str, str] | None:
    """(user, password) from PAPERWISE_AUTH, or None when the service is open. A user or
    password that is empty or only white space is refused (PaperwiseError naming the setting)."""
    return security.credentials(settings)


def authorized(header: str | None, credentials: tuple[str, str] | None) -> bool:
    """Whether an Authorization header carries the credentials (always, when there are none).
    Bearer takes the password (or user:password); Basic takes both. Any Unicode, as UTF-8:
    the same checks as the guard in front of the app (ui/security.py)."""
    if credentials is None:
        return True
    bearer = bearer_matches(header, credentials)
    if bearer is not None:
        return bearer
    return login_matches(basic_credentials(header), credentials)


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

