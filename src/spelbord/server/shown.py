"""Text a client gives the server to show other people: a tournament's name, a seat's name.

Such text is NFC-normalized and trimmed, and refused (``UnshowableTextError``, 400) when
it holds a character that is not shown as itself: control characters (a newline, NUL),
format characters (right-to-left overrides that reverse what follows, zero-width spaces
and joiners, the byte-order mark), private-use, unassigned and surrogate code points, and
line or paragraph separators; or when nothing visible is left. Letters of every script,
marks, punctuation, symbols and emoji are welcome.

>>> shown_text("  Vårcupen 🏆 ", TOURNAMENT_NAME)
'Vårcupen 🏆'
>>> shown_text("Cafe\\u0301", SEAT_NAME)  # NFC: the accent joins its letter
'Café'
>>> for bad in ("\\u202eCup", "Cup\\u200b", "two\\nlines", "\\u3000\\u0301"):
...     try:
...         shown_text(bad, SEAT_NAME)
...     except UnshowableTextError as exc:
...         print(exc)
a seat's name may not hold invisible or control characters (U+202E)
a seat's name may not hold invisible or control characters (U+200B)
a seat's name may not hold invisible or control characters (U+000A)
a seat's name needs a visible character
"""

from __future__ import annotations

import unicodedata

from spelbord.server.errors import BadRequestError

TOURNAMENT_NAME = "a tournament's name"
SEAT_NAME = "a seat's name"
HIDDEN = frozenset({"Cc", "Cf", "Co", "Cn", "Cs", "Zl", "Zp"})
"""Unicode general categories that are not shown as themselves (TR #44)."""


class UnshowableTextError(BadRequestError):
    """Text to be shown to others holds characters that are not shown as themselves."""


def shown_text(value: str, what: str) -> str:
    """``value`` NFC-normalized and trimmed, if it may be shown to others as ``what``
    (``TOURNAMENT_NAME``, ``SEAT_NAME``), else ``UnshowableTextError``; the caller bounds
    its length."""
    text = unicodedata.normalize("NFC", value).strip()
    tournament = what == TOURNAMENT_NAME
    for ch in text:
        if unicodedata.category(ch) in HIDDEN:
            char = f"U+{ord(ch):04X}"
            if tournament:
                raise UnshowableTextError(
                    f"a tournament's name may not hold invisible or control characters ({char})"
                )
            raise UnshowableTextError(
                f"a seat's name may not hold invisible or control characters ({char})"
            )
    if not any(unicodedata.category(ch)[0] not in "ZM" for ch in text):
        if tournament:
            raise UnshowableTextError("a tournament's name needs a visible character")
        raise UnshowableTextError("a seat's name needs a visible character")
    return text
