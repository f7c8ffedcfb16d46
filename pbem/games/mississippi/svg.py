"""The SVG board on the pages: the river of hex fields and the boats on it, nothing else.

Follows `shared/specs/mississippi.md`, "Rendering", with the page's needs of architecture section 12:
every field is a `<g data-square="<number>">` and every boat a `<g data-piece="boat-<seat>">` (the ids of
`hints.py`), so the seat page can offer moves on the board. The players, their logs, the supply and the
key to the picture are HTML beside the board (`templates/games/mississippi.html`), so that the picture
can give all its width to the river: the text sizes below are chosen so that the smallest text is still
about 9 CSS px when the board is drawn 366 px wide on a phone, whatever the river's width option.
The output is deterministic (no random ids, one decimal per coordinate) for golden tests.
"""

from __future__ import annotations

import html
import math
from typing import Sequence

from ..base import N_, Phrase, said
from .boat import side_numbers
from .game import outcome
from .hints import passed, piece_id, square_id
from .state import State
from .summary import colour_name
from .tables import COLOURS
from .words import COLOUR_WORDS

R = 24.0                         # hex circumradius
HEX_W = math.sqrt(3) * R         # pointy-top hex width
SIDE = 6.0                       # bank left and right of the widest rows
BAND = 26.0                      # bank above and below the river, for START and GOAL
PHONE_BOARD_PX = 366.0           # the board's width on a 390 px phone (the page's margins taken off)
SMALLEST_PX = 9.0                # the smallest text we want there, in CSS px
RIVER = "#9fd3f0"
RIVER_EDGE = "#5b9bc4"
FIELD_INK = "#1d4f6e"  # 5.3:1 on the river, more on START and GOAL (issue 29)
BANK = "#a5c882"
BANK_INK = "#1b3a1b"
START_FILL = "#c9e7f7"
GOAL_FILL = "#ffe27a"


def _f(x: float) -> str:
    return f"{x:.1f}"


def board_size(rows: int, width: int) -> tuple[float, float]:
    return 2 * SIDE + HEX_W * (width + 0.5), 2 * BAND + R * (1.5 * rows + 0.5)


def text_size(view_width: float) -> float:
    """The font size (in the picture's units) of every text on the board: at least 14 units (a field
    number filling about a third of its hex), more on wide rivers so that a phone still shows 9 px."""
    return round(max(14.0, SMALLEST_PX * view_width / PHONE_BOARD_PX), 1)


def _centre(col: int, row: int) -> tuple[float, float]:
    x = SIDE + HEX_W * (col + 0.5 * (row & 1)) + HEX_W / 2
    y = BAND + R + 1.5 * R * row
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


def render_svg(state: State, seat: int | None = None, names: Sequence[str] = (), words=str) -> str:
    """The board; `words(phrase)` says its labels in the reader's language (default: English). START and
    GOAL stay as the board prints them (the key beside it names them so in every language)."""
    board = state.board
    width, height = board_size(board.rows, board.width)
    size = text_size(width)
    label = html.escape(words(N_("Mississippi board: the river and its boats")))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_f(width)} {_f(height)}" '
        f'font-family="sans-serif" role="group" aria-label="{label}">',
        f'<rect x="0.0" y="0.0" width="{_f(width)}" height="{_f(height)}" fill="{BANK}"/>',
    ]
    out += _river(state, range(board.size), size)
    out += _way(state, size)
    out += _last_turn(state)
    out += _boats(state, names, size, words=words)
    out.append("</svg>")
    return "\n".join(out)


def excerpt_svg(state: State, fields: Sequence[int], label: "str | Phrase", words=str) -> str:
    """A few fields of the river with their boats and the last turn's trails, for the rules page's
    pictures: the board's own drawing, cut down to the fields that tell the example; `words(phrase)`
    says the label and the boats' names in the reader's language (default: English)."""
    board = state.board
    centres = [_centre(*board.coords(field)) for field in fields]
    left = min(x for x, _ in centres) - HEX_W / 2 - 12
    top = min(y for _, y in centres) - R - 4
    width = max(x for x, _ in centres) + HEX_W / 2 + 12 - left
    height = max(y for _, y in centres) + R + 4 - top
    shown = frozenset(fields)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{_f(left)} {_f(top)} {_f(width)} {_f(height)}" '
        f'font-family="sans-serif" role="img" aria-label="{html.escape(words(label))}">',
        f'<rect x="{_f(left)}" y="{_f(top)}" width="{_f(width)}" height="{_f(height)}" fill="{BANK}"/>',
    ]
    out += _river(state, fields, 14.0)
    out += _last_turn(state)
    out += _boats(state, (), 14.0, shown, ring=False, words=words)
    out.append("</svg>")
    return "\n".join(out)


