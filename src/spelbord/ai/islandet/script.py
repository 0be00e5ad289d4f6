"""Scripted plans for Slag for Islandet (games/islandet/rules/reference.en.md).

* ``shooter`` (greedy shooter): takes every shot that removes more enemy units than own
  (R14, R15), and moves the unit that lines up the most shots at enemy units.
* ``block-avoider``: never fires at a block nor lands on one (R17), nor reinforces onto
  one (R10); moves keep its units off the squares around blocks; it still shoots enemy
  units.
* ``pad-hoarder``: keeps its tanks and jeeps on the carrier pad, where they are safe and
  count double (R16, R20): soldiers go onto the island, a rolled 0 turns a unit or moves
  the pad rather than reinforcing (R9), and it shoots like the greedy shooter.

Shared: units face the opponent when placed; the free removals (R8, R13) take the
opponent's most dangerous unit (``evaluation.unit_danger``: its worth and the shots it has
at the plan's units now), on the pad the longest-ranged one, and never decline (rules
version 3 lets the opponent decline; taking a unit for nothing is always worth it). A
reinforcement goes onto a block's square (version 3, R10) only when the block cannot be
live or its blast would take more enemy units than own. The plans look one action ahead
on their own copy of the position (``view.resample``: Islandet hides nothing, R23) and
read the notation (R24).
"""

from __future__ import annotations

import re
from typing import Any, ClassVar

from spelbord.ai.scripted.base import ScriptedAgent
from spelbord.ai.view import SeatView
from spelbord.core import CHANCE, State
from spelbord.games.islandet.board import RAYS, SIZE, entry_square, neighbours, parse_square
from spelbord.games.islandet.evaluation import unit_danger
from spelbord.games.islandet.position import Position, Rules
from spelbord.games.islandet.rules import shot
from spelbord.games.islandet.units import KINDS

_SHOT = re.compile(r"^([a-l]\d+)x([a-l]\d+)$")
_MOVE = re.compile(r"^([a-l]\d+)-([a-l]\d+)([lr]?)$", re.IGNORECASE)


def units_at(obs: dict[str, Any]) -> dict[int, tuple[int, int]]:
    """Square -> (seat, kind) of every unit on the island."""
    return {u[0]: (u[1], u[2]) for u in obs["position"]["units"]}


