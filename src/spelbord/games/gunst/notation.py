"""Gunst notation: a short text for every action, parsed back exactly.

========================  ==============================================================
text                      action
========================  ==============================================================
``bring 1K 2W Ex Eu``     a Tinge selection (kin counts K W F T S, then deities);
                          ``bring nothing`` brings no piece
``first P2``              the chooser lets player 2 (seat 1) go first this round
``favour Eurika``         the favour moves Eurika toward the hand
``invoke Eurika``         Dommen: this deity acts next
``double warriors``       Extazia doubles the own warrior row
``banish farmers``        Vandringsmanden removes the opposing farmer row
``convert scholars``      Eurika takes a kin from the opposing scholar row ...
``into knights``          ... into the own knight row
``move farmers``          Archimedes moves the own farmer row ...
``onto knights``          ... onto the own knight row
``leave rows``            Archimedes moves no row (rules version 3)
``scholars raise``        the scholar row raises deities (``scholars strike``: damage)
``raise Vandringsmanden`` a farmer or scholar moves this deity one step
``coin P1``               chance: player 1 (seat 0) chooses
========================  ==============================================================

Deities may be written by name or by their two letters (Ex, Va, Eu, Ar); rows by their
plural, singular or number (1 knights ... 5 scholars); case does not matter. Players are
P1 and P2, counted from 1 as the players count them; the older texts ``first 0`` /
``coin 1``, which counted seats from 0, are still read.

>>> parse("bring 1K 2W Ex Eu")[0] == Selection((1, 2, 0, 0, 0), 0b0101).code
True
>>> parse("onto 1")
(4614, 'onto')
>>> selection_text(Selection((0, 3, 0, 0, 2), 0b1000))
'bring 3W 2S Ar'
"""

from __future__ import annotations

import re
from typing import Any

from spelbord.core.errors import NotationError
from spelbord.games.gunst import actions as A
from spelbord.games.gunst.pieces import (
    ARCHIMEDES,
    DEITIES,
    EURIKA,
    EXTAZIA,
    KINS,
    ROWS,
    VANDRINGSMANDEN,
    Selection,
)
from spelbord.games.gunst.position import DEST, FAVOUR, INVOKE, RAISE, TARGET, Table

TARGET_VERBS = {
    EXTAZIA: "double",
    VANDRINGSMANDEN: "banish",
    EURIKA: "convert",
    ARCHIMEDES: "move",
}
DEST_VERBS = {EURIKA: "into", ARCHIMEDES: "onto"}
DEITY_VERBS = {FAVOUR: "favour", INVOKE: "invoke", RAISE: "raise"}
MODES = ("raise", "strike")
LEAVE_TEXT = "leave rows"
"""Archimedes' owner moves no row (R12, rules version 3)."""

_DEITY_NAMES = {d.name.casefold(): d.index for d in DEITIES} | {
    d.short.casefold(): d.index for d in DEITIES
}
_ROW_NAMES = (
    {r.plural: r.index for r in ROWS}
    | {r.name: r.index for r in ROWS}
    | {str(r.index + 1): r.index for r in ROWS}
)
_KIN_TOKEN = re.compile(r"(\d*)([kwfts])")
_KIN_LETTERS = {k.letter.casefold(): k.index for k in KINS}


def selection_text(sel: Selection) -> str:
    parts = [f"{n}{KINS[k].letter}" for k, n in enumerate(sel.kin) if n]
    parts += [DEITIES[d].short for d in sel.deity_list()]
    return "bring " + (" ".join(parts) if parts else "nothing")


def verb_for(table: Table, kind: str) -> str:
    """The verb this position gives a deity or row action (``deity``/``row`` out of context)."""
    if kind == "deity":
        return DEITY_VERBS.get(table.phase, "deity")
    if table.phase == TARGET and table.deity_in_use >= 0:
        return TARGET_VERBS[table.deity_in_use]
    if table.phase == DEST and table.deity_in_use in DEST_VERBS:
        return DEST_VERBS[table.deity_in_use]
    return "row"


_PLAYER_WORDS = {"p1": 0, "p2": 1, "0": 0, "1": 1}
"""The words for a seat: P1 and P2, and the seat numbers of older records."""


