"""Which plan beats which: the dominance graph of a round robin, cycles included.

Every pair of agents that met gets its score (pairwise, ``skill.pairwise``: a game scores
1 for the seat with the higher return, 1/2 for equal returns) with a 95% interval. An
arrow ``a -> b`` means ``a`` beats ``b``: drawn solid when the interval lies above 1/2,
dashed when ``a`` merely scored more. A **circle** (``a`` beats ``b`` beats ``c`` beats
``a``, each clearly) means no plan is best: strongly connected groups of the clear arrows
(``scipy.sparse.csgraph``), each shown as one cycle through it.

>>> games = [("a", "b", 1.0)] * 9 + [("a", "b", 0.0)] + [("b", "c", 1.0)] * 10 \\
...     + [("c", "a", 1.0)] * 10
>>> graph = dominance(games, ["a", "b", "c"])
>>> sorted((e.winner, e.loser, e.clear) for e in graph.edges)
[('a', 'b', True), ('b', 'c', True), ('c', 'a', True)]
>>> graph.cycles
[['a', 'b', 'c']]
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from spelbord.lab.metrics import score_interval


@dataclass(frozen=True)
class Edge:
    """``winner`` scored ``score`` [low, high] against ``loser`` over ``games`` games."""

    winner: str
    loser: str
    games: int
    score: float
    low: float
    high: float

    @property
    def clear(self) -> bool:
        """Whether the interval lies above 1/2."""
        return not math.isnan(self.low) and self.low > 0.5

    def to_dict(self) -> dict[str, Any]:
        return {
            "winner": self.winner,
            "loser": self.loser,
            "games": self.games,
            "score": round(self.score, 4),
            "low": round(self.low, 4),
            "high": round(self.high, 4),
            "clear": self.clear,
        }


@dataclass(frozen=True)
class Dominance:
    """The agents, who beats whom, and the circles among the clear arrows."""

    agents: list[str]
    edges: list[Edge]
    cycles: list[list[str]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "agents": list(self.agents),
            "edges": [e.to_dict() for e in self.edges],
            "cycles": [list(c) for c in self.cycles],
        }


def dominance(games: Sequence[tuple[str, str, float]], agents: Sequence[str]) -> Dominance:
    """The dominance graph of pairwise ``games`` (``(a, b, score of a)``) among ``agents``."""
    index = {a: i for i, a in enumerate(agents)}
    by_pair: dict[tuple[int, int], list[float]] = {}
    for a, b, s in games:
        if a not in index or b not in index or a == b:
            continue
        i, j = index[a], index[b]
        if i < j:
            by_pair.setdefault((i, j), []).append(s)
        else:
            by_pair.setdefault((j, i), []).append(1.0 - s)
    edges = []
    for (i, j), scores in sorted(by_pair.items()):
        score, low, high = score_interval(np.array(scores))
        if score > 0.5:
            edges.append(Edge(agents[i], agents[j], len(scores), score, low, high))
        elif score < 0.5:
            edges.append(Edge(agents[j], agents[i], len(scores), 1 - score, 1 - high, 1 - low))
    return Dominance(list(agents), edges, cycles(list(agents), [e for e in edges if e.clear]))


def cycles(agents: list[str], edges: Sequence[Edge]) -> list[list[str]]:
    """One cycle through each strongly connected group (of two or more) of ``edges``."""
    from scipy.sparse import csr_matrix
    from scipy.sparse.csgraph import connected_components

    if not edges:
        return []
    index = {a: i for i, a in enumerate(agents)}
    n = len(agents)
    matrix = np.zeros((n, n))
    for e in edges:
        matrix[index[e.winner], index[e.loser]] = 1
    count, labels = connected_components(csr_matrix(matrix), directed=True, connection="strong")
    out = []
    for group in range(count):
        members = [i for i in range(n) if labels[i] == group]
        if len(members) < 2:
            continue
        out.append([agents[i] for i in _cycle(matrix, members)])
    return out


def _cycle(matrix: np.ndarray, members: list[int]) -> list[int]:
    """A cycle through the first member of a strongly connected group (breadth first back
    to it, so the shortest such cycle)."""
    start = members[0]
    allowed = set(members)
    parent: dict[int, int] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for node in frontier:
            for to in sorted(int(j) for j in np.flatnonzero(matrix[node])):
                if to not in allowed:
                    continue
                if to == start:
                    path = [node]
                    while path[-1] != start:
                        path.append(parent[path[-1]])
                    return path[::-1]
                if to not in parent:
                    parent[to] = node
                    nxt.append(to)
        frontier = nxt
    return [start]


def draw(graph: Dominance, path: Any, title: str | None = None) -> None:
    """The graph as a figure: agents on a circle, arrows from winner to loser (solid:
    clear; dashed: not clear), the width growing with the score; cycles in red. ``title``
    ``""`` draws none (a report's caption says it in the reader's language)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    n = len(graph.agents)
    angles = [math.pi / 2 - 2 * math.pi * k / n for k in range(n)]
    where = {a: (math.cos(t), math.sin(t)) for a, t in zip(graph.agents, angles, strict=True)}
    in_cycle = {(c[k], c[(k + 1) % len(c)]) for c in graph.cycles for k in range(len(c))}
    fig, ax = plt.subplots(figsize=(6.4, 6.4))
    for e in graph.edges:
        (x0, y0), (x1, y1) = where[e.winner], where[e.loser]
        colour = "#c0392b" if (e.winner, e.loser) in in_cycle else "#34495e"
        ax.annotate(
            "",
            xy=(x1, y1),
            xytext=(x0, y0),
            arrowprops={
                "arrowstyle": "-|>",
                "color": colour if e.clear else "#95a5a6",
                "linestyle": "-" if e.clear else "--",
                "linewidth": 0.8 + 5 * max(0.0, e.score - 0.5),
                "shrinkA": 26,
                "shrinkB": 26,
                "mutation_scale": 16,
                "connectionstyle": "arc3,rad=0.08",
            },
        )
        mx, my = x0 + 0.38 * (x1 - x0), y0 + 0.38 * (y1 - y0)  # nearer the winner
        label = {"boxstyle": "round,pad=0.15", "fc": "white", "ec": "none", "alpha": 0.8}
        ax.text(mx, my, f"{e.score * 100:.0f}%", fontsize=7, ha="center", va="center",
                color=colour if e.clear else "#7f8c8d", bbox=label)  # fmt: skip
    for agent, (x, y) in where.items():
        ax.text(x, y, agent.replace(":", ":\n", 1), ha="center", va="center", fontsize=8,
                bbox={"boxstyle": "round,pad=0.4", "fc": "#fdf2d0", "ec": "#b8860b"})  # fmt: skip
    ax.set_xlim(-1.45, 1.45)
    ax.set_ylim(-1.35, 1.35)
    ax.set_aspect("equal")
    ax.axis("off")
    if title is None:
        title = "Who beats whom (arrow: winner → loser; red: a circle)"
    if title:
        ax.set_title(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    fig.savefig(str(path).replace(".png", ".svg"))
    plt.close(fig)
