"""Slag for Islandet's own agents (its ``agents`` extra: importing this registers them): the
scripted plans (``script:PLAN``)."""

from spelbord.ai.islandet import script
from spelbord.ai.scripted import register_plans

register_plans(*script.PLANS)

__all__ = ["script"]
