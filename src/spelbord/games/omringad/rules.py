"""Omringad, base game for two or four players, as a ``spelbord.core`` game (R5-R92, R120-R125).

Phases (``phase``): ``setup`` (secret terrain, simultaneous), ``pregame`` (opening purchase
and placement, simultaneous), then rounds of ``initiative`` (a chance roll-off in round 1),
``purchase`` (simultaneous, secret), ``move`` (in turn order, one group at a time),
``battle`` (one chance event per die, hit allocations), ``reinforce`` (in turn order), after which
income, scoring and the win are settled at once (R61-R63). Special units and the auction
are not part of this base game (R74). With four players (option ``players``) the map has four
countries, turns go clockwise, allies (option ``teams``) never fight each other, and a battle
may have more than two parties; each hit's roller then chooses which enemy party takes it
(R123).

The state's fields are plain lists and ints, so cloning and JSON are cheap and exact.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, ClassVar

from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    GameInfo,
    Option,
    State,
    register,
)
from spelbord.games.omringad import board as B
from spelbord.games.omringad import evaluation, hidden
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.battle import (
    Side,
    Step,
    absorbable_hits,
    can_score,
    die_modifier,
    firing_units,
    needed_die,
)
from spelbord.games.omringad.infoset import Twin
from spelbord.games.omringad.map import FOUR_COUNTRIES, PILLOW
from spelbord.games.omringad.movement import Entry, conquers, exit_restriction, next_steps
from spelbord.games.omringad.players import (
    TeamMode,
    next_clockwise,
    returns_for,
    team_table,
    turn_order,
    winners_of,
)
from spelbord.games.omringad.scoring import income, round_points
from spelbord.games.omringad.siege import enemies, reinforcement_cap, siege_level
from spelbord.games.omringad.terrain import TERRAIN, TILES_PER_COUNTRY, Terrain
from spelbord.games.omringad.units import BASE_KINDS, UNITS, Pool, Unit

TILE_ORDER: tuple[Terrain, ...] = tuple(t for t, n in TILES_PER_COUNTRY.items() for _ in range(n))
"""The order in which a player places its nine tiles (R5): castle, villages, lakes, ..."""

OPENING_GOLD = 25
"""Gold for the opening purchase and for round 1 (R70, R71)."""

STALL_LIMIT = 20
"""Rolled battle steps in a row without a hit after which the battle is a stand-off (R92)."""

DIE_FACES = 6
"""Chance actions 0..5 of a battle are the faces 1..6 of the die being rolled (R40)."""

PHASES = ("setup", "pregame", "initiative", "purchase", "move", "battle", "reinforce", "over")


def _max_length(target: int, players: int = 2) -> int:
    """A bound on the decisions and chance events of one game (R91, R92).

    Every country is worth 13 points a round, so some player reaches ``target`` within
    ceil(target / 13) rounds. Per round and player: at most 26 purchase steps (50 gold with
    two countries, 100 with four, 2 the cheapest unit, then ``done``); at most 35 moves of
    at most 42 decisions (square, 35 takes, done, 3 steps, stop) and a pass; at most 70
    hits to allocate and, with four players, as many hits scored against the others to
    send (R123); at most 25 placements of two decisions, 17 merges and ``done``. Per round,
    the dice: at most 35 battles per player; a battle with ``h`` steps that hit rolls at
    most ``(h + 1) * STALL_LIMIT`` steps (R92); every step that hits costs somebody at
    least one of the 70 hits each player's units can take; a step rolls at most one die
    per unit on the board.
    """
    rounds = -(-target // 13)
    buys = 26 if players == 2 else 51
    per_player = buys + (35 * 42 + 1) + 70 * players + (2 * 25 + 17 + 1)
    dice = (70 * players + 35 * players) * STALL_LIMIT * 35 * players
    opening = len(TILE_ORDER) + 13 + 1 + 2 * 13 + 1  # tiles, opening buys, placements, roll-off
    return opening + rounds * (players * per_player + dice)


class OmringadState(State):
    """One position of an Omringad base game for two or four players."""

    game: OmringadGame

    def __init__(self, game: OmringadGame) -> None:
        super().__init__(game)
        n = game.num_players()
        m = game.map
        self.map = m
        self.teams = game.team_table
        self.phase = "setup"
        self.round = 0
        self.tiles: list[list[int]] = [[] for _ in range(n)]
        self.terrain: list[Terrain] = [Terrain.BARE] * m.num_squares
        self.control: list[int] = [m.country_of(sq) for sq in range(m.num_squares)]
        self.board: B.RawBoard = [[] for _ in range(m.num_squares)]
        self.gold = [0] * n
        self.budget = [0] * n  # gold at the start of the buying phase (public, R73)
        self.score = [0] * n
        self.pool: list[list[int]] = [list(Pool.full().counts) for _ in range(n)]
        self.bought: list[list[int]] = [[] for _ in range(n)]
        self.stage = ["buy"] * n
        self.placing = [-1] * n
        self.initiative = -1
        self.passed = [False] * n
        self.mover = -1
        self.origin = -1
        self.group: list[int] = []
        self.path: list[int] = []
        self.entries: list[list[list[int]]] = [[] for _ in range(m.num_squares)]
        self.first: list[int] = [-1] * m.num_squares
        # [square, attacker, defender, step, pending_a, pending_d, (owner, pending) of the
        # later attackers ...]: party 0 is the first attacker, party 1 the defender (R123).
        self.battle: list[int] = []
        self.unsent: list[int] = []  # per party: hits scored not yet sent to a party (R123)
        self.dice: list[list[int]] = []  # the step being rolled, see ``_die_row``
        self.last_dice: list[list[int]] = []  # the last step rolled this battle phase
        self.stall = 0  # rolled steps in a row without a hit in this battle (R92)
        self.placed_here: list[int] = [0] * m.num_squares
        self.reinforcer = -1
        self.winners: list[int] = []

    # ================================================================== protocol hooks
    def current_player(self) -> int:
        p = self.phase
        if p == "over":
            return TERMINAL
        if p in ("setup", "pregame", "purchase"):
            return SIMULTANEOUS
        if p == "initiative":
            return CHANCE
        if p == "move":
            return self.mover
        if p == "battle":
            side = self._deciding_party()
            return CHANCE if side is None else self._owner(side)
        return self.reinforcer

    def _legal_actions(self, seat: int) -> list[int]:
        return sorted(self._actions(seat))

    def _actions(self, seat: int) -> list[int]:
        p = self.phase
        if p == "setup":
            return self._setup_actions(seat)
        if p in ("pregame", "purchase"):
            return self._buy_place_actions(seat)
        if p == "move":
            return self._move_actions(seat)
        if p == "battle":
            return self._battle_actions()
        return self._reinforce_actions(seat)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == "initiative":
            n = self.num_players()
            return [(s, 1.0 / n) for s in range(n)]
        return [(face, 1.0 / DIE_FACES) for face in range(DIE_FACES)]

    def _apply_action(self, action: int) -> None:
        p = self.phase
        if p == "initiative":
            self.initiative = action
            self._start_purchase()
        elif p == "move":
            self._apply_move(action)
        elif p == "battle":
            if self._deciding_party() is None:
                self._apply_die(action)
            elif N.TARGET <= action < N.TARGET + 4:
                self._apply_target(action - N.TARGET)
            else:
                self._apply_hit(action)
        else:
            self._apply_reinforce(action)

    def _apply_actions(self, actions: Sequence[int]) -> None:
        if self.phase == "setup":
            for seat, a in enumerate(actions):
                self.tiles[seat].append(a - N.TILE)
            if all(len(t) == len(TILE_ORDER) for t in self.tiles):
                self._reveal_terrain()
            return
        for seat, a in enumerate(actions):
            if a != N.WAIT:
                self._apply_buy_place(seat, a)
        if all(s == "done" for s in self.stage):
            if self.phase == "pregame":
                self.round = 1
                self.gold = [OPENING_GOLD] * self.num_players()
                self.phase = "initiative"
            else:
                self._start_movement()

    def returns(self) -> list[float]:
        """+1 for the winner or winning team, -1 for the others, 0 when sharing a draw (R125)."""
        n = self.num_players()
        if self.phase != "over":
            return [0.0] * n
        return returns_for(self.winners, n, self.teams)

    def termination(self) -> str:
        camps = {self.teams[p] if self.teams else p for p in self.winners}
        return "draw" if len(camps) > 1 else "target"

    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            if self.phase == "initiative":
                return f"initiative {self.map.letters[action]}"
            return self._die_text(self.dice[self._next_die()], action + 1)
        return N.text(action, self.map.label)

    def action_to_dict(self, action: int, seat: int | None = None) -> dict[str, Any]:
        """The action's text plus its kind, and the square or unit it names (for UIs)."""
        out = super().action_to_dict(action, seat)
        player = self.current_player() if seat is None else seat
        if player != CHANCE:
            out.update(N.describe(action))
            if "square" in out:
                out["label"] = self.map.label(out["square"])
        return out

    def heuristic_value(self) -> list[float]:
        """Projected score, income, material and sieges, per seat in [-1, 1] (``evaluation``)."""
        return evaluation.heuristic_value(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return hidden.observe(self, seat)

    def action_visible_to(self, player: int, action: int, viewer: int | None) -> bool:
        """A seat's own actions, and everything public by the rules (R83)."""
        return (player >= 0 and player == viewer) or hidden.public_action(self, player, action)

    def resample(self, seat: int | None, rng: random.Random) -> OmringadState:
        return hidden.resample(self, seat, rng)

    # ------------------------------------------------------------------ serialization
    _FIELDS: ClassVar[tuple[str, ...]] = (
        "phase", "round", "tiles", "control", "board", "gold", "budget", "score", "pool", "bought",
        "stage", "placing", "initiative", "passed", "mover", "origin", "group", "path",
        "entries", "first", "battle", "unsent", "dice", "last_dice", "stall", "placed_here",
        "reinforcer", "winners",
    )  # fmt: skip

    def _state_dict(self) -> dict[str, Any]:
        d = {f: getattr(self, f) for f in self._FIELDS}
        d["terrain"] = [t.value for t in self.terrain]
        return _json_copy(d)

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        if data["phase"] not in PHASES:
            raise ValueError(f"unknown phase {data['phase']!r}")
        for f in self._FIELDS:
            setattr(self, f, _json_copy(data[f]))
        self.terrain = [Terrain(t) for t in data["terrain"]]

    def clone(self) -> OmringadState:
        c = OmringadState.__new__(OmringadState)
        c.game = self.game
        c._history = list(self._history)
        c.map, c.teams = self.map, self.teams
        c.phase, c.round, c.initiative = self.phase, self.round, self.initiative
        c.mover, c.origin, c.reinforcer = self.mover, self.origin, self.reinforcer
        c.tiles = [t[:] for t in self.tiles]
        c.terrain = self.terrain[:]
        c.control = self.control[:]
        c.board = B.copy_board(self.board)
        c.gold, c.score, c.budget = self.gold[:], self.score[:], self.budget[:]
        c.pool = [p[:] for p in self.pool]
        c.bought = [b[:] for b in self.bought]
        c.stage, c.placing, c.passed = self.stage[:], self.placing[:], self.passed[:]
        c.group, c.path = self.group[:], self.path[:]
        c.entries = [[e[:] for e in es] for es in self.entries]
        c.first, c.battle, c.unsent = self.first[:], self.battle[:], self.unsent[:]
        c.dice = [r[:] for r in self.dice]
        c.last_dice = [r[:] for r in self.last_dice]
        c.stall = self.stall
        c.placed_here, c.winners = self.placed_here[:], self.winners[:]
        return c

    # ================================================================== setup (R5)
    def _setup_actions(self, seat: int) -> list[int]:
        used = set(self.tiles[seat])
        return [N.TILE + c for c in range(25) if c not in used]

    def _reveal_terrain(self) -> None:
        """All tiles are revealed together (R5); the opening purchase follows (R70)."""
        for seat, cells in enumerate(self.tiles):
            base = self.map.country_squares(seat).start
            for cell, t in zip(cells, TILE_ORDER, strict=True):
                self.terrain[base + cell] = t
        self.phase = "pregame"
        self.gold = [OPENING_GOLD] * self.num_players()
        self.budget = self.gold[:]
        self.stage = ["buy"] * self.num_players()

    # ================================================================== buying and placing
    def _buy_place_actions(self, seat: int) -> list[int]:
        stage = self.stage[seat]
        if stage == "done":
            return [N.WAIT]
        if stage == "buy":
            pool = Pool(tuple(self.pool[seat]))
            return [N.BUY + BASE_KINDS.index(k) for k in pool.affordable(self.gold[seat])] + [
                N.DONE
            ]
        # Opening placement: choose a bought kind, then a settlement (R70).
        if self.placing[seat] < 0:
            return sorted(N.PLACE + k for k in set(self.bought[seat]))
        return [N.SQUARE + sq for sq in self._opening_settlements(seat)]

    def _opening_settlements(self, seat: int) -> list[int]:
        """Own settlements that keep an even split possible: sizes differ by at most 1."""
        settlements = self._own_settlements(seat)
        counts = [len(B.find_stack(self.board, s, seat) or [0]) - 1 for s in settlements]
        total = sum(counts) + len(self.bought[seat])
        q, r = divmod(total, len(settlements))
        out = []
        for i, s in enumerate(settlements):
            after = counts[:]
            after[i] += 1
            if max(after) <= q + (1 if r else 0) and sum(1 for c in after if c > q) <= r:
                out.append(s)
        return out

    def _own_settlements(self, seat: int) -> list[int]:
        return [
            sq
            for sq in range(self.map.num_squares)
            if TERRAIN[self.terrain[sq]].settlement and self.control[sq] == seat
        ]

    def _apply_buy_place(self, seat: int, a: int) -> None:
        if self.stage[seat] == "buy":
            if a == N.DONE:
                self.gold[seat] = 0  # unspent gold is lost (R73)
                if self.phase == "pregame" and self.bought[seat]:
                    self.stage[seat] = "place"
                else:
                    self.stage[seat] = "done"
                return
            k = a - N.BUY
            self.pool[seat][k] -= 1
            self.gold[seat] -= UNITS[BASE_KINDS[k]].cost or 0
            self.bought[seat].append(k)
            return
        if self.placing[seat] < 0:
            self.placing[seat] = a - N.PLACE
            return
        k = self.placing[seat]
        self.placing[seat] = -1
        self.bought[seat].remove(k)
        B.add_units(self.board, a - N.SQUARE, seat, [B.code(_kind_unit(k))])
        if not self.bought[seat]:
            self.stage[seat] = "done"

    def _start_purchase(self) -> None:
        self.phase = "purchase"
        self.budget = self.gold[:]
        self.stage = ["buy"] * self.num_players()

    # ================================================================== movement (R30-R38)
    def turn_order(self) -> list[int]:
        """Every seat once, clockwise from the initiative holder (R72, R120)."""
        return list(turn_order(self.num_players(), self.initiative))

    def _start_movement(self) -> None:
        self.phase = "move"
        n = self.map.num_squares
        self.entries = [[] for _ in range(n)]
        self.first = [self.board[sq][0][0] if self.board[sq] else -1 for sq in range(n)]
        for stacks in self.board:
            for s in stacks:
                s[1:] = [c & ~1 for c in s[1:]]
        self.passed = [False] * self.num_players()
        self.mover = self.initiative
        self.origin, self.group, self.path = -1, [], []

    def _restriction(self, square: int, owner: int) -> tuple[int, frozenset[int]]:
        es = [Entry(e[0], e[1], e[2]) for e in self.entries[square]]
        return exit_restriction(es, owner, self.teams)

    def _stack_units(self, square: int, seat: int) -> list[int]:
        s = B.find_stack(self.board, square, seat)
        return s[1:] if s else []

    def _origins(self, seat: int) -> list[int]:
        """Squares a group of ``seat`` can move out of now (R30, R35, R37)."""
        out = []
        stacks = B.stacks_view(self.board)
        peace = self.round == 1
        for sq in range(self.map.num_squares):
            codes = self._stack_units(sq, seat)
            free = [c for c in codes if not B.moved(c)]
            if not free:
                continue
            stay, barred = self._restriction(sq, seat)
            if len(codes) - 1 < stay:
                continue
            probe = [B.unit_of(free[0])]
            if next_steps(self.map, self.terrain, stacks, seat, probe, [sq], peace=peace,
                          barred=barred, teams=self.teams):  # fmt: skip
                out.append(sq)
        return out

    def _move_actions(self, seat: int) -> list[int]:
        if self.origin < 0:
            return [N.PASS] + [N.SQUARE + sq for sq in self._origins(seat)]
        if not self.path:
            codes = self._stack_units(self.origin, seat)
            stay, _ = self._restriction(self.origin, seat)
            out = []
            if len(codes) - len(self.group) - 1 >= stay:
                free: dict[int, int] = {}
                for c in codes:
                    if not B.moved(c):
                        free[B.code_class(c)] = free.get(B.code_class(c), 0) + 1
                for cls in self.group:
                    free[cls] -= 1
                out = [N.take_action(cls) for cls, k in sorted(free.items()) if k > 0]
            if self.group:
                out = [N.DONE, *out]
            return out
        stop = [N.STOP] if len(self.path) > 1 else []
        return stop + [N.SQUARE + sq for sq in self._next_steps()]

    def _next_steps(self) -> tuple[int, ...]:
        units = [N.class_unit(c) for c in self.group]
        _, barred = self._restriction(self.path[0], self.mover)
        return next_steps(
            self.map, self.terrain, B.stacks_view(self.board), self.mover, units, self.path,
            peace=self.round == 1, barred=barred, teams=self.teams,
        )  # fmt: skip

    def _apply_move(self, a: int) -> None:
        seat = self.mover
        if self.origin < 0:
            if a == N.PASS:
                self.passed[seat] = True
                self._next_mover()
            else:
                self.origin = a - N.SQUARE
            return
        if not self.path:
            if a != N.DONE:
                self.group.append(N.action_class(a))
                return
            stack = B.find_stack(self.board, self.origin, seat)
            assert stack is not None
            for cls in self.group:
                i = next(
                    i
                    for i in range(1, len(stack))
                    if stack[i] // 2 == cls and not B.moved(stack[i])
                )
                del stack[i]
            B.remove_empty(self.board, self.origin)
            self.path = [self.origin]
            return
        if a == N.STOP:
            self._end_move()
            return
        sq = a - N.SQUARE
        units = [N.class_unit(c) for c in self.group]
        if conquers(units, B.stacks_view(self.board), self.control, sq, seat, self.teams):
            self.control[sq] = seat
        self.path.append(sq)
        if not self._next_steps():
            self._end_move()

    def _end_move(self) -> None:
        seat, sq = self.mover, self.path[-1]
        hostile = any(enemies(o, seat, self.teams) for o in B.occupants(self.board, sq))
        if not self.board[sq]:
            self.first[sq] = seat
        B.add_units(self.board, sq, seat, [cls * 2 + 1 for cls in self.group])
        if hostile:
            self.entries[sq].append([seat, self.path[-2], len(self.group)])
        self.origin, self.group, self.path = -1, [], []
        self._next_mover()

    def _next_mover(self) -> None:
        """The next seat clockwise that has not passed (R30, R120); then the battles."""
        ring = turn_order(self.num_players(), self.mover)
        for s in (*ring[1:], ring[0]):
            if not self.passed[s]:
                self.mover = s
                return
        self._start_battles()

    # ================================================================== battles (R40-R49, R123)
    def _start_battles(self) -> None:
        self.phase = "battle"
        self.battle, self.unsent = [], []
        self.dice, self.last_dice = [], []
        self._next_battle()

    def _camp(self, seat: int) -> int:
        """The seat's team, or the seat itself when everybody plays alone (R121)."""
        return seat if self.teams is None else self.teams[seat]

    def _next_battle(self) -> None:
        """The first square, in square order, where enemies share a square (R40, R123).

        The party that was there first defends; the others attack in order of arrival.
        """
        for sq in range(self.map.num_squares):
            owners = B.occupants(self.board, sq)
            if len({self._camp(o) for o in owners}) >= 2:
                defender = self.first[sq] if self.first[sq] in owners else owners[0]
                attackers = [o for o in owners if o != defender]
                self.battle = [sq, attackers[0], defender, 0, 0, 0]
                for o in attackers[1:]:
                    self.battle += [o, 0]
                self.unsent = [0] * self._num_parties()
                self.dice, self.stall = [], 0
                self._settle_battle()
                return
        self.battle, self.unsent = [], []
        self._start_reinforcements()

    # Parties: 0 the first attacker, 1 the defender, 2... the later attackers (R123).
    def _num_parties(self) -> int:
        return 2 + (len(self.battle) - 6) // 2 if self.battle else 0

    def _owner(self, party: int) -> int:
        return self.battle[1 + party] if party < 2 else self.battle[2 + 2 * party]

    def _pending_at(self, party: int) -> int:
        """The index in ``battle`` of the hits ``party`` still has to allocate."""
        return 4 + party if party < 2 else 3 + 2 * party

    def _party_of(self, seat: int) -> int:
        return next(k for k in range(self._num_parties()) if self._owner(k) == seat)

    def party_side(self, party: int) -> Side:
        """A party of the battle in progress as a pure ``Side``."""
        raw = B.find_stack(self.board, self.battle[0], self._owner(party))
        units = B.units_of(raw) if raw else ()
        return Side(self._owner(party), units, attacking=party != 1)

    def _alive(self, party: int) -> bool:
        return self.party_side(party).alive()

    def _foes(self, party: int) -> list[int]:
        """The enemy parties of ``party`` that still have units (R121, R123)."""
        me = self._owner(party)
        return [
            j
            for j in range(self._num_parties())
            if enemies(me, self._owner(j), self.teams) and self._alive(j)
        ]

    def _deciding_party(self) -> int | None:
        """The party whose owner decides now (sends or allocates a hit), else ``None``."""
        if self.phase != "battle" or not self.battle:
            return None
        for k, n in enumerate(self.unsent):
            if n > 0:
                return k
        for k in range(self._num_parties()):
            if self.battle[self._pending_at(k)] > 0:
                return k
        return None

    # A die row: [square, step (0 ranged, 1 melee), party (0 first attacker, 1 defender,
    # 2... later attackers), owner, unit class, modifier, face (0 while not rolled)].
    def _next_die(self) -> int:
        """The index in ``dice`` of the die rolled next."""
        return next(i for i, r in enumerate(self.dice) if r[6] == 0)

    def _die_text(self, row: list[int], face: int) -> str:
        """E.g. ``melee A M 5 hit``: the step, the owner, the unit, the face, the result."""
        step = "ranged" if row[1] == 0 else "melee"
        unit = N.class_unit(row[4])
        result = "hit" if face >= _needed(row) else "miss"
        return f"{step} {self.map.letters[row[3]]} {unit.code} {face} {result}"

    def _start_step(self) -> None:
        """Lay out the dice of the next step in which some unit fires (R40, R123).

        Every party with an enemy party left rolls for its firing units, in party order.
        A step in which nobody fires is skipped; one of the two steps has firing units,
        since a battle that is not over has a party that can score.
        """
        sq, terrain = self.battle[0], self.terrain[self.battle[0]]
        for _ in range(2):
            step = Step.RANGED if self.battle[3] == 0 else Step.MELEE
            rows = []
            for k in range(self._num_parties()):
                foes = self._foes(k) if self._alive(k) else []
                if not foes:
                    continue
                own, enemy = self.party_side(k), self.party_side(foes[0])
                for u in firing_units(own, step):
                    m = die_modifier(u, own, enemy, terrain)
                    rows.append([sq, self.battle[3], k, own.owner, N.unit_class(u), m, 0])
            if rows:
                self.dice = rows
                return
            self.battle[3] ^= 1
        raise AssertionError("a battle that is not over has a unit that fires")

    def _apply_die(self, action: int) -> None:
        """One die falls; after the step's last die the hits are counted (R40, R41)."""
        self.dice[self._next_die()][6] = action + 1
        if any(r[6] == 0 for r in self.dice):
            return
        scored = [0] * self._num_parties()
        for r in self.dice:
            scored[r[2]] += r[6] >= _needed(r)
        self.unsent = scored
        self.stall = 0 if sum(scored) else self.stall + 1
        self.battle[3] ^= 1
        self.last_dice, self.dice = self.dice, []
        self._settle_battle()

    def _target_options(self, party: int) -> list[int]:
        """The enemy parties a hit of ``party`` may go to: those that can take one more."""
        return [
            j
            for j in self._foes(party)
            if self.battle[self._pending_at(j)] < absorbable_hits(self.party_side(j))
        ]

    def _hit_targets(self, party: int) -> list[int]:
        return sorted({c // 2 for c in self._stack_units(self.battle[0], self._owner(party))})

    def _battle_actions(self) -> list[int]:
        k = self._deciding_party()
        assert k is not None
        if self.unsent[k] > 0:
            return sorted(N.TARGET + self._owner(j) for j in self._target_options(k))
        return [N.hit_action(cls) for cls in self._hit_targets(k)]

    def _apply_target(self, seat: int) -> None:
        """The roller sends one hit to the party of ``seat`` (R123)."""
        k = self._deciding_party()
        assert k is not None
        self.unsent[k] -= 1
        self.battle[self._pending_at(self._party_of(seat))] += 1
        self._settle_battle()

    def _apply_hit(self, a: int) -> None:
        k = self._deciding_party()
        assert k is not None
        self._take_hit(k, N.action_class(a))
        self._settle_battle()

    def _take_hit(self, party: int, cls: int) -> None:
        """One hit on a unit of class ``cls`` of ``party``: damaged or back to the pool (R46)."""
        sq, owner = self.battle[0], self._owner(party)
        stack = B.find_stack(self.board, sq, owner)
        assert stack is not None
        i = next(i for i in range(1, len(stack)) if stack[i] // 2 == cls)
        after = B.unit_of(stack[i]).hit()
        if after is None:
            self.pool[owner][stack[i] // 4] += 1
            del stack[i]
        else:
            stack[i] = B.code(after, B.moved(stack[i]))
        self.battle[self._pending_at(party)] -= 1
        B.remove_empty(self.board, sq)

    def _settle_battle(self) -> None:
        """Make forced choices; end the battle when it is over (R45, R47-R49, R123).

        Hits are sent first, party by party, each to the only enemy party that can still
        take one (lost when none can); then each party allocates the hits it took, forced
        when one kind of unit is left or the hits eliminate every unit.
        """
        while True:
            k = next((k for k, n in enumerate(self.unsent) if n > 0), None)
            if k is not None:
                options = self._target_options(k)
                if len(options) > 1:
                    return
                self.unsent[k] -= 1
                if options:
                    self.battle[self._pending_at(options[0])] += 1
                continue
            k = next(
                (k for k in range(self._num_parties()) if self.battle[self._pending_at(k)] > 0),
                None,
            )
            if k is None:
                break
            codes = self._stack_units(self.battle[0], self._owner(k))
            targets = {c // 2 for c in codes}
            if len(targets) > 1 and self.battle[self._pending_at(k)] < sum(
                map(B.health_left, codes)
            ):
                return
            self._take_hit(k, min(targets))
        alive = [k for k in range(self._num_parties()) if self._alive(k)]
        camps = {self._camp(self._owner(k)) for k in alive}
        stalled = self.stall >= STALL_LIMIT
        scoring = any(can_score(self.party_side(k)) for k in alive if self._foes(k))
        if len(camps) > 1 and scoring and not stalled:
            self._start_step()
            return
        sq = self.battle[0]
        if len(camps) > 1:  # a stand-off: every surviving attacker goes back (R48, R92)
            for k in alive:
                if k != 1:
                    self._send_back(sq, self._owner(k))
        elif alive:
            win = self._owner(alive[0])
            stack = B.find_stack(self.board, sq, win)
            conquer = stack is not None and B.as_stack(stack).can_conquer()
            if conquer and enemies(self.control[sq], win, self.teams):
                self.control[sq] = win
        self._next_battle()

    def _send_back(self, square: int, attacker: int) -> None:
        """A stand-off: the attackers go back where they came from, or are lost (R48, R92)."""
        stack = B.find_stack(self.board, square, attacker)
        assert stack is not None
        codes = stack[1:]
        self.board[square].remove(stack)
        came = [e[1] for e in self.entries[square] if e[0] == attacker]
        back = came[-1] if came else -1
        if back < 0 or any(o != attacker for o in B.occupants(self.board, back)):
            for c in codes:
                self.pool[attacker][c // 4] += 1
            return
        if enemies(self.control[back], attacker, self.teams) and not self.board[back]:
            self.control[back] = attacker
        B.add_units(self.board, back, attacker, codes)

    # ================================================================== reinforcements (R55-R56)
    def _start_reinforcements(self) -> None:
        self.phase = "reinforce"
        self.placed_here = [0] * self.map.num_squares
        self.reinforcer = -1
        self._next_reinforcer(self.turn_order())

    def _next_reinforcer(self, queue: list[int]) -> None:
        for s in queue:
            self._return_unplaceable(s)
            if self.bought[s] or self._merges(s):
                self.reinforcer = s
                return
        self._end_round()

    def _caps(self, seat: int) -> dict[int, int]:
        """Settlements of ``seat`` and how many more units each takes now (R51-R52, R55)."""
        stacks = B.stacks_view(self.board)
        out = {}
        for sq in self._own_settlements(seat):
            level = siege_level(self.map, self.terrain, stacks, sq, seat, self.teams)
            cap = reinforcement_cap(level)
            left = 10**6 if cap is None else cap - self.placed_here[sq]
            if left > 0:
                out[sq] = left
        return out

    def _return_unplaceable(self, seat: int) -> None:
        """Bought units with nowhere to go return to the pool; their gold is lost (R55)."""
        if self.bought[seat] and not self._caps(seat):
            for k in self.bought[seat]:
                self.pool[seat][k] += 1
            self.bought[seat] = []
            self.placing[seat] = -1

    def _merges(self, seat: int) -> list[int]:
        """Merge actions: two damaged units of a kind in an own settlement (R56)."""
        out = []
        for sq in self._own_settlements(seat):
            codes = self._stack_units(sq, seat)
            for k in range(len(BASE_KINDS)):
                if sum(1 for c in codes if c // 4 == k and (c // 2) % 2) >= 2:
                    out.append(N.MERGE + sq * 6 + k)
        return out

    def _reinforce_actions(self, seat: int) -> list[int]:
        if self.placing[seat] >= 0:
            return [N.SQUARE + sq for sq in sorted(self._caps(seat))]
        out = sorted(N.PLACE + k for k in set(self.bought[seat]))
        if not self.bought[seat]:
            out = [N.DONE]
        return out + self._merges(seat)

    def _apply_reinforce(self, a: int) -> None:
        seat = self.reinforcer
        if a == N.DONE:
            order = self.turn_order()
            self._next_reinforcer(order[order.index(seat) + 1 :])
            return
        if a >= N.MERGE:
            sq, k = divmod(a - N.MERGE, 6)
            stack = B.find_stack(self.board, sq, seat)
            assert stack is not None
            damaged = [
                i for i in range(1, len(stack)) if stack[i] // 4 == k and (stack[i] // 2) % 2
            ]
            stack[damaged[0]] = B.code(_kind_unit(k), B.moved(stack[damaged[0]]))
            del stack[damaged[1]]
            self.pool[seat][k] += 1
            return
        if a >= N.SQUARE:
            sq, k = a - N.SQUARE, self.placing[seat]
            self.placing[seat] = -1
            self.bought[seat].remove(k)
            B.add_units(self.board, sq, seat, [B.code(_kind_unit(k))])
            self.placed_here[sq] += 1
            self._return_unplaceable(seat)
            if not self.bought[seat] and not self._merges(seat):
                order = self.turn_order()
                self._next_reinforcer(order[order.index(seat) + 1 :])
            return
        self.placing[seat] = a - N.PLACE

    # ================================================================== end of round (R61-R63)
    def _end_round(self) -> None:
        n = self.num_players()
        self.reinforcer = -1
        self.last_dice = []
        self.gold = list(income(self.control, n))
        pts = round_points(self.terrain, self.control, n)
        self.score = [s + p for s, p in zip(self.score, pts, strict=True)]
        both = self.game.options["team_win"] == "both"
        won = winners_of(self.score, self.control, self.game.options["target"], self.teams, both)
        if won:
            self.winners = list(won)
            self.phase = "over"
            return
        self.round += 1
        self.initiative = next_clockwise(self.initiative, n)
        self._start_purchase()


def _kind_unit(k: int) -> Unit:
    return Unit(BASE_KINDS[k])


def _needed(row: list[int]) -> int:
    """The lowest face that hits for a die row (R41)."""
    strength = N.class_unit(row[4]).strength
    assert strength is not None
    return needed_die(strength, row[5])


def _json_copy(x: Any) -> Any:
    if isinstance(x, list):
        return [_json_copy(v) for v in x]
    if isinstance(x, dict):
        return {k: _json_copy(v) for k, v in x.items()}
    return x


@register
class OmringadGame(Game):
    """Omringad goblin edition, two or four players, base game (no special units)."""

    info = GameInfo(
        name="omringad",
        title="Omringad",
        min_seats=2,
        max_seats=4,
        teams=True,
        chance=True,
        information="imperfect",
        simultaneous=True,
        num_distinct_actions=N.NUM_ACTIONS,
        max_chance_outcomes=DIE_FACES,
        max_game_length=_max_length(140, 4),
        options=(
            Option("target", 50, choices=(50, 100, 140), help="points that win (R63)"),
            Option("players", 2, choices=(2, 4), help="two or four players (R2, R4, R120)"),
            Option(
                "teams",
                "none",
                choices=tuple(m.value for m in TeamMode),
                help="with four players: none, diagonal (A+D, B+C) or adjacent (A+B, C+D) (R121)",
            ),
            Option(
                "team_win",
                "one",
                choices=("one", "both"),
                help="with teams: a team wins when one member, or both, reach the target (R122)",
            ),
        ),
        summary="Two or four square countries sewn together: conquer castles, villages, "
        "forests and mountains.",
    )
    state_class = OmringadState

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        players = self.options["players"]
        self.map = PILLOW if players == 2 else FOUR_COUNTRIES
        """The map: two countries sewn like a pillow, or four (R2, R4)."""
        mode = TeamMode(self.options["teams"])
        self.team_table = team_table(mode, players) if players == 4 else None
        """Each seat's team number, or ``None`` when everybody plays alone (R121)."""
        self.twins: dict[int | None, list[Twin]] = {}
        """Resampled twins of recent games, per seat (see ``infoset``)."""

    def num_players(self) -> int:
        return int(self.options["players"])

    def teams(self) -> list[tuple[int, ...]]:
        """Seats that win and lose together (R121): the teams, or every seat alone."""
        table = self.team_table
        if table is None:
            return [(seat,) for seat in range(self.num_players())]
        return [tuple(s for s in range(4) if table[s] == t) for t in sorted(set(table))]

    def new_initial_state(self) -> OmringadState:
        return OmringadState(self)
