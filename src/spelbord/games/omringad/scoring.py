"""Income, scoring and the win (R60-R64), from who controls which square.

``control[square]`` is the player who controls that square. At the start every square is
controlled by the owner of its country.

>>> from spelbord.games.omringad.map import PILLOW
>>> terrain = [Terrain.BARE] * 50
>>> for sq, t in ((0, Terrain.CASTLE), (1, Terrain.VILLAGE), (2, Terrain.FOREST)):
...     terrain[sq] = t
>>> control = initial_control(PILLOW)
>>> income(control, 2), round_points(terrain, control, 2)
((25, 25), (8, 0))
"""

from __future__ import annotations

from collections.abc import Sequence

from spelbord.games.omringad.map import GameMap
from spelbord.games.omringad.terrain import TERRAIN, Terrain


def initial_control(game_map: GameMap) -> list[int]:
    """Every square controlled by the owner of its country (R60)."""
    return [game_map.country_of(sq) for sq in range(game_map.num_squares)]


def squares_controlled(control: Sequence[int], num_players: int) -> tuple[int, ...]:
    """How many squares each player controls."""
    counts = [0] * num_players
    for owner in control:
        counts[owner] += 1
    return tuple(counts)


def income(control: Sequence[int], num_players: int) -> tuple[int, ...]:
    """Gold for the next round: one per square controlled, lakes included (R61)."""
    return squares_controlled(control, num_players)


def round_points(
    terrain: Sequence[Terrain], control: Sequence[int], num_players: int
) -> tuple[int, ...]:
    """Points scored at the end of a round (R62).

    Castle 5, village 2, forest 1, mountain 1 for each one controlled, and 1 more point for
    the one player who controls strictly more squares than every other player.
    """
    points = [0] * num_players
    for sq, owner in enumerate(control):
        points[owner] += TERRAIN[terrain[sq]].points
    counts = squares_controlled(control, num_players)
    best = max(counts)
    if counts.count(best) == 1:
        points[counts.index(best)] += 1
    return tuple(points)


def winners(
    scores: Sequence[int],
    control: Sequence[int],
    target: int,
    teams: Sequence[int] | None = None,
) -> tuple[int, ...]:
    """The winning players at the end of a round, or ``()`` when the war goes on (R63, R64).

    Every player at or above ``target`` qualifies; the highest score wins; a tie goes to more
    squares controlled; a tie on both is a draw between those players (all returned). With
    teams, a winner's team mates win with it.
    """
    qualified = [p for p, s in enumerate(scores) if s >= target]
    if not qualified:
        return ()
    top = max(scores[p] for p in qualified)
    best = [p for p in qualified if scores[p] == top]
    counts = squares_controlled(control, len(scores))
    most = max(counts[p] for p in best)
    best = [p for p in best if counts[p] == most]
    if teams is None:
        return tuple(best)
    won = {teams[p] for p in best}
    return tuple(p for p in range(len(scores)) if teams[p] in won)
