"""Where ships may go, given the state: occupancy, sailing paths, movement options (Rules 8, 12, 13;
Rulings 3, 4, 8 to 11, 15, 18, 46)."""

from __future__ import annotations

from .board import (DIRECTIONS, LAND, OPPOSITE, PORT_AT, PORT_EXITS, TREASURE_COAST, allowed_headings, can_enter,
                    on_board, step)
from .cards import sailing_value
from .state import State

Square = tuple[int, int]


def ships_at(state: State, square: Square, exclude: int = -1) -> list[int]:
    return [s for s, ship in enumerate(state.ships) if ship.at == square and s != exclude and not state.resigned[s]]


def in_port(state: State, seat: int) -> str | None:
    return PORT_AT.get(state.ships[seat].at)


def derelict(state: State, seat: int) -> bool:
    return not state.hands[seat]


def on_coast(state: State, seat: int) -> bool:
    return state.ships[seat].at in TREASURE_COAST


def walk(state: State, seat: int, start: Square, direction: str, limit: int):
    """Yield (n, square, occupants) along a straight path while it may go on: stops at the edge, land,
    a two-ship square (Ruling 11) and after a port square (which may only end a move, Ruling 3)."""
    for n in range(1, limit + 1):
        square = step(start, direction, n)
        if not on_board(square) or square in LAND:
            return
        if square in PORT_AT:
            if can_enter(square, direction):
                yield n, square, []
            return
        occupants = ships_at(state, square, exclude=seat)
        if len(occupants) >= 2:
            return
        yield n, square, occupants


def attack_faces(state: State, square: Square, defender: int) -> tuple[str, ...]:
    """Ruling 15: alongside: the defender's heading or its opposite, whichever is allowed; else any."""
    allowed = allowed_headings(square)
    heading = state.ships[defender].heading
    faces = tuple(d for d in allowed if heading and d in (heading, OPPOSITE[heading]))
    return faces or allowed


def sail_options(state: State, seat: int, free: bool = False) -> list[tuple[str, int, Square, bool, tuple[str, ...]]]:
    """Every legal sail as (dir, n, destination, attack, faces). `free`: a loser's free move (any
    direction, no attack, no ending on a ship). A port destination has no faces."""
    ship = state.ships[seat]
    value = sailing_value(state.hands[seat])
    if value == 0 or ship.at is None:
        return []
    port = PORT_AT.get(ship.at)
    if port:
        directions = PORT_EXITS[port]
    elif free:
        directions = DIRECTIONS
    else:
        directions = (ship.heading,)
    out = []
    for d in DIRECTIONS:
        if d not in directions:
            continue
        for n, square, occupants in walk(state, seat, ship.at, d, value):
            if square in PORT_AT:
                out.append((d, n, square, False, ()))
            elif not occupants:
                out.append((d, n, square, False, allowed_headings(square)))
            elif not free:
                out.append((d, n, square, True, attack_faces(state, square, occupants[0])))
    return out


def drift_options(state: State, seat: int) -> list[tuple[str, Square, tuple[str, ...]]]:
    """Ruling 46: one square in any direction (port exits from a port, entries into one), never onto a
    sea square that holds a ship."""
    ship = state.ships[seat]
    port = PORT_AT.get(ship.at)
    out = []
    for d in DIRECTIONS:
        if port and d not in PORT_EXITS[port]:
            continue
        square = step(ship.at, d)
        if not can_enter(square, d):
            continue
        if square in PORT_AT:
            out.append((d, square, ()))
        elif not ships_at(state, square, exclude=seat):
            out.append((d, square, allowed_headings(square)))
    return out
