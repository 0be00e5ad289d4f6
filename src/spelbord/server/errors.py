"""Errors the table server reports to a client: each carries its HTTP status.

>>> StaleMoveError("ply 3 is not the current ply 4").status
409
>>> status_of(UnknownGameError("no game named 'chess'")), status_of(SpelbordError("bad"))
(404, 400)
"""

from __future__ import annotations

from typing import ClassVar

from spelbord.core.errors import SpelbordError, UnknownGameError


class NotOwnerError(Exception):
    """Another live process owns the table (``owner``); ask it (``Hub.call`` does). Not a
    client's error: the server asks the owner, or takes the table, and tries again."""

    def __init__(self, table_id: str, owner: str) -> None:
        super().__init__(f"table {table_id} is owned by {owner}")
        self.owner = owner


class TableError(SpelbordError):
    """Bad input from a client; nothing was changed."""

    status: ClassVar[int] = 400


class BadRequestError(TableError):
    """A malformed or oversized request or message."""


class ForbiddenError(TableError):
    """A missing or wrong token, or an action that seat may not take."""

    status = 403


class NotFoundError(TableError):
    """An unknown table, game, invite or page."""

    status = 404


class StaleMoveError(TableError):
    """The client acted on a position that is no longer the current one."""

    status = 409


class ConflictError(TableError):
    """The request clashes with the table's state (seat taken, game over, not started)."""

    status = 409


class UnplayableTableError(TableError):
    """A stored table this installation cannot replay (e.g. its rules version is no longer
    kept, or its log is not a legal game under that version); nothing was changed."""

    status = 409


def status_of(exc: SpelbordError) -> int:
    """The HTTP status a client gets for ``exc`` (a WebSocket closes with 4000 + it)."""
    if isinstance(exc, TableError):
        return exc.status
    if isinstance(exc, UnknownGameError):
        return 404
    return 400
