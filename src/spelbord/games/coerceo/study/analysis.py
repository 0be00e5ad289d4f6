"""Coerceo's analysis board: the engine's view of a position (``core.study.Analyser``).

``CoerceoGame.extras`` names it (its ``study``, with ``puzzles.CoerceoPuzzles``); the server
serves it at ``/analysis/coerceo`` without naming the game.

>>> from spelbord.games.coerceo import CoerceoGame
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

from typing import Any

from spelbord.core import Game, SpelbordError, State
from spelbord.games.coerceo.engine.search import line_text, score_parts, score_text, search
from spelbord.games.coerceo.engine.weights import WEIGHTS
from spelbord.games.coerceo.game import CoerceoGame
from spelbord.games.coerceo.position import PositionError, parse_position, position_text
from spelbord.games.coerceo.state import CoerceoState
from spelbord.games.coerceo.study import puzzles

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

    def report(self, state: State, seconds: float | None, depth: int | None = None) -> str:
        """The engine's search as ``spelbord analyse coerceo`` prints it: depth by depth
        (score, nodes, seconds, line), then the best move, the evaluation and the line.
        With a time budget the exact endgame tables are used (half the time builds the
        tables of an ending with few pieces on few tiles)."""
        state = _coerceo(state)
        result = search(state, depth=depth, seconds=seconds, tablebase=seconds is not None)
        side = ("white", "black")[state.side_to_move()]
        lines = [f"{'depth':>5} {'score':>10} {'nodes':>12} {'seconds':>8}  line"]
        for it in result.iterations:
            line = " ".join(line_text(state, it.line))
            lines.append(
                f"{it.depth:>5} {score_text(it.score):>10} {it.nodes:>12,} {it.seconds:>8.2f}"
                f"  {line}"
            )
        core = "compiled core" if result.compiled else "pure-Python core"
        rate = f"{result.nodes / result.seconds:,.0f}/s" if result.seconds > 0 else "-"
        lines.append(
            f"best {state.action_to_string(result.action)}  evaluation "
            f"{score_text(result.score)} for {side} (to move)  depth {result.depth}  "
            f"{result.nodes:,} nodes in {result.seconds:.2f} s ({rate} nodes, {core})"
        )
        lines.append("line: " + " ".join(line_text(state, result.line)))
        return "\n".join(lines)

    def threats(self, state: CoerceoState) -> list[dict[str, Any]]:
        """The opponent's moves that would win material if it were its turn now."""
        side = state.side_to_move()
        names = ("white", "black")
        flipped_text = position_text(state).replace(
            f"move: {names[side]}", f"move: {names[1 - side]}"
        )
        game = state.game
        assert isinstance(game, CoerceoGame)  # the game of a Coerceo state
        try:
            flipped = parse_position(flipped_text, game)
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
