"""Omringad maps: the two-player pillow (R2), orthogonal steps (R3), the four-player map (R4)."""

from __future__ import annotations

import pytest

from spelbord.games.omringad.map import (
    DIRECTIONS,
    FOUR_COUNTRIES,
    MAPS,
    PILLOW,
    GameMap,
    MapError,
    Seam,
)


def test_r1_square_ids_run_country_by_country_row_by_row() -> None:
    m = PILLOW
    assert m.num_squares == 50
    assert [m.square_id(0, 0, c) for c in range(5)] == [0, 1, 2, 3, 4]
    assert m.square_id(1, 0, 0) == 25 and m.square_id(1, 4, 4) == 49
    for sq in m.squares():
        assert m.square_id(sq.country, sq.row, sq.col) == sq.id
        assert m.country_of(sq.id) == sq.country
        assert m.parse_label(m.label(sq.id)) == sq.id
    assert m.label(m.square_id(1, 2, 4)) == "B e3"
    with pytest.raises(MapError):
        m.square_id(2, 0, 0)
    with pytest.raises(MapError):
        m.parse_label("C a1")


def test_r2_two_rightmost_villages_of_the_seed_example_are_neighbours() -> None:
    """
    A: . . . . .      B: . . . . .
       . . . . .         . . . . .
       . . . . V         . . . . V   <- both villages at the east edge, row 3
       . . . . .         . . . . .
       . . . . .         . . . . .
    """
    a = PILLOW.square_id(0, 2, 4)
    b = PILLOW.square_id(1, 2, 4)
    assert PILLOW.adjacent(a, b) and PILLOW.adjacent(b, a)
    assert PILLOW.step(a, "E") == b and PILLOW.step(b, "E") == a


@pytest.mark.parametrize(
    ("edge", "cells"),
    [
        ("N", [(0, c) for c in range(5)]),
        ("S", [(4, c) for c in range(5)]),
        ("E", [(r, 4) for r in range(5)]),
        ("W", [(r, 0) for r in range(5)]),
    ],
)
def test_r2_each_edge_is_sewn_to_its_namesake_cell_for_cell(
    edge: str, cells: list[tuple[int, int]]
) -> None:
    for row, col in cells:
        a = PILLOW.square_id(0, row, col)
        b = PILLOW.square_id(1, row, col)
        assert PILLOW.step(a, edge) == b  # type: ignore[arg-type]
        assert PILLOW.step(b, edge) == a  # type: ignore[arg-type]
        assert PILLOW.crossing(a, edge) == Seam(0, edge, 1, edge)  # type: ignore[arg-type]


def test_r2_corner_cells_border_the_other_country_on_two_sides() -> None:
    for country in (0, 1):
        for row, col in ((0, 0), (0, 4), (4, 0), (4, 4)):
            sq = PILLOW.square_id(country, row, col)
            outward = [d for d in DIRECTIONS if PILLOW.crossing(sq, d) is not None]
            assert len(outward) == 2
            assert all(PILLOW.country_of(PILLOW.step(sq, d)) == 1 - country for d in outward)


def test_r2_every_edge_cell_borders_the_other_country_inner_cells_do_not() -> None:
    for sq in PILLOW.squares():
        foreign = [n for n in PILLOW.neighbours[sq.id] if PILLOW.country_of(n) != sq.country]
        on_edge = sq.row in (0, 4) or sq.col in (0, 4)
        assert bool(foreign) == on_edge


def test_r3_orthogonal_steps_only_and_adjacency_is_symmetric() -> None:
    for m in MAPS.values():
        for sq in m.squares():
            assert len(m.steps[sq.id]) == 4
            for n in m.neighbours[sq.id]:
                assert m.adjacent(n, sq.id)
                assert n != sq.id
            inner = m.square(sq.id)
            if 0 < inner.row < 4 and 0 < inner.col < 4:
                # An inner square has exactly its four orthogonal neighbours, no diagonals.
                expected = {
                    m.square_id(sq.country, sq.row + dr, sq.col + dc)
                    for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
                }
                assert set(m.neighbours[sq.id]) == expected
    a = PILLOW.square_id(0, 1, 1)
    assert not PILLOW.adjacent(a, PILLOW.square_id(0, 2, 2))


def test_r3_stepping_out_and_back_returns_home() -> None:
    opposite = {"N": "S", "S": "N", "E": "W", "W": "E"}
    for m in MAPS.values():
        for sq in m.squares():
            for d in DIRECTIONS:
                there = m.step(sq.id, d)
                seam = m.crossing(sq.id, d)
                if seam is None:
                    assert m.step(there, opposite[d]) == sq.id  # type: ignore[arg-type]
                else:
                    # Crossing a seam you arrive through the joined edge; step back out of it.
                    other = m.square(there)
                    back_dir = (
                        seam.edge_b
                        if seam.country_a == sq.country and seam.edge_a == d
                        else seam.edge_a
                    )
                    assert m.step(other.id, back_dir) == sq.id


def test_r4_every_country_borders_every_other() -> None:
    m = FOUR_COUNTRIES
    for c in range(4):
        assert m.countries_bordering(c) == {0, 1, 2, 3} - {c}


def test_r4_inner_and_outer_seams_as_ruled() -> None:
    m = FOUR_COUNTRIES
    A, B, C, D = 0, 1, 2, 3
    for i in range(5):
        assert m.step(m.square_id(A, i, 4), "E") == m.square_id(B, i, 0)
        assert m.step(m.square_id(A, 4, i), "S") == m.square_id(C, 0, i)
        assert m.step(m.square_id(B, 4, i), "S") == m.square_id(D, 0, i)
        assert m.step(m.square_id(C, i, 4), "E") == m.square_id(D, i, 0)
        assert m.step(m.square_id(A, 0, i), "N") == m.square_id(D, 4, i)
        assert m.step(m.square_id(A, i, 0), "W") == m.square_id(D, i, 4)
        assert m.step(m.square_id(B, 0, i), "N") == m.square_id(C, 4, i)
        assert m.step(m.square_id(B, i, 4), "E") == m.square_id(C, i, 0)


def test_r4_diagonal_opposites_share_two_edges_neighbours_one() -> None:
    m = FOUR_COUNTRIES

    def shared(a: int, b: int) -> int:
        return sum(1 for s in m.seams if {s.country_a, s.country_b} == {a, b})

    assert shared(0, 3) == 2 and shared(1, 2) == 2
    assert shared(0, 1) == shared(0, 2) == shared(1, 3) == shared(2, 3) == 1


def test_r1_a_map_must_sew_every_edge_exactly_once() -> None:
    with pytest.raises(MapError):
        GameMap("broken", 2, 5, (Seam(0, "N", 1, "N"),))
    with pytest.raises(MapError):
        GameMap(
            "twice",
            2,
            5,
            (
                Seam(0, "N", 1, "N"),
                Seam(0, "N", 1, "E"),
                Seam(0, "S", 1, "S"),
                Seam(0, "W", 1, "W"),
            ),
        )