def near(a: int, b: int) -> bool:
    """Whether squares ``a`` and ``b`` touch (the eight neighbours of a blast, R17)."""
    return a != b and abs(a % SIZE - b % SIZE) <= 1 and abs(a // SIZE - b // SIZE) <= 1


def position_of(obs: dict[str, Any]) -> Position:
    """The observed position as the rules' own data (for the rules' queries)."""
    pos = Position(Rules())
    pos.load_dict(obs["position"])
    return pos


def entry_block(obs: dict[str, Any], seat: int, text: str) -> int | None:
    """The block square an ``enter N`` action would bring the unit onto (R10), if any."""
    slot = int(text.split()[1]) - 1
    position = obs["position"]
    sq = entry_square(seat, position["centres"][seat], slot)
    return sq if sq is not None and sq in position["blocks"] else None


def block_entry_gain(obs: dict[str, Any], seat: int, block: int) -> float:
    """Expected enemy minus own units lost when a reinforcement sets off ``block``: a live
    block takes the unit itself and every unit on the eight squares round it (R17)."""
    position = obs["position"]
    live, safe = position["live_left"], position["safe_left"]
    if live == 0:
        return 0.0
    here = units_at(obs)
    around = [here[s][0] for s in neighbours(block) if s in here]
    balance = sum(o != seat for o in around) - sum(o == seat for o in around) - 1
    return balance * live / (live + safe)


class IslandetPlan(ScriptedAgent):
    """The shared play; subclasses weigh shots, moves and the 0 options."""

    game = "islandet"
    shoots_blocks: ClassVar[bool] = True

    def choose(self, view: SeatView, actions: list[int]) -> int | None:
        obs = view.observation()
        seat = view.seat
        texts = {a: view.action_to_string(a) for a in actions}
        first = {t.split()[0].lower() for t in texts.values()}
        if any(_SHOT.match(t) for t in texts.values()):
            shot = self._shoot(view, seat, obs, actions, texts)
            if shot is not None:
                return shot
            actions = [a for a in actions if not _SHOT.match(texts[a])]
            if len(actions) == 1:
                return actions[0]
            first = {texts[a].split()[0].lower() for a in actions}
            # Without a good shot, the plan's answer (or a random one) is not a shot.
            return self._other(view, seat, obs, actions, texts, first) or self.rng.choice(actions)
        return self._other(view, seat, obs, actions, texts, first)

    def _other(
        self,
        view: SeatView,
        seat: int,
        obs: dict[str, Any],
        actions: list[int],
        texts: dict[int, str],
        first: set[str],
    ) -> int | None:
        if any(_MOVE.match(t) for t in texts.values()):
            return self._move(view, seat, actions, texts)
        if "face" in first:
            want = "face N" if seat == 0 else "face S"
            return next((a for a in actions if texts[a] == want), None)
        if first & {"remove", "decline"}:
            return self._remove(obs, actions, texts)
        if first & {"enter", "move", "turn"}:
            actions = self._safe_entries(obs, seat, actions, texts)
            return self.zero_option(obs, seat, actions, texts)
        if "pad" in first and all(t.split()[1] in ("W", "E") for t in texts.values()):
            return None
        if "pad" in first:
            return self.pad_kind(actions, texts)
        if first & {k.name for k in KINDS}:
            return self.place(obs, seat, actions, texts)
        if "block" in first:
            return self.block(seat, actions, texts)
        return None

    # ------------------------------------------------------------------ hooks
    def block(self, seat: int, actions: list[int], texts: dict[int, str]) -> int | None:
        return None

    def place(
        self, obs: dict[str, Any], seat: int, actions: list[int], texts: dict[int, str]
    ) -> int | None:
        return None

    def pad_kind(self, actions: list[int], texts: dict[int, str]) -> int | None:
        return None

    def zero_option(
        self, obs: dict[str, Any], seat: int, actions: list[int], texts: dict[int, str]
    ) -> int | None:
        enters = [a for a in actions if texts[a].startswith("enter")]
        return self.rng.choice(enters) if enters else None

    def move_bonus(self, obs: dict[str, Any], seat: int, text: str) -> float:
        return 0.0

    # ------------------------------------------------------------------ shared play
    def _shoot(
        self,
        view: SeatView,
        seat: int,
        obs: dict[str, Any],
        actions: list[int],
        texts: dict[int, str],
    ) -> int | None:
        here = units_at(obs)
        blocks = set(obs["position"]["blocks"])
        root = view.resample(self.rng)
        score: dict[int, float] = {}
        for a in actions:
            match = _SHOT.match(texts[a])
            if not match:
                continue
            target = parse_square(match[2])
            if target in blocks:
                if not self.shoots_blocks:
                    continue
                # A live block (6 in 10 at the start) takes every unit around it (R17).
                around = [here[s][0] for s in here if near(s, target) or s == target]
                score[a] = 0.5 * (sum(o != seat for o in around) - sum(o == seat for o in around))
                continue
            score[a] = self._removed(root, a, seat)
        positive = {a: v for a, v in score.items() if v > 0}
        return self.pick(actions, positive)

    @staticmethod
    def _removed(root: State, action: int, seat: int) -> float:
        """Enemy units minus own units that ``action`` removes at once."""
        before = root.observation(seat)["position"]["lost"]
        child = root.clone()
        child.apply_action(action)
        after = child.observation(seat)["position"]["lost"]
        return float((after[1 - seat] - before[1 - seat]) - (after[seat] - before[seat]))

    def _move(
        self, view: SeatView, seat: int, actions: list[int], texts: dict[int, str]
    ) -> int | None:
        root = view.resample(self.rng)
        obs = root.observation(seat)
        score: dict[int, float] = {}
        for a in actions:
            if not _MOVE.match(texts[a]):
                continue
            child = root.clone()
            child.apply_action(a)
            score[a] = self._lined_up(child, seat) + self.move_bonus(obs, seat, texts[a])
        return self.pick(actions, score)

    @staticmethod
    def _lined_up(state: State, seat: int) -> float:
        """Shots at enemy units ``seat`` has in ``state`` (0 unless it is to shoot)."""
        if state.is_terminal():
            return 100.0 * state.returns()[seat]
        if state.current_player() != seat:
            return 0.0 if state.current_player() == CHANCE else -0.5
        here = units_at(state.observation(seat))
        count = 0.0
        for a in state.legal_actions(seat):
            match = _SHOT.match(state.action_to_string(a, seat))
            if match:
                target = parse_square(match[2])
                if target in here and here[target][0] != seat:
                    count += 1.0
        return count

    def _safe_entries(
        self, obs: dict[str, Any], seat: int, actions: list[int], texts: dict[int, str]
    ) -> list[int]:
        """``actions`` without the reinforcements onto a block that do not pay (R10, R17;
        a plan that shoots no blocks takes none), unless nothing else is left."""
        keep = [
            a
            for a in actions
            if not texts[a].startswith("enter")
            or (block := entry_block(obs, seat, texts[a])) is None
            or (self.shoots_blocks and block_entry_gain(obs, seat, block) >= 0)
        ]
        return keep or actions

    def _remove(self, obs: dict[str, Any], actions: list[int], texts: dict[int, str]) -> int | None:
        """R8/R13: the free removal takes the most dangerous unit; never decline."""
        pos = position_of(obs)
        mover = pos.to_move
        score: dict[int, float] = {}
        for a in actions:
            words = texts[a].split()
            if words[0] != "remove":
                continue  # "decline": taking a unit for nothing is always worth it
            if words[1] == "pad":
                kind = pos.pads[mover][int(words[2]) - 1]
                score[a] = float(KINDS[kind].range) if kind >= 0 else 0.0
            else:
                sq = parse_square(words[1])
                score[a] = unit_danger(pos, sq) if sq in pos.units else 0.0
        return self.pick(actions, score)


class Shooter(IslandetPlan):
    plan = "shooter"
    summary = "every shot that removes enemy units; moves that line up the most shots"


class BlockAvoider(IslandetPlan):
    plan = "block-avoider"
    summary = "never fires at or lands on a block; keeps off the squares around blocks"
    shoots_blocks = False

    def block(self, seat: int, actions: list[int], texts: dict[int, str]) -> int | None:
        # Blocks go as far from its own home rows as possible.
        rows = {a: int(texts[a].split()[1][1:]) for a in actions}
        return self.pick(actions, {a: float(r if seat == 0 else -r) for a, r in rows.items()})

    def move_bonus(self, obs: dict[str, Any], seat: int, text: str) -> float:
        match = _MOVE.match(text)
        assert match is not None
        dest = parse_square(match[2])
        blocks = obs["position"]["blocks"]
        if dest in blocks:
            return -100.0
        return -2.0 * sum(near(dest, b) for b in blocks)


class PadHoarder(IslandetPlan):
    plan = "pad-hoarder"
    summary = "tanks and jeeps stay on the pad (safe, double points); soldiers fight"

    def place(
        self, obs: dict[str, Any], seat: int, actions: list[int], texts: dict[int, str]
    ) -> int | None:
        soldiers = [a for a in actions if texts[a].startswith("soldier")]
        return self.rng.choice(soldiers) if soldiers else None

    def pad_kind(self, actions: list[int], texts: dict[int, str]) -> int | None:
        rank = {"tank": 3.0, "jeep": 2.0, "soldier": 1.0}
        return self.pick(actions, {a: rank.get(texts[a].split()[1], 0.0) for a in actions})

    def zero_option(
        self, obs: dict[str, Any], seat: int, actions: list[int], texts: dict[int, str]
    ) -> int | None:
        for word in ("turn", "move"):
            options = [a for a in actions if texts[a].startswith(word)]
            if options:
                return self.rng.choice(options)
        return None


# ---------------------------------------------------------------------- one-ply plans
TERMINAL_SCORE = 100.0
"""What a won game is worth to a ``Lookahead`` plan's ``value`` (a lost one the negative)."""

_PLAY_PHASES = frozenset({"zero", "shoot1", "shoot2", "move", "enter", "remove", "removepad"})


def live_odds(pos: Position) -> float:
    """The chance that the next block to go off is live (R23)."""
    known = pos.live_left + pos.safe_left
    return pos.live_left / known if known else 0.0


def blast_balance(pos: Position, block: int, seat: int, caught: tuple[int, ...] = ()) -> int:
    """Enemy minus own units a live ``block`` would take (with ``caught``: the enemies in
    the crossfire of a shot at it, R15, R17), chains not counted."""
    hit = {s for s in (block, *neighbours(block)) if s in pos.units} | set(caught)
    return sum(pos.units[s].seat != seat for s in hit) - sum(pos.units[s].seat == seat for s in hit)


def fire_lines(pos: Position, seat: int) -> list[tuple[int, int, list[int]]]:
    """``(shooter, target, caught)`` for each unit of ``seat`` that has a target (R14)."""
    out = []
    for sq, unit in pos.units.items():
        if unit.seat == seat:
            found = shot(pos, sq)
            if found is not None:
                out.append((sq, found[0], found[1]))
    return out


def under_fire(pos: Position, seat: int) -> set[int]:
    """Squares of ``seat``'s units the other side's units could shoot down as they stand."""
    out: set[int] = set()
    for _, target, caught in fire_lines(pos, 1 - seat):
        if target in pos.units:
            out.add(target)
            out.update(caught)
    return out


def army(pos: Position, seat: int) -> float:
    """``seat``'s units left, each worth ``1 + range / 10`` (island, pad and not yet set up)."""
    worth = [1.0 + k.range / 10 for k in KINDS]
    island = sum(worth[u.kind] for u in pos.units.values() if u.seat == seat)
    pad = sum(worth[k] for k in pos.pads[seat] if k >= 0)
    return island + pad + sum(n * worth[k] for k, n in enumerate(pos.stock[seat]))


class Lookahead(IslandetPlan):
    """A plan that tries each action of its turn on a copy of the position and keeps the
    one whose result its ``value`` likes best; a shot at a block is weighed over both of
    the block's natures (R23). Setup keeps ``IslandetPlan``'s hooks."""

    def choose(self, view: SeatView, actions: list[int]) -> int | None:
        obs = view.observation()
        if obs["position"]["phase"] not in _PLAY_PHASES:
            return super().choose(view, actions)
        seat = view.seat
        root = view.resample(self.rng)
        score = {a: self._after(root, a, seat) for a in actions}
        texts = {a: view.action_to_string(a) for a in actions}
        for a, text in texts.items():
            score[a] += self.action_bonus(obs, seat, text)
        return self.pick(actions, score)

    def _after(self, state: State, action: int, seat: int, depth: int = 0) -> float:
        child = state.clone()
        child.apply_action(action)
        return self._expect(child, seat, depth)

    def _expect(self, state: State, seat: int, depth: int) -> float:
        if state.is_terminal():
            return TERMINAL_SCORE * state.returns()[seat]
        pos = position_of(state.observation(seat))
        if state.current_player() == CHANCE and pos.phase == "reveal" and depth < 4:
            return sum(
                p * self._after(state, outcome, seat, depth + 1)
                for outcome, p in state.chance_outcomes()
            )
        return self.value(pos, seat)

    def value(self, pos: Position, seat: int) -> float:
        """How good ``pos`` is for ``seat``: units left, shots lined up, units exposed."""
        return army(pos, seat) - army(pos, 1 - seat)

    def action_bonus(self, obs: dict[str, Any], seat: int, text: str) -> float:
        """A plan's own preference for an action, added to the ``value`` after it."""
        return 0.0


def toward(seat: int, sq: int) -> int:
    """How far the square ``sq`` lies from ``seat``'s back edge (0-11)."""
    row = sq // SIZE
    return row if seat == 0 else SIZE - 1 - row


def line_worth(pos: Position, sq: int, facing: int, seat: int) -> float:
    """Enemy units in the line ahead of the unit on ``sq`` (facing ``facing``) up to the
    first block, twice those in its exact range (an exact hit now, crossfire included,
    R15)."""
    reach = KINDS[pos.units[sq].kind].range
    worth = 0.0
    for distance, s in enumerate(RAYS[sq][facing], start=1):
        if s in pos.blocks:
            break
        other = pos.units.get(s)
        if other is not None and other.seat != seat:
            worth += 2.0 if distance <= reach else 0.5
    return worth


class Marksman(Lookahead):
    """The Easy level: fires whenever a shot wins units and never at its own cost, and
    moves and turns its units to face the enemy, but with no eye for the enemy's guns
    (its ``value`` counts units, the shots it has lined up and the enemies in its units'
    lines, never its own units in the enemy's). A beginner who keeps out of its lines
    of fire and lines up their own shots beats it.

    Facing the enemy is what makes it beat random play: without it 88.8% [85.3, 91.5]
    of 400 games, with it 96.0% [93.6, 97.5] (``spelbord match islandet script:marksman
    random --games 400 --seed 3205``, issue 31)."""

    plan = "marksman"
    summary = "takes every shot that wins units; faces the enemy, blind to enemy guns"

    def value(self, pos: Position, seat: int) -> float:
        aimed = sum(1 for _, t, _ in fire_lines(pos, seat) if t in pos.units)
        facing = sum(
            line_worth(pos, sq, unit.facing, seat)
            for sq, unit in pos.units.items()
            if unit.seat == seat
        )
        return army(pos, seat) - army(pos, 1 - seat) + 0.3 * aimed + 0.25 * facing


class Demolisher(Lookahead):
    """Uses the blocks as bombs: sets them where the enemy must come, lines units up on
    the blocks next to enemy groups and sets them off (shot or landing, R17)."""

    plan = "demolisher"
    summary = "blocks near the enemy's rows; lines up on blocks beside enemy groups and fires"

    def block(self, seat: int, actions: list[int], texts: dict[int, str]) -> int | None:
        # Blocks on the rows just in front of the enemy's home rows (9-10 for South).
        want = (8, 9) if seat == 0 else (2, 3)
        near_them = [a for a in actions if parse_square(texts[a].split()[1]) // SIZE in want]
        return self.rng.choice(near_them) if near_them else None

    def value(self, pos: Position, seat: int) -> float:
        live = live_odds(pos)
        bombs = 0.0
        for _, target, caught in fire_lines(pos, seat):
            if target in pos.blocks:
                bombs += max(0.0, live * blast_balance(pos, target, seat, tuple(caught)))
            else:
                bombs += 0.5 * (1 + len(caught))
        # Blocks about to be set off by the enemy, next to own units.
        danger = 0.0
        for _, target, caught in fire_lines(pos, 1 - seat):
            if target in pos.blocks:
                danger += max(0.0, -live * blast_balance(pos, target, seat, tuple(caught)))
            elif target in pos.units:
                danger += 0.3 * (1 + len(caught))
        return army(pos, seat) - army(pos, 1 - seat) + 0.6 * bombs - 0.6 * danger


class Hunter(Lookahead):
    """Puts its tanks and jeeps on the island first and drives them at the enemy, picking
    moves that line up shots but leave few of its units in the enemy's lines of fire."""

    plan = "hunter"
    summary = "tanks and jeeps forward; lines up shots, keeps out of the enemy's lines"

    def place(
        self, obs: dict[str, Any], seat: int, actions: list[int], texts: dict[int, str]
    ) -> int | None:
        rank = {"tank": 3.0, "jeep": 2.0, "soldier": 1.0}
        # The front home row first, long range first.
        score = {}
        for a in actions:
            kind, where = texts[a].split()
            score[a] = rank[kind] + 0.5 * toward(seat, parse_square(where))
        return self.pick(actions, score)

    def pad_kind(self, actions: list[int], texts: dict[int, str]) -> int | None:
        rank = {"tank": 3.0, "jeep": 2.0, "soldier": 1.0}
        return self.pick(actions, {a: rank.get(texts[a].split()[1], 0.0) for a in actions})

    def value(self, pos: Position, seat: int) -> float:
        mine = sum(1 + len(c) for _, t, c in fire_lines(pos, seat) if t in pos.units)
        exposed = len(under_fire(pos, seat))
        ranged = [sq for sq, u in pos.units.items() if u.seat == seat and KINDS[u.kind].range >= 3]
        advance = sum(min(toward(seat, sq), 7) for sq in ranged)
        # Units wait on the pad while its island force is small: reinforcing pays.
        on_island = sum(u.seat == seat for u in pos.units.values())
        return (
            army(pos, seat)
            - army(pos, 1 - seat)
            + 0.7 * mine
            - 0.7 * exposed
            + 0.03 * advance
            + 0.2 * min(on_island, 5)
        )


class Gunline(Lookahead):
    """Turns its units (the 0 option, and the turn at the end of a move) to face lines
    holding several enemy units, so one exact hit takes the units between too (R15)."""

    plan = "gunline"
    summary = "turns units to face lines of enemies; prefers shots with crossfire"

    def value(self, pos: Position, seat: int) -> float:
        lines = 0.0
        for sq, unit in pos.units.items():
            if unit.seat != seat:
                continue
            lines += line_worth(pos, sq, unit.facing, seat)
        live = live_odds(pos)
        for _, target, caught in fire_lines(pos, seat):
            if target in pos.blocks:
                lines += max(0.0, live * blast_balance(pos, target, seat, tuple(caught)))
        return (
            army(pos, seat) - army(pos, 1 - seat) + 0.25 * lines - 0.5 * len(under_fire(pos, seat))
        )


class PadKeeper(Lookahead):
    """Keeps a reserve on its carrier pad (safe, counting double, R16, R20), fights with
    the soldiers and brings the reserve on only when its island force runs low."""

    plan = "pad-keeper"
    summary = "a reserve on the pad until its island force runs low, then reinforces"

    def place(
        self, obs: dict[str, Any], seat: int, actions: list[int], texts: dict[int, str]
    ) -> int | None:
        soldiers = [a for a in actions if texts[a].startswith("soldier")]
        return self.rng.choice(soldiers) if soldiers else None

    def value(self, pos: Position, seat: int) -> float:
        on_island = sum(u.seat == seat for u in pos.units.values())
        reserve = sum(k >= 0 for k in pos.pads[seat])
        mine = sum(1 + len(c) for _, t, c in fire_lines(pos, seat) if t in pos.units)
        # A reserve is worth keeping while two or more units fight on the island.
        keep = 0.3 * reserve if on_island >= 2 else -0.3 * reserve
        return (
            army(pos, seat)
            - army(pos, 1 - seat)
            + keep
            + 0.5 * mine
            - 0.6 * len(under_fire(pos, seat))
        )


PLANS: tuple[type[IslandetPlan], ...] = (
    Shooter,
    BlockAvoider,
    PadHoarder,
    Marksman,
    Demolisher,
    Hunter,
    Gunline,
    PadKeeper,
)
