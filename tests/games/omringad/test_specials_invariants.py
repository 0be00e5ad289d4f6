"""Random battles of two to four parties with every unit kind, through the engine:
invariants of R40-R48, R110-R117 and R123."""

from __future__ import annotations

import random

import pytest
from tests.games.omringad.positions import battle_at

from spelbord.core import CHANCE
from spelbord.games.omringad import board as B
from spelbord.games.omringad.specials import NEUTRAL
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain
from spelbord.games.omringad.units import BASE_KINDS, KIND_CODES, SPECIAL_KINDS, UNITS, Kind

SQUARE = "A c3"
SPECIALS = [k for k in SPECIAL_KINDS if k != Kind.DRAGON]


def health(st: OmringadState, owner: int) -> int:
    """The hits ``owner``'s units on the battle square can still take."""
    s = B.find_stack(st.board, st.map.parse_label(SQUARE), owner)
    return sum(B.health_left(c) for c in s[1:] if UNITS[B.unit_of(c).kind].hittable) if s else 0


def random_parties(rng: random.Random) -> list[tuple[int, str]]:
    """Two to four parties (the dragon defending sometimes); each special unit once."""
    parties: list[tuple[int, str]] = []
    if rng.random() < 0.3:
        parties.append((NEUTRAL, rng.choice("Zz")))
    specials = SPECIALS[:]
    rng.shuffle(specials)
    for owner in rng.sample(range(4), rng.choice((2, 3, 4)) - len(parties)):
        letters = []
        for _ in range(rng.randint(1, 4)):
            if specials and rng.random() < 0.4:
                kind = specials.pop()
            else:
                kind = rng.choice(BASE_KINDS)
            code = KIND_CODES[kind]
            damaged = UNITS[kind].health > 1 and rng.random() < 0.3
            letters.append(code.lower() if damaged else code)
        if all(ch == "H" for ch in letters):
            letters.append("M")  # horses never stand alone (R112)
        parties.append((owner, "".join(letters)))
    return parties


@pytest.mark.parametrize("seed", range(150))
def test_r123_random_battles_end_and_only_lose_health(seed: int) -> None:
    rng = random.Random(seed)
    terrain = rng.choice([t for t in Terrain if t != Terrain.LAKE])
    parties = random_parties(rng)
    st = battle_at(SQUARE, parties, {SQUARE: terrain}, players=4)
    owners = [o for o, _ in parties]
    before = {o: health(st, o) for o in owners}
    steps = 0
    while st.phase == "battle" and st.battle and st.battle[0] == st.map.parse_label(SQUARE):
        steps += 1
        assert steps < 5000, "a battle of a few units ends"
        if st.current_player() == CHANCE:
            faces = [a for a, _ in st.chance_outcomes()]
            assert faces == list(range(6))
            st.apply_action(rng.choice(faces))
        else:
            actions = st.legal_actions()
            assert actions, "every decision has a choice"
            st.apply_action(rng.choice(actions))
        now = {o: health(st, o) for o in owners}
        assert all(now[o] <= before[o] for o in owners)  # units only lose health here
        before = now
    # Afterwards at most one camp (or nobody) is left on the square (R47-R49, R123).
    sq = st.map.parse_label(SQUARE)
    assert len(B.occupants(st.board, sq)) <= 1
