"""Islandet rules R1-R4: components, who starts, blocks, units and pads."""

from __future__ import annotations

from collections.abc import Callable

from spelbord.core import CHANCE
from spelbord.games.islandet import IslandetGame, IslandetState
from spelbord.games.islandet.board import entry_square, parse_square, slot_column
from spelbord.games.islandet.units import ARMY, KINDS, MAX_POINTS

Do = Callable[..., IslandetState]

BLOCKS = ["a1", "b3", "c5", "d7", "e9", "f11", "g2", "h4", "i6", "j8"]


def test_r1_components() -> None:
    assert [(k.name, k.range, k.count) for k in KINDS] == [
        ("soldier", 2, 5),
        ("jeep", 3, 3),
        ("tank", 4, 2),
    ]
    assert len(ARMY) == 10
    assert MAX_POINTS == 27 + 17
    state = IslandetGame().new_initial_state()
    assert (state.pos.live_left, state.pos.safe_left) == (6, 4)


def test_r1_die_shows_zero_to_five_evenly(do: Do) -> None:
    state = do(IslandetGame().new_initial_state(), "first South", *(f"block {b}" for b in BLOCKS))
    state.pos.phase = "roll"
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [0, 1, 2, 3, 4, 5]
    assert all(abs(p - 1 / 6) < 1e-12 for _, p in outcomes)


def test_r2_roll_off_decides_the_starter_who_places_first(do: Do) -> None:
    state = IslandetGame().new_initial_state()
    assert state.current_player() == CHANCE
    assert state.chance_outcomes() == [(0, 0.5), (1, 0.5)]
    do(state, "first North")
    assert state.current_player() == 1
    assert state.pos.phase == "block"


def test_r3_blocks_alternate_one_per_row_and_column(do: Do, legal: Callable) -> None:
    state = do(IslandetGame().new_initial_state(), "first South", "block e5")
    assert state.current_player() == 1
    free = legal(state)
    assert len(free) == 11 * 11
    assert "block e9" not in free and "block h5" not in free and "block h9" in free
    others = ["a1", "b3", "c7", "d9", "f11", "g2", "h4", "i6", "j8"]
    do(state, *(f"block {b}" for b in others[:8]))
    assert state.pos.phase == "block"
    do(state, f"block {others[8]}")
    # ten blocks: unit placement begins with the starter
    assert state.pos.phase == "place" and state.current_player() == 0


def test_r4_units_on_home_rows_any_facing_then_pads(do: Do, legal: Callable) -> None:
    state = do(IslandetGame().new_initial_state(), "first South", *(f"block {b}" for b in BLOCKS))
    options = legal(state)
    squares = {t.split()[1] for t in options}
    # rows 1-2 without the blocks a1 and g2: 22 squares, three kinds each
    assert len(squares) == 22 and len(options) == 66
    assert "a1" not in squares and "g2" not in squares and "c3" not in squares
    do(state, "tank c2")
    assert legal(state) == ["face N", "face E", "face S", "face W"]
    do(state, "face W")
    assert state.pos.units[parse_square("c2")].facing == 3
    assert state.current_player() == 1
    assert {t.split()[1][1:] for t in legal(state)} == {"11", "12"}
    # South puts both tanks and three jeeps out; North five soldiers
    south = ["tank d1", "jeep e1", "jeep f1", "jeep h1"]
    north = ["soldier a12", "soldier b12", "soldier c12", "soldier d12", "soldier e12"]
    for i in range(5):
        do(state, north[i], "face S")
        if i < 4:
            do(state, south[i], "face N")
    # South's pad holds only soldiers now: filled by itself; North chooses
    assert state.pos.pads[0] == [0, 0, 0, 0, 0]
    assert state.current_player() == 1 and legal(state) == ["pad jeep", "pad tank"]
    do(state, "pad tank", "pad jeep", "pad jeep", "pad tank")
    assert state.pos.pads[1] == [2, 1, 1, 2, 1]
    assert state.pos.phase == "roll" and state.pos.to_move == 0


def test_r4_pad_lies_along_the_players_leftmost_columns() -> None:
    state = IslandetGame().new_initial_state()
    south, north = state.pos.centres
    assert [slot_column(south, s) for s in range(5)] == [0, 1, 2, 3, 4]
    assert [slot_column(north, s) for s in range(5)] == [7, 8, 9, 10, 11]
    assert entry_square(0, south, 0) == parse_square("a1")
    assert entry_square(1, north, 4) == parse_square("l12")


def test_r4_without_pads_all_ten_units_start_on_the_island(do: Do) -> None:
    state = IslandetGame(pads=False).new_initial_state()
    do(state, "first South", *(f"block {b}" for b in BLOCKS))
    rng_free = 0
    while state.pos.phase in ("place", "face"):
        state.apply_action(state.legal_actions()[-1 if state.pos.phase == "face" else 0])
        rng_free += 1
    assert rng_free == 40
    assert len(state.pos.units) == 20
    assert state.pos.phase == "roll"
