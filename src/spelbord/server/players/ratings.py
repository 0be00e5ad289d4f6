"""Glicko-2 ratings per game, for accounts and AI levels, updated as games finish.

The algorithm is Glickman's "Example of the Glicko-2 system" (2013), each rated game
treated as a rating period of its own (so a rating moves after every game). Written here
because no maintained, audited Glicko-2 package was found on PyPI; the paper's worked
example is its test (``tests/server/test_ratings.py`` checks it against the paper's
printed figures too):

>>> me = Glicko2(1500.0, 200.0, 0.06)
>>> games = [(Glicko2(1400, 30), 1.0), (Glicko2(1550, 100), 0.0), (Glicko2(1700, 300), 0.0)]
>>> new = me.update(games)
>>> round(new.rating, 4), round(new.rd, 4), round(new.volatility, 6)
(1464.0507, 151.5165, 0.059996)

The paper prints 1464.06, 151.52 and 0.05999 because it rounds every intermediate step
(mu' = -0.2069); the exact computation agrees to within 0.01 and 0.00001.

A rated table is one created as rated whose every seat has an entrant (an account, or an
AI level ``ai:<agent spec>``) and whose seats form exactly two sides (``Game.teams()``)
with no entrant on both. When such a table's result is stored, ``rate_table`` runs inside
the same transaction (``Store.on_finish``) and updates each entrant once; the table's row
in ``spelbord_rated_tables`` records that it was rated, so it never counts twice.

Teams (two-versus-two Omringad): each member is rated on the team's result against one
composite opponent: the other side's mean rating with the root-mean-square of its RDs,
i.e. as if the member had played the whole other team alone. Both members of a side get
the same score (1 win, 0.5 draw, 0 loss); their own ratings and RDs decide how far each
moves. Four players each on their own (Omringad, four players without teams) extend this:
each is rated, in one rating period, on a game against every other seat, scored by whose
return is higher (1, 0.5 on equal returns, 0). Forfeits (a no-show) and abandoned tables
are not rated.

Only play decides a rated result: a game in which the server made a move for a seat (its
AI failed, gave no answer or an illegal one, or its clock ran out: ``tables.integrity``)
is not rated either. Such tables, like forfeits, keep why in
``spelbord_rated_tables.unrated``; the player page shows it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from spelbord.core.registry import load
from spelbord.server.players.store import RATED_TABLES, RATINGS, SEAT_ENTRANTS
from spelbord.server.tables.store import read_game, read_irregular

SCALE = 173.7178
TAU = 0.5
"""The system constant: how much volatility may change (Glickman suggests 0.3 to 1.2)."""
EPSILON = 1e-6
UNRATED = ("forfeit", "abandoned", "cancelled", "aborted")
"""Endings that say nothing about strength: a no-show, a table closed for want of play, a
game whose AI could not move (``tables.aiseats``: never replaced by a random move)."""


@dataclass(frozen=True)
class Glicko2:
    """A rating on the Glicko scale: rating, rating deviation (RD) and volatility."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06

    @property
    def mu(self) -> float:
        return (self.rating - 1500.0) / SCALE

    @property
    def phi(self) -> float:
        return self.rd / SCALE

    def update(self, games: Sequence[tuple[Glicko2, float]], tau: float = TAU) -> Glicko2:
        """The rating after one rating period with these (opponent, score) games."""
        if not games:
            phi = math.sqrt(self.phi**2 + self.volatility**2)
            return Glicko2(self.rating, phi * SCALE, self.volatility)
        mu, phi, sigma = self.mu, self.phi, self.volatility
        v_inv = 0.0
        delta_sum = 0.0
        for opp, score in games:
            g = 1.0 / math.sqrt(1.0 + 3.0 * opp.phi**2 / math.pi**2)
            e = 1.0 / (1.0 + math.exp(-g * (mu - opp.mu)))
            v_inv += g * g * e * (1.0 - e)
            delta_sum += g * (score - e)
        v = 1.0 / v_inv
        delta = v * delta_sum
        # Step 5: the new volatility by the Illinois algorithm.
        a = math.log(sigma * sigma)

        def f(x: float) -> float:
            ex = math.exp(x)
            top = ex * (delta * delta - phi * phi - v - ex)
            bottom = 2.0 * (phi * phi + v + ex) ** 2
            return top / bottom - (x - a) / (tau * tau)

        big_a = a
        if delta * delta > phi * phi + v:
            big_b = math.log(delta * delta - phi * phi - v)
        else:
            k = 1
            while f(a - k * tau) < 0:
                k += 1
            big_b = a - k * tau
        f_a, f_b = f(big_a), f(big_b)
        while abs(big_b - big_a) > EPSILON:
            big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
            f_c = f(big_c)
            if f_c * f_b <= 0:
                big_a, f_a = big_b, f_b
            else:
                f_a /= 2.0
            big_b, f_b = big_c, f_c
        new_sigma = math.exp(big_a / 2.0)
        phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)
        new_phi = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)
        new_mu = mu + new_phi * new_phi * delta_sum
        return Glicko2(1500.0 + SCALE * new_mu, SCALE * new_phi, new_sigma)

    def as_dict(self) -> dict[str, float]:
        return {
            "rating": round(self.rating, 2),
            "rd": round(self.rd, 2),
            "volatility": round(self.volatility, 6),
        }


