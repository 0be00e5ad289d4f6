"""Exact battle odds (``odds.py``, R40-R49, R92, R110-R117): figures computed by hand on
small battles, the value types' text forms and errors, and a comparison with many battles
played through the engine's ``battle_phase`` with the same casualty policy."""

from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction

import pytest
from tests.games.omringad.positions import battle_at

from spelbord.core import CHANCE
from spelbord.games.omringad import board as B
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.battle import Step
from spelbord.games.omringad.engine.odds import (
    Battle,
    BattleSetupError,
    Die,
    Force,
    ForceCompositionError,
    ForceSyntaxError,
    OddsError,
    Outcome,
    Policy,
    _policy_key,
    _sniper_key,
    exact_by_default,
    odds,
    take_hits,
)
from spelbord.games.omringad.phases import battle as battle_phase
from spelbord.games.omringad.specials import NEUTRAL
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import Kind, Unit

F = Fraction


# ---------------------------------------------------------------------- by hand
def test_r41_r47_two_mercenaries_by_hand() -> None:
    """M vs M: each die hits on a 6 (R41), each mercenary takes two hits (R21).

    A step that hits is, given that it hits: both 1/11, only the attacker 5/11, only the
    defender 5/11. With (a, d) the hits taken: from (0, 1) the attacker wins with
    1/11 + 5/11 + 5/11 * 5/11 = 91/121, nobody is left with 5/11 * 1/11 = 5/121; from (1, 1)
    5/11 and 1/11. So P(attacker) = 1/11 * 5/11 + 5/11 * 91/121 + 5/11 * 25/121 = 635/1331
    and P(nobody) = 1/11 * 1/11 + 2 * 5/11 * 5/121 = 61/1331 (R47: until a side is gone).
    """
    o = odds(Battle.parse("M vs M"))
    assert o.outcomes() == [
        (Outcome.ATTACKER_WINS, F(635, 1331)),
        (Outcome.DEFENDER_WINS, F(635, 1331)),
        (Outcome.NOBODY_LEFT, F(61, 1331)),
    ]
    assert dict(o.survivors(True))[Force.parse("M")] == F(25, 121)  # 5/11 * 5/11


def test_r20_r44_a_rider_against_a_mercenary_in_a_forest_by_hand() -> None:
    """R vs M on forest: the forest's -1 is for archers and catapults only (R44), so the
    rider hits on 4+ (1/2) and, damaged, on 5+ (1/3, R20); the mercenary on a 6.

    Given a hit, from (r, m): nobody 1/8, the attacker 5/8, the defender 2/8; from (r, M):
    to (r, m) 5/8, so the attacker wins 25/64; from (R, m): the attacker 5/7 + 1/7 and
    1/7 * 5/8; from (R, M): 1/7 * 5/8 + 5/7 * 53/56 + 1/7 * 25/64 = 2575/3136.
    """
    o = odds(Battle.parse("R vs M on forest"))
    assert o.probability(Outcome.ATTACKER_WINS) == F(2575, 3136)
    assert odds(Battle.parse("R vs M")).outcomes() == o.outcomes()
    assert sum(p for _, p in o.outcomes()) == 1


def test_r92_a_mercenary_against_a_lone_general() -> None:
    """R92's own figures: 1 - (5/6)^200 with the bound of 200, 1 - (5/6)^20 with version
    1's 20; without the bound the attacker always wins, within ``bound_error``."""
    b = Battle.parse("M vs G")
    assert odds(b, stall_limit=200).probability(Outcome.ATTACKER_WINS) == 1 - F(5, 6) ** 200
    v1 = odds(b, stall_limit=20)
    assert v1.probability(Outcome.STAND_OFF) == F(5, 6) ** 20
    free = odds(b)
    assert free.outcomes() == [(Outcome.ATTACKER_WINS, 1)]
    assert (5 / 6) ** 200 <= free.bound_error < 1e-15
    # A battle that stalled 10 steps already: 190 steps are left.
    later = odds(Battle.parse("M vs G, stall 10"), stall_limit=200)
    assert later.probability(Outcome.STAND_OFF) == F(5, 6) ** 190


def test_r92_the_bound_with_two_steps_alternating() -> None:
    """A ranged step (archer, 5+) and a melee step (mercenary, 6) alternate; with a bound
    of 3 steps the battle stalls when A, M, A all miss: (2/3)(5/6)(2/3) = 10/27."""
    o = odds(Battle.parse("AM vs G"), stall_limit=3)
    assert o.probability(Outcome.STAND_OFF) == F(2, 3) * F(5, 6) * F(2, 3)
    o = odds(Battle.parse("AM vs G, melee"), stall_limit=3)
    assert o.probability(Outcome.STAND_OFF) == F(5, 6) * F(2, 3) * F(5, 6)


