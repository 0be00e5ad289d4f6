"""The game protocol every Spelbord game implements (no I/O here)."""

from spelbord.core.chance import random_playout, random_step, sample_outcome, seeded
from spelbord.core.clock import Clock
from spelbord.core.errors import (
    GameOptionError,
    IllegalActionError,
    NotationError,
    OutOfTurnError,
    PerftEngineError,
    RulesVersionError,
    SpelbordError,
    StateFormatError,
    UnknownGameError,
)
from spelbord.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game, Move, State
from spelbord.core.info import GameInfo, Option
from spelbord.core.outcome import Outcome
from spelbord.core.registry import register

__all__ = [
    "CHANCE",
    "SIMULTANEOUS",
    "TERMINAL",
    "Clock",
    "Game",
    "GameInfo",
    "GameOptionError",
    "IllegalActionError",
    "Move",
    "NotationError",
    "Option",
    "OutOfTurnError",
    "Outcome",
    "PerftEngineError",
    "RulesVersionError",
    "SpelbordError",
    "State",
    "StateFormatError",
    "UnknownGameError",
    "random_playout",
    "random_step",
    "register",
    "sample_outcome",
    "seeded",
]
