"""Game tools on the web (``core.tools``): each game declares its own (Omringad's battle
calculator ...); this module knows none by name.

- ``GET /tools/{game}/{tool}``: the tool's page (``static/tool.html``), which draws itself
  with the ES module the game declares (``Tool.page``, served from the game's ``web/``).
- ``GET /api/tools/{game}``: the tools a game offers; ``GET /api/tools/{game}/{tool}``: one
  tool's inputs and declared bounds.
- ``POST /api/tools/{game}/{tool}`` ``{"field": "text", ...}``: run it. Bad input gets 400
  with the tool's own error, an unknown game or tool 404, too many requests from one
  client 429 (the ``tool`` limit of ``ratelimit``). The work runs in a worker thread, one
  request at a time.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool

from spelbord.core.errors import SpelbordError, UnknownGameError
from spelbord.core.registry import tools
from spelbord.core.tools import Tool, UnknownToolError, find_tool
from spelbord.server.errors import BadRequestError, NotFoundError
from spelbord.server.web.pages import page
from spelbord.server.web.ratelimit import Limit

MAX_BODY = 4096
"""The largest request body a tool reads."""

router = APIRouter()
_work = asyncio.Lock()


def game_tools(game: str) -> tuple[Tool, ...]:
    """The tools ``game`` declares (``NotFoundError`` for an unknown game)."""
    try:
        return tools(game)
    except UnknownGameError as exc:
        raise NotFoundError(str(exc)) from None


def tool_of(game: str, name: str) -> Tool:
    try:
        return find_tool(game_tools(game), game, name)
    except UnknownToolError as exc:
        raise NotFoundError(str(exc)) from None


@router.get("/tools/{game}/{name}", include_in_schema=False)
def tool_page(game: str, name: str) -> Any:
    tool = tool_of(game, name)
    if tool.page is None:
        raise NotFoundError(f"{game}'s {name} has no page")
    return page("tool.html")


@router.get("/api/tools/{game}")
def list_tools(game: str) -> dict[str, Any]:
    return {"game": game, "tools": [t.describe() for t in game_tools(game)]}


@router.get("/api/tools/{game}/{name}")
def describe_tool(game: str, name: str) -> dict[str, Any]:
    return {"game": game, **tool_of(game, name).describe()}


@router.post("/api/tools/{game}/{name}")
async def run_tool(game: str, name: str, request: Request, limit: Limit) -> dict[str, Any]:
    tool = tool_of(game, name)
    limit("tool")
    body = await request.body()
    if len(body) > MAX_BODY:
        raise BadRequestError("request too large")
    try:
        params = json.loads(body or b"{}")
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise BadRequestError("not JSON") from None
    if not isinstance(params, dict):
        raise BadRequestError("expected a JSON object")
    async with _work:
        try:
            return await run_in_threadpool(tool.call, params)
        except SpelbordError as exc:
            raise BadRequestError(str(exc)) from None
