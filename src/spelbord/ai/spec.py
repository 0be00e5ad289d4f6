"""Agent specs: the short texts that name an agent (``random``, ``mcts:1s``, ...).

Grammar: ``kind[:budget][:key=value...]``. Kinds: ``random`` (no budget), ``mcts`` and
``ismcts`` (budget ``1s``, ``500ms`` or ``2000it``; default ``1s``). Search options:
``c=<float>`` (UCB exploration constant), ``cutoff=<int>`` (rollout steps before the game's
heuristic, if any, scores the position; default 20) or ``cutoff=none`` (play rollouts out);
``eval=fitted`` scores cut-offs by the game's evaluation fitted to game results instead of
its ``heuristic_value`` (``spelbord.ai.mcts.EVALUATIONS``; Omringad).
``ismcts`` also takes ``dets=<int>`` (at most that many determinizations per step, reused in
turn) and ``history=on`` (draw them with ``resample``: see ``spelbord.ai.ismcts``).
``script:PLAN`` is a scripted plan (``spelbord.ai.scripted``),
``portfolio[:budget][:horizon=H][:model=on|off]`` picks among the scripted plans by
simulating them (``spelbord.ai.portfolio``),
``level:easy|medium|hard|master`` a level resolved per game (``spelbord.ai.levels``).
Gunst only: ``gunst-eq[:model=on|off][:safety=E][:safety4=E]`` (near-equilibrium
matrix-game solving, ``spelbord.ai.gunst.eq``),
``gunst-br[:model=on|off][:mimic=PLAN][:safety=E][:safety4=E]`` (a best reply to it,
``spelbord.ai.gunst.br``), ``gunst-smmcts[:budget][:gamma=G]`` (SM-MCTS with
regret matching, ``spelbord.ai.gunst.smmcts``). ``ab`` is the Coerceo alpha-beta engine
(``ab:1s``, ``ab:200ms``, ``ab:depth=6``; see ``spelbord.ai.coerceo.ab``).

>>> make_agent("mcts:500ms", seed=1).name
'mcts:500ms'
>>> make_agent("ismcts:2000it:cutoff=5:c=1.5").name
'ismcts:2000it:c=1.5:cutoff=5'
>>> isinstance(AgentSpecError("x"), ValueError)
True
>>> make_agent("mcts:fast")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.ai.budget.AgentSpecError: bad budget 'fast': use seconds (1s, 0.5s), ...
"""

from __future__ import annotations

from spelbord.ai.agent import Agent
from spelbord.ai.budget import AgentSpecError, Budget
from spelbord.ai.coerceo.ab import parse_alphabeta
from spelbord.ai.ismcts import ISMCTSAgent
from spelbord.ai.mcts import DEFAULT_CUTOFF, DEFAULT_EXPLORATION, MCTSAgent
from spelbord.ai.random_agent import RandomAgent

KINDS = (
    "random",
    "mcts",
    "ismcts",
    "ab",
    "script",
    "portfolio",
    "level",
    "gunst-eq",
    "gunst-br",
    "gunst-smmcts",
)
DEFAULT_BUDGET = Budget(seconds=1.0)


def make_agent(spec: str, seed: int | None = None) -> Agent:
    """The agent a spec names, seeded with ``seed`` (``None``: unseeded)."""
    if not isinstance(spec, str) or not spec.strip():
        raise AgentSpecError(f"an agent spec is a non-empty text, got {spec!r}")
    kind, *parts = spec.strip().lower().split(":")
    if kind not in KINDS:
        raise AgentSpecError(f"unknown agent {kind!r} in {spec!r} (agents: {', '.join(KINDS)})")
    if kind == "ab":
        return parse_alphabeta(spec, parts, seed)
    if kind == "script":
        from spelbord.ai.scripted import make_plan

        if len(parts) != 1:
            raise AgentSpecError(f"a scripted agent is script:PLAN, got {spec!r}")
        return make_plan(parts[0], seed)
    if kind == "portfolio":
        from spelbord.ai.portfolio import make_portfolio

        return make_portfolio(parts, seed)
    if kind == "level":
        from spelbord.ai.levels import LevelAgent

        if len(parts) != 1:
            raise AgentSpecError(f"a level is level:NAME, got {spec!r}")
        return LevelAgent(parts[0], seed)
    if kind == "gunst-eq":
        from spelbord.ai.gunst.eq import make_gunst_eq

        return make_gunst_eq(parts, seed)
    if kind == "gunst-br":
        from spelbord.ai.gunst.br import make_gunst_br

        return make_gunst_br(parts, seed)
    if kind == "gunst-smmcts":
        from spelbord.ai.gunst.smmcts import make_gunst_smmcts

        return make_gunst_smmcts(parts, seed)
    if kind == "random":
        if parts:
            raise AgentSpecError(f"the random agent takes no budget or options: {spec!r}")
        return RandomAgent(seed)
    budget = DEFAULT_BUDGET
    if parts and "=" not in parts[0]:
        budget = Budget.parse(parts.pop(0))
    exploration = DEFAULT_EXPLORATION
    cutoff: int | None = DEFAULT_CUTOFF
    dets: int | None = None
    history = False
    evaluation: str | None = None
    for part in parts:
        key, sep, value = part.partition("=")
        if not sep:
            raise AgentSpecError(f"expected key=value, got {part!r} in {spec!r}")
        try:
            if key == "c":
                exploration = float(value)
                if not exploration >= 0:
                    raise ValueError(value)
            elif key == "cutoff" and value == "none":
                cutoff = None
            elif key == "cutoff":
                cutoff = int(value)
                if cutoff < 0:
                    raise ValueError(value)
            elif key == "eval":
                evaluation = value
            elif key == "history" and kind == "ismcts":
                if value not in ("on", "off"):
                    raise ValueError(value)
                history = value == "on"
            elif key == "dets" and kind == "ismcts":
                dets = int(value)
                if dets < 1:
                    raise ValueError(value)
            else:
                raise AgentSpecError(
                    f"unknown option {key!r} in {spec!r} "
                    "(options: c, cutoff, eval; ismcts: dets, history)"
                )
        except AgentSpecError:
            raise
        except ValueError:
            raise AgentSpecError(f"bad value {value!r} for {key!r} in {spec!r}") from None
    if kind == "mcts":
        return MCTSAgent(
            budget, seed, exploration=exploration, rollout_cutoff=cutoff, evaluation=evaluation
        )
    return ISMCTSAgent(
        budget,
        seed,
        exploration=exploration,
        rollout_cutoff=cutoff,
        determinizations=dets,
        history=history,
        evaluation=evaluation,
    )
