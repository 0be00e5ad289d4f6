"""JSON from clients, read strictly: the one decoder of every request body and WebSocket
message the server reads.

orjson parses it; like the JSON standard (RFC 8259) it refuses ``NaN``, ``Infinity`` and
numbers too large for a double, so no numeric field anywhere can hold a non-finite value
(a start time of ``Infinity`` once made a tournament that never started, ``NaN`` a 500).
Such a number gets its own clear error; anything else that is not JSON says why.

>>> loads(b'{"starts_in": 60, "seats": [{"kind": "open"}]}')
{'starts_in': 60, 'seats': [{'kind': 'open'}]}
>>> loads(b'{"starts_at": Infinity}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.server.strictjson.NonFiniteNumberError: numbers must be finite: NaN and Infinity ...
>>> loads(b'{"seconds": 1e400}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
spelbord.server.strictjson.NonFiniteNumberError: numbers must be finite: NaN and Infinity ...
>>> loads(b"[1" + b"0" * 400 + b"]")[0] == 10**400  # beyond a double: Python reads it
True
>>> loads(b"[1, 2", limit=4)
Traceback (most recent call last):
...
spelbord.server.errors.BadRequestError: message too large (5 bytes; the limit is 4)
"""

from __future__ import annotations

import json
import math
from typing import Any

import orjson

from spelbord.server.errors import BadRequestError

DEFAULT_LIMIT = 64 * 1024
"""Bytes a body or message may have unless its route allows more."""


class NonFiniteNumberError(BadRequestError):
    """A JSON text with ``NaN``, ``Infinity`` or a number beyond a double's range."""


NON_FINITE = "numbers must be finite: NaN and Infinity are not JSON"


def loads(raw: str | bytes, limit: int = DEFAULT_LIMIT) -> Any:
    """JSON text -> value: at most ``limit`` bytes, finite numbers only.

    orjson reads it; what orjson cannot hold but the JSON standard allows (an integer of
    hundreds of digits, for a field's own bounds to refuse) is read by Python's parser,
    told to refuse non-finite numbers too."""
    if len(raw) > limit:
        raise BadRequestError(f"message too large ({len(raw)} bytes; the limit is {limit})")
    try:
        return orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        reason = str(exc)
    if "depth" in reason or "recursion" in reason:
        raise BadRequestError("malformed JSON: nested too deeply")
    if "surrogate" in reason or "utf-8" in reason.lower():
        raise BadRequestError(f"malformed JSON: {reason}")
    try:
        return json.loads(raw, parse_constant=_refuse, parse_float=_finite)
    except _Refused:
        raise NonFiniteNumberError(NON_FINITE) from None
    except RecursionError:
        raise BadRequestError("malformed JSON: nested too deeply") from None
    except ValueError:
        raise BadRequestError(f"malformed JSON: {reason}") from None


class _Refused(Exception):
    pass


def _refuse(_: str) -> float:
    raise _Refused


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _Refused
    return value
