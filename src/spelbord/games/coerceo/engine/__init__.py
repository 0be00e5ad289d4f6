"""Coerceo's engine, built on the rules: the cores (``cores``: the C extension ``_ccore``
and its line-for-line Python twin ``pysearch``), the search and its evaluation (``search``,
``evaluation``, ``weights``), the endgame tables (``tablebase``), move counting (``perft``),
the engine's levels (``levels``) and the benchmark rows (``bench``).

Nothing here is imported by the package's face but ``evaluation`` and ``perft``, which the
state uses and which load the cores only when asked to count with them.
"""
