"""Coerceo's own agents: the alpha-beta engine (``ab``), the scripted plan (``script:PLAN``)
and the tuner of the engine's weights."""
