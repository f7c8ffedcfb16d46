"""The turn trace in one line of text, for the ASCII board, the view and the notices.

Follows `shared/specs/mississippi.md`, "Rendering" (the example `Blue forward 2: 2->4; +3 vs Red
(E 6 vs W 3): 4->8`): the paid movement, then one part per reaction pass.
"""

from __future__ import annotations

from .board import side_name
from .state import Trace
from .tables import COLOURS


def colour_name(seat: int) -> str:
    return COLOURS[seat][0]


# --- the turn trace as one line ----------------------------------------------------------------------


def trace_summary(trace: Trace) -> str:
    """`Blue forward 2: 2->4; +3 vs Red (E 6 vs W 3): 4->8`."""
    who = colour_name(trace.seat)
    if trace.move is None:
        return f"{who} skipped (no legal move)"
    first = f"{trace.start}->{trace.end}"
    if trace.rotation:
        first = f"east {trace.east_before}->{trace.east_after}, {first}"
    if trace.gained or trace.direction == "back":
        first += f" (+{trace.gained} log{'s' if trace.gained != 1 else ''})"
    parts = [first]
    for step in trace.reactions:
        moved = {seat for seat, _, _ in step.moves}
        if any(seat == trace.seat for seat in moved):
            positive = [c for c in step.contacts if c.difference > 0]
            total = sum(c.difference for c in positive)
            (_, start, end), = step.moves
            parts.append(f"+{total} vs {_contacts(positive)}: {start}->{end}")
        elif not step.moves:
            parts.append(f"0 vs {_contacts(step.contacts)}")
        else:
            by_seat = {c.seat: c for c in step.contacts}
            for seat, start, end in step.moves:
                c = by_seat[seat]
                parts.append(
                    f"{colour_name(seat)} +{-c.difference} "
                    f"({side_name((c.side + 3) % 6)} {c.other_number} vs {side_name(c.side)} {c.number}): {start}->{end}"
                )
    return f"{who} {trace.move}: " + "; ".join(parts)


def _contacts(contacts) -> str:
    return ", ".join(
        f"{colour_name(c.seat)} ({side_name(c.side)} {c.number} vs {side_name((c.side + 3) % 6)} {c.other_number})"
        for c in contacts
    )
