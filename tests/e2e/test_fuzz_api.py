"""Fuzzing the HTTP API of a live app: schema-driven requests and raw JSON with lone
surrogates get a 2xx or a clear 4xx, never a 5xx."""

from __future__ import annotations

import json
from typing import Any

import httpx
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from rag import PaperQA
from tests.servers import app_server
from tests.strategies import LONE_SURROGATES, TEXT


def test_api_never_answers_500(seed_qa: PaperQA) -> None:
    """Schema-driven requests, valid and invalid, to every operation of our API in the real
    /openapi.json: 2xx or a clear 4xx, never a 5xx. (schemathesis.pytest.from_fixture needs a
    private attribute pytest 9.2 removed, so the strategies are driven by hand.)"""
    with app_server(seed_qa) as url:
        # Only our API: gradio's own routes, if they ever show up, are not ours to test.
        schema = schemathesis.openapi.from_url(f"{url}/openapi.json").include(
            path_regex=r"^/(api/|healthz$)")
        operations = [result.ok() for result in schema.get_all_operations()]
        assert {"POST /api/ask", "GET /api/papers", "GET /healthz"} <= {
            op.label for op in operations}
        cases = st.one_of([op.as_strategy(mode) for op in operations
                           for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)])

        @settings(max_examples=60, deadline=None, database=None,
                  suppress_health_check=list(HealthCheck))
        @given(case=cases)
        def call(case: Any) -> None:
            case.call_and_validate(checks=[not_a_server_error], timeout=60)

        call()

        @settings(max_examples=10, deadline=None, database=None)
        @given(question=st.one_of(LONE_SURROGATES, TEXT))
        def ask_raw(question: str) -> None:
            """json.dumps writes a lone surrogate as a \\udXXX escape, as a broken client may;
            schemathesis never generates one."""
            response = httpx.post(f"{url}/api/ask", content=json.dumps({"question": question}),
                                  headers={"content-type": "application/json"}, timeout=60)
            assert response.status_code in (200, 422), response.text

        ask_raw()
