"""The ASCII board (tests, e-mail, CLI); the SVG board of the pages is in `svg.py`.

Follows `shared/specs/mississippi.md`, "Rendering": a deterministic function of the state.
"""

from __future__ import annotations

import textwrap

from .board import side_name
from .boat import side_numbers
from .game import outcome
from .state import State
from .summary import colour_name, trace_summary


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
