"""The ``Game`` of Slag for Islandet: facts, options and registration."""

from __future__ import annotations

from spelbord.core import Game, GameInfo, Option, register
from spelbord.core.extras import Bench, Extras
from spelbord.games.islandet.actions import NUM_ACTIONS
from spelbord.games.islandet.board import SEAT_NAMES
from spelbord.games.islandet.position import GOALS
from spelbord.games.islandet.state import IslandetState

TURN_LIMITS = (60, 200, 400)
SETUP_LENGTH = 1 + 10 + 2 * 2 * 10 + 10
"""Upper bound on setup decisions: who starts, blocks, units placed and faced, pad slots."""

TURN_LENGTH = 20
"""Budget for one turn without shots: rule 4 entry, four rolls with three 0 options,
shooting done twice, the move, a free removal (and slack). From version 2 a turn has no
fixed bound (a 0 always gives another roll, R9), but each further 0 has odds 1/6 and
random games end long before the turn limit, so the total below is never reached in
practice."""

SHOTS = 20 + 10 + 10
"""Every shot removes an enemy unit or a block, and every block is revealed at most once."""


@register
class IslandetGame(Game):
    """Slag for Islandet ("Battle for the Island"), two seats, dice and unknown blocks."""

    extras = Extras(
        facts="spelbord.games.islandet.facts:facts",
        agents="spelbord.ai.islandet",
        levels="spelbord.ai.islandet.levels:LEVELS",
        studies="spelbord.ai.islandet.studies",
        encoder="spelbord.games.islandet.encoding:IslandetEncoder",
        evaluations={"fitted": "spelbord.games.islandet.fitted:fitted_value"},
        tuner="spelbord.ai.islandet.fit:main",
        # the lab's benchmark plays a plan: the medium level searches 250 ms a move
        bench=Bench(lab_seats=("script:marksman", "script:marksman")),
    )

    info = GameInfo(
        name="islandet",
        title="Slag for Islandet",
        seat_names=SEAT_NAMES,
        min_seats=2,
        max_seats=2,
        teams=False,
        chance=True,
        information="perfect",
        simultaneous=False,
        num_distinct_actions=NUM_ACTIONS,
        max_chance_outcomes=6,
        max_game_length=SETUP_LENGTH + max(TURN_LIMITS) * TURN_LENGTH + SHOTS,
        version=3,
        oldest_version=1,
        changes=(
            (
                2,
                "R15: a shot at a block removes the enemies in between only when the block "
                "proves live (version 1 removed them before the block was revealed); R9: a 0 "
                "always gives another roll (version 1 ended the turn at the fourth 0)",
            ),
            (
                3,
                "R8: rule 1A needs every unit blocked: when only the unit rule 2A binds "
                "cannot use the roll while another could, its move is lost, shots may "
                "follow and the turn ends, with no free removal; R8/R13: the opponent may "
                "decline the free removal of rules 1A and 1B (version 2 always removed); "
                "R10: a reinforcement may come on onto a block's square and sets the block "
                "off (version 2 barred such a square)",
            ),
        ),
        options=(
            Option(
                "goal",
                "eliminate",
                choices=GOALS,
                help="eliminate: remove all ten enemy units; quick: the first to remove "
                "five wins; points: the score margin at the end is the result",
            ),
            Option(
                "pads",
                True,
                choices=(True, False),
                help="carrier pads (off: all ten units start on the island)",
            ),
            Option("all_live", False, choices=(False, True), help="all ten blocks are live"),
            Option(
                "turn_limit",
                200,
                choices=TURN_LIMITS,
                help="turns (both players' together) after which points decide",
            ),
        ),
        summary="Soldiers, jeeps and tanks fight over a 12x12 island sown with blocks that "
        "may explode; exact-range shots, a 0-5 die, reinforcements from a carrier pad.",
    )
    state_class = IslandetState

    def new_initial_state(self) -> IslandetState:
        return IslandetState(self)
