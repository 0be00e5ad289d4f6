"""Omringad, base game for two or four players, as a ``spelbord.core`` game (R5-R92, R120-R125).

Phases (``phase``): ``setup`` (secret terrain, simultaneous), ``pregame`` (opening purchase
and placement, simultaneous), then rounds of ``initiative`` (a chance roll-off in round 1),
``auction`` (from round 2 while the cup holds a special unit: the draw, open bidding in
turn order, the winner's placement; ``auction_phase``, R100-R105), ``purchase``
(simultaneous, secret), ``move`` (in turn order, one group at a time),
``battle`` (one chance event per die, hit allocations, the diplomat's ``envoy``/``fight``;
``battle_phase``, R40-R49, R110-R117), ``reinforce`` (in turn order), after which income,
scoring and the win are settled at once (R61-R63). The special units' effects on movement
are in ``_formable`` and ``movement`` (R112, R116, R118). With four players (option
``players``) the map has four countries, turns go clockwise, allies (option ``teams``)
never fight each other, and a battle may have more than two parties; each hit's roller then
chooses which enemy party takes it (R123).

The state's fields are plain lists and ints, so cloning and JSON are cheap and exact.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    GameInfo,
    Option,
    register,
)
from spelbord.core.clock import Clock
from spelbord.core.extras import Extras
from spelbord.games.omringad import auction_phase, battle_phase, evaluation, hidden
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.auction import DEFAULT_BID_CLOCK
from spelbord.games.omringad.determinize import determinize
from spelbord.games.omringad.movement import Entry, conquers, exit_restriction, next_steps
from spelbord.games.omringad.players import (
    TeamMode,
    next_clockwise,
    returns_for,
    turn_order,
    winners_of,
)
from spelbord.games.omringad.scoring import income, round_points
from spelbord.games.omringad.siege import enemies, reinforcement_cap, siege_level
from spelbord.games.omringad.specials import horses_keep_company, lake_entry
from spelbord.games.omringad.state import (
    OPENING_GOLD,
    TILE_ORDER,
    OmringadData,
    OmringadGameBase,
)
from spelbord.games.omringad.terrain import TERRAIN
from spelbord.games.omringad.units import BASE_KINDS, SPECIAL_KINDS, UNITS, Kind, Pool, Stack, Unit

STALL_LIMIT = battle_phase.STALL_LIMIT
"""Rolled battle steps in a row without a hit after which the battle is a stand-off (R92)."""

DIE_FACES = 6
"""Chance actions 0..5 of a battle are the faces 1..6 of the die being rolled (R40)."""

UNITS_PER_PLAYER = Pool.full().total() + len(SPECIAL_KINDS) - 1
"""The most units one player can have: its pool and every special unit but the dragon."""


def _max_length(target: int, players: int = 2) -> int:
    """A bound on the decisions and chance events of one game (R91, R92).

    Every country is worth 13 points a round, so some player reaches ``target`` within
    ceil(target / 13) rounds. A player has at most ``UNITS_PER_PLAYER`` units (its 35 and
    every special unit but the dragon). Per round and player: at most 26 purchase steps (50
    gold with two countries, 100 with four, 2 the cheapest unit, then ``done``); a move per
    unit of at most ``u + 7`` decisions (square, a take per unit, done, 3 steps, stop) and
    a pass; two hits per unit to allocate and, with four players, as many hits scored
    against the others to send (R123); at most 25 placements of two decisions, 17 merges
    and ``done``. Per round, the auction: the draw, a bid per gold (a raise adds at least
    one, up to ``MAX_BID``), a pass per player and the placement (R100-R104). The battles:
    at most one per unit; a battle with ``h`` steps that hit rolls at most
    ``(h + 1) * STALL_LIMIT`` steps (R92); every step that hits costs somebody at least
    one of the hits the units (the dragon's two included) can take; a step rolls at most
    one die per unit on the board and has at most one decision about a diplomat (R110);
    each unit retreats at most once a round, one decision per group (R48).
    """
    u = UNITS_PER_PLAYER
    rounds = -(-target // 13)
    buys = 26 if players == 2 else 51
    per_player = buys + (u * (u + 7) + 1) + 2 * u * players + (2 * 25 + 17 + 1)
    auction = 1 + N.MAX_BID + players + 1
    battles = u * players
    steps = (2 * u * players + 2 + battles) * STALL_LIMIT
    retreats = u * players  # a unit retreats at most once a round (R48, R110)
    fighting = steps * (u * players + 1) + steps + battles + retreats
    opening = len(TILE_ORDER) + 13 + 1 + 2 * 13 + 1  # tiles, opening buys, placements, roll-off
    return opening + rounds * (players * per_player + auction + fighting)


class OmringadState(OmringadData):
    """One position of an Omringad base game for two or four players: the rules (its data
    is ``state.OmringadData``)."""

    game: OmringadGame

    # ================================================================== protocol hooks
    def current_player(self) -> int:
        p = self.phase
        if p == "over":
            return TERMINAL
        if p in ("setup", "pregame", "purchase"):
            return SIMULTANEOUS
        if p == "initiative":
            return CHANCE
        if p == "auction":
            return auction_phase.current_player(self)
        if p == "move":
            return self.mover
        if p == "battle":
            return battle_phase.current_player(self)
        return self.reinforcer

    def _legal_actions(self, seat: int) -> list[int]:
        return sorted(self._actions(seat))

    def _actions(self, seat: int) -> list[int]:
        p = self.phase
        if p == "setup":
            return self._setup_actions(seat)
        if p in ("pregame", "purchase"):
            return self._buy_place_actions(seat)
        if p == "auction":
            return auction_phase.actions(self, seat)
        if p == "move":
            return self._move_actions(seat)
        if p == "battle":
            return battle_phase.actions(self)
        return self._reinforce_actions(seat)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == "initiative":
            n = self.num_players()
            return [(s, 1.0 / n) for s in range(n)]
        if self.phase == "auction":
            return auction_phase.chance_outcomes(self)
        return [(face, 1.0 / DIE_FACES) for face in range(DIE_FACES)]

    def _apply_action(self, action: int) -> None:
        p = self.phase
        if p == "initiative":
            self.initiative = action
            auction_phase.start(self)
        elif p == "auction":
            auction_phase.apply(self, action)
        elif p == "move":
            self._apply_move(action)
        elif p == "battle":
            battle_phase.apply(self, action)
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

    def margin(self) -> list[float]:
        """Points scored so far, per seat: a tournament's points scored and conceded."""
        return [float(s) for s in self.score]

    def termination(self) -> str:
        camps = {self.teams[p] if self.teams else p for p in self.winners}
        return "draw" if len(camps) > 1 else "target"

    def decided_by(self) -> tuple[int, ...]:
        """The winners who reached the target themselves (a team mate who did not wins
        beside them, R122)."""
        target = self.game.options["target"]
        return tuple(p for p in self.winners if self.score[p] >= target)

    def _action_to_string(self, player: int, action: int) -> str:
        if self.phase == "auction":
            return auction_phase.action_text(self, player, action)
        if player == CHANCE:
            if self.phase == "initiative":
                return f"initiative {self.map.letters[action]}"
            return battle_phase.die_text(self, action + 1)
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

    def decision_clock(self, seat: int) -> Clock | None:
        """The bid clock on the seat that must bid in the auction (option ``bid_clock``, R102)."""
        return auction_phase.clock(self, seat)

    def heuristic_value(self) -> list[float]:
        """Projected score, income, material and sieges, per seat in [-1, 1] (``evaluation``)."""
        return evaluation.heuristic_value(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return hidden.observe(self, seat)

    def observation_string(self, seat: int | None) -> str:
        """The board ``seat`` sees, drawn from its observation alone (``render``)."""
        from spelbord.games.omringad.render import render

        return render(self.observation(seat))

    def action_visible_to(self, player: int, action: int, viewer: int | None) -> bool:
        """A seat's own actions, and everything public by the rules (R83)."""
        return (player >= 0 and player == viewer) or hidden.public_action(self, player, action)

    def resample(self, seat: int | None, rng: random.Random) -> OmringadState:
        out = hidden.resample(self, seat, rng)
        assert isinstance(out, OmringadState)  # a clone of this state
        return out

    def determinize(self, seat: int | None, rng: random.Random) -> OmringadState:
        """The position dealt again without a history, for search (``determinize``)."""
        out = determinize(self, seat, rng)
        assert isinstance(out, OmringadState)  # a clone of this state
        return out

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

    # ================================================================== movement (R30-R38)
    def _start_movement(self) -> None:
        self.phase = "move"
        n = self.map.num_squares
        self.entries = [[] for _ in range(n)]
        self.first = [self.board[sq][0][0] if self.board[sq] else -1 for sq in range(n)]
        if self.game.controller_defends:
            self._controllers_defend()
        for stacks in self.board:
            for s in stacks:
                s[1:] = [c & ~1 for c in s[1:]]
        self.passed = [False] * self.num_players()
        self.mover = self.initiative
        self.origin, self.group, self.path = -1, [], []

    def _controllers_defend(self) -> None:
        """A settlement its controller reinforced beside another player's units (a lone
        magician, say) is defended by the controller in the next battle there, castle bonus
        and all (R55, rules version 4). Only reinforcing leaves two players' units on one
        square between rounds, so these are exactly the settlements reinforced so."""
        for sq, here in enumerate(self.board):
            owners = [s[0] for s in here]
            if len(owners) > 1 and self.control[sq] in owners:
                self.first[sq] = self.control[sq]

    def _restriction(self, square: int, owner: int) -> tuple[int, frozenset[int]]:
        es = [Entry(e[0], e[1], e[2]) for e in self.entries[square]]
        return exit_restriction(es, owner, self.teams)

    def _stack_units(self, square: int, seat: int) -> list[int]:
        s = B.find_stack(self.board, square, seat)
        return s[1:] if s else []

    def _origins(self, seat: int) -> list[int]:
        """Squares a group of ``seat`` can move out of now (R30, R35, R37, R112, R116)."""
        stacks = B.stacks_view(self.board)
        return [
            sq
            for sq in range(self.map.num_squares)
            if any(not B.moved(c) for c in self._stack_units(sq, seat))
            and self._formable(sq, seat, [], stacks)
        ]

    def _formable(
        self,
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
        codes = self._stack_units(square, seat)
        stay, barred = self._restriction(square, seat)
        units = [B.unit_of(c) for c in codes]
        if stacks is None:
            stacks = B.stacks_view(self.board)
        view = stacks

        def steps(probe: Kind) -> bool:
            return bool(
                next_steps(self.map, self.terrain, view, seat, [Unit(probe)], [square],
                           peace=self.round == 1, barred=barred, teams=self.teams)
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

    def _move_actions(self, seat: int) -> list[int]:
        if self.origin < 0:
            return [N.PASS] + [N.SQUARE + sq for sq in self._origins(seat)]
        if not self.path:
            codes = self._stack_units(self.origin, seat)
            free = [c // 2 for c in codes if not B.moved(c)]
            for cls in self.group:
                free.remove(cls)
            stacks = B.stacks_view(self.board)
            out = [
                N.take_action(cls)
                for cls in sorted(set(free))
                if self._formable(self.origin, seat, [*self.group, cls], stacks)
            ]
            if self.group and self._formable(self.origin, seat, self.group, stacks, exact=True):
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
        stacks = B.stacks_view(self.board)
        old = self.game.rules_version < 3  # own units there kept the square (R36, version 3)
        if conquers(units, stacks, self.control, sq, seat, self.teams, own_units_defend=old):
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
            entry = [seat, self.path[-2], len(self.group)]
            if self.game.rules_version >= 2:  # the group's classes, for its retreat (R48)
                entry += self.group
            self.entries[sq].append(entry)
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

    # ================================================================== battles (battle_phase)
    def _start_battles(self) -> None:
        battle_phase.start(self)

    def _num_parties(self) -> int:
        """The parties of the battle being fought (R123), see ``battle_phase``."""
        return battle_phase.num_parties(self)

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
            level = siege_level(
                self.map, self.terrain, stacks, sq, seat, self.teams,
                dragon_besieges=self.game.dragon_besieges,
            )  # fmt: skip
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
        auction_phase.start(self)  # the auction from round 2 (R100), else the purchase


def _kind_unit(k: int) -> Unit:
    return Unit(BASE_KINDS[k])


@register
class OmringadGame(OmringadGameBase):
    """Omringad goblin edition, two or four players, base game (no special units)."""

    extras = Extras(
        facts="spelbord.games.omringad.facts:facts",
        tools=("spelbord.games.omringad.odds_tool:TOOL",),
        evaluations={"fitted": "spelbord.games.omringad.fitted:fitted_value"},
        agents="spelbord.ai.omringad",
        levels="spelbord.ai.omringad.levels:LEVELS",
        studies="spelbord.ai.omringad.studies",
        tuner="spelbord.ai.omringad.fit:main",
        encoder="spelbord.games.omringad.encoding:OmringadEncoder",
    )
    info = GameInfo(
        name="omringad",
        title="Omringad",
        version=4,
        oldest_version=1,
        changes=(
            (
                2,
                "Returning attackers (R48, R110): after a stand-off or a spent diplomat each "
                "attacking group goes back to the square it came from; where other units "
                "stand there now, its owner moves it to another free adjacent square it could "
                "enter, and only a group with none is eliminated (version 1 sent every "
                "attacker to the square the last group came from and eliminated all of them "
                "when it was held). Battles (R47, R92) go on until one side is gone or "
                "neither can ever hit again; the safety bound is 200 rolled steps in a row "
                "without a hit (version 1: 20, which cut battles short).",
            ),
            (
                3,
                "Conquest by entering (R36): a group that can conquer takes an enemy's square "
                "when no other player's units stand there, even where its owner's own units "
                "stand that could not take it alone (a magician, diplomat or infiltrator, "
                "R118); in versions 1 and 2 any units there, the mover's own too, kept the "
                "square with its controller.",
            ),
            (
                4,
                "Three rulings on readings the booklet left open. Reinforcing beside an "
                "intruder (R55): a settlement its controller reinforces where another "
                "player's units stand (a lone magician, diplomat or infiltrator) is defended "
                "by the controller in the next battle there, with the castle's +1; before, "
                "the intruder, there first, defended and had it. Returning groups conquer "
                "like moving ones (R48): a returning group that can conquer takes an enemy's "
                "square where only its owner's own units stand; before, only an empty one. "
                "The dragon besieges (R50, R111): every castle and village next to it, "
                "whoever controls it, is besieged from its square; before, it besieged "
                "nothing. Special units bought at auction are still placed regardless of "
                "sieges (R104).",
            ),
        ),
        seat_names=("Ivory", "Slate", "Crimson", "Azure"),
        min_seats=2,
        max_seats=4,
        teams=True,
        chance=True,
        information="imperfect",
        simultaneous=True,
        num_distinct_actions=N.NUM_ACTIONS,
        max_chance_outcomes=max(DIE_FACES, len(SPECIAL_KINDS)),
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
            Option(
                "specials",
                True,
                help="the auction and the eight special units (R100-R118); "
                "false = the base game, the cup stays empty",
            ),
            Option(
                "bid_clock",
                int(DEFAULT_BID_CLOCK),
                help="seconds a player has to bid in the auction online, then it passes; "
                "0 = no clock (R102)",
                minimum=0,
                maximum=600,
            ),
        ),
        summary="Two or four square countries sewn together: conquer castles, villages, "
        "forests and mountains.",
    )
    state_class = OmringadState

    def new_initial_state(self) -> OmringadState:
        return OmringadState(self)
