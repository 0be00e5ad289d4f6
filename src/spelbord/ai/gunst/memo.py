"""Memo keys of Gunst tables for the exact searches (``exact``, ``plan_reply``): the
fields of a ``Table`` that decide the play from it, as a hashable tuple. The event log,
the ended text and the rules (``version``, ``return_spent``) stay out: a search keeps
one set of rules, and two positions that differ only in how they came about are one.

>>> from spelbord.games.gunst.position import Table
>>> a, b = Table(), Table()
>>> b.log.append({"event": "a note"})
>>> round_key(a) == round_key(b), table_key(a) == table_key(b)
(True, True)
>>> b.season = 2
>>> round_key(a) == round_key(b), table_key(a) == table_key(b)
(True, False)
"""

from __future__ import annotations

from typing import Any

from spelbord.games.gunst.pieces import FIELD
from spelbord.games.gunst.position import Table


def round_key(t: Table) -> tuple[Any, ...]:
    """The key of a position within a round whose season and hands cannot matter (the
    last season's revealed round, ``exact``) and that has not ended: the life stones,
    the rows, the deities, the doubled rows and where the round stands."""
    return (
        tuple(t.life),
        tuple(tuple(map(tuple, side)) for side in t.rows),
        tuple(map(tuple, t.deity)),
        tuple(t.doubled),
        t.phase,
        t.actor,
        t.chooser,
        t.first,
        t.favoured,
        t.favour,
        t.deity_in_use,
        t.source,
        t.row,
        t.side,
        t.left,
        t.mode,
    )


def last_season_key(t: Table) -> tuple[Any, ...]:
    """``round_key`` for the last season's revealed round, where a deity off the field
    can never act again: the game ends with the round, so every place on the track
    (R2) is one, and positions that differ only in where such deities stand are one.

    >>> a, b = Table(), Table()
    >>> b.deity[0][2] = 3
    >>> last_season_key(a) == last_season_key(b), round_key(a) == round_key(b)
    (True, False)
    """
    key = round_key(t)
    deities = tuple(tuple(place if place >= FIELD else 0 for place in side) for side in t.deity)
    return (*key[:2], deities, *key[3:])


def table_key(t: Table) -> tuple[Any, ...]:
    """The key of any position of the game: ``round_key`` with the season, the hands
    and the loser."""
    return (t.season, tuple(map(tuple, t.hand)), t.loser, *round_key(t))
