"""What a client may see: the one exit point for game information.

Everything the server sends about a game (live views, move lists, replay frames, exports)
is built here, from ``state.observation(seat)`` of the viewer's seat (spectators:
``observation(None)``) and from move records filtered for that viewer:

* a move's notation is shown to the viewers the game allows (``State.action_visible_to``:
  by default everything in perfect-information games, else only the acting seat), and to
  everyone once the game is over;
* the others see a generic ``seat N moved`` (or ``chance``);
* a move the clock played for a seat whose time ran out says so to everyone (the clock is
  public): `` (time)`` after its text and ``"timeout": true`` in its entry.

A move list has exactly one entry per ply (``history()[ply]``), chance and joint actions
included, so replay frame ``i`` is the position after entry ``i - 1``. A joint action at a
simultaneous node is one entry with ``seat`` ``SIMULTANEOUS`` (-2), the parts joined by
``"; "`` as its text and one ``{"seat", "text"}`` per seat in ``parts``.

>>> rec = MoveRecord(ply=3, player=1, parts=((1, "b2-c3", {"action": 9, "text": "b2-c3"}, (1,)),))
>>> visible_moves([rec], viewer=0, reveal=False)
[{'ply': 3, 'seat': 1, 'text': 'hidden move', 'kind': 'hidden', 'hidden': True}]
>>> visible_moves([rec], viewer=1, reveal=False)
[{'ply': 3, 'seat': 1, 'text': 'b2-c3'}]
>>> late = MoveRecord(3, 1, rec.parts, timeouts=(1,))
>>> entry = visible_moves([late], viewer=0, reveal=False)[0]
>>> entry["text"], entry["kind"], entry["hidden"], entry["timeout"]
('hidden move (time)', 'hidden', True, True)
>>> bids = MoveRecord(2, SIMULTANEOUS, ((0, "bid 1", {}, (0,)), (1, "bid 0", {}, (1,))), (1,))
>>> visible_moves([bids], viewer=0, reveal=False)[0]["text"]
'bid 1; hidden move (time)'
>>> visible_moves([bids], viewer=0, reveal=True)[0]["parts"]
[{'seat': 0, 'text': 'bid 1'}, {'seat': 1, 'text': 'bid 0 (time)', 'timeout': True}]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spelbord.core import CHANCE, SIMULTANEOUS, TERMINAL, Game, Move, State
from spelbord.core.record import RECORD_FORMAT
from spelbord.core.registry import tools
from spelbord.core.tools import live_tools
from spelbord.server.errors import ForbiddenError
from spelbord.server.tables import results

TIME_SUFFIX = " (time)"
"""After the text of a move the clock played (the page shows its own words for it: a
hidden move or chance outcome by its ``kind``, a visible move without this suffix)."""


@dataclass(frozen=True)
class MoveRecord:
    """One move of a game with its full notation, kept on the server only.

    ``player`` is the seat that moved, ``CHANCE`` or ``SIMULTANEOUS``; ``parts`` holds one
    ``(seat or CHANCE, text, action dict, viewers who may see it)`` per acting seat (several
    at a joint action); ``None`` among the viewers stands for spectators. ``timeouts``: the
    seats whose part the clock played when their time ran out.
    """

    ply: int
    player: int
    parts: tuple[tuple[int, str, dict[str, Any], tuple[int | None, ...]], ...]
    timeouts: tuple[int, ...] = ()


def _viewers(before: State, player: int, action: int) -> tuple[int | None, ...]:
    candidates: list[int | None] = [None, *range(before.num_players())]
    return tuple(v for v in candidates if before.action_visible_to(player, action, v))


def describe_move(before: State, move: Move, timeouts: Iterable[int] = ()) -> MoveRecord:
    """The record of ``move`` taken in state ``before`` (which it does not change);
    ``timeouts``: the seats whose part the clock played."""
    ply = before.move_number()
    timed = tuple(sorted(set(timeouts))) if timeouts else ()
    if isinstance(move, int):
        player = before.current_player()
        seen = _viewers(before, player, move)
        if player == CHANCE:
            text = before.action_to_string(move, CHANCE)
            said = _marked({"action": move, "text": text}, before, move, CHANCE)
            return MoveRecord(ply, CHANCE, ((CHANCE, text, said, seen),))
        text = before.action_to_string(move, player)
        said = _marked(before.action_to_dict(move, player), before, move, player)
        return MoveRecord(ply, player, ((player, text, said, seen),), timed)
    parts = tuple(
        (
            seat,
            before.action_to_string(a, seat),
            _marked(before.action_to_dict(a, seat), before, a, seat),
            _viewers(before, seat, a),
        )
        for seat, a in enumerate(move)
    )
    return MoveRecord(ply, SIMULTANEOUS, parts, timed)


def _marked(said: dict[str, Any], before: State, action: int, player: int) -> dict[str, Any]:
    """An action's dict with the game's marks of it (``State.move_marks``) as ``marks``."""
    marks = before.move_marks(action, player)
    return {**said, "marks": list(marks)} if marks else said


def records_of(
    game: Game, history: Sequence[Move], timeouts: Mapping[int, Iterable[int]] | None = None
) -> tuple[State, list[MoveRecord]]:
    """Replay ``history`` from the start; the final state and every move's record.

    ``timeouts`` maps a ply to the seats whose move there the clock played.
    """
    timeouts = timeouts or {}
    state = game.new_initial_state()
    records: list[MoveRecord] = []
    for move in history:
        records.append(describe_move(state, move, timeouts.get(state.move_number(), ())))
        if isinstance(move, int):
            state.apply_action(move)
        else:
            state.apply_actions(list(move))
    return state, records


def reveals_all(game: Game, finished: bool) -> bool:
    """Whether every seat may see every move's notation: perfect information, or game over."""
    return finished or game.info.information == "perfect"


