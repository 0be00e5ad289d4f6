"""Errors of the game protocol: each a distinct ``ValueError`` subclass.

Every error leaves the state it was raised from unchanged.

>>> issubclass(IllegalActionError, ValueError)
True
"""

from __future__ import annotations


class SpelbordError(ValueError):
    """Base of every error the game protocol raises for bad input."""


class IllegalActionError(SpelbordError):
    """An action that is not legal in this state (nothing was changed)."""


class OutOfTurnError(IllegalActionError):
    """An action for a seat that has nothing to decide now."""


class NotationError(SpelbordError):
    """Text that does not parse as an action of this game, or names no legal action."""


class UnknownGameError(SpelbordError):
    """A game name that is not registered."""


class GameOptionError(SpelbordError):
    """An unknown game option, or a value the option does not accept."""


class RulesVersionError(GameOptionError):
    """A rules version the game cannot play (newer than it knows, or no longer kept)."""


class StateFormatError(SpelbordError):
    """A serialized state that cannot be read back (malformed, other game, other options)."""


class PerftEngineError(SpelbordError):
    """A perft engine the state does not offer: an unknown name, one not built in this
    installation, or one that cannot count this position (``State.perft_engines``)."""
