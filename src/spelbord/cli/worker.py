"""``spelbord worker``: run AI moves and analyses for the web processes (the worker tier).

Examples::

    SPELBORD_DATABASE_URL=postgresql+psycopg://spelbord:pw@db/spelbord \\
    SPELBORD_REDIS_URL=redis://db:6379/0 spelbord worker --processes 4

The worker takes jobs from the queue in the database (the same SPELBORD_DATABASE_URL as
the web processes) and is woken by Redis when one is queued (without SPELBORD_REDIS_URL
it looks every second). SIGTERM puts its jobs back in line; kill -9 leaves them to the
other workers once their leases run out. Exit codes: 0 stopped, 1 the database or Redis
cannot be reached (the message says which), 2 bad command line.
"""

from __future__ import annotations

import argparse
import asyncio
import os
from typing import Any

from spelbord.cli.common import EXIT_OK, EXIT_USAGE, CliError, examples, missing_part

EXAMPLES = examples(__doc__)


def add_parser(sub: Any) -> None:
    """Register the ``worker`` subcommand."""
    parser = sub.add_parser(
        "worker",
        help="run AI moves and analyses for the web game table",
        description="A worker of the job queue: AI moves and analyses, on any machine.",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--processes", type=int, default=2, help="agent processes (jobs at once; default 2)"
    )
    parser.add_argument("--database-url", default=None, help="SQLAlchemy database URL")
    parser.add_argument("--redis-url", default=None, help="Redis URL (default $SPELBORD_REDIS_URL)")
    parser.add_argument("--name", default=None, help="this worker's name (default host:pid)")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if not 1 <= args.processes <= 64:
        raise CliError(f"--processes must be 1-64, got {args.processes}", EXIT_USAGE)
    if args.name is not None and not 1 <= len(args.name) <= 64:
        raise CliError(f"--name must be 1-64 characters, got {len(args.name)}", EXIT_USAGE)
    try:
        from spelbord.server.config import resolve_database_url
        from spelbord.server.jobs.worker import WorkerStartError, run_worker
    except ModuleNotFoundError as exc:
        raise missing_part(exc, "spelbord.server.jobs.worker", "`spelbord worker`") from None
    url = resolve_database_url(args.database_url)
    redis = args.redis_url or os.environ.get("SPELBORD_REDIS_URL") or None
    try:
        asyncio.run(run_worker(url, redis, args.processes, name=args.name))
    except WorkerStartError as exc:
        raise CliError(str(exc)) from None
    return EXIT_OK
