"""Movement, reactions and the reducer: what the rules do with a move once it is known to be legal.

Follows rules 1-7 of `shared/rules/mississippi.txt` and `shared/specs/mississippi.md`, "Turn structure",
"Reaction resolution" and rulings A1-A24. Only empty fields are counted when moving (rule 1, A3);
a movement ends with the contact check (rule 3, A4); the chain goes on only while the boat whose turn it
is touches another boat (rule 5, A7); positive differences are summed for the mover, otherwise each
boat with a negative difference moves on in "clockwise order" (rule 4, A5, A6).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Iterator

from ..base import Event
from .board import opposite
from .boat import rotate, rotation_cost, side_number
from .notation import FORWARD, Move, move_name, parse_move
from .state import Boat, Contact, ReactionStep, State, Trace
from .tables import MAX_BACK

ROTATION_ORDER = (0, 1, -1, 2, -2, 3)   # the order of rotation groups in legal_moves
SPATIAL_ORDER = (0, 5, 4, 3, 2, 1)      # clockwise from E: E, SE, SW, W, NW, NE (A6, spatial)


# --- counting empty fields (rule 1, A3) ---------------------------------------------------------------


def empty_ahead(state: State, field: int) -> int:
    """Empty fields after `field` up to and including the goal (A19)."""
    return state.board.goal - field - sum(1 for boat in state.boats if boat is not None and boat.field > field)


def empty_behind(state: State, field: int) -> int:
    """Empty fields before `field`, down to field 0 (A3)."""
    return field - sum(1 for boat in state.boats if boat is not None and boat.field < field)


def step_forward(occupied: frozenset[int], field: int, count: int, goal: int) -> int:
    """Move over `count` empty fields, jumping occupied ones; stop early on the goal (A10)."""
    while count > 0 and field < goal:
        field += 1
        if field not in occupied:
            count -= 1
    return field


def step_back(occupied: frozenset[int], field: int, count: int) -> int:
    while count > 0 and field > 0:
        field -= 1
        if field not in occupied:
            count -= 1
    return field


# --- what a seat may do ----------------------------------------------------------------------------------


def is_entering(state: State, seat: int) -> bool:
    return not state.entered[seat]


def start_field(state: State, seat: int) -> int:
    """Where the seat's movement starts: its field, or the start field while it enters."""
    boat = state.boats[seat]
    return 0 if boat is None else boat.field


def movement_limits(state: State, seat: int, logs: int) -> tuple[int, int]:
    """(most fields forward, most fields back) for a seat holding `logs` after its rotation."""
    field = start_field(state, seat)
    forward = min(logs, empty_ahead(state, field))
    if is_entering(state, seat):
        return forward, 0
    back = min(MAX_BACK, empty_behind(state, field))
    return forward, back


def has_legal_move(state: State, seat: int) -> bool:
    """A seat can move unless it has 0 logs and nothing empty behind it (an entering seat always can)."""
    if is_entering(state, seat):
        return True
    forward, back = movement_limits(state, seat, state.logs[seat])
    return forward > 0 or back > 0


def move_groups(state: State, seat: int) -> Iterator[tuple[int, int, int]]:
    """(rotation steps, most fields forward, most fields back) for each rotation the seat can pay for,
    in the canonical order of `legal_moves`: every distance from 1 up to each limit is legal."""
    rotations = (0,) if is_entering(state, seat) else ROTATION_ORDER
    for steps in rotations:
        cost = rotation_cost(steps)
        if cost > state.logs[seat]:
            continue
        yield (steps, *movement_limits(state, seat, state.logs[seat] - cost))


# --- reactions (rules 3-5) ------------------------------------------------------------------------------


def contacts_of(state: State, boats: list[Boat | None], mover: int) -> list[Contact]:
    board = state.board
    at = {boat.field: seat for seat, boat in enumerate(boats) if boat is not None}
    own = boats[mover]
    found = []
    for side, field in board.neighbours[own.field]:
        other = at.get(field)
        if other is None:
            continue
        number = side_number(own.east, side, state.numbering)
        other_number = side_number(boats[other].east, opposite(side), state.numbering)
        found.append(Contact(other, side, number, other_number, number - other_number))
    return found


def advance(boats: list[Boat | None], seat: int, count: int, goal: int) -> tuple[int, int]:
    """A free reaction advance: no logs, `east` unchanged (rule 7, A9). Returns (from, to)."""
    boat = boats[seat]
    occupied = frozenset(b.field for b in boats if b is not None)
    target = step_forward(occupied, boat.field, count, goal)
    boats[seat] = replace(boat, field=target)
    return boat.field, target


def negative_order(state: State, mover: int, negatives: list[Contact]) -> list[Contact]:
    """A6: "clockwise order" is seat order after the mover (seats) or the mover's sides from E (spatial)."""
    if state.clockwise == "spatial":
        return sorted(negatives, key=lambda c: SPATIAL_ORDER.index(c.side))
    return sorted(negatives, key=lambda c: (c.seat - mover) % state.seats)


