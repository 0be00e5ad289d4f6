"""Tournament plans: round-robin schedules, knockout brackets, standings, forfeits (pure
functions).

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

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

REPLAYS = 3
"""Games a drawn knockout match may take; after that the higher seed goes through."""

RULES = {
    "round_robin": (
        "Everyone meets everyone once; seats are rotated so each entrant has the first seat "
        "in about half its games. Placing by wins, then by point difference (the game's "
        "margin, such as points scored minus points conceded). A draw is no win. A player who "
        "does not show up within the allowed time loses that game."
    ),
    "round_robin_4": (
        "Four at a table. The rounds are drawn so that every entrant meets every other as "
        "evenly as possible (each round seats together as many pairs who have not met yet "
        "as it can, and spreads the repeats), everyone plays the same number of games when "
        "that takes at most twice the fewest rounds (otherwise some play one game more), and "
        "whoever has rested most plays next. At each table the seats are dealt so that every "
        "entrant sits in each seat about equally often, and with teams has each other "
        "entrant as partner about equally often. Placing by wins (with teams, both members "
        "of the winning team win; a shared victory between opponents is a draw), then by "
        "point difference: points scored minus the mean of the opponents' points. A player "
        "who does not show up within the allowed time loses that game."
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


def group_rounds(
    entrants: Sequence[str], sides: Sequence[Sequence[int]] = ((0,), (1,), (2,), (3,))
) -> list[list[tuple[str, ...]]]:
    """Rounds of four-seat tables (each a tuple in seat order); the rest sit out a round.

    Everyone meets everyone as evenly as possible, rests and seats are shared out fairly,
    and with teams (``sides``: the seats that play together) partners rotate:

    >>> rounds = group_rounds(list("ABCDEFGH"))
    >>> len(rounds), [len(r) for r in rounds]
    (3, [2, 2, 2])
    >>> met = {frozenset(p) for r in rounds for t in r for p in itertools.combinations(t, 2)}
    >>> len(met)  # all 28 pairs of eight entrants in three rounds
    28
    >>> [len(r) for r in group_rounds(list("ABCDE"))]  # five rounds: one rests each
    [1, 1, 1, 1, 1]
    """
    names = list(entrants)
    n = len(names)
    if n < 4:
        raise ValueError(f"four-seat tables need at least four entrants, not {n}")
    tables = n // 4
    per_round = 4 * tables
    fewest = math.ceil(n * math.ceil((n - 1) / 3) / per_round)
    count = fewest
    for r in range(fewest, 2 * fewest + 1):
        if (r * per_round) % n == 0:
            count = r
            break
    partner = {s: {t for side in sides if s in side for t in side if t != s} for s in range(4)}
    met: dict[frozenset[str], int] = {}
    together: dict[frozenset[str], int] = {}
    played = {e: 0 for e in names}
    seats = {e: [0, 0, 0, 0] for e in names}
    rounds: list[list[tuple[str, ...]]] = []
    for r in range(count):
        # Who plays: the fewest games so far; ties rotate with the round.
        order = sorted(range(n), key=lambda i: (played[names[i]], (i - r * per_round) % n))
        playing = [names[i] for i in sorted(order[:per_round])]
        groups = _best_groups(playing, met)
        tables_of_round: list[tuple[str, ...]] = []
        for group in groups:
            seated = _best_seats(group, seats, together, partner)
            for a, b in itertools.combinations(seated, 2):
                key = frozenset((a, b))
                met[key] = met.get(key, 0) + 1
            for s, e in enumerate(seated):
                played[e] += 1
                seats[e][s] += 1
                for t in partner[s]:
                    if t > s:
                        key = frozenset((e, seated[t]))
                        together[key] = together.get(key, 0) + 1
            tables_of_round.append(seated)
        rounds.append(tables_of_round)
    return rounds


def _cost(group: Sequence[str], met: dict[frozenset[str], int]) -> int:
    """Pairs that met before (first), then how often (squared: repeats spread out)."""
    counts = [met.get(frozenset(p), 0) for p in itertools.combinations(group, 2)]
    return sum(1000 * (m > 0) + m * m for m in counts)


def _best_groups(playing: list[str], met: dict[frozenset[str], int]) -> list[list[str]]:
    """Split ``playing`` into groups of four with few repeated meetings (greedy + swaps,
    from a few starting points)."""
    tries = [_improve(_greedy(playing[k:] + playing[:k], met), met) for k in range(4)]
    return min(tries, key=lambda gs: sum(_cost(g, met) for g in gs))


def _greedy(playing: list[str], met: dict[frozenset[str], int]) -> list[list[str]]:
    pool = list(playing)
    groups: list[list[str]] = []
    while pool:
        group = [pool.pop(0)]
        while len(group) < 4:
            best = min(pool, key=lambda e: sum(met.get(frozenset((e, g)), 0) for g in group))
            pool.remove(best)
            group.append(best)
        groups.append(group)
    return groups


def _improve(groups: list[list[str]], met: dict[frozenset[str], int]) -> list[list[str]]:
    improved = True
    while improved:
        improved = False
        for gi, gj in itertools.combinations(range(len(groups)), 2):
            for a, b in itertools.product(range(4), range(4)):
                g1, g2 = list(groups[gi]), list(groups[gj])
                before = _cost(g1, met) + _cost(g2, met)
                g1[a], g2[b] = g2[b], g1[a]
                if _cost(g1, met) + _cost(g2, met) < before:
                    groups[gi], groups[gj] = g1, g2
                    improved = True
    return groups


def _best_seats(
    group: Sequence[str],
    seats: dict[str, list[int]],
    together: dict[frozenset[str], int],
    partner: dict[int, set[int]],
) -> tuple[str, ...]:
    """The seating of a group that gives each the seats (and partners) it had least."""

    def cost(order: tuple[str, ...]) -> tuple[int, int]:
        seat_cost = sum(seats[e][s] ** 2 for s, e in enumerate(order))
        partner_cost = sum(
            together.get(frozenset((order[s], order[t])), 0) ** 2
            for s in range(4)
            for t in partner[s]
            if t > s
        )
        return partner_cost + seat_cost, seat_cost

    return min(itertools.permutations(group), key=cost)


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
    sides: tuple[tuple[int, ...], ...] = ()
    """The seats that win and lose together (``Game.teams()``); empty: every seat alone."""

    def teams(self) -> tuple[tuple[int, ...], ...]:
        return self.sides or tuple((s,) for s in range(len(self.entrants)))

    def winners(self) -> set[str]:
        """The entrants of the one side with the highest return; empty for a draw.

        >>> sorted(Game(("A", "B", "C", "D"), (1, -1, 1, -1), (), ((0, 2), (1, 3))).winners())
        ['A', 'C']
        >>> Game(("A", "B", "C", "D"), (1, 1, -1, -1)).winners()  # two opponents share
        set()
        """
        best = max(self.returns)
        top = [side for side in self.teams() if any(self.returns[s] == best for s in side)]
        if len(top) != 1:
            return set()
        return {e for s in top[0] if (e := self.entrants[s]) is not None}

    def winner(self) -> str | None:
        """The entrant with the highest return, or ``None`` for a draw (two seats)."""
        best = max(self.returns)
        top = [i for i, r in enumerate(self.returns) if r == best]
        return self.entrants[top[0]] if len(top) == 1 else None

    def difference(self, seat: int) -> float:
        """Points scored minus conceded: the seat's margin minus the opponents' mean."""
        if not self.margins:
            return 0.0
        mine = next(side for side in self.teams() if seat in side)
        others = [m for i, m in enumerate(self.margins) if i not in mine]
        return self.margins[seat] - sum(others) / max(1, len(others))


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
        winners = g.winners()
        for seat, e in enumerate(g.entrants):
            if e is None or e not in lines:
                continue
            line = lines[e]
            line.played += 1
            if not winners:
                line.draws += 1
            elif e in winners:
                line.wins += 1
            else:
                line.losses += 1
            line.difference += g.difference(seat)
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


def forfeit_result(names: Sequence[str], absent: Sequence[int]) -> dict[str, Any]:
    """The result of a table whose players did not all show up in time: the absent lose,
    the present win (nobody wins when nobody came).

    >>> forfeit_result(["Ada", "Bo"], [1])["text"], forfeit_result(["Ada", "Bo"], [1])["returns"]
    ('forfeit: Bo absent', [1.0, -1.0])
    >>> forfeit_result(["Ada", "Bo"], [0, 1])["text"]
    'nobody showed up'
    """
    n = len(names)
    if len(absent) == n:
        returns = [0.0] * n
        text = "nobody showed up"
    else:
        returns = [-1.0 if s in absent else 1.0 for s in range(n)]
        text = "forfeit: " + ", ".join(names[s] for s in absent) + " absent"
    return {"returns": returns, "termination": "forfeit", "text": text, "absent": list(absent)}
