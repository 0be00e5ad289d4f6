"""Player accounts: sign up, sign in and out, sessions in cookies, the player page.

Passwords are hashed with Argon2id (``argon2-cffi``'s ``PasswordHasher``); only the hash
is stored, and a password never appears in a log line or a response. A session is a random
token in a ``Secure; HttpOnly; SameSite=Lax`` cookie; the database keeps only its SHA-256.
Failed sign-ins back off per (name, address) and are answered at once (``signin``): a
stranger's guesses never lock the owner out.
Guests need none of this: every table still works with seat tokens alone.

Names follow ``names``: 3 to 24 letters, digits, ``_`` or ``-`` in one script, unique
on their confusable skeleton (Unicode TS #39), so a lookalike of a taken name is taken:

>>> check_name("Åsa_92")
'Åsa_92'
>>> name_key("ÅSA_92") == name_key("åsa_92")
True
"""

from __future__ import annotations

import asyncio
import hashlib
import secrets
import time
from dataclasses import dataclass
from typing import Any, ClassVar

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from spelbord.server.errors import BadRequestError, ConflictError, NotFoundError, TableError
from spelbord.server.players.names import BadNameError as BadNameError
from spelbord.server.players.names import check_name, name_key, skeleton
from spelbord.server.players.passwords import MAX_PASSWORD, check_new_password
from spelbord.server.players.signin import BackoffPolicy, SignInBackoff
from spelbord.server.players.store import ACCOUNTS, SEAT_ENTRANTS, SESSIONS

COOKIE = "spelbord_session"
SESSION_SECONDS = 30 * 24 * 3600


class AccountError(BadRequestError):
    """Something about an account request is wrong (400 unless stated)."""


class NameTakenError(ConflictError):
    """Another account has this name, in any case or in letters that look alike."""


class SignInError(TableError):
    """Wrong name or password (never saying which)."""

    status: ClassVar[int] = 401


class NotSignedInError(TableError):
    """The request needs a signed-in player."""

    status: ClassVar[int] = 401


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def account_entrant(account_id: str) -> str:
    """The entrant key of an account (ratings and tournaments use it)."""
    return f"account:{account_id}"


def ai_entrant(spec: str) -> str:
    """The entrant key of an AI (an agent spec or an AI level) at rated tables and in
    tournaments."""
    return f"ai:{spec}"


@dataclass(frozen=True)
class Account:
    """A signed-up player (never carries the password hash out of this module)."""

    id: str
    name: str
    created_at: float

    @property
    def entrant(self) -> str:
        return account_entrant(self.id)

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "created_at": self.created_at}


def account_by_name(engine: sa.Engine, name: str) -> Account:
    """The account with this name (in any case), else ``NotFoundError``."""
    if not isinstance(name, str) or len(name) > 64:
        raise NotFoundError("no such player")
    with engine.connect() as conn:
        row = (
            conn.execute(sa.select(ACCOUNTS).where(ACCOUNTS.c.name_key == name_key(name)))
            .mappings()
            .first()
        )
    if row is None:
        raise NotFoundError(f"no player {name!r}")
    return Account(row["id"], row["name"], row["created_at"])


def registered_lookalike(
    engine: sa.Engine, names: list[str], own: Account | None = None
) -> str | None:
    """The first of ``names`` that is, or looks like (the same TS #39 skeleton), the
    name of a registered player other than ``own``; ``None`` if there is none."""
    looks = {skeleton(n): n for n in names}
    query = sa.select(ACCOUNTS.c.id, ACCOUNTS.c.name_skeleton).where(
        ACCOUNTS.c.name_skeleton.in_(list(looks))
    )
    with engine.connect() as conn:
        for row in conn.execute(query):
            if own is None or row.id != own.id:
                return looks[row.name_skeleton]
    return None


