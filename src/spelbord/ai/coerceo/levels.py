"""Coerceo's AI levels (``level:NAME``, ``spelbord.ai.levels``): the alpha-beta engine at
the strengths the engine itself names (``spelbord.games.coerceo.engine.levels``).

The engine is deterministic (a fixed-depth search answers a position the same way every
time), so the round robin varies the first four plies (``openings=4``) as the pairings on
record do: else two levels would play one game over and over.

The round robin (29 November 2026, ``spelbord ai levels coerceo --run --games 4 --seed 5
--processes 2``: the four levels and the material plan, 4 games a pair, 40 games, 50 min
on two processes with nothing else heavy running; ``spelbord ai levels coerceo`` prints
it): Hard +249 [+169, +321], Master +249 [+159, +339], Medium 0 [-57, +64], Easy -249
[-292, -207], ``script:material`` -249 [-296, -209]. Medium won all four games against
Easy and the material plan, Hard and Master all four against Easy, Medium and the plan;
Easy drew the plan four times. Hard and Master won one game each and drew two long ones
(642 and 1,427 moves), so four games a pair cannot tell them apart; the
level-against-level games on record (Master 11 won, 1 drawn, 1 lost of 13 against Hard) do,
and the lobby's Elo comes from those (``spelbord.ai.ladder.ratings``)."""

from __future__ import annotations

from spelbord.ai.levels import Levels
from spelbord.games.coerceo.engine.levels import LEVELS as ENGINE_LEVELS

LEVELS = Levels(
    easy=ENGINE_LEVELS["easy"],
    medium=ENGINE_LEVELS["medium"],
    hard=ENGINE_LEVELS["hard"],
    master=ENGINE_LEVELS["master"],
    varied="openings=4",
)
