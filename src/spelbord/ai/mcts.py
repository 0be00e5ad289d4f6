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

from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import ClassVar

from spelbord.ai.agent import Agent, decision_actions
from spelbord.ai.budget import AgentSpecError, Budget, SearchStats
from spelbord.ai.spec import AgentGameError, AgentSpec, agent_kind
from spelbord.ai.tree import ChanceKey, Node, Value, iterate
from spelbord.ai.view import SeatView
from spelbord.core import CHANCE, State, seeded
from spelbord.core.extras import NoExtraError

DEFAULT_EXPLORATION = 2.0
"""UCB constant for returns in [-1, 1] (OpenSpiel's default)."""

DEFAULT_CUTOFF = 20
"""Random rollout steps before a game's ``heuristic_value()`` scores the position.

Games without a heuristic are played out to the end. Full random playouts of long games
cost too much: in Coerceo (random games run to hundreds of moves) a one-second search with
them managed about 30 iterations for 45 root moves on a busy machine, against about 900
with this cut-off.
"""


DEFAULT_BUDGET = Budget(seconds=1.0)
MAX_EXPLORATION = 100.0
"""The largest UCB constant a spec may ask for (``c=``)."""
MAX_CUTOFF = 10_000
"""The most rollout steps before the cut-off a spec may ask for (``cutoff=``)."""


def evaluations() -> list[str]:
    """The names of the cut-off evaluations some registered game declares (its
    ``evaluations`` extra), which a search may use instead of the game's
    ``heuristic_value`` (spec option ``eval=NAME``).

    >>> "fitted" in evaluations()
    True
    """
    from spelbord import games

    return sorted({name for g in games.names() for name in games.extras(g).evaluations})


def evaluation(name: str, game: str) -> Value:
    """The evaluation ``name`` of ``game`` (``AgentSpecError`` if it has none).

    >>> evaluation("fitted", "omringad").__name__
    'fitted_value'
    """
    from spelbord import games

    try:
        found: Value = games.evaluation(game, name)
    except NoExtraError:
        raise AgentSpecError(f"no evaluation {name!r} for {game!r}") from None
    return found


@dataclass(frozen=True)
class SearchOptions:
    """What an ``mcts`` or ``ismcts`` spec asks for: its budget, exploration constant,
    rollout cut-off (``None``: play rollouts out), cut-off evaluation and the options only
    its kind knows (``rest``)."""

    budget: Budget = DEFAULT_BUDGET
    exploration: float = DEFAULT_EXPLORATION
    cutoff: int | None = DEFAULT_CUTOFF
    evaluation: str | None = None
    rest: dict[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, spec: AgentSpec, own: tuple[str, ...] = ()) -> SearchOptions:
        """Read ``spec``'s options; ``own`` are the keys its kind reads itself."""
        budget = spec.head_budget(DEFAULT_BUDGET)
        exploration = DEFAULT_EXPLORATION
        cutoff: int | None = DEFAULT_CUTOFF
        evaluation: str | None = None
        rest: dict[str, str] = {}
        for key, value in spec.options:
            try:
                if key == "c":
                    exploration = float(value)
                    if not 0 <= exploration <= MAX_EXPLORATION:
                        raise ValueError(value)
                elif key == "cutoff" and value == "none":
                    cutoff = None
                elif key == "cutoff":
                    cutoff = int(value)
                    if not 0 <= cutoff <= MAX_CUTOFF:
                        raise ValueError(value)
                elif key == "eval":
                    evaluation = value
                elif key in own:
                    rest[key] = value
                else:
                    raise AgentSpecError(
                        f"unknown option {key!r} in {str(spec)!r} "
                        "(options: c, cutoff, eval; ismcts: dets, history)"
                    )
            except AgentSpecError:
                raise
            except ValueError:
                raise AgentSpecError(f"bad value {value!r} for {key!r} in {str(spec)!r}") from None
        return cls(budget, exploration, cutoff, evaluation, rest)


