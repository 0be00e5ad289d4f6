"""Player names: what a name may be, and when two names are one.

A name has 3 to 24 letters, digits, ``_`` or ``-`` (starting with a letter or digit), in
one script: a name that mixes scripts, such as Latin and Cyrillic letters, or digits of
two numeral systems, is refused (ICU's spoof checker, Unicode TS #39 "highly restrictive":
one script, or Latin with the scripts written together with Han). Two names are one when
their confusable skeletons (TS #39, section 4) agree after NFKC and case folding, so a
name that only looks like a taken one is taken: "ALICE", fullwidth "ａｌｉｃｅ",
"alıce" with a dotless i, "a1ice" and Cyrillic "рое" for "poe". The skeleton comes from
ICU (``icu.SpoofChecker``, the Unicode Consortium's data), never from a hand table.

>>> check_name("Åsa_92")
'Åsa_92'
>>> name_key("ÅSA_92") == name_key("åsa_92")
True
>>> skeleton("ALICE") == skeleton("al\\u0131ce") == skeleton("a1ice") == "alice"
True
>>> skeleton("Björn") == skeleton("Bjorn")
False
>>> for bad in ("ab", "x" * 25, "_lead", "two words", "<b>", "\\u0430lice"):
...     try:
...         check_name(bad)
...     except BadNameError as exc:
...         print(exc)
a name has 3 to 24 characters
a name has 3 to 24 characters
a name starts with a letter or digit and has only letters, digits, '_' and '-'
a name starts with a letter or digit and has only letters, digits, '_' and '-'
a name starts with a letter or digit and has only letters, digits, '_' and '-'
a name mixes scripts (such as Latin and Cyrillic letters): write it in one
"""

from __future__ import annotations

import functools
import re
import unicodedata
from typing import Any

import icu

from spelbord.server.errors import BadRequestError

NAME = re.compile(r"[^\W_][\w-]*")
MIN_NAME, MAX_NAME = 3, 24
MAX_SKELETON = 128
"""The longest skeleton stored (a character may stand for several, "m" for "rn")."""


class BadNameError(BadRequestError):
    """A player name breaks the rules for names."""


@functools.cache
def _checker() -> icu.SpoofChecker:
    """ICU's spoof checker: mixed scripts (highly restrictive), mixed numerals, invisible
    characters."""
    checker = icu.SpoofChecker()
    checker.setRestrictionLevel(icu.URestrictionLevel.HIGHLY_RESTRICTIVE)
    checker.setChecks(
        icu.USpoofChecks.RESTRICTION_LEVEL
        | icu.USpoofChecks.MIXED_NUMBERS
        | icu.USpoofChecks.INVISIBLE
    )
    return checker


def name_key(name: str) -> str:
    """The case-insensitive key a name is found by (sign-in, player pages)."""
    return unicodedata.normalize("NFKC", name).casefold()


def skeleton(name: str) -> str:
    """The TS #39 skeleton of ``name`` after NFKC and case folding: names that look alike
    have the same one."""
    return str(_checker().getSkeleton(0, name_key(name)))


def check_name(name: Any) -> str:
    """``name`` (trimmed, NFC) if it is a valid player name, else ``BadNameError``."""
    if not isinstance(name, str):
        raise BadNameError("give a 'name'")
    name = unicodedata.normalize("NFC", name.strip())
    if not MIN_NAME <= len(name) <= MAX_NAME:
        raise BadNameError(f"a name has {MIN_NAME} to {MAX_NAME} characters")
    if not NAME.fullmatch(name):
        raise BadNameError(
            "a name starts with a letter or digit and has only letters, digits, '_' and '-'"
        )
    if _checker().check(name) or len(skeleton(name)) > MAX_SKELETON:
        raise BadNameError(
            "a name mixes scripts (such as Latin and Cyrillic letters): write it in one"
        )
    return name
