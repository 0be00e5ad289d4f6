"""The ``State`` of Slag for Islandet: the protocol around a ``Position``.

Nothing is hidden: a block's nature is drawn by a chance node at the moment it goes off
(rules/reference.en.md, R23), so the state holds no secret and ``resample`` is a clone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from spelbord.core import CHANCE, TERMINAL, NotationError, State
from spelbord.games.islandet import rules
from spelbord.games.islandet.actions import decode
from spelbord.games.islandet.board import (
    FACINGS,
    entry_square,
    left,
    right,
    slot_column,
    square_name,
    step,
)
from spelbord.games.islandet.evaluation import heuristic_value
from spelbord.games.islandet.notation import parse, text
from spelbord.games.islandet.position import Position, Rules
from spelbord.games.islandet.render import render
from spelbord.games.islandet.units import KINDS, MAX_POINTS

if TYPE_CHECKING:
    from spelbord.core import Game


class IslandetState(State):
    """A position of Slag for Islandet with its history."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        opts = game.options
        self.pos = Position(
            Rules(
                goal=opts["goal"],
                pads=opts["pads"],
                all_live=opts["all_live"],
                turn_limit=opts["turn_limit"],
                version=game.rules_version,
            )
        )

    # ------------------------------------------------------------------ protocol hooks
    def current_player(self) -> int:
        if self.pos.phase == "over":
            return TERMINAL
        seat = rules.deciding_seat(self.pos)
        return CHANCE if seat is None else seat

    def _legal_actions(self, seat: int) -> list[int]:
        return rules.legal_actions(self.pos)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return rules.chance_outcomes(self.pos)

    def _apply_action(self, action: int) -> None:
        if self.current_player() == CHANCE:
            rules.apply_chance(self.pos, action)
        else:
            rules.apply_action(self.pos, action)

    def returns(self) -> list[float]:
        pos = self.pos
        if pos.phase != "over":
            return [0.0, 0.0]
        if pos.rules.goal == "points":
            margin = (pos.score(0) - pos.score(1)) / MAX_POINTS
            return [margin, -margin]
        if pos.winner < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if pos.winner == 0 else [-1.0, 1.0]

    def termination(self) -> str:
        return self.pos.result or "ended"

    def margin(self) -> list[float]:
        """Points (points goal) or units left (other goals), per seat, for standings."""
        pos = self.pos
        if pos.rules.goal == "points":
            return [float(pos.score(0)), float(pos.score(1))]
        return [float(pos.units_left(0)), float(pos.units_left(1))]

    def heuristic_value(self) -> list[float]:
        """Material left, weighted by range, pads and fire (see ``evaluation``), in [-1, 1]."""
        return self.returns() if self.pos.phase == "over" else heuristic_value(self.pos)

    def _action_to_string(self, player: int, action: int) -> str:
        return text(self.pos, player if player >= 0 else -1, action)

    def string_to_action(self, line: str, seat: int | None = None) -> int:
        """Parse notation (case-insensitive) into a legal action of ``seat``."""
        player = self.current_player() if seat is None else seat
        if player == TERMINAL:
            raise NotationError("the game is over")
        action = parse(self.pos, line)
        legal = (
            [a for a, _ in self._chance_outcomes()]
            if player == CHANCE
            else self.legal_actions(player)
        )
        if action not in legal:
            raise NotationError(f"{line!r} is not a legal action here")
        canonical = self._action_to_string(player, action)
        if canonical.casefold() != " ".join(line.split()).casefold():
            raise NotationError(f"{line!r} does not match the position (it is {canonical!r})")
        return action

    def legal_to_dicts(self, seat: int) -> list[dict[str, Any]]:
        """Block placements (up to 144 squares in setup) as one entry
        ``{"kind": "blocks", "to": [squares], "actions": [ids]}``; the rest one by one.

        >>> import random
        >>> from spelbord.core import sample_outcome
        >>> from spelbord.games.islandet import IslandetGame
        >>> state = IslandetGame().new_initial_state()
        >>> while state.current_player() < 0:
        ...     state.apply_action(sample_outcome(state.chance_outcomes(), random.Random(0)))
        >>> entry = state.legal_to_dicts(state.current_player())[0]
        >>> entry["kind"], entry["to"][:3], len(entry["to"]) == len(entry["actions"])
        ('blocks', ['a1', 'b1', 'c1'], True)
        """
        out: list[dict[str, Any]] = []
        blocks: dict[str, Any] = {
            "kind": "blocks",
            "text": "place a block",
            "to": [],
            "actions": [],
        }
        for action in self.legal_actions(seat):
            a = decode(action)
            if a.kind == "block":
                blocks["to"].append(square_name(a.square))
                blocks["actions"].append(action)
            else:
                out.append(self.action_to_dict(action, seat))
        return [blocks, *out] if blocks["to"] else out

    def move_marks(self, action: int, player: int) -> tuple[str, ...]:
        """``hit`` for a shot that hits an enemy unit (R14; a shot at a block waits for
        its reveal), ``blast`` for a block revealed live (R17, R23), ``removal`` for a
        free removal (rules 1A/1B: R8, R13).

        >>> from spelbord.games.islandet import IslandetGame
        >>> from spelbord.games.islandet.actions import encode
        >>> from spelbord.games.islandet.board import parse_square
        >>> from spelbord.games.islandet.units import Unit
        >>> state = IslandetGame().new_initial_state()
        >>> pos = state.pos
        >>> pos.phase, pos.to_move = "shoot1", 0
        >>> c4, c6 = parse_square("c4"), parse_square("c6")
        >>> pos.units = {c4: Unit(0, 0, 0), c6: Unit(1, 0, 2)}  # a soldier facing north
        >>> state.action_to_string(encode("shoot", c4)), state.move_marks(encode("shoot", c4), 0)
        ('c4xc6', ('hit',))
        >>> state.move_marks(encode("remove", c6), 0)
        ('removal',)
        >>> del pos.units[c6]
        >>> pos.blocks = {c6}
        >>> state.move_marks(encode("shoot", c4), 0)  # at a block: its reveal tells
        ()
        >>> pos.phase, pos.reveal = "reveal", [c6]
        >>> [state.move_marks(outcome, CHANCE) for outcome in (rules.SAFE, rules.LIVE)]
        [(), ('blast',)]
        """
        pos = self.pos
        if player == CHANCE:
            return ("blast",) if pos.phase == "reveal" and action == rules.LIVE else ()
        a = decode(action)
        if a.kind in ("remove", "removepad"):
            return ("removal",)
        if a.kind != "shoot" or a.square not in pos.units:
            return ()
        result = rules.shot(pos, a.square)
        if result is None:
            return ()
        target, _ = result
        return () if target in pos.blocks else ("hit",)

    def action_to_dict(self, action: int, seat: int | None = None) -> dict[str, Any]:
        """Structure for user interfaces: kind, unit, from/to squares, facing, targets."""
        out = super().action_to_dict(action, seat)
        player = self.current_player() if seat is None else seat
        if player < 0:
            out["kind"] = "chance"
            return out
        pos = self.pos
        a = decode(action)
        out["kind"] = a.kind
        if a.square >= 0:
            out["from"] = square_name(a.square)
        unit = pos.units.get(a.square) if a.square >= 0 else None
        if unit is not None:
            out["unit"] = {"seat": unit.seat, "kind": KINDS[unit.kind].name}
        if a.kind == "block":
            out["to"] = out.pop("from")
        elif a.kind == "place":
            out["to"] = out.pop("from")
            out["unit"] = {"seat": player, "kind": KINDS[a.arg].name}
        elif a.kind == "face":
            out["facing"] = FACINGS[a.arg]
            if pos.pending >= 0:
                out["to"] = square_name(pos.pending)
        elif a.kind == "padkind":
            out["unit"] = {"seat": player, "kind": KINDS[a.arg].name}
        elif a.kind in ("enter", "removepad"):
            owner = pos.to_move
            out["slot"] = a.arg + 1
            kind = pos.pads[owner][a.arg]
            if kind >= 0:
                out["unit"] = {"seat": owner, "kind": KINDS[kind].name}
            dest = entry_square(owner, pos.centres[owner], a.arg)
            if dest is not None:
                out["to"] = square_name(dest)
                if a.kind == "enter" and dest in pos.blocks:
                    out["onto_block"] = True  # R10 (version 3): the unit sets it off
        elif a.kind == "turn" and unit is not None:
            turned = right(unit.facing) if a.arg else left(unit.facing)
            out["to"] = out["from"]
            out["facing"] = FACINGS[turned]
        elif a.kind == "shoot" and unit is not None:
            result = rules.shot(pos, a.square)
            if result is not None:
                target, caught = result
                out["to"] = square_name(target)
                out["targets"] = [square_name(s) for s in (*caught, target)]
                if caught and target in pos.blocks and pos.rules.version >= 2:
                    out["crossfire_if_live"] = True  # R15: caught only if the block is live
        elif a.kind == "move" and unit is not None:
            distance = pos.roll if a.arg == 0 else pos.roll - 1
            dest = step(a.square, unit.facing, distance)
            if dest is not None:
                out["to"] = square_name(dest)
                out["path"] = [
                    square_name(s)
                    for i in range(1, distance + 1)
                    if (s := step(a.square, unit.facing, i)) is not None
                ]
            facing = unit.facing if a.arg == 0 else (left, right)[a.arg - 1](unit.facing)
            out["facing"] = FACINGS[facing]
        elif a.kind == "padshift":
            owner = pos.to_move
            centre = pos.centres[owner] + (pos.roll if a.arg else -pos.roll)
            out["side"] = "WE"[a.arg]
            out["pad_columns"] = [slot_column(centre, s) for s in range(5)]
        elif a.kind == "remove":
            out["to"] = out["from"]
        if a.kind in ("remove", "removepad", "decline"):
            out["rule"] = "1A" if pos.phase == "remove" else "1B"  # R8, R13
            out["of"] = pos.to_move  # the seat whose unit would go
        return out

    def observation(self, seat: int | None) -> dict[str, Any]:
        """Everything (nothing is hidden; see R23), plus who asks and the scores."""
        return {
            "seat": seat,
            "to_play": self.current_player(),
            "position": self.pos.to_dict(),
            "points": [self.pos.score(0), self.pos.score(1)],
        }

    def _state_dict(self) -> dict[str, Any]:
        return self.pos.to_dict()

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        self.pos.load_dict(data)

    def clone(self) -> IslandetState:
        other = IslandetState.__new__(IslandetState)
        other.game = self.game
        other._history = list(self._history)
        other.pos = self.pos.copy()
        return other

    def __str__(self) -> str:
        return render(self.pos)
