"""Random battles of two to four parties with every unit kind: invariants of R123, R110-R117."""

from __future__ import annotations

import random

import pytest

from spelbord.games.omringad.battle import Side, Step, die_modifier
from spelbord.games.omringad.multibattle import MultiBattle, Party
from spelbord.games.omringad.specials import NEUTRAL
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import UNITS, Kind, Unit

KINDS = [k for k in Kind if k != Kind.DRAGON]


def health(units: tuple[Unit, ...]) -> int:
    return sum(
        (1 if u.damaged or UNITS[u.kind].health < 2 else 2) for u in units if UNITS[u.kind].hittable
    )


def random_battle(rng: random.Random) -> MultiBattle:
    n = rng.choice((2, 3, 4))
    dragon = rng.random() < 0.3
    parties = []
    if dragon:
        parties.append(Party(NEUTRAL, (Unit(Kind.DRAGON, rng.random() < 0.5),), False))
    owners = rng.sample(range(4), n - len(parties))
    for owner in owners:
        units = tuple(
            Unit(k, UNITS[k].health > 1 and rng.random() < 0.3)
            for k in rng.choices(KINDS, k=rng.randint(1, 5))
        )
        if all(u.kind == Kind.HORSES for u in units):
            units = (*units, Unit(Kind.MERCENARY))  # horses never stand alone (R112)
        parties.append(Party(owner, units, attacking=bool(parties)))
    terrain = rng.choice(list(Terrain))
    return MultiBattle.start(0, terrain, parties)


@pytest.mark.parametrize("seed", range(300))
def test_r123_random_battles_end_and_only_lose_health(seed: int) -> None:
    rng = random.Random(seed)
    b = random_battle(rng)
    before = [health(p.units) for p in b.parties]
    for _ in range(2000):
        if b.is_over():
            break
        d = b.decision()
        if d is None:
            assert b.dice(), "a battle that is not over always has dice to roll"
            b = b.roll([rng.randint(1, 6) for _ in b.dice()])
            continue
        if d.what == "target":
            assert len(d.options) > 1
            hit = b.pending[0]
            assert all(b.enemies(hit.shooter, j) for j in d.options)  # type: ignore[arg-type]
            b = b.choose_target(rng.choice(d.options))  # type: ignore[arg-type]
        else:
            assert all(UNITS[u.kind].hittable for u in d.options)  # type: ignore[union-attr]
            b = b.allocate(rng.choice(d.options))  # type: ignore[arg-type]
        if b.cancelled:
            break
        if d.what == "allocate" and rng.random() < 0.05:
            for seat in range(4):
                if b.can_cancel(seat):
                    b = b.cancel(seat)
                    break
    assert b.is_over()
    after = [health(p.units) for p in b.parties]
    assert all(a <= x for a, x in zip(after, before, strict=True))
    for p in b.parties:
        if any(u.kind == Kind.HORSES for u in p.units):
            assert any(u.kind != Kind.HORSES for u in p.units)  # never left alone
    w = b.winner()
    if w is not None:
        assert [p.owner for p in b.parties if p.alive()] == [w]
    else:
        assert b.cancelled or len(b.camps_alive()) != 1
    assert b.step in (Step.RANGED, Step.MELEE)


@pytest.mark.parametrize("seed", range(100))
def test_r123_two_parties_get_the_same_modifiers_as_the_two_player_battle(seed: int) -> None:
    """With two parties the multi-party battle is the base battle (R40-R44, R113)."""
    rng = random.Random(seed)
    kinds = [k for k in Kind if k not in (Kind.DRAGON, Kind.HORSES)]
    defender = tuple(Unit(k) for k in rng.choices(kinds, k=rng.randint(1, 5)))
    attacker = tuple(Unit(k) for k in rng.choices(kinds, k=rng.randint(1, 5)))
    terrain = rng.choice(list(Terrain))
    b = MultiBattle(0, terrain, (Party(1, defender, False), Party(0, attacker, True)))
    d_side, a_side = Side(1, defender, False), Side(0, attacker, True)
    for u in defender:
        assert b.modifier(0, u) == die_modifier(u, d_side, a_side, terrain)
    for u in attacker:
        assert b.modifier(1, u) == die_modifier(u, a_side, d_side, terrain)
