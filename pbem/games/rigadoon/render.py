"""ASCII and SVG pictures of a RIGADOON position (spec "Rendering").

Both are pure functions of the state and an optional selected ship; identical input gives identical
output, so golden files can pin them. Each square and ship in the SVG carries a stable id and data
attributes (`data-square`, `data-ship`; maelstroms `data-exit`, exits `data-exit-of`), so a small page
script can highlight reachable squares on click. Ships that may sail carry `data-reach-orange` /
`data-reach-yellow` only in the picture for the seat to move: spectators and the opponent have nothing
to choose. The SVG has a viewBox and no fixed size, and the wind panel sits under the board, so the
picture scales to the page's width (a phone included).
"""

from __future__ import annotations

import html

from .board import COLUMNS, DIRECTIONS, ORDER, downwind
from .rules import legal_moves, to_move
from .state import FLEET_NAMES, SHIP_NAMES, State
from .views import reachable

ARROWS = {"N": "^", "NE": "^>", "E": ">", "SE": "v>", "S": "v", "SW": "<v", "W": "<", "NW": "<^"}
CELL = 6


def _terrain_label(state: State, square) -> str:
    board = state.board
    corner = board.island_at(square)
    if corner:
        return "I" + corner.lower()
    corner = board.maelstrom_at(square)
    if corner:
        return "M" + corner.lower()
    corner = board.exit_at(square)
    if corner:
        return "X" + corner.lower()
    if square == board.compass:
        return "+"
    if square in board.shallows:
        return "~"
    return "."


def _header(state: State) -> str:
    if state.wind:
        wind = f"wind {state.wind}, blowing toward {downwind(state.wind)} ({ARROWS[downwind(state.wind)]})"
    else:
        wind = "wind not yet chosen"
    supply = f"pile {len(state.pile)}" if state.rules.wind_mode == "deck" else "die"
    if state.phase == "over":
        who = "game over"
    elif state.phase in ("first", "colour"):
        who = "setup: colour choice"
    elif state.phase == "opening":
        who = "setup: opening wind"
    else:
        who = f"{FLEET_NAMES[state.active].capitalize()} to move"
    return f"turn {state.turn}  {who}  {wind}  {supply}"


def _wrap(prefix: str, items: list[str], width: int = 70) -> list[str]:
    lines, line = [], prefix
    for item in items:
        piece = item if line == prefix else ", " + item
        if len(line) + len(piece) > width and line != prefix:
            lines.append(line + ",")
            line = " " * len(prefix) + item
        else:
            line += piece
    lines.append(line)
    return lines


def render_text(state: State, seat: int | None = None, ship: str | None = None) -> str:
    board = state.board
    reach = reachable(state, ship) if ship else {"orange": [], "yellow": []}
    marks = {sq: "o" for sq in reach["orange"]}
    marks.update({sq: "y" for sq in reach["yellow"]})
    lines = [_header(state)]
    lines.append("    " + "".join(f"{COLUMNS[c]:>{CELL}}" for c in range(board.size)))
    for r in range(board.size):
        cells = []
        for c in range(board.size):
            square = (r, c)
            occupant = state.ship_at(square)
            if occupant:
                masts = state.ship(occupant).masts
                text = f"{occupant}:{masts}"
                if occupant in state.acted:
                    text = text.lower()
                if square in state.chests:
                    text += "$"
            else:
                text = _terrain_label(state, square)
                if square in state.chests:
                    text = "$" if text == "." else text + "$"
                mark = marks.get(board.name(square))
                if mark:
                    text = mark if text == "." else text + mark
            cells.append(f"{text:>{CELL}}")
        lines.append(f"{r + 1:>4}" + "".join(cells))
    lines.append("")
    for s in state.ships:
        if s.square is None:
            continue  # only test positions leave ships out
        status = "in port" if state.in_port(s.name) else "aground" if state.aground(s.name) else "at sea"
        extra = []
        if s.name in state.acted:
            extra.append("acted")
        if s.name in state.bonus_sails:
            extra.append("Rigadoon sail")
        lines.append(f"  {s.name}  {board.name(s.square):<4}masts {s.masts}  {status}" + (f"  ({', '.join(extra)})" if extra else ""))
    if state.chain is not None:
        pending = ", ".join(f"{a}>{t}" for a, t in state.chain.pending) or "none"
        about = f" for {state.chain.blasted}" if state.chain.blasted else ""
        lines.append(f"decision: {state.chain.decision}{about}; pending attacks: {pending}")
    if state.result is not None:
        winner = "none (draw)" if state.result[1] is None else f"seat {state.result[1]}"
        lines.append(f"result: {state.result[0]}, winner {winner}")
    if ship:
        lines.append(f"selected {ship}: o orange reach, y only with 3 masts")
    seats = sorted({*range(state.seats)} if seat is None else {seat})
    for who in seats:
        moves = legal_moves(state, who)
        if moves:
            lines.extend(_wrap(f"legal (seat {who}): ", moves))
    return "\n".join(lines) + "\n"


