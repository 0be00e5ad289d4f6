"""``gunst-br``: a best reply by search to the frozen ``gunst-eq`` (its exploitability).

At each Tinge this agent asks the frozen ``gunst-eq`` what mixed selection it would play
from its own seat now (``GunstSolver.tinge_policy``, with its opponent model fitted to what
this agent has revealed), and picks the own selection with the highest expected value
against that mix: every legal selection in season 4, the menu before. Cells are valued
like ``gunst-eq`` values them (the round played out, the chooser's order both ways, the
leaf game at the next season). Single-seat decisions are played as ``gunst-eq`` plays
them. Its winning margin against ``gunst-eq`` estimates how exploitable ``gunst-eq`` is.

``mimic=PLAN`` probes the opponent model: in seasons 1-3 it follows the continuation plan
``PLAN`` (e.g. ``hoard``), so that ``gunst-eq`` comes to expect that plan, and replies
best only in season 4.

>>> make_gunst_br([], seed=1).name
'gunst-br'
"""

from __future__ import annotations

from spelbord.ai.budget import AgentSpecError
from spelbord.ai.gunst.eq import (
    CONTINUATIONS,
    DEFAULT_LAST_SAFETY,
    DEFAULT_SAFETY,
    OWN_LAST_SEASON_CAP,
    GunstSolver,
    safety_value,
    think_value,
)
from spelbord.ai.spec import AgentSpec, agent_kind
from spelbord.ai.view import SeatView
from spelbord.games.gunst.pieces import SEASONS
from spelbord.games.gunst.position import TINGE, Table


class GunstBestReply(GunstSolver):
    """Best reply to ``gunst-eq`` (``target_model``: whether the target models opponents,
    ``target_safety``: its ``safety``)."""

    def __init__(
        self,
        seed: int | None = None,
        target_model: bool = True,
        mimic: str | None = None,
        target_safety: float = DEFAULT_SAFETY,
        target_last_safety: float = DEFAULT_LAST_SAFETY,
        target_think: float = 1.0,
    ) -> None:
        super().__init__(seed, exploit=False)
        self.target_think = target_think
        self.target_model = target_model
        self.target_safety = target_safety
        self.target_last_safety = target_last_safety
        plans = {name: plan for name, plan, _ in CONTINUATIONS}
        if mimic is not None and mimic not in plans:
            raise AgentSpecError(f"unknown plan {mimic!r} to mimic (plans: {', '.join(plans)})")
        self.mimic = plans[mimic] if mimic else None
        self.name = "gunst-br" + ("" if target_model else ":model=off")
        self.name += f":mimic={mimic}" if mimic else ""
        if target_model and target_safety != DEFAULT_SAFETY:
            self.name += f":safety={target_safety:g}"
        if target_model and target_last_safety != DEFAULT_LAST_SAFETY:
            self.name += f":safety4={target_last_safety:g}"
        if target_think != 1.0:
            self.name += f":think={target_think:g}"

    def step(self, view: SeatView) -> int:
        if view.observation()["phase"] != TINGE or len(view.legal_actions()) == 1:
            return super().step(view)
        state = view.resample(self.rng)
        table: Table = state.table  # type: ignore[attr-defined]
        seat = view.seat
        if self.mimic is not None and table.season < SEASONS:
            return self.mimic(table, seat)
        target = GunstSolver(
            seed=0,
            exploit=self.target_model,
            safety=self.target_safety,
            last_safety=self.target_last_safety,
            think=self.target_think,
        )
        target.fit_model(state, seat)
        codes, probs = target.tinge_policy(table, 1 - seat)
        support = [(c, p) for c, p in zip(codes, probs, strict=True) if p > 1e-3]
        total = sum(p for _, p in support)
        self._leaf_cache.clear()
        self._cells = {}
        mine = self._choices(table, seat, OWN_LAST_SEASON_CAP)
        payoff = self.payoff(table, seat, mine, [c for c, _ in support])
        scores = [sum(r[j] * p / total for j, (_, p) in enumerate(support)) for r in payoff]
        best = max(scores)
        self.last_value = best
        return self.rng.choice([a for a, v in zip(mine, scores, strict=True) if v >= best - 1e-9])


def make_gunst_br(parts: list[str], seed: int | None = None) -> GunstBestReply:
    """The agent of a spec's parts after ``gunst-br``: ``model=on|off`` (the target's
    opponent model), ``safety=E`` and ``safety4=E`` (the target's safeties) and
    ``mimic=PLAN``, ``think=F`` (the target's season-4 time factor)."""
    target_model, mimic, safety, last = True, None, DEFAULT_SAFETY, DEFAULT_LAST_SAFETY
    think = 1.0
    for part in parts:
        key, _, value = part.partition("=")
        if key == "think" and value:
            think = think_value(value)
        elif key == "model" and value in ("on", "off"):
            target_model = value == "on"
        elif key == "mimic" and value:
            mimic = value
        elif key == "safety" and value:
            safety = safety_value(key, value)
        elif key == "safety4" and value:
            last = safety_value(key, value)
        else:
            raise AgentSpecError(
                f"bad option {part!r} for gunst-br (options: model=on|off, mimic=PLAN, safety=E, "
                "safety4=E, think=F)"
            )
    return GunstBestReply(seed, target_model, mimic, safety, last, think)


@agent_kind("gunst-br", games=("gunst",))
def gunst_br(spec: AgentSpec, seed: int | None = None) -> GunstBestReply:
    """``gunst-br[:model=on|off][:mimic=PLAN][:safety=E][:safety4=E]`` (``make_gunst_br``)."""
    return make_gunst_br(list(spec.parts), seed)
