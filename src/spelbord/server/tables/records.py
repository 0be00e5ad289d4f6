"""Game records: the game a stored table is played under, resign results, the margins at
the end of a stored log, and exported records read back (checked by replaying).

Every table and every exported record carries the rules version its game is played under
(``GameInfo.version`` when it was made); ``table_game`` is the one place a stored table's
game is built, always under that version, so a game stored or exported under older rules
replays exactly as it was played. An exported record without ``"version"`` comes from
before versions were recorded: it is read as version 1.

>>> from spelbord.games import load
>>> resign_result(load("coerceo"), 0)["text"]
'0-1'
"""

from __future__ import annotations

import logging
import secrets
import time
from typing import Any

import sqlalchemy as sa

from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    Game,
    IllegalActionError,
    NotationError,
    RulesVersionError,
    SpelbordError,
    State,
)
from spelbord.core.registry import load
from spelbord.server.errors import BadRequestError, UnplayableTableError
from spelbord.server.ids import new_id
from spelbord.server.tables import results, views
from spelbord.server.tables.store import (
    ACTION,
    CHANCE_OUTCOME,
    JOINT,
    RESIGN,
    LogEntry,
    SeatRecord,
    TableRecord,
    played_moves,
    read_game,
    read_log,
)

log = logging.getLogger(__name__)

UNVERSIONED = 1
"""The rules version of a record or table stored before versions were recorded."""


def table_game(record: TableRecord) -> Game:
    """The game of a stored table, under the rules version it is played under.

    ``UnplayableTableError`` (409) when this installation cannot build it: the version is
    no longer kept (or is newer than this code), or the game or its options are gone.
    """
    try:
        return load(record.game, rules_version=record.rules_version, **record.options)
    except SpelbordError as exc:
        raise UnplayableTableError(
            f"table {record.id} ({record.game}, rules version {record.rules_version}) "
            f"cannot be replayed by this installation: {exc}"
        ) from None


def replay_failed(record: TableRecord, exc: Exception) -> UnplayableTableError:
    """The error for a stored table whose log does not replay (logged with its cause)."""
    if isinstance(exc, UnplayableTableError):
        return exc
    log.error("table %s does not replay", record.id, exc_info=exc)
    return UnplayableTableError(
        f"table {record.id} ({record.game}, rules version {record.rules_version}) "
        f"does not replay under that version: {exc}"
    )


def resign_result(game: Game, seat: int) -> dict[str, Any]:
    """The result when ``seat`` resigns: its team loses, every other seat wins
    (``results.resigned``)."""
    return results.resigned(game, seat)


def margins_of(conn: sa.Connection, table_id: str) -> list[float] | None:
    """The game's margin per seat (``State.margin``) at the end of a table's log, read
    through ``conn`` (so it sees the moves of the transaction that finishes the game)."""
    row = read_game(conn, table_id)
    if row is None:
        return None
    game = load(row.game, rules_version=row.rules_version, **row.options)
    state = game.new_initial_state()
    for entry in played_moves(read_log(conn, table_id)):
        if entry.kind == JOINT:
            state.apply_actions(list(entry.payload))
        else:
            state.apply_action(entry.payload)
    margins = state.margin()
    return None if margins is None else [float(m) for m in margins]


def _agreed(result: Any) -> bool:
    """Whether a record's result says the game ended in a draw its players agreed
    (``social``: termination ``agreement``)."""
    return isinstance(result, dict) and result.get("termination") == "agreement"


def _timeouts(raw: Any) -> dict[int, set[int]]:
    """The optional ``timeouts`` of a record, ``[[ply, seat], ...]``, as ply -> seats."""
    out: dict[int, set[int]] = {}
    if raw is None:
        return out
    if not isinstance(raw, list) or len(raw) > 100_000:
        raise BadRequestError("'timeouts' must be a list of [ply, seat] pairs")
    for pair in raw:
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in pair)
        ):
            raise BadRequestError("'timeouts' must be a list of [ply, seat] pairs")
        out.setdefault(pair[0], set()).add(pair[1])
    return out


MAX_NOTATION = 120
"""The longest notation text of one move (or one seat's part) a record may give."""


def _read_action(state: State, text: Any, seat: int | None, seq: int) -> int:
    """The action a record's move names: an id as it is, a notation text parsed by the
    game (``State.string_to_action``) for ``seat`` (``None``: whoever decides now)."""
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    if not isinstance(text, str) or not text.strip() or len(text) > MAX_NOTATION:
        shown = repr(text)[:40]
        raise BadRequestError(f"move {seq} ({shown}) does not fit the position")
    try:
        return state.string_to_action(text, seat)
    except NotationError as exc:
        raise IllegalActionError(str(exc)) from None


