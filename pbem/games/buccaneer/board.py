"""Static geometry of the 20x20 Buccaneer board (spec section 4, Laws Rules 1, 8, 9, 13 to 15).

Squares are (x, y) with x = 1..20 west to east and y = 1..20 south to north; in notation a column
letter A..T and a row number ("A1", "T20"). This module holds only fixed facts and pure helpers:
land, coasts, ports with their exits (Ruling 3, harbour model A), headings allowed on a square
(Ruling 8), sea distance (4.6), the card-1 destinations (Ruling 26), the card-3/4 bay fallback
(Ruling 27) and the card-6 port (Ruling 29).
"""

from __future__ import annotations

from collections import deque
from functools import lru_cache

Square = tuple[int, int]

SIZE = 20
COLUMNS = "ABCDEFGHIJKLMNOPQRST"

# Clockwise from north; this order is used everywhere a list of directions is shown.
DIRECTIONS: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
VECTORS: dict[str, tuple[int, int]] = {
    "N": (0, 1), "NE": (1, 1), "E": (1, 0), "SE": (1, -1),
    "S": (0, -1), "SW": (-1, -1), "W": (-1, 0), "NW": (-1, 1),
}
OPPOSITE = {d: DIRECTIONS[(i + 4) % 8] for i, d in enumerate(DIRECTIONS)}


def square_name(square: Square) -> str:
    x, y = square
    return f"{COLUMNS[x - 1]}{y}"


def parse_square(text: str) -> Square | None:
    text = text.strip().upper()
    if len(text) < 2 or text[0] not in COLUMNS or not text[1:].isdigit():
        return None
    y = int(text[1:])
    if not 1 <= y <= SIZE:
        return None
    return (COLUMNS.index(text[0]) + 1, y)


def on_board(square: Square) -> bool:
    return 1 <= square[0] <= SIZE and 1 <= square[1] <= SIZE


def step(square: Square, direction: str, n: int = 1) -> Square:
    dx, dy = VECTORS[direction]
    return (square[0] + dx * n, square[1] + dy * n)


def _block(x0: int, x1: int, y0: int, y1: int) -> frozenset[Square]:
    return frozenset((x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1))


TREASURE_ISLAND = _block(9, 12, 9, 12)
FLAT_ISLAND = _block(2, 4, 16, 19)
PIRATE_ISLAND = _block(17, 19, 2, 5)
LAND = TREASURE_ISLAND | FLAT_ISLAND | PIRATE_ISLAND

TREASURE_COAST = _block(8, 13, 8, 13) - TREASURE_ISLAND  # 20 squares where chance cards are drawn
FLAT_COAST = _block(1, 5, 15, 20) - FLAT_ISLAND  # 18 squares where Flat Island is reached

MUD_BAY: Square = (1, 1)
ANCHOR_BAY: Square = (20, 1)
CLIFF_CREEK: Square = (20, 20)
BAYS = {MUD_BAY: "Mud Bay", ANCHOR_BAY: "Anchor Bay", CLIFF_CREEK: "Cliff Creek"}

# Ports in the fixed order used by the state: home ports, then the trading-only ports.
HOME_PORTS: tuple[str, ...] = ("london", "genoa", "marseilles", "cadiz")
TRADING_PORTS: tuple[str, ...] = ("amsterdam", "venice")
PORTS: tuple[str, ...] = HOME_PORTS + TRADING_PORTS

PORT_SQUARE: dict[str, Square] = {
    "london": (1, 14), "venice": (1, 7), "genoa": (7, 1),
    "cadiz": (14, 20), "amsterdam": (20, 14), "marseilles": (20, 7),
}
# The three harbour arrows: the perpendicular out to sea and its two diagonals (Ruling 3).
PORT_EXITS: dict[str, tuple[str, ...]] = {
    "london": ("NE", "E", "SE"), "venice": ("NE", "E", "SE"),
    "genoa": ("N", "NE", "NW"), "cadiz": ("SE", "S", "SW"),
    "amsterdam": ("SW", "W", "NW"), "marseilles": ("SW", "W", "NW"),
}
PORT_AT: dict[Square, str] = {square: port for port, square in PORT_SQUARE.items()}


def port_entries(port: str) -> tuple[str, ...]:
    """The directions of a last step that enters the port: the reverse of its exits."""
    return tuple(OPPOSITE[d] for d in PORT_EXITS[port])


