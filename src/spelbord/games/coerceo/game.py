"""Coerceo as a Spelbord game: its facts, options and extras, and hand-made positions.

Importing this module registers the game as ``"coerceo"``; the rules are restated in
rules/reference.en.md (R1-R17), their functions are in ``rules``, the state in ``state``.

>>> game = CoerceoGame(variant="ocius")
>>> game.new_initial_state().tiles()[:2]
[(-1, 0), (-1, 1)]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar

from spelbord.core import Game, GameInfo, Option, register
from spelbord.core.extras import Bench, Extras, Study
from spelbord.games.coerceo.board import (
    BLACK,
    COLOUR_NAMES,
    TILE_INDEX,
    WHITE,
    field_colour,
    field_index,
    fields_of_tiles,
)
from spelbord.games.coerceo.errors import (
    CollectedTilesError,
    DoubledPieceError,
    FieldColourError,
    FinishedPositionError,
    MissingTileError,
    PositionSyntaxError,
)
from spelbord.games.coerceo.rules import NUM_ACTIONS, has_action
from spelbord.games.coerceo.state import CoerceoState

MAX_MOVES_LIMIT = 5000
"""The largest ``max_moves`` option accepted (and so ``max_game_length``)."""

Field = tuple[int, int, int]
"""A field as ``(x, y, f)``: tile coordinates and field number 0..5."""


@register
class CoerceoGame(Game):
    """Coerceo for two: white (seat 0) against black (seat 1)."""

    info: ClassVar[GameInfo] = GameInfo(
        name="coerceo",
        title="Coerceo",
        seat_names=("White", "Black"),
        min_seats=2,
        max_seats=2,
        teams=False,
        chance=False,
        information="perfect",
        simultaneous=False,
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=0,
        max_game_length=MAX_MOVES_LIMIT,
        options=(
            Option(
                "variant",
                "laurentius",
                choices=("laurentius", "ocius"),
                help="start position: laurentius (19 tiles, 18 pieces each) or ocius (7, 7)",
            ),
            Option(
                "exchange_cost",
                2,
                choices=(2, 1),
                help="collected tiles given up to remove an opponent piece (1: single-tile)",
            ),
            Option(
                "repetition_draw",
                True,
                choices=(True, False),
                help="threefold repetition of a position is a draw",
            ),
            Option(
                "max_moves",
                2000,
                help=f"the game is drawn after this many turns (1..{MAX_MOVES_LIMIT})",
                minimum=1,
                maximum=MAX_MOVES_LIMIT,
            ),
        ),
        summary="Capture every enemy piece on a board of hexagons that shrinks as you play.",
    )
    extras: ClassVar[Extras] = Extras(
        study=Study(
            analysis="spelbord.games.coerceo.study:CoerceoAnalysis",
            puzzles="spelbord.games.coerceo.study:CoerceoPuzzles",
        ),
        facts="spelbord.games.coerceo.facts:facts",
        agents="spelbord.ai.coerceo",
        levels="spelbord.ai.coerceo.levels:LEVELS",
        studies="spelbord.ai.coerceo.studies",
        tuner="spelbord.ai.coerceo.tune:main",
        encoder="spelbord.games.coerceo.encoding:CoerceoEncoder",
        bench=Bench(rows="spelbord.games.coerceo.engine.bench:rows"),
    )

    def new_initial_state(self) -> CoerceoState:
        return CoerceoState(self)

    def from_position(
        self,
        white: Iterable[Field],
        black: Iterable[Field],
        tiles: Iterable[tuple[int, int]] | None = None,
        to_move: int = WHITE,
        collected: tuple[int, int] = (0, 0),
    ) -> CoerceoState:
        """A hand-made position (for tests, puzzles and teaching).

        Pieces are ``(x, y, field)`` triples; ``tiles`` defaults to the variant's board.
        The position is taken as given: an empty tile that would qualify for removal stays
        until a removal chain (R8) next reaches it.
        Raises a ``PositionError`` (a ``StateFormatError``; ``errors`` has one subclass
        per kind of fault) for pieces on missing tiles, on fields of the other colour, on
        one field twice, a side without pieces, a bad side to move or negative hands.

        >>> game = CoerceoGame()
        >>> state = game.from_position([(0, 0, 1)], [(0, 0, 0)], tiles=[(0, 0), (0, 1)])
        >>> state.tiles(), state.current_player()
        ([(0, 0), (0, 1)], 0)
        >>> game.from_position([(0, 0, 0)], [(0, 0, 2)])
        Traceback (most recent call last):
        ...
        spelbord.games.coerceo.errors.FieldColourError: field (0, 0, 0) is not a white field
        """
        state = self.new_initial_state()
        tile_mask = state._tiles
        if tiles is not None:
            tile_mask = 0
            for t in tiles:
                if tuple(t) not in TILE_INDEX:
                    raise MissingTileError(f"no tile {tuple(t)} on the board")
                tile_mask |= 1 << TILE_INDEX[(t[0], t[1])]
        fields = fields_of_tiles(tile_mask)
        masks = [0, 0]
        for colour, group in ((WHITE, white), (BLACK, black)):
            for x, y, f in group:
                if (x, y) not in TILE_INDEX or not 0 <= f < 6:
                    raise MissingTileError(f"no field {(x, y, f)}")
                i = field_index(x, y, f)
                if not fields >> i & 1:
                    raise MissingTileError(f"field {(x, y, f)} is not on a present tile")
                if field_colour(i) != colour:
                    raise FieldColourError(
                        f"field {(x, y, f)} is not a {COLOUR_NAMES[colour]} field"
                    )
                if (masks[0] | masks[1]) >> i & 1:
                    raise DoubledPieceError(f"two pieces on field {(x, y, f)}")
                masks[colour] |= 1 << i
        if not masks[0] or not masks[1]:
            raise FinishedPositionError("each side needs at least one piece")
        if to_move not in (WHITE, BLACK):
            raise PositionSyntaxError(f"bad side to move {to_move!r} (0 white, 1 black)")
        if len(collected) != 2 or min(collected) < 0:
            raise CollectedTilesError(f"bad collected tiles {collected!r}")
        state._pieces = masks
        state._tiles = tile_mask
        state._fields = fields
        state._collected = list(collected)
        state._side = to_move
        state._rep = [state._key()]
        if not has_action(masks[to_move], state._free(), collected[to_move] >= state._cost):
            state._end = "stalemate"
        return state
