"""Restricted play: an agent barred from one of the game's choices.

The seat spec ``without:CHOICE:SPEC`` is the agent ``SPEC`` that never takes an action
the game's choice ``CHOICE`` covers (``LabData.choices``: a match on
``State.action_to_dict``), unless every legal action is covered (the rules force it: it
then plays as ``SPEC`` would). Against ``SPEC`` unrestricted, the score it loses is what
the choice is worth (the study kind ``choices``).

The bar holds at the agent's own decisions: it sees only the permitted actions, and when
its search still prefers a barred one (a search may look through its own view of the
rules) a permitted action is played instead, at random (seeded), and counted as an
override. What it imagines in its look-ahead is not restricted.

>>> spec = RestrictedSpec.parse("without:exchange:mcts:200it")
>>> spec.choice, spec.inner, spec.text()
('exchange', 'mcts:200it', 'without:exchange:mcts:200it')
>>> RestrictedSpec.parse("mcts:200it") is None
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from spelbord.ai import Agent, SeatView
from spelbord.core import seeded
from spelbord.lab.gamedata import ActionMatch, LabDataError, lab_data

PREFIX = "without"
Describe = Callable[[Any, int, int], Mapping[str, Any]]
"""A game's extra fields of an action for matching (``LabData.describer``)."""


@dataclass(frozen=True)
class RestrictedSpec:
    """``without:CHOICE:SPEC``: the agent ``inner`` barred from ``choice``."""

    choice: str
    inner: str

    def text(self) -> str:
        return f"{PREFIX}:{self.choice}:{self.inner}"

    @classmethod
    def parse(cls, spec: str) -> RestrictedSpec | None:
        """The restriction ``spec`` names, or ``None`` for a plain agent spec."""
        head, sep, rest = spec.partition(":")
        if head.strip().lower() != PREFIX:
            return None
        choice, sep, inner = rest.partition(":")
        if not sep or not choice or not inner:
            raise LabDataError(f"a restricted agent is without:CHOICE:SPEC, got {spec!r}")
        return cls(choice, inner)


class RestrictedView(SeatView):
    """A seat's view whose legal actions leave out the barred ones (when any remain)."""

    __slots__ = ("_describe", "_match")

    def __init__(
        self, view: SeatView, match: ActionMatch, describe: Describe | None = None
    ) -> None:
        super().__init__(view._state, view.seat)
        self._match = match
        self._describe = describe

    def barred(self) -> tuple[list[int], list[int]]:
        """``(permitted, barred)`` among this seat's legal actions now."""
        permitted: list[int] = []
        barred: list[int] = []
        for action in super().legal_actions():
            described = self._state.action_to_dict(action, self.seat)
            if self._describe is not None:
                described = {**described, **self._describe(self._state, action, self.seat)}
            (barred if self._match.matches(described) else permitted).append(action)
        return permitted, barred

    def legal_actions(self) -> list[int]:
        permitted, barred = self.barred()
        return permitted or barred


class RestrictedAgent(Agent):
    """``inner`` barred from the actions ``match`` covers; counts what the bar did.

    ``chances``: decisions where a barred action was legal and another was not;
    ``forced``: decisions where only barred actions were legal; ``overrides``: times
    ``inner`` still chose a barred action and a permitted one was played instead.
    """

    def __init__(
        self,
        inner: Agent,
        choice: str,
        match: ActionMatch,
        seed: int | None,
        describe: Describe | None = None,
    ) -> None:
        self.inner = inner
        self.choice = choice
        self.match = match
        self.describe = describe
        self.name = f"{PREFIX}:{choice}:{inner.name}"
        self._rng: random.Random = seeded(seed)
        self.chances = 0
        self.forced = 0
        self.overrides = 0

    def step(self, view: SeatView) -> int:
        restricted = RestrictedView(view, self.match, self.describe)
        permitted, barred = restricted.barred()
        if not permitted:
            self.forced += 1 if barred else 0
            return self.inner.step(view)
        if barred:
            self.chances += 1
        choice = self.inner.step(restricted)
        if choice not in permitted:
            self.overrides += 1
            choice = self._rng.choice(permitted)
        return choice

    def counts(self) -> dict[str, int]:
        return {"chances": self.chances, "forced": self.forced, "overrides": self.overrides}


def make_seat_agent(spec: str, game: str, seed: int | None = None) -> Agent:
    """The agent a lab seat spec names: ``without:CHOICE:SPEC`` or any agent spec."""
    from spelbord.ai import make_agent

    restricted = RestrictedSpec.parse(spec)
    if restricted is None:
        return make_agent(spec, seed, game=game)
    data = lab_data(game)
    choice = data.choice(restricted.choice)
    inner_seed = None if seed is None else random.Random(seed).getrandbits(63)
    inner = make_agent(restricted.inner, inner_seed, game=game)
    return RestrictedAgent(inner, choice.name, choice.match, seed, data.describer())


def counts_of(agent: Any) -> dict[str, int] | None:
    """The restriction counts of ``agent`` (``None`` for an unrestricted agent)."""
    return agent.counts() if isinstance(agent, RestrictedAgent) else None
