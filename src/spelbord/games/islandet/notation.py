"""Notation: the text of every action and its parser.

=============  =======================================================
text           action
=============  =======================================================
``block e5``   setup: an obstacle block on e5
``tank c2``    setup: a tank on c2 (``soldier``, ``jeep``, ``tank``)
``face E``     setup: the unit just placed faces east (N, E, S, W)
``pad jeep``   setup: a jeep in the next carrier-pad slot
``enter 3``    bring the unit of pad slot 3 (1-5, west to east) onto the island
``move pad``   on a 0: the next roll moves the carrier pad
``turn c4 L``  on a 0: turn the unit on c4 left (``R``: right)
``c4xc8``      the unit on c4 shoots at c8
``done``       stop shooting
``c4-c7``      move straight from c4 to c7; ``c4-c6L``: then turn left
``pad W``      move the carrier pad west by the roll (``pad E``: east)
``remove c4``  rule 1A: remove the opposing unit on c4
``remove pad 2``  rule 1B: remove the opposing unit in pad slot 2
``decline``    rules 1A/1B: take no free removal (version 3 on)
``first South``, ``roll 3``, ``live e5`` / ``safe e5``: chance outcomes
=============  =======================================================

>>> from spelbord.games.islandet.position import Position, Rules
>>> pos = Position(Rules())
>>> parse(pos, "first North")
1
>>> pos.phase = "block"
>>> text(pos, 0, parse(pos, "block e5"))
'block e5'
"""

from __future__ import annotations

from spelbord.core.errors import NotationError
from spelbord.games.islandet.actions import decode, encode
from spelbord.games.islandet.board import (
    FACINGS,
    SEAT_NAMES,
    parse_square,
    square_name,
    step,
)
from spelbord.games.islandet.position import Position
from spelbord.games.islandet.rules import LIVE, SAFE, target_of
from spelbord.games.islandet.units import KINDS, kind_by_name

SIDES = "LR"
PAD_SIDES = "WE"


def chance_text(pos: Position, outcome: int) -> str:
    """The text of a chance outcome in the current phase."""
    if pos.phase == "first":
        return f"first {SEAT_NAMES[outcome]}"
    if pos.phase == "reveal":
        where = square_name(pos.reveal[0]) if pos.reveal else "?"
        return f"{'live' if outcome == LIVE else 'safe'} {where}"
    return f"roll {outcome}"


def text(pos: Position, seat: int, action: int) -> str:
    """The notation of a seat's action (``seat`` = -1: a chance outcome)."""
    if seat < 0:
        return chance_text(pos, action)
    a = decode(action)
    sq = square_name(a.square) if a.square >= 0 else ""
    if a.kind == "block":
        return f"block {sq}"
    if a.kind == "place":
        return f"{KINDS[a.arg].name} {sq}"
    if a.kind == "face":
        return f"face {FACINGS[a.arg]}"
    if a.kind == "padkind":
        return f"pad {KINDS[a.arg].name}"
    if a.kind == "enter":
        return f"enter {a.arg + 1}"
    if a.kind == "padmove":
        return "move pad"
    if a.kind == "turn":
        return f"turn {sq} {SIDES[a.arg]}"
    if a.kind == "shoot":
        target = target_of(pos, a.square) if a.square in pos.units else None
        return f"{sq}x{square_name(target)}" if target is not None else f"shoot {sq}"
    if a.kind == "done":
        return "done"
    if a.kind == "move":
        unit = pos.units.get(a.square)
        distance = pos.roll if a.arg == 0 else pos.roll - 1
        dest = step(a.square, unit.facing, distance) if unit and distance > 0 else None
        if dest is None:
            return f"move {sq} {'FLR'[a.arg]}"
        return f"{sq}-{square_name(dest)}{('', 'L', 'R')[a.arg]}"
    if a.kind == "padshift":
        return f"pad {PAD_SIDES[a.arg]}"
    if a.kind == "remove":
        return f"remove {sq}"
    if a.kind == "decline":
        return "decline"
    return f"remove pad {a.arg + 1}"


def _slot(token: str) -> int:
    if not token.isdigit() or not 1 <= int(token) <= 5:
        raise ValueError(f"not a pad slot: {token!r}")
    return int(token) - 1


def parse(pos: Position, line: str) -> int:
    """The action (or chance outcome) that ``line`` names in this phase.

    Raises ``NotationError`` when the text does not parse; legality is the caller's check.
    """
    try:
        return _parse(pos, line)
    except (ValueError, IndexError, KeyError):
        raise NotationError(f"cannot read {line!r} as an Islandet action") from None


def _parse(pos: Position, line: str) -> int:
    words = line.strip().lower().split()
    if not words:
        raise ValueError("empty")
    head, rest = words[0], words[1:]
    if head == "first" and len(rest) == 1:
        return [n.lower() for n in SEAT_NAMES].index(rest[0])
    if head == "roll" and len(rest) == 1:
        return int(rest[0])
    if head in ("live", "safe") and len(rest) == 1:
        return LIVE if head == "live" else SAFE
    if head == "block" and len(rest) == 1:
        return encode("block", parse_square(rest[0]))
    if head in ("soldier", "jeep", "tank") and len(rest) == 1:
        return encode("place", parse_square(rest[0]), kind_by_name(head))
    if head == "face" and len(rest) == 1:
        return encode("face", arg=FACINGS.lower().index(rest[0]))
    if head == "pad" and len(rest) == 1:
        if rest[0] in ("w", "e"):
            return encode("padshift", arg=PAD_SIDES.lower().index(rest[0]))
        return encode("padkind", arg=kind_by_name(rest[0]))
    if head == "enter" and len(rest) == 1:
        return encode("enter", arg=_slot(rest[0]))
    if words == ["move", "pad"]:
        return encode("padmove")
    if head == "move" and len(rest) == 2:
        return encode("move", parse_square(rest[0]), "flr".index(rest[1]))
    if head == "turn" and len(rest) == 2:
        return encode("turn", parse_square(rest[0]), SIDES.lower().index(rest[1]))
    if head == "shoot" and len(rest) == 1:
        return encode("shoot", parse_square(rest[0]))
    if words == ["done"]:
        return encode("done")
    if words == ["decline"]:
        return encode("decline")
    if head == "remove" and len(rest) == 2 and rest[0] == "pad":
        return encode("removepad", arg=_slot(rest[1]))
    if head == "remove" and len(rest) == 1:
        return encode("remove", parse_square(rest[0]))
    if len(words) == 1 and "x" in head:
        return encode("shoot", parse_square(head.split("x")[0]))
    if len(words) == 1 and "-" in head:
        origin, dest = head.split("-")
        how = 0
        if dest and dest[-1] in "lr":
            how = 1 + "lr".index(dest[-1])
            dest = dest[:-1]
        parse_square(dest)
        return encode("move", parse_square(origin), how)
    raise ValueError(line)
