"""The Coerceo baseline: a plain material alpha-beta (``script:material``).

It searches ``depth`` plies (default 2) with alpha-beta and scores a position by material
only: pieces on the board, plus tiles in hand as the share of a piece an exchange buys
(games/coerceo/rules/reference.en.md R10); a won game scores beyond any material. Ties among equal
moves are broken at random (seeded). A baseline for the gauntlet, not a strong engine.
"""

from __future__ import annotations

import math

from spelbord.ai.scripted.base import ScriptedAgent
from spelbord.ai.view import SeatView
from spelbord.core import State

WIN = 1000.0


def material(state: State, seat: int) -> float:
    """``seat``'s material lead: pieces, plus tiles in hand over the exchange cost."""
    if state.is_terminal():
        return WIN * state.returns()[seat]
    pieces = [state.pieces(c).bit_count() for c in (0, 1)]  # type: ignore[attr-defined]
    tiles = state.collected()  # type: ignore[attr-defined]
    cost = state.exchange_cost()  # type: ignore[attr-defined]
    lead = (pieces[seat] - pieces[1 - seat]) + (tiles[seat] - tiles[1 - seat]) / (2.0 * cost)
    return float(lead)


class MaterialAlphaBeta(ScriptedAgent):
    """Depth-limited alpha-beta on material (negamax form)."""

    game = "coerceo"
    plan = "material"
    summary = "alpha-beta, 2 plies, on material (pieces and tiles in hand)"
    depth = 2

    def choose(self, view: SeatView, actions: list[int]) -> int | None:
        root = view.resample(self.rng)
        seat = view.seat
        order = list(actions)
        self.rng.shuffle(order)
        best_value, best = -math.inf, order[0]
        for action in order:
            child = root.clone()
            child.apply_action(action)
            value = self._alphabeta(child, self.depth - 1, best_value, math.inf, seat)
            if value > best_value:
                best_value, best = value, action
        return best

    def _alphabeta(self, state: State, depth: int, alpha: float, beta: float, seat: int) -> float:
        """Minimax value of ``state`` for ``seat`` within the window (alpha, beta)."""
        if depth == 0 or state.is_terminal():
            return material(state, seat)
        maximizing = state.current_player() == seat
        value = -math.inf if maximizing else math.inf
        for action in state.legal_actions():
            child = state.clone()
            child.apply_action(action)
            score = self._alphabeta(child, depth - 1, alpha, beta, seat)
            if maximizing:
                value = max(value, score)
                alpha = max(alpha, value)
            else:
                value = min(value, score)
                beta = min(beta, value)
            if alpha >= beta:
                break
        return value


PLANS: tuple[type[ScriptedAgent], ...] = (MaterialAlphaBeta,)
