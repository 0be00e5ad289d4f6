"""The rules of Coerceo as pure functions on integer bitsets (rules/reference.en.md).

A position is a handful of ints: the white and black piece masks over the 114 fields,
the present tiles (19 bits) and their fields (114 bits). The start layouts (R3) give the
first masks; moves and exchanges return the new masks plus what was removed and captured,
so the state class and the fast perft share one implementation of the rules.

>>> from spelbord.games.coerceo.board import ALL_TILES, fields_of_tiles
>>> removable = removal_chain(9, 0, ALL_TILES, fields_of_tiles(ALL_TILES))[2]
>>> removable  # the centre tile has six neighbours: it stays
0
"""

from __future__ import annotations

from spelbord.games.coerceo.board import (
    BLACK,
    BORDER_FIELDS,
    EDGE_MASK,
    MOVE_MASK,
    MOVE_SLOTS,
    NUM_FIELDS,
    REMOVABLE_PATTERN,
    TILE_FIELDS,
    TILE_NEIGHBOURS,
    WHITE,
    field_colour,
    field_index,
)

MOVE_ACTIONS = NUM_FIELDS * 6
"""Move ids are ``from_field * 6 + slot`` (slot: index into ``MOVE_NEIGHBOURS``)."""
EXCHANGE_BASE = MOVE_ACTIONS
"""Exchange ids are ``EXCHANGE_BASE + target_field``."""
NUM_ACTIONS = EXCHANGE_BASE + NUM_FIELDS

