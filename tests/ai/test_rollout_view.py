"""The light view a search gives its plans (``RolloutView`` over ``LazyObservation``):
on seeded positions every Omringad plan decides exactly as with the full observation,
the lazy observation equals the full one, and a rollout applies the plans' actions
without a second legality check yet plays the same game."""

from __future__ import annotations

import random

from spelbord import games
from spelbord.ai import SeatView
from spelbord.ai.omringad import script
from spelbord.ai.view import RolloutView
from spelbord.core import CHANCE, SIMULTANEOUS, sample_outcome
from spelbord.games.omringad.hidden.observation import LazyObservation, observe

PLANS = [*script.PLANS, *script.HELD_OUT]


def _plans(seed: int) -> list[script.OmringadPlan]:
    return [cls(seed) for cls in PLANS] + [variant(seed) for variant in script.VARIANTS]


def _positions(seed: int, every: int = 7, limit: int = 900):  # type: ignore[no-untyped-def]
    """(state, seat) at every ``every``-th decision of a seeded game between two plans."""
    rng = random.Random(seed)
    state = games.load("omringad").new_initial_state()
    players = [script.VARIANTS[2](seed), script.Fortress(seed + 1)]
    for step in range(limit):
        if state.is_terminal():
            return
        player = state.current_player()
        if player == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            continue
        seats = range(state.num_players()) if player == SIMULTANEOUS else [player]
        if step % every == 0:
            for seat in seats:
                yield state, seat
        if player == SIMULTANEOUS:
            state.apply_actions([players[s].step(SeatView(state, s)) for s in seats])
        else:
            state.apply_action(players[player].step(SeatView(state, player)))


def test_plans_decide_alike_on_the_light_view() -> None:
    checked = 0
    for k, (state, seat) in enumerate(_positions(31)):
        for full, light in zip(_plans(k), _plans(k), strict=True):
            assert full.step(SeatView(state, seat)) == light.step(RolloutView(state, seat)), (
                full.name,
                state.phase,
                state.round,
            )
            checked += 1
    assert checked > 300


def test_lazy_observation_equals_the_full_one() -> None:
    for state, seat in _positions(5, every=23):
        lazy = LazyObservation(state, seat)
        assert lazy["stacks"] == observe(state, seat)["stacks"]
        assert lazy == observe(state, seat)
        assert list(lazy) == list(observe(state, seat))
        assert LazyObservation(state, None) == observe(state, None)


def test_unchecked_apply_plays_the_same_game() -> None:
    """``apply_legal_action`` does what ``apply_action`` does to a legal action."""
    for state, seat in _positions(7, every=41):
        if state.current_player() != seat:
            continue
        for action in state.legal_actions(seat)[:3]:
            a, b = state.clone(), state.clone()
            a.apply_action(action)
            b.apply_legal_action(action)
            assert a.to_json() == b.to_json()
            assert a.history() == b.history()
