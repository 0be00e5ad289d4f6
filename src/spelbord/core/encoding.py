"""Fixed-shape tensors from a seat's observation: the ``Encoder`` every game's encoder is.

A game's ``observation(seat)`` is a JSON dict whose lists grow and shrink (stacks on a
board, a log of events). Learning code wants one flat ``float32`` vector of a size fixed
by the game and its options; an ``Encoder`` builds it from the observation alone, so a
tensor never holds what the seat may not know. The vector is cut into named parts
(``layout``) so that an OpenSpiel observer can expose them as a dict of arrays; the same
encoder serves the PettingZoo environments (``spelbord.interop``, which finds a game's
encoder through its ``encoder`` extra).

Each part is documented on its encoder. Counts are scaled into roughly ``[0, 1]`` by a
fixed divisor (``put_scaled``); one-hot parts (``one_hot``) have exactly one 1 (or none
when the value is "nobody").

>>> import numpy as np
>>> f = np.zeros(4, np.float32)
>>> one_hot(f, 0, 2, 1); put_scaled(f, 2, [3, 6], 6.0); f.tolist()
[0.0, 1.0, 0.5, 1.0]
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

import numpy as np

from spelbord.core.errors import SpelbordError
from spelbord.core.game import Game

Layout = tuple[tuple[str, tuple[int, ...]], ...]


class EncodingError(SpelbordError):
    """An observation the encoder cannot place in its fixed shape (an unknown value)."""


class Encoder(ABC):
    """Observation dict -> flat ``float32`` vector of ``size`` values, cut into ``layout``."""

    game_name: ClassVar[str]

    def __init__(self, game: Game) -> None:
        self.game = game
        self.num_players = game.num_players()
        self.layout: Layout = tuple(self._layout())
        self.size = sum(math.prod(shape) for _, shape in self.layout)
        self.at: dict[str, int] = {}
        """Where each part starts in the flat vector (parts are row-major)."""
        start = 0
        for name, shape in self.layout:
            self.at[name] = start
            start += math.prod(shape)

    @property
    def shape(self) -> tuple[int]:
        return (self.size,)

    def views(self, flat: np.ndarray) -> dict[str, np.ndarray]:
        """The named parts of ``flat`` (views sharing its memory), shaped as in ``layout``."""
        out: dict[str, np.ndarray] = {}
        start = 0
        for name, shape in self.layout:
            n = math.prod(shape)
            out[name] = flat[start : start + n].reshape(shape)
            start += n
        return out

    def encode(
        self,
        observation: Mapping[str, Any],
        seat: int | None = None,
        out: np.ndarray | None = None,
    ) -> np.ndarray:
        """The tensor of ``observation``, the view of ``seat`` (``None``: a spectator),
        written into ``out`` when given. The seat only fills the ``observer`` part."""
        flat = np.zeros(self.size, np.float32) if out is None else out
        if out is not None:
            flat.fill(0.0)
        self._fill(observation, flat)
        one_hot(flat, self.at["observer"], self.num_players, seat)
        return flat

    @abstractmethod
    def _layout(self) -> list[tuple[str, tuple[int, ...]]]:
        """The named parts and their shapes (fixed by the game and its options)."""

    @abstractmethod
    def _fill(self, obs: Mapping[str, Any], f: np.ndarray) -> None:
        """Write ``obs`` into the zeroed flat vector ``f`` (part ``p`` starts at
        ``self.at[p]``; index arithmetic rather than views, for speed)."""


def index_in(value: Any, vocabulary: Mapping[Any, int], what: str) -> int:
    try:
        return vocabulary[value]
    except (KeyError, TypeError):
        raise EncodingError(f"unknown {what} {value!r} in the observation") from None


def one_hot(f: np.ndarray, at: int, size: int, index: Any) -> None:
    """One-hot ``index`` in the part of ``size`` at ``at``; -1 (nobody) or any other
    value outside ``0..size-1`` leaves the part zero."""
    if isinstance(index, int) and 0 <= index < size:
        f[at + index] = 1.0


def put_scaled(f: np.ndarray, at: int, values: Any, scale: float) -> None:
    """Write ``values / scale`` from ``at`` on."""
    for i, x in enumerate(values):
        f[at + i] = x / scale
