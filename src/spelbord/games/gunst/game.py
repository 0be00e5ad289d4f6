"""Gunst as a Spelbord game: its facts, its option, its rules versions and its extras.

>>> from spelbord.games.gunst.game import GunstGame
>>> GunstGame().new_initial_state().current_player() < 0  # the simultaneous Tinge
True
"""

from __future__ import annotations

from typing import ClassVar

from spelbord.core import Game, GameInfo, Option, State, register
from spelbord.core.extras import Extras
from spelbord.games.gunst import actions as A
from spelbord.games.gunst.pieces import NUM_SELECTIONS
from spelbord.games.gunst.position import NEWEST
from spelbord.games.gunst.state import GunstState


@register
class GunstGame(Game):
    """Gunst for two seats."""

    extras: ClassVar[Extras] = Extras(
        facts="spelbord.games.gunst.facts:facts",
        agents="spelbord.ai.gunst",
        levels="spelbord.ai.gunst.levels:LEVELS",
        encoder="spelbord.games.gunst.encoding:GunstEncoder",
        studies="spelbord.ai.gunst.studies",
    )

    info: ClassVar[GameInfo] = GameInfo(
        name="gunst",
        title="Gunst",
        seat_names=("Player 1", "Player 2"),
        min_seats=2,
        max_seats=2,
        teams=False,
        chance=True,
        information="imperfect",
        simultaneous=True,
        num_distinct_actions=A.NUM_ACTIONS,
        max_chance_outcomes=2,
        # Per round at most: Tinge, coin, order, favour (4); Dommen 3 + 3 invoke choices and
        # 2 rows per deity (22); 2 scholar modes; raise choices need two movable deities
        # and each raises one step, so at most 12 per seat (24): 52 a round, 208 a game.
        max_game_length=300,
        version=NEWEST,
        oldest_version=1,
        changes=(
            (
                2,
                "R7: the favour stored and logged is the favour that applies, at most 3 "
                "(version 1 stored the whole difference of the counts, e.g. 7); both versions "
                "play the same, and observations and screens show the favour that applies "
                "under either",
            ),
            (
                3,
                "R13: a deity that has acted stays on the field, spent, until the last row "
                "has acted, and only then goes to Tågen, so farmers and scholars cannot raise "
                "it in the round it was used (version 2 dropped it to Tågen at once, where "
                "they could). R12: Archimedes may leave the rows as they are (the decision "
                "'leave rows'); every deity brought is still used and the favour stays "
                "compulsory (version 2 always moved a row, by itself when only one was "
                "not empty). R16's reading (knights compare the farmer rows as they stand "
                "when the knight acts) is confirmed and unchanged",
            ),
        ),
        options=(
            Option(
                "spent_kin_return",
                False,
                choices=(False, True),
                help="a house rule: kin spent in a round return to their owner's hand",
            ),
        ),
        summary=(
            "The Fladlandssaga kin game: bring kin and deities in secret, let the deities "
            "judge, then fight row by row for four seasons."
        ),
    )
    state_class: ClassVar[type[State]] = GunstState

    def new_initial_state(self) -> GunstState:
        return GunstState(self)


assert NUM_SELECTIONS == A.FIRST