def test_r48_generals_alone_are_a_stand_off_at_once() -> None:
    o = odds(Battle.parse("G vs G"))
    assert o.outcomes() == [(Outcome.STAND_OFF, 1)]
    assert o.ends[0][1:3] == (Force.parse("G"), Force.parse("G"))


def test_r42_r43_modifiers_change_the_odds_as_the_engine_says() -> None:
    """A general (+1, R42) and castle walls (+1 for the defender, R43) make a mercenary hit
    on 5-6: the one-step chance of the defender's mercenary is 1/3 in a castle."""
    plain = odds(Battle.parse("M vs G M")).probability(Outcome.DEFENDER_WINS)
    castle = odds(Battle.parse("M vs G M on castle")).probability(Outcome.DEFENDER_WINS)
    assert castle > plain
    village = odds(Battle.parse("M vs M on village"))  # a village has no effect (R13)
    assert village.outcomes() == odds(Battle.parse("M vs M")).outcomes()


def test_r113_the_infiltrator_cancels_the_general() -> None:
    with_g = odds(Battle.parse("I M vs G M")).probability(Outcome.ATTACKER_WINS)
    without = odds(Battle.parse("E M vs G M")).probability(Outcome.ATTACKER_WINS)
    assert with_g > 0 and without > 0
    # The infiltrator takes hits before the general (worth 8 < 10) and cancels the +1.
    assert odds(Battle.parse("I vs G M")).probability(Outcome.DEFENDER_WINS) == 1


def test_policies_place_hits_as_stated() -> None:
    """computer: least worth (cost, special units 8, +5 damaged); cheapest: the cheapest
    unit first, a damaged one before an undamaged one (R45)."""
    f = Force.parse("M M R G")
    assert take_hits(f, 2).code() == "mmRG"
    assert take_hits(f, 3).code() == "mmrG"
    assert take_hits(f, 2, Policy.CHEAPEST).code() == "MRG"
    assert take_hits(f, 99).code() == ""
    assert take_hits(Force.parse("H M"), 2).code() == ""  # horses go with the last unit


# ---------------------------------------------------------------------- value types
def test_force_text_forms() -> None:
    f = Force.parse("2 mercenaries, 1 rider (damaged), general")
    assert f.code() == "MMrG" and Force.parse(f.code()) == f == Force.parse(f.text())
    assert Force.parse("2x archer + damaged elite soldier").code() == "eAA"
    assert Force.parse("rider").code() == "R"  # a word, not the letters R I D E R
    assert Force.parse("RIDE").code() == "ERDI"  # letters, in table order
    assert Force.parse("3 legoknektar").code() == "MMM"  # the Swedish names too


def test_battle_text_round_trip() -> None:
    b = Battle(
        Force.parse("MR"),
        Force.parse("AK"),
        Terrain.FOREST,
        Step.RANGED,
        2,
        rolled=(Die(False, Unit(Kind.ARCHER), True),),
    )
    assert Battle.parse(b.text()) == b
    assert b.text() == "MR vs AK on forest, stall 2, rolled dA+"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("MM vs", ForceSyntaxError),
        ("2 knights vs M", ForceSyntaxError),
        ("M vs M on sea", BattleSetupError),
        ("M vs M on lake", BattleSetupError),
        ("MMMMMMMMMMMMMMMMM vs M", ForceCompositionError),  # 17 > the pool's 16 (R6)
        ("S vs S", ForceCompositionError),  # one snipers in the game (R100)
        ("Z vs M", ForceCompositionError),  # the dragon never attacks (R111)
        ("M vs ZM", ForceCompositionError),  # the dragon stands alone
        ("M vs Z on castle", BattleSetupError),
        ("H vs M", ForceCompositionError),  # horses alone (R112)
        ("M vs G, rolled dA+", BattleSetupError),
    ],
)
def test_bad_battles_get_their_own_errors(text: str, error: type[OddsError]) -> None:
    with pytest.raises(error):
        Battle.parse(text)
    assert issubclass(error, ValueError)


def test_bad_arguments() -> None:
    b = Battle.parse("M vs M")
    with pytest.raises(BattleSetupError):
        odds(b, stall_limit=0)
    with pytest.raises(BattleSetupError):
        odds(Battle.parse("M vs G, stall 20"), stall_limit=20)
    with pytest.raises(BattleSetupError):
        odds(b, "cheapest")  # type: ignore[arg-type]


def test_floats_agree_with_fractions() -> None:
    b = Battle.parse("GMMEA vs MEEK on mountain")
    exact, fast = odds(b), odds(b, exact=False)
    for (o1, p1), (o2, p2) in zip(exact.outcomes(), fast.outcomes(), strict=True):
        assert o1 == o2 and math.isclose(float(p1), p2, abs_tol=1e-12)
    assert exact_by_default(b)


