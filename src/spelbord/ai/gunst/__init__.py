"""Gunst's own agents (its ``agents`` extra: importing this registers them): the
equilibrium solver (``gunst-eq``), its best reply (``gunst-br``), SM-MCTS
(``gunst-smmcts``) and the scripted plans (``script:PLAN``)."""

from spelbord.ai.gunst import br, eq, script, smmcts
from spelbord.ai.scripted import register_plans

register_plans(*script.PLANS)

__all__ = ["br", "eq", "script", "smmcts"]
