"""The ``Game`` of Omringad: its facts (``GameInfo``), options, extras and registration.

What a position needs of its game (the map, the teams, the readings that changed with the
rules versions) is ``position.OmringadGameBase``; this class adds the facts up front.

>>> from spelbord.games.omringad.game import OmringadGame
>>> OmringadGame().new_initial_state().phase
'setup'
"""

from __future__ import annotations

from spelbord.core import GameInfo, Option, register
from spelbord.core.extras import Extras
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.auction import DEFAULT_BID_CLOCK
from spelbord.games.omringad.phases.battle import STALL_LIMIT
from spelbord.games.omringad.players import TeamMode
from spelbord.games.omringad.position import TILE_ORDER, OmringadGameBase
from spelbord.games.omringad.rules import DIE_FACES
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.units import SPECIAL_KINDS, Pool

UNITS_PER_PLAYER = Pool.full().total() + len(SPECIAL_KINDS) - 1
"""The most units one player can have: its pool and every special unit but the dragon."""


def _max_length(target: int, players: int = 2) -> int:
    """A bound on the decisions and chance events of one game (R91, R92).

    Every country is worth 13 points a round, so some player reaches ``target`` within
    ceil(target / 13) rounds. A player has at most ``UNITS_PER_PLAYER`` units (its 35 and
    every special unit but the dragon). Per round and player: at most 26 purchase steps (50
    gold with two countries, 100 with four, 2 the cheapest unit, then ``done``); a move per
    unit of at most ``u + 7`` decisions (square, a take per unit, done, 3 steps, stop) and
    a pass; two hits per unit to allocate and, with four players, as many hits scored
    against the others to send (R123); at most 25 placements of two decisions, 17 merges
    and ``done``. Per round, the auction: the draw, a bid per gold (a raise adds at least
    one, up to ``MAX_BID``), a pass per player and the placement (R100-R104). The battles:
    at most one per unit; a battle with ``h`` steps that hit rolls at most
    ``(h + 1) * STALL_LIMIT`` steps (R92); every step that hits costs somebody at least
    one of the hits the units (the dragon's two included) can take; a step rolls at most
    one die per unit on the board and has at most one decision about a diplomat (R110);
    each unit retreats at most once a round, one decision per group (R48).
    """
    u = UNITS_PER_PLAYER
    rounds = -(-target // 13)
    buys = 26 if players == 2 else 51
    per_player = buys + (u * (u + 7) + 1) + 2 * u * players + (2 * 25 + 17 + 1)
    auction = 1 + N.MAX_BID + players + 1
    battles = u * players
    steps = (2 * u * players + 2 + battles) * STALL_LIMIT
    retreats = u * players  # a unit retreats at most once a round (R48, R110)
    fighting = steps * (u * players + 1) + steps + battles + retreats
    opening = len(TILE_ORDER) + 13 + 1 + 2 * 13 + 1  # tiles, opening buys, placements, roll-off
    return opening + rounds * (players * per_player + auction + fighting)


@register
class OmringadGame(OmringadGameBase):
    """Omringad goblin edition, two or four players, base game (no special units)."""

    extras = Extras(
        facts="spelbord.games.omringad.facts:facts",
        tools=("spelbord.games.omringad.tools.odds:TOOL",),
        evaluations={"fitted": "spelbord.games.omringad.engine.fitted:fitted_value"},
        agents="spelbord.ai.omringad",
        levels="spelbord.ai.omringad.levels:LEVELS",
        studies="spelbord.ai.omringad.studies",
        tuner="spelbord.ai.omringad.fit:main",
        encoder="spelbord.games.omringad.encoding:OmringadEncoder",
    )
    info = GameInfo(
        name="omringad",
        title="Omringad",
        version=4,
        oldest_version=1,
        changes=(
            (
                2,
                "Returning attackers (R48, R110): after a stand-off or a spent diplomat each "
                "attacking group goes back to the square it came from; where other units "
                "stand there now, its owner moves it to another free adjacent square it could "
                "enter, and only a group with none is eliminated (version 1 sent every "
                "attacker to the square the last group came from and eliminated all of them "
                "when it was held). Battles (R47, R92) go on until one side is gone or "
                "neither can ever hit again; the safety bound is 200 rolled steps in a row "
                "without a hit (version 1: 20, which cut battles short).",
            ),
            (
                3,
                "Conquest by entering (R36): a group that can conquer takes an enemy's square "
                "when no other player's units stand there, even where its owner's own units "
                "stand that could not take it alone (a magician, diplomat or infiltrator, "
                "R118); in versions 1 and 2 any units there, the mover's own too, kept the "
                "square with its controller.",
            ),
            (
                4,
                "Three rulings on readings the booklet left open. Reinforcing beside an "
                "intruder (R55): a settlement its controller reinforces where another "
                "player's units stand (a lone magician, diplomat or infiltrator) is defended "
                "by the controller in the next battle there, with the castle's +1; before, "
                "the intruder, there first, defended and had it. Returning groups conquer "
                "like moving ones (R48): a returning group that can conquer takes an enemy's "
                "square where only its owner's own units stand; before, only an empty one. "
                "The dragon besieges (R50, R111): every castle and village next to it, "
                "whoever controls it, is besieged from its square; before, it besieged "
                "nothing. Special units bought at auction are still placed regardless of "
                "sieges (R104).",
            ),
        ),
        seat_names=("Ivory", "Slate", "Crimson", "Azure"),
        min_seats=2,
        max_seats=4,
        teams=True,
        chance=True,
        information="imperfect",
        simultaneous=True,
        num_distinct_actions=N.NUM_ACTIONS,
        max_chance_outcomes=max(DIE_FACES, len(SPECIAL_KINDS)),
        max_game_length=_max_length(140, 4),
        options=(
            Option("target", 50, choices=(50, 100, 140), help="points that win (R63)"),
            Option("players", 2, choices=(2, 4), help="two or four players (R2, R4, R120)"),
            Option(
                "teams",
                "none",
                choices=tuple(m.value for m in TeamMode),
                help="with four players: none, diagonal (A+D, B+C) or adjacent (A+B, C+D) (R121)",
            ),
            Option(
                "team_win",
                "one",
                choices=("one", "both"),
                help="with teams: a team wins when one member, or both, reach the target (R122)",
            ),
            Option(
                "specials",
                True,
                help="the auction and the eight special units (R100-R118); "
                "false = the base game, the cup stays empty",
            ),
            Option(
                "bid_clock",
                int(DEFAULT_BID_CLOCK),
                help="seconds a player has to bid in the auction online, then it passes; "
                "0 = no clock (R102)",
                minimum=0,
                maximum=600,
            ),
        ),
        summary="Two or four square countries sewn together: conquer castles, villages, "
        "forests and mountains.",
    )
    state_class = OmringadState

    def new_initial_state(self) -> OmringadState:
        return OmringadState(self)