def _river(state: State, fields: Sequence[int], size: float) -> list[str]:
    """One hex per field with its number, centred (a boat on the field covers it)."""
    board = state.board
    out = []
    for field in fields:
        x, y = _centre(*board.coords(field))
        fill = START_FILL if field == 0 else GOAL_FILL if field == board.goal else RIVER
        out.append(f'<g data-square="{square_id(field)}">'
                   f'<polygon points="{_hexagon(x, y, R)}" fill="{fill}" stroke="{RIVER_EDGE}" stroke-width="1"/>'
                   f'<text x="{_f(x)}" y="{_f(y + size * 0.36)}" font-size="{size}" text-anchor="middle" '
                   f'fill="{FIELD_INK}">{field}</text></g>')
    return out


def _way(state: State, size: float) -> list[str]:
    """START and GOAL, a small arrow low in every third field, and one round each bend."""
    board = state.board
    out = []
    out.append(f'<text x="{_f(SIDE)}" y="{_f(BAND - 7)}" font-size="{size}" font-weight="bold" '
               f'fill="{BANK_INK}">START &#8594;</text>')
    gx, gy = _centre(*board.coords(board.goal))
    east_end = board.row_of(board.goal) % 2 == 0
    anchor, gx = ("end", gx + HEX_W / 2) if east_end else ("start", gx - HEX_W / 2)
    out.append(f'<text x="{_f(gx)}" y="{_f(gy + R + size + 2)}" font-size="{size}" font-weight="bold" '
               f'text-anchor="{anchor}" fill="{BANK_INK}">GOAL</text>')
    for row in range(board.rows):
        direction = 1 if row % 2 == 0 else -1
        x, y = _centre(board.width - 1 if direction == 1 else 0, row)
        tx = x + direction * HEX_W * 0.78
        if row + 1 < board.rows:  # round the bend: a triangle pointing down beside the leg's end
            out.append(f'<polygon points="{_f(tx - 6)},{_f(y + 2)} {_f(tx + 6)},{_f(y + 2)} {_f(tx)},{_f(y + 13)}" '
                       f'fill="{BANK_INK}"/>')
        for col in range(1, board.width - 1, 3):  # the way along the leg, low in every third field
            cx, cy = _centre(col, row)
            cy += R * 0.62
            out.append(f'<polygon points="{_f(cx - direction * 4)},{_f(cy - 3)} {_f(cx - direction * 4)},{_f(cy + 3)} '
                       f'{_f(cx + direction * 4)},{_f(cy)}" fill="{RIVER_EDGE}"/>')
    return out


def _trail(state: State, seat: int, start: int, end: int, shift: float) -> str:
    """A dotted line through the fields a boat went, `shift` units below their centres (so that a
    reaction's trail beside the paid movement's on the same fields stays apart from it)."""
    board = state.board
    points = [_centre(*board.coords(field)) for field in (start, *passed(start, end), end)]
    return (f'<polyline points="{" ".join(f"{_f(x)},{_f(y + shift)}" for x, y in points)}" fill="none" '
            f'stroke="{COLOURS[seat][1]}" stroke-width="4" stroke-linecap="round" stroke-dasharray="0.5 8" '
            f'pointer-events="none"/>')


def _last_turn(state: State) -> list[str]:
    """The way the last turn went, as dotted trails in the colours of the boats that moved: the paid
    movement from a small ring on its start field, then every reaction advance. Clicks go through them
    to the fields below."""
    trace = state.trace
    if trace is None or trace.move is None:
        return []
    out = []
    if trace.start != trace.end:
        x, y = _centre(*state.board.coords(trace.start))
        out.append(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(R * 0.45)}" fill="none" '
                   f'stroke="{COLOURS[trace.seat][1]}" stroke-width="2.5" pointer-events="none"/>')
        out.append(_trail(state, trace.seat, trace.start, trace.end, -3.0))
    for step in trace.reactions:
        for moved, start, end in step.moves:
            out.append(_trail(state, moved, start, end, 3.0))
    return out