class Accounts:
    """Accounts and sessions on one engine (synchronous calls; hashing is slow on purpose,
    so the async routes run these on a thread)."""

    def __init__(self, engine: sa.Engine, hasher: PasswordHasher | None = None) -> None:
        self.engine = engine
        self.hasher = hasher or PasswordHasher()  # Argon2id, RFC 9106 low-memory profile
        self.backoff = SignInBackoff(BackoffPolicy.from_env())
        self._dummy = self.hasher.hash(secrets.token_urlsafe(16))

    # ------------------------------------------------------------------ accounts
    def sign_up(self, name: Any, password: Any) -> Account:
        name = check_name(name)
        check_new_password(password, name)
        key, look = name_key(name), skeleton(name)
        hashed = self.hasher.hash(password)
        account = Account(secrets.token_hex(8), name, time.time())
        with self.engine.begin() as conn:
            taken = conn.execute(
                sa.select(ACCOUNTS.c.id).where(
                    (ACCOUNTS.c.name_key == key) | (ACCOUNTS.c.name_skeleton == look)
                )
            ).first()
            if taken is not None:
                raise NameTakenError(f"the name {name!r} is taken")
            try:
                conn.execute(
                    ACCOUNTS.insert().values(
                        id=account.id,
                        name=name,
                        name_key=key,
                        name_skeleton=look,
                        password_hash=hashed,
                        created_at=account.created_at,
                    )
                )
            except sa.exc.IntegrityError:
                raise NameTakenError(f"the name {name!r} is taken") from None
        return account

    def check_password(self, name: Any, password: Any) -> Account | None:
        """The account if ``password`` is right, else ``None`` (same work either way)."""
        if not isinstance(name, str) or not isinstance(password, str):
            return None
        if len(password) > MAX_PASSWORD:
            return None
        with self.engine.connect() as conn:
            row = (
                conn.execute(sa.select(ACCOUNTS).where(ACCOUNTS.c.name_key == name_key(name)))
                .mappings()
                .first()
            )
        stored = row["password_hash"] if row is not None else self._dummy
        try:
            self.hasher.verify(stored, password)
        except (VerifyMismatchError, VerificationError, InvalidHashError):
            return None
        if row is None:
            return None
        return Account(row["id"], row["name"], row["created_at"])

    def by_name(self, name: str) -> Account:
        return account_by_name(self.engine, name)

    def names(self, account_ids: list[str]) -> dict[str, str]:
        """Account id -> name, for the ids that exist."""
        if not account_ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                sa.select(ACCOUNTS.c.id, ACCOUNTS.c.name).where(ACCOUNTS.c.id.in_(account_ids))
            )
            return {r.id: r.name for r in rows}

    # ------------------------------------------------------------------ sessions
    def new_session(self, account: Account) -> str:
        """A new session for ``account`` (expired sessions of anyone are purged first)."""
        token = secrets.token_urlsafe(32)
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(SESSIONS.delete().where(SESSIONS.c.expires_at <= now))
            conn.execute(
                SESSIONS.insert().values(
                    token_hash=_digest(token),
                    account_id=account.id,
                    created_at=now,
                    expires_at=now + SESSION_SECONDS,
                )
            )
        return token

    def session_account(self, token: str | None) -> Account | None:
        if not token or len(token) > 128:
            return None
        with self.engine.connect() as conn:
            row = (
                conn.execute(
                    sa.select(ACCOUNTS.c.id, ACCOUNTS.c.name, ACCOUNTS.c.created_at)
                    .join(SESSIONS, SESSIONS.c.account_id == ACCOUNTS.c.id)
                    .where(
                        SESSIONS.c.token_hash == _digest(token),
                        SESSIONS.c.expires_at > time.time(),
                    )
                )
                .mappings()
                .first()
            )
        return None if row is None else Account(row["id"], row["name"], row["created_at"])

    def end_session(self, token: str | None) -> None:
        if not token:
            return
        with self.engine.begin() as conn:
            conn.execute(SESSIONS.delete().where(SESSIONS.c.token_hash == _digest(token)))

    def end_sessions(self, account: Account, keep: str | None = None) -> int:
        """Sign ``account`` out everywhere: every session ends (but the one of ``keep``, a
        token); returns how many ended."""
        query = SESSIONS.delete().where(SESSIONS.c.account_id == account.id)
        if keep:
            query = query.where(SESSIONS.c.token_hash != _digest(keep))
        with self.engine.begin() as conn:
            return int(conn.execute(query).rowcount or 0)

    def set_password(self, account: Account, password: Any, keep: str | None) -> None:
        """A new password for ``account`` (checked as at sign-up); every other session ends."""
        check_new_password(password, account.name)
        hashed = self.hasher.hash(password)
        with self.engine.begin() as conn:
            conn.execute(
                ACCOUNTS.update().where(ACCOUNTS.c.id == account.id).values(password_hash=hashed)
            )
        self.end_sessions(account, keep)

    # ------------------------------------------------------------------ seats
    def bind_seat(self, table_id: str, seat: int, entrant: str) -> None:
        """Record who sits at a seat (an account that claimed it, or an AI level)."""
        with self.engine.begin() as conn:
            conn.execute(
                SEAT_ENTRANTS.delete().where(
                    SEAT_ENTRANTS.c.table_id == table_id, SEAT_ENTRANTS.c.seat == seat
                )
            )
            conn.execute(
                SEAT_ENTRANTS.insert().values(table_id=table_id, seat=seat, entrant=entrant)
            )

    # ------------------------------------------------------------------ async front
    async def sign_in(self, name: Any, password: Any, client: str) -> tuple[Account, str]:
        """Check the password; returns (account, token). Failures back off per (name,
        address) (``signin``): a try that comes too early gets ``SignInWaitError`` (429)
        at once, and nothing here ever waits for another client's tries."""
        key = (name_key(name) if isinstance(name, str) and len(name) <= 64 else "", client)
        with self.backoff.attempt(key) as attempt:
            account = await asyncio.to_thread(self.check_password, name, password)
            if account is None:
                attempt.failed()
        if account is None:
            raise SignInError("wrong name or password")
        return account, await asyncio.to_thread(self.new_session, account)

    async def change_password(
        self, account: Account, current: Any, new: Any, client: str, keep: str | None
    ) -> None:
        """Change the signed-in ``account``'s password: ``current`` must be right (tries
        back off as sign-ins do); every session but ``keep`` (a token) ends."""
        with self.backoff.attempt((name_key(account.name), client)) as attempt:
            checked = await asyncio.to_thread(self.check_password, account.name, current)
            if checked is None or checked.id != account.id:
                attempt.failed()
        if checked is None or checked.id != account.id:
            raise SignInError("wrong password")
        await asyncio.to_thread(self.set_password, account, new, keep)
