"""The movement phase (R30-R38, R112, R116, R118), played on an ``OmringadData``.

In turn order from the initiative holder, a seat moves one group at a time or passes
(R30): it picks the square the group leaves, takes its units one by one (``done`` when the
group is whole), then steps square by square (``stop`` ends the move early). A seat that
passed moves no more this round; when every seat has passed, the battles follow
(``battle``). A group entering a square where enemies stand is recorded in
``state.entries`` (who, from where, how many), which binds what may later leave (R35) and
from version 2 where the group retreats to (R48).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.movement import Entry, conquers, exit_restriction, next_steps
from spelbord.games.omringad.phases import battle
from spelbord.games.omringad.players import turn_order
from spelbord.games.omringad.siege import enemies
from spelbord.games.omringad.specials import horses_keep_company, lake_entry
from spelbord.games.omringad.units import Kind, Stack, Unit

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData


def start(state: OmringadData) -> None:
    """The movement begins: who was on each square first, every unit unmoved (R30)."""
    state.phase = "move"
    n = state.map.num_squares
    state.entries = [[] for _ in range(n)]
    state.first = [state.board[sq][0][0] if state.board[sq] else -1 for sq in range(n)]
    if state.game.controller_defends:
        controllers_defend(state)
    for stacks in state.board:
        for s in stacks:
            s[1:] = [c & ~1 for c in s[1:]]
    state.passed = [False] * state.num_players()
    state.mover = state.initiative
    state.origin, state.group, state.path = -1, [], []


def controllers_defend(state: OmringadData) -> None:
    """A settlement its controller reinforced beside another player's units (a lone
    magician, say) is defended by the controller in the next battle there, castle bonus
    and all (R55, rules version 4). Only reinforcing leaves two players' units on one
    square between rounds, so these are exactly the settlements reinforced so."""
    for sq, here in enumerate(state.board):
        owners = [s[0] for s in here]
        if len(owners) > 1 and state.control[sq] in owners:
            state.first[sq] = state.control[sq]


def restriction(state: OmringadData, square: int, owner: int) -> tuple[int, frozenset[int]]:
    """How many units must stay on ``square`` and the squares they may not leave to (R35)."""
    es = [Entry(e[0], e[1], e[2]) for e in state.entries[square]]
    return exit_restriction(es, owner, state.teams)


def origins(state: OmringadData, seat: int) -> list[int]:
    """Squares a group of ``seat`` can move out of now (R30, R35, R37, R112, R116)."""
    stacks = B.stacks_view(state.board)
    return [
        sq
        for sq in range(state.map.num_squares)
        if any(not B.moved(c) for c in state.stack_units(sq, seat))
        and formable(state, sq, seat, [], stacks)
    ]


def formable(
    state: OmringadData,
    square: int,
    seat: int,
    group: list[int],
    stacks: dict[int, list[Stack]] | None = None,
    exact: bool = False,
) -> bool:
    """Whether ``group`` (the unit classes taken so far on ``square``) is, or with at most
    two more unmoved units can become, a group that may move now: it holds a unit with an
    F, leaves at least as many units as attackers entered (R35), leaves neither itself
    nor the stack with the horses alone (R112, ruling), and has a first step (a lake only
    for the pirates alone, R116). ``exact``: the group as it is.
    """
    codes = state.stack_units(square, seat)
    stay, barred = restriction(state, square, seat)
    units = [B.unit_of(c) for c in codes]
    if stacks is None:
        stacks = B.stacks_view(state.board)
    view = stacks

    def steps(probe: Kind) -> bool:
        return bool(
            next_steps(state.map, state.terrain, view, seat, [Unit(probe)], [square],
                       peace=state.round == 1, barred=barred, teams=state.teams)
        )  # fmt: skip

    free = [c // 2 for c in codes if not B.moved(c)]
    for cls in group:
        free.remove(cls)
    if not any(u.kind in (Kind.HORSES, Kind.PIRATES) for u in units):
        if len(codes) - max(len(group), 1) < stay or not (group or free):
            return False
        return bool(group) or steps(Kind.MERCENARY)
    land: list[bool] = []
    lake: list[bool] = []

    def valid(classes: list[int]) -> bool:
        g = [N.class_unit(c) for c in classes]
        if not any(u.kind != Kind.HORSES for u in g) or len(codes) - len(g) < stay:
            return False
        staying = units[:]
        for u in g:
            staying.remove(u)
        if not horses_keep_company(g, staying):
            return False
        memo, probe = (lake, Kind.PIRATES) if lake_entry(g) else (land, Kind.MERCENARY)
        if not memo:
            memo.append(steps(probe))
        return memo[0]

    if valid(group):
        return True
    if exact:
        return False
    kinds = sorted(set(free))
    for i, a in enumerate(kinds):
        if valid([*group, a]):
            return True
        for b in kinds[i:]:
            if (b != a or free.count(a) > 1) and valid([*group, a, b]):
                return True
    return False


def actions(state: OmringadData, seat: int) -> list[int]:
    """Pass or a square to move from; then a unit to take (``done``: the group is whole);
    then a next step (``stop``: the move ends here)."""
    if state.origin < 0:
        return [N.PASS] + [N.SQUARE + sq for sq in origins(state, seat)]
    if not state.path:
        codes = state.stack_units(state.origin, seat)
        free = [c // 2 for c in codes if not B.moved(c)]
        for cls in state.group:
            free.remove(cls)
        stacks = B.stacks_view(state.board)
        out = [
            N.take_action(cls)
            for cls in sorted(set(free))
            if formable(state, state.origin, seat, [*state.group, cls], stacks)
        ]
        if state.group and formable(state, state.origin, seat, state.group, stacks, exact=True):
            out = [N.DONE, *out]
        return out
    stop = [N.STOP] if len(state.path) > 1 else []
    return stop + [N.SQUARE + sq for sq in steps_ahead(state)]


def steps_ahead(state: OmringadData) -> tuple[int, ...]:
    """The squares the moving group may step onto next (R31-R38)."""
    units = [N.class_unit(c) for c in state.group]
    _, barred = restriction(state, state.path[0], state.mover)
    return next_steps(
        state.map, state.terrain, B.stacks_view(state.board), state.mover, units, state.path,
        peace=state.round == 1, barred=barred, teams=state.teams,
    )  # fmt: skip


def apply(state: OmringadData, a: int) -> None:
    """The mover's decision: pass, a square to leave, a unit taken, a step, or stop."""
    seat = state.mover
    if state.origin < 0:
        if a == N.PASS:
            state.passed[seat] = True
            next_mover(state)
        else:
            state.origin = a - N.SQUARE
        return
    if not state.path:
        if a != N.DONE:
            state.group.append(N.action_class(a))
            return
        stack = B.find_stack(state.board, state.origin, seat)
        assert stack is not None
        for cls in state.group:
            i = next(
                i for i in range(1, len(stack)) if stack[i] // 2 == cls and not B.moved(stack[i])
            )
            del stack[i]
        B.remove_empty(state.board, state.origin)
        state.path = [state.origin]
        return
    if a == N.STOP:
        end_move(state)
        return
    sq = a - N.SQUARE
    units = [N.class_unit(c) for c in state.group]
    stacks = B.stacks_view(state.board)
    old = state.game.rules_version < 3  # own units there kept the square (R36, version 3)
    if conquers(units, stacks, state.control, sq, seat, state.teams, own_units_defend=old):
        state.control[sq] = seat
    state.path.append(sq)
    if not steps_ahead(state):
        end_move(state)


def end_move(state: OmringadData) -> None:
    """The group stops: it joins the square's stack, recorded as an entry when enemies stand
    there (R35, R48); the next seat moves."""
    seat, sq = state.mover, state.path[-1]
    hostile = any(enemies(o, seat, state.teams) for o in B.occupants(state.board, sq))
    if not state.board[sq]:
        state.first[sq] = seat
    B.add_units(state.board, sq, seat, [cls * 2 + 1 for cls in state.group])
    if hostile:
        entry = [seat, state.path[-2], len(state.group)]
        if state.game.rules_version >= 2:  # the group's classes, for its retreat (R48)
            entry += state.group
        state.entries[sq].append(entry)
    state.origin, state.group, state.path = -1, [], []
    next_mover(state)


def next_mover(state: OmringadData) -> None:
    """The next seat clockwise that has not passed (R30, R120); then the battles."""
    ring = turn_order(state.num_players(), state.mover)
    for s in (*ring[1:], ring[0]):
        if not state.passed[s]:
            state.mover = s
            return
    battle.start(state)