def check_evaluation(spec: AgentSpec, game: str) -> None:
    """``AgentGameError`` when ``spec`` asks for a cut-off evaluation ``game`` lacks."""
    from spelbord import games

    name = spec.option("eval")
    if name is not None and name not in games.extras(game).evaluations:
        raise AgentGameError(f"{game} has no evaluation {name!r} for {spec.kind}")


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


class SearchAgent(Agent):
    """A tree search within a ``Budget`` that plays the most visited root action.

    A subclass names its ``kind`` (the spec's prefix) and gives ``_search``: what one
    iteration of a step does. Both repeat ``spelbord.ai.tree.iterate``.
    """

    kind: ClassVar[str]

    def __init__(
        self,
        budget: Budget,
        seed: int | None = None,
        exploration: float = DEFAULT_EXPLORATION,
        rollout_cutoff: int | None = DEFAULT_CUTOFF,
        evaluation: str | None = None,
    ) -> None:
        if evaluation is not None and evaluation not in evaluations():
            raise AgentSpecError(
                f"unknown evaluation {evaluation!r} (evaluations: {', '.join(evaluations())})"
            )
        self.budget = budget
        self.exploration = exploration
        self.rollout_cutoff = rollout_cutoff
        self.name = search_name(self.kind, budget, exploration, rollout_cutoff)
        self.evaluation = evaluation
        """The cut-off evaluation's name (``EVALUATIONS``), ``None``: the game's own."""
        if evaluation is not None:
            self.name += f":eval={evaluation}"
        self._value: Value | None = None
        self._rng = seeded(seed)
        self.last_stats: SearchStats | None = None
        """What the last ``step`` spent (``None`` before it, or when it had one choice)."""

    def step(self, view: SeatView) -> int:
        legal = decision_actions(view)
        if len(legal) == 1:
            self.last_stats = None
            return legal[0]
        root = Node()
        if self.evaluation is not None:
            self._value = evaluation(self.evaluation, view.game.name)
        self.last_stats = self.budget.run(self._search(view, root))
        return root.best_action(view.seat, legal)

    @abstractmethod
    def _search(self, view: SeatView, root: Node) -> Callable[[], None]:
        """The iteration of one step: each call searches once more from ``root``."""

    def _iterate(
        self,
        root: Node,
        state: State,
        availability: bool,
        chance_key: ChanceKey,
        same_state: bool = False,
    ) -> None:
        """One ``iterate`` from ``root`` on ``state`` with this agent's options."""
        iterate(
            root,
            state,
            self._rng,
            exploration=self.exploration,
            availability=availability,
            cutoff=self.rollout_cutoff,
            chance_key=chance_key,
            value=self._value,
            same_state=same_state,
        )


class MCTSAgent(SearchAgent):
    """UCT search within a ``Budget``; plays the most visited root action.

    >>> from spelbord.ai.budget import Budget
    >>> MCTSAgent(Budget(iterations=200), seed=3).name
    'mcts:200it'
    """

    kind = "mcts"

    def _search(self, view: SeatView, root: Node) -> Callable[[], None]:
        """Resample once (the position itself in a perfect-information game), search copies."""
        root_state = view.resample(self._rng)
        return lambda: self._iterate(root, root_state.clone(), False, _outcome_key, True)


@agent_kind("mcts", check=check_evaluation, searches=True)
def make_mcts(spec: AgentSpec, seed: int | None = None) -> MCTSAgent:
    """``mcts[:budget][:c=C][:cutoff=N|none][:eval=NAME]`` (budget default ``1s``)."""
    found = SearchOptions.of(spec)
    return MCTSAgent(
        found.budget,
        seed,
        exploration=found.exploration,
        rollout_cutoff=found.cutoff,
        evaluation=found.evaluation,
    )


def _outcome_key(state: State, outcome: int) -> tuple[int, int]:
    """A chance event's child in a perfect-information tree: the outcome itself."""
    return (CHANCE, outcome)
