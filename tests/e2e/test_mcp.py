"""The MCP tools through the official MCP SDK's client: over stdio (`paperwise mcp`, a real
subprocess) and over streamable HTTP (/mcp on a running server), with PAPERWISE_AUTH too."""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any

import httpx2
import pytest
from mcp import Client, MCPError, StdioServerParameters
from mcp.client.streamable_http import streamable_http_client
from mcp.shared._httpx_utils import create_mcp_http_client

from paperwise.settings import Settings
from rag import PaperQA
from tests.api_servers import api_server
from tests.conftest import cli_env, derive

TOOLS = {"search_papers", "ask", "get_paper", "list_papers"}
Session = Callable[[Client], Awaitable[None]]


def run(server: Any, session: Session) -> None:
    """Connect to `server` (a URL, stdio parameters or a transport) and run `session`."""
    async def main() -> None:
        async with Client(server, read_timeout_seconds=300) as client:
            await session(client)

    asyncio.run(main())


async def call(client: Client, tool: str, **arguments: Any) -> dict[str, Any]:
    result = await client.call_tool(tool, arguments)
    assert not result.is_error, result.content
    assert result.structured_content is not None
    return result.structured_content


async def the_four_tools(client: Client) -> None:
    """What every transport must do, the same way."""
    assert {t.name for t in (await client.list_tools()).tools} == TOOLS
    found = await call(client, "search_papers", query="multi-agent pathfinding benchmark", k=3)
    # Which of the top 3 comes first is the eval's business (ranking); here, that it is there.
    assert len(found["papers"]) == 3
    pogema = next(p for p in found["papers"] if p["title"] == "POGEMA")
    assert pogema["id"].startswith("p") and pogema["score"] > 0 and pogema["year"] == 2025
    answer = await call(client, "ask", question="What does POGEMA provide?")
    assert answer["answerable"] and "[1]" in answer["answer"]
    assert answer["citations"][0]["paper_id"] == pogema["id"] and answer["citations"][0]["quote"]
    follow = await call(client, "ask", question="What metrics does it use for evaluation?",
                        history=[{"question": "What does POGEMA provide?",
                                  "answer": answer["answer"]}])
    assert pogema["id"] in [s["id"] for s in follow["sources"][:2]]
    paper = await call(client, "get_paper", paper_id=pogema["id"])
    assert paper["title"] == "POGEMA" and "POGEMA" in paper["abstract"]
    missing = await client.call_tool("get_paper", {"paper_id": "pnothere"})
    assert missing.is_error and "pnothere" in str(missing.content)


async def filters_and_paging(client: Client) -> None:
    first = await call(client, "list_papers", limit=40)
    assert first["total"] == 94 and len(first["papers"]) == 40 and first["next_offset"] == 40
    last = await call(client, "list_papers", offset=80, limit=40)
    assert len(last["papers"]) == 14 and last["next_offset"] is None
    one_file = await call(client, "list_papers",
                          filters={"source": "001_392856afa43f1a90.txt"})
    assert one_file["total"] == len(one_file["papers"]) > 0
    none = await call(client, "search_papers", query="pathfinding",
                      filters={"year_max": 2020})
    assert none["papers"] == [] and none["notice"].startswith("No papers match")
    refused = await call(client, "ask", question="What does POGEMA provide?",
                         filters={"venue": "NeurIPS 1999"})
    assert not refused["answerable"] and refused["answer"].startswith("No papers match")
    bad = await client.call_tool("list_papers", {"filters": {"year_min": "soon"}})
    assert bad.is_error


def test_stdio_paperwise_mcp(seed_settings: Settings, seed_qa: PaperQA, tmp_path: Path) -> None:
    server = StdioServerParameters(command=sys.executable, args=["-m", "paperwise", "mcp"],
                                   env=cli_env(seed_settings), cwd=tmp_path)

    async def session(client: Client) -> None:
        await the_four_tools(client)
        await filters_and_paging(client)

    run(server, session)


@pytest.fixture(scope="module")
def url(seed_qa: PaperQA) -> Iterator[str]:
    with api_server(seed_qa) as base:
        yield base


def test_streamable_http(url: str) -> None:
    async def session(client: Client) -> None:
        await the_four_tools(client)
        await filters_and_paging(client)

    run(f"{url}/mcp", session)


def test_streamable_http_with_auth(seed_settings: Settings, seed_qa: PaperQA) -> None:
    guarded = PaperQA(derive(seed_settings, auth="ann:s3cret"), store=seed_qa.store)

    def with_token(base: str, token: str) -> Any:
        http = create_mcp_http_client(headers={"Authorization": f"Bearer {token}"})
        return streamable_http_client(f"{base}/mcp", http_client=http)

    async def listed(client: Client) -> None:
        assert {t.name for t in (await client.list_tools()).tools} == TOOLS

    with api_server(guarded) as base:
        run(with_token(base, "s3cret"), listed)
        with pytest.raises(ExceptionGroup) as refused:  # the SDK's task groups wrap it
            run(with_token(base, "wrong"), listed)
        assert refused.group_contains(MCPError)
        plain = httpx2.post(f"{base}/mcp", json={}, headers={"Authorization": "Bearer wrong"})
        assert plain.status_code == 401
