"""Squares, directions and distances of the Dragon & Flagon grid (spec section 6 and 18).

A square is a (row, col) tuple, zero-based, row 0 at the top (rank 1, the bows on the pirate board).
Notation writes it as file letter + rank number (`f8` = (7, 5)); squares off the printed grid use the
bracket form `[row,col]`.
"""

from __future__ import annotations

import re

FILES = "abcdefghijk"

DIRECTIONS = {
    "n": (-1, 0), "e": (0, 1), "s": (1, 0), "w": (0, -1),
    "ne": (-1, 1), "se": (1, 1), "sw": (1, -1), "nw": (-1, -1),
}
ORTHOGONAL = ("n", "e", "s", "w")
DIAGONAL = ("ne", "se", "sw", "nw")
# Clockwise order of all eight, used to turn left and right.
CLOCKWISE = ("n", "ne", "e", "se", "s", "sw", "w", "nw")
FACING_MARK = {"n": "^", "e": ">", "s": "v", "w": "<", "ne": "9", "se": "3", "sw": "1", "nw": "7"}


class BadSquare(ValueError):
    """Text that is not a square."""


def facings(count: int) -> tuple[str, ...]:
    """The facings (and chosen directions) in canonical order: n e s w, then the diagonals."""
    return ORTHOGONAL if count == 4 else ORTHOGONAL + DIAGONAL


def step(square, direction: str):
    dr, dc = DIRECTIONS[direction]
    return (square[0] + dr, square[1] + dc)


def ahead(square, direction: str, k: int = 1):
    dr, dc = DIRECTIONS[direction]
    return (square[0] + dr * k, square[1] + dc * k)


def turn(direction: str, side: str) -> str:
    """The direction 90 degrees to the left or right of `direction`."""
    index = CLOCKWISE.index(direction)
    return CLOCKWISE[(index + (2 if side == "right" else -2)) % 8]


def opposite(direction: str) -> str:
    return CLOCKWISE[(CLOCKWISE.index(direction) + 4) % 8]


def distance(a, b) -> int:
    """King-move (Chebyshev) distance."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def neighbours(square):
    """The 8 neighbours, in reading order."""
    r, c = square
    return [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def direction_towards(origin, target) -> str | None:
    """The 8-way direction of one step from origin toward target (None when equal)."""
    dr = (target[0] > origin[0]) - (target[0] < origin[0])
    dc = (target[1] > origin[1]) - (target[1] < origin[1])
    for name, vector in DIRECTIONS.items():
        if vector == (dr, dc):
            return name
    return None


def square_name(square, rows: int, cols: int) -> str:
    r, c = square
    if 0 <= r < rows and 0 <= c < cols:
        return f"{FILES[c]}{r + 1}"
    return f"[{r},{c}]"


_ALGEBRAIC = re.compile(r"^([a-k])(\d{1,2})$")
# At most 3 digits: every real square is within a few squares of the grid, and a 4,300-digit number
# must be refused as text, not fail inside int().
_BRACKET = re.compile(r"^\[\s*(-?\d{1,3})\s*,\s*(-?\d{1,3})\s*\]$")


def parse_square(text: str, rows: int, cols: int):
    """`f8` or `[7,5]` -> (7, 5). Algebraic squares must lie on the printed grid."""
    text = text.strip().lower()
    match = _ALGEBRAIC.match(text)
    if match:
        col = FILES.index(match.group(1))
        row = int(match.group(2)) - 1
        if 0 <= row < rows and col < cols:
            return (row, col)
        raise BadSquare(f"{text} is not on the board")
    match = _BRACKET.match(text)
    if match:
        return (int(match.group(1)), int(match.group(2)))
    raise BadSquare(f"expected a square like f8 or [7,5], not {text!r}")


def parse_area(spec, rows: int, cols: int) -> tuple:
    """A rectangle `x:y` or a list of squares -> the squares in reading order."""
    if isinstance(spec, str):
        first, _, last = spec.partition(":")
        a = parse_square(first, rows, cols)
        b = parse_square(last or first, rows, cols)
        return tuple((r, c) for r in range(min(a[0], b[0]), max(a[0], b[0]) + 1)
                     for c in range(min(a[1], b[1]), max(a[1], b[1]) + 1))
    return tuple(sorted(parse_square(s, rows, cols) for s in spec))
