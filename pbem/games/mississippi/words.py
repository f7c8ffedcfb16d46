"""A Mississippi turn told in words: the lines a person reads for one append, for the notices, the
history page, the record and the feeds.

Mississippi has no hidden information, so every reader gets the same lines. The events of an append
are folded through the game's own reducer from `before`, and each move is told from the turn trace
the reducer keeps (rotation, the paid or gainful movement, every reaction in order), with the boats it
jumped read from the position before it. One line per move, reactions folded into it; one line per
entry die and per skipped turn; a last line when the append ended the game.
"""

from __future__ import annotations

from typing import Sequence

from ..base import Event
from .events import EVENT_SCHEMAS
from .game import outcome
from .rules import evolve
from .state import ReactionStep, State, Trace
from .tables import COLOURS

ROTATION_WORDS = {
    1: "one step clockwise", -1: "one step counter-clockwise",
    2: "two steps clockwise", -2: "two steps counter-clockwise", 3: "half round",
}
ENDINGS = {
    "round_cap": "The game reached its limit of {rounds}",
    "stalled": "No boat could move any more",
}


def describe(before: State, events: Sequence[Event], seat: int | None, names: Sequence[str]) -> list[str]:
    """The words for the events of one append, the same for every reader (nothing is hidden)."""
    teller = _Teller(names, before.seats)
    lines: list[str] = []
    state = before
    for event in events:
        if event.type not in EVENT_SCHEMAS:
            continue  # not one of this game's events (the platform keeps its own)
        after = evolve(state, event)
        line = teller.event_line(state, after, event)
        if line:
            lines.append(line)
        state = after
    ended = outcome(state)
    if outcome(before) is None and ended is not None:
        lines.append(teller.ending_line(state, ended))
    return lines


