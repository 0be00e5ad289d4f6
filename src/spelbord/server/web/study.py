"""Puzzles and the analysis board: their pages and their JSON API, for every game that
declares them (its ``study`` extra, see ``spelbord.core.study``); no game is named here.

- ``GET /puzzles/{game}``, ``GET /analysis/{game}``: the pages (``/puzzles`` and
  ``/analysis`` redirect to the first game that offers them).
- ``GET /api/study``: which games offer which features.
- ``GET /api/puzzles/{game}``: the shipped puzzles (id, side, difficulty), no solutions.
- ``GET /api/puzzles/{game}/{id}``: one puzzle's position as a board view.
- ``POST /api/puzzles/{game}/{id}/check`` ``{"move": "c4:5-c3:1"}``: right or wrong.
- ``GET /api/puzzles/{game}/{id}/hint?step=1``: a first hint (the kind of the solving
  move and the piece it moves: the ``kind`` and ``from`` of its ``action_to_dict``);
  ``step=2``: the move itself. Nothing more of the solution.
- ``GET /api/puzzles/{game}/{id}/solution``: the solution line, a board view per step.
- ``GET /api/analyse/{game}/start?variant=ocius``: the start position's text.
- ``POST /api/analyse/{game}/board`` ``{"position": TEXT, "options": {...}, "move": "c4:5-c3:1"}``:
  the board view of a position (its legal moves, for the game's renderer to play), and
  with ``move`` the position after that move: the analysis board played by clicks. No
  engine: the web process reads the text and applies one move.
- ``POST /api/analyse/{game}`` ``{"position": TEXT, "options": {...}, "seconds": 1.0}``:
  the engine's evaluation, best line, top moves and the opponent's threats, searched for
  at most ``MAX_SECONDS``. A bad text gets the parser's error (400), too many requests from
  one client 429.
- ``GET /api/tables/{id}/analysis?ply=N&token=T``: the position text of a table's
  position and the analysis board's URL for it (fair play, as lichess: no engine help in
  a live game a person plays against another person; ``docs/fair-play.md``). A finished
  game: any ply, for anyone who may see its replay. A live game between people (two or
  more seats played by people): for nobody, until it is over. A live game of one person
  against the computer: only its current position, only for that person while it is
  their move (with the seat's token). A live game of the computer against itself: any
  ply so far, for anyone. Live games only in games of perfect information, so the link
  never shows what a seat may not know.
- ``POST /api/analyse/{game}`` refuses a position that is the current position of a live
  game between people past its opening (``OPENING_PLIES``), or one move from it, while
  that game is live (403).

A game without a feature gets 404 naming the games that have it. Engine work never runs
in the web process: an analysis is a job of the worker tier (``jobs``: in the embedded
server, a worker process beside it; in a cluster, a ``spelbord worker``), queued in fair
order with the AI moves (the client is the asking address).
"""

from __future__ import annotations

import importlib
from typing import Any
from urllib.parse import quote, urlencode

from fastapi import APIRouter, Request
from fastapi.responses import RedirectResponse

from spelbord.core import Game, State, UnknownGameError
from spelbord.core.registry import analyser, game_class, load, names, puzzle_book, require_study
from spelbord.core.registry import study as game_study
from spelbord.core.study import Analyser, NoStudyError, PuzzleBook, PuzzleNotFoundError
from spelbord.server import strictjson
from spelbord.server.errors import BadRequestError, ConflictError, ForbiddenError, NotFoundError
from spelbord.server.tables.hub import Hub
from spelbord.server.tables.live import LiveTable
from spelbord.server.tables.protocol import HUMAN_KINDS
from spelbord.server.tables.routes import TheHub
from spelbord.server.web.pages import page
from spelbord.server.web.ratelimit import Limit, client_of

MAX_SECONDS = 2.0
"""The longest search one analysis request may ask for."""
DEFAULT_SECONDS = 1.0
ANALYSE = "spelbord.server.web.study:analyse_text"
"""What a worker runs for an analysis (``analyse_text``)."""
router = APIRouter()


class AnalysisFailedError(ConflictError):
    """The worker could not analyse the position (it ran out of time or failed)."""


def _offering(feature: str) -> list[str]:
    return [name for name in names() if feature in game_study(name).features()]


def _analyser(game: str) -> Analyser:
    _require(game, "analysis")
    return analyser(game)


def _book(game: str) -> PuzzleBook:
    _require(game, "puzzles")
    return puzzle_book(game)