def composite(members: Sequence[Glicko2]) -> Glicko2:
    """One opponent standing for a team: mean rating, root-mean-square RD."""
    n = len(members)
    return Glicko2(
        sum(m.rating for m in members) / n,
        math.sqrt(sum(m.rd**2 for m in members) / n),
        sum(m.volatility for m in members) / n,
    )


def side_scores(returns: Sequence[float], sides: Sequence[Sequence[int]]) -> tuple[float, float]:
    """Glicko scores of two sides from a game's returns (1 win, 0.5 draw, 0 loss).

    >>> side_scores([1.0, -1.0], [(0,), (1,)])
    (1.0, 0.0)
    >>> side_scores([0.0, 0.0, 0.0, 0.0], [(0, 2), (1, 3)])
    (0.5, 0.5)
    """
    a = sum(returns[s] for s in sides[0]) / len(sides[0])
    b = sum(returns[s] for s in sides[1]) / len(sides[1])
    if a > b:
        return 1.0, 0.0
    if a < b:
        return 0.0, 1.0
    return 0.5, 0.5


def read_rating(conn: sa.Connection, entrant: str, game: str) -> Glicko2:
    row = (
        conn.execute(sa.select(RATINGS).where(RATINGS.c.entrant == entrant, RATINGS.c.game == game))
        .mappings()
        .first()
    )
    if row is None:
        return Glicko2()
    return Glicko2(row["rating"], row["rd"], row["volatility"])


def _write_rating(conn: sa.Connection, entrant: str, game: str, rating: Glicko2) -> None:
    now = time.time()
    done = conn.execute(
        RATINGS.update()
        .where(RATINGS.c.entrant == entrant, RATINGS.c.game == game)
        .values(
            rating=rating.rating,
            rd=rating.rd,
            volatility=rating.volatility,
            games=RATINGS.c.games + 1,
            updated_at=now,
        )
    )
    if done.rowcount == 0:
        conn.execute(
            RATINGS.insert().values(
                entrant=entrant,
                game=game,
                rating=rating.rating,
                rd=rating.rd,
                volatility=rating.volatility,
                games=1,
                updated_at=now,
            )
        )


def rated_sides(
    game: str, options: dict[str, Any], rules_version: int | None
) -> list[tuple[int, ...]]:
    """The sides of a table of this game (``Game.teams()``), or ``[]`` if only one."""
    versioned = {} if rules_version is None else {"rules_version": rules_version}
    teams = [tuple(t) for t in load(game, **versioned, **options).teams()]
    return teams if len(teams) >= 2 else []


