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
from spelbord.games.islandet.board import SIZE, entry_square, neighbours, parse_square
from spelbord.games.islandet.evaluation import unit_danger
from spelbord.games.islandet.position import Position, Rules
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


PLANS: tuple[type[IslandetPlan], ...] = (Shooter, BlockAvoider, PadHoarder)