def _view(state: State) -> dict[str, Any]:
    """A board view the game's web renderer draws (and acts on: ``legal``)."""
    finished = state.is_terminal()
    return {
        "game": state.game.name,
        "options": state.game.options,
        "observation": state.observation(None),
        "ply": state.move_number(),
        "to_move": state.current_player(),
        "legal": [] if finished else [state.action_to_dict(a) for a in state.legal_actions()],
        "result": {"returns": state.returns()} if finished else None,
    }


def _frames(state: State, line: list[str]) -> list[dict[str, Any]]:
    """The view after each move of ``line`` (played on a copy)."""
    copy = state.clone()
    frames = []
    for text in line:
        if copy.is_terminal():
            break
        copy.apply_action(copy.string_to_action(text))
        frames.append({"move": text, "view": _view(copy)})
    return frames


def _summary(p: Any) -> dict[str, Any]:
    return {"id": p.id, "side": p.side, "difficulty": p.difficulty, "depth": p.depth}


def _puzzle(game: str, puzzle_id: str) -> tuple[PuzzleBook, Any]:
    book = _book(game)
    try:
        return book, book.get(puzzle_id)
    except PuzzleNotFoundError as exc:
        raise NotFoundError(str(exc)) from None


def _first_offering(feature: str) -> str:
    games = _offering(feature)
    if not games:
        raise NotFoundError(f"no game offers {feature}")
    return games[0]


@router.get("/puzzles", include_in_schema=False)
def puzzles_home() -> RedirectResponse:
    return RedirectResponse(f"/puzzles/{_first_offering('puzzles')}", status_code=307)


@router.get("/analysis", include_in_schema=False)
def analysis_home(request: Request) -> RedirectResponse:
    """The old URL (``/analysis#<position>``): the browser keeps the hash on redirect."""
    query = f"?{request.url.query}" if request.url.query else ""
    return RedirectResponse(f"/analysis/{_first_offering('analysis')}{query}", status_code=307)


@router.get("/puzzles/{game}", include_in_schema=False)
def puzzles_page(game: str) -> Any:
    _require(game, "puzzles")
    return page("puzzles.html")


@router.get("/analysis/{game}", include_in_schema=False)
def analysis_page(game: str) -> Any:
    _require(game, "analysis")
    return page("analysis.html")


def _require(game: str, feature: str) -> None:
    """404 for an unknown game, or one without ``feature`` (naming those that have it)."""
    try:
        require_study(game, feature)
    except (UnknownGameError, NoStudyError) as exc:
        raise NotFoundError(str(exc)) from None


@router.get("/api/study")
def study_features() -> dict[str, Any]:
    """Per game, the study features it offers (``analysis``, ``puzzles``)."""
    return {"games": {name: game_study(name).features() for name in names()}}


@router.get("/api/puzzles/{game}")
def list_puzzles(game: str) -> dict[str, Any]:
    _book(game)
    return {"game": game, "puzzles": [_summary(p) for p in _book(game).all()]}


@router.get("/api/puzzles/{game}/{puzzle_id}")
def show_puzzle(game: str, puzzle_id: str) -> dict[str, Any]:
    _, p = _puzzle(game, puzzle_id)
    return {**_summary(p), "position": p.position, "view": _view(p.state())}


@router.post("/api/puzzles/{game}/{puzzle_id}/check")
async def check_puzzle(game: str, puzzle_id: str, request: Request, limit: Limit) -> dict[str, Any]:
    book, p = _puzzle(game, puzzle_id)
    limit("puzzle")  # the server's limits (``ratelimit``)
    data = await _json(request)
    move = data.get("move")
    if not isinstance(move, str) or len(move) > 100:
        raise BadRequestError('expected {"move": "<move in notation>"}')
    return {"id": p.id, "move": move, "correct": book.check(p, move)}


HINT_KEYS = ("kind", "from")
"""What a first hint tells of the solving move: its kind and the piece (field) it moves."""


@router.get("/api/puzzles/{game}/{puzzle_id}/hint")
def puzzle_hint(game: str, puzzle_id: str, limit: Limit, step: int = 1) -> dict[str, Any]:
    """A hint at ``step`` 1 (the kind of the solving move and its piece) or 2 (the move)."""
    _, p = _puzzle(game, puzzle_id)
    if step not in (1, 2):
        raise BadRequestError(f"step must be 1 or 2, got {step}")
    limit("puzzle")  # the server's limits (``ratelimit``)
    state = p.state()
    move = p.solution[0]
    said = state.action_to_dict(state.string_to_action(move))
    if step == 1:
        return {"id": p.id, "step": 1, **{k: said[k] for k in HINT_KEYS if k in said}}
    return {"id": p.id, "step": 2, "move": move, "action": said}


