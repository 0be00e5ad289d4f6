"""Ids of tables and tournaments: 12 URL-safe characters, never beginning with ``-``.

An id is in URLs (``/tables/ID``, ``/tournaments/ID``) and on command lines
(``spelbord tournament cancel ID``), where a leading ``-`` would be read as an option.

>>> ids = [new_id() for _ in range(2000)]
>>> {len(i) for i in ids}, any(i.startswith("-") for i in ids)
({12}, False)
"""

from __future__ import annotations

import secrets


def new_id() -> str:
    """A fresh random id (72 bits)."""
    while True:
        value = secrets.token_urlsafe(9)
        if not value.startswith("-"):
            return value
