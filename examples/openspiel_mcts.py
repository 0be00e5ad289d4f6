"""OpenSpiel's MCTS bot plays Coerceo through the Spelbord adapter.

    pip install -e '.[openspiel]'
    python examples/openspiel_mcts.py --variant ocius --simulations 200

Loads ``spelbord_coerceo`` with ``pyspiel.load_game``, lets OpenSpiel's MCTS (random
rollouts) play the white pieces against a uniformly random player, and prints the moves
and the result. ``--max-moves`` stops early (the game is then unfinished).
"""

from __future__ import annotations

import argparse
import random

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import spelbord.interop.openspiel  # noqa: F401  (registers spelbord_<game> with pyspiel)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="ocius", choices=("laurentius", "ocius"))
    parser.add_argument("--simulations", type=int, default=200)
    parser.add_argument("--max-moves", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)

    game = pyspiel.load_game("spelbord_coerceo", {"variant": args.variant})
    rng = np.random.RandomState(args.seed)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=args.simulations,
        evaluator=mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng),
        random_state=rng,
    )
    opponent = random.Random(args.seed)
    state = game.new_initial_state()
    while not state.is_terminal() and state.move_number() < args.max_moves:
        player = state.current_player()
        if player == 0:
            action = bot.step(state)
        else:
            action = opponent.choice(state.legal_actions())
        print(
            f"{state.move_number() + 1:>3}. {'MCTS  ' if player == 0 else 'random'} "
            f"{state.action_to_string(player, action)}"
        )
        state.apply_action(action)
    if state.is_terminal():
        print(f"result: {state.returns()} (MCTS played seat 0)")
    else:
        print(f"stopped after {state.move_number()} moves (--max-moves)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