def _part_visible(viewers: tuple[int | None, ...], viewer: int | None, reveal: bool) -> bool:
    return reveal or viewer in viewers


def move_entry(rec: MoveRecord, viewer: int | None, reveal: bool) -> dict[str, Any]:
    """The move-list entry of one record (one ply) as ``viewer`` may see it.

    A single seat's move or a chance outcome: ``{"ply", "seat", "text"}``. A joint action:
    ``{"ply", "seat": SIMULTANEOUS, "text": "a; b", "parts": [{"seat", "text"}, ...]}``.
    ``"timeout": true`` marks a move (or a part, and then its joint entry too) the clock
    played (its text ends in `` (time)``); ``"hidden": true`` a part ``viewer`` may not see
    (its text is "hidden move"); a hidden part or chance outcome also carries ``"kind"``
    (``"hidden"`` or ``"chance"``), the key the page translates instead of the English text.
    ``"marks"``: the game's names of what a visible move brought about (``move_marks``: a
    capture, a battle), which the page shows as signs with words.
    """
    parts: list[dict[str, Any]] = []
    for actor, text, said, viewers in rec.parts:
        hidden = not _part_visible(viewers, viewer, reveal)
        # A hidden move names no seat: the page shows whose it is by the seat's own name.
        shown = ("chance" if actor == CHANCE else "hidden move") if hidden else text
        part: dict[str, Any] = {"seat": actor, "text": shown}
        if not hidden and said.get("marks"):
            part["marks"] = list(said["marks"])  # as seen as the notation (``move_marks``)
        if hidden:
            # ``kind`` lets the page show the words in its own language ("moves.hidden").
            part["kind"] = "chance" if actor == CHANCE else "hidden"
        if hidden and actor != CHANCE:
            part["hidden"] = True
        if actor in rec.timeouts:
            part.update(text=shown + TIME_SUFFIX, timeout=True)
        parts.append(part)
    if rec.player != SIMULTANEOUS:
        return {"ply": rec.ply, **parts[0]}
    entry: dict[str, Any] = {
        "ply": rec.ply,
        "seat": SIMULTANEOUS,
        "text": "; ".join(p["text"] for p in parts),
        "parts": parts,
    }
    if rec.timeouts:
        entry["timeout"] = True
    return entry