TILE_OF: tuple[int, ...] = tuple(f // 6 for f in range(NUM_FIELDS))


# R3: start positions, as (x, y, field, field); a piece's colour is its field's colour.
LAURENTIUS: tuple[tuple[int, int, int, int], ...] = (
    (-2, 2, 0, 4), (-2, 1, 0, 3), (-2, 0, 3, 5), (-1, 2, 1, 4), (-1, 1, 0, 4), (-1, 0, 3, 5),
    (-1, -1, 2, 5), (0, 2, 1, 5), (0, 1, 1, 5), (0, -1, 2, 4), (0, -2, 2, 4), (1, 1, 2, 5),
    (1, 0, 0, 2), (1, -1, 1, 3), (1, -2, 1, 4), (2, 0, 0, 2), (2, -1, 0, 3), (2, -2, 1, 3),
)  # fmt: skip
OCIUS: tuple[tuple[int, int, int, int], ...] = (
    (-1, 1, 1, 3), (-1, 0, 0, 2), (0, 1, 2, 4), (0, 0, 0, 3), (0, -1, 1, 5), (1, 0, 3, 5),
    (1, -1, 0, 4),
)  # fmt: skip


def start_pieces(layout: tuple[tuple[int, int, int, int], ...]) -> tuple[int, int]:
    """The (white, black) piece masks of a start layout."""
    masks = [0, 0]
    for x, y, f1, f2 in layout:
        for f in (f1, f2):
            i = field_index(x, y, f)
            masks[field_colour(i)] |= 1 << i
    return masks[WHITE], masks[BLACK]


def _move_tables() -> tuple[dict[int, tuple[int, ...]], ...]:
    """Per field: every subset of its move-neighbour mask -> the move ids into it.

    Built slot by slot: the subsets without slot ``k`` are there already, those with it
    put its move id first (slots ascend, so the ids stay sorted)."""
    tables = []
    for f in range(NUM_FIELDS):
        table: dict[int, tuple[int, ...]] = {0: ()}
        for slot, _, bit in reversed(MOVE_SLOTS[f]):
            for mask, ids in list(table.items()):
                table[mask | bit] = (f * 6 + slot, *ids)
        tables.append(table)
    return tuple(tables)


MOVES_INTO: tuple[dict[int, tuple[int, ...]], ...] = _move_tables()
"""``MOVES_INTO[f][MOVE_MASK[f] & free]``: the sorted move ids of a piece on ``f``."""


def removal_chain(start: int, occupied: int, tiles: int, fields: int) -> tuple[int, int, int]:
    """Remove empty tiles, starting from tile ``start``, as long as any qualifies (R8).

    A tile qualifies when it is present, holds no piece, and its present neighbours are
    at most three forming one unbroken run. Every tile that qualifies at one moment is
    removed together; then the neighbours of the removed tiles are checked again.
    Returns ``(tiles, fields, removed_tiles_mask)``.
    """
    removed = 0
    candidates = {start}
    while candidates:
        now = []
        for t in candidates:
            if not tiles >> t & 1 or occupied & TILE_FIELDS[t]:
                continue
            pattern = 0
            for d, n in enumerate(TILE_NEIGHBOURS[t]):
                if n >= 0 and tiles >> n & 1:
                    pattern |= 1 << d
            if REMOVABLE_PATTERN[pattern]:
                now.append(t)
        if not now:
            break
        for t in now:
            tiles &= ~(1 << t)
            fields &= ~TILE_FIELDS[t]
            removed |= 1 << t
        candidates = {n for t in now for n in TILE_NEIGHBOURS[t] if n >= 0 and tiles >> n & 1}
    return tiles, fields, removed


def captures(own: int, opp: int, fields: int, touched: int) -> int:
    """The opponent pieces among ``touched`` fields that ``own`` now encloses (R7).

    A piece is enclosed when every edge-neighbour field that still exists holds one of
    ``own``'s pieces.
    """
    out = 0
    cand = opp & touched
    free_or_opp = fields & ~own
    while cand:
        low = cand & -cand
        cand ^= low
        if not EDGE_MASK[low.bit_length() - 1] & free_or_opp:
            out |= low
    return out


def border_of(removed: int) -> int:
    """The fields that shared an edge with a field of the removed tiles."""
    out = 0
    t = 0
    while removed:
        if removed & 1:
            out |= BORDER_FIELDS[t]
        removed >>= 1
        t += 1
    return out


def play_move(
    own: int, opp: int, tiles: int, fields: int, frm: int, to: int
) -> tuple[int, int, int, int, int, int]:
    """Move one of ``own``'s pieces from ``frm`` to ``to`` with all its consequences.

    Returns ``(own, opp, tiles, fields, removed_tiles, captured_fields)``; the removed
    tiles go to the mover (R8) and the captured pieces are gone from ``opp``.
    """
    own ^= (1 << frm) | (1 << to)
    touched = EDGE_MASK[to]
    removed = 0
    tile = TILE_OF[frm]
    if not (own | opp) & TILE_FIELDS[tile]:
        tiles, fields, removed = removal_chain(tile, own | opp, tiles, fields)
        if removed:
            touched |= border_of(removed)
    taken = captures(own, opp, fields, touched)
    return own, opp ^ taken, tiles, fields, removed, taken


def play_exchange(
    own: int, opp: int, tiles: int, fields: int, target: int
) -> tuple[int, int, int, int, int, int]:
    """Remove the opponent piece on ``target`` (an exchange, R10) with its consequences.

    Returns ``(own, opp, tiles, fields, removed_tiles, captured_fields)``; the removed
    tiles go to nobody; ``captured_fields`` does not include ``target`` itself.
    """
    opp ^= 1 << target
    removed = 0
    taken = 0
    tile = TILE_OF[target]
    if not (own | opp) & TILE_FIELDS[tile]:
        tiles, fields, removed = removal_chain(tile, own | opp, tiles, fields)
        if removed:
            taken = captures(own, opp, fields, border_of(removed))
    return own, opp ^ taken, tiles, fields, removed, taken


def move_actions(own: int, free: int) -> list[int]:
    """Sorted move ids of the pieces ``own`` into ``free`` fields (R5)."""
    out: list[int] = []
    m = own
    while m:
        low = m & -m
        m ^= low
        f = low.bit_length() - 1
        dests = MOVE_MASK[f] & free
        if dests:
            out += MOVES_INTO[f][dests]
    return out


def count_actions(own: int, opp: int, free: int, can_exchange: bool) -> int:
    """How many legal actions the side with ``own`` pieces has."""
    n = 0
    m = own
    while m:
        low = m & -m
        m ^= low
        n += (MOVE_MASK[low.bit_length() - 1] & free).bit_count()
    if can_exchange:
        n += opp.bit_count()
    return n


def has_action(own: int, free: int, can_exchange: bool) -> bool:
    """Whether the side with ``own`` pieces has any legal action (else: stalemate, R12)."""
    if can_exchange:
        return True
    m = own
    while m:
        low = m & -m
        m ^= low
        if MOVE_MASK[low.bit_length() - 1] & free:
            return True
    return False


def mobility(own: int, free: int) -> int:
    """The number of moves of ``own``'s pieces (exchanges not counted)."""
    return count_actions(own, 0, free, False)