class _Teller:
    """Names the seats: the player's name (on one line), or the boat's colour where no name is known."""

    def __init__(self, names: Sequence[str], seats: int):
        given = [" ".join(str(name).split()) for name in names]
        self.names = [given[s] if s < len(given) and given[s] else COLOURS[s][0] for s in range(seats)]

    def name(self, seat: int) -> str:
        return self.names[seat]

    def boat(self, seat: int) -> str:
        return f"{self.name(seat)}'s boat"

    # --- one event ---------------------------------------------------------------------------------

    def event_line(self, state: State, after: State, event: Event) -> str | None:
        data = event.data
        if event.type == "die_rolled":
            seat, value = data["seat"], data["value"]
            return (f"{self.name(seat)} rolled a {value} for the entry: the {COLOURS[seat][0].lower()} boat "
                    f"waits on the start with its {value} pointing downstream.")
        if event.type == "turn_skipped":
            return f"{self.name(data['seat'])} had no move (no logs and nothing empty behind the boat): turn skipped."
        if event.type == "seat_resigned":
            seat = data["seat"]
            if state.entered[seat]:
                return f"{self.name(seat)} resigned; the boat stays on the river as an obstacle."
            return f"{self.name(seat)} resigned before entering; the boat leaves the start."
        if event.type == "move_played" and after.trace is not None:
            return self.move_line(state, after.trace)
        return None

    def move_line(self, before: State, trace: Trace) -> str:
        seat = trace.seat
        parts = [self.movement(before, trace)]
        parts += [self.reaction(trace.seat, step, before.board.goal) for step in trace.reactions]
        return f"{self.name(seat)} " + "; ".join(parts) + "."

    def movement(self, before: State, trace: Trace) -> str:
        """`turned one step clockwise (free) and went forward 3 to field 8, jumping Bob's boat, paying 3
        logs (7 left)`, from the position before the move."""
        entering = not before.entered[trace.seat]
        logs_after = before.logs[trace.seat] - trace.rotation_cost - trace.paid + trace.gained
        turn = ""
        if trace.rotation:
            cost = "free" if not trace.rotation_cost else _logs(trace.rotation_cost)
            turn = f"turned {ROTATION_WORDS[trace.rotation]} ({cost}) and "
        distance = _distance(trace)
        where = _place(trace.end, before.board.goal)
        if trace.direction == "forward":
            went = f"went forward {distance} to {where}"
            if entering:
                went = f"entered the river, forward {distance} from the start to {where}"
        else:
            went = f"went back {distance} to {where}"
        jumped = self.jumped(before, trace)
        if jumped:
            went += f", jumping {jumped}"
        if trace.direction == "forward":
            money = f"paying {_logs(trace.paid)} ({logs_after} left)"
        elif trace.gained == distance:
            money = f"taking {_logs(trace.gained)} from the supply (now holding {logs_after})"
        elif trace.gained:
            money = f"taking {_logs(trace.gained)}, all the supply held (now holding {logs_after})"
        else:
            money = f"taking no logs, the supply being empty ({logs_after} left)"
        return f"{turn}{went}, {money}"

    def jumped(self, before: State, trace: Trace) -> str:
        low, high = sorted((trace.start, trace.end))
        seats = [
            s for s, boat in enumerate(before.boats)
            if s != trace.seat and boat is not None and low < boat.field < high
        ]
        seats.sort(key=lambda s: before.boats[s].field, reverse=trace.direction != "forward")
        if not seats:
            return ""
        owners = _joined([f"{self.name(s)}'s" for s in seats])
        return f"{owners} boat{'s' if len(seats) > 1 else ''}"

    # --- reactions (rules 3-5) ---------------------------------------------------------------------

    def reaction(self, mover: int, step: ReactionStep, goal: int) -> str:
        """`Cy's 6 beat Bob's 2 and Cy's 4 beat Ann's 2: Cy moved on 6 to field 22`, `Ann's 5 beat Cy's
        3: Ann moved on 2 to field 40, then Bob on 1 to field 45`, `Cy's 4 met Ann's 4: nothing moved`."""
        moved = [seat for seat, _, _ in step.moves]
        if mover in moved:
            (_, _, end), = step.moves
            gains = [c for c in step.contacts if c.difference > 0]
            beats = " and ".join(
                f"{self.name(mover)}'s {c.number} beat {self.name(c.seat)}'s {c.other_number}" for c in gains
            )
            total = sum(c.difference for c in gains)
            return f"{beats}: {self.name(mover)} moved on {total} to {_place(end, goal)}"
        if not step.moves:
            met = " and ".join(
                f"{self.name(mover)}'s {c.number} met {self.name(c.seat)}'s {c.other_number}" for c in step.contacts
            )
            return f"{met}: nothing moved"
        by_seat = {c.seat: c for c in step.contacts}
        beats = " and ".join(
            f"{self.name(seat)}'s {by_seat[seat].other_number} beat {self.name(mover)}'s {by_seat[seat].number}"
            for seat in moved
        )
        travels = [
            f"{self.name(seat)}{' moved' if index == 0 else ''} on {-by_seat[seat].difference} to {_place(end, goal)}"
            for index, (seat, _, end) in enumerate(step.moves)
        ]
        return f"{beats}: " + ", then ".join(travels)

    # --- the end -----------------------------------------------------------------------------------

    def ending_line(self, state: State, result) -> str:
        winner = result.winners[0]
        if result.termination == "goal":
            if state.finisher == winner:
                return f"{self.name(winner)} won: the boat reached the goal."
            return (f"{self.boat(state.finisher)} reached the goal, but {self.name(state.finisher)} had "
                    f"resigned: {self.name(winner)} won, farthest down the river.")
        if result.termination == "resigned":
            return f"{self.name(winner)} won: the only player left."
        boat = state.boats[winner]
        where = f" (field {boat.field})" if boat is not None and state.entered[winner] else ""
        reason = ENDINGS.get(result.termination, "The game ended").format(rounds=_count(state.max_rounds, "round"))
        return f"{reason}: {self.name(winner)} won, farthest down the river{where}."


def _distance(trace: Trace) -> int:
    """The k of `forward k` or `back k`, from the canonical move text (jumped fields do not count)."""
    return int(trace.move.rsplit(" ", 1)[1])


def _count(count: int, thing: str) -> str:
    return f"{count} {thing}{'s' if count != 1 else ''}"


def _logs(count: int) -> str:
    return _count(count, "log")


def _place(field: int, goal: int) -> str:
    return "the goal" if field == goal else f"field {field}"


def _joined(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
