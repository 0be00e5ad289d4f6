"""Slag for Islandet's own agents: the scripted plans (``script:PLAN``)."""
