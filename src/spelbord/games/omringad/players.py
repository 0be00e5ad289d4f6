"""Seats, turn order, teams and the team win for two or four players (R120-R122, R125).

Seat ``i`` owns country ``i`` (A, B, C, D). On the four-player map the countries lie
A B / C D, so clockwise round the table is A, B, D, C; the initiative and every turn order
go clockwise (R120).

>>> turn_order(4, start=1)
(1, 3, 2, 0)
>>> next_clockwise(2, 4), team_table(TeamMode.DIAGONAL, 4)
(0, (0, 1, 1, 0))
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from spelbord.core.errors import SpelbordError
from spelbord.games.omringad.scoring import squares_controlled


class SeatError(SpelbordError):
    """A seat count, team mode or team table the game does not know."""


CLOCKWISE: dict[int, tuple[int, ...]] = {2: (0, 1), 4: (0, 1, 3, 2)}
"""Seats in clockwise order round the table, by number of players (R120)."""


def turn_order(num_players: int, start: int) -> tuple[int, ...]:
    """Every seat once, clockwise from ``start`` (the initiative holder) (R120)."""
    ring = _ring(num_players)
    if start not in ring:
        raise SeatError(f"no seat {start} with {num_players} players")
    i = ring.index(start)
    return ring[i:] + ring[:i]


def next_clockwise(seat: int, num_players: int) -> int:
    """The seat to the left of ``seat``: the next initiative holder (R120, R72)."""
    return turn_order(num_players, seat)[1]


def _ring(num_players: int) -> tuple[int, ...]:
    if num_players not in CLOCKWISE:
        raise SeatError(f"Omringad is for 2 or 4 players, not {num_players}")
    return CLOCKWISE[num_players]


class TeamMode(StrEnum):
    """How four players play (option ``teams``, R121)."""

    NONE = "none"
    """All against all."""
    DIAGONAL = "diagonal"
    """Two against two, team mates in diagonally opposite countries (A+D, B+C)."""
    ADJACENT = "adjacent"
    """Two against two, team mates side by side (A+B, C+D): a longer front."""


def team_table(mode: TeamMode, num_players: int) -> tuple[int, ...] | None:
    """Each seat's team number, or ``None`` when everybody plays alone (R121)."""
    if mode == TeamMode.NONE:
        return None
    if num_players != 4:
        raise SeatError("teams need four players")
    return (0, 1, 1, 0) if mode == TeamMode.DIAGONAL else (0, 0, 1, 1)


def allies(a: int, b: int, teams: Sequence[int] | None) -> bool:
    """Whether two different seats are on the same team (never fight, never besiege, R54)."""
    return a != b and teams is not None and teams[a] == teams[b]


def team_mates(seat: int, teams: Sequence[int] | None) -> tuple[int, ...]:
    """``seat`` and its allies, in seat order."""
    if teams is None:
        return (seat,)
    return tuple(s for s in range(len(teams)) if teams[s] == teams[seat])


def winners_of(
    scores: Sequence[int],
    control: Sequence[int],
    target: int,
    teams: Sequence[int] | None = None,
    both_must_reach: bool = False,
) -> tuple[int, ...]:
    """The winners at the end of a round, ``()`` while the war goes on (R63, R122).

    Every player at or above ``target`` qualifies (with ``both_must_reach``, only when each
    of its team mates is there too); the highest score wins, a tie goes to more squares
    controlled, a tie on both is a draw between those players. With teams a winner's team
    mates win with it.
    """
    qualified = [
        p
        for p, s in enumerate(scores)
        if s >= target
        and (not both_must_reach or all(scores[m] >= target for m in team_mates(p, teams)))
    ]
    if not qualified:
        return ()
    top = max(scores[p] for p in qualified)
    best = [p for p in qualified if scores[p] == top]
    counts = squares_controlled(control, len(scores))
    most = max(counts[p] for p in best)
    best = [p for p in best if counts[p] == most]
    return tuple(sorted({m for p in best for m in team_mates(p, teams)}))


def returns_for(
    winners: Sequence[int], num_players: int, teams: Sequence[int] | None
) -> list[float]:
    """Final returns (R125): +1 for the winner (or winning team), -1 for everyone else;
    players sharing a draw get 0 (the rest still -1)."""
    if not winners:
        return [0.0] * num_players
    camps = {teams[p] if teams is not None else p for p in winners}
    share = 1.0 if len(camps) == 1 else 0.0
    return [share if p in winners else -1.0 for p in range(num_players)]
