"""Resampling whole histories (R80-R82): another game the seat cannot tell from the real one.

A resampled state's history must replay to it, show the seat the same observation after
every move, keep the seat's own actions, and draw the other seats' hidden choices afresh.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from tests.games.omringad.positions import apply_move, eager_step

from spelbord.core import Move, random_step
from spelbord.games.omringad import notation as N
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.position import TILE_ORDER
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.units import BASE_KINDS, UNITS

SEATS: tuple[int | None, ...] = (None, 0, 1)


def eager(st: OmringadState, rng: random.Random) -> None:
    """One step of a player that mostly avoids passing, so games are full of battles."""
    eager_step(st, rng)


def own_part(move: Move, actor: int, seat: int) -> int | None:
    """The part of ``move`` that ``seat`` chose itself, if any."""
    if isinstance(move, tuple):
        return move[seat]
    return move if actor == seat else None


def assert_same_game_for(seat: int | None, real: OmringadState, twin: OmringadState) -> None:
    """The information-set check: every prefix looks the same to ``seat``."""
    game = real.game
    assert len(twin.history()) == len(real.history())
    assert game.replay(twin.history()) == twin
    a, b = game.new_initial_state(), game.new_initial_state()
    for ma, mb in zip(real.history(), twin.history(), strict=True):
        assert a.current_player() == b.current_player()
        if seat is not None:
            assert own_part(ma, a.current_player(), seat) == own_part(mb, b.current_player(), seat)
        apply_move(a, ma)
        apply_move(b, mb)
        assert b.observation(seat) == a.observation(seat)
    if seat is not None:
        assert twin.legal_actions(seat) == real.legal_actions(seat)


@pytest.mark.parametrize("seed", range(2))
def test_r82_resampled_histories_look_the_same_to_every_seat(seed: int) -> None:
    """Whole eager games, with battles: checked at every tenth position and at the end."""
    game = OmringadGame()
    rng = random.Random(seed)
    st = game.new_initial_state()
    checked = 0
    while True:
        for seat in SEATS:
            twin = st.resample(seat, rng)  # every position, as a search would
            if st.move_number() % 10 == 0 or st.is_terminal():
                assert_same_game_for(seat, st, twin)
                checked += 1
        if st.is_terminal():
            break
        eager(st, rng)
    assert checked > 30


def test_r82_hidden_choices_differ_between_resamples() -> None:
    """The opponent's hidden choices really are drawn again (nothing hidden leaks)."""
    game = OmringadGame()
    rng = random.Random(4)
    st = game.new_initial_state()
    while st.round < 4:
        random_step(st, rng)
    twins = [st.resample(0, rng) for _ in range(12)]
    histories = {tuple(str(m) for m in t.history()) for t in twins}
    assert len(histories) > 4
    assert any(t.history() != st.history() for t in twins)
    for twin in twins[:3]:
        assert_same_game_for(0, st, twin)


def test_r5_unrevealed_tiles_go_anywhere_revealed_ones_keep_their_terrain() -> None:
    game = OmringadGame()
    st = game.new_initial_state()
    for cell in range(3):
        st.apply_actions([N.TILE + cell, N.TILE + 10 + cell])
    rng = random.Random(1)
    drawn = {tuple(st.resample(0, rng).tiles[1]) for _ in range(10)}
    assert len(drawn) > 5 and all(len(t) == 3 for t in drawn)
    assert all(st.resample(0, rng).tiles[0] == [0, 1, 2] for _ in range(3))
    for cell in range(3, len(TILE_ORDER)):
        st.apply_actions([N.TILE + cell, N.TILE + 10 + cell])
    assert st.phase == "pregame"
    orders = set()
    for _ in range(10):
        twin = st.resample(0, rng)
        assert twin.terrain == st.terrain
        orders.add(tuple(twin.tiles[1]))
    assert len(orders) > 1


def test_r73_secret_purchases_are_drawn_again_within_the_budget() -> None:
    """While buying, only the number of units bought and the budget are public."""
    game = OmringadGame()
    st = game.new_initial_state()
    for cell in range(len(TILE_ORDER)):
        st.apply_actions([N.TILE + cell, N.TILE + cell])
    mercenary, elite = N.BUY + 0, N.BUY + 1
    assert {mercenary, elite} <= set(st.legal_actions(1))
    st.apply_actions([N.DONE, elite])
    st.apply_actions([N.WAIT, mercenary])
    rng = random.Random(2)
    seen = set()
    for _ in range(20):
        twin = st.resample(0, rng)
        bought = twin.bought[1]
        assert len(bought) == 2
        assert sum(UNITS[BASE_KINDS[k]].cost or 0 for k in bought) <= st.budget[1]
        assert Counter(bought) + Counter({k: n for k, n in enumerate(twin.pool[1])}) == Counter(
            {k: n for k, n in enumerate(st.pool[1])}
        ) + Counter(st.bought[1])
        seen.add(tuple(sorted(bought)))
        assert twin.observation(0) == st.observation(0)
    assert len(seen) > 1


def test_r82_a_position_set_up_by_hand_is_resampled_without_history(kit: object) -> None:
    """A state its history does not lead to: only the position is dealt again."""
    st = kit.position({"A e3": (0, "MEERA"), "B a1": (1, "RM")})  # type: ignore[attr-defined]
    twin = st.resample(1, random.Random(0))
    assert twin.history() == st.history() == []
    assert twin.observation(1) == st.observation(1)
