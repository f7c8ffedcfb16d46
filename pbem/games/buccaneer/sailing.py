"""Sailing and movement (Rule 8; Rulings 3, 4, 8 to 15, 18, 20 and 46): sailing, turning on the spot and
a derelict's drift, the ship passing another on the way (an interruption, answered by the passed ship
or by its standing order), the attack at the end of a sail, and the loser's free move after a fight.

A sail is walked square by square (`Sailing.continue_sail`): where it passes a lone ship that is not a
derelict, that ship's standing order decides at once, or with `ask` an `intercept` decision waits on the
queue and the sail goes on from that square when it is answered. Where the movement stops, `arrive`
(chance.py) draws a chance card on the coast and takes Flat Island treasure.
"""

from __future__ import annotations

from pbem.games.base import RULES

from .board import PORT_AT, PORT_EXITS, VECTORS, allowed_headings, port_title, square_name, step
from .cards import sailing_value
from .fights import Fights
from .geometry import derelict, drift_options, in_port, sail_options, ships_at, walk
from .notation import Move
from .state import Item, State

# The standing orders of Ruling 14: how a seat's ship answers a ship that passes it (`ask`: ask each time).
ORDERS = ("always attack", "never attack", "ask")


class Sailing(Fights):
    """The engine's movements: the turn's sail, turn or drift, interruptions, and the free move."""

    def turn_sail(self, seat: int, move: Move) -> None:
        self.do(k="phase", phase="after")
        self.clear_msa(seat)
        self.sail(seat, move.dir, move.n, move.face, move.attack)

    def turn_turn(self, seat: int, move: Move) -> None:
        self.do(k="phase", phase="after")
        self.clear_msa(seat)
        self.move_ship(seat, self.state.ships[seat].at, move.face)
        self.arrive(seat)

    def turn_drift(self, seat: int, move: Move) -> None:
        self.do(k="phase", phase="after")
        self.clear_msa(seat)
        ship = self.state.ships[seat]
        self.move_ship(seat, step(ship.at, move.dir), move.face)
        self.arrive(seat)

    def sail(self, seat: int, direction: str, n: int, face: str, attack: bool) -> None:
        start = self.state.ships[seat].at
        dest = step(start, direction, n)
        self.continue_sail(seat, direction, dest, face, attack)

    def continue_sail(self, seat: int, direction: str, dest, face: str, attack: bool) -> None:
        """Sail on from where the ship is to `dest`, stopping at the first ship that interrupts
        (Rulings 12 to 14), and attack at the end if the move says so (Ruling 15)."""
        here = self.state.ships[seat].at
        square = step(here, direction)
        while square != dest:
            occupants = ships_at(self.state, square, exclude=seat)
            if len(occupants) == 1 and not derelict(self.state, occupants[0]):
                interceptor = occupants[0]
                self.move_ship(seat, square, direction)
                item = Item("intercept", seats=(interceptor,), seat=seat, dir=direction, dest=tuple(dest),
                            face=face, attack=attack)
                order = self.state.standing[interceptor]
                if order == "ask":
                    self.push(item)
                    return
                self.open("move_played", RULES, seat=interceptor,
                          move="attack" if order == "always attack" else "let pass", standing_order=True)
                if order == "always attack":
                    self.fight(interceptor, seat, seat)
                    return
            square = step(square, direction)
        if attack:
            defender = ships_at(self.state, dest, exclude=seat)[0]
            self.move_ship(seat, dest, face)
            self.fight(seat, defender, seat)
            return
        self.move_ship(seat, dest, face)
        self.arrive(seat)

    def answer_intercept(self, seat: int, item: Item, move: Move) -> None:
        """The passed ship's answer: attack (stopping the sail there), or let pass and the sail goes on.
        A standing order sent as the answer is also kept for the next time."""
        self.pop()
        attack = move.verb == "attack" or move.word == "always attack"
        if move.verb == "order":
            self.do(k="order", seat=seat, order=move.word)
        if attack:
            self.fight(seat, item.seat, item.seat)
        else:
            self.continue_sail(item.seat, item.dir, item.dest, item.face, item.attack)

    def answer_free(self, seat: int, item: Item, move: Move) -> None:
        """Ruling 18: the loser's free move (a draw's attacked ship too, Ruling 19). In its own turn it
        closes the turn: nothing but `end` may follow."""
        self.pop()
        if self.state.turn == seat and self.state.phase != "over":
            self.do(k="phase", phase="closed")
        ship = self.state.ships[seat]
        if move.verb == "turn":
            self.move_ship(seat, ship.at, move.face)
        else:
            n = 1 if move.verb == "drift" else move.n
            self.move_ship(seat, step(ship.at, move.dir, n), move.face)
        self.arrive(seat)


def order_options(state: State, seat: int) -> list[str]:
    """The standing orders a seat may send now: any but its current one, at any time (Ruling 14); as the
    answer to a passing ship, `always attack` or `never attack`."""
    if state.phase in ("over", "setup") or state.resigned[seat]:
        return []
    front = state.pending[0] if state.pending else None
    if front and front.kind == "intercept" and seat in front.seats:
        return ["always attack", "never attack"]
    return [o for o in ORDERS if o != state.standing[seat]]


