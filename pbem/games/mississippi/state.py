"""The game state and the turn trace: frozen dataclasses of tuples, rebuilt by `rules.evolve`.

Follows `shared/specs/mississippi.md`, "Events and the protocol" and "Reaction resolution" (the trace is
derived data: recomputed by `evolve`, never stored in events).
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, board_for


@dataclass(frozen=True)
class Boat:
    """A boat on the river: its track field and the number on its east side."""

    field: int
    east: int


@dataclass(frozen=True)
class Contact:
    """One touching pair in a reaction pass, seen from the boat whose turn it is."""

    seat: int            # the other boat
    side: int            # the mover's touching side
    number: int          # the mover's number on that side
    other_number: int    # the other boat's number on the opposite side
    difference: int      # number - other_number


@dataclass(frozen=True)
class ReactionStep:
    """One pass of the reaction loop: the contacts compared and the boats that moved (seat, from, to)."""

    contacts: tuple[Contact, ...]
    moves: tuple[tuple[int, int, int], ...]


@dataclass(frozen=True)
class Trace:
    """What happened in the last turn, for the view, the notices and the history page."""

    seat: int
    move: str | None               # canonical move text; None when the turn was skipped
    rotation: int = 0
    rotation_cost: int = 0
    east_before: int | None = None
    east_after: int | None = None
    direction: str | None = None
    start: int | None = None
    end: int | None = None
    paid: int = 0
    gained: int = 0
    reactions: tuple[ReactionStep, ...] = ()


@dataclass(frozen=True)
class State:
    seats: int
    rows: int
    width: int
    numbering: str
    clockwise: str
    max_rounds: int
    two_player_logs: int
    options_json: str                  # the resolved options, for the view
    boats: tuple[Boat | None, ...]     # per seat; None while a boat is not on the river
    entered: tuple[bool, ...]          # made its entry move (a boat waiting on field 0 has not)
    logs: tuple[int, ...]
    supply: int
    current: int                       # the seat whose turn it is
    turns: int = 0                     # turns played (moves, skips, passed-over resigned seats)
    finisher: int | None = None        # the seat whose boat reached the goal
    resigned: tuple[int, ...] = ()     # seats that resigned, in order
    trace: Trace | None = None
    rules_version: int = 1             # the rules this game plays (game.RULES_VERSION when it began)

    @property
    def board(self) -> Board:
        return board_for(self.rows, self.width)

    @property
    def turn_cap(self) -> int:
        return self.max_rounds * self.seats

    @property
    def active(self) -> tuple[int, ...]:
        return tuple(seat for seat in range(self.seats) if seat not in self.resigned)

    def occupant(self, field: int) -> int | None:
        for seat, boat in enumerate(self.boats):
            if boat is not None and boat.field == field:
                return seat
        return None

    def occupied(self) -> frozenset[int]:
        return frozenset(boat.field for boat in self.boats if boat is not None)