def port_title(port: str) -> str:
    return port.capitalize()


def is_sea(square: Square) -> bool:
    """On the board, not land and not a port square."""
    return on_board(square) and square not in LAND and square not in PORT_AT


def can_enter(square: Square, direction: str) -> bool:
    """May a step going `direction` end on `square`? Sea always; a port only along an entry."""
    if not on_board(square) or square in LAND:
        return False
    port = PORT_AT.get(square)
    return port is None or direction in port_entries(port)


def allowed_headings(square: Square) -> tuple[str, ...]:
    """Ruling 8: headings whose first square ahead is on the board, not land, and either sea or a port
    that can be entered in that direction. A ship in port has no heading (empty tuple)."""
    if square in PORT_AT:
        return ()
    return tuple(d for d in DIRECTIONS if can_enter(step(square, d), d))


def chebyshev(a: Square, b: Square) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


@lru_cache(maxsize=None)
def _distances_from(start: Square) -> dict[Square, int]:
    """Breadth-first king moves over the 360 non-land squares; ports count as ordinary squares."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for d in DIRECTIONS:
            there = step(here, d)
            if on_board(there) and there not in LAND and there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen


def sea_distance(a: Square, b: Square) -> int:
    return _distances_from(a)[b]


def coast_direction(square: Square) -> str:
    """The outward direction from a Treasure Island coast square: perpendicular to a side, diagonal at
    a corner (Rule 9, card 1)."""
    x, y = square
    ns = "N" if y == 13 else "S" if y == 8 else ""
    ew = "E" if x == 13 else "W" if x == 8 else ""
    return ns + ew


def card1_line(square: Square) -> tuple[Square, list[Square]]:
    """Ruling 26: the destination four squares beyond the coast square (the fifth from the island),
    stopping at the last sea square before land; plus the squares further out along the line."""
    direction = coast_direction(square)
    dest = square
    for n in range(1, 5):
        nxt = step(square, direction, n)
        if not is_sea(nxt):
            break
        dest = nxt
    beyond = []
    here = step(dest, direction)
    while on_board(here) and here not in LAND and here not in PORT_AT:
        beyond.append(here)
        here = step(here, direction)
    if on_board(here) and here not in LAND and here in PORT_AT:
        pass  # a port ends the outward search like land does
    return dest, beyond


def card1_inward(square: Square, dest: Square) -> list[Square]:
    """The squares between the destination and the coast square, from the destination inward."""
    back = OPPOSITE[coast_direction(square)]
    out = []
    here = step(dest, back)
    while here != square:
        out.append(here)
        here = step(here, back)
    return out


def bay_candidates(bay: Square) -> list[Square]:
    """Ruling 27: sea squares ordered by step distance, Manhattan distance, lower y, lower x."""
    squares = [(x, y) for x in range(1, SIZE + 1) for y in range(1, SIZE + 1) if is_sea((x, y))]
    return sorted(squares, key=lambda s: (chebyshev(s, bay), abs(s[0] - bay[0]) + abs(s[1] - bay[1]), s[1], s[0]))


def nearest_port_ahead(square: Square, heading: str) -> str:
    """Ruling 29: the nearest port whose bearing lies within 45 degrees of the heading (then 90, then
    180); ties by smaller angle, then the port clockwise of the heading. Exact integer arithmetic."""
    hx, hy = VECTORS[heading]
    h2 = hx * hx + hy * hy
    for limit in (45, 90, 180):
        found = []
        for port in PORTS:
            px, py = PORT_SQUARE[port]
            vx, vy = px - square[0], py - square[1]
            v2 = vx * vx + vy * vy
            dot = vx * hx + vy * hy
            if limit == 45 and not (dot >= 0 and 2 * dot * dot >= v2 * h2):
                continue
            if limit == 90 and dot < 0:
                continue
            cross = hx * vy - hy * vx  # negative: the port lies clockwise of the heading
            found.append((port, v2, dot, cross))
        if found:
            # Smaller distance; then smaller angle (for equal distance, larger dot); then clockwise.
            found.sort(key=lambda f: (f[1], -f[2], 0 if f[3] < 0 else 1))
            return found[0][0]
    raise AssertionError("some port always lies within 180 degrees")
