"""The rules of Gunst, in the order of rules/reference.en.md (R-numbers in comments).

Functions here change a ``Table``: ``reveal`` (the Tinge, both selections at once),
``toss`` (the coin), ``decide`` (any single-seat decision). Between decisions the rules run
on by themselves (``_run``) until a seat must choose, the round ends or the game ends.
A choice with a single option is taken automatically (R24). The table's ``version`` is the
rules version: version 3 keeps a deity that has acted on the field, spent, until the round
ends (R13) and lets Archimedes leave the rows as they are (R12).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product

from spelbord.games.gunst import actions as A
from spelbord.games.gunst.pieces import (
    ARCHIMEDES,
    EURIKA,
    EXTAZIA,
    FARMER,
    FIELD,
    FULL_HAND,
    HAND,
    KNIGHT,
    MAX_FAVOUR,
    SCHOLAR,
    SEASONS,
    SPENT,
    TAGEN,
    THIEF,
    VANDRINGSMANDEN,
    WARRIOR,
    Selection,
)
from spelbord.games.gunst.position import (
    COIN,
    DEST,
    FAVOUR,
    INVOKE,
    MODE,
    ORDER,
    OVER,
    RAISE,
    TARGET,
    TINGE,
    Table,
)

STRIKE = 1
"""``Table.mode`` of a scholar row that deals damage (0: it raises deities)."""


# ---------------------------------------------------------------- R4 Tinge: the selection
@lru_cache(maxsize=4096)
def selections(hand: tuple[int, ...], ready: int) -> tuple[int, ...]:
    """Every selection code a seat with this hand and these deities in hand may bring."""
    masks = [m for m in range(16) if m & ~ready == 0]
    codes = [
        Selection(counts, mask).code
        for counts in product(*(range(n + 1) for n in hand))
        for mask in masks
    ]
    return tuple(sorted(codes))


def selection_is_legal(table: Table, seat: int, code: int) -> bool:
    """Whether ``seat`` may bring selection ``code`` (fast check, no enumeration)."""
    if not 0 <= code < A.FIRST:
        return False
    sel = Selection.decode(code)
    hand = table.hand[seat]
    return all(n <= h for n, h in zip(sel.kin, hand, strict=True)) and (
        sel.deities & ~table.ready_mask(seat) == 0
    )


def reveal(table: Table, codes: list[int]) -> None:
    """R4-R5: both selections go onto the field together; the smaller side chooses.

    Rules version 1 stored the whole difference of the counts as the favour (it moves a
    deity just as far: at most to the hand); version 2 on stores the favour that applies.
    """
    sels = [Selection.decode(c) for c in codes]
    for seat, sel in enumerate(sels):
        for kind, n in enumerate(sel.kin):
            table.hand[seat][kind] -= n
            table.rows[seat][kind] = [kind] * n
        for d in sel.deity_list():
            table.deity[seat][d] = FIELD
    table.log.append(
        {
            "e": "reveal",
            "season": table.season,
            "kin": [list(s.kin) for s in sels],
            "deities": [s.deity_list() for s in sels],
        }
    )
    sizes = [s.size() for s in sels]
    if sizes[0] == sizes[1]:
        table.phase = COIN
        table.actor = -1
        return
    chooser = 0 if sizes[0] < sizes[1] else 1
    table.chooser = table.favoured = table.actor = chooser
    table.favour = favour_for(sizes) if table.version >= 2 else abs(sizes[0] - sizes[1])
    table.phase = ORDER
    table.log.append({"e": "chooser", "seat": chooser, "favour": table.favour})


def favour_for(sizes: list[int]) -> int:
    """R7: the favour that applies: the difference of the counts, at most 3.

    It is spent on one deity, which can move at most from the start to the hand ("Dette
    kan altså maks være 3"), so a larger difference gives nothing more.

    >>> favour_for([0, 7]), favour_for([5, 3])
    (3, 2)
    """
    return min(abs(sizes[0] - sizes[1]), MAX_FAVOUR)


def toss(table: Table, outcome: int) -> None:
    """R5: equal counts; the coin (the first to shout GUNST!) names the chooser."""
    table.chooser = table.actor = outcome
    table.phase = ORDER
    table.log.append({"e": "coin", "seat": outcome})


# ---------------------------------------------------------------- decisions
def legal_decisions(table: Table, seat: int) -> list[int]:
    """The sorted legal actions of the deciding ``seat`` outside Tinge."""
    phase = table.phase
    if phase == ORDER:
        return [A.FIRST, A.FIRST + 1]
    if phase in (FAVOUR, RAISE):
        return [A.DEITY + d for d in table.movable_deities(seat)]
    if phase == INVOKE:
        return [A.DEITY + d for d in table.field_deities(seat)]
    if phase == TARGET:
        return [A.ROW + r for r in _targets(table)] + ([A.LEAVE] if _may_leave(table) else [])
    if phase == DEST:
        return [A.ROW + r for r in _destinations(table)]
    if phase == MODE:
        return [A.MODE_RAISE, A.MODE_STRIKE]
    return []


def decide(table: Table, action: int) -> None:
    """Apply the decision ``action`` of the seat deciding now (legality already checked)."""
    phase = table.phase
    if phase == ORDER:
        table.first = action - A.FIRST
        table.log.append({"e": "first", "seat": table.first})
        _favour_step(table)
    elif phase == FAVOUR:
        _spend_favour(table, action - A.DEITY)
        _begin_dommen(table)
    elif phase == INVOKE:
        _invoke(table, action - A.DEITY)
    elif phase == TARGET:
        if action == A.LEAVE:
            _finish_invocation(table, -1, -1, leave=True)
        else:
            _target(table, action - A.ROW)
    elif phase == DEST:
        _destination(table, action - A.ROW)
    elif phase == MODE:
        table.mode = action - A.MODE
        table.log.append({"e": "mode", "seat": table.actor, "mode": table.mode})
        _run(table)
    elif phase == RAISE:
        _raise(table, table.actor, action - A.DEITY)
        table.left -= 1
        _run(table)
    else:
        raise ValueError(f"no single-seat decision in phase {phase!r}")


# ---------------------------------------------------------------- R6-R7 order and favour
def _favour_step(table: Table) -> None:
    """R7: the favour moves one deity of the favoured seat toward the hand."""
    if table.favour > 0:
        candidates = table.movable_deities(table.favoured)
        if len(candidates) > 1:
            table.phase = FAVOUR
            table.actor = table.favoured
            return
        if candidates:
            _spend_favour(table, candidates[0])
        else:
            table.log.append({"e": "favour", "seat": table.favoured, "deity": -1, "to": -1})
            table.favour = 0
    _begin_dommen(table)


def _spend_favour(table: Table, deity: int) -> None:
    seat = table.favoured
    place = min(HAND, table.deity[seat][deity] + table.favour)
    table.deity[seat][deity] = place
    table.favour = 0
    table.log.append({"e": "favour", "seat": seat, "deity": deity, "to": place})


# ---------------------------------------------------------------- R8-R13 Dommen
def _begin_dommen(table: Table) -> None:
    table.actor = table.first
    _next_invocation(table)


def _next_invocation(table: Table) -> None:
    """R8: deities act in alternation; a seat with none left is skipped."""
    if not table.field_deities(table.actor):
        table.actor = 1 - table.actor
        if not table.field_deities(table.actor):
            _begin_slaget(table)
            return
    deities = table.field_deities(table.actor)
    if len(deities) == 1:
        _invoke(table, deities[0])
    else:
        table.phase = INVOKE


def _invoke(table: Table, deity: int) -> None:
    table.deity_in_use = deity
    options = _targets(table)
    if _may_leave(table):  # R12 (version 3): leaving the rows is always one choice
        if options:
            table.phase = TARGET
        else:
            _finish_invocation(table, -1, -1, leave=True)
    elif not options:
        _finish_invocation(table, -1, -1)
    elif len(options) == 1:
        _target(table, options[0])
    else:
        table.phase = TARGET


def _may_leave(table: Table) -> bool:
    """R12 (rules version 3): Archimedes "tillader" (permits) a move, so its owner may
    also leave the rows as they are."""
    return table.version >= 3 and table.deity_in_use == ARCHIMEDES


def _targets(table: Table) -> list[int]:
    """R9-R12: the rows the deity in use may act on."""
    deity, seat = table.deity_in_use, table.actor
    if deity == EXTAZIA:
        return list(range(5))
    if deity in (VANDRINGSMANDEN, EURIKA):
        return table.nonempty_rows(1 - seat)
    return table.nonempty_rows(seat)


def _destinations(table: Table) -> list[int]:
    if table.deity_in_use == EURIKA:
        return list(range(5))
    return [r for r in range(5) if r != table.source]


def _target(table: Table, row: int) -> None:
    deity, seat = table.deity_in_use, table.actor
    if deity == EXTAZIA:  # R9
        table.doubled[seat] = row
        _finish_invocation(table, row, -1)
    elif deity == VANDRINGSMANDEN:  # R10
        table.rows[1 - seat][row] = []
        _finish_invocation(table, row, -1)
    else:  # R11 Eurika, R12 Archimedes: a destination follows
        table.source = row
        table.phase = DEST


def _destination(table: Table, row: int) -> None:
    seat, source = table.actor, table.source
    if table.deity_in_use == EURIKA:  # R11
        table.rows[seat][row].append(table.rows[1 - seat][source].pop())
    else:  # R12
        table.rows[seat][row].extend(table.rows[seat][source])
        table.rows[seat][source] = []
    _finish_invocation(table, source, row)


def _finish_invocation(table: Table, row: int, dest: int, leave: bool = False) -> None:
    """R13: the deity has acted; the other seat goes next. Versions 1-2: it drops to the
    second plane at once; version 3: it stays on the field, spent, until the round ends.
    ``leave``: Archimedes left the rows as they are (R12, version 3)."""
    seat, deity = table.actor, table.deity_in_use
    event = {"e": "deity", "seat": seat, "deity": deity, "row": row, "dest": dest}
    if leave:
        event["leave"] = True
    table.log.append(event)
    table.deity[seat][deity] = TAGEN if table.version < 3 else SPENT
    table.deity_in_use = -1
    table.source = -1
    if table.field_deities(1 - seat):
        table.actor = 1 - seat
    _next_invocation(table)


# ---------------------------------------------------------------- R14-R20 Slaget
def _begin_slaget(table: Table) -> None:
    table.row = 0
    table.side = 0
    table.left = -1
    table.mode = -1
    _run(table)


def _run(table: Table) -> None:
    """R14: rows act in order, the first seat's side of a row before the other's."""
    while table.row < 5:
        seat = table.first if table.side == 0 else 1 - table.first
        if table.left < 0:
            pieces = len(table.rows[seat][table.row])
            if pieces == 0:
                _next_side(table)
                continue
            table.left = pieces * (2 if table.doubled[seat] == table.row else 1)
            table.log.append({"e": "row", "seat": seat, "row": table.row, "acts": table.left})
            if table.row == SCHOLAR:  # R20: one mode for the whole row
                table.phase = MODE
                table.actor = seat
                return
        while table.left > 0:
            if not _one_effect(table, seat):
                return
            table.left -= 1
        table.rows[seat][table.row] = []  # R14: the row has acted; its kin are spent
        _next_side(table)
    _end_round(table)


def _next_side(table: Table) -> None:
    table.left = -1
    table.mode = -1
    table.side += 1
    if table.side == 2:
        table.side = 0
        table.row += 1


def _one_effect(table: Table, seat: int) -> bool:
    """One piece's effect (R15: the row decides it); False when a decision or the end waits."""
    row = table.row
    if row == KNIGHT:
        _knight(table, seat)
        return True
    if row == WARRIOR or (row == SCHOLAR and table.mode == STRIKE):
        return _hit(table, seat)
    if row == THIEF:
        _steal(table, seat)
        return True
    candidates = table.movable_deities(seat)  # R18 farmers, R20 scholars raising
    if len(candidates) > 1:
        table.phase = RAISE
        table.actor = seat
        return False
    if candidates:
        _raise(table, seat, candidates[0])
    else:
        table.log.append({"e": "raise", "seat": seat, "deity": -1, "to": -1})
    return True


def _knight(table: Table, seat: int) -> None:
    """R16: with at least as many farmers, take a warrior, a farmer and a scholar."""
    other = 1 - seat
    taken = []
    if len(table.rows[seat][FARMER]) >= len(table.rows[other][FARMER]):
        for row in (WARRIOR, FARMER, SCHOLAR):
            if table.rows[other][row]:
                table.rows[other][row].pop()
                taken.append(row)
    table.log.append({"e": "knight", "seat": seat, "took": taken})


def _hit(table: Table, seat: int) -> bool:
    """R17 (and R20 striking): one life stone of damage; R22: zero ends the game at once."""
    other = 1 - seat
    table.life[other] -= 1
    table.log.append({"e": "hit", "seat": other, "life": table.life[other]})
    if table.life[other] <= 0:
        _end_game(table, other, "life")
        return False
    return True


def _steal(table: Table, seat: int) -> None:
    """R19: a thief takes an active scholar into its own side's scholar row."""
    other = 1 - seat
    stolen = bool(table.rows[other][SCHOLAR])
    if stolen:
        table.rows[seat][SCHOLAR].append(table.rows[other][SCHOLAR].pop())
    table.log.append({"e": "steal", "seat": seat, "ok": stolen})


def _raise(table: Table, seat: int, deity: int) -> None:
    """R18: a deity one step along the track toward the hand."""
    table.deity[seat][deity] += 1
    table.log.append({"e": "raise", "seat": seat, "deity": deity, "to": table.deity[seat][deity]})


# ---------------------------------------------------------------- R21-R22 the end
def _end_round(table: Table) -> None:
    """R21: the spent deities go to Tågen (R13, version 3), the season marker moves on;
    with the option, spent kin return to the hand."""
    spent = [[d for d, place in enumerate(side) if place == SPENT] for side in table.deity]
    if any(spent):
        for seat, deities in enumerate(spent):
            for d in deities:
                table.deity[seat][d] = TAGEN
        table.log.append({"e": "tagen", "deities": spent})
    table.log.append({"e": "season-end", "season": table.season, "life": list(table.life)})
    table.doubled = [-1, -1]
    table.chooser = table.first = table.favoured = table.actor = -1
    table.row = table.side = 0
    table.left = table.mode = -1
    if table.return_spent:
        table.hand = [list(FULL_HAND), list(FULL_HAND)]
    table.season += 1
    if table.season > SEASONS:
        table.season = SEASONS
        life = table.life
        _end_game(table, -1 if life[0] == life[1] else (0 if life[0] < life[1] else 1), "seasons")
    else:
        table.phase = TINGE


def _end_game(table: Table, loser: int, why: str) -> None:
    table.phase = OVER
    table.loser = loser
    table.ended = why
    table.actor = -1
    table.log.append({"e": "end", "loser": loser, "why": why})
