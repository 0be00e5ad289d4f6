"""A PettingZoo loop with action masks on any Spelbord game.

    pip install -e '.[pettingzoo]'
    python examples/pettingzoo_masks.py --game omringad --games 3
    python examples/pettingzoo_masks.py --game gunst --parallel

Every agent picks a random legal action from its observation's ``action_mask`` (the
place to put a learning policy); chance is resolved inside the environment from the
seed. ``--parallel`` runs Gunst's Parallel environment (both seats act in each step).
"""

from __future__ import annotations

import argparse

import numpy as np

from spelbord.interop.pettingzoo import env, parallel_env


def aec_games(game: str, games: int, seed: int, max_cycles: int | None) -> None:
    e = env(game, render_mode="ansi", max_cycles=max_cycles)
    rng = np.random.default_rng(seed)
    for g in range(games):
        e.reset(seed=seed + g)
        steps = 0
        total = dict.fromkeys(e.possible_agents, 0.0)
        for agent in e.agent_iter():
            observation, reward, terminated, truncated, _info = e.last()
            total[agent] += reward
            if terminated or truncated:
                action = None
            else:
                legal = np.flatnonzero(observation["action_mask"])
                action = int(rng.choice(legal))
                steps += 1
            e.step(action)
        print(f"game {g + 1}: {steps} decisions, rewards {total}")
    print(e.render())


def parallel_games(games: int, seed: int) -> None:
    p = parallel_env("gunst")
    rng = np.random.default_rng(seed)
    for g in range(games):
        observations, _infos = p.reset(seed=seed + g)
        total = dict.fromkeys(p.possible_agents, 0.0)
        while p.agents:
            actions = {}
            for agent in p.agents:
                legal = np.flatnonzero(observations[agent]["action_mask"])
                actions[agent] = int(rng.choice(legal)) if len(legal) else 0
            observations, rewards, _terminations, _truncations, _infos = p.step(actions)
            for agent, r in rewards.items():
                total[agent] += r
        print(f"game {g + 1}: returns {total}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="omringad")
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--max-cycles", type=int, default=None)
    parser.add_argument("--parallel", action="store_true", help="Gunst's Parallel environment")
    args = parser.parse_args(argv)
    if args.parallel:
        parallel_games(args.games, args.seed)
    else:
        aec_games(args.game, args.games, args.seed, args.max_cycles)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