def visible_moves(
    records: Iterable[MoveRecord], viewer: int | None, reveal: bool
) -> list[dict[str, Any]]:
    """The move list ``viewer`` may see: one entry per record (ply), see ``move_entry``."""
    return [move_entry(rec, viewer, reveal) for rec in records]


def last_visible(records: Sequence[MoveRecord], viewer: int | None, reveal: bool) -> Any:
    """The action dict of the latest decision, if ``viewer`` may see it (else ``None``).

    A revealed joint action is ``{"text": "a; b", "joint": [dict per seat]}``. A move the
    clock played has ``"timeout": true`` (in the joint, on the timed-out seats' dicts).
    """
    for rec in reversed(records):
        if rec.player == CHANCE:
            continue
        seen = [
            (t, {**d, "timeout": True} if s in rec.timeouts else d)
            for s, t, d, vs in rec.parts
            if _part_visible(vs, viewer, reveal)
        ]
        if rec.player == SIMULTANEOUS and len(seen) > 1:
            return {"text": "; ".join(t for t, _ in seen), "joint": [d for _, d in seen]}
        return seen[0][1] if seen else None
    return None


def result_of(state: State) -> dict[str, Any] | None:
    """The result block of a finished game (by the rules), else ``None``
    (``results.of_state``: in words for more than two seats, with ``by``)."""
    return results.of_state(state)


def your_turn(state: State, status: str, viewer: int | None, submitted: Iterable[int]) -> bool:
    """Whether ``viewer`` has a decision to make now."""
    if viewer is None or status != "running":
        return False
    player = state.current_player()
    if player == SIMULTANEOUS:
        return viewer not in set(submitted) and bool(state.legal_actions(viewer))
    return player == viewer


