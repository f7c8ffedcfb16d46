"""A boat: six numbers round a hexagon, held by the number on its east side (board-absolute).

Follows `shared/specs/mississippi.md`, "Boat geometry" (A15: the clockwise order of the numbers is
RECONSTRUCTED and lives in `tables.PRINTS`) and rule 6/rule 7 of `shared/rules/mississippi.txt`:
rotating is the only thing that changes `east`; moving never does.
"""

from __future__ import annotations

from .tables import PRINTS


def side_number(east: int, side: int, numbering: str = "sequential") -> int:
    """The number on a boat's side `side` (E0 NE1 NW2 W3 SW4 SE5) when `east` shows on its E side.

    Side numbers run counter-clockwise and the print clockwise, hence the (6 - side)."""
    print_ = PRINTS[numbering]
    return print_[(print_.index(east) + (6 - side) % 6) % 6]


def side_numbers(east: int, numbering: str = "sequential") -> tuple[int, ...]:
    """The six numbers in side order E, NE, NW, W, SW, SE."""
    return tuple(side_number(east, side, numbering) for side in range(6))


def rotate(east: int, steps: int, numbering: str = "sequential") -> int:
    """Turn the boat `steps` x 60 degrees, + clockwise: a clockwise step brings the NE number onto E."""
    print_ = PRINTS[numbering]
    return print_[(print_.index(east) - steps) % 6]


def rotation_cost(steps: int) -> int:
    """Rule 6: the first 60 degrees are free, each further 60 degrees costs one log."""
    return max(0, abs(steps) - 1)
