"""The ``State`` of Omringad: the protocol around an ``OmringadData`` (``position``).

Legal actions, chance and what an action does are the round's flow (``rules``, which calls
the phases); what a seat sees and resampling are ``hidden/``; the heuristic value and the
determinization are the engine's (``engine/``). The state's fields are plain lists and
ints, so cloning and JSON are cheap and exact.

>>> from spelbord.core import SIMULTANEOUS
>>> from spelbord.games.omringad.game import OmringadGame
>>> st = OmringadGame().new_initial_state()
>>> st.current_player() == SIMULTANEOUS, st.legal_actions(0)[:2]
(True, [10, 11])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from spelbord.core import CHANCE
from spelbord.core.clock import Clock
from spelbord.games.omringad import marks, rules
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.engine import evaluation
from spelbord.games.omringad.engine.determinize import determinize
from spelbord.games.omringad.hidden import observation as hidden
from spelbord.games.omringad.phases import auction
from spelbord.games.omringad.players import returns_for
from spelbord.games.omringad.position import OmringadData

if TYPE_CHECKING:
    from spelbord.games.omringad.position import OmringadGameBase


class OmringadState(OmringadData):
    """One position of an Omringad base game for two or four players: the protocol (its
    data is ``position.OmringadData``, its rules ``rules`` and ``phases/``)."""

    game: OmringadGameBase

    # ================================================================== protocol hooks
    def current_player(self) -> int:
        return rules.current_player(self)

    def _legal_actions(self, seat: int) -> list[int]:
        return sorted(rules.actions(self, seat))

    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return rules.chance_outcomes(self)

    def _apply_action(self, action: int) -> None:
        rules.apply(self, action)

    def _apply_actions(self, actions: Sequence[int]) -> None:
        rules.apply_simultaneous(self, actions)

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
        return rules.action_text(self, player, action)

    def action_to_dict(self, action: int, seat: int | None = None) -> dict[str, Any]:
        """The action's text plus its kind, and the square or unit it names (for UIs)."""
        out = super().action_to_dict(action, seat)
        player = self.current_player() if seat is None else seat
        if player != CHANCE:
            out.update(N.describe(action))
            if "square" in out:
                out["label"] = self.map.label(out["square"])
        return out

    def move_marks(self, action: int, player: int) -> tuple[str, ...]:
        """``attack`` and ``conquest`` (``marks``)."""
        return marks.move_marks(self, action, player)

    def decision_clock(self, seat: int) -> Clock | None:
        """The bid clock on the seat that must bid in the auction (option ``bid_clock``, R102)."""
        return auction.clock(self, seat)

    def heuristic_value(self) -> list[float]:
        """Projected score, income, material and sieges, per seat in [-1, 1] (``evaluation``)."""
        return evaluation.heuristic_value(self)

    def observation(self, seat: int | None) -> dict[str, Any]:
        return hidden.observe(self, seat)

    def observation_view(self, seat: int | None) -> dict[str, Any]:
        """The observation read entry by entry, for search (``hidden.LazyObservation``)."""
        return hidden.LazyObservation(self, seat)

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