# --- SVG --------------------------------------------------------------------------------------------------------

SIZE = 40
MARGIN = 24
FILL = {"open": "#cfe8f7", "shallows": "#f1dfae", "island": "#8fbf6a", "maelstrom": "#2f4f6f"}
FLEET_COLOUR = {"B": "#1f5fbf", "G": "#2e8b3e"}


def _f(x: float) -> str:
    return f"{x:.1f}"


CARD_CELL = 12  # the wind card's squares in the panel under the board
PANEL_HEIGHT = 9 * CARD_CELL + 16


def render_svg(state: State, seat: int | None = None, names=(), ship: str | None = None) -> str:
    board = state.board
    n = board.size
    grid = n * SIZE
    footer_y = MARGIN + grid + 18
    panel_y = footer_y + 26
    width = MARGIN + grid + 10
    height = panel_y + PANEL_HEIGHT
    # A viewBox and no width or height: the picture takes the width it is given and keeps its shape.
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" preserveAspectRatio="xMidYMin meet" '
           f'font-family="sans-serif" font-size="11" class="rigadoon-board">']
    out.append(f"<title>Rigadoon, turn {state.turn}</title>")
    for c in range(n):
        out.append(f'<text x="{_f(MARGIN + c * SIZE + SIZE / 2)}" y="{_f(MARGIN - 6)}" text-anchor="middle">{COLUMNS[c]}</text>')
    for r in range(n):
        out.append(f'<text x="{_f(MARGIN - 6)}" y="{_f(MARGIN + r * SIZE + SIZE / 2 + 4)}" text-anchor="end">{r + 1}</text>')
    selected = reachable(state, ship) if ship else {"orange": [], "yellow": []}
    may_choose = seat is not None and seat in to_move(state)  # only the seat to move chooses a ship
    for r in range(n):
        for c in range(n):
            square = (r, c)
            name = board.name(square)
            terrain = board.terrain(square)
            x, y = MARGIN + c * SIZE, MARGIN + r * SIZE
            label = {"open": "Open Water", "shallows": "The Shallows", "island": "island", "maelstrom": "maelstrom"}[terrain]
            if board.island_at(square):
                label = f"island {board.island_at(square)}"
            extra = ""
            if board.maelstrom_at(square):
                exit_name = board.name(board.exit_of(board.maelstrom_at(square)))
                label = f"maelstrom {board.maelstrom_at(square)}, exit {exit_name}"
                extra = f' data-exit="{exit_name}"'
            elif board.exit_at(square):
                label = f"exit of maelstrom {board.exit_at(square)}"
                extra = f' data-exit-of="{board.exit_at(square)}"'
            out.append(f'<rect id="sq-{name}" data-square="{name}" data-terrain="{terrain}"{extra} x="{x}" y="{y}" width="{SIZE}" '
                       f'height="{SIZE}" fill="{FILL[terrain]}" stroke="#7a8a99" stroke-width="0.5"><title>{name}: {label}</title></rect>')
            cx, cy = x + SIZE / 2, y + SIZE / 2
            if board.island_at(square):
                out.append(f'<text x="{_f(cx)}" y="{_f(y + 11)}" text-anchor="middle" font-size="9">{board.island_at(square)}</text>')
            elif board.maelstrom_at(square):
                out.append(f'<path d="M{_f(cx)} {_f(cy - 3)} m-2 0 a2 2 0 1 1 4 0 a4 4 0 1 1 -8 0 a6 6 0 1 1 12 0 a8 8 0 1 1 -16 0" '
                           f'fill="none" stroke="#e8f0f8" stroke-width="1.5"/>')
                # where the portal leads, written on it: readable without the tooltip or a script
                exit_name = board.name(board.exit_of(board.maelstrom_at(square)))
                out.append(f'<text class="maelstrom-exit" x="{_f(cx)}" y="{_f(y + SIZE - 3)}" text-anchor="middle" font-size="9" '
                           f'font-weight="bold" fill="#ffffff">&#8594;{exit_name}</text>')
            elif board.exit_at(square):
                out.append(f'<text x="{_f(cx)}" y="{_f(y + 11)}" text-anchor="middle" font-size="9" fill="#2f4f6f">&#8595;{board.exit_at(square)}</text>')
            elif square == board.compass:
                out.append(f'<g class="compass" stroke="#a0804a" stroke-width="1"><line x1="{_f(cx)}" y1="{_f(y + 4)}" x2="{_f(cx)}" y2="{_f(y + SIZE - 4)}"/>'
                           f'<line x1="{_f(x + 4)}" y1="{_f(cy)}" x2="{_f(x + SIZE - 4)}" y2="{_f(cy)}"/>'
                           f'<line x1="{_f(x + 8)}" y1="{_f(y + 8)}" x2="{_f(x + SIZE - 8)}" y2="{_f(y + SIZE - 8)}"/>'
                           f'<line x1="{_f(x + SIZE - 8)}" y1="{_f(y + 8)}" x2="{_f(x + 8)}" y2="{_f(y + SIZE - 8)}"/></g>')
            if name in selected["orange"]:
                out.append(f'<rect class="reach reach-orange" data-reach="orange" data-square="{name}" x="{x + 2}" y="{y + 2}" '
                           f'width="{SIZE - 4}" height="{SIZE - 4}" fill="#f39c34" fill-opacity="0.55"/>')
            elif name in selected["yellow"]:
                out.append(f'<circle class="reach reach-yellow" data-reach="yellow" data-square="{name}" cx="{_f(cx)}" cy="{_f(cy)}" '
                           f'r="{_f(SIZE / 2 - 4)}" fill="#f7dc3b" fill-opacity="0.7"/>')
    for name in selected["orange"] + selected["yellow"]:
        corner = board.maelstrom_at(board.parse(name))
        if corner:
            (mr, mc), (er, ec) = board.parse(name), board.exit_of(corner)
            out.append(f'<line class="reach-portal" data-square="{name}" data-exit="{board.name((er, ec))}" '
                       f'x1="{_f(MARGIN + mc * SIZE + SIZE / 2)}" y1="{_f(MARGIN + mr * SIZE + SIZE / 2)}" '
                       f'x2="{_f(MARGIN + ec * SIZE + SIZE / 2)}" y2="{_f(MARGIN + er * SIZE + SIZE / 2)}" '
                       f'stroke="#f39c34" stroke-width="1"/>')
    if len(state.last_path) > 1:
        points = " ".join(f"{_f(MARGIN + c * SIZE + SIZE / 2)},{_f(MARGIN + r * SIZE + SIZE / 2)}" for r, c in state.last_path)
        out.append(f'<polyline class="last-path" points="{points}" fill="none" stroke="#333" stroke-dasharray="4 3"/>')
    for square in state.chests:
        name = board.name(square)
        x, y = MARGIN + square[1] * SIZE, MARGIN + square[0] * SIZE
        out.append(f'<rect class="chest" data-chest="{name}" x="{x + SIZE - 16}" y="{y + SIZE - 13}" width="13" height="10" '
                   f'fill="#d4a017" stroke="#6b4e00"><title>treasure chest on {name}</title></rect>')
    for s in state.ships:
        if s.square is None:
            continue
        name = board.name(s.square)
        x, y = MARGIN + s.square[1] * SIZE, MARGIN + s.square[0] * SIZE
        reach = reachable(state, s.name) if may_choose else {"orange": [], "yellow": []}
        status = "in port" if state.in_port(s.name) else "aground" if state.aground(s.name) else "at sea"
        acted = s.name in state.acted
        attrs = (f'id="ship-{s.name}" class="ship fleet-{FLEET_NAMES[s.name[0]]}{" acted" if acted else ""}" '
                 f'data-ship="{s.name}" data-square="{name}" data-masts="{s.masts}" data-status="{status.replace(" ", "_")}"')
        if reach["orange"] or reach["yellow"]:
            attrs += f' data-reach-orange="{" ".join(reach["orange"])}" data-reach-yellow="{" ".join(reach["yellow"])}"'
        opacity = ' opacity="0.55"' if acted else ""
        out.append(f"<g {attrs}{opacity}><title>{s.name} on {name}, {s.masts} mast{'s' if s.masts != 1 else ''}, {status}"
                   f"{', acted' if acted else ''}</title>")
        colour = FLEET_COLOUR[s.name[0]]
        out.append(f'<path d="M{x + 5} {y + 24} L{x + 35} {y + 24} L{x + 30} {y + 33} L{x + 10} {y + 33} Z" fill="{colour}" stroke="#111"/>')
        for m in range(s.masts):
            mx = x + 13 + m * 7
            out.append(f'<line x1="{mx}" y1="{y + 24}" x2="{mx}" y2="{y + 12}" stroke="#111" stroke-width="2"/>')
        out.append(f'<text x="{x + 20}" y="{y + 10}" text-anchor="middle" font-size="10" font-weight="bold" fill="{colour}">{s.name}</text>')
        if status == "in port":
            out.append(f'<text x="{x + 34}" y="{y + 20}" text-anchor="middle" font-size="10">&#9875;</text>')
        out.append("</g>")
    if state.chain is not None:
        for attacker, target in state.chain.pending:
            a, t = state.ship(attacker).square, state.ship(target).square
            out.append(f'<line class="pending-attack" data-attack="{attacker} {target}" x1="{_f(MARGIN + a[1] * SIZE + SIZE / 2)}" '
                       f'y1="{_f(MARGIN + a[0] * SIZE + SIZE / 2)}" x2="{_f(MARGIN + t[1] * SIZE + SIZE / 2)}" '
                       f'y2="{_f(MARGIN + t[0] * SIZE + SIZE / 2)}" stroke="#c0392b" stroke-width="3"/>')
    for fleet, x in (("B", MARGIN), ("G", MARGIN + grid / 2)):
        seat_no = state.seat_of(fleet)
        who = ""
        if seat_no is not None and seat_no < len(names):
            who = ": " + html.escape(str(names[seat_no]))
        out.append(f'<text x="{_f(x)}" y="{footer_y}" fill="{FLEET_COLOUR[fleet]}" font-weight="bold">{FLEET_NAMES[fleet].capitalize()}{who}</text>')
    out.append(f'<text x="{MARGIN}" y="{footer_y + 16}">{html.escape(_header(state))}</text>')
    out.extend(_wind_panel(state, MARGIN, panel_y))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _lines(words: list[str], width: int) -> list[str]:
    """Words joined into lines of at most `width` characters (a long pile under deck_copies)."""
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    return lines + [line] if line else lines


