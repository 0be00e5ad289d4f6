"""Puzzles and the analysis board (Coerceo): their pages and their JSON API.

- ``GET /puzzles``, ``GET /analysis``: the pages.
- ``GET /api/puzzles/coerceo``: the shipped puzzles (id, side, difficulty), no solutions.
- ``GET /api/puzzles/coerceo/{id}``: one puzzle's position as a board view.
- ``POST /api/puzzles/coerceo/{id}/check`` ``{"move": "c4:5-c3:1"}``: right or wrong.
- ``GET /api/puzzles/coerceo/{id}/solution``: the solution line, a board view per step.
- ``POST /api/analyse/coerceo`` ``{"position": TEXT, "seconds": 1.0}``: the engine's
  evaluation, best line, top moves and the opponent's threats, searched for at most
  ``MAX_SECONDS``. Positions come as text (set up by hand or taken from a replay of a
  finished game); live games are not analysed here. A bad text gets the parser's error
  (400); too many requests from one client get 429.

Engine work runs in a worker thread, one analysis at a time.
"""

from __future__ import annotations

import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool

from spelbord.core.errors import SpelbordError
from spelbord.server.errors import BadRequestError, NotFoundError
from spelbord.server.pages import page

MAX_SECONDS = 2.0
"""The longest search one analysis request may ask for."""
DEFAULT_SECONDS = 1.0
TOP_MOVES = 5
TOP_DEPTH = 3
"""Plies each root action is searched to after it, for the top-moves list."""
router = APIRouter()
_engine_lock = asyncio.Lock()


def _view(state: Any) -> dict[str, Any]:
    """A board view the game's web renderer draws (and acts on: ``legal``)."""
    finished = state.is_terminal()
    return {
        "game": "coerceo",
        "options": state.game.options,
        "observation": state.observation(None),
        "ply": state.move_number(),
        "to_move": state.current_player(),
        "legal": [] if finished else [state.action_to_dict(a) for a in state.legal_actions()],
        "result": {"returns": state.returns()} if finished else None,
    }


def _frames(state: Any, line: list[str]) -> list[dict[str, Any]]:
    """The view after each move of ``line`` (played on a copy)."""
    copy = state.clone()
    frames = []
    for text in line:
        if copy.is_terminal():
            break
        copy.apply_action(copy.string_to_action(text))
        frames.append({"move": text, "view": _view(copy)})
    return frames


def _puzzle(puzzle_id: str) -> Any:
    from spelbord.games.coerceo import puzzles

    try:
        return puzzles.get(puzzle_id)
    except puzzles.PuzzleError as exc:
        raise NotFoundError(str(exc)) from None


def _summary(p: Any) -> dict[str, Any]:
    return {"id": p.id, "side": p.side, "difficulty": p.difficulty, "depth": p.depth}


@router.get("/puzzles", include_in_schema=False)
def puzzles_page() -> Any:
    return page("puzzles.html")


@router.get("/analysis", include_in_schema=False)
def analysis_page() -> Any:
    return page("analysis.html")


@router.get("/api/puzzles/coerceo")
def list_puzzles() -> dict[str, Any]:
    from spelbord.games.coerceo import puzzles

    return {"game": "coerceo", "puzzles": [_summary(p) for p in puzzles.load()]}


@router.get("/api/puzzles/coerceo/{puzzle_id}")
def show_puzzle(puzzle_id: str) -> dict[str, Any]:
    p = _puzzle(puzzle_id)
    return {**_summary(p), "position": p.position, "view": _view(p.state())}


@router.post("/api/puzzles/coerceo/{puzzle_id}/check")
async def check_puzzle(puzzle_id: str, request: Request) -> dict[str, Any]:
    from spelbord.games.coerceo import puzzles

    p = _puzzle(puzzle_id)
    data = await _json(request)
    move = data.get("move")
    if not isinstance(move, str):
        raise BadRequestError('expected {"move": "<move in notation>"}')
    try:
        right = puzzles.check_move(p, move)
    except puzzles.PuzzleError as exc:
        raise BadRequestError(str(exc)) from None
    return {"id": p.id, "move": move, "correct": right}


@router.get("/api/puzzles/coerceo/{puzzle_id}/solution")
def puzzle_solution(puzzle_id: str) -> dict[str, Any]:
    p = _puzzle(puzzle_id)
    return {
        "id": p.id,
        "solution": list(p.solution),
        "frames": _frames(p.state(), list(p.solution)),
    }


async def _json(request: Request) -> dict[str, Any]:
    body = await request.body()
    if len(body) > 4096:
        raise BadRequestError("request too large")
    import json

    try:
        data = json.loads(body or b"{}")
    except json.JSONDecodeError as exc:
        raise BadRequestError(f"not JSON: {exc.msg}") from None
    if not isinstance(data, dict):
        raise BadRequestError("expected a JSON object")
    return data


def analyse(text: str, seconds: float) -> dict[str, Any]:
    """The engine's view of a position text (blocking; ``PositionError`` when bad)."""
    from spelbord.games.coerceo.fen import parse_position, position_text
    from spelbord.games.coerceo.puzzles import action_scores, material
    from spelbord.games.coerceo.search import line_text, score_text, search
    from spelbord.games.coerceo.weights import WEIGHTS

    state = parse_position(text)
    result = search(state, seconds=seconds, tt_bits=18)
    line = line_text(state, result.line)
    scored = action_scores(state, TOP_DEPTH, WEIGHTS)
    ranked = sorted(scored.items(), key=lambda item: -item[1][0])[:TOP_MOVES]
    top = [
        {"move": state.action_to_string(a), "score": v, "text": score_text(v)}
        for a, (v, _) in ranked
    ]
    # Threats: what the opponent would win if it were its turn now.
    side = state.side_to_move()
    flipped_text = position_text(state).replace(
        f"move: {('white', 'black')[side]}", f"move: {('white', 'black')[1 - side]}"
    )
    threats: list[dict[str, Any]] = []
    try:
        flipped = parse_position(flipped_text)
    except SpelbordError:
        flipped = None
    if flipped is not None:
        base = material(flipped, 1 - side)
        for v, tail in action_scores(flipped, 1).values():
            if v >= base + 90:
                names = line_text(flipped, tail)
                threats.append({"move": names[0], "line": names, "gain": v - base})
        threats.sort(key=lambda t: -t["gain"])
    return {
        "position": position_text(state),
        "side": ("white", "black")[side],
        "score": result.score,
        "evaluation": score_text(result.score),
        "white_score": result.score if side == 0 else -result.score,
        "depth": result.depth,
        "nodes": result.nodes,
        "seconds": round(result.seconds, 3),
        "line": line,
        "frames": _frames(state, line),
        "top": top,
        "threats": threats[:5],
        "view": _view(state),
    }


@router.post("/api/analyse/coerceo")
async def analyse_position(request: Request) -> dict[str, Any]:
    data = await _json(request)
    text = data.get("position")
    if not isinstance(text, str) or len(text) > 2000:
        raise BadRequestError('expected {"position": "<position text>", "seconds": 1.0}')
    seconds = data.get("seconds", DEFAULT_SECONDS)
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not seconds > 0:
        raise BadRequestError("seconds must be a positive number")
    seconds = min(float(seconds), MAX_SECONDS)
    client = request.client.host if request.client else "unknown"
    request.app.state.limiter.hit("analyse", client)  # the server's limits (``ratelimit``)
    from spelbord.games.coerceo.fen import parse_position

    parse_position(text)  # a bad position fails fast, before waiting for the engine
    async with _engine_lock:
        return await run_in_threadpool(analyse, text, seconds)