def player_text(seat: int) -> str:
    """How notation names ``seat``: P1 for seat 0, P2 for seat 1.

    >>> player_text(0), parse_player("P2"), parse_player("1")
    ('P1', 1, 1)
    """
    return f"P{seat + 1}"


def parse_player(word: str) -> int:
    """The seat a notation word names (P1, P2, or an older record's 0 or 1)."""
    try:
        return _PLAYER_WORDS[word.casefold()]
    except KeyError:
        raise NotationError(f"{word!r} names no player (P1, P2)") from None


def to_string(table: Table, action: int) -> str:
    """The notation of a seat's ``action`` in this position."""
    kind, arg = A.kind_of(action)
    if kind == "select":
        return selection_text(Selection.decode(arg))
    if kind == "first":
        return f"first {player_text(arg)}"
    if kind == "deity":
        return f"{verb_for(table, kind)} {DEITIES[arg].name}"
    if kind == "row":
        return f"{verb_for(table, kind)} {ROWS[arg].plural}"
    if kind == "leave":
        return LEAVE_TEXT
    return f"scholars {MODES[arg]}"


def parse(text: str) -> tuple[int, str]:
    """``(action, verb)`` for a notation text; raises ``NotationError`` when it is none."""
    words = text.strip().casefold().split()
    if not words:
        raise NotationError("empty notation")
    verb, rest = words[0], words[1:]
    if verb == "bring":
        return _parse_selection(rest), verb
    if len(rest) != 1:
        raise NotationError(f"{text!r}: expected a verb and one word")
    word = rest[0]
    if verb == "first" and word in _PLAYER_WORDS:
        return A.FIRST + _PLAYER_WORDS[word], verb
    if verb == "scholars" and word in MODES:
        return A.MODE + MODES.index(word), verb
    if verb == "leave" and word in ("rows", "row"):
        return A.LEAVE, verb
    if verb in (*DEITY_VERBS.values(), "deity") and word in _DEITY_NAMES:
        return A.DEITY + _DEITY_NAMES[word], verb
    row_verbs = (*TARGET_VERBS.values(), *DEST_VERBS.values(), "row")
    if verb in row_verbs and word in _ROW_NAMES:
        return A.ROW + _ROW_NAMES[word], verb
    raise NotationError(f"{text!r} is not Gunst notation")


def _parse_selection(words: list[str]) -> int:
    kin = [0] * 5
    mask = 0
    if words == ["nothing"]:
        return Selection(tuple(kin), 0).code
    for word in words:
        if word in _DEITY_NAMES:
            mask |= 1 << _DEITY_NAMES[word]
            continue
        match = _KIN_TOKEN.fullmatch(word)
        if match is None:
            raise NotationError(f"{word!r} is neither a kin count (2W) nor a deity")
        kind = _KIN_LETTERS[match.group(2)]
        kin[kind] += int(match.group(1) or 1)
    if any(n > k.count for n, k in zip(kin, KINS, strict=True)):
        raise NotationError(f"more kin than a set holds: {words}")
    return Selection(tuple(kin), mask).code


def to_dict(table: Table, action: int, text: str) -> dict[str, Any]:
    """A structured description of ``action`` for user interfaces."""
    kind, arg = A.kind_of(action)
    out: dict[str, Any] = {"action": action, "text": text, "kind": kind}
    if kind == "select":
        sel = Selection.decode(arg)
        out["kin"] = {k.name: n for k, n in zip(KINS, sel.kin, strict=True)}
        out["deities"] = [DEITIES[d].name for d in sel.deity_list()]
        out["pieces"] = sel.size()
    elif kind == "first":
        out["seat"] = arg
    elif kind == "deity":
        out["deity"] = DEITIES[arg].name
        out["purpose"] = verb_for(table, kind)
    elif kind == "row":
        out["row"] = ROWS[arg].plural
        out["number"] = arg + 1
        out["purpose"] = verb_for(table, kind)
        opposing = table.phase == TARGET and table.deity_in_use in (VANDRINGSMANDEN, EURIKA)
        out["side"] = "opponent" if opposing else "own"
    elif kind == "leave":
        out["deity"] = DEITIES[ARCHIMEDES].name
        out["purpose"] = "leave"
    else:
        out["mode"] = MODES[arg]
    return out