def build_view(
    *,
    table_id: str,
    status: str,
    state: State,
    records: Sequence[MoveRecord],
    viewer: int | None,
    seats: list[dict[str, Any]],
    result: dict[str, Any] | None,
    submitted: Iterable[int] = (),
    clocks: Sequence[dict[str, Any]] = (),
    moves: Sequence[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The VIEW of the API contract for ``viewer`` (a seat, or ``None``: a spectator).

    ``legal`` describes the viewer's legal actions for its renderer (``legal_to_dicts``:
    possibly in a game's compact form); ``actions`` lists their plain ids. ``tools`` holds
    what the game's tools say about the position (``core.tools.live_tools``: Omringad's
    battle odds), computed from the viewer's own observation only.

    ``clocks`` are the running decision clocks, one per timed seat in seat order, each
    ``{"seat", "seconds", "deadline", "remaining"}``; the view carries them as ``clocks``
    (a list, empty when nothing is timed) and ``clock`` (the first of them, or ``None``:
    at a single-seat decision the one clock there can be).

    ``moves`` is the whole move list, one entry per ply from ply ``moves_from`` (0 here; a
    live frame may carry only the entries its client lacks, see ``LiveTable.broadcast``);
    ``moves``, if given, is that list already built (``visible_moves(records, viewer, ...)``).
    """
    game = state.game
    finished = status == "finished"
    reveal = reveals_all(game, finished)
    mine = your_turn(state, status, viewer, submitted)
    legal: list[dict[str, Any]] = []
    actions: list[int] = []
    if mine and viewer is not None:
        actions = state.legal_actions(viewer)
        legal = state.legal_to_dicts(viewer)
    to_move = TERMINAL if finished else state.current_player()
    observation = state.observation(viewer)
    return {
        "table": table_id,
        "game": game.name,
        "rules_version": game.rules_version,
        "options": game.options,
        "status": status,
        "seat": viewer,
        "ply": state.move_number(),
        "to_move": to_move,
        "your_turn": mine,
        "observation": observation,
        # What the game's tools say from this observation only (battle odds ...).
        "tools": {} if finished else live_tools(tools(game.name), observation),
        "legal": legal,
        "actions": actions,
        "moves": list(moves) if moves is not None else visible_moves(records, viewer, reveal),
        "moves_from": 0,
        "seats": seats,
        "result": result,
        "last": last_visible(records, viewer, reveal),
        "clock": clocks[0] if clocks else None,
        "clocks": list(clocks),
    }


def replay(
    game: Game,
    history: Sequence[Move],
    viewer: int | None,
    finished: bool,
    timeouts: Mapping[int, Iterable[int]] | None = None,
    result: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Replay frames and the move list of ``history`` for ``viewer``, as one sequence.

    ``frames[0]`` is the start position and ``frames[i]`` the position after
    ``moves[i - 1]`` (``ply`` ``i``): one move-list entry per ply, built in the same step as
    its frame, so there are exactly ``len(moves) + 1`` frames. ``timeouts`` maps a ply to
    the seats whose move there the clock played; ``result``: the table's result, shown on
    the last frame of a finished game that the rules did not end (a resignation).
    """
    timeouts = timeouts or {}
    reveal = reveals_all(game, finished)
    state = game.new_initial_state()
    records: list[MoveRecord] = []
    moves: list[dict[str, Any]] = []
    frames = [_frame(state, records, viewer, reveal)]
    for move in history:
        record = describe_move(state, move, timeouts.get(state.move_number(), ()))
        if isinstance(move, int):
            state.apply_action(move)
        else:
            state.apply_actions(list(move))
        records.append(record)
        moves.append(move_entry(record, viewer, reveal))
        frames.append(_frame(state, records, viewer, reveal))
    if finished and result is not None and frames[-1]["result"] is None:
        frames[-1] = {**frames[-1], "to_move": TERMINAL, "result": result}
    return {"rules_version": game.rules_version, "frames": frames, "moves": moves}


def _frame(
    state: State, records: Sequence[MoveRecord], viewer: int | None, reveal: bool
) -> dict[str, Any]:
    return {
        "ply": state.move_number(),
        "to_move": state.current_player(),
        "observation": state.observation(viewer),
        "last": last_visible(records, viewer, reveal),
        "result": result_of(state),
    }


def notation_of(game: Game, history: Sequence[Move]) -> list[str | list[str]]:
    """Each move of ``history`` in the game's notation, as its seat wrote it: a text per
    decision or chance outcome, a list of texts (one per seat) per joint action; the game
    reads each back (``State.string_to_action``) to the same action.

    >>> import spelbord.games
    >>> from spelbord.core.registry import load
    >>> notation_of(load("coerceo"), [18, 36])
    ['a3:3-a3:1', 'a4:0-a4:2']
    """
    state = game.new_initial_state()
    out: list[str | list[str]] = []
    for move in history:
        if isinstance(move, int):
            out.append(state.action_to_string(move, state.current_player()))
            state.apply_action(move)
        else:
            out.append([state.action_to_string(a, seat) for seat, a in enumerate(move)])
            state.apply_actions(list(move))
    return out


def export_record(
    *,
    game: Game,
    seed: int,
    history: Sequence[Move],
    finished: bool,
    resigned: int | None,
    result: dict[str, Any] | None,
    timeouts: Mapping[int, Iterable[int]] | None = None,
) -> dict[str, Any]:
    """The full game record: only for finished games or perfect-information games.

    The seed (which decides every future chance outcome) leaves only once the game is over.
    ``timeouts`` (ply -> seats whose move the clock played) is written as ``[[ply, seat]]``.
    ``version`` is the rules version the game was played under (``Game.rules_version``);
    a record without it predates versions and is read as version 1. ``notation`` gives each
    move of ``moves`` in the game's notation (``notation_of``), for people to read; an
    import reads either.
    """
    if not reveals_all(game, finished):
        raise ForbiddenError(
            "this game hides information and is still running: export it when it is over"
        )
    return {
        "format": RECORD_FORMAT,
        "game": game.name,
        "version": game.rules_version,
        "options": game.options,
        "seed": seed if finished else None,
        "moves": [m if isinstance(m, int) else list(m) for m in history],
        "notation": notation_of(game, history),
        "resigned": resigned,
        "result": results.restated(game, result, resigned) if finished and result else None,
        "timeouts": [[p, s] for p, seats in sorted((timeouts or {}).items()) for s in seats],
    }
