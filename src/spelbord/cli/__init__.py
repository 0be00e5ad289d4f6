"""The ``spelbord`` command line: games, play, rules, perft, bench, match, serve.

The entry point is ``spelbord.cli:main``; each command lives in its own module and
imports the optional parts of Spelbord (agents, the lab, the server) only when it runs.
"""

from spelbord.cli.main import build_parser, main

__all__ = ["build_parser", "main"]
