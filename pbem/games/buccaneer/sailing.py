"""Sailing and movement (Rule 8; Rulings 3, 4, 8 to 15, 18, 20 and 46): sailing, turning on the spot and
a derelict's drift, the ship passing another on the way (an interruption, answered by the passed ship
or by its standing order), the attack at the end of a sail, and the loser's free move after a fight.

A sail is walked square by square (`Sailing.continue_sail`): where it passes a lone ship that is not a
derelict, that ship's standing order decides at once, or with `ask` an `intercept` decision waits on the
queue and the sail goes on from that square when it is answered. Where the movement stops, `arrive`
(chance.py) draws a chance card on the coast and takes Flat Island treasure.
"""

from __future__ import annotations

from pbem.games.base import RULES, said

from .board import PORT_AT, PORT_EXITS, VECTORS, allowed_headings, square_name, step
from .cards import sailing_value
from .fights import Fights
from .geometry import derelict, drift_options, in_port, sail_options, ships_at, walk
from .notation import Move
from .phrases import port_name
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
            return said("%(rule)s: turning in port is not a move", rule="Rule 8")
        if derelict(state, seat) and not free:
            return said("%(rule)s: a derelict may only drift one square or stay", rule="Ruling 46")
        if free:
            return said("%(rule)s: turning is the free move only when no sail or drift is possible", rule="Ruling 18")
        if move.face == ship.heading:
            return said("%(rule)s: turning must point the ship in a different direction", rule="Ruling 9")
        if ship.must_sail_ahead:
            return said("%(rule)s: after winning a fight you must sail ahead", rule="Ruling 20")
        return said("%(rule)s: %(face)s is not an allowed heading on %(square)s",
                    rule="Ruling 8", face=move.face, square=square_name(ship.at))
    if move.verb == "drift" and not derelict(state, seat):
        return said("%(rule)s: only a derelict (a ship with no crew) drifts", rule="Ruling 46")
    if move.verb == "sail" and derelict(state, seat):
        return said("%(rule)s: a derelict has no crew to sail; it may drift one square", rule="Ruling 46")
    if port and move.dir not in PORT_EXITS[port]:
        return said("%(rule)s: leave %(port)s by one of its exits", rule="Ruling 4", port=port_name(port))
    if move.verb == "sail":
        if not port and not free and move.dir != ship.heading:
            return said("%(rule)s: your ship points %(heading)s; it sails only that way (or turn on the spot)",
                        rule="Rule 8", heading=ship.heading)
        value = sailing_value(hand)
        if move.n > value:
            return said("%(rule)s: your sailing value is %(value)s, you asked for %(asked)s",
                        rule="Rule 8", value=value, asked=move.n)
    n = move.n if move.verb == "sail" else 1
    reached = list(walk(state, seat, ship.at, move.dir, n))
    if len(reached) < n:
        where = step(ship.at, move.dir, len(reached) + 1)
        if where in PORT_AT or (reached and reached[-1][1] in PORT_AT):
            return said("%(rule)s: a port is entered only as the last square of a move, along one of its arrows",
                        rule="Ruling 3")
        if where not in PORT_AT and (where[0] < 1 or where[0] > 20 or where[1] < 1 or where[1] > 20):
            return said("%(rule)s: the move leaves the board", rule="Rule 8")
        if len(ships_at(state, where, exclude=seat)) >= 2:
            return said("%(rule)s: a square holding two ships can be neither entered nor passed", rule="Ruling 11")
        return said("%(rule)s: ships cannot sail onto or across land", rule="Rule 8")
    dest = reached[-1][1]
    occupants = reached[-1][2]
    if occupants:
        if free or move.verb == "drift":
            return said("%(rule)s: this move may not end on a square holding a ship", rule="Ruling 18") if free else \
                said("%(rule)s: a derelict may not drift onto a square holding a ship", rule="Ruling 46")
        if not move.attack:
            return said("%(rule)s: %(square)s holds a ship; write 'attack' to attack it",
                        rule="Ruling 15", square=square_name(dest))
    elif move.attack:
        return said("%(rule)s: there is no ship to attack on %(square)s", rule="Ruling 15", square=square_name(dest))
    if dest in PORT_AT:
        return None
    if not move.face:
        return said("%(rule)s: name the heading at the end of the move (face DIR)", rule="Ruling 8")
    return said("%(rule)s: %(face)s is not an allowed heading on %(square)s",
                rule="Ruling 8/15", face=move.face, square=square_name(dest))