def test_a_step_under_way() -> None:
    """The dice already rolled count; the rest follow (R40). The mercenary's die hit, the
    general's side has none: the defender's general is gone (one hit eliminates it)."""
    o = odds(Battle.parse("M vs G, melee, rolled aM+"))
    assert o.outcomes() == [(Outcome.ATTACKER_WINS, 1)]
    o = odds(Battle.parse("M vs M, melee, rolled aM- dM+"))
    assert o.outcomes() == odds(Battle.parse("m vs M")).outcomes()  # the attacker is hit
    pending = odds(Battle.parse("MM vs M, pending 0 0 1 0"))
    assert pending.outcomes() == odds(Battle.parse("MM vs m")).outcomes()


# ---------------------------------------------------------------------- the engine
def _choose(st: OmringadState, policy: Policy) -> int:
    """The hit the policy places (R45), or the snipers' owner's choice (R117)."""
    what, _ = battle_phase.decision(st)  # type: ignore[misc]
    legal = st.legal_actions()
    if what == "envoy":
        return N.FIGHT
    key = _sniper_key if what == "sniped" else _policy_key(policy)
    return min(legal, key=lambda a: key(N.action_class(a)))


def _units(st: OmringadState, sq: int, owner: int) -> Force:
    s = B.find_stack(st.board, sq, owner)
    return Force.of(B.unit_of(c) for c in s[1:]) if s else Force(())


def simulate(b: Battle, n: int, policy: Policy, seed: int) -> Counter[tuple[Outcome, Force, Force]]:
    """``n`` battles through the engine's ``battle_phase``; how each ended."""
    defender = NEUTRAL if b.dragon else 1
    tiles = {"A c3": b.terrain} if b.terrain != Terrain.BARE else None
    start = battle_at("A c3", [(defender, b.defender.code()), (0, b.attacker.code())], tiles)
    sq = start.battle[0]
    rng = random.Random(seed)
    seen: Counter[tuple[Outcome, Force, Force]] = Counter()
    for _ in range(n):
        st = start.clone()
        while True:
            if st.retreats or not st.battle or st.battle[0] != sq:
                break
            if st.current_player() == CHANCE:
                st.apply_action(rng.randrange(6))
            else:
                st.apply_action(_choose(st, policy))
        a, d = _units(st, sq, 0), _units(st, sq, defender)
        if st.retreats:
            outcome = Outcome.STAND_OFF
        elif a.alive():
            outcome = Outcome.ATTACKER_WINS
        else:
            outcome = Outcome.DEFENDER_WINS if d.alive() else Outcome.NOBODY_LEFT
        seen[(outcome, a, d)] += 1
    return seen


def _compare(b: Battle, n: int, policy: Policy, seed: int) -> None:
    """Every end's exact probability lies within 4 standard errors of its frequency."""
    exact = odds(b, policy, exact=exact_by_default(b))
    seen = simulate(b, n, policy, seed)
    p_of = {(o, a, d): float(p) for o, a, d, p in exact.ends}
    assert set(seen) <= set(p_of), set(seen) - set(p_of)
    for key, p in p_of.items():
        freq = seen[key] / n
        sigma = math.sqrt(p * (1 - p) / n)
        assert abs(freq - p) <= 4 * sigma + 1e-9, (key, freq, p)
    for o, p in exact.outcomes():
        freq = sum(c for k, c in seen.items() if k[0] == o) / n
        assert abs(freq - float(p)) <= 4 * math.sqrt(float(p) * (1 - float(p)) / n) + 1e-9


@pytest.mark.parametrize(
    ("text", "policy"),
    [
        ("GMMRA vs MEEAK on forest", Policy.COMPUTER),
        ("MMRe vs GMEA on castle", Policy.CHEAPEST),
    ],
)
def test_odds_agree_with_the_engine(text: str, policy: Policy) -> None:
    """R40-R49: 1,000 battles through ``battle_phase`` (the slow test plays 20,000)."""
    _compare(Battle.parse(text), 1000, policy, seed=15)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("text", "policy"),
    [
        ("GMMRA vs MEEAK on forest", Policy.COMPUTER),
        ("SIRM vs GXWMe on mountain", Policy.COMPUTER),  # snipers, infiltrator, specials
        ("RRM vs Z on forest", Policy.CHEAPEST),  # the dragon (R111)
        ("HEM vs DAP", Policy.COMPUTER),  # horses, a diplomat kept (R110, R112)
    ],
)
def test_odds_agree_with_20000_engine_battles(text: str, policy: Policy) -> None:
    """R40-R49, R110-R117: 20,000 battles through the engine per battle."""
    _compare(Battle.parse(text), 20_000, policy, seed=2026)
