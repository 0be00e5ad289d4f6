"""The state of a Gunst game: the protocol hooks around the table and its rules.

Information (R23): the only secret in Gunst is a seat's Tinge selection while it is being
made. Both selections are applied together at the simultaneous node, so no state ever
holds a selection that one seat has made and the other has not seen; everything in a state
is public (hands follow from the known sets minus what was revealed). ``observation``
therefore gives every seat, and spectators, the same public position plus the full event
log, and ``resample`` is a clone. The imperfect information is the simultaneity itself.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

from spelbord.core import (
    CHANCE,
    SIMULTANEOUS,
    TERMINAL,
    Game,
    NotationError,
    State,
    StateFormatError,
)
from spelbord.games.gunst import actions as A
from spelbord.games.gunst import notation, rules
from spelbord.games.gunst.pieces import (
    DEITIES,
    KIN_RADIX,
    LIFE,
    MAX_FAVOUR,
    PLACES,
    Selection,
)
from spelbord.games.gunst.position import COIN, OVER, TARGET, TINGE, Table
from spelbord.games.gunst.render import render

_COIN = [(0, 0.5), (1, 0.5)]


def _public_log(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A JSON copy of the event log, each favour the one that applies (R7, at most 3).

    Tables stored before rules version 2 logged the whole difference of the counts.
    """
    out: list[dict[str, Any]] = json.loads(json.dumps(log))
    for event in out:
        if event.get("e") == "chooser":
            event["favour"] = min(event["favour"], MAX_FAVOUR)
    return out


