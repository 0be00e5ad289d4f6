"""``State.game_facts()``: the lab's per-game facts agree with the final positions."""

from __future__ import annotations

import random

import pytest

from spelbord import games
from spelbord.core import State
from spelbord.core.chance import random_step
from spelbord.games.omringad.units import SPECIAL_KINDS


def played(name: str, seed: int, **options: object) -> State:
    state = games.load(name, **options).new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        random_step(state, rng)
    return state


def test_facts_are_flat_and_plain() -> None:
    for name in games.packages():
        facts = played(name, 1).game_facts()
        assert facts, name
        assert all(isinstance(v, int | float | str) for v in facts.values())


@pytest.mark.parametrize("seed", range(6))
def test_islandet_removals_add_up_to_the_units_lost(seed: int) -> None:
    state = played("islandet", seed)
    facts = state.game_facts()
    for seat in (0, 1):
        causes = sum(facts[f"s{seat}_lost_{c}"] for c in ("shot", "blast", "free", "other"))
        assert causes == state.pos.lost[seat]  # type: ignore[attr-defined]


@pytest.mark.parametrize("seed", range(4))
def test_omringad_specials_are_sold_once_and_paid_for(seed: int) -> None:
    state = played("omringad", seed)
    facts = state.game_facts()
    for kind in SPECIAL_KINDS:
        owners = [s for s in (0, 1) if facts[f"s{s}_won_{kind.value}"]]
        assert len(owners) <= 1
        assert kind.value not in [SPECIAL_KINDS[i].value for i in state.cup] or not owners  # type: ignore[attr-defined]
    for seat in (0, 1):
        prices = [facts[f"s{seat}_price_{k.value}"] for k in SPECIAL_KINDS]
        assert facts[f"s{seat}_auction_gold"] == sum(
            p for p in prices if isinstance(p, int) and p > 0
        )
        assert facts[f"s{seat}_layout"].startswith(f"c{facts[f's{seat}_castle_cell']} ")
    assert sum(v for k, v in facts.items() if "_bought_" in k) > 0  # type: ignore[misc]


def test_gunst_end_matches_termination() -> None:
    for seed in range(5):
        state = played("gunst", seed)
        facts = state.game_facts()
        assert facts["ended"] == state.termination() in ("life", "seasons")
        if facts["ended"] == "life":
            assert min(facts["s0_life"], facts["s1_life"]) <= 0  # type: ignore[type-var]
        else:
            assert facts["season"] == 4


@pytest.mark.parametrize("seed", range(3))
def test_coerceo_exchanges_are_the_moves_that_spend_tiles(seed: int) -> None:
    """An exchange spends ``exchange_cost`` collected tiles (R: exchange): count those."""
    state = played("coerceo", seed)
    replay = state.game.new_initial_state()
    spent = [0, 0]
    for move in state.history():
        side = replay.current_player()
        before = replay.collected()[side]  # type: ignore[attr-defined]
        replay.apply_action(move)
        if replay.collected()[side] < before:  # type: ignore[attr-defined]
            spent[side] += 1
    facts = state.game_facts()
    assert facts["plies"] == len(state.history())
    assert [facts["s0_exchanges"], facts["s1_exchanges"]] == spent
    assert sum(spent) > 0
