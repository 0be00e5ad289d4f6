"""A position as one line of text (like chess's FEN), and its strict parser.

The text is ``;``-separated ``key: value`` parts, in any order::

    white: c4:1 c4:5; black: c3:0 b2:4; tiles: all; collected: 0 2; move: black

``white`` and ``black`` list the fields of the pieces (R16 notation); ``tiles`` lists the
present tiles (``all``: the 19 of Laurentius, ``ocius``: its 7; default ``all``);
``collected`` the tiles white and black hold (default ``0 0``); ``move`` the side to move
(default ``white``). ``position_text`` writes it; ``parse_position`` reads it and rejects
what the rules cannot reach, naming what is wrong with a ``PositionError`` subclass
(``errors``: syntax, field colour, missing tile, doubled piece, piece count, tile removal,
collected tiles, finished game).

>>> from spelbord.games.coerceo import CoerceoGame
>>> start = CoerceoGame().new_initial_state()
>>> text = position_text(start)
>>> text[:40]
'white: a3:3 a3:5 a4:3 b2:5 b3:3 b3:5 b5:'
>>> parse_position(text).pieces(0) == start.pieces(0)
True
>>> parse_position("white: c3:1 c3:1; black: c3:0; tiles: c3 c4")
Traceback (most recent call last):
...
spelbord.games.coerceo.errors.DoubledPieceError: c3:1: two white pieces on one field
"""

from __future__ import annotations

import re

from spelbord.games.coerceo.board import (
    ALL_TILES,
    BLACK,
    COLOUR_NAMES,
    OCIUS_TILES,
    REMOVABLE_PATTERN,
    TILE_FIELDS,
    TILE_INDEX,
    TILE_NEIGHBOURS,
    TILES,
    WHITE,
    bits,
    field_colour,
    neighbour_pattern,
)
from spelbord.games.coerceo.errors import (
    CollectedTilesError,
    DoubledPieceError,
    FieldColourError,
    FinishedPositionError,
    MissingTileError,
    PieceCountError,
    PositionError,
    PositionSyntaxError,
    TileRemovalError,
)
from spelbord.games.coerceo.game import CoerceoGame
from spelbord.games.coerceo.notation import field_name, tile_name
from spelbord.games.coerceo.state import CoerceoState

KEYS = ("white", "black", "tiles", "collected", "move")
_FIELD = re.compile(r"^([a-e])([1-5]):([0-5])$")
_TILE = re.compile(r"^([a-e])([1-5])$")

__all__ = ["PositionError", "parse_position", "position_text"]


def _could_have_gone(pattern: int) -> bool:
    """Whether a tile whose present neighbours are ``pattern`` can be a removed tile: the
    neighbours it had when it went (R8) included today's, so today's must fit into some
    pattern that allows removal (at most three, one unbroken run)."""
    return any(REMOVABLE_PATTERN[p] and p & pattern == pattern for p in range(64))


COULD_HAVE_GONE: tuple[bool, ...] = tuple(_could_have_gone(p) for p in range(64))
"""Indexed by the 6-bit pattern of a missing tile's present neighbours."""


def position_text(state: CoerceoState) -> str:
    """The one-line text of a state's position (pieces, tiles, collected, side to move)."""
    white = " ".join(field_name(f) for f in bits(state.pieces(WHITE)))
    black = " ".join(field_name(f) for f in bits(state.pieces(BLACK)))
    mask = state.tile_mask()
    if mask == ALL_TILES:
        tiles = "all"
    elif mask == OCIUS_TILES:
        tiles = "ocius"
    else:
        tiles = " ".join(tile_name(*TILES[t]) for t in bits(mask))
    cw, cb = state.collected()
    side = COLOUR_NAMES[state.side_to_move()]
    return f"white: {white}; black: {black}; tiles: {tiles}; collected: {cw} {cb}; move: {side}"


def _tile(word: str) -> int:
    m = _TILE.match(word)
    if m is None:
        raise PositionSyntaxError(f"{word!r} is not a tile name (like c3)")
    x, y = ord(m[1]) - ord("a") - 2, int(m[2]) - 3
    if (x, y) not in TILE_INDEX:
        raise MissingTileError(f"there is no tile {word} on the board")
    return TILE_INDEX[(x, y)]


def _field(word: str) -> int:
    m = _FIELD.match(word)
    if m is None:
        raise PositionSyntaxError(f"{word!r} is not a field name (like c3:0)")
    return _tile(f"{m[1]}{m[2]}") * 6 + int(m[3])


