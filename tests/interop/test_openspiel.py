"""The OpenSpiel adapter: registration, OpenSpiel's own checks, algorithms through it."""

from __future__ import annotations

import random

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr
from tests.interop.helpers import option_id, option_sets

from spelbord import games
from spelbord.core.errors import StateFormatError
from spelbord.interop import openspiel as adapter
from spelbord.interop.encoding import encoder_for

Dyn = pyspiel.GameType.Dynamics
Chance = pyspiel.GameType.ChanceMode
Info = pyspiel.GameType.Information

SWEEP = [(name, opts) for name in games.games_with("encoder") for opts in option_sets(name)]
QUICK = {"coerceo": {"variant": "ocius"}}
"""Options that keep the quick (not slow) runs short; the slow sweep has every value."""


def load(name: str, **params: object) -> pyspiel.Game:
    return pyspiel.load_game(adapter.short_name(name), params)


def play_randomly(state: pyspiel.State, rng: random.Random, until: object = None) -> None:
    """Random moves (chance by its probabilities) until ``until(state)`` or the end."""
    while not state.is_terminal() and not (until is not None and until(state)):  # type: ignore[operator]
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.is_simultaneous_node():
            state.apply_actions(
                [rng.choice(state.legal_actions(p)) for p in range(state.num_players())]
            )
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def test_every_game_is_registered_under_its_short_name() -> None:
    registered = set(pyspiel.registered_names())
    assert {f"spelbord_{name}" for name in games.games_with("encoder")} <= registered
    assert [f"spelbord_{name}" for name in games.games_with("encoder")] == adapter.GAMES


@pytest.mark.parametrize("name", games.games_with("encoder"))
def test_game_type_and_info_come_from_our_game_info(name: str) -> None:
    info = games.info(name)
    game = load(name)
    kind = game.get_type()
    assert kind.dynamics == (Dyn.SIMULTANEOUS if info.simultaneous else Dyn.SEQUENTIAL)
    assert kind.chance_mode == (Chance.EXPLICIT_STOCHASTIC if info.chance else Chance.DETERMINISTIC)
    perfect = info.information == "perfect" and not info.simultaneous
    assert kind.information == (Info.PERFECT_INFORMATION if perfect else Info.IMPERFECT_INFORMATION)
    assert (kind.min_num_players, kind.max_num_players) == (info.min_seats, info.max_seats)
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_players() == games.load(name).num_players()
    assert game.num_distinct_actions() == info.num_distinct_actions
    assert game.max_chance_outcomes() == info.max_chance_outcomes
    assert game.max_game_length() == info.max_game_length
    assert game.observation_tensor_size() == encoder_for(games.load(name)).size
    params = game.get_parameters()
    assert params["rules_version"] == info.version
    assert {o.name for o in info.options} <= set(params)


def test_options_pass_through_and_bad_ones_are_refused() -> None:
    game = load("coerceo", variant="ocius", exchange_cost=1)
    assert game.spelbord.options["variant"] == "ocius"
    assert game.spelbord.options["exchange_cost"] == 1
    assert load("omringad", players=4).num_players() == 4
    with pytest.raises(adapter.OpenSpielAdapterError, match="variant"):
        load("coerceo", variant="blitz")
    with pytest.raises(adapter.OpenSpielAdapterError, match="rules version 99"):
        load("coerceo", rules_version=99)
    with pytest.raises(pyspiel.SpielError, match="nonsense"):
        load("coerceo", nonsense=1)


@pytest.mark.parametrize("name", games.games_with("encoder"))
def test_random_sim_test_with_serialization(name: str) -> None:
    game = load(name, **QUICK.get(name, {}))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), SWEEP, ids=[f"{n}-{option_id(o)}" for n, o in SWEEP])