@router.get("/api/puzzles/{game}/{puzzle_id}/solution")
def puzzle_solution(game: str, puzzle_id: str) -> dict[str, Any]:
    _, p = _puzzle(game, puzzle_id)
    return {
        "id": p.id,
        "solution": list(p.solution),
        "frames": _frames(p.state(), list(p.solution)),
    }


async def _json(request: Request) -> dict[str, Any]:
    body = await request.body()
    if len(body) > 4096:
        raise BadRequestError("request too large")
    data = strictjson.loads(body or b"{}")
    if not isinstance(data, dict):
        raise BadRequestError("expected a JSON object")
    return data


def analyse(board: Analyser, game: Game, text: str, seconds: float) -> dict[str, Any]:
    """The engine's view of a position text (blocking), with board views for the page."""
    state = board.parse(text, game)
    report = board.analyse(state, seconds)
    return {**report, "frames": _frames(state, list(report["line"])), "view": _view(state)}


def analyse_text(game: str, options: dict[str, Any], text: str, seconds: float) -> dict[str, Any]:
    """An analysis as a worker runs it (JSON in, JSON out; see ``analyse``)."""
    importlib.import_module("spelbord.games")  # a worker process registers the games
    return analyse(analyser(game), load(game, **options), text, seconds)


def _game(name: str, options: Any) -> Game:
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise BadRequestError("options must be a JSON object")
    return load(name, **options)


def between_people(table: LiveTable) -> bool:
    """Whether people play each other at ``table``: two or more of its seats are played
    by people (at one screen, invited or open), whoever sits there now."""
    return sum(1 for seat in table.seats if seat.kind in HUMAN_KINDS) >= 2


def people_only(table: LiveTable) -> bool:
    """Whether ``table`` is a live game between people (``between_people``, running)."""
    return table.status != "finished" and between_people(table)


def _near_positions(board: Analyser, state: State) -> set[str]:
    """The position texts of ``state`` and of every position one legal move from it (a
    player's candidate moves): what the analysis board would help with."""
    texts = {board.text(state)}
    if state.is_terminal() or state.current_player() < 0:
        return texts
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        texts.add(board.text(child))
    return texts


OPENING_PLIES = 6
"""A live game between people keeps positions from the analysis board once it has left
the opening: from its sixth decision on. Before that its positions (the start and the
first moves) are every game's, and refusing them would close the board to everyone
whenever any two people had just sat down (docs/fair-play.md)."""


def _live_game_at(hub: Hub, board: Analyser, game: Game, text: str) -> LiveTable | None:
    """A live game between people, past its opening (``OPENING_PLIES``), whose position
    is ``text`` or one move from it (under the same options), else ``None``."""
    wanted = board.text(board.parse(text, game))
    for table in hub.live_tables():
        if table.game.name != game.name or not people_only(table):
            continue
        if table.game.options != game.options or table.state.is_terminal():
            continue
        if table.state.move_number() < OPENING_PLIES:
            continue
        if wanted in _near_positions(board, table.state):
            return table
    return None


@router.post("/api/analyse/{game}")
async def analyse_position(
    game: str, request: Request, limit: Limit, hub: TheHub
) -> dict[str, Any]:
    board = _analyser(game)
    data = await _json(request)
    text = data.get("position")
    if not isinstance(text, str) or len(text) > 2000:
        raise BadRequestError(
            'expected {"position": "<position text>", "options": {...}, "seconds": 1.0}'
        )
    seconds = data.get("seconds", DEFAULT_SECONDS)
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not seconds > 0:
        raise BadRequestError("seconds must be a positive number")
    seconds = min(float(seconds), MAX_SECONDS)
    chosen = _game(game, data.get("options"))
    limit("analyse")  # the server's limits (``ratelimit``)
    board.parse(text, chosen)  # a bad position fails fast, before waiting for the engine
    live = _live_game_at(hub, board, chosen, text)
    if live is not None:
        raise ForbiddenError(
            f"this is the position of a live game between people (table {live.id}): "
            "no engine analysis until it is over"
        )
    kwargs = {"game": game, "options": chosen.options, "text": text, "seconds": seconds}
    try:
        report: dict[str, Any] = await request.app.state.jobs.analyse(
            ANALYSE, kwargs, client_of(request), seconds
        )
    except RuntimeError as exc:
        raise AnalysisFailedError(f"the analysis failed: {exc}") from None
    return report


