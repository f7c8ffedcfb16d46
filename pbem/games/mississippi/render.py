"""The ASCII board (tests, e-mail, CLI); the SVG board of the pages is in `svg.py`.

Follows `shared/specs/mississippi.md`, "Rendering": a deterministic function of the state.
"""

from __future__ import annotations

import textwrap
from functools import lru_cache

from .board import coords_field, side_name
from .boat import side_numbers
from .game import outcome
from .state import State
from .summary import colour_name, trace_summary

# --- ASCII --------------------------------------------------------------------------------------------------


@lru_cache(maxsize=64)
def _empty_rows(rows: int, width: int) -> tuple[tuple[tuple[int, ...], tuple[str, ...]], ...]:
    """Each row's fields, west to east, and their cells with no boat on them: the same for every board
    of this size, and most of a turn notice's board (a notice carries the board as text)."""
    digits = max(2, len(str(rows * width - 1)))
    out = []
    for row in range(rows):
        fields = tuple(coords_field(col, row, rows, width) for col in range(width))
        out.append((fields, tuple(f"[{field:>{digits}}]" for field in fields)))
    return tuple(out)


def render_text(state: State, seat: int | None = None) -> str:
    board = state.board
    result = outcome(state)
    if result is None:
        round_ = state.turns // state.seats + 1
        head = f"MISSISSIPPI  turn {state.turns + 1} (round {round_})  "
        # seats counted from 1, as players count them
        head += f"to move: seat {state.current + 1} ({colour_name(state.current)})"
    else:
        round_ = max(0, state.turns - 1) // state.seats + 1
        head = f"MISSISSIPPI  game over after turn {state.turns} (round {round_})"
    lines = [head + f"  supply {state.supply}"]
    if state.trace is not None:
        last = "last: " + trace_summary(state.trace)
        if len(last) <= 80 and last.isprintable() and not last.endswith(" "):
            lines.append(last)  # what wrap would give, without its cost (most turns are one short line)
        else:
            lines += textwrap.wrap(last, 80, subsequent_indent="      ")

    digits = max(2, len(str(board.goal)))
    at = {boat.field: s for s, boat in enumerate(state.boats) if boat is not None}
    for row, (fields, cells) in enumerate(_empty_rows(board.rows, board.width)):
        if at.keys() & set(fields):
            cells = list(cells)
            for i, field in enumerate(fields):
                if field in at:
                    s = at[field]
                    number = side_numbers(state.boats[s].east, state.numbering)[board.forward_side(field)]
                    cells[i] = f"<{colour_name(s)[0]}{number}>".ljust(digits + 2)
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
