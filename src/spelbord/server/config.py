"""Where things live: the checkout, the default SQLite database, the lab's results."""

from __future__ import annotations

import os
from pathlib import Path

DATABASE_ENV = "SPELBORD_DATABASE_URL"


def repo_root() -> Path:
    """The checkout: the nearest parent of this package holding ``pyproject.toml``.

    Falls back to the current directory when the package is installed outside a checkout.
    """
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").is_file() and (parent / "src" / "spelbord").is_dir():
            return parent
    return Path.cwd()


def default_sqlite_path() -> Path:
    """The embedded database file: ``var/spelbord.sqlite3`` under the checkout."""
    return repo_root() / "var" / "spelbord.sqlite3"


def resolve_database_url(database_url: str | None = None) -> str:
    """The explicit URL, else ``$SPELBORD_DATABASE_URL``, else the embedded SQLite file."""
    if database_url:
        return database_url
    env = os.environ.get(DATABASE_ENV)
    if env:
        return env
    path = default_sqlite_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{path}"


LAB_ENV = "SPELBORD_LAB_DIR"


def lab_dir() -> Path:
    """The lab's output folder listed at ``/lab``: ``$SPELBORD_LAB_DIR``, else
    ``lab-results`` under the checkout (where ``spelbord lab run`` writes by default when
    run there)."""
    env = os.environ.get(LAB_ENV)
    return Path(env) if env else repo_root() / "lab-results"