def _boats(state: State, names: Sequence[str], size: float, shown: frozenset[int] | None = None,
           ring: bool = True, words=str) -> list[str]:
    """Each boat: a hexagon in its seat's colour with its six numbers at their sides; the side facing
    down the river has a thick edge, a small outward arrow and its number in bold. The boat to move
    has a black and white ring that shows on every colour."""
    board = state.board
    result = outcome(state)
    out = []
    for s, boat in enumerate(state.boats):
        if boat is None or shown is not None and boat.field not in shown:
            continue
        _, fill, ink = COLOURS[s]
        x, y = _centre(*board.coords(boat.field))
        colour = COLOUR_WORDS[colour_name(s)]
        who = said("%(who)s's boat (%(colour)s)", who=names[s], colour=colour) if s < len(names) and names[s] else \
            said("%(colour)s boat", colour=colour)
        who = html.escape(words(who), quote=False)
        out.append(f'<g data-piece="{piece_id(s)}"><title>{who}</title>')
        if ring and result is None and s == state.current:
            out.append(f'<polygon points="{_hexagon(x, y, R * 0.97)}" fill="none" stroke="#000000" stroke-width="5"/>')
            out.append(f'<polygon points="{_hexagon(x, y, R * 0.97)}" fill="none" stroke="#ffffff" stroke-width="2"/>')
        out.append(f'<polygon points="{_hexagon(x, y, R * 0.9)}" fill="{fill}" stroke="#000000" stroke-width="1"/>')
        numbers = side_numbers(boat.east, state.numbering)
        forward = board.forward_side(boat.field)
        for side in range(6):
            nx, ny = _corner(x, y, R * 0.56, _side_angle(side))
            weight = ' font-weight="bold"' if side == forward else ""
            out.append(f'<text x="{_f(nx)}" y="{_f(ny + size * 0.36)}" font-size="{size}" text-anchor="middle" '
                       f'fill="{ink}"{weight}>{numbers[side]}</text>')
        out.append(seat_mark(s, x, y, 5.0, ink))
        out += _forward_mark(x, y, forward, fill, ink)
        out.append("</g>")
    return out


def seat_mark(seat: int, x: float, y: float, r: float, ink: str) -> str:
    """A small shape of the seat's own in the boat's middle (circle, square, triangle, diamond, triangle
    down, cross), so that the boats differ by more than their colour (issue 29)."""
    points = {2: ((0, -1.1), (1, 0.7), (-1, 0.7)), 3: ((0, -1.2), (1, 0), (0, 1.2), (-1, 0)),
              4: ((0, 1.1), (1, -0.7), (-1, -0.7)),
              5: ((-0.35, -1), (0.35, -1), (0.35, -0.35), (1, -0.35), (1, 0.35), (0.35, 0.35), (0.35, 1), (-0.35, 1),
                  (-0.35, 0.35), (-1, 0.35), (-1, -0.35), (-0.35, -0.35))}
    if seat % 6 == 0:
        return f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}" fill="{ink}" class="seat-mark"/>'
    if seat % 6 == 1:
        return (f'<rect x="{_f(x - r * 0.85)}" y="{_f(y - r * 0.85)}" width="{_f(r * 1.7)}" height="{_f(r * 1.7)}" '
                f'fill="{ink}" class="seat-mark"/>')
    shape = " ".join(f"{_f(x + dx * r)},{_f(y + dy * r)}" for dx, dy in points[seat % 6])
    return f'<polygon points="{shape}" fill="{ink}" class="seat-mark"/>'


def _forward_mark(x: float, y: float, forward: int, fill: str, ink: str) -> list[str]:
    """A thick edge on the forward side and a small triangle pointing out of it (into the next field,
    so it lets clicks through to that field)."""
    angle = _side_angle(forward)
    ax, ay = _corner(x, y, R * 0.9, angle - 30)
    bx, by = _corner(x, y, R * 0.9, angle + 30)
    inner = R * 0.9 * math.cos(math.radians(30))  # distance from the centre to an edge
    tip_x, tip_y = _corner(x, y, inner + 8, angle)
    left_x, left_y = _corner(x, y, inner / math.cos(math.radians(14)), angle - 14)
    right_x, right_y = _corner(x, y, inner / math.cos(math.radians(14)), angle + 14)
    return [
        f'<line x1="{_f(ax)}" y1="{_f(ay)}" x2="{_f(bx)}" y2="{_f(by)}" stroke="{ink}" stroke-width="3"/>',
        f'<polygon points="{_f(left_x)},{_f(left_y)} {_f(right_x)},{_f(right_y)} {_f(tip_x)},{_f(tip_y)}" '
        f'fill="{fill}" stroke="{ink}" stroke-width="1" pointer-events="none"/>',
    ]
