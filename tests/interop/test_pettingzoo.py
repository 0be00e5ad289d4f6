"""The PettingZoo environments: PettingZoo's own tests, seeds, masks, hidden choices."""

from __future__ import annotations

import functools
import types

import numpy as np
import pytest
from pettingzoo.test import api_test, max_cycles_test, parallel_api_test, seed_test
from pettingzoo.utils.conversions import parallel_to_aec

from spelbord import games
from spelbord.core.errors import IllegalActionError
from spelbord.core.game import CHANCE
from spelbord.interop.pettingzoo import (
    PettingZooAdapterError,
    SpelbordAECEnv,
    env,
    parallel_env,
)

QUICK = {"coerceo": {"variant": "ocius"}, "islandet": {"turn_limit": 60}}

# api_test suggests a bare Box; a Dict with an ``action_mask`` is PettingZoo's own way
# to pass masks (its classic games do the same).
pytestmark = [
    pytest.mark.filterwarnings("ignore:Observation space for each agent probably should be"),
    pytest.mark.filterwarnings("ignore:Observation is not a NumPy array"),
]


def play_out(e: SpelbordAECEnv, seed: int) -> dict[str, float]:
    """One game with random legal actions; every agent's summed rewards."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    total = dict.fromkeys(e.possible_agents, 0.0)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        total[agent] += reward
        legal = np.flatnonzero(obs["action_mask"])
        e.step(None if terminated or truncated else int(rng.choice(legal)))
    return total


@pytest.mark.parametrize("name", games.games_with("encoder"))
def test_api_test(name: str) -> None:
    api_test(env(name, **QUICK.get(name, {})), num_cycles=200)


@pytest.mark.parametrize("name", games.games_with("encoder"))
def test_seed_test(name: str) -> None:
    seed_test(functools.partial(env, name, **QUICK.get(name, {})), num_cycles=40)


def test_api_test_omringad_four_players() -> None:
    api_test(env("omringad", players=4, teams="diagonal"), num_cycles=100)


def test_parallel_api_test_gunst() -> None:
    parallel_api_test(parallel_env("gunst"), num_cycles=200)


def test_max_cycles_test_gunst() -> None:
    """PettingZoo's check samples actions without masks, so illegal ones are skipped."""
    module = types.SimpleNamespace(
        parallel_env=functools.partial(parallel_env, "gunst", illegal_action="skip"),
        env=lambda **kw: parallel_to_aec(parallel_env("gunst", illegal_action="skip", **kw)),
    )
    max_cycles_test(module)


@pytest.mark.parametrize("name", games.games_with("encoder"))
def test_a_whole_game_ends_with_the_games_returns(name: str) -> None:
    e = env(name, **QUICK.get(name, {}))
    total = play_out(e, seed=1)
    state = e.spelbord_state
    assert state.is_terminal()
    assert [total[a] for a in e.possible_agents] == state.returns()
    assert e.agents == []


def test_same_seed_same_game_chance_inside_the_environment() -> None:
    """Islandet's dice are rolled by the environment from the reset seed."""
    first, second = env("islandet", turn_limit=60), env("islandet", turn_limit=60)
    play_out(first, seed=9)
    play_out(second, seed=9)
    assert first.spelbord_state.history() == second.spelbord_state.history()
    assert any(isinstance(m, int) for m in first.spelbord_state.history())
    third = env("islandet", turn_limit=60)
    play_out(third, seed=10)
    assert third.spelbord_state.history() != first.spelbord_state.history()


def test_masks_mark_exactly_the_legal_actions_of_the_agent_to_move() -> None:
    e = env("coerceo")
    e.reset(seed=0)
    obs, *_ = e.last()
    state = e.spelbord_state
    assert np.flatnonzero(obs["action_mask"]).tolist() == state.legal_actions(0)
    assert e.observe("player_1")["action_mask"].sum() == 0
    assert obs["observation"].shape == e.observation_space("player_0")["observation"].shape


def test_simultaneous_choices_are_held_back_unseen() -> None:
    """R4 (Gunst): seat 1 chooses after seat 0 in the AEC order but sees nothing of it."""
    e = env("gunst")
    e.reset(seed=0)
    assert e.agent_selection == "player_0"
    seen_before = e.observe("player_1")["observation"].copy()
    mask = e.observe("player_0")["action_mask"]
    e.step(int(np.flatnonzero(mask)[-1]))
    assert e.agent_selection == "player_1"
    assert e.spelbord_state.move_number() == 0  # nothing applied yet
    assert np.array_equal(e.observe("player_1")["observation"], seen_before)
    e.step(int(np.flatnonzero(e.observe("player_1")["action_mask"])[0]))
    assert e.spelbord_state.move_number() == 1


def test_illegal_actions_raise_or_are_skipped() -> None:
    e = env("coerceo", variant="ocius")
    e.reset(seed=0)
    illegal = int(np.flatnonzero(e.observe("player_0")["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match="player_0"):
        e.step(illegal)
    assert e.spelbord_state.move_number() == 0 and e.agent_selection == "player_0"
    skipping = env("coerceo", variant="ocius", illegal_action="skip")
    skipping.reset(seed=0)
    skipping.step(illegal)
    assert skipping.infos["player_0"] == {"illegal_action": True}
    assert skipping.spelbord_state.move_number() == 0 and skipping.agent_selection == "player_0"


def test_render_ansi_is_the_spectators_text_view() -> None:
    e = env("islandet", render_mode="ansi")
    e.reset(seed=0)
    text = e.render()
    assert text == e.spelbord_state.observation_string(None)
    assert "a  b  c" in text
    quiet = env("islandet")
    quiet.reset(seed=0)
    assert quiet.render() is None


def test_max_cycles_truncates_the_aec_environment() -> None:
    e = env("coerceo", max_cycles=5)
    e.reset(seed=0)
    steps = 0
    for _agent in e.agent_iter():
        obs, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        steps += 1
    assert steps == 5 and e.spelbord_state.move_number() == 5 and not e.spelbord_state.is_terminal()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(PettingZooAdapterError, match="render_mode"):
        env("gunst", render_mode="human")
    with pytest.raises(PettingZooAdapterError, match="max_cycles"):
        env("gunst", max_cycles=0)
    with pytest.raises(PettingZooAdapterError, match="illegal_action"):
        parallel_env("gunst", illegal_action="ignore")
    with pytest.raises(ValueError, match="variant"):
        env("coerceo", variant="blitz")


def test_parallel_gunst_plays_both_choices_in_one_step() -> None:
    p = parallel_env("gunst")
    observations, _ = p.reset(seed=3)
    actions = {
        agent: int(np.flatnonzero(observations[agent]["action_mask"])[0]) for agent in p.agents
    }
    p.step(actions)
    history = p.spelbord_state.history()
    assert history[0] == tuple(actions[a] for a in p.possible_agents)
    assert all(isinstance(m, int) for m in history[1:])  # then the coin, if any
    assert p.spelbord_state.current_player() != CHANCE  # chance is never left to the agents
