"""UCT Monte Carlo tree search for perfect-information games.

The root is ``view.resample(rng)``, which for a perfect-information game is the position
itself. Chance nodes are sampled with ``spelbord.core.chance``; simultaneous nodes use
decoupled UCT (each seat picks by its own statistics); every node scores each seat by that
seat's own return, so games with more than two seats work. Rollouts are uniform random,
cut off after ``rollout_cutoff`` steps (default ``DEFAULT_CUTOFF``; ``None``: never) and
scored by the game's ``heuristic_value()`` when it has one.

On a hidden-information game this searches one determinization per move (legal, since it
comes from ``resample``, but weak): use ``ISMCTSAgent`` there.
"""

from __future__ import annotations

from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import Budget, SearchStats
from spelbord.ai.tree import Node, backpropagate, rollout
from spelbord.ai.view import SeatView
from spelbord.core import CHANCE, SIMULTANEOUS, TERMINAL, State, sample_outcome, seeded

DEFAULT_EXPLORATION = 2.0
"""UCB constant for returns in [-1, 1] (OpenSpiel's default)."""

DEFAULT_CUTOFF = 20
"""Random rollout steps before a game's ``heuristic_value()`` scores the position.

Games without a heuristic are played out to the end. Full random playouts of long games
cost too much: in Coerceo (random games run to hundreds of moves) a one-second search with
them managed about 30 iterations for 45 root moves on a busy machine, against about 900
with this cut-off.
"""


def search_name(kind: str, budget: Budget, exploration: float, cutoff: int | None) -> str:
    """The spec naming a search agent, with its options where they differ from the defaults.

    >>> search_name("mcts", Budget(iterations=50), 2.0, None)
    'mcts:50it:cutoff=none'
    """
    name = f"{kind}:{budget}"
    if exploration != DEFAULT_EXPLORATION:
        name += f":c={exploration:g}"
    if cutoff != DEFAULT_CUTOFF:
        name += f":cutoff={'none' if cutoff is None else cutoff}"
    return name


class MCTSAgent(Agent):
    """UCT search within a ``Budget``; plays the most visited root action.

    >>> from spelbord.ai.budget import Budget
    >>> MCTSAgent(Budget(iterations=200), seed=3).name
    'mcts:200it'
    """

    def __init__(
        self,
        budget: Budget,
        seed: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_cutoff: int | None = DEFAULT_CUTOFF,
    ) -> None:
        self.budget = budget
        self.exploration = exploration
        self.rollout_cutoff = rollout_cutoff
        self.name = search_name("mcts", budget, exploration, rollout_cutoff)
        self._rng = seeded(seed)
        self.last_stats: SearchStats | None = None
        """What the last ``step`` spent (``None`` before it, or when it had one choice)."""

    def step(self, view: SeatView) -> int:
        legal = decision_actions(view)
        if len(legal) == 1:
            self.last_stats = None
            return legal[0]
        root_state = view.resample(self._rng)
        root = Node()
        self.last_stats = self.budget.run(lambda: self._iterate(root_state, root))
        return root.best_action(view.seat, legal)

    def _iterate(self, root_state: State, root: Node) -> None:
        rng = self._rng
        state = root_state.clone()
        node = root
        path: list[tuple[Node, list[tuple[int, int]]]] = []
        while True:
            player = state.current_player()
            if player == TERMINAL:
                path.append((node, []))
                values = [float(v) for v in state.returns()]
                break
            choices: list[tuple[int, int]] = []
            if player == CHANCE:
                outcome = sample_outcome(state.chance_outcomes(), rng)
                state.apply_action(outcome)
                key: tuple[int, ...] = (CHANCE, outcome)
            elif player == SIMULTANEOUS:
                joint = [
                    node.choose(seat, state.legal_actions(seat), rng, self.exploration, False)
                    for seat in range(state.num_players())
                ]
                state.apply_actions(joint)
                choices = list(enumerate(joint))
                key = (SIMULTANEOUS, *joint)
            else:
                action = node.choose(player, state.legal_actions(), rng, self.exploration, False)
                state.apply_action(action)
                choices = [(player, action)]
                key = (player, action)
            path.append((node, choices))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = Node()
                path.append((child, []))
                values = rollout(state, rng, self.rollout_cutoff)
                break
            node = child
        backpropagate(path, values)