def fmt_sail(d: str, n: int, attack: bool, face: str) -> str:
    """A sail's canonical text."""
    return f"sail {d} {n}" + (" attack" if attack else "") + (f" face {face}" if face else "")


def movement_options(state: State, seat: int) -> list[str]:
    """The movements of a turn: every sail (or a derelict's drift) and, at sea, every turn on the spot,
    unless the winner of a fight must sail ahead (Ruling 20)."""
    ship = state.ships[seat]
    out: list[str] = []
    if derelict(state, seat):
        for d, square, faces in drift_options(state, seat):
            out.extend([f"drift {d} face {f}" for f in faces] if faces else [f"drift {d}"])
        return out
    sails = sail_options(state, seat)
    for d, n, square, attack, faces in sails:
        out.extend([fmt_sail(d, n, attack, f) for f in faces] if faces else [fmt_sail(d, n, attack, "")])
    if not in_port(state, seat) and not (ship.must_sail_ahead and sails):
        out.extend(f"turn face {f}" for f in allowed_headings(ship.at) if f != ship.heading)
    return out


def free_options(state: State, seat: int) -> list[str]:
    """Ruling 18 (and 46 for a derelict loser)."""
    out: list[str] = []
    if derelict(state, seat):
        for d, square, faces in drift_options(state, seat):
            out.extend([f"drift {d} face {f}" for f in faces] if faces else [f"drift {d}"])
    else:
        for d, n, square, attack, faces in sail_options(state, seat, free=True):
            out.extend([fmt_sail(d, n, False, f) for f in faces] if faces else [fmt_sail(d, n, False, "")])
    if not out:
        out = [f"turn face {f}" for f in allowed_headings(state.ships[seat].at)]
    return out


def direction_to(start, target) -> tuple[str, int]:
    """The direction and distance of `sail to SQUARE`; ("", 0) when the square is not on a straight line."""
    dx, dy = target[0] - start[0], target[1] - start[1]
    n = max(abs(dx), abs(dy))
    if n == 0 or (dx and dy and abs(dx) != abs(dy)):
        return "", 0
    unit = (dx // n if dx else 0, dy // n if dy else 0)
    for d, vec in VECTORS.items():
        if vec == unit:
            return d, n
    return "", 0


def movement_problem(state: State, seat: int, move: Move, free: bool) -> str | None:
    """Why a sail, turn or drift (the turn's movement, or a `free` move) is refused; None for the
    generic message."""
    ship = state.ships[seat]
    hand = state.hands[seat]
    port = in_port(state, seat)
    if move.verb == "turn":
        if port:
            return "Rule 8: turning in port is not a move"
        if derelict(state, seat) and not free:
            return "Ruling 46: a derelict may only drift one square or stay"
        if free:
            return "Ruling 18: turning is the free move only when no sail or drift is possible"
        if move.face == ship.heading:
            return "Ruling 9: turning must point the ship in a different direction"
        if ship.must_sail_ahead:
            return "Ruling 20: after winning a fight you must sail ahead"
        return f"Ruling 8: {move.face} is not an allowed heading on {square_name(ship.at)}"
    if move.verb == "drift" and not derelict(state, seat):
        return "Ruling 46: only a derelict (a ship with no crew) drifts"
    if move.verb == "sail" and derelict(state, seat):
        return "Ruling 46: a derelict has no crew to sail; it may drift one square"
    if port and move.dir not in PORT_EXITS[port]:
        return f"Ruling 4: leave {port_title(port)} by one of its exits"
    if move.verb == "sail":
        if not port and not free and move.dir != ship.heading:
            return f"Rule 8: your ship points {ship.heading}; it sails only that way (or turn on the spot)"
        value = sailing_value(hand)
        if move.n > value:
            return f"Rule 8: your sailing value is {value}, you asked for {move.n}"
    n = move.n if move.verb == "sail" else 1
    reached = list(walk(state, seat, ship.at, move.dir, n))
    if len(reached) < n:
        where = step(ship.at, move.dir, len(reached) + 1)
        if where in PORT_AT or (reached and reached[-1][1] in PORT_AT):
            return "Ruling 3: a port is entered only as the last square of a move, along one of its arrows"
        if where not in PORT_AT and (where[0] < 1 or where[0] > 20 or where[1] < 1 or where[1] > 20):
            return "Rule 8: the move leaves the board"
        if len(ships_at(state, where, exclude=seat)) >= 2:
            return "Ruling 11: a square holding two ships can be neither entered nor passed"
        return "Rule 8: ships cannot sail onto or across land"
    dest = reached[-1][1]
    occupants = reached[-1][2]
    if occupants:
        if free or move.verb == "drift":
            return "Ruling 18: this move may not end on a square holding a ship" if free else \
                "Ruling 46: a derelict may not drift onto a square holding a ship"
        if not move.attack:
            return f"Ruling 15: {square_name(dest)} holds a ship; write 'attack' to attack it"
    elif move.attack:
        return f"Ruling 15: there is no ship to attack on {square_name(dest)}"
    if dest in PORT_AT:
        return None
    if not move.face:
        return "Ruling 8: name the heading at the end of the move (face DIR)"
    return f"Ruling 8/15: {move.face} is not an allowed heading on {square_name(dest)}"