def parse_position(
    text: str, game: CoerceoGame | None = None, *, check_removals: bool = True
) -> CoerceoState:
    """The state of a position text; ``PositionError`` names what is wrong.

    Rejected, each with its own ``PositionError`` subclass: unknown or repeated keys and
    bad names (``PositionSyntaxError``), a piece on a field of the other colour
    (``FieldColourError``), on a missing tile (``MissingTileError``) or on a field twice
    (``DoubledPieceError``), a side with more pieces than the variant starts with
    (``PieceCountError``), an empty tile that the rules would have removed or a missing
    tile that could never have been removed (``TileRemovalError``, R8; the second is
    skipped with ``check_removals=False``, for engine tests on made-up tile sets), negative hands or
    more collected tiles than tiles removed (``CollectedTilesError``), a side without
    pieces or a side to move without a legal action (``FinishedPositionError``, R11, R12).
    ``game`` gives the options (default: Laurentius, exchange cost 2).
    """
    if not isinstance(text, str) or not text.strip():
        raise PositionSyntaxError("a position text is a non-empty string")
    game = game if game is not None else CoerceoGame()
    parts: dict[str, str] = {}
    for chunk in text.split(";"):
        if not chunk.strip():
            continue
        key, sep, value = chunk.partition(":")
        key = key.strip().lower()
        if not sep or key not in KEYS:
            raise PositionSyntaxError(
                f"{chunk.strip()!r}: expected one of {', '.join(KEYS)}, a colon, values"
            )
        if key in parts:
            raise PositionSyntaxError(f"{key!r} given twice")
        parts[key] = value.strip().lower()
    for key in ("white", "black"):
        if key not in parts:
            raise PositionSyntaxError(f"no {key!r} pieces given")
    variant_tiles = OCIUS_TILES if game.options["variant"] == "ocius" else ALL_TILES
    tiles_text = parts.get("tiles", "all")
    if tiles_text == "all":
        tiles = ALL_TILES
    elif tiles_text == "ocius":
        tiles = OCIUS_TILES
    else:
        tiles = 0
        for word in tiles_text.split():
            tiles |= 1 << _tile(word)
    if tiles & ~variant_tiles:
        extra = [tile_name(*TILES[t]) for t in bits(tiles & ~variant_tiles)]
        raise MissingTileError(
            f"tiles {' '.join(extra)} are not on the {game.options['variant']} board"
        )
    limit = 7 if game.options["variant"] == "ocius" else 18
    masks = [0, 0]
    for colour, key in ((WHITE, "white"), (BLACK, "black")):
        for word in parts[key].split():
            field = _field(word)
            if field_colour(field) != colour:
                raise FieldColourError(
                    f"{word} is a {COLOUR_NAMES[1 - colour]} field: no {key} piece can stand there"
                )
            if not tiles >> (field // 6) & 1:
                raise MissingTileError(f"{word}: a {key} piece on the missing tile {word[:2]}")
            if masks[colour] >> field & 1:
                raise DoubledPieceError(f"{word}: two {key} pieces on one field")
            masks[colour] |= 1 << field
        count = masks[colour].bit_count()
        if count == 0:
            raise FinishedPositionError(f"{key} has no pieces: the game would be over (R11)")
        if count > limit:
            raise PieceCountError(f"{key} has {count} pieces; the game starts with {limit}")
    collected_text = parts.get("collected", "0 0").split()
    try:
        collected = (int(collected_text[0]), int(collected_text[1]))
        if len(collected_text) != 2:
            raise ValueError
    except (ValueError, IndexError):
        raise PositionSyntaxError(
            f"collected: expected two counts, got {parts['collected']!r}"
        ) from None
    removed = (variant_tiles & ~tiles).bit_count()
    if min(collected) < 0:
        raise CollectedTilesError(
            f"collected tiles {collected[0]} {collected[1]}: a player cannot hold fewer than 0"
        )
    if sum(collected) > removed:
        raise CollectedTilesError(
            f"collected tiles {collected[0]} + {collected[1]} exceed the {removed} tiles removed"
        )
    occupied = masks[0] | masks[1]
    for t in bits(tiles):
        if not occupied & TILE_FIELDS[t] and REMOVABLE_PATTERN[neighbour_pattern(t, tiles)]:
            raise TileRemovalError(
                f"tile {tile_name(*TILES[t])} is empty and would have been removed (R8)"
            )
    never_removable = variant_tiles & ~tiles if check_removals else 0
    for t in bits(never_removable):
        pattern = neighbour_pattern(t, tiles)
        if not COULD_HAVE_GONE[pattern]:
            present = " ".join(
                tile_name(*TILES[n]) for n in TILE_NEIGHBOURS[t] if n >= 0 and tiles >> n & 1
            )
            raise TileRemovalError(
                f"tile {tile_name(*TILES[t])} is missing, but its neighbours {present} are"
                " present: it could never have been removed (R8: at most 3, in one run)"
            )
    side_text = parts.get("move", "white")
    if side_text not in COLOUR_NAMES:
        raise PositionSyntaxError(f"move: expected white or black, got {side_text!r}")
    side = COLOUR_NAMES.index(side_text)
    state = game.from_position(
        [_coords(f) for f in bits(masks[0])],
        [_coords(f) for f in bits(masks[1])],
        tiles=[TILES[t] for t in bits(tiles)],
        to_move=side,
        collected=collected,
    )
    if state.is_terminal():
        raise FinishedPositionError(
            f"{side_text} has no legal action: the game would be over (R12)"
        )
    return state


def _coords(field: int) -> tuple[int, int, int]:
    x, y = TILES[field // 6]
    return x, y, field % 6
