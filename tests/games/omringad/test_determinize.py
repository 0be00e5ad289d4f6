"""Fast determinizations for search (R80-R82): the position dealt again, without a history."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.games.omringad.positions import eager_step

from spelbord.core import random_step
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.position import TILE_ORDER
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.units import BASE_KINDS, UNITS

SEATS: tuple[int | None, ...] = (None, 0, 1)


def _others_group_under_way(st: OmringadState, seat: int | None) -> bool:
    return st.mover >= 0 and st.mover != seat and bool(st.group or st.origin >= 0)


def _units_of(st: OmringadState, owner: int) -> Counter[int]:
    """Every unit kind ``owner`` has: pool, purchase and board."""
    out = Counter(dict(enumerate(st.pool[owner]))) + Counter(st.bought[owner])
    out.update(c // 4 for here in st.board for s in here if s[0] == owner for c in s[1:])
    return out


@pytest.mark.parametrize(("seed", "eager"), [(0, False), (1, True), (2, True)])
def test_r80_a_determinization_looks_the_same_to_the_seat(seed: int, eager: bool) -> None:
    """Whole games: every fifth position, every seat sees the same and may do the same."""
    rng = random.Random(seed)
    st = OmringadGame().new_initial_state()
    checked = 0
    while not st.is_terminal():
        (eager_step if eager else random_step)(st, rng)
        if st.move_number() % 5:
            continue
        for seat in SEATS:
            det = st.determinize(seat, rng)
            assert det.observation(seat) == st.observation(seat)
            if seat is not None:
                assert det.legal_actions(seat) == st.legal_actions(seat)
            for _ in range(15):  # the dealt position plays on by the rules
                if det.is_terminal():
                    break
                random_step(det, rng)
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("seed", range(2))
def test_r82_a_determinization_uses_only_what_the_seat_knows(seed: int) -> None:
    """The real game and a game the seat cannot tell from it (a resampled history) give the
    very same determinization from the same random numbers: nothing hidden is read."""
    rng = random.Random(seed)
    st = OmringadGame().new_initial_state()
    compared = 0
    while not st.is_terminal():
        random_step(st, rng)
        if st.move_number() % 9 or st.phase == "pregame":
            continue
        for seat in (0, 1):
            if _others_group_under_way(st, seat):
                continue  # then the history-consistent resample is used (module docstring)
            twin = st.resample(seat, rng)
            a = st.determinize(seat, random.Random(st.move_number()))
            b = twin.determinize(seat, random.Random(st.move_number()))
            assert a.to_json() == b.to_json()
            compared += 1
    assert compared > 20


def test_r81_the_hidden_units_are_dealt_again_and_the_history_dropped() -> None:
    rng = random.Random(4)
    st = OmringadGame().new_initial_state()
    while st.round < 4:
        random_step(st, rng)
    hidden = {
        tuple(tuple(s[2:]) for here in det.board for s in here if s[0] == 1)
        for det in (st.determinize(0, rng) for _ in range(20))
    }
    assert len(hidden) > 5
    det = st.determinize(0, rng)
    assert det.history() == [] and st.history() != []
    mine = [s for here in det.board for s in here if s[0] == 0]
    assert mine == [s for here in st.board for s in here if s[0] == 0]


def test_r73_a_secret_purchase_keeps_its_size_and_spends_the_budget() -> None:
    """While buying only the number of units and the budget are public; the model spends
    what it can (unspent gold is lost)."""
    st = OmringadGame().new_initial_state()
    for cell in range(len(TILE_ORDER)):
        st.apply_actions([N.TILE + cell, N.TILE + cell])
    while st.phase == "pregame":  # both buy one mercenary, place it, and go on
        random_step(st, random.Random(0))
    rng = random.Random(1)
    while st.phase != "purchase" or st.stage[1] != "buy":
        random_step(st, rng)
    while len(st.bought[1]) < 2:
        acts = [a for a in st.legal_actions(1) if N.BUY <= a < N.BUY + 6]
        st.apply_actions([N.WAIT if st.stage[0] != "buy" else N.DONE, min(acts)])
    cost = [UNITS[k].cost or 0 for k in BASE_KINDS]
    seen = set()
    for _ in range(30):
        det = st.determinize(0, rng)
        bought = det.bought[1]
        assert len(bought) == 2
        spent = sum(cost[k] for k in bought)
        assert spent <= st.budget[1]
        assert det.gold[1] == st.budget[1] - spent
        assert _units_of(det, 1) == _units_of(st, 1)
        assert det.observation(0) == st.observation(0)
        seen.add(tuple(sorted(bought)))
    assert len(seen) > 1