def test_random_sim_test_every_option_value(name: str, options: dict) -> None:
    pyspiel.random_sim_test(load(name, **options), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("name", ["gunst", "omringad"])
def test_random_sim_test_turn_based(name: str) -> None:
    game = load(name, turn_based=True)
    assert game.get_type().dynamics == Dyn.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_convert_to_turn_based_gunst() -> None:
    game = pyspiel.convert_to_turn_based(load("gunst"))
    assert game.get_type().dynamics == Dyn.SEQUENTIAL
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("name", games.games_with("encoder"))
def test_python_fast_paths_agree_with_pyspiel(name: str) -> None:
    """The Python overrides give what the C++ ``pyspiel.State`` methods give."""
    game = load(name, **QUICK.get(name, {}))
    rng = random.Random(4)
    state = game.new_initial_state()
    steps = 0
    while steps < 120:
        for player in [None, *range(game.num_players())]:
            ours = state.legal_actions() if player is None else state.legal_actions(player)
            theirs = (
                pyspiel.State.legal_actions(state)
                if player is None
                else pyspiel.State.legal_actions(state, player)
            )
            assert ours == theirs
        for method in ("is_chance_node", "is_simultaneous_node", "is_player_node", "is_terminal"):
            assert getattr(state, method)() == getattr(pyspiel.State, method)(state)
        if state.is_terminal():
            break
        for p in range(game.num_players()):
            assert state.observation_tensor(p) == pyspiel.State.observation_tensor(state, p)
            assert state.observation_string(p) == pyspiel.State.observation_string(state, p)
            assert state.information_state_string(p) == pyspiel.State.information_state_string(
                state, p
            )
        before = state.move_number()
        play_randomly(state, rng, until=lambda s: s.move_number() > before)  # noqa: B023
        steps += 1


def test_flat_joint_actions_at_a_simultaneous_node() -> None:
    """R4 (Gunst): both seats choose in secret; one flat joint action stands for the pair."""
    state = load("gunst").new_initial_state()
    assert state.is_simultaneous_node()
    per_seat = [state.legal_actions(0), state.legal_actions(1)]
    flat = state.legal_actions()
    assert flat == list(range(len(per_seat[0]) * len(per_seat[1])))
    chosen = len(per_seat[0]) * 2 + 1  # seat 0 its second choice, seat 1 its third
    state.apply_action(chosen)
    assert state.spelbord.history() == [(per_seat[0][1], per_seat[1][2])]


def test_serialize_round_trip_and_action_lines() -> None:
    game = load("islandet", turn_limit=60)
    state = game.new_initial_state()
    play_randomly(state, random.Random(2), until=lambda s: s.move_number() >= 40)
    text = state.serialize()
    back = game.deserialize_state(text)
    assert back.history() == state.history()
    assert back.spelbord == state.spelbord
    lines = "\n".join(str(a) for a in state.history())
    assert game.deserialize_state(lines).spelbord == state.spelbord
    for bad in ("{not json", "3\nthree"):
        with pytest.raises(StateFormatError):
            game.deserialize_state(bad)


def test_turn_based_choices_stay_hidden_until_all_have_chosen() -> None:
    """R4 (Gunst), played seat by seat: seat 1 chooses without seeing seat 0's choice."""
    game = load("gunst", turn_based=True)
    state = game.new_initial_state()
    assert state.current_player() == 0
    before = state.information_state_string(1)
    tensor_before = state.observation_tensor(1)
    choice = state.legal_actions()[-1]
    state.apply_action(choice)
    assert state.current_player() == 1 and state.pending == [choice]
    assert state.information_state_string(1) == before
    assert state.observation_tensor(1) == tensor_before
    assert "chosen:" in state.information_state_string(0)
    back = game.deserialize_state(state.serialize())
    assert back.pending == [choice] and back.history() == state.history()
    state.apply_action(state.legal_actions()[0])
    assert state.pending == [] and len(state.spelbord.history()) == 1


def test_information_state_hides_the_other_seats_secret_moves() -> None:
    """R5 (Omringad): terrain tiles are placed in secret; the other seat sees a ``?``."""
    state = load("omringad").new_initial_state()
    rng = random.Random(0)
    play_randomly(state, rng, until=lambda s: s.move_number() >= 2)
    seen_by_1 = state.seen_history(1)
    assert all("?" in line for line in seen_by_1[:2])
    assert state.seen_history(0) != seen_by_1


def test_resampled_states_share_the_information_state() -> None:
    """What IS-MCTS relies on: a resampled world looks the same to the seat (R82)."""
    game = load("omringad", turn_based=True)
    state = game.new_initial_state()
    play_randomly(state, random.Random(6), until=lambda s: s.move_number() >= 90)
    player = state.current_player()
    assert player >= 0
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(3):
        other = state.resample_from_infostate(player, sampler)
        assert other.information_state_string(player) == state.information_state_string(player)
        assert other.legal_actions() == state.legal_actions()


def test_observer_dict_exposes_the_encoder_parts() -> None:
    from open_spiel.python.observation import make_observation

    game = load("coerceo")
    observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=False))
    state = game.new_initial_state()
    observation.set_from(state, 1)
    assert observation.dict["pieces"].shape == (2, 19, 6)
    assert observation.dict["observer"].tolist() == [0.0, 1.0]
    assert observation.string_from(state, 1) == state.observation_string(1)


def test_mcts_bot_on_coerceo() -> None:
    game = load("coerceo", variant="ocius")
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=12,
        evaluator=mcts.RandomRolloutEvaluator(1, rng),
        random_state=rng,
    )
    state = game.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
        state.apply_action(random.Random(1).choice(state.legal_actions()))


def test_outcome_sampling_mccfr_on_gunst() -> None:
    game = pyspiel.convert_to_turn_based(load("gunst"))
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(8):
        solver.iteration()
    policy = solver.average_policy()
    state = game.new_initial_state()
    probs = policy.action_probabilities(state, 0)
    assert set(probs) == set(state.legal_actions())
    assert sum(probs.values()) == pytest.approx(1.0)


def test_ismcts_on_omringad() -> None:
    game = load("omringad", turn_based=True)
    state = game.new_initial_state()
    rng = random.Random(3)
    play_randomly(state, rng, until=lambda s: s.spelbord.phase == "move" and s.is_player_node())
    bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        uct_c=2.0,
        max_simulations=4,
        random_state=np.random.RandomState(0),
    )
    action = bot.step(state)
    assert action in state.legal_actions()
