"""The battle phase of a round (R40-R49, R92, R110-R117, R123), played on an ``OmringadData``.

``move`` calls ``start`` after the last move; ``rules`` calls ``current_player`` /
``actions`` / ``apply`` while ``state.phase == "battle"``; after the last battle the
reinforcements follow (``reinforce.start``).

The battle being fought is plain JSON on the state:

- ``battle``: ``[square, attacker, defender, step, pending_a, pending_d, (owner, pending) of
  the later attackers ...]``. Parties: 0 the first attacker, 1 the defender (there first;
  the dragon, owner ``NEUTRAL``, always defends its square), 2... the later attackers in
  order of arrival (R123). ``step`` is 0 (ranged) or 1 (melee), the step rolled next;
  ``pending`` the hits a party has to allocate to its own units (R45).
- ``unsent``: per party, the hits it scored that are not yet sent to an enemy party.
- ``snipes``: ``[]``, or the snipers' hits of the last step: ``[party, unsent, pending per
  party ...]``: the snipers' party, its hits not yet sent, and those sent to each party,
  which the snipers' owner allocates (R117).
- ``dice``: the step being rolled, one row per die (see ``die_row``); ``[]`` between
  steps while the defender's owner decides whether to spend its diplomat (R110).
- ``retreats`` (rules version 2): the attacking groups still to leave the square after a
  stand-off or a spent diplomat, ``[owner, came_from, codes ...]`` each, in order; they
  stay on the square (seen by all) until they go (R48, R110).

After every step, hits are sent party by party (the first attacker, the defender, the
later attackers; a party's ordinary hits before its snipers' hits), then allocated party by
party (ordinary hits by the party hit, then the snipers' hits by the snipers' owner).
Forced choices are made automatically: a hit goes by itself to the only enemy party that can
take one more (the dragon's hits always to the earliest arrival that can, R111), an
allocation is automatic when one kind of unit is left or the hits eliminate every unit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from spelbord.core import CHANCE
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.battle import (
    Side,
    Step,
    absorbable_hits,
    can_score,
    firing_units,
    needed_die,
    party_modifier,
)
from spelbord.games.omringad.movement import can_stand_on, conquers
from spelbord.games.omringad.phases import reinforce
from spelbord.games.omringad.siege import enemies
from spelbord.games.omringad.specials import NEUTRAL, diplomat_can_cancel, takes_control
from spelbord.games.omringad.units import BASE_KINDS, SPECIAL_KINDS, UNITS, Kind

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadData

STALL_LIMIT = 200
"""Rolled battle steps in a row without a hit after which the battle is a stand-off (R92):
a safety bound that cannot matter (each step hits with probability at least 1/6, so it is
reached with probability at most (5/6)**200, about 1.5e-16)."""

STALL_LIMIT_V1 = 20
"""The bound of rules version 1, which cut battles short (R92 before version 2)."""


def stall_limit(state: OmringadData) -> int:
    """The bound on rolled steps in a row without a hit under the game's rules version."""
    return STALL_LIMIT_V1 if state.game.rules_version < 2 else STALL_LIMIT


# ====================================================================== flow
def start(state: OmringadData) -> None:
    """The battle phase begins after the last move (R40)."""
    state.phase = "battle"
    state.battle, state.unsent, state.snipes = [], [], []
    state.dice, state.last_dice = [], []
    next_battle(state)


def camp(state: OmringadData, seat: int) -> int:
    """The seat's team, or the seat itself when everybody plays alone (R121); the dragon
    (``NEUTRAL``) is a camp of its own (R111)."""
    if seat < 0 or state.teams is None:
        return seat
    return state.teams[seat]