def rate_table(conn: sa.Connection, table_id: str, result: dict[str, Any] | None) -> None:
    """``Store.on_finish`` hook: update the ratings of a rated table's entrants, once.

    Runs inside the transaction that stores the result; does nothing for unrated tables,
    forfeits, tables with a seat nobody rated sat at, or a table already rated.
    """
    if result is None:
        return
    marked = conn.execute(
        sa.select(RATED_TABLES.c.rated_at).where(RATED_TABLES.c.table_id == table_id)
    ).first()
    if marked is None or marked.rated_at is not None:
        return
    irregular = result.get("irregular") or read_irregular(conn, table_id)
    if result.get("termination") in UNRATED or irregular:
        # Not decided by play: a no-show, a closed or cancelled table, or a move the
        # server made for a seat (``tables.integrity``). Said so, never rated.
        why = str(irregular["reason"] if irregular else result.get("termination"))
        conn.execute(
            RATED_TABLES.update()
            .where(RATED_TABLES.c.table_id == table_id)
            .values(unrated=why[:32])
        )
        return
    table = read_game(conn, table_id)
    if table is None:
        return
    entrants = {
        r.seat: r.entrant
        for r in conn.execute(
            sa.select(SEAT_ENTRANTS.c.seat, SEAT_ENTRANTS.c.entrant).where(
                SEAT_ENTRANTS.c.table_id == table_id
            )
        )
    }
    sides = rated_sides(table.game, table.options, table.rules_version)
    returns = result.get("returns") or []
    seats = {s for side in sides for s in side}
    if not sides or any(s not in entrants for s in seats) or len(returns) < len(seats):
        return
    names = [{entrants[s] for s in side} for side in sides]
    if len(set().union(*names)) != sum(len(side) for side in names):
        return  # someone on two sides: nothing to learn
    old = {e: read_rating(conn, e, table.game) for side in names for e in side}
    changes: dict[str, Any] = {}
    for i, side in enumerate(names):
        games = [
            (
                composite([old[e] for e in sorted(names[j])]),
                side_scores(returns, [sides[i], sides[j]])[0],
            )
            for j in range(len(names))
            if j != i
        ]
        score = sum(g[1] for g in games) / len(games)
        for e in sorted(side):
            new = old[e].update(games)
            _write_rating(conn, e, table.game, new)
            changes[e] = {"before": old[e].as_dict(), "after": new.as_dict(), "score": score}
    conn.execute(
        RATED_TABLES.update()
        .where(RATED_TABLES.c.table_id == table_id)
        .values(rated_at=time.time(), changes=changes)
    )


def is_rated(engine: sa.Engine, table_id: str) -> bool:
    """Whether a table was made rated (its AI seats then never play at random)."""
    with engine.connect() as conn:
        return (
            conn.execute(
                sa.select(RATED_TABLES.c.table_id).where(RATED_TABLES.c.table_id == table_id)
            ).first()
            is not None
        )


def mark_rated(conn: sa.Connection, table_id: str) -> None:
    """Make a table rated (when it is created)."""
    conn.execute(RATED_TABLES.insert().values(table_id=table_id, rated_at=None, changes=None))


def ratings_of(engine: sa.Engine, entrant: str) -> list[dict[str, Any]]:
    """Every game's rating of one entrant."""
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(RATINGS).where(RATINGS.c.entrant == entrant).order_by(RATINGS.c.game)
        ).mappings()
        return [
            {
                "game": r["game"],
                **Glicko2(r["rating"], r["rd"], r["volatility"]).as_dict(),
                "games": r["games"],
            }
            for r in rows
        ]


def leaderboard(engine: sa.Engine, game: str, limit: int = 50) -> list[dict[str, Any]]:
    with engine.connect() as conn:
        rows = conn.execute(
            sa.select(RATINGS)
            .where(RATINGS.c.game == game)
            .order_by(RATINGS.c.rating.desc())
            .limit(limit)
        ).mappings()
        return [
            {
                "entrant": r["entrant"],
                **Glicko2(r["rating"], r["rd"], r["volatility"]).as_dict(),
                "games": r["games"],
            }
            for r in rows
        ]
