"""Pictures of the river: the ASCII board (tests, e-mail, CLI) and the SVG board (pages).

Follows `shared/specs/mississippi.md`, "Rendering". Both are deterministic functions of the state:
the SVG has no ids and writes every coordinate with one decimal.
"""

from __future__ import annotations

import html
import math
import textwrap
from typing import Sequence

from .board import side_name
from .boat import side_numbers
from .game import outcome
from .state import State
from .summary import colour_name, trace_summary
from .tables import COLOURS


# --- ASCII --------------------------------------------------------------------------------------------------


def render_text(state: State, seat: int | None = None) -> str:
    board = state.board
    result = outcome(state)
    if result is None:
        round_ = state.turns // state.seats + 1
        head = f"MISSISSIPPI  turn {state.turns + 1} (round {round_})  "
        head += f"to move: seat {state.current} ({colour_name(state.current)})"
    else:
        round_ = max(0, state.turns - 1) // state.seats + 1
        head = f"MISSISSIPPI  game over after turn {state.turns} (round {round_})"
    lines = [head + f"  supply {state.supply}"]
    if state.trace is not None:
        lines += textwrap.wrap("last: " + trace_summary(state.trace), 80, subsequent_indent="      ")

    digits = max(2, len(str(board.goal)))
    at = {boat.field: s for s, boat in enumerate(state.boats) if boat is not None}
    for row in range(board.rows):
        cells = []
        for col in range(board.width):
            field = board.field_at(col, row)
            if field in at:
                s = at[field]
                east = state.boats[s].east
                number = side_numbers(east, state.numbering)[board.forward_side(field)]
                cells.append(f"<{colour_name(s)[0]}{number}>".ljust(digits + 2))
            else:
                cells.append(f"[{field:>{digits}}]")
        indent = "   " if row % 2 else ""
        arrow = "<" if row % 2 else ">"
        lines.append(f"r{row} {indent}" + "  ".join(cells) + f" {arrow}")

    lines.append("")
    lines.append("seat  boat    field  logs   E NE NW  W SW SE   fwd")
    for s in range(state.seats):
        boat = state.boats[s]
        line = f"{s:>4}  {colour_name(s):<6}"
        if boat is None:
            line += f"{'-':>7}{state.logs[s]:>6}   not entered"
        else:
            numbers = side_numbers(boat.east, state.numbering)
            forward = board.forward_side(boat.field)
            line += f"{boat.field:>7}{state.logs[s]:>6}{numbers[0]:>5}" + "".join(f"{n:>3}" for n in numbers[1:])
            line += f"{numbers[forward]:>4} ({side_name(forward)})"
            if not state.entered[s]:
                line += "  not entered"
        if s in state.resigned:
            line += "  resigned"
        lines.append(line)
    if result is not None:
        order = ", ".join(colour_name(group[0]) for group in result.ranking)
        lines.append("")
        lines.append(f"result: {colour_name(result.winners[0])} wins ({result.termination}); ranking {order}")
    return "\n".join(lines)


# --- SVG ------------------------------------------------------------------------------------------------------

R = 24.0                         # hex circumradius
HEX_W = math.sqrt(3) * R         # pointy-top hex width
MARGIN = 30.0
PANEL_W = 260.0
RIVER = "#9fd3f0"
RIVER_EDGE = "#5b9bc4"
BANK = "#a5c882"


def _f(x: float) -> str:
    return f"{x:.1f}"


def _centre(col: int, row: int) -> tuple[float, float]:
    x = MARGIN + HEX_W * (col + 0.5 * (row & 1)) + HEX_W / 2
    y = MARGIN + R + 1.5 * R * row
    return x, y


def _corner(x: float, y: float, radius: float, angle: float) -> tuple[float, float]:
    rad = math.radians(angle)
    return x + radius * math.cos(rad), y + radius * math.sin(rad)


def _hexagon(x: float, y: float, radius: float) -> str:
    points = (_corner(x, y, radius, 30 + 60 * k) for k in range(6))
    return " ".join(f"{_f(px)},{_f(py)}" for px, py in points)


def _side_angle(side: int) -> float:
    """Screen angle (degrees, y down) of the middle of a side: E 0, NE -60, NW -120, ..."""
    return -60.0 * side


