"""Gunst's own agents: the equilibrium solver (``gunst-eq``), its best reply (``gunst-br``),
SM-MCTS (``gunst-smmcts``) and the scripted plans (``script:PLAN``)."""
