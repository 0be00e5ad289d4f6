"""Coerceo's study features: the analysis board's engine view and the shipped puzzles.

``CoerceoGame.extras`` names the two classes here (its ``study``, ``core.study``); the server serves
them at ``/analysis/coerceo`` and ``/puzzles/coerceo`` without naming the game.

>>> from spelbord.games.coerceo.rules import CoerceoGame
>>> game = CoerceoGame(variant="ocius")
>>> board = CoerceoAnalysis()
>>> state = board.parse(board.text(game.new_initial_state()), game)
>>> report = board.analyse(state, 0.05)
>>> report["side"], len(report["line"]) > 0, report["top"][0]["move"] in report["legal"]
('white', True, True)
>>> board.parse("white: c3:1 c3:1; black: c3:0; tiles: ocius", game)
Traceback (most recent call last):
...
spelbord.games.coerceo.errors.DoubledPieceError: c3:1: two white pieces on one field
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spelbord.core import Game, SpelbordError, State
from spelbord.games.coerceo import puzzles
from spelbord.games.coerceo.fen import PositionError, parse_position, position_text
from spelbord.games.coerceo.rules import CoerceoGame, CoerceoState
from spelbord.games.coerceo.search import line_text, score_parts, score_text, search
from spelbord.games.coerceo.weights import WEIGHTS

TOP_MOVES = 5
TOP_DEPTH = 3
"""Plies each root action is searched to after it, for the top-moves list."""
THREAT_GAIN = 90
"""Material (centipawns) an opponent's move must win to be listed as a threat."""


def _coerceo(state: State) -> CoerceoState:
    if not isinstance(state, CoerceoState):
        raise PositionError(f"not a Coerceo position: {type(state).__name__}")
    return state


class CoerceoAnalysis:
    """The analysis board: position texts (``fen``) and the alpha-beta engine's view."""

    def parse(self, text: str, game: Game) -> CoerceoState:
        if not isinstance(game, CoerceoGame):
            raise PositionError(f"not a Coerceo game: {game.name}")
        return parse_position(text, game)

    def text(self, state: State) -> str:
        return position_text(_coerceo(state))

    def analyse(self, state: State, seconds: float) -> dict[str, Any]:
        """Evaluation, best line and depth (a search of ``seconds`` with the endgame
        tables: an ending they cover, once its table is built within half the time or by
        an earlier request, shows its exact result, win or loss in so many turns), the top
        moves (each searched ``TOP_DEPTH`` plies after it) and the threats (the opponent's
        moves that would win material if it were its turn now)."""
        state = _coerceo(state)
        result = search(state, seconds=seconds, tt_bits=18, tablebase=True)
        line = line_text(state, result.line)
        scored = puzzles.action_scores(state, TOP_DEPTH, WEIGHTS)
        ranked = sorted(scored.items(), key=lambda item: -item[1][0])[:TOP_MOVES]
        top = [
            {
                "move": state.action_to_string(a),
                "score": v,
                "text": score_text(v),
                "verdict": score_parts(v),
            }
            for a, (v, _) in ranked
        ]
        side = state.side_to_move()
        return {
            "position": position_text(state),
            "side": ("white", "black")[side],
            "score": result.score,
            "evaluation": score_text(result.score),
            "verdict": score_parts(result.score),
            "white_score": result.score if side == 0 else -result.score,
            "scores": [result.score, -result.score] if side == 0 else [-result.score, result.score],
            "depth": result.depth,
            "nodes": result.nodes,
            "seconds": round(result.seconds, 3),
            "line": line,
            "top": top,
            "threats": self.threats(state)[:5],
            "legal": [state.action_to_string(a) for a in state.legal_actions()],
        }

    def threats(self, state: CoerceoState) -> list[dict[str, Any]]:
        """The opponent's moves that would win material if it were its turn now."""
        side = state.side_to_move()
        names = ("white", "black")
        flipped_text = position_text(state).replace(
            f"move: {names[side]}", f"move: {names[1 - side]}"
        )
        try:
            flipped = parse_position(flipped_text, state.game)
        except SpelbordError:
            return []  # the opponent would have no action at all
        base = puzzles.material(flipped, 1 - side)
        out: list[dict[str, Any]] = []
        for value, tail in puzzles.action_scores(flipped, 1).values():
            if value >= base + THREAT_GAIN:
                moves = line_text(flipped, tail)
                out.append({"move": moves[0], "line": moves, "gain": value - base})
        out.sort(key=lambda t: -int(t["gain"]))
        return out


class CoerceoPuzzles:
    """The shipped puzzles (``puzzles.json``)."""

    def all(self) -> Sequence[puzzles.Puzzle]:
        return puzzles.load()

    def get(self, puzzle_id: str) -> puzzles.Puzzle:
        return puzzles.get(puzzle_id)

    def check(self, puzzle: Any, move: str) -> bool:
        return puzzles.check_move(puzzles.get(puzzle.id), move)