MAX_MOVE_TEXT = 100
"""The longest move text the analysis board reads."""


@router.post("/api/analyse/{game}/board")
async def board_position(game: str, request: Request, limit: Limit) -> dict[str, Any]:
    """A position's board view, after ``move`` if one is given (see the module)."""
    board = _analyser(game)
    data = await _json(request)
    text = data.get("position")
    move = data.get("move")
    if not isinstance(text, str) or len(text) > 2000:
        raise BadRequestError('expected {"position": "<position text>", "move": "<move>"}')
    if move is not None and (not isinstance(move, str) or len(move) > MAX_MOVE_TEXT):
        raise BadRequestError(f"move must be a move's text of at most {MAX_MOVE_TEXT} characters")
    chosen = _game(game, data.get("options"))
    limit("board")  # the server's limits (``ratelimit``)
    state = board.parse(text, chosen)
    played: str | None = None
    marks: list[str] = []
    if move is not None:
        if state.is_terminal():
            raise BadRequestError("the game is over in this position: no move can be played")
        action = state.string_to_action(move)
        played = state.action_to_string(action)
        marks = list(state.move_marks(action, state.current_player()))
        state.apply_action(action)
    return {
        "game": game,
        "options": chosen.options,
        "position": board.text(state),
        "move": played,
        "marks": marks,
        "view": _view(state),
    }


@router.get("/api/analyse/{game}/start")
def analysis_start(game: str, request: Request) -> dict[str, Any]:
    """The start position's text under the options in the query (``?variant=ocius``)."""
    board = _analyser(game)
    chosen = _game(game, dict(request.query_params))
    return {
        "game": game,
        "options": chosen.options,
        "position": board.text(chosen.new_initial_state()),
        "info": chosen.info.as_dict(),
    }


def analysis_url(game: Game, text: str) -> str:
    """The analysis board's address of a position: options that differ from their
    defaults in the query, the position text in the fragment.

    >>> from spelbord.core.registry import load
    >>> import spelbord.games
    >>> analysis_url(load("coerceo", variant="ocius"), "move: black")
    '/analysis/coerceo?variant=ocius#move%3A%20black'
    """
    defaults = {o.name: o.default for o in game.info.options}
    changed = {k: v for k, v in game.options.items() if defaults.get(k) != v}
    words = {k: str(v).lower() if isinstance(v, bool) else str(v) for k, v in changed.items()}
    query = f"?{urlencode(words)}" if words else ""
    return f"/analysis/{game.name}{query}#{quote(text, safe='')}"


@router.get("/api/tables/{table_id}/analysis")
async def table_analysis(
    table_id: str, hub: TheHub, ply: int | None = None, token: str | None = None
) -> dict[str, Any]:
    """The analysis board's position and URL for a table's position (see the module)."""
    table = await hub.read(table_id)
    name = table.game.name
    board = _analyser(name)
    seat = table.seat_of(token)
    history = table.state.history()
    finished = table.status == "finished"
    if not finished:
        if game_class(name).info.information != "perfect":
            raise ForbiddenError(
                f"{name} hides information: a live game is not analysed, only a finished one"
            )
        if between_people(table):
            raise ForbiddenError(
                "no engine analysis while people play each other: this game is "
                "analysed when it is over"
            )
        solo = any(s.kind in HUMAN_KINDS for s in table.seats)
        if solo and seat is None:
            raise ForbiddenError(
                "a live game is analysed only by the player to move: spectators wait "
                "until it is finished"
            )
        if solo and table.state.current_player() != seat:
            raise ForbiddenError("a live game is analysed only by the player to move")
        if solo and ply is not None and ply != len(history):
            raise ForbiddenError("a live game is analysed only at its current position")
    if ply is None:
        ply = len(history)
    if not 0 <= ply <= len(history):
        raise BadRequestError(f"ply must be 0..{len(history)}, got {ply}")
    state = table.game.new_initial_state()
    for move in history[:ply]:
        if isinstance(move, int):
            state.apply_action(move)
        else:
            state.apply_actions(list(move))
    if state.is_terminal():
        raise ConflictError("the game is over at this ply: there is nothing to analyse")
    text = board.text(state)
    return {
        "game": name,
        "options": table.game.options,
        "ply": ply,
        "position": text,
        "url": analysis_url(table.game, text),
    }
