"""Omringad's own agents: the scripted plans (``script:PLAN``), the portfolio's Omringad
knowledge and the fitter of its evaluation."""
