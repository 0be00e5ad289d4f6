"""The search tree shared by MCTS and IS-MCTS: nodes, per-seat edge statistics, UCB.

Every node keeps, per acting seat, one ``Edge`` per action that seat has tried there, with
that seat's own returns summed. A single-seat node has one seat's edges; a simultaneous
node has every seat's (decoupled UCT: each seat picks by its own statistics). Returns are
the game's per-seat returns, so any number of seats works.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable

from spelbord.core import CHANCE, SIMULTANEOUS, TERMINAL, State, random_step, sample_outcome

ChanceKey = Callable[[State, int], Hashable]
"""The child key of a chance event, from the state after it and the outcome drawn."""

Value = Callable[[State], "list[float] | None"]
"""A cut-off evaluation: per seat in [-1, 1], or ``None`` for none (``heuristic_value``)."""


class Edge:
    """Statistics of one (seat, action) at one node."""

    __slots__ = ("available", "total", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Node:
    """One node of the tree: per-seat edges and the children reached through them."""

    __slots__ = ("children", "edges", "legal", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.edges: dict[int, dict[int, Edge]] = {}
        self.children: dict[Hashable, Node] = {}
        self.legal: dict[int, list[int]] | None = None
        """Each seat's legal actions, kept when every visit is the same position (made at
        the first such visit: IS-MCTS's nodes never carry one)."""

    def legal_actions(self, state: State, seat: int, same_state: bool) -> list[int]:
        """``seat``'s legal actions in ``state`` (at this node).

        With ``same_state`` (every visit of this node is the same position, as in MCTS on
        one determinization) they are generated once and kept; IS-MCTS meets a different
        determinization at every visit and generates them each time.
        """
        if not same_state:
            return state.legal_actions(seat)
        if self.legal is None:
            self.legal = {}
        legal = self.legal.get(seat)
        if legal is None:
            legal = self.legal[seat] = state.legal_actions(seat)
        return legal

    def choose(
        self,
        seat: int,
        legal: list[int],
        rng: random.Random,
        exploration: float,
        availability: bool,
    ) -> int:
        """The action ``seat`` takes here: an untried legal one first, else the UCB best.

        With ``availability`` (IS-MCTS), every tried legal action counts one more time it
        was available and UCB uses that count instead of the node's visits, since the
        legal actions change between determinizations.
        """
        edges = self.edges.setdefault(seat, {})
        if availability:
            for action in legal:
                edge = edges.get(action)
                if edge is not None:
                    edge.available += 1
        untried = [a for a in legal if a not in edges]
        if untried:
            action = rng.choice(untried)
            edge = edges[action] = Edge()
            edge.available = 1
            return action
        log_parent = math.log(max(self.visits, 1))
        best_score = -math.inf
        best: list[int] = []
        log, sqrt = math.log, math.sqrt
        for action in legal:
            edge = edges[action]
            visits = edge.visits  # at least 1: every tried edge was backed up
            log_n = log(edge.available) if availability else log_parent
            score = edge.total / visits + exploration * sqrt(log_n / visits)
            if score > best_score:
                best_score = score
                best = [action]
            elif score == best_score:
                best.append(action)
        return best[0] if len(best) == 1 else rng.choice(best)

    def best_action(self, seat: int, legal: list[int]) -> int:
        """The most visited of ``legal`` for ``seat`` (ties: higher mean, then lower id)."""
        edges = self.edges.get(seat, {})

        def key(action: int) -> tuple[int, float, int]:
            edge = edges.get(action)
            if edge is None:
                return (0, -math.inf, -action)
            return (edge.visits, edge.mean(), -action)

        return max(legal, key=key)


def backpropagate(path: list[tuple[Node, list[tuple[int, int]]]], values: list[float]) -> None:
    """Add one visit and ``values`` (per seat) along ``path`` of (node, [(seat, action)])."""
    for node, choices in path:
        node.visits += 1
        for seat, action in choices:
            edge = node.edges[seat][action]
            edge.visits += 1
            edge.total += values[seat]


def rollout(
    state: State, rng: random.Random, cutoff: int | None, value: Value | None = None
) -> list[float]:
    """Play ``state`` on at random and return the per-seat values.

    With ``cutoff``, stop after that many steps and use ``value`` (default: the game's
    ``heuristic_value()``) when it gives one (else the game is played to the end).
    """
    steps = 0
    while not state.is_terminal():
        if cutoff is not None and steps >= cutoff:
            estimate = state.heuristic_value() if value is None else value(state)
            if estimate is not None:
                return [float(v) for v in estimate]
            cutoff = None
        random_step(state, rng)
        steps += 1
    return [float(v) for v in state.returns()]


def iterate(
    root: Node,
    state: State,
    rng: random.Random,
    *,
    exploration: float,
    availability: bool,
    cutoff: int | None,
    chance_key: ChanceKey,
    value: Value | None = None,
    same_state: bool = False,
) -> None:
    """One search iteration from ``root`` on ``state`` (a copy it may change).

    Select by UCB down the tree (sampling chance events, decoupled at simultaneous nodes),
    add the first new node met, score it by a ``rollout`` (or the returns at the end of the
    game) and ``backpropagate``. ``availability`` is passed on to ``Node.choose``;
    ``chance_key`` names a chance event's child: MCTS keys it by the outcome, IS-MCTS by
    what the searching seat observes after it. ``value`` scores a cut-off rollout.
    ``same_state`` says every iteration starts from the same position and chance children
    are keyed by outcome, so a node is always the same position and keeps its legal
    actions (``Node.legal_actions``). Actions come from the state's own lists and are
    applied unchecked (``State.apply_legal_action``).
    """
    node = root
    path: list[tuple[Node, list[tuple[int, int]]]] = []
    while True:
        player = state.current_player()
        if player == TERMINAL:
            path.append((node, []))
            values = [float(v) for v in state.returns()]
            break
        choices: list[tuple[int, int]] = []
        key: Hashable
        if player == CHANCE:
            outcome = sample_outcome(state.chance_outcomes(), rng)
            state.apply_legal_action(outcome)
            key = chance_key(state, outcome)
        elif player == SIMULTANEOUS:
            joint = [
                node.choose(
                    seat,
                    node.legal_actions(state, seat, same_state),
                    rng,
                    exploration,
                    availability,
                )
                for seat in range(state.num_players())
            ]
            state.apply_legal_actions(joint)
            choices = list(enumerate(joint))
            key = (SIMULTANEOUS, *joint)
        else:
            legal = node.legal_actions(state, player, same_state)
            action = node.choose(player, legal, rng, exploration, availability)
            state.apply_legal_action(action)
            choices = [(player, action)]
            key = (player, action)
        path.append((node, choices))
        child = node.children.get(key)
        if child is None:
            child = node.children[key] = Node()
            path.append((child, []))
            values = rollout(state, rng, cutoff, value)
            break
        node = child
    backpropagate(path, values)
