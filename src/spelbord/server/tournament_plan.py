"""Tournament plans: round-robin schedules, knockout brackets, standings (pure functions).

Round robin ("seriespel där alla möter alla", seed 000 p.13): the circle method, every
entrant meets every other once; seats are rotated so that each entrant has the first seat
in half its games (one more or less with an odd count of games):

>>> rounds = round_robin(["A", "B", "C", "D"])
>>> [len(r) for r in rounds]
[2, 2, 2]
>>> {frozenset(p) for r in rounds for p in r} == {
...     frozenset(p) for p in ["AB", "AC", "AD", "BC", "BD", "CD"]}
True
>>> first = {e: sum(p[0] == e for r in rounds for p in r) for e in "ABCD"}
>>> sorted(first.values())
[1, 1, 2, 2]

Knockout ("utslagsturnering"): a bracket of the next power of two, seeded by rating so the
top seeds meet last; missing entrants are byes, which go to the top seeds:

>>> bracket_order(8)
[1, 8, 4, 5, 2, 7, 3, 6]
>>> first_round(["s1", "s2", "s3", "s4", "s5"])
[('s1', None), ('s4', 's5'), ('s2', None), ('s3', None)]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

REPLAYS = 3
"""Games a drawn knockout match may take; after that the higher seed goes through."""

RULES = {
    "round_robin": (
        "Everyone meets everyone once; seats are rotated so each entrant has the first seat "
        "in about half its games. Placing by wins, then by point difference (the game's "
        "margin: points scored minus conceded in Omringad). A draw is no win. A player who "
        "does not show up within the allowed time loses that game."
    ),
    "knockout": (
        "A bracket seeded by rating in this game; byes go to the top seeds. The higher seed "
        "has the first seat (in later rounds: the winner from the upper half). A drawn game is "
        f"replayed with the seats swapped; after {REPLAYS} drawn games the entrant who had the "
        "first seat in the first game goes through. A player who does not show up "
        "within the allowed time loses that game."
    ),
}


def round_robin(entrants: Sequence[str]) -> list[list[tuple[str, str]]]:
    """Rounds of (first seat, second seat) pairings; with an odd count one rests a round."""
    players: list[str | None] = list(entrants)
    if len(players) % 2:
        players.append(None)
    n = len(players)
    rounds: list[list[tuple[str, str]]] = []
    balance = {e: 0 for e in entrants}  # first seats minus second seats so far
    for r in range(n - 1):
        pairs: list[tuple[str, str]] = []
        for i in range(n // 2):
            a, b = players[i], players[n - 1 - i]
            if a is None or b is None:
                continue
            # The one who sat first less often sits first; on a tie, alternate by round.
            if balance[a] > balance[b] or (balance[a] == balance[b] and (r + i) % 2 == 1):
                a, b = b, a
            balance[a] += 1
            balance[b] -= 1
            pairs.append((a, b))
        rounds.append(pairs)
        players = [players[0], players[-1], *players[1:-1]]
    return rounds


def bracket_order(size: int) -> list[int]:
    """Seed numbers (1 = best) in bracket order, so that seeds 1 and 2 can meet last."""
    order = [1]
    while len(order) < size:
        total = 2 * len(order) + 1
        order = [x for s in order for x in (s, total - s)]
    return order


def first_round(seeded: Sequence[str]) -> list[tuple[str | None, str | None]]:
    """The first knockout round of entrants sorted best first (``None``: a bye)."""
    size = 1
    while size < len(seeded):
        size *= 2
    order = bracket_order(max(size, 2))
    slots = [seeded[s - 1] if s <= len(seeded) else None for s in order]
    return [(slots[i], slots[i + 1]) for i in range(0, len(slots), 2)]


@dataclass(frozen=True)
class Game:
    """One finished game of a tournament, as standings need it."""

    entrants: tuple[str | None, ...]
    returns: tuple[float, ...]
    margins: tuple[float, ...] = ()

    def winner(self) -> str | None:
        """The entrant with the highest return, or ``None`` for a draw."""
        best = max(self.returns)
        top = [i for i, r in enumerate(self.returns) if r == best]
        return self.entrants[top[0]] if len(top) == 1 else None


@dataclass
class Line:
    entrant: str
    played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    difference: float = 0.0
    extra: dict[str, Any] = field(default_factory=dict)


def standings(entrants: Iterable[str], games: Iterable[Game]) -> list[dict[str, Any]]:
    """Placing, entrant, wins, point difference (and played/draws/losses), best first.

    >>> games = [Game(("A", "B"), (1.0, -1.0), (50.0, 30.0)),
    ...          Game(("B", "C"), (1.0, -1.0), (50.0, 10.0)),
    ...          Game(("C", "A"), (1.0, -1.0), (50.0, 20.0))]
    >>> [(s["placing"], s["entrant"], s["wins"], s["difference"])
    ...  for s in standings("ABC", games)]
    [(1, 'B', 1, 20.0), (2, 'A', 1, -10.0), (2, 'C', 1, -10.0)]
    """
    lines = {e: Line(e) for e in entrants}
    for g in games:
        winner = g.winner()
        for seat, e in enumerate(g.entrants):
            if e is None or e not in lines:
                continue
            line = lines[e]
            line.played += 1
            if winner is None:
                line.draws += 1
            elif winner == e:
                line.wins += 1
            else:
                line.losses += 1
            if g.margins:
                others = [m for i, m in enumerate(g.margins) if i != seat]
                line.difference += g.margins[seat] - sum(others) / max(1, len(others))
    ordered = sorted(lines.values(), key=lambda x: (-x.wins, -x.difference))
    out: list[dict[str, Any]] = []
    for i, line in enumerate(ordered):
        tied = out and out[-1]["wins"] == line.wins and out[-1]["difference"] == line.difference
        out.append(
            {
                "placing": out[-1]["placing"] if tied else i + 1,
                "entrant": line.entrant,
                "played": line.played,
                "wins": line.wins,
                "draws": line.draws,
                "losses": line.losses,
                "difference": round(line.difference, 2),
            }
        )
    return out