def render_svg(state: State, seat: int | None = None, names: Sequence[str] = ()) -> str:
    board = state.board
    result = outcome(state)
    board_w = 2 * MARGIN + HEX_W * (board.width + 0.5)
    board_h = 2 * MARGIN + R * (1.5 * board.rows + 0.5)
    width = board_w + PANEL_W
    height = max(board_h, 60 + 44 * state.seats + 140)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(width)} {_f(height)}" '
        f'font-family="sans-serif" role="img" aria-label="Mississippi board">',
        f'<rect x="0.0" y="0.0" width="{_f(width)}" height="{_f(height)}" fill="#ffffff"/>',
        f'<rect x="0.0" y="0.0" width="{_f(board_w)}" height="{_f(board_h)}" fill="{BANK}"/>',
    ]
    # the river, one hex per field, with its number
    for field in range(board.size):
        x, y = _centre(*board.coords(field))
        out.append(f'<polygon points="{_hexagon(x, y, R)}" fill="{RIVER}" stroke="{RIVER_EDGE}" stroke-width="1"/>')
        out.append(f'<text x="{_f(x)}" y="{_f(y - R * 0.55)}" font-size="7" text-anchor="middle" fill="#2b5d7d">{field}</text>')
    # start and goal labels, and arrows along each leg and round each bend
    for field, label, dy in ((0, "START", -R - 4), (board.goal, "GOAL", R + 12)):
        x, y = _centre(*board.coords(field))
        out.append(f'<text x="{_f(x)}" y="{_f(y + dy)}" font-size="10" font-weight="bold" '
                   f'text-anchor="middle" fill="#1b3a1b">{label}</text>')
    for row in range(board.rows):
        direction = 1 if row % 2 == 0 else -1
        last = board.field_at(board.width - 1 if direction == 1 else 0, row)
        x, y = _centre(*board.coords(last))
        tx = x + direction * HEX_W * 0.75
        if row + 1 < board.rows:  # round the bend: a triangle pointing down beside the leg's end
            out.append(f'<polygon points="{_f(tx - 5)},{_f(y + 4)} {_f(tx + 5)},{_f(y + 4)} {_f(tx)},{_f(y + 13)}" fill="#1b3a1b"/>')
        else:                     # into the goal
            out.append(f'<polygon points="{_f(tx)},{_f(y - 5)} {_f(tx)},{_f(y + 5)} {_f(tx + direction * 9)},{_f(y)}" fill="#1b3a1b"/>')
        for col in range(1, board.width - 1, 3):  # the way along the leg, low in every third field
            cx, cy = _centre(col, row)
            cy += R * 0.5
            out.append(f'<polygon points="{_f(cx - direction * 4)},{_f(cy - 3)} {_f(cx - direction * 4)},{_f(cy + 3)} '
                       f'{_f(cx + direction * 4)},{_f(cy)}" fill="{RIVER_EDGE}"/>')
    # the boats
    for s, boat in enumerate(state.boats):
        if boat is None:
            continue
        _, fill, ink = COLOURS[s]
        x, y = _centre(*board.coords(boat.field))
        moving = result is None and s == state.current
        outline = ' stroke="#ffeb3b" stroke-width="4"' if moving else ' stroke="#000000" stroke-width="1"'
        out.append(f'<polygon points="{_hexagon(x, y, R * 0.94)}" fill="{fill}"{outline}/>')
        numbers = side_numbers(boat.east, state.numbering)
        forward = board.forward_side(boat.field)
        for side in range(6):
            angle = _side_angle(side)
            nx, ny = _corner(x, y, R * 0.58, angle)
            weight = ' font-weight="bold"' if side == forward else ""
            out.append(f'<text x="{_f(nx)}" y="{_f(ny + 3.5)}" font-size="10" text-anchor="middle" fill="{ink}"{weight}>{numbers[side]}</text>')
        # the forward side: a thick edge and a small outward triangle
        angle = _side_angle(forward)
        ax, ay = _corner(x, y, R * 0.94, angle - 30)
        bx, by = _corner(x, y, R * 0.94, angle + 30)
        out.append(f'<line x1="{_f(ax)}" y1="{_f(ay)}" x2="{_f(bx)}" y2="{_f(by)}" stroke="{ink}" stroke-width="3"/>')
        inner = R * 0.94 * math.cos(math.radians(30))  # distance from the centre to an edge
        tip_x, tip_y = _corner(x, y, inner + 7, angle)
        left_x, left_y = _corner(x, y, inner / math.cos(math.radians(12)), angle - 12)
        right_x, right_y = _corner(x, y, inner / math.cos(math.radians(12)), angle + 12)
        out.append(f'<polygon points="{_f(left_x)},{_f(left_y)} {_f(right_x)},{_f(right_y)} {_f(tip_x)},{_f(tip_y)}" '
                   f'fill="{fill}" stroke="{ink}" stroke-width="1"/>')
    # the side panel
    px = board_w + 14
    y = MARGIN
    out.append(f'<text x="{_f(px)}" y="{_f(y)}" font-size="14" font-weight="bold">Mississippi</text>')
    y += 20
    if result is None:
        when = f"turn {state.turns + 1}, round {state.turns // state.seats + 1}"
    else:
        when = f"game over after turn {state.turns}"
    out.append(f'<text x="{_f(px)}" y="{_f(y)}" font-size="11">{when}, supply {state.supply}</text>')
    y += 16
    for s in range(state.seats):
        _, fill, _ = COLOURS[s]
        name = html.escape(names[s]) if s < len(names) and names[s] else f"Seat {s}"
        boat = state.boats[s]
        if s in state.resigned:
            status = "resigned"
        elif result is not None and s in result.winners:
            status = "winner"
        elif result is None and s == state.current:
            status = "to move"
        elif not state.entered[s]:
            status = "not entered"
        else:
            status = ""
        where = f"field {boat.field}" if boat is not None and state.entered[s] else "not entered"
        out.append(f'<rect x="{_f(px)}" y="{_f(y)}" width="14" height="14" fill="{fill}" stroke="#000000" stroke-width="1"/>')
        out.append(f'<text x="{_f(px + 20)}" y="{_f(y + 11)}" font-size="12">{name} ({colour_name(s)})'
                   + (f' <tspan font-weight="bold">{status}</tspan>' if status else "") + "</text>")
        out.append(f'<text x="{_f(px + 20)}" y="{_f(y + 26)}" font-size="11">{state.logs[s]} log{"" if state.logs[s] == 1 else "s"}, {where}</text>')
        y += 44
    if state.trace is not None:
        out.append(f'<text x="{_f(px)}" y="{_f(y)}" font-size="11" font-weight="bold">last turn</text>')
        y += 14
        for line in textwrap.wrap(trace_summary(state.trace), 40):
            out.append(f'<text x="{_f(px)}" y="{_f(y)}" font-size="10">{html.escape(line)}</text>')
            y += 13
    if result is not None:
        y += 6
        out.append(f'<text x="{_f(px)}" y="{_f(y)}" font-size="12" font-weight="bold">'
                   f'{colour_name(result.winners[0])} wins ({result.termination})</text>')
    out.append("</svg>")
    return "\n".join(out)
