"""Random play, driven by hypothesis: the invariants of R7-R11 hold on every turn."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from spelbord.games.coerceo import CoerceoGame, CoerceoState


def _snapshot(state: CoerceoState) -> tuple[int, int, set[tuple[int, int]], tuple[int, int]]:
    return state.pieces(0), state.pieces(1), set(state.tiles()), state.collected()


@given(
    seed_moves=st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=400),
    variant=st.sampled_from(["laurentius", "ocius"]),
    cost=st.sampled_from([2, 1]),
)
def test_random_play_keeps_the_invariants(seed_moves: list[int], variant: str, cost: int) -> None:
    game = CoerceoGame(variant=variant, exchange_cost=cost)
    state = game.new_initial_state()
    gone_tiles: set[tuple[int, int]] = set()
    for pick in seed_moves:
        if state.is_terminal():
            break
        actions = state.legal_actions()
        assert actions
        action = actions[pick % len(actions)]
        mover = state.current_player()
        white, black, tiles, collected = _snapshot(state)
        state.apply_action(action)
        w2, b2, tiles2, collected2 = _snapshot(state)
        # Pieces never appear: each side's set only loses pieces (the mover's one moves).
        assert w2.bit_count() <= white.bit_count() and b2.bit_count() <= black.bit_count()
        own_before, own_after = (white, w2) if mover == 0 else (black, b2)
        assert own_after.bit_count() == own_before.bit_count()  # R7: never self-capture
        opp_before, opp_after = (black, b2) if mover == 0 else (white, w2)
        assert opp_after & ~opp_before == 0  # the opponent's pieces do not move
        last = state.last_move()
        assert last is not None
        captured = {tuple(c[:3]) for c in last["captured"]}
        if last["kind"] == "exchange":
            captured.add(tuple(last["target"]))
        removed_bits = opp_before & ~opp_after
        assert removed_bits.bit_count() == len(captured)
        # Tiles never come back; removed tiles hold no piece.
        assert tiles2 <= tiles and not (tiles2 & gone_tiles)
        gone_tiles |= tiles - tiles2
        present = state.present_fields()
        assert (w2 | b2) & ~present == 0 and w2 & b2 == 0
        # Collected tiles: the mover gains what a move removed, or pays for an exchange.
        removed = len(tiles - tiles2)
        if last["kind"] == "move":
            assert collected2[mover] == collected[mover] + removed
        else:
            assert collected2[mover] == collected[mover] - cost
        assert collected2[1 - mover] == collected[1 - mover]
    json.dumps(state.observation(None))
    if state.is_terminal():
        outcome = state.outcome()
        assert outcome is not None
        if outcome.termination == "capture-all":
            loser = 1 - outcome.winners()[0]
            assert state.pieces(loser) == 0