def _read_move(state: State, move: Any, seq: int) -> Any:
    """A record's move with every notation text read as its action id: a single decision
    (an id or a text), or a joint action (a list, each seat's part an id or a text)."""
    if isinstance(move, list) and state.current_player() == SIMULTANEOUS:
        if len(move) != state.num_players():
            raise BadRequestError(f"move {seq} ({repr(move)[:40]}) does not fit the position")
        return [_read_action(state, part, seat, seq) for seat, part in enumerate(move)]
    if isinstance(move, str):
        return _read_action(state, move, None, seq)
    return move


def record_from_export(data: Any) -> TableRecord:
    """Validate an exported record by replaying it; a finished, read-only table record.

    Its moves are ``moves`` (action ids), or ``notation`` when it has no ``moves`` (the
    game's texts, as ``export_record`` writes them beside the ids); either list may mix
    ids and texts. A text that names no legal action is refused with the ply it stands at.

    The record is replayed under its ``"version"`` (absent: ``UNVERSIONED``, version 1);
    a version this installation cannot play, or a move that is illegal under it, is
    refused with a ``BadRequestError`` that names the version (and the move).
    """
    if not isinstance(data, dict) or data.get("format") != views.RECORD_FORMAT:
        raise BadRequestError(f"not a game record (format must be {views.RECORD_FORMAT!r})")
    name, options = data.get("game"), data.get("options") or {}
    # the action ids, or else the moves in the game's notation (either may be written as
    # the other: an id or a text per move, per seat's part at a joint action)
    moves = data["moves"] if "moves" in data else data.get("notation")
    if not isinstance(name, str) or not isinstance(options, dict) or not isinstance(moves, list):
        raise BadRequestError("a record needs 'game', 'options' and a list of 'moves'")
    if "rules_version" in options:
        raise BadRequestError("a record gives its rules version as 'version', not as an option")
    version = data.get("version", UNVERSIONED)
    if version is None:  # load() would read None as "the newest"
        raise BadRequestError(
            "the record cannot be replayed here: its rules version must be a whole number; got null"
        )
    try:
        game = load(name, rules_version=version, **options)
    except RulesVersionError as exc:
        raise BadRequestError(f"the record cannot be replayed here: {exc}") from None
    resigned = data.get("resigned")
    timeouts = _timeouts(data.get("timeouts"))
    state = game.new_initial_state()
    entries: list[LogEntry] = []
    try:
        for seq, written in enumerate(moves):
            player = state.current_player()
            ply = state.move_number()
            move = _read_move(state, written, seq)
            timed = timeouts.pop(ply, set())
            if isinstance(move, list) and player == SIMULTANEOUS:
                late = tuple(sorted(s for s in timed if 0 <= s < len(move)))
                if len(late) != len(timed):
                    raise BadRequestError(f"'timeouts': no such seat at move {ply}")
                entries.append(LogEntry(seq, ply, JOINT, None, move, late))
                state.apply_actions(move)
            elif isinstance(move, int) and not isinstance(move, bool) and player != SIMULTANEOUS:
                kind = CHANCE_OUTCOME if player == CHANCE else ACTION
                if timed and (player < 0 or timed != {player}):
                    raise BadRequestError(f"'timeouts': seat {min(timed)} did not move at {ply}")
                seat = player if player >= 0 else None
                entries.append(LogEntry(seq, ply, kind, seat, move, tuple(timed)))
                state.apply_action(move)
            else:
                raise BadRequestError(f"move {seq} ({move!r}) does not fit the position")
    except IllegalActionError as exc:
        raise BadRequestError(
            f"the record is not a legal game under {game.name} rules version "
            f"{game.rules_version}: move {seq} ({move!r}) at ply {ply}: {exc}"
        ) from None
    if timeouts:
        raise BadRequestError(f"'timeouts' names move {min(timeouts)}, which the record lacks")
    result = views.result_of(state)
    if resigned is not None:
        if (
            not isinstance(resigned, int)
            or not 0 <= resigned < game.num_players()
            or state.is_terminal()
        ):
            raise BadRequestError("'resigned' must be the seat that resigned an unfinished game")
        result = resign_result(game, resigned)
        entries.append(LogEntry(len(entries), state.move_number(), RESIGN, resigned, None))
    elif result is None and _agreed(data.get("result")):
        result = results.agreed_draw(game)  # the people at the table agreed a draw
    elif result is None:
        raise BadRequestError("the record does not finish the game; only finished games import")
    seed = data.get("seed")
    now = time.time()
    return TableRecord(
        id=new_id(),
        game=game.name,
        options=game.options,
        seed=seed if isinstance(seed, int) and 0 <= seed < 2**63 else secrets.randbits(63),
        status="finished",
        ply=state.move_number(),
        result=result,
        source="import",
        created_at=now,
        updated_at=now,
        rules_version=game.rules_version,
        seats=tuple(
            SeatRecord(i, "open", game.info.seat_name(i)) for i in range(game.num_players())
        ),
        log=tuple(entries),
    )