def next_battle(state: OmringadData) -> None:
    """The first square, in square order, where enemies share a square (R40, R123).

    The party that was there first defends (the dragon always does); the others attack in
    order of arrival.
    """
    for sq in range(state.map.num_squares):
        owners = B.occupants(state.board, sq)
        if len({camp(state, o) for o in owners}) >= 2:
            first = state.first[sq]
            defender = NEUTRAL if NEUTRAL in owners else first if first in owners else owners[0]
            attackers = [o for o in owners if o != defender]
            state.battle = [sq, attackers[0], defender, 0, 0, 0]
            for o in attackers[1:]:
                state.battle += [o, 0]
            state.unsent = [0] * num_parties(state)
            state.snipes = []
            state.dice, state.stall = [], 0
            _settle(state)
            return
    state.battle, state.unsent, state.snipes = [], [], []
    reinforce.start(state)


# ====================================================================== parties
def num_parties(state: OmringadData) -> int:
    """Parties: 0 the first attacker, 1 the defender, 2... the later attackers (R123)."""
    return 2 + (len(state.battle) - 6) // 2 if state.battle else 0


def owner(state: OmringadData, party: int) -> int:
    return state.battle[1 + party] if party < 2 else state.battle[2 + 2 * party]


def _pending_at(party: int) -> int:
    """The index in ``battle`` of the hits ``party`` still has to allocate."""
    return 4 + party if party < 2 else 3 + 2 * party


def _party_of(state: OmringadData, seat: int) -> int:
    return next(k for k in range(num_parties(state)) if owner(state, k) == seat)


def _codes(state: OmringadData, party: int) -> list[int]:
    s = B.find_stack(state.board, state.battle[0], owner(state, party))
    return s[1:] if s else []


def party_side(state: OmringadData, party: int) -> Side:
    """A party of the battle in progress as a pure ``Side``."""
    units = tuple(B.unit_of(c) for c in _codes(state, party))
    return Side(owner(state, party), units, attacking=party != 1)


def _alive(state: OmringadData, party: int) -> bool:
    """Whether the party has a unit that can be hit (horses alone do not count, R112)."""
    return party_side(state, party).alive()


def foes(state: OmringadData, party: int) -> list[int]:
    """The enemy parties of ``party`` that still have units (R121, R123), in party order."""
    me = owner(state, party)
    return [
        j
        for j in range(num_parties(state))
        if enemies(me, owner(state, j), state.teams) and _alive(state, j)
    ]


def _sniped(state: OmringadData, party: int) -> int:
    """The snipers' hits sent to ``party``, to be allocated by the snipers' owner (R117)."""
    return state.snipes[2 + party] if state.snipes else 0


def _pending_total(state: OmringadData, party: int) -> int:
    return state.battle[_pending_at(party)] + _sniped(state, party)


# ====================================================================== decisions
def decision(state: OmringadData) -> tuple[str, int] | None:
    """What the battle waits for, ignoring whether it is forced: ``(what, party)``.

    ``what`` is ``"send"`` (party ``party`` sends one of its hits), ``"snipe"`` (it sends
    one of its snipers' hits), ``"allocate"`` (``party`` allocates a hit it took),
    ``"sniped"`` (the snipers' owner allocates a hit ``party`` took), ``"envoy"`` (the
    defender may spend its diplomat) or ``"retreat"`` (the owner of the first waiting
    group chooses where it goes, party -1); ``None``: a die is rolled next.
    """
    if state.phase != "battle" or not state.battle:
        return None
    if state.retreats:
        return "retreat", -1
    for k in range(num_parties(state)):
        if state.unsent[k] > 0:
            return "send", k
        if state.snipes and state.snipes[0] == k and state.snipes[1] > 0:
            return "snipe", k
    for k in range(num_parties(state)):
        if state.battle[_pending_at(k)] > 0:
            return "allocate", k
        if _sniped(state, k) > 0:
            return "sniped", k
    if not state.dice:
        return "envoy", 1
    return None


def _decider(state: OmringadData, what: str, party: int) -> int:
    if what == "retreat":
        return state.retreats[0][0]
    if what in ("snipe", "sniped"):
        return owner(state, state.snipes[0])
    return owner(state, party)


