"""Steps per second of random play: natively and through the OpenSpiel and PettingZoo adapters.

Every loop plays whole random games (chance sampled from a seeded ``random.Random``) until
its time is up and counts *steps*: entries of the game's history (a chance event, one
decision, or one joint action at a simultaneous node), so the rates compare directly.
Time is this process's CPU time (``time.process_time``), so that other work on a shared
machine does not skew the ratios between the loops.

- ``native``: ``legal_actions`` and ``apply_action(s)`` on a Spelbord state (what
  ``spelbord bench`` measures);
- ``native+obs``: the same, plus ``observation(seat)`` of the seat that decides (what an
  agent that looks at the game before each move needs);
- ``openspiel``: the same calls on a ``pyspiel`` state of ``spelbord_<game>``;
- ``openspiel+tensor``: plus the tensor of the seat that decides, through OpenSpiel's
  observation API (``make_observation(game).set_from(state, seat)``, a reused numpy
  buffer; ``state.observation_tensor(seat)`` gives the same values as a new Python list,
  as ``pyspiel`` does, which costs a list of floats more per call);
- ``pettingzoo``: the AEC loop ``env.last()`` (observation tensor and action mask), a
  random legal action from the mask, ``env.step``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from spelbord.core.chance import sample_outcome
from spelbord.core.game import CHANCE, SIMULTANEOUS, Game


@dataclass(frozen=True)
class StepRate:
    """Random games played through one API within a time budget."""

    api: str
    games: int
    steps: int
    seconds: float

    @property
    def per_second(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0


def _timed(api: str, play_one: Callable[[], int], seconds: float) -> StepRate:
    games = steps = 0
    start = time.process_time()
    elapsed = 0.0
    while games == 0 or elapsed < seconds:
        steps += play_one()
        games += 1
        elapsed = time.process_time() - start
    return StepRate(api, games, steps, elapsed)


def native(game: Game, seconds: float, seed: int = 0, *, observe: bool = False) -> StepRate:
    """Random games on the Spelbord state itself."""
    rng = random.Random(seed)
    n = game.num_players()

    def play_one() -> int:
        state = game.new_initial_state()
        while not state.is_terminal():
            player = state.current_player()
            if player == CHANCE:
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            elif player == SIMULTANEOUS:
                if observe:
                    for seat in range(n):
                        state.observation(seat)
                state.apply_actions([rng.choice(state.legal_actions(s)) for s in range(n)])
            else:
                if observe:
                    state.observation(player)
                state.apply_action(rng.choice(state.legal_actions()))
        return state.move_number()

    return _timed("native+obs" if observe else "native", play_one, seconds)


def openspiel(game: Game, seconds: float, seed: int = 0, *, tensor: bool = False) -> StepRate:
    """Random games on ``pyspiel`` states of ``spelbord_<game>`` with the same options."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    from spelbord.interop.openspiel import RULES_VERSION, short_name

    params = {**game.options, RULES_VERSION: game.rules_version}
    os_game = pyspiel.load_game(short_name(game.name), params)
    observation = make_observation(os_game, pyspiel.IIGObservationType(perfect_recall=False))
    rng = random.Random(seed)
    n = game.num_players()

    def play_one() -> int:
        state = os_game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample_outcome(state.chance_outcomes(), rng))
            elif state.is_simultaneous_node():
                if tensor:
                    for seat in range(n):
                        observation.set_from(state, seat)
                state.apply_actions([rng.choice(state.legal_actions(s)) for s in range(n)])
            else:
                if tensor:
                    observation.set_from(state, state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps

    return _timed("openspiel+tensor" if tensor else "openspiel", play_one, seconds)


def pettingzoo(game: Game, seconds: float, seed: int = 0) -> StepRate:
    """Random games through the AEC environment, choosing from the action mask."""
    from spelbord.interop.pettingzoo import SpelbordAECEnv

    env = SpelbordAECEnv(game.name, rules_version=game.rules_version, **game.options)
    rng = random.Random(seed)
    first = [seed]

    def play_one() -> int:
        env.reset(seed=first.pop() if first else None)
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
            else:
                legal = obs["action_mask"].nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
        return env.spelbord_state.move_number()

    return _timed("pettingzoo", play_one, seconds)


LOOPS: dict[str, Callable[[Game, float, int], StepRate]] = {
    "native": native,
    "native+obs": lambda game, seconds, seed: native(game, seconds, seed, observe=True),
    "openspiel": openspiel,
    "openspiel+tensor": lambda game, seconds, seed: openspiel(game, seconds, seed, tensor=True),
    "pettingzoo": pettingzoo,
}


def compare(game: Game, seconds: float, seed: int = 0, rounds: int = 3) -> list[StepRate]:
    """Every loop above on ``game`` for about ``seconds`` each, interleaved in ``rounds``
    (so that a busy machine slows them alike); the totals per loop."""
    totals = {api: StepRate(api, 0, 0, 0.0) for api in LOOPS}
    for r in range(rounds):
        for api, loop in LOOPS.items():
            rate = loop(game, seconds / rounds, seed + r)
            done = totals[api]
            totals[api] = StepRate(
                api, done.games + rate.games, done.steps + rate.steps, done.seconds + rate.seconds
            )
    return list(totals.values())
