"""`paperwise serve`'s socket and uvicorn: the port is bound before anything slow loads, so a
taken port is reported at once in one line, and "Serving on …" is logged only once uvicorn
listens on it."""

from __future__ import annotations

import errno
import logging
import socket
from typing import Any

import uvicorn

from paperwise.errors import InputError

# `paperwise serve` shows this logger's INFO lines without -v (paperwise/cli.py).
log = logging.getLogger(__name__)


def _other_port(port: int) -> int:
    return port + 1 if port < 65535 else port - 1


def bind_port(host: str, port: int) -> socket.socket:
    """A socket bound to host:port, not yet listening (connections are refused until uvicorn
    listens, as before). Raises InputError, one line, when the port cannot be had."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    # As uvicorn does: a port left in TIME_WAIT by a server just stopped is free to take.
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            other = _other_port(port)
            raise InputError(
                f"Port {port} on {host} is already in use (another server?): choose another "
                f"with `paperwise serve --port {other}`, PAPERWISE_SERVER_PORT={other}, or "
                f"`make run PORT={other}`.") from None
        raise InputError(f"Cannot listen on {host}:{port}: {exc.strerror or exc}. Set another "
                         "address with --host/--port (PAPERWISE_SERVER_HOST, "
                         "PAPERWISE_SERVER_PORT).") from None
    sock.set_inheritable(True)
    return sock


class _Server(uvicorn.Server):
    """uvicorn, saying where it serves once it listens (its own line is at INFO on its logger,
    which stays at WARNING)."""

    def __init__(self, config: uvicorn.Config, url: str, index: str) -> None:
        super().__init__(config)
        self.url, self.index = url, index

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        await super().startup(sockets=sockets)
        if self.started:
            log.info("Serving on %s (index: %s)", self.url, self.index)


def run(app: Any, sock: socket.socket, index: str) -> None:
    """Serve `app` on the bound socket until interrupted."""
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    config = uvicorn.Config(app, host=host, port=port, log_level="warning")
    _Server(config, f"http://{shown}:{port}", index).run(sockets=[sock])
