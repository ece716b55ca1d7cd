"""Paperwise's few error classes. Each message says what is wrong and what to do;
the CLI and the UI turn them into user messages at the edge."""


class PaperwiseError(Exception):
    """Base of every error Paperwise raises on purpose."""


class InputError(PaperwiseError):
    """A file, record or question that cannot be used as given."""


class StoreError(PaperwiseError):
    """The vector store is unreachable, missing or damaged."""


class AnswererError(PaperwiseError):
    """The LLM endpoint failed (unreachable, slow, refused the key, rate-limited)."""
