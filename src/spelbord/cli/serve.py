"""``spelbord serve``: start the game table (``spelbord.server.main.serve``).

Examples::

    spelbord serve                                   http://127.0.0.1:8000, SQLite in var/
    spelbord serve --host 0.0.0.0 --port 8080        reachable from the network
    spelbord serve --database-url postgresql+psycopg://user:pw@localhost/spelbord
    SPELBORD_REDIS_URL=redis://localhost:6379/0 spelbord serve --port 8001 --workers 0
                                                     one of several web processes

Without --database-url the server uses $SPELBORD_DATABASE_URL, else a SQLite file
var/spelbord.sqlite3 under the checkout (its path is printed at start). With
$SPELBORD_REDIS_URL any number of `spelbord serve` processes on one PostgreSQL serve any
table (docs/deploy.md). An unreachable database or Redis is named and the exit code is 1.
"""

from __future__ import annotations

import argparse
from typing import Any

from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError, examples, missing_part

EXAMPLES = examples(__doc__)


def add_parser(sub: Any) -> None:
    """Register the ``serve`` subcommand."""
    parser = sub.add_parser(
        "serve",
        help="start the web game table",
        description="Start the web game table: lobby, live play, replays.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--host", default="127.0.0.1", help="address to listen on")
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    parser.add_argument("--database-url", default=None, help="SQLAlchemy database URL")
    parser.add_argument(
        "--workers",
        type=int,
        default=None,
        help="agent processes of the worker inside this process (default 2; 0: none, "
        "`spelbord worker` processes do the AI moves and analyses)",
    )
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        raise CliError(f"--port must be 0-65535, got {args.port}", EXIT_USAGE)
    if args.workers is not None and not 0 <= args.workers <= 64:
        raise CliError(f"--workers must be 0-64, got {args.workers}", EXIT_USAGE)
    try:
        from spelbord.server.main import StartError, serve
    except ModuleNotFoundError as exc:
        raise missing_part(exc, "spelbord.server.main", "`spelbord serve`", "server") from None
    try:
        serve(args.host, args.port, args.database_url, args.workers)
    except StartError as exc:
        raise CliError(str(exc)) from None
    return EXIT_OK
