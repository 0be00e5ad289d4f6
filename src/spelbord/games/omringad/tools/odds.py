"""The battle calculator as a game tool (``core.tools``): ``spelbord odds omringad`` and the
page ``/tools/omringad/odds``, and the odds of the battle being fought in a live game.

The calculator takes each side's units (letters ``GMMe`` or words ``2 mercenaries, 1 rider
(damaged)``), the terrain and the casualty policy, at most ``MAX_UNITS`` units a side, and
answers with the exact odds (``odds.py``): fractions while they are quick
(``exact_by_default``), floats from the same chain beyond.

In a live game, the odds of the battle being fought are computed from the observation a
seat is shown, once every unit of both sides is revealed there (R80: everything in a
battle is shown to all when it starts), never from anything hidden; with more than two
parties (R123) there are none.

>>> out = TOOL.call({"attack": "2 riders", "defend": "M", "terrain": "forest"})
>>> out["outcomes"][0]["outcome"], out["outcomes"][0]["exact"]
('attacker wins', '563423519/564211232')
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from spelbord.core.tools import Tool, ToolField, ToolInputError
from spelbord.games.omringad.battle import Step
from spelbord.games.omringad.engine.odds import (
    STALL_LIMIT,
    Battle,
    Die,
    Force,
    OddsError,
    Policy,
    exact_by_default,
    odds,
    parse_terrain,
)
from spelbord.games.omringad.specials import NEUTRAL
from spelbord.games.omringad.terrain import Terrain

MAX_UNITS = 12
"""The most units a side may have on the calculator's page and in the command."""

LIVE_MAX_HITS = 20
"""The most hits both sides of a live battle may take together for the table to show its
odds: they are computed in floats while a view is built (about a tenth of a second at
most on a busy machine), once per position of the battle for every seat."""

TERRAINS = tuple(t.value for t in Terrain if t != Terrain.LAKE)


def calculate(params: Mapping[str, str]) -> dict[str, Any]:
    """The calculator: checked fields in, the odds as JSON (with a text table) out."""
    attacker, defender = Force.parse(params["attack"]), Force.parse(params["defend"])
    for force in (attacker, defender):
        if len(force) > MAX_UNITS:
            raise ToolInputError(f"the calculator takes at most {MAX_UNITS} units a side")
    battle = Battle(
        attacker, defender, parse_terrain(params["terrain"]), Step(params.get("step", "ranged"))
    )
    exact = exact_by_default(battle)
    result = odds(battle, Policy(params["policy"]), exact=exact)
    return {
        **result.as_dict(),
        "exact": exact,
        "text": result.text(),
        "text_fractions": result.text(fractions=exact),
    }


def battle_of(obs: Mapping[str, Any]) -> Battle | None:
    """The battle being fought as the observation shows it, or ``None`` (no battle, more
    than two parties, a unit not shown, or one the calculator cannot take)."""
    b = obs.get("battle") or []
    if obs.get("phase") != "battle" or len(b) != 6 or obs.get("retreats"):
        return None
    sq, attacker, defender = b[0], b[1], b[2]
    forces: dict[int, Force] = {}
    for s in obs.get("stacks") or []:
        if s.get("square") == sq and s.get("owner") in (attacker, defender):
            if "units" not in s:  # never guess what the seat is not shown
                return None
            forces[s["owner"]] = Force.parse("".join(s["units"]))
    if set(forces) != {attacker, defender}:
        return None
    terrain_letters = obs.get("terrain") or []
    letter = terrain_letters[sq] if sq < len(terrain_letters) else "."
    snipes = obs.get("snipes") or []
    sniped = [snipes[2 + k] if len(snipes) > 2 + k else 0 for k in (0, 1)]
    rolled = tuple(
        Die(d["side"] == 0, Force.parse(d["unit"]).units[0], bool(d["hit"]))
        for d in obs.get("dice") or []
        if d.get("die") is not None
    )
    try:
        return Battle(
            forces[attacker],
            forces[defender],
            parse_terrain(letter),
            Step.RANGED if b[3] == 0 else Step.MELEE,
            int(obs.get("stall") or 0),
            rolled=rolled,
            pending=(b[4], sniped[0], b[5], sniped[1]),
        )
    except OddsError:
        return None


@lru_cache(maxsize=256)
def _live_odds(battle: Battle, limit: int) -> dict[str, Any]:
    return odds(battle, Policy.COMPUTER, stall_limit=limit, exact=False).as_dict()


def live(obs: Mapping[str, Any]) -> dict[str, Any] | None:
    """The odds of the battle the observation shows (see the module), or ``None``."""
    battle = battle_of(obs)
    if battle is None:
        return None
    b = obs["battle"]
    owners = {"attacker_owner": b[1], "defender_owner": NEUTRAL if battle.dragon else b[2]}
    if _hits(battle) > LIVE_MAX_HITS:
        return {"too_large": True, "battle": battle.text(), **owners}
    limit = int(obs.get("stall_limit") or STALL_LIMIT)
    if battle.stall >= limit:
        return None
    return {**_live_odds(battle, limit), **owners}


def _hits(battle: Battle) -> int:
    total = 0
    for u in (*battle.attacker.units, *battle.defender.units):
        if u.type.hittable:
            total += 1 if (u.damaged or u.type.health < 2) else 2
    return total


TOOL = Tool(
    name="odds",
    title="Battle calculator",
    summary="The exact odds of a battle (R40-R49): each outcome and each side's survivors, "
    "with casualties placed by a stated policy.",
    run=calculate,
    fields=(
        ToolField("attack", "the attacker's units: letters (GMMe) or words (2 mercenaries)", None),
        ToolField("defend", "the defender's units (the dragon alone: Z)", None),
        ToolField("terrain", "the battle's square", "bare", TERRAINS),
        ToolField(
            "policy", "who takes each hit", Policy.COMPUTER.value, tuple(p.value for p in Policy)
        ),
        ToolField("step", "the step rolled first", "ranged", ("ranged", "melee")),
    ),
    page="odds.js",
    limits={"max_units": MAX_UNITS, "live_max_hits": LIVE_MAX_HITS},
    live=live,
)
