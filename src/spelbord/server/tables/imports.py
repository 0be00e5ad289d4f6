"""Imported game records: each stored once, and a bounded number per address.

An import replays an exported record (``records.record_from_export``) into a finished,
read-only table (``source`` "import"). Hostile clients once flooded the lobby with copies,
so:

- **One table per record.** A record is known by a digest of what it means: the game,
  its rules version, its options (as the game fills them in), its moves and its result
  (``record_digest``). A record stored already returns the table it made (the digest is
  the key of ``spelbord_imports``, so two at once still make one).
- **A bound per address.** An address may have at most ``ImportLimits.count`` records
  and ``ImportLimits.bytes`` bytes of record text stored (``SPELBORD_IMPORT_LIMITS``;
  the address is kept only as its SHA-256); beyond that it gets 429.
- **A rate limit** (``ratelimit``'s ``imports``) and imports are listed apart from the
  lobby's played games (``Store.summaries``, source "import").

>>> ImportLimits.parse("count=50,bytes=5000000")
ImportLimits(count=50, bytes=5000000)
>>> ImportLimits.parse("off") is None
True
"""

from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import orjson
import sqlalchemy as sa

from spelbord.server.db import METADATA
from spelbord.server.errors import TableError
from spelbord.server.tables.records import record_from_export
from spelbord.server.tables.store import Store, TableRecord, played_moves

T = TypeVar("T")
IMPORT_LIMITS_ENV = "SPELBORD_IMPORT_LIMITS"

IMPORTS = sa.Table(
    "spelbord_imports",
    METADATA,
    # The digest of the record's game, version, options, moves and result (record_digest).
    sa.Column("digest", sa.String(64), primary_key=True),
    sa.Column(
        "table_id", sa.String(32), sa.ForeignKey("spelbord_tables.id"), nullable=False, unique=True
    ),
    # The SHA-256 of the address that imported it (its quota), and the record's size.
    sa.Column("address", sa.String(64), nullable=False),
    sa.Column("bytes", sa.Integer, nullable=False),
    sa.Column("created_at", sa.Float, nullable=False),
    sa.Index("ix_spelbord_imports_address", "address"),
)


class ImportQuotaError(TableError):
    """The address has stored as many records, or bytes of them, as it may."""

    status: ClassVar[int] = 429


@dataclass(frozen=True)
class ImportLimits:
    """The most records, and bytes of record text, one address may have stored."""

    count: int = 200
    bytes: int = 20 * 1024 * 1024

    def __post_init__(self) -> None:
        for name in ("count", "bytes"):
            value = getattr(self, name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"import limit {name} must be a whole number above 0")

    @classmethod
    def parse(cls, text: str) -> ImportLimits | None:
        """``"off"`` -> ``None``; ``"count=50,bytes=5000000"`` -> those, else as declared."""
        if text.strip().lower() in ("off", "none"):
            return None
        chosen: dict[str, int] = {}
        for part in filter(None, (p.strip() for p in text.split(","))):
            key, _, value = part.partition("=")
            key = key.strip()
            if key not in ("count", "bytes"):
                raise ValueError(f"unknown import limit {key!r} (count, bytes)")
            chosen[key] = int(value)
        return dataclasses.replace(cls(), **chosen)

    @classmethod
    def from_env(cls) -> ImportLimits | None:
        text = os.environ.get(IMPORT_LIMITS_ENV)
        return cls() if not text else cls.parse(text)


def record_digest(record: TableRecord) -> str:
    """What a record means, as a digest: game, rules version, options (as the game fills
    them in), moves and result; two spellings of one game have one digest."""
    moves = [e.payload for e in played_moves(record.log)]
    meaning = {
        "game": record.game,
        "version": record.rules_version,
        "options": record.options,
        "moves": moves,
        "result": record.result,
    }
    return hashlib.sha256(orjson.dumps(meaning, option=orjson.OPT_SORT_KEYS)).hexdigest()


def _address(client: str) -> str:
    return hashlib.sha256(client.encode()).hexdigest()


class Importer:
    """Stores imported records (once each, within each address's limits)."""

    def __init__(
        self,
        store: Store,
        limits: ImportLimits | None,
        db: Callable[..., Any] | None = None,
    ) -> None:
        self.store = store
        self.limits = limits
        self._db = db

    async def _run(self, fn: Callable[..., T], *args: Any) -> T:
        if self._db is not None:
            result: T = await self._db(fn, *args)
            return result
        return fn(*args)

    async def import_record(self, data: Any, size: int, client: str) -> str:
        """The id of the table of record ``data`` (``size`` bytes of text, sent by
        ``client``): a new one, or the one the same record made before."""
        # Replaying a long record takes a while: off the event loop.
        record = await asyncio.to_thread(record_from_export, data)
        return await self._run(self.store_once, record, record_digest(record), size, client)

    def store_once(self, record: TableRecord, digest: str, size: int, client: str) -> str:
        """Store ``record`` unless its digest is known (blocking)."""
        address = _address(client)
        known = self._known(digest)
        if known is not None:
            return known
        try:
            self.store.create_table(record, within=self._claim(digest, address, size))
        except sa.exc.IntegrityError:
            known = self._known(digest)  # the same record, stored meanwhile
            if known is None:
                raise
            return known
        return record.id

    def _known(self, digest: str) -> str | None:
        with self.store.engine.connect() as conn:
            return conn.execute(
                sa.select(IMPORTS.c.table_id).where(IMPORTS.c.digest == digest)
            ).scalar_one_or_none()

    def _claim(self, digest: str, address: str, size: int) -> Callable[[sa.Connection, str], None]:
        """Within the table's transaction: check the address's quota, record the import."""

        def claim(conn: sa.Connection, table_id: str) -> None:
            if self.limits is not None:
                count, total = conn.execute(
                    sa.select(
                        sa.func.count(), sa.func.coalesce(sa.func.sum(IMPORTS.c.bytes), 0)
                    ).where(IMPORTS.c.address == address)
                ).one()
                if count + 1 > self.limits.count:
                    raise ImportQuotaError(
                        f"this address has stored {count} records: the limit is "
                        f"{self.limits.count} records"
                    )
                if total + size > self.limits.bytes:
                    raise ImportQuotaError(
                        f"this address has stored {total} bytes of records: the limit is "
                        f"{self.limits.bytes} bytes"
                    )
            conn.execute(
                IMPORTS.insert().values(
                    digest=digest,
                    table_id=table_id,
                    address=address,
                    bytes=size,
                    created_at=time.time(),
                )
            )

        return claim
