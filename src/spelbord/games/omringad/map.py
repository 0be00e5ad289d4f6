"""Omringad's maps as data: square countries sewn together along their edges (R1-R4).

Every country is a ``size`` x ``size`` grid of squares. A square's coordinates are
``(row, col)`` inside its country: row 0 is the north edge, col 0 the west edge. Square ids
run country by country, row by row: ``id = country * size * size + row * size + col``.

A map is a list of *seams*: each seam joins one edge of a country to one edge of another,
cell for cell at the same index along the edge (the column for north/south edges, the row
for east/west edges). A unit leaving a country across an edge arrives at the matching cell
of the joined edge. Steps are orthogonal only; diagonal steps never exist (R3).

>>> m = PILLOW
>>> m.square_id(0, 0, 4), m.step(m.square_id(0, 0, 4), "N") == m.square_id(1, 0, 4)
(4, True)
>>> sorted(m.countries_bordering(0))
[1]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Literal

from spelbord.core.errors import SpelbordError

Direction = Literal["N", "E", "S", "W"]
DIRECTIONS: tuple[Direction, ...] = ("N", "E", "S", "W")
_DELTA: dict[Direction, tuple[int, int]] = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


class MapError(SpelbordError):
    """A map description that does not sew every country edge exactly once."""


@dataclass(frozen=True)
class Seam:
    """One edge of ``country_a`` sewn cell for cell to one edge of ``country_b``."""

    country_a: int
    edge_a: Direction
    country_b: int
    edge_b: Direction


@dataclass(frozen=True)
class Square:
    """One square of the board: its id, country and coordinates inside the country."""

    id: int
    country: int
    row: int
    col: int

    def label(self, country_letters: str) -> str:
        """Text name like ``A c3``: country letter, column letter a-e, row number from 1."""
        return f"{country_letters[self.country]} {chr(ord('a') + self.col)}{self.row + 1}"


def _edge_index(edge: Direction, row: int, col: int) -> int:
    """The position of a border cell along ``edge`` (column for N/S, row for E/W)."""
    return col if edge in ("N", "S") else row


def _edge_cell(edge: Direction, index: int, size: int) -> tuple[int, int]:
    """The (row, col) of the cell at ``index`` along ``edge``."""
    last = size - 1
    if edge == "N":
        return 0, index
    if edge == "S":
        return last, index
    if edge == "W":
        return index, 0
    return index, last


@dataclass(frozen=True)
class GameMap:
    """A map: its countries, their size and the seams between them (R1).

    ``steps[square][d]`` is the square reached by one step in direction ``DIRECTIONS[d]``
    (inside the country or across a seam); ``neighbours[square]`` the distinct squares one
    step away, sorted.
    """

    name: str
    num_countries: int
    size: int
    seams: tuple[Seam, ...]
    letters: str = "ABCD"
    steps: tuple[tuple[int, int, int, int], ...] = field(init=False, repr=False)
    neighbours: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    _view: dict[str, object] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        edges = [(s.country_a, s.edge_a) for s in self.seams]
        edges += [(s.country_b, s.edge_b) for s in self.seams]
        wanted = {(c, e) for c in range(self.num_countries) for e in DIRECTIONS}
        if len(edges) != len(set(edges)) or set(edges) != wanted:
            raise MapError(f"map {self.name!r} must sew every country edge exactly once")
        sewn: dict[tuple[int, Direction], tuple[int, Direction]] = {}
        for s in self.seams:
            sewn[(s.country_a, s.edge_a)] = (s.country_b, s.edge_b)
            sewn[(s.country_b, s.edge_b)] = (s.country_a, s.edge_a)
        n = self.size
        steps: list[tuple[int, int, int, int]] = []
        for country in range(self.num_countries):
            for row in range(n):
                for col in range(n):
                    out: list[int] = []
                    for d in DIRECTIONS:
                        dr, dc = _DELTA[d]
                        r, c = row + dr, col + dc
                        if 0 <= r < n and 0 <= c < n:
                            out.append(self.square_id(country, r, c))
                            continue
                        other, other_edge = sewn[(country, d)]
                        r2, c2 = _edge_cell(other_edge, _edge_index(d, row, col), n)
                        out.append(self.square_id(other, r2, c2))
                    steps.append((out[0], out[1], out[2], out[3]))
        object.__setattr__(self, "steps", tuple(steps))
        object.__setattr__(self, "neighbours", tuple(tuple(sorted(set(s))) for s in steps))
        object.__setattr__(self, "_view", self._make_view())

    def view(self) -> dict[str, object]:
        """The map as JSON for user interfaces: countries, size, letters, seams and steps.

        Built once per map and shared by every observation: treat it as read-only.

        >>> v = PILLOW.view()
        >>> v["countries"], v["size"], v["seams"][0], len(v["steps"]), v is PILLOW.view()
        (2, 5, [0, 'N', 1, 'N'], 50, True)
        """
        return self._view

    def _make_view(self) -> dict[str, object]:
        return {
            "name": self.name,
            "countries": self.num_countries,
            "size": self.size,
            "letters": self.letters[: self.num_countries],
            "seams": [[s.country_a, s.edge_a, s.country_b, s.edge_b] for s in self.seams],
            "steps": [list(s) for s in self.steps],
        }

    # ------------------------------------------------------------------ squares
    @property
    def num_squares(self) -> int:
        return self.num_countries * self.size * self.size

    def square_id(self, country: int, row: int, col: int) -> int:
        """The id of the square at ``(row, col)`` of ``country``."""
        if not (
            0 <= country < self.num_countries and 0 <= row < self.size and 0 <= col < self.size
        ):
            raise MapError(f"no square ({country}, {row}, {col}) on map {self.name!r}")
        return (country * self.size + row) * self.size + col

    def square(self, square_id: int) -> Square:
        """The square with id ``square_id``."""
        if not 0 <= square_id < self.num_squares:
            raise MapError(f"no square {square_id} on map {self.name!r}")
        country, rest = divmod(square_id, self.size * self.size)
        row, col = divmod(rest, self.size)
        return Square(square_id, country, row, col)

    def squares(self) -> Iterator[Square]:
        for i in range(self.num_squares):
            yield self.square(i)

    def country_squares(self, country: int) -> range:
        """The ids of ``country``'s squares."""
        per = self.size * self.size
        return range(country * per, (country + 1) * per)

    def country_of(self, square_id: int) -> int:
        return square_id // (self.size * self.size)

    def label(self, square_id: int) -> str:
        """Text name of a square, e.g. ``B e3``."""
        return self.square(square_id).label(self.letters)

    def parse_label(self, text: str) -> int:
        """The square id named by ``label`` text (``A c3``; the space is optional)."""
        t = text.replace(" ", "").strip()
        if len(t) < 3 or t[0].upper() not in self.letters[: self.num_countries]:
            raise MapError(f"{text!r} is not a square of map {self.name!r}")
        country = self.letters.index(t[0].upper())
        col = ord(t[1].lower()) - ord("a")
        try:
            row = int(t[2:]) - 1
        except ValueError:
            raise MapError(f"{text!r} is not a square of map {self.name!r}") from None
        return self.square_id(country, row, col)

    # ------------------------------------------------------------------ adjacency
    def step(self, square_id: int, direction: Direction) -> int:
        """The square one step from ``square_id`` in ``direction`` (across seams too)."""
        return self.steps[square_id][DIRECTIONS.index(direction)]

    def adjacent(self, a: int, b: int) -> bool:
        """Whether ``a`` and ``b`` share an edge (R3)."""
        return b in self.neighbours[a]

    def crossing(self, square_id: int, direction: Direction) -> Seam | None:
        """The seam a step from ``square_id`` in ``direction`` crosses, or ``None``."""
        sq = self.square(square_id)
        dr, dc = _DELTA[direction]
        if 0 <= sq.row + dr < self.size and 0 <= sq.col + dc < self.size:
            return None
        for s in self.seams:
            if (s.country_a, s.edge_a) == (sq.country, direction) or (
                s.country_b,
                s.edge_b,
            ) == (sq.country, direction):
                return s
        raise MapError("unreachable: every edge is sewn")  # pragma: no cover

    def countries_bordering(self, country: int) -> set[int]:
        """The other countries that share at least one seam with ``country``."""
        out = set()
        for s in self.seams:
            if s.country_a == country and s.country_b != country:
                out.add(s.country_b)
            if s.country_b == country and s.country_a != country:
                out.add(s.country_a)
        return out


PILLOW = GameMap(
    name="pillow",
    num_countries=2,
    size=5,
    seams=(
        Seam(0, "N", 1, "N"),
        Seam(0, "E", 1, "E"),
        Seam(0, "S", 1, "S"),
        Seam(0, "W", 1, "W"),
    ),
)
"""The two-player map (R2): two 5x5 countries sewn like a pillow, each edge to its namesake."""

FOUR_COUNTRIES = GameMap(
    name="four",
    num_countries=4,
    size=5,
    seams=(
        # The inner seams of the 2x2 block  A B / C D.
        Seam(0, "E", 1, "W"),
        Seam(0, "S", 2, "N"),
        Seam(1, "S", 3, "N"),
        Seam(2, "E", 3, "W"),
        # The outer edges: each country also borders its diagonal opposite twice.
        Seam(0, "N", 3, "S"),
        Seam(0, "W", 3, "E"),
        Seam(1, "N", 2, "S"),
        Seam(1, "E", 2, "W"),
    ),
)
"""The four-player map (R4): countries A B / C D; A-D and B-C share their outer edges."""

MAPS: dict[str, GameMap] = {m.name: m for m in (PILLOW, FOUR_COUNTRIES)}
