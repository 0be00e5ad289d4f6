"""Errors for Coerceo positions the rules cannot reach: one ``ValueError`` subclass each.

Every one is a ``PositionError`` (and so a ``StateFormatError``), raised by the position
text parser (``position.parse_position``) and by ``CoerceoGame.from_position``; a caller that
only cares that the position is bad catches ``PositionError``, one that wants to say what
is wrong catches the subclass.

>>> from spelbord.games.coerceo.position import parse_position
>>> try:
...     parse_position("white: c3:0; black: c3:2")
... except FieldColourError as exc:
...     print(exc)
c3:0 is a black field: no white piece can stand there
>>> issubclass(FieldColourError, PositionError), issubclass(PositionError, ValueError)
(True, True)
"""

from __future__ import annotations

from spelbord.core import StateFormatError


class PositionError(StateFormatError):
    """A position text that does not parse, or a position the rules cannot reach."""


class PositionSyntaxError(PositionError):
    """Text that is not a position: unknown or repeated keys, names that are no field or
    tile, counts that are no numbers, a side to move that is neither white nor black."""


class FieldColourError(PositionError):
    """A piece on a field of the other colour (R2, R5: pieces never change colour)."""


class MissingTileError(PositionError):
    """A piece on a tile that is not present, or a tile that is not on the variant's board."""


class DoubledPieceError(PositionError):
    """Two pieces on one field."""


class PieceCountError(PositionError):
    """More pieces of a side than the variant starts with (R3): pieces are never added."""


class TileRemovalError(PositionError):
    """Tiles that contradict R8: an empty tile that would have been removed, or a missing
    tile that could never have been removed (more than three of its neighbours present,
    or present neighbours that no run of three around it covers)."""


class CollectedTilesError(PositionError):
    """An impossible hand (R8, R10): a negative count, or more collected tiles than have
    left the board."""


class FinishedPositionError(PositionError):
    """A position where the game is already over: a side without pieces (R11) or a side
    to move without a legal action (R12)."""
