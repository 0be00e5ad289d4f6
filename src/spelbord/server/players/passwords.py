"""What a new password must be (NIST SP 800-63B, 5.1.1.2): 8 to 256 characters, not one of
the most common passwords, and not the player's name or the site's name.

The common passwords are a data file shipped in the package, ``common-passwords.txt``
(11,611 passwords of 8 or more characters from zxcvbn's list of the 30,000 most common,
Mark Burnett's corpus; ``common-passwords.source.txt`` names the source and its license).
It is compared without regard to case; nothing else (no composition rules) is asked.

>>> check_new_password("correct horse battery", name="Åsa")
'correct horse battery'
>>> for weak in ("short", "PassWord", "qwertyuiop", "Åsa_åsa_", "Spelbord1"):
...     try:
...         check_new_password(weak, name="åsa_åsa_")
...     except BadPasswordError as exc:
...         print(exc)
a password has 8 to 256 characters
this password is one of the most common ones: choose another
this password is one of the most common ones: choose another
a password must not be your name or the site's name
a password must not be your name or the site's name
"""

from __future__ import annotations

import functools
import re
import unicodedata
from pathlib import Path
from typing import Any

from spelbord.server.errors import BadRequestError

MIN_PASSWORD, MAX_PASSWORD = 8, 256
LIST = Path(__file__).resolve().parent / "common-passwords.txt"
SOURCE_FILE = "common-passwords.source.txt"
SITE = "spelbord"


class BadPasswordError(BadRequestError):
    """A password that may not be used (too short or long, common, or guessable)."""


class CommonPasswordError(BadPasswordError):
    """A password on the list of the most common ones."""


def _fold(text: str) -> str:
    return unicodedata.normalize("NFKC", text).casefold()


@functools.cache
def common_passwords() -> frozenset[str]:
    """The shipped list, folded (read once)."""
    lines = LIST.read_text(encoding="utf-8").splitlines()
    return frozenset(_fold(line) for line in lines if line)


def check_length(password: Any) -> str:
    """``password`` if it is a text of ``MIN_PASSWORD`` to ``MAX_PASSWORD`` characters."""
    if not isinstance(password, str):
        raise BadPasswordError("give a 'password'")
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise BadPasswordError(f"a password has {MIN_PASSWORD} to {MAX_PASSWORD} characters")
    return password


def check_new_password(password: Any, name: str | None = None) -> str:
    """``password`` if a player may choose it (as the account ``name``), else
    ``BadPasswordError`` saying why."""
    check_length(password)
    folded = _fold(password)
    if folded in common_passwords():
        raise CommonPasswordError("this password is one of the most common ones: choose another")
    bare = re.sub(r"[\d\W_]+$", "", folded)  # "Spelbord2026!" is "spelbord"
    context = {SITE} | ({_fold(name)} if name else set())
    if folded in context or bare in context:
        raise BadPasswordError("a password must not be your name or the site's name")
    return password
