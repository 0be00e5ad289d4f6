"""Fixed-shape tensors from a seat's observation: each game's encoder, found by its extra.

A game's ``observation(seat)`` is a JSON dict whose lists grow and shrink (stacks on a
board, a log of events). Learning code wants one flat ``float32`` vector of a size fixed
by the game and its options; an ``Encoder`` builds it from the observation alone, so a
tensor never holds what the seat may not know. The vector is cut into named parts
(``layout``) so that an OpenSpiel observer can expose them as a dict of arrays; the same
encoder serves the PettingZoo environments.

A game declares its encoder (a ``spelbord.core.encoding.Encoder``, in the game's package)
as its ``encoder`` extra; ``encoder_for`` finds it there. Each part is documented on its
encoder. Counts are scaled into roughly ``[0, 1]`` by a
fixed divisor; one-hot parts have exactly one 1 (or none when the value is "nobody").

>>> from spelbord.games import load
>>> game = load("coerceo", variant="ocius")
>>> enc = encoder_for(game)
>>> vec = enc.encode(game.new_initial_state().observation(0), seat=0)
>>> vec.shape == (enc.size,), vec.dtype.name
(True, 'float32')
>>> int(enc.views(vec)["tiles"].sum())
7
"""

from __future__ import annotations

from spelbord.core.encoding import Encoder, EncodingError, Layout
from spelbord.core.errors import SpelbordError
from spelbord.core.game import Game


class UnsupportedGameError(SpelbordError):
    """A game with no tensor encoder (no ``encoder`` extra)."""


def encoders() -> dict[str, type[Encoder]]:
    """Every registered game's encoder class, by game name."""
    from spelbord import games

    return {name: games.extra(name, "encoder") for name in games.games_with("encoder")}


def encoder_for(game: Game) -> Encoder:
    """The tensor encoder of ``game`` (its options fix the size), by its ``encoder`` extra."""
    from spelbord import games
    from spelbord.core.extras import resolve

    path = getattr(getattr(game, "extras", None), "encoder", None)
    if path is None:
        having = ", ".join(games.games_with("encoder")) or "none"
        raise UnsupportedGameError(
            f"no tensor encoder for the game {game.name!r} (games with one: {having})"
        )
    cls: type[Encoder] = resolve(path)
    return cls(game)


__all__ = ["Encoder", "EncodingError", "Layout", "UnsupportedGameError", "encoder_for", "encoders"]