def _wind_panel(state: State, x0: int, y0: int) -> list[str]:
    """Under the board, left to right: the wind and its downwind arrow, the card, the pile."""
    out = [f'<g class="wind-panel" data-wind="{state.wind or ""}">']
    out.append(f'<text x="{x0}" y="{y0 + 10}" font-weight="bold">Wind from {state.wind or "-"}</text>')
    if state.wind:
        board = state.board
        down = downwind(state.wind)
        dr, dc = DIRECTIONS[down]
        cx, cy = x0 + 40, y0 + 58
        out.append(f'<line class="downwind-arrow" data-downwind="{down}" x1="{_f(cx - dc * 26)}" y1="{_f(cy - dr * 26)}" '
                   f'x2="{_f(cx + dc * 26)}" y2="{_f(cy + dr * 26)}" stroke="#333" stroke-width="4"/>')
        out.append(f'<circle cx="{_f(cx + dc * 26)}" cy="{_f(cy + dr * 26)}" r="6" fill="#333"/>')
        out.append(f'<text x="{x0}" y="{y0 + 104}">blowing toward {down}</text>')
        left, cell = x0 + 110, CARD_CELL
        for d in ORDER:
            orange = board.orange(state.wind, d)
            full = board.reach(state.wind, d, 3)
            ddr, ddc = DIRECTIONS[d]
            for k in range(1, full + 1):
                r, c = 4 + ddr * k, 4 + ddc * k
                if not (0 <= r < 9 and 0 <= c < 9):
                    continue
                px, py = left + c * cell, y0 + r * cell
                if k <= orange:
                    out.append(f'<rect x="{px + 1}" y="{py + 1}" width="{cell - 2}" height="{cell - 2}" fill="#f39c34"/>')
                else:
                    out.append(f'<circle cx="{_f(px + cell / 2)}" cy="{_f(py + cell / 2)}" r="4.5" fill="#f7dc3b" stroke="#b59a00"/>')
        mid = left + 4 * cell + cell / 2
        out.append(f'<rect x="{_f(mid - 4)}" y="{_f(y0 + 4 * cell + cell / 2 - 4)}" width="8" height="8" fill="#111" '
                   f'transform="rotate(45 {_f(mid)} {_f(y0 + 4 * cell + cell / 2)})"/>')
        out.append(f'<rect x="{left}" y="{y0}" width="{9 * cell}" height="{9 * cell}" fill="none" stroke="#999"/>')
        text_x, line_y = left + 9 * cell + 14, y0 + 10
        if state.rules.wind_mode == "deck":
            rows = _lines([f"pile {len(state.pile)}:"] + list(state.pile), 30)
            rows += _lines(["discards:"] + (list(state.discards) or ["-"]), 30)
        else:
            rows = ["wind die"]
        for row in rows:
            out.append(f'<text x="{text_x}" y="{line_y}">{row}</text>')
            line_y += 14
    out.append("</g>")
    return out