def resolve_reactions(state: State, boats: list[Boat | None], mover: int) -> tuple[tuple[ReactionStep, ...], int | None]:
    """Run the reaction loop on `boats` (changed in place). Returns the passes and the seat on the goal."""
    goal = state.board.goal
    bound = state.seats * state.board.size
    steps: list[ReactionStep] = []
    while True:
        if boats[mover].field == goal:
            return tuple(steps), mover
        contacts = contacts_of(state, boats, mover)
        if not contacts:
            return tuple(steps), None  # A7: the mover touches nobody
        assert len(steps) < bound, "reaction chain exceeded seats * N passes"
        gain = sum(c.difference for c in contacts if c.difference > 0)
        if gain > 0:  # A5: the mover moves by the sum of the positive differences
            start, end = advance(boats, mover, gain, goal)
            steps.append(ReactionStep(tuple(contacts), ((mover, start, end),)))
            continue
        negatives = [c for c in contacts if c.difference < 0]
        if not negatives:  # A5/A7: every difference is zero, nothing moves
            steps.append(ReactionStep(tuple(contacts), ()))
            return tuple(steps), None
        moved = []
        for contact in negative_order(state, mover, negatives):
            start, end = advance(boats, contact.seat, -contact.difference, goal)
            moved.append((contact.seat, start, end))
            if end == goal:  # A11: the pushed boat finishes; nothing else in the chain moves
                steps.append(ReactionStep(tuple(contacts), tuple(moved)))
                return tuple(steps), contact.seat
        steps.append(ReactionStep(tuple(contacts), tuple(moved)))


# --- the reducer ---------------------------------------------------------------------------------------


def pass_turn(state: State, seat: int) -> State:
    """End `seat`'s turn: count it, then give the turn to the next seat."""
    turns, following = turn_after(state, seat)
    return replace(state, turns=turns, current=following)


def turn_after(state: State, seat: int) -> tuple[int, int]:
    """(turns played, the seat to move) once `seat`'s turn ends: it counts, and the turn goes to the next
    seat, passing over resigned seats (each passed-over turn counts too, so rounds stay rounds; never
    beyond the cap)."""
    turns = state.turns + 1
    following = (seat + 1) % state.seats
    if state.active:
        while following in state.resigned and turns < state.turn_cap:
            turns += 1
            following = (following + 1) % state.seats
    return turns, following


def apply_move(state: State, seat: int, move: Move) -> State:
    """Rotation and its cost, payment or gain, movement, every reaction, end check, next seat."""
    boats = list(state.boats)
    logs = list(state.logs)
    supply = state.supply
    boat = boats[seat] or Boat(0, 1)  # a stored move always follows its die roll
    east_before = boat.east
    cost = rotation_cost(move.rotation)
    east = rotate(boat.east, move.rotation, state.numbering)
    logs[seat] -= cost
    supply += cost
    occupied = frozenset(b.field for i, b in enumerate(boats) if b is not None and i != seat)
    paid = gained = 0
    if move.direction == FORWARD:
        paid = move.distance
        logs[seat] -= paid
        supply += paid
        field = step_forward(occupied, boat.field, move.distance, state.board.goal)
    else:
        gained = min(move.distance, supply)  # A2: the logs come out of the supply, while it lasts
        logs[seat] += gained
        supply -= gained
        field = step_back(occupied, boat.field, move.distance)
    boats[seat] = Boat(field, east)
    entered = tuple(True if i == seat else e for i, e in enumerate(state.entered))
    steps, finisher = resolve_reactions(state, boats, seat)  # reads only the board from the state
    trace = Trace(
        seat=seat, move=move_name(move), rotation=move.rotation, rotation_cost=cost,
        east_before=east_before, east_after=east, direction=move.direction, start=boat.field, end=field,
        paid=paid, gained=gained, reactions=steps,
    )
    turns, following = turn_after(state, seat)
    # one `replace` for the whole move: it looks at every field each time, and this runs in every fold
    return replace(state, boats=tuple(boats), logs=tuple(logs), supply=supply, entered=entered,
                   finisher=finisher, trace=trace, turns=turns, current=following)


def evolve(state: State, event: Event) -> State:
    """THE reducer: pure, total for stored events, never validates."""
    data = event.data
    if event.type == "die_rolled":
        seat = data["seat"]
        boats = tuple(Boat(0, data["value"]) if i == seat else b for i, b in enumerate(state.boats))
        return replace(state, boats=boats)
    if event.type == "move_played":
        return apply_move(state, data["seat"], parse_move(data["move"]))
    if event.type == "turn_skipped":
        seat = data["seat"]
        return pass_turn(replace(state, trace=Trace(seat=seat, move=None)), seat)
    if event.type == "seat_resigned":
        return resign_seat(state, data["seat"])
    raise ValueError(f"mississippi: unknown event type {event.type!r}")


def resign_seat(state: State, seat: int) -> State:
    """The seat leaves. Its boat stays on the river as an obstacle, unless it has not made its entry
    move yet (then it is taken off field 0, which the next boats need). Its turn, if it was its turn,
    is passed over like every later one."""
    boats = state.boats
    if not state.entered[seat]:
        boats = tuple(None if i == seat else b for i, b in enumerate(boats))
    after = replace(state, boats=boats, resigned=state.resigned + (seat,))
    if seat == state.current and len(after.active) > 1:
        after = pass_turn(after, seat)
    return after