def current_player(state: OmringadData) -> int:
    """The seat that decides now, or ``CHANCE`` when a die is rolled next."""
    d = decision(state)
    return CHANCE if d is None else _decider(state, *d)


def target_options(state: OmringadData, party: int) -> list[int]:
    """The enemy parties a hit of ``party`` may go to: those that can take one more (R123).

    The dragon's hits go to the earliest arrival among them (R111).
    """
    out = [
        j
        for j in foes(state, party)
        if _pending_total(state, j) < absorbable_hits(party_side(state, j))
    ]
    if owner(state, party) == NEUTRAL:
        out = [j for j in (0, *range(2, num_parties(state))) if j in out][:1]
    return out


def _hit_classes(state: OmringadData, party: int) -> list[int]:
    """The classes of the party's units a hit may strike: any but horses (R45, R112)."""
    return sorted({c // 2 for c in _codes(state, party) if UNITS[B.unit_of(c).kind].hittable})


def _target_action(seat: int) -> int:
    return N.TARGET_DRAGON if seat == NEUTRAL else N.TARGET + seat


def actions(state: OmringadData) -> list[int]:
    d = decision(state)
    assert d is not None
    what, k = d
    if what == "retreat":
        return [N.SQUARE + sq for sq in retreat_options(state)]
    if what == "envoy":
        return [N.ENVOY, N.FIGHT]
    if what in ("send", "snipe"):
        return sorted(_target_action(owner(state, j)) for j in target_options(state, k))
    return [N.hit_action(cls) for cls in _hit_classes(state, k)]


def apply(state: OmringadData, action: int) -> None:
    d = decision(state)
    if d is None:
        _apply_die(state, action)
        return
    what, k = d
    if what == "retreat":
        _retreat(state, action - N.SQUARE)
        _advance_retreats(state)
        return
    if what == "envoy":
        if action == N.ENVOY:
            _spend_diplomat(state)
        else:
            _start_step(state)
        return
    if what in ("send", "snipe"):
        seat = NEUTRAL if action == N.TARGET_DRAGON else action - N.TARGET
        _send(state, what, k, _party_of(state, seat))
    else:
        _take_hit(state, k, N.action_class(action))
    _settle(state)


# ====================================================================== dice
# A die row: [square, step (0 ranged, 1 melee), party (0 first attacker, 1 defender,
# 2... later attackers), owner, unit class, modifier, face (0 while not rolled)].
def next_die(state: OmringadData) -> int:
    """The index in ``dice`` of the die rolled next."""
    return next(i for i, r in enumerate(state.dice) if r[6] == 0)


def needed(row: list[int]) -> int:
    """The lowest face that hits for a die row (R41)."""
    strength = N.class_unit(row[4]).strength
    assert strength is not None
    return needed_die(strength, row[5])


def die_text(state: OmringadData, face: int) -> str:
    """E.g. ``melee A M 5 hit``: the step, the owner (``Z`` the dragon), the unit, the face
    and the result of the die rolled next showing ``face`` (1-6)."""
    row = state.dice[next_die(state)]
    step = "ranged" if row[1] == 0 else "melee"
    unit = N.class_unit(row[4])
    result = "hit" if face >= needed(row) else "miss"
    who = "Z" if row[3] == NEUTRAL else state.map.letters[row[3]]
    return f"{step} {who} {unit.code} {face} {result}"


def _start_step(state: OmringadData) -> None:
    """Lay out the dice of the next step in which some unit fires (R40, R123).

    Every party with an enemy party left rolls for its firing units, in party order; the
    magician and the snipers fire in the ranged step, the dragon in the melee step. A step in
    which nobody fires is skipped; one of the two steps has firing units, since a battle
    that is not over has a party that can score.
    """
    sq = state.battle[0]
    terrain = state.terrain[sq]
    for _ in range(2):
        step = Step.RANGED if state.battle[3] == 0 else Step.MELEE
        rows = []
        for k in range(num_parties(state)):
            fs = foes(state, k) if _alive(state, k) else []
            if not fs:
                continue
            own = party_side(state, k)
            enemy_sides = [party_side(state, j) for j in fs]
            for u in firing_units(own, step):
                m = party_modifier(u, own, enemy_sides, terrain)
                rows.append([sq, state.battle[3], k, own.owner, N.unit_class(u), m, 0])
        if rows:
            state.dice = rows
            return
        state.battle[3] ^= 1
    raise AssertionError("a battle that is not over has a unit that fires")


def _apply_die(state: OmringadData, action: int) -> None:
    """One die falls; after the step's last die the hits are counted (R40, R41, R117)."""
    state.dice[next_die(state)][6] = action + 1
    if any(r[6] == 0 for r in state.dice):
        return
    n = num_parties(state)
    scored = [0] * n
    snipes = [0, 0] + [0] * n
    for r in state.dice:
        if r[6] >= needed(r):
            if N.class_unit(r[4]).kind == Kind.SNIPERS:
                snipes[0], snipes[1] = r[2], snipes[1] + 1
            else:
                scored[r[2]] += 1
    state.unsent = scored
    state.snipes = snipes if snipes[1] else []
    state.stall = 0 if sum(scored) or snipes[1] else state.stall + 1
    state.battle[3] ^= 1
    state.last_dice, state.dice = state.dice, []
    _settle(state)


# ====================================================================== hits
def _send(state: OmringadData, what: str, party: int, to: int | None) -> None:
    """One hit of ``party`` goes to party ``to`` (``None``: nobody can take it, lost)."""
    if what == "send":
        state.unsent[party] -= 1
        if to is not None:
            state.battle[_pending_at(to)] += 1
        return
    state.snipes[1] -= 1
    if to is not None:
        state.snipes[2 + to] += 1


def _eliminate(state: OmringadData, seat: int, c: int) -> None:
    """An eliminated unit goes back to its owner's pool, a special unit to the cup (R46, R100)."""
    kind = B.unit_of(c).kind
    if kind in SPECIAL_KINDS:
        state._return_to_cup(kind)
    else:
        state.pool[seat][BASE_KINDS.index(kind)] += 1


def _take_hit(state: OmringadData, party: int, cls: int) -> None:
    """One hit on a unit of class ``cls`` of ``party``: damaged or eliminated (R46).

    The party's ordinary hits are taken first, then the snipers' hits. When its last unit
    that can be hit is gone, the horses with it are lost (R112).
    """
    sq, seat = state.battle[0], owner(state, party)
    stack = B.find_stack(state.board, sq, seat)
    assert stack is not None
    i = next(i for i in range(1, len(stack)) if stack[i] // 2 == cls)
    after = B.unit_of(stack[i]).hit()
    if after is None:
        _eliminate(state, seat, stack[i])
        del stack[i]
    else:
        stack[i] = B.code(after, B.moved(stack[i]))
    if state.battle[_pending_at(party)] > 0:
        state.battle[_pending_at(party)] -= 1
    else:
        state.snipes[2 + party] -= 1
    _drop_lone_horses(state, stack)
    B.remove_empty(state.board, sq)


def _drop_lone_horses(state: OmringadData, stack: list[int]) -> None:
    """Horses left with no unit that can be hit are lost: back to the cup (R112)."""
    units = [B.unit_of(c) for c in stack[1:]]
    if units and not any(UNITS[u.kind].hittable for u in units):
        for c in stack[1:]:
            _eliminate(state, stack[0], c)
        del stack[1:]


def _settle(state: OmringadData) -> None:
    """Make forced choices; end the battle when it is over (R45, R47-R49, R110, R123)."""
    while True:
        d = decision(state)
        if d is None or d[0] == "envoy":
            break
        what, k = d
        if what in ("send", "snipe"):
            options = target_options(state, k)
            if len(options) > 1:
                return
            _send(state, what, k, options[0] if options else None)
            continue
        classes = _hit_classes(state, k)
        health = sum(B.health_left(c) for c in _codes(state, k) if c // 2 in classes)
        if len(classes) > 1 and _pending_total(state, k) < health:
            return
        _take_hit(state, k, min(classes))
    state.snipes = []
    alive = [k for k in range(num_parties(state)) if _alive(state, k)]
    camps = {camp(state, owner(state, k)) for k in alive}
    stalled = state.stall >= stall_limit(state)
    scoring = any(can_score(party_side(state, k)) for k in alive if foes(state, k))
    if len(camps) > 1 and scoring and not stalled:
        state.dice = []
        if not _envoy_possible(state):
            _start_step(state)
        return
    sq = state.battle[0]
    if len(camps) > 1:  # a stand-off: every surviving attacker goes back (R48, R92)
        _attackers_return(state, [owner(state, k) for k in alive if k != 1])
        return
    if alive:
        win = owner(state, alive[0])
        if (
            win != NEUTRAL
            and takes_control(party_side(state, alive[0]).units)
            and enemies(state.control[sq], win, state.teams)
        ):
            state.control[sq] = win
    next_battle(state)


def _envoy_possible(state: OmringadData) -> bool:
    """Whether the defender's owner may spend a diplomat on the square now (R110)."""
    return owner(state, 1) != NEUTRAL and diplomat_can_cancel(
        party_side(state, 1).units, defending=True
    )


def _spend_diplomat(state: OmringadData) -> None:
    """The diplomat is spent: back to the cup; every attacker goes back (R110, R48)."""
    sq, seat = state.battle[0], owner(state, 1)
    stack = B.find_stack(state.board, sq, seat)
    assert stack is not None
    i = next(i for i in range(1, len(stack)) if B.unit_of(stack[i]).kind == Kind.DIPLOMAT)
    _eliminate(state, seat, stack[i])
    del stack[i]
    _drop_lone_horses(state, stack)
    B.remove_empty(state.board, sq)
    _attackers_return(state, [owner(state, k) for k in range(num_parties(state)) if k != 1])


def _attackers_return(state: OmringadData, seats: list[int]) -> None:
    """The attackers of ``seats`` leave the battle's square (R48, R110); then the next battle.

    Version 1: all of a seat's units go to the square its last group came from, and are
    eliminated when units of another player stand there. Version 2 (R48 ruling): each group
    goes back separately, see ``retreat_groups``; where the way back is held, the owner
    chooses another square (``retreats``).
    """
    sq = state.battle[0]
    seats = [s for s in seats if B.find_stack(state.board, sq, s) is not None]
    if state.game.rules_version < 2:
        for seat in seats:
            send_back(state, sq, seat)
        next_battle(state)
        return
    state.retreats = [
        [seat, came, *codes] for seat in seats for came, codes in retreat_groups(state, sq, seat)
    ]
    _advance_retreats(state)


def send_back(state: OmringadData, square: int, attacker: int) -> None:
    """Version 1: the attackers go back where their last group came from, or are lost there
    (R48, R92, R110)."""
    stack = B.find_stack(state.board, square, attacker)
    assert stack is not None
    codes = stack[1:]
    state.board[square].remove(stack)
    came = [e[1] for e in state.entries[square] if e[0] == attacker]
    back = came[-1] if came else -1
    if back < 0 or any(o != attacker for o in B.occupants(state.board, back)):
        for c in codes:
            _eliminate(state, attacker, c)
        return
    _arrive(state, back, attacker, codes)


# ====================================================================== retreats (version 2)
def retreat_groups(state: OmringadData, square: int, seat: int) -> list[tuple[int, list[int]]]:
    """The groups in which ``seat``'s units leave ``square``: ``(came_from, codes)`` (R48).

    One group per square its groups stepped in from this round, in order of first arrival.
    Each surviving unit goes back with the earliest of those groups that brought a unit of
    its kind and has not got it back yet; a unit that matches none goes with the last group.
    Horses left without a unit that can be hit go with the first group that has one (R112).

    A seat with no recorded entry (never met in play) leaves as one group from nowhere
    (``came_from`` -1), which has no way back and may go to any free neighbour.
    """
    stack = B.find_stack(state.board, square, seat)
    codes = stack[1:] if stack else []
    came: list[int] = []
    brought: list[list[int]] = []  # per group: the kinds it brought, in order
    for e in state.entries[square]:
        if e[0] != seat:
            continue
        if e[1] not in came:
            came.append(e[1])
            brought.append([])
        brought[came.index(e[1])] += [cls // 2 for cls in e[3:]]
    if not came:
        return [(-1, codes[:])] if codes else []
    groups: list[list[int]] = [[] for _ in came]
    left = codes[:]
    for group, kinds in zip(groups, brought, strict=True):
        for kind in kinds:
            at = next((j for j, c in enumerate(left) if c // 4 == kind), None)
            if at is not None:
                group.append(left.pop(at))
    groups[-1] += left
    hittable = [any(UNITS[B.unit_of(c).kind].hittable for c in g) for g in groups]
    if any(hittable):
        first = hittable.index(True)
        for j, g in enumerate(groups):
            if g and not hittable[j]:
                groups[first] += g
                groups[j] = []
    return [(came[i], g) for i, g in enumerate(groups) if g]


def _free(state: OmringadData, seat: int, square: int) -> bool:
    """Whether no other player's units (an enemy's, an ally's or the dragon) stand there."""
    return all(o == seat for o in B.occupants(state.board, square))


def retreat_options(state: OmringadData) -> list[int]:
    """Where the first waiting group may go: its way back if free, else the free squares
    next to the battle's square that it could enter (lakes for pirates only, R32, R116);
    ``[]``: it has nowhere to go and is eliminated (R48 ruling, R110)."""
    seat, came, *codes = state.retreats[0]
    if came >= 0 and _free(state, seat, came):
        return [came]
    units = [B.unit_of(c) for c in codes]
    return [
        n
        for n in state.map.neighbours[state.battle[0]]
        if n != came and _free(state, seat, n) and can_stand_on(units, state.terrain[n])
    ]


def _advance_retreats(state: OmringadData) -> None:
    """Move waiting groups while where they go is forced; then the next battle."""
    while state.retreats:
        options = retreat_options(state)
        if len(options) > 1:
            return
        _retreat(state, options[0] if options else -1)
    next_battle(state)


def _retreat(state: OmringadData, to: int) -> None:
    """The first waiting group leaves the battle's square for ``to`` (-1: eliminated)."""
    seat, _, *codes = state.retreats.pop(0)
    sq = state.battle[0]
    stack = B.find_stack(state.board, sq, seat)
    assert stack is not None
    for c in codes:  # units only: stack[0] is the owner, which may equal a unit's code
        del stack[stack.index(c, 1)]
    B.remove_empty(state.board, sq)
    if to < 0:
        for c in codes:
            _eliminate(state, seat, c)
        return
    _arrive(state, to, seat, codes)


def _arrive(state: OmringadData, square: int, seat: int, codes: list[int]) -> None:
    """Returning units enter ``square``: an enemy's square is taken by a group that can
    conquer (R48, R118) when no other player's units stand there, its owner's own (a lone
    magician) included, as a moving group takes it (R36; rules version 4). Before version
    4 only an empty square was taken."""
    units = [B.unit_of(c) for c in codes]
    if state.game.returns_conquer_like_moves:
        taken = conquers(
            units, B.stacks_view(state.board), state.control, square, seat, state.teams
        )
    else:
        taken = (
            enemies(state.control[square], seat, state.teams)
            and not state.board[square]
            and takes_control(units)
        )
    if taken:
        state.control[square] = seat
    B.add_units(state.board, square, seat, codes)
