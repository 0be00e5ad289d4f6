"""Omringad's engine, built on the rules: the heuristic evaluation (``evaluation``), its
fitted weights (``fitted``, the measured weights in ``fitted.json`` as data), the exact
battle odds (``odds``) and dealing a position again for search (``determinize``)."""
