"""The river: a boustrophedon of pointy-top hex fields in "odd-r" offset coordinates.

Follows `shared/specs/mississippi.md`, "Track geometry" (RECONSTRUCTED layout, A16). Field 0 is the
start (top left), field N-1 the goal. Even rows run east, odd rows run west; a bend is one diagonal
step (SE from an even row, SW from an odd row). Neighbours are computed from the hex coordinates, and
`closed_form_neighbours` gives the spec's formula so a test can check that both agree.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

# Sides of a hex, numbered counter-clockwise from east, with their axial (dq, dr) deltas.
E, NE, NW, W, SW, SE = range(6)
SIDE_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def opposite(side: int) -> int:
    return (side + 3) % 6


def side_name(side: int) -> str:
    return SIDE_NAMES[side]


@dataclass(frozen=True)
class Board:
    """One river of `rows` legs of `width` fields, with its neighbour table."""

    rows: int
    width: int
    # neighbours[t] = ((side, field), ...) in side order E, NE, NW, W, SW, SE
    neighbours: tuple[tuple[tuple[int, int], ...], ...]

    @property
    def size(self) -> int:
        return self.rows * self.width

    @property
    def goal(self) -> int:
        return self.size - 1

    def coords(self, field: int) -> tuple[int, int]:
        """(col, row) of a track field."""
        return field_coords(field, self.width)

    def field_at(self, col: int, row: int) -> int | None:
        return coords_field(col, row, self.rows, self.width)

    def row_of(self, field: int) -> int:
        return field // self.width

    def forward_side(self, field: int) -> int:
        """The side facing the travel direction of the field's row: E on even rows, W on odd ones."""
        return E if self.row_of(field) % 2 == 0 else W

    def neighbour(self, field: int, side: int) -> int | None:
        for d, other in self.neighbours[field]:
            if d == side:
                return other
        return None


def field_coords(field: int, width: int) -> tuple[int, int]:
    row, i = divmod(field, width)
    col = i if row % 2 == 0 else width - 1 - i
    return col, row


def coords_field(col: int, row: int, rows: int, width: int) -> int | None:
    if not (0 <= row < rows and 0 <= col < width):
        return None  # the banks have no fields
    i = col if row % 2 == 0 else width - 1 - col
    return row * width + i


def to_axial(col: int, row: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def from_axial(q: int, r: int) -> tuple[int, int]:
    return q + (r - (r & 1)) // 2, r


def coordinate_neighbours(field: int, rows: int, width: int) -> tuple[tuple[int, int], ...]:
    """Neighbours of a field from its hex coordinates: (side, field) for every side with a track field."""
    q, r = to_axial(*field_coords(field, width))
    found = []
    for side, (dq, dr) in enumerate(DIRECTIONS):
        other = coords_field(*from_axial(q + dq, r + dr), rows, width)
        if other is not None:
            found.append((side, other))
    return tuple(found)


def closed_form_neighbours(field: int, rows: int, width: int) -> frozenset[int]:
    """The spec's closed form for the neighbours of a field (used to cross-check the coordinates)."""
    row, i = divmod(field, width)
    found = set()
    if i >= 1:
        found.add(field - 1)
    if i <= width - 2:
        found.add(field + 1)
    if row + 1 < rows:
        found.add(field + (2 * width - 1 - 2 * i))
        if i >= 1:
            found.add(field + (2 * width - 2 * i))
    if row >= 1:
        found.add(field - (2 * i + 1))
        if i >= 1:
            found.add(field - 2 * i)
    return frozenset(found)


@lru_cache(maxsize=None)
def board_for(rows: int, width: int) -> Board:
    table = tuple(coordinate_neighbours(t, rows, width) for t in range(rows * width))
    return Board(rows, width, table)
