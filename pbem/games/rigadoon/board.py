"""Board geometry and the wind pattern of RIGADOON, read from the one data file `data/boards.json`.

Follows the spec's "Board" and "Wind" sections. Every reconstructed value (the 11 x 11 layout, the
islands, maelstroms and exits, the start squares, the reach per angle to the wind) lives in that data
file; the code only interprets it. A square is `(r, c)` counted from 0, r = 0 the north edge and c = 0
the west edge; people write column letter + row number (`(0, 1)` is `B1`).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources

Square = tuple[int, int]

DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (-1, 0), "NE": (-1, 1), "E": (0, 1), "SE": (1, 1),
    "S": (1, 0), "SW": (1, -1), "W": (0, -1), "NW": (-1, -1),
}
ORDER = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
ORTHOGONAL = ("N", "E", "S", "W")
CORNERS = ("NW", "NE", "SE", "SW")
COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

_DATA = json.loads(resources.files(__package__).joinpath("data/boards.json").read_text())
BOARD_IDS = tuple(sorted(_DATA))


def opposite(direction: str) -> str:
    return ORDER[(ORDER.index(direction) + 4) % 8]


def downwind(wind_from: str) -> str:
    """R1: the wind is named for where it comes from, so it blows toward the opposite direction."""
    return opposite(wind_from)


def direction_between(a: Square, b: Square) -> str:
    """The orthogonal direction from a to an orthogonally adjacent b."""
    step = (b[0] - a[0], b[1] - a[1])
    for name in ORTHOGONAL:
        if DIRECTIONS[name] == step:
            return name
    raise ValueError(f"{a} and {b} are not orthogonally adjacent")


class BadSquare(ValueError):
    """Text that is not a square of this board."""


@dataclass(frozen=True)
class Board:
    id: str
    size: int
    shallows: frozenset
    islands: tuple  # ((corner, square), ...) in CORNERS order
    maelstroms: tuple
    exits: tuple  # ((corner, exit square), ...) under the chosen mapping (R27)
    compass: Square
    chest_starts: tuple
    ship_starts: tuple  # ((ship, square), ...)
    orange_by_angle: tuple  # ((angle, squares), ...)
    yellow_bonus: int
    provenance: str

    # --- squares -----------------------------------------------------------------------------------

    def on_board(self, square: Square) -> bool:
        return 0 <= square[0] < self.size and 0 <= square[1] < self.size

    def name(self, square: Square) -> str:
        return f"{COLUMNS[square[1]]}{square[0] + 1}"

    def parse(self, text: str) -> Square:
        """The square named by `text` (column letter and row number, `E5`); BadSquare otherwise. The
        text is quoted back short, whatever was sent; a row too long to be a number is refused before
        it is converted (it could only be off the board)."""
        if not isinstance(text, str):
            raise BadSquare(f"a square is written as text like E5, not {type(text).__name__}")
        text = text.strip().upper()
        digits = text[1:]
        if not (len(text) >= 2 and text[0] in COLUMNS[: self.size] and digits.isdecimal() and len(digits) <= 4000
                and self.on_board((int(digits) - 1, COLUMNS.index(text[0])))):
            shown = text if len(text) <= 12 else text[:12] + "..."
            raise BadSquare(f"{shown!r} is not a square (column A-{COLUMNS[self.size - 1]}, row 1-{self.size})")
        return (int(digits) - 1, COLUMNS.index(text[0]))

    def step(self, square: Square, direction: str) -> Square:
        """One square on, without wrapping (may leave the board): sailing and chest bumps."""
        dr, dc = DIRECTIONS[direction]
        return (square[0] + dr, square[1] + dc)

    def wrap_step(self, square: Square, direction: str) -> Square:
        """One square on, wrapping across the edge to the far side: blasts only."""
        dr, dc = DIRECTIONS[direction]
        return ((square[0] + dr) % self.size, (square[1] + dc) % self.size)

    def neighbours(self, square: Square):
        """Orthogonal neighbours on the board; attacks never cross the edge."""
        for name in ORTHOGONAL:
            other = self.step(square, name)
            if self.on_board(other):
                yield other

    # --- terrain -----------------------------------------------------------------------------------

    def island_at(self, square: Square) -> str | None:
        for corner, where in self.islands:
            if where == square:
                return corner
        return None

    def maelstrom_at(self, square: Square) -> str | None:
        for corner, where in self.maelstroms:
            if where == square:
                return corner
        return None

    def exit_of(self, corner: str) -> Square:
        return dict(self.exits)[corner]

    def exit_at(self, square: Square) -> str | None:
        for corner, where in self.exits:
            if where == square:
                return corner
        return None

    def island(self, corner: str) -> Square:
        return dict(self.islands)[corner]

    def is_shallows(self, square: Square) -> bool:
        return square in self.shallows

    def is_open_water(self, square: Square) -> bool:
        return not (square in self.shallows or self.island_at(square) or self.maelstrom_at(square))

    def terrain(self, square: Square) -> str:
        if self.island_at(square):
            return "island"
        if self.maelstrom_at(square):
            return "maelstrom"
        if square in self.shallows:
            return "shallows"
        return "open"

    # --- wind ----------------------------------------------------------------------------------------

    def orange(self, wind_from: str, direction: str) -> int:
        """Squares reachable with 1 or 2 masts (the card's orange squares) along `direction`."""
        k = abs(ORDER.index(direction) - ORDER.index(downwind(wind_from))) % 8
        return dict(self.orange_by_angle)[45 * min(k, 8 - k)]

    def reach(self, wind_from: str, direction: str, masts: int) -> int:
        """How far a ship may sail: 0 without masts, orange with 1-2, one more (yellow) with 3."""
        if masts < 1:
            return 0
        n = self.orange(wind_from, direction)
        return n + self.yellow_bonus if masts >= 3 else n


@lru_cache(maxsize=None)
def load_board(board_id: str = "recon11", exits: str = "opposite") -> Board:
    raw = _DATA[board_id]
    probe = Board(raw["id"], raw["size"], frozenset(), (), (), (), (0, 0), (), (), (), 0, "")
    parse = probe.parse
    wind = raw["wind"]
    return Board(
        id=raw["id"],
        size=raw["size"],
        shallows=frozenset(parse(s) for s in raw["shallows"]),
        islands=tuple((c, parse(raw["islands"][c])) for c in CORNERS),
        maelstroms=tuple((c, parse(raw["maelstroms"][c])) for c in CORNERS),
        exits=tuple((c, parse(raw["exits"][exits][c])) for c in CORNERS),
        compass=parse(raw["compass"]),
        chest_starts=tuple(sorted(parse(s) for s in raw["chest_starts"])),
        ship_starts=tuple((name, parse(sq)) for name, sq in sorted(raw["ship_starts"].items())),
        orange_by_angle=tuple((int(a), n) for a, n in sorted(wind["orange_by_angle"].items(), key=lambda kv: int(kv[0]))),
        yellow_bonus=wind["yellow_bonus"],
        provenance=raw.get("provenance", ""),
    )


def exit_mappings(board_id: str) -> tuple[str, ...]:
    return tuple(sorted(_DATA[board_id]["exits"]))
