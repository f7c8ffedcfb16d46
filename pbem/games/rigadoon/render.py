"""The ASCII picture of a RIGADOON position (spec "Rendering"), for tests, e-mail and the command line;
the SVG for pages is in `svg` (re-exported here).

A pure function of the state and an optional selected ship; identical input gives identical output, so
golden files can pin it.
"""

from __future__ import annotations

from .board import COLUMNS, downwind
from .rules import legal_moves, to_move
from .state import FLEET_NAMES, State
from .svg import render_svg  # noqa: F401  (the package exports it from here)
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
        winner = "none (draw)" if state.result[1] is None else f"seat {state.result[1] + 1}"
        lines.append(f"result: {state.result[0]}, winner {winner}")
    if ship:
        lines.append(f"selected {ship}: o orange reach, y only with 3 masts")
    seats = sorted({*range(state.seats)} if seat is None else {seat})
    for who in seats:
        moves = legal_moves(state, who)
        if moves:
            lines.extend(_wrap(f"legal (seat {who + 1}): ", moves))  # counted from 1, as players count
    return "\n".join(lines) + "\n"
