"""Rule variants side by side: the same agents under each variant, every metric compared.

A variants study has one arm per variant (``gamedata.Variant``: game options and/or a
rules version), all seated alike and all **paired**: game ``i`` of every arm starts from
the same seeds, so a difference between variants is measured game against game where the
variants let the games run alike. ``compare`` gives, for every metric of
``spelbord.lab.metrics`` both arms have, the variant's value minus the baseline's with a
95% bootstrap interval.

>>> from spelbord.lab.gamedata import Variant
>>> arms = variant_arms("g", [Variant("old", rules_version=1), Variant("new", options={"x": 2})],
...                     ("random", "random"), rotate=False, pairing="v")
>>> [(a.label, a.options, a.rules_version, a.pairing) for a in arms]
[('old', {}, 1, 'v'), ('new', {'x': 2}, None, 'v')]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from spelbord.lab.gamedata import Variant
from spelbord.lab.metrics import ArmGames, Difference, definitions, difference
from spelbord.lab.study import Arm


def variant_arms(
    game: str,
    variants: Sequence[Variant],
    seats: Sequence[str],
    rotate: bool,
    pairing: str,
    options: dict[str, Any] | None = None,
) -> list[Arm]:
    """One arm per variant (``options`` under each variant's own), all paired."""
    return [
        Arm(
            v.name,
            game,
            {**(options or {}), **v.options},
            tuple(seats),
            rotate,
            v.rules_version,
            pairing,
        )
        for v in variants
    ]


def compare(
    arms: Sequence[ArmGames], baseline: str, paired: bool, seed: int = 0
) -> list[Difference]:
    """Every other arm against ``baseline``: each metric they share, as a difference."""
    base = next(g for g in arms if g.arm == baseline)
    keys = {d.key: d for d in definitions(base)}
    out = []
    for g in arms:
        if g is base:
            continue
        for d in definitions(g):
            if d.key not in keys:
                continue
            if d.key.startswith(("seat_", "team_")) and (g.seats, g.teams) != (
                base.seats,
                base.teams,
            ):
                continue
            out.append(difference(g, base, d, paired, seed))
    return out
