"""Omringad's own agents (its ``agents`` extra: importing this registers them): the
scripted plans (``script:PLAN``; the portfolio's variants too, unlisted) and what the
portfolio agent knows of Omringad (``portfolio``: its default plan, the variants it may
follow and its opponent model); beside them the fitter of the game's evaluation (``fit``,
the game's ``tuner`` extra)."""

from spelbord.ai.omringad import portfolio, script
from spelbord.ai.scripted import register_plans

register_plans(*script.PLANS, *script.HELD_OUT)
register_plans(*script.VARIANT_PLANS, listed=False)

__all__ = ["portfolio", "script"]
