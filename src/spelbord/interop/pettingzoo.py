"""Every Spelbord game as a PettingZoo environment (``pip install 'spelbord[pettingzoo]'``).

``env(name, **options)`` is an AEC (turn-by-turn) environment of any game; Gunst's secret
choice also has ``parallel_env("gunst")``, where both seats act in one step.

>>> from spelbord.interop.pettingzoo import env
>>> e = env("coerceo", variant="ocius", render_mode="ansi")
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["observation"].shape == e.observation_space("player_0")["observation"].shape
(['action_mask', 'observation'], True)
>>> e.step(int(obs["action_mask"].nonzero()[0][0]))
>>> e.agent_selection
'player_1'

- Agents are ``player_0`` .. ``player_{n-1}`` (the game's seats).
- Observations are ``{"observation": float32 vector, "action_mask": int8 vector}``, built
  from ``observation(seat)`` alone by the game's encoder (``spelbord.interop.encoding``);
  an agent that does not decide now has an all-zero mask.
- Chance (dice, coins, draws) is resolved inside the environment from the ``reset`` seed.
- A simultaneous node is played in the AEC environment one seat after the other: each
  choice is held back, unseen by the others, until every seat has chosen.
- Rewards are the game's returns, given when it ends. ``max_cycles`` (optional) truncates
  a game after that many steps (AEC: decisions; Parallel: joint steps).
- An illegal action raises ``IllegalActionError`` (nothing changes), or with
  ``illegal_action="skip"`` is dropped and reported in the agent's info.
- ``render_mode="ansi"``: ``render()`` returns the game's text view for a spectator
  (``observation_string(None)``, the board ``spelbord play`` shows).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv

from spelbord.core.chance import sample_outcome
from spelbord.core.errors import IllegalActionError, SpelbordError
from spelbord.core.game import CHANCE, SIMULTANEOUS, TERMINAL, Game, State
from spelbord.core.registry import game_class
from spelbord.interop.encoding import Encoder, encoder_for

ILLEGAL_POLICIES = ("raise", "skip")


class PettingZooAdapterError(SpelbordError):
    """A bad environment argument (render mode, max_cycles, illegal-action policy)."""


def _make_game(name: str, rules_version: int | None, options: Mapping[str, Any]) -> Game:
    import spelbord.games  # noqa: F401  (registers the games)

    return game_class(name)(rules_version=rules_version, **options)


class _Table:
    """What both environments share: the game, its encoder, spaces, seeded chance."""

    def __init__(
        self,
        name: str,
        render_mode: str | None,
        max_cycles: int | None,
        illegal_action: str,
        rules_version: int | None,
        options: Mapping[str, Any],
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise PettingZooAdapterError(f"render_mode must be None or 'ansi'; got {render_mode!r}")
        if max_cycles is not None and (
            not isinstance(max_cycles, int) or isinstance(max_cycles, bool) or max_cycles < 1
        ):
            raise PettingZooAdapterError(f"max_cycles must be a positive int; got {max_cycles!r}")
        if illegal_action not in ILLEGAL_POLICIES:
            raise PettingZooAdapterError(
                f"illegal_action must be one of {', '.join(ILLEGAL_POLICIES)}; "
                f"got {illegal_action!r}"
            )
        self.game = _make_game(name, rules_version, options)
        self.encoder: Encoder = encoder_for(self.game)
        self.render_mode = render_mode
        self.max_cycles = max_cycles
        self.illegal_action = illegal_action
        n = self.game.num_players()
        self.agent_names = [f"player_{seat}" for seat in range(n)]
        self.seat_of = {agent: seat for seat, agent in enumerate(self.agent_names)}
        actions = self.game.num_distinct_actions()
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, np.inf, self.encoder.shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), np.int8),
                }
            )
            for agent in self.agent_names
        }
        self.action_spaces = {agent: spaces.Discrete(actions) for agent in self.agent_names}
        self.rng = random.Random()
        self.state: State = self.game.new_initial_state()
        self._legal: tuple[tuple[int, int, int], list[int]] | None = None

    def reset(self, seed: int | None) -> None:
        if seed is not None:
            self.rng = random.Random(seed)
            for i, agent in enumerate(self.agent_names):
                self.action_spaces[agent].seed(seed + i)
        self.state = self.game.new_initial_state()
        self.resolve_chance()

    def resolve_chance(self) -> int:
        """Play chance nodes from the seeded generator; the player to act after them."""
        state = self.state
        player = state.current_player()
        while player == CHANCE:
            state.apply_action(sample_outcome(state.chance_outcomes(), self.rng))
            player = state.current_player()
        return player

    def legal_actions(self, seat: int) -> list[int]:
        """``state.legal_actions(seat)``, remembered until the state changes (the mask and
        the legality check of the step that follows ask for the same list)."""
        key = (id(self.state), self.state.move_number(), seat)
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, self.state.legal_actions(seat))
        return self._legal[1]

    def observe(self, seat: int, deciding: bool) -> dict[str, np.ndarray]:
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if deciding:
            mask[self.legal_actions(seat)] = 1
        observation = self.encoder.encode(self.state.observation(seat), seat)
        return {"observation": observation, "action_mask": mask}

    def legal(self, seat: int, action: Any) -> bool:
        if not isinstance(action, int | np.integer) or isinstance(action, bool):
            return False
        return int(action) in self.legal_actions(seat)

    def reject(self, agent: str, action: Any) -> None:
        """An illegal action: raise, or (policy ``skip``) do nothing."""
        if self.illegal_action == "raise":
            raise IllegalActionError(f"action {action!r} is not legal for {agent} here")

    def render(self) -> str | None:
        """The game's text view for a spectator (what ``spelbord play`` shows; nothing
        hidden from the seats), or ``None`` without ``render_mode="ansi"``."""
        if self.render_mode is None:
            return None
        return self.state.observation_string(None)


class SpelbordAECEnv(AECEnv):
    """A Spelbord game as a PettingZoo AEC environment (see the module text)."""

    def __init__(
        self,
        name: str,
        *,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal_action: str = "raise",
        rules_version: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.table = _Table(name, render_mode, max_cycles, illegal_action, rules_version, options)
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"spelbord_{name}",
            "is_parallelizable": False,
        }
        self.render_mode = render_mode
        self.possible_agents = list(self.table.agent_names)
        self.agents: list[str] = []
        self._pending: list[int] = []
        self._steps = 0

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.table.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.table.action_spaces[agent]

    @property
    def spelbord_state(self) -> State:
        """The Spelbord state being played."""
        return self.table.state

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._pending = []
        self._steps = 0
        self._select()

    def _select(self, player: int | None = None) -> None:
        """Select the seat to act: the current player, or the next seat to choose at a
        simultaneous node."""
        if player is None:
            player = self.table.state.current_player()
        if player == TERMINAL:
            return
        seat = len(self._pending) if player == SIMULTANEOUS else player
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.table.seat_of[agent]
        deciding = agent == self.agent_selection and not (
            self.terminations.get(agent) or self.truncations.get(agent)
        )
        return self.table.observe(seat, deciding)

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.table.seat_of[agent]
        self._cumulative_rewards[agent] = 0.0
        self.infos[agent] = {}
        if not self.table.legal(seat, action):
            self.table.reject(agent, action)
            self.infos[agent] = {"illegal_action": True}
            self._accumulate_rewards()
            return
        state = self.table.state
        if self._pending or state.current_player() == SIMULTANEOUS:
            self._pending.append(int(action))
            if len(self._pending) == state.num_players():
                state.apply_actions(self._pending)
                self._pending = []
        else:
            state.apply_action(int(action))
        player = self.table.resolve_chance()
        self._steps += 1
        over = player == TERMINAL
        if over:
            for other, value in zip(self.agents, state.returns(), strict=True):
                self.rewards[other] = float(value)
                self.terminations[other] = True
        elif self.table.max_cycles is not None and self._steps >= self.table.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        # (Rewards stay zero until the end: the games reward only the final result.)
        self._accumulate_rewards()
        if over or any(self.truncations.values()):
            self.agent_selection = agent if agent in self.agents else self.agents[0]
            self._deads_step_first()
        else:
            self._select(player)

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        pass


class SpelbordParallelEnv(ParallelEnv):
    """Gunst (or any game) as a PettingZoo Parallel environment: every seat acts each step.

    At a simultaneous node both choices are applied together; at a node where one seat
    decides, the others' actions are ignored (their masks are all zero).
    """

    def __init__(
        self,
        name: str,
        *,
        render_mode: str | None = None,
        max_cycles: int | None = None,
        illegal_action: str = "raise",
        rules_version: int | None = None,
        **options: Any,
    ) -> None:
        self.table = _Table(name, render_mode, max_cycles, illegal_action, rules_version, options)
        self.metadata = {"render_modes": ["ansi"], "name": f"spelbord_{name}_parallel"}
        self.render_mode = render_mode
        self.possible_agents = list(self.table.agent_names)
        self.agents: list[str] = []
        self._steps = 0

    @property
    def max_cycles(self) -> int | None:
        return self.table.max_cycles

    @max_cycles.setter
    def max_cycles(self, value: int | None) -> None:
        self.table.max_cycles = value

    def observation_space(self, agent: str) -> spaces.Dict:
        return self.table.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        return self.table.action_spaces[agent]

    def _deciding(self) -> set[int]:
        player = self.table.state.current_player()
        if player == SIMULTANEOUS:
            return set(range(len(self.possible_agents)))
        return {player} if player >= 0 else set()

    def _observations(self) -> dict[str, dict[str, np.ndarray]]:
        deciding = self._deciding()
        return {
            agent: self.table.observe(
                self.table.seat_of[agent], self.table.seat_of[agent] in deciding
            )
            for agent in self.agents
        }

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, dict[str, np.ndarray]], dict[str, dict[str, Any]]]:
        self.table.reset(seed)
        self.agents = list(self.possible_agents)
        self._steps = 0
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: Mapping[str, Any]) -> tuple[Any, Any, Any, Any, Any]:
        table, state = self.table, self.table.state
        infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        deciding = sorted(self._deciding())
        chosen: dict[int, Any] = {
            seat: actions.get(self.possible_agents[seat]) for seat in deciding
        }
        illegal = [seat for seat, a in chosen.items() if not table.legal(seat, a)]
        for seat in illegal:
            table.reject(self.possible_agents[seat], chosen[seat])
            infos[self.possible_agents[seat]]["illegal_action"] = True
        if not illegal and deciding:
            if state.current_player() == SIMULTANEOUS:
                state.apply_actions([int(chosen[seat]) for seat in deciding])
            else:
                state.apply_action(int(chosen[deciding[0]]))
            table.resolve_chance()
        self._steps += 1
        over = state.is_terminal()
        returns = state.returns() if over else [0.0] * len(self.possible_agents)
        cut = not over and table.max_cycles is not None and self._steps >= table.max_cycles
        observations = self._observations()
        rewards = {a: float(returns[table.seat_of[a]]) for a in self.agents}
        terminations = dict.fromkeys(self.agents, over)
        truncations = dict.fromkeys(self.agents, cut)
        if over or cut:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        return self.table.render()

    def close(self) -> None:
        pass

    @property
    def spelbord_state(self) -> State:
        """The Spelbord state being played."""
        return self.table.state


def env(name: str, **kwargs: Any) -> SpelbordAECEnv:
    """An AEC environment of game ``name``; keyword arguments as for ``SpelbordAECEnv``
    (``render_mode``, ``max_cycles``, ``illegal_action``, ``rules_version``) and the
    game's options (``env("omringad", players=4, teams="diagonal")``)."""
    return SpelbordAECEnv(name, **kwargs)


def parallel_env(name: str | None = None, **kwargs: Any) -> SpelbordParallelEnv:
    """A Parallel environment of game ``name`` (default: the first registered game whose
    seats choose at the same time, Gunst); arguments as for ``env``."""
    if name is None:
        from spelbord import games

        name = next(n for n in games.names() if games.info(n).simultaneous)
    return SpelbordParallelEnv(name, **kwargs)
