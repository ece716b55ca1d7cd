"""Log hygiene: the HTTP client libraries log request URLs at INFO, user-info and query string
included (`http://user:secret@host/v1/...?key=...`). A filter on their loggers rewrites every
URL in a record with `redact_url` before any handler sees it."""

from __future__ import annotations

import logging
import re

from paperwise.text import redact_url

_URL = re.compile(r"[a-zA-Z][a-zA-Z0-9+.-]*://[^\s\"'<>]+")
# Loggers that print endpoint URLs: httpx (and the httpx2 fork the openai client uses), openai.
_CLIENT_LOGGERS = ("httpx", "httpx2", "openai", "openai._base_client", "httpcore", "httpcore2")


def redact_urls(text: str) -> str:
    """Every URL in `text` through `redact_url`."""
    return _URL.sub(lambda match: redact_url(match.group()), text)


class RedactURLs(logging.Filter):
    """Rewrites a record's message with its URLs redacted (keeps the record)."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if "://" in message:
            redacted = redact_urls(message)
            if redacted != message:
                record.msg, record.args = redacted, None
        return True


_FILTER = RedactURLs()


def redact_client_logs() -> None:
    """Install the filter on the HTTP client loggers (idempotent)."""
    for name in _CLIENT_LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)