class GunstState(State):
    """One position of Gunst."""

    def __init__(self, game: Game) -> None:
        super().__init__(game)
        self.table = Table(
            return_spent=bool(game.options["spent_kin_return"]), version=game.rules_version
        )

    # ------------------------------------------------------------------ hooks
    def current_player(self) -> int:
        phase = self.table.phase
        if phase == TINGE:
            return SIMULTANEOUS
        if phase == COIN:
            return CHANCE
        if phase == OVER:
            return TERMINAL
        return self.table.actor

    def _legal_actions(self, seat: int) -> list[int]:
        table = self.table
        if table.phase == TINGE:
            return list(rules.selections(tuple(table.hand[seat]), table.ready_mask(seat)))
        return rules.legal_decisions(table, seat)

    def _is_legal(self, player: int, action: Any) -> bool:
        if not isinstance(action, int) or isinstance(action, bool):
            return False
        if player == CHANCE:
            return action in (0, 1)
        if self.table.phase == TINGE:
            return rules.selection_is_legal(self.table, player, action)
        return action in rules.legal_decisions(self.table, player)

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return list(_COIN)

    def _apply_action(self, action: int) -> None:
        if self.table.phase == COIN:
            rules.toss(self.table, action)
        else:
            rules.decide(self.table, action)

    def _apply_actions(self, actions: Sequence[int]) -> None:
        rules.reveal(self.table, list(actions))

    def returns(self) -> list[float]:
        table = self.table
        if table.phase != OVER or table.loser < 0:
            return [0.0, 0.0]
        return [-1.0 if seat == table.loser else 1.0 for seat in range(2)]

    def termination(self) -> str:
        return self.table.ended or "ended"

    def margin(self) -> list[float]:
        """Life stones left, per seat (a tournament's point difference)."""
        return [float(v) for v in self.table.life]

    def heuristic_value(self) -> list[float] | None:
        """Life difference scaled to [-1, 1] (the final returns at the end)."""
        if self.table.phase == OVER:
            return self.returns()
        life = self.table.life
        value = max(-1.0, min(1.0, (life[0] - life[1]) / LIFE))
        return [value, -value]

    # ------------------------------------------------------------------ notation
    def _action_to_string(self, player: int, action: int) -> str:
        if player == CHANCE:
            return f"coin {notation.player_text(action)}"
        return notation.to_string(self.table, action)

    def string_to_action(self, text: str, seat: int | None = None) -> int:
        player = self.current_player() if seat is None else seat
        if player == TERMINAL:
            raise NotationError("the game is over")
        words = text.strip().casefold().split()
        if player == CHANCE:
            if len(words) == 2 and words[0] == "coin":
                return notation.parse_player(words[1])
            raise NotationError(f"{text!r} is not a coin outcome (coin P1, coin P2)")
        if player == SIMULTANEOUS:
            raise NotationError("a simultaneous node: name the seat")
        action, verb = notation.parse(text)
        if self.table.phase != TINGE:
            kind = A.kind_of(action)[0]
            if kind in ("deity", "row") and verb not in (kind, notation.verb_for(self.table, kind)):
                raise NotationError(f"{text!r}: the verb does not fit this decision")
        if not self._is_legal(player, action) or (
            self.current_player() not in (player, SIMULTANEOUS)
        ):
            raise NotationError(f"{text!r} is not a legal action here")
        return action

    def move_marks(self, action: int, player: int) -> tuple[str, ...]:
        """``deity`` for a Tinge selection that brings deities into play (R4), ``deity_acts``
        for the row a deity's effect falls on (double, banish, convert, move: R9-R12),
        ``strike`` when the scholar row strikes (damage, R20).

        >>> from spelbord.games.gunst import GunstGame
        >>> from spelbord.games.gunst.pieces import EXTAZIA, Selection
        >>> state = GunstGame().new_initial_state()
        >>> bring = Selection((1, 0, 0, 0, 0), 1 << EXTAZIA).code
        >>> state.action_to_string(bring, 0), state.move_marks(bring, 0)
        ('bring 1K Ex', ('deity',))
        >>> state.move_marks(Selection((1, 0, 0, 0, 0), 0).code, 0)
        ()
        >>> state.table.phase, state.table.deity_in_use = TARGET, EXTAZIA
        >>> state.action_to_string(A.ROW + 1, 0), state.move_marks(A.ROW + 1, 0)
        ('double warriors', ('deity_acts',))
        >>> state.move_marks(A.MODE + 1, 0)
        ('strike',)
        """
        if player == CHANCE or not 0 <= action < A.NUM_ACTIONS:
            return ()
        kind, arg = A.kind_of(action)
        table = self.table
        if kind == "select":
            return ("deity",) if Selection.decode(arg).deities else ()
        if kind == "row" and table.phase == TARGET and table.deity_in_use >= 0:
            return ("deity_acts",)
        if kind == "mode" and notation.MODES[arg] == "strike":
            return ("strike",)
        return ()

    def action_to_dict(self, action: int, seat: int | None = None) -> dict[str, Any]:
        player = self.current_player() if seat is None else seat
        text = self.action_to_string(action, seat)
        if player == CHANCE:
            return {"action": action, "text": text, "kind": "coin", "chooser": action}
        return notation.to_dict(self.table, action, text)

    def legal_to_dicts(self, seat: int) -> list[dict[str, Any]]:
        """In Tinge one entry for every selection at once (R4: any number of each kin in
        hand, any deities in hand): ``{"kind": "selections", "hand", "deities", "radix"}``;
        the action of a selection is its ``Selection.code``: the kin counts in mixed radix
        ``radix``, times 16, plus bit ``d`` for each deity ``d`` brought.

        >>> from spelbord.games.gunst import GunstGame
        >>> GunstGame().new_initial_state().legal_to_dicts(0)[0]["hand"]
        [1, 3, 3, 2, 2]
        """
        table = self.table
        if table.phase != TINGE:
            return super().legal_to_dicts(seat)
        if self.current_player() != SIMULTANEOUS or not 0 <= seat < 2:
            return []
        ready = table.ready_mask(seat)
        return [
            {
                "kind": "selections",
                "text": "bring a selection from your hand",
                "hand": list(table.hand[seat]),
                "deities": [d.name for d in DEITIES if ready >> d.index & 1],
                "radix": list(KIN_RADIX),
            }
        ]

    # ------------------------------------------------------------------ views
    def observation(self, seat: int | None) -> dict[str, Any]:
        """The public position and the whole event log (R23: nothing else is secret).

        ``rules_version`` says which rules the table plays by (version 3: a deity that has
        acted stays on the field, ``spent``, until the round ends; Archimedes may leave
        the rows as they are)."""
        t = self.table
        return {
            "seat": seat,
            "rules_version": t.version,
            "season": t.season,
            "phase": t.phase,
            "to_move": self.current_player(),
            "life": list(t.life),
            "hand": [list(h) for h in t.hand],
            "deities": [
                {d.name: PLACES[place] for d, place in zip(DEITIES, side, strict=True)}
                for side in t.deity
            ],
            "rows": [[list(r) for r in side] for side in t.rows],
            "doubled": list(t.doubled),
            "chooser": t.chooser,
            "first": t.first,
            "favoured": t.favoured,
            "favour": min(t.favour, MAX_FAVOUR),
            "deity_in_use": t.deity_in_use,
            "source": t.source,
            "slaget": {"row": t.row, "side": t.side, "left": t.left, "mode": t.mode},
            "loser": t.loser,
            "log": _public_log(t.log),
        }

    def resample(self, seat: int | None, rng: random.Random) -> GunstState:
        """A clone: no state holds anything a seat has not seen (see the module text)."""
        return self.clone()

    def action_visible_to(self, player: int, action: int, viewer: int | None) -> bool:
        """Every Gunst move is public once applied: the secret Tinge selections are applied
        together, so by the time a move is listed both have been revealed (R4)."""
        return True

    def _state_dict(self) -> dict[str, Any]:
        return self.table.to_dict()

    def _load_state_dict(self, data: dict[str, Any]) -> None:
        table = Table.from_dict(data, version=self.game.rules_version)
        if table.return_spent != self.table.return_spent:
            raise StateFormatError("the state's spent-kin rule differs from the game's option")
        if table.version != self.game.rules_version:
            raise StateFormatError(
                f"the table's rules version {table.version} differs from the game's "
                f"{self.game.rules_version}"
            )
        self.table = table

    def clone(self) -> GunstState:
        twin = GunstState.__new__(GunstState)
        twin.game = self.game
        twin._history = list(self._history)
        twin.table = self.table.clone()
        return twin

    def observation_string(self, seat: int | None) -> str:
        """The board ``seat`` sees, drawn from its observation (``render``)."""
        return render(self.observation(seat))

    def __str__(self) -> str:
        return render(self.observation(None))
