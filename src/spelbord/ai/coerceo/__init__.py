"""Coerceo's own agents (its ``agents`` extra: importing this registers them): the
alpha-beta engine (``ab``) and the scripted plan (``script:PLAN``); beside them the
tuner of the engine's weights (``tune``, the game's ``tuner`` extra)."""

from spelbord.ai.coerceo import ab, script
from spelbord.ai.scripted import register_plans

register_plans(*script.PLANS)

__all__ = ["ab", "script"]
