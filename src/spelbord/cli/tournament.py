"""``spelbord tournament cancel ID``: an operator stops a tournament, at any time.

It works on the database (``--database-url``, else ``$SPELBORD_DATABASE_URL``, else the
embedded SQLite file), so it needs no account and works whether a server runs or not. The
tournament is cancelled at once: its waiting games and open invitations are gone. Games
still being played end through the table's one ending path (``LiveTable.finish``) at a
running server's next check (within seconds), or when the server next starts, without a
winner and without a rating change; entrants see "cancelled by an operator".
"""

from __future__ import annotations

import argparse
from typing import Any

from spelbord.cli.common import EXIT_OK, CliError, command_parser, missing_part, verbs_of

EXAMPLES = """\
examples:
  spelbord tournament cancel Xk3_9aQe7Lm2
  spelbord tournament cancel Xk3_9aQe7Lm2 --database-url postgresql+psycopg://u:pw@host/spelbord
"""


def add_parser(sub: Any) -> None:
    """Register the ``tournament`` subcommand."""
    parser = command_parser(
        sub,
        "tournament",
        help="operate on the server's tournaments (cancel one)",
        description="Operate on the tournaments of a server's database.",
        epilog=EXAMPLES,
    )
    cancel = command_parser(
        verbs_of(parser),
        "cancel",
        help="cancel a tournament at any time; its games in progress end unrated",
        description=__doc__,
        epilog=EXAMPLES,
    )
    cancel.add_argument(
        "id",
        help="the tournament's id (its page is /tournaments/ID); an id that begins with '-' "
        "(made before 28 Nov 2026) goes after '--': spelbord tournament cancel -- -Ab3...",
    )
    cancel.add_argument("--database-url", default=None, help="SQLAlchemy database URL")
    cancel.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        from spelbord.core.errors import SpelbordError
        from spelbord.server.config import resolve_database_url
        from spelbord.server.db import open_engine
        from spelbord.server.tournaments.director import OPERATOR_CANCELLED
        from spelbord.server.tournaments.store import TournamentStore
    except ModuleNotFoundError as exc:
        raise missing_part(exc, "spelbord.server", "`spelbord tournament`") from None
    engine = open_engine(resolve_database_url(args.database_url))
    try:
        name, playing = TournamentStore(engine).cancel(args.id, OPERATOR_CANCELLED, False)
    except SpelbordError as exc:
        raise CliError(str(exc)) from None
    finally:
        engine.dispose()
    print(f"The tournament {name!r} ({args.id}) is cancelled.")
    if playing:
        games = "1 game in progress ends" if playing == 1 else f"{playing} games in progress end"
        print(
            f"{games} without a winner and without a rating change at a running server's "
            "next check (or when the server starts)."
        )
    return EXIT_OK
