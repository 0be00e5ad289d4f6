"""The static evaluation for search cut-offs (``evaluation.heuristic_value``).

Hand-built positions (the ``kit`` fixture, conftest.py) that differ in one respect must be
ordered the right way for both seats; a finished game gets its real result (R63).
"""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest

from spelbord.core import CHANCE, SIMULTANEOUS, TERMINAL, sample_outcome
from spelbord.games.omringad.engine import evaluation as E
from spelbord.games.omringad.game import OmringadGame
from spelbord.games.omringad.state import OmringadState
from spelbord.games.omringad.terrain import Terrain

TILES = {"A c3": Terrain.CASTLE, "B c3": Terrain.CASTLE, "B e3": Terrain.VILLAGE}
"""A castle in each country and a village of B's on its seam with A."""

EVEN = TILES | {"A e3": Terrain.VILLAGE}
"""The same for both: a castle and a seam village each."""


def value(st: OmringadState) -> float:
    """Seat 0's value; seat 1's is always its negative (two seats, zero sum)."""
    v = st.heuristic_value()
    assert v == E.heuristic_value(st)
    assert -1.0 <= v[0] <= 1.0 and v[1] == pytest.approx(-v[0])
    return v[0]


def run_to_battle(st: OmringadState, kit: SimpleNamespace) -> None:
    while st.phase == "move":
        kit.play(st, "pass")


def test_an_even_position_is_worth_nothing(kit: SimpleNamespace) -> None:
    st = kit.position({"A c3": (0, "RM"), "B c3": (1, "RM")}, EVEN)
    assert value(st) == pytest.approx(0.0)
    assert value(OmringadGame().new_initial_state()) == 0.0


def test_r62_a_score_lead_is_good_and_larger_is_better(kit: SimpleNamespace) -> None:
    values = []
    for lead in (-6, 0, 3, 12):
        st = kit.position({"A c3": (0, "M"), "B c3": (1, "M")}, EVEN)
        st.score = [20 + max(lead, 0), 20 + max(-lead, 0)]
        values.append(value(st))
    assert values[1] == pytest.approx(0.0)
    assert values[0] < values[1] < values[2] < values[3]


def test_r62_the_same_lead_weighs_more_near_the_target(kit: SimpleNamespace) -> None:
    early = kit.position({"A c3": (0, "M"), "B c3": (1, "M")}, EVEN)
    early.score = [10, 4]
    late = kit.position({"A c3": (0, "M"), "B c3": (1, "M")}, EVEN)
    late.score = [40, 34]
    assert 0 < value(early) < value(late)


def test_r60_r61_squares_and_settlements_held_count(kit: SimpleNamespace) -> None:
    stacks = {"A c3": (0, "M"), "B c3": (1, "M")}
    base = value(kit.position(stacks, TILES))
    bare = value(kit.position(stacks, TILES, control={"B a1": 0}))
    village = value(kit.position(stacks, TILES, control={"B e3": 0}))
    lost = value(kit.position(stacks, TILES, control={"A a1": 1}))
    assert lost < base < bare < village


def test_r20_r21_material_counts_by_cost_and_damage(kit: SimpleNamespace) -> None:
    def with_army(army: str) -> float:
        return value(kit.position({"A c3": (0, army), "B c3": (1, "RM")}, EVEN))

    assert with_army("M") < with_army("RM")
    assert with_army("rM") < with_army("RM")
    assert with_army("RM") < with_army("RK") < with_army("GRM")
    assert with_army("RM") == pytest.approx(0.0)


def test_r30_a_group_on_the_move_keeps_its_worth(kit: SimpleNamespace) -> None:
    """Walking at home changes nothing; the group counts while it has left its stack."""
    st = kit.position({"A c3": (0, "RM"), "B c3": (1, "RM")}, EVEN)
    before = value(st)
    kit.play(st, "A c3", "take R", "done")
    assert st.path and value(st) == pytest.approx(before)
    kit.play(st, "A c2")
    assert value(st) == pytest.approx(before)
    kit.play(st, "stop")
    assert not st.path and value(st) == pytest.approx(before)


def test_r73_bought_units_and_gold_count_as_material(kit: SimpleNamespace) -> None:
    st = kit.position({"A c3": (0, "M"), "B c3": (1, "M")}, TILES)
    before = value(st)
    st.bought[0] = [3]  # a rider waiting for the reinforcement phase
    assert value(st) > before
    st.gold[1] = 5
    assert value(st) == pytest.approx(before)


def test_r50_besieging_an_enemy_settlement_is_good(kit: SimpleNamespace) -> None:
    """A's rider next to B's village (across the seam) rather than at home, same material."""
    far = value(kit.position({"A c3": (0, "R"), "B a1": (1, "M")}, TILES))
    near = value(kit.position({"A e3": (0, "R"), "B a1": (1, "M")}, TILES))
    assert near > far
    # Seen from the other side: B besieges A's village the same way.
    tiles = TILES | {"A e3": Terrain.VILLAGE}
    far_b = value(kit.position({"A a1": (0, "M"), "B c3": (1, "R")}, tiles))
    near_b = value(kit.position({"A a1": (0, "M"), "B e3": (1, "R")}, tiles))
    assert near_b < far_b


def test_r63_finished_games_give_the_real_result(kit: SimpleNamespace) -> None:
    won = kit.position({"B a1": (1, "MMMM")}, {"A c3": Terrain.CASTLE})
    won.score = [45, 44]
    run_to_battle(won, kit)
    assert won.current_player() == TERMINAL
    assert won.heuristic_value() == won.returns() == [1.0, -1.0]
    drawn = kit.position({"B a1": (1, "M")}, {"A c3": Terrain.CASTLE, "B c3": Terrain.CASTLE})
    drawn.score = [45, 45]
    run_to_battle(drawn, kit)
    assert drawn.is_terminal() and drawn.heuristic_value() == [0.0, 0.0]


def test_rounds_left_projects_the_score_to_the_target() -> None:
    assert E.rounds_left([13, 13], [13, 13], 50) == 3
    assert E.rounds_left([0, 0], [0, 0], 50) == E.MAX_ROUNDS
    assert E.rounds_left([49, 0], [1, 0], 50) == 1


def test_bounded_zero_sum_and_fast_over_random_games() -> None:
    """Every position of a few random games: in [-1, 1], zero sum, cheap to compute."""
    rng = random.Random(3)
    game = OmringadGame()
    positions = []
    for _ in range(3):
        st = game.new_initial_state()
        while not st.is_terminal():
            positions.append(st.clone())
            player = st.current_player()
            if player == CHANCE:
                st.apply_action(sample_outcome(st.chance_outcomes(), rng))
            elif player == SIMULTANEOUS:
                st.apply_actions([rng.choice(st.legal_actions(s)) for s in (0, 1)])
            else:
                st.apply_action(rng.choice(st.legal_actions()))
        assert st.heuristic_value() == st.returns()
    start = time.perf_counter()
    for st in positions:
        value(st)
    per_call = (time.perf_counter() - start) / len(positions)
    assert per_call < 0.002, f"{per_call * 1000:.3f} ms per evaluation"
