"""Paperwise evaluation: the question set, metrics and `paperwise eval`."""
