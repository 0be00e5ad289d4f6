"""The flow of an Omringad game (R5-R92, R100-R125): which phase decides, its legal
actions, its chance events, and what an action does, as pure functions of an
``OmringadData``; each phase is played by its module in ``phases/``.

Phases (``state.phase``), in the order of a round: ``setup`` (secret terrain,
simultaneous, ``phases.setup``, R5), ``pregame`` (opening purchase and placement,
simultaneous, ``phases.purchase``, R70), then rounds of ``initiative`` (a chance roll-off in
round 1, R72), ``auction`` (from round 2 while the cup holds a special unit,
``phases.auction``, R100-R105), ``purchase`` (simultaneous, secret, ``phases.purchase``,
R73), ``move`` (in turn order, one group at a time, ``phases.move``, R30-R38), ``battle``
(one chance event per die, hit allocations, the diplomat's ``envoy``/``fight``,
``phases.battle``, R40-R49, R110-R117), ``reinforce`` (in turn order,
``phases.reinforce``, R55-R56), after which income, scoring and the win are settled at
once (R61-R63). With four players (option ``players``) the map has four countries, turns
go clockwise, allies (option ``teams``) never fight each other, and a battle may have more
than two parties; each hit's roller then chooses which enemy party takes it (R123).

>>> from spelbord.games.omringad.game import OmringadGame
>>> st = OmringadGame().new_initial_state()
>>> current_player(st) == SIMULTANEOUS, len(actions(st, 1))
(True, 25)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from spelbord.core import CHANCE, SIMULTANEOUS, TERMINAL
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.phases import auction, battle, move, purchase, reinforce, setup

if TYPE_CHECKING:
    from spelbord.games.omringad.map import GameMap
    from spelbord.games.omringad.position import OmringadData

STALL_LIMIT = battle.STALL_LIMIT
"""Rolled battle steps in a row without a hit after which the battle is a stand-off (R92)."""

DIE_FACES = 6
"""Chance actions 0..5 of a battle are the faces 1..6 of the die being rolled (R40)."""


def current_player(state: OmringadData) -> int:
    """Who decides now: a seat, ``CHANCE``, ``SIMULTANEOUS`` or ``TERMINAL``."""
    p = state.phase
    if p == "over":
        return TERMINAL
    if p in ("setup", "pregame", "purchase"):
        return SIMULTANEOUS
    if p == "initiative":
        return CHANCE
    if p == "auction":
        return auction.current_player(state)
    if p == "move":
        return state.mover
    if p == "battle":
        return battle.current_player(state)
    return state.reinforcer


def actions(state: OmringadData, seat: int) -> list[int]:
    """The legal actions of ``seat`` in the phase being played (unsorted)."""
    p = state.phase
    if p == "setup":
        return setup.actions(state, seat)
    if p in ("pregame", "purchase"):
        return purchase.actions(state, seat)
    if p == "auction":
        return auction.actions(state, seat)
    if p == "move":
        return move.actions(state, seat)
    if p == "battle":
        return battle.actions(state)
    return reinforce.actions(state, seat)


def chance_outcomes(state: OmringadData) -> list[tuple[int, float]]:
    """The initiative roll-off (R72), the auction's draw (R101) or a battle's die (R40)."""
    if state.phase == "initiative":
        n = state.num_players()
        return [(s, 1.0 / n) for s in range(n)]
    if state.phase == "auction":
        return auction.chance_outcomes(state)
    return [(face, 1.0 / DIE_FACES) for face in range(DIE_FACES)]


def apply(state: OmringadData, action: int) -> None:
    """One seat's decision or one chance outcome."""
    p = state.phase
    if p == "initiative":
        state.initiative = action
        auction.start(state)
    elif p == "auction":
        auction.apply(state, action)
    elif p == "move":
        move.apply(state, action)
    elif p == "battle":
        battle.apply(state, action)
    else:
        reinforce.apply(state, action)


def apply_simultaneous(state: OmringadData, moves: Sequence[int]) -> None:
    """Every seat's decision at once (setup, the opening and a round's purchase)."""
    if state.phase == "setup":
        setup.apply(state, moves)
    else:
        purchase.apply(state, moves)


def action_text(state: OmringadData, player: int, action: int) -> str:
    """The notation of ``player``'s ``action`` here (``notation``, the auction, a die)."""
    if state.phase == "auction":
        return auction.action_text(state, player, action)
    if player == CHANCE:
        if state.phase == "initiative":
            return f"initiative {state.map.letters[action]}"
        return battle.die_text(state, action + 1)
    return _text(state.map, action)


def _text(game_map: GameMap, action: int) -> str:
    """``N.text`` on ``game_map``, memoized per map (plans read every action's text at
    every decision; a map is immutable and kept alive by its cache entry)."""
    entry = _TEXTS.get(id(game_map))
    if entry is None or entry[0] is not game_map:
        if len(_TEXTS) >= 64:
            _TEXTS.clear()
        entry = _TEXTS[id(game_map)] = (game_map, {})
    texts = entry[1]
    found = texts.get(action)
    if found is None:
        found = texts[action] = N.text(action, game_map.label)
    return found


_TEXTS: dict[int, tuple[GameMap, dict[int, str]]] = {}
