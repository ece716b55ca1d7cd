"""Paperwise service: the Gradio chat and the HTTP API."""
