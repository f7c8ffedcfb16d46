"""The immutable state of a RIGADOON game (spec "State, events and views").

Everything is a frozen dataclass holding tuples, so `evolve` can never mutate a state. *Aground* and
*in port* are derived from squares, never stored: a ship on a Shallows square holding a chest is
aground, a ship on an island is in port.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .board import Board, Square, load_board

FLEETS = ("B", "G")
FLEET_NAMES = {"B": "blue", "G": "green"}
SHIP_NAMES = ("B1", "B2", "B3", "B4", "G1", "G2", "G3", "G4")


def fleet_of(ship: str) -> str:
    return ship[0]


def other_fleet(fleet: str) -> str:
    return "G" if fleet == "B" else "B"


@dataclass(frozen=True)
class Rules:
    """The resolved options that change play (spec "Options")."""

    wind_mode: str = "deck"
    deck_copies: int = 1
    same_wind: str = "redraw"
    exits: str = "opposite"
    double_block: str = "stop"
    rigadoon_limit: str = "once"
    first: str = "random"
    board: str = "recon11"
    loop_cap: int = 10000
    turn_limit: int = 0

    @property
    def geometry(self) -> Board:
        return load_board(self.board, self.exits)


@dataclass(frozen=True)
class Ship:
    name: str
    square: Square | None
    masts: int


@dataclass(frozen=True)
class Chain:
    """An unfinished sail: the state before it, the sail and the answers given so far. `evolve`
    re-runs the sail with the answers to reach the open decision again (nothing deterministic is
    stored twice)."""

    base: "State"
    moves: tuple[str, ...]
    decision: str  # "attack", "chest" or "island"
    options: tuple[str, ...]
    pending: tuple[tuple[str, str], ...]  # (attacker, target) pairs still to resolve
    blasted: str | None  # the ship whose chest choice is open


@dataclass(frozen=True)
class State:
    rules: Rules
    seats: int
    phase: str  # "first" | "colour" | "opening" | "play" | "over"
    first_seat: int | None
    blue_seat: int | None
    active: str  # fleet letter "B" or "G"
    turn: int
    wind: str | None
    pile: tuple[str, ...]
    discards: tuple[str, ...]
    ships: tuple[Ship, ...]
    chests: tuple[Square, ...]
    acted: tuple[str, ...] = ()
    wind_changed: bool = False
    acted_after_wind: bool = False
    aground_this_turn: tuple[str, ...] = ()
    bonus_sails: tuple[str, ...] = ()
    bonus_earned: tuple[str, ...] = ()
    chain: Chain | None = None
    last_path: tuple[Square, ...] = ()
    result: tuple | None = None  # (termination, winning seat or None)
    rules_version: int = 1  # the RULES_VERSION the game was created under; later changes branch on it

    @property
    def board(self) -> Board:
        return self.rules.geometry

    def ship(self, name: str) -> Ship:
        for ship in self.ships:
            if ship.name == name:
                return ship
        raise KeyError(name)

    def ship_at(self, square: Square) -> str | None:
        for ship in self.ships:
            if ship.square == square:
                return ship.name
        return None

    def seat_of(self, fleet: str) -> int | None:
        if self.blue_seat is None:
            return None
        return self.blue_seat if fleet == "B" else 1 - self.blue_seat

    def fleet_of_seat(self, seat: int) -> str | None:
        if self.blue_seat is None:
            return None
        return "B" if seat == self.blue_seat else "G"

    def in_port(self, name: str) -> bool:
        ship = self.ship(name)
        return ship.square is not None and self.board.island_at(ship.square) is not None

    def aground(self, name: str) -> bool:
        ship = self.ship(name)
        return ship.square is not None and ship.square in self.chests and self.board.is_shallows(ship.square)


def with_changes(state: State, **changes) -> State:
    return replace(state, **changes)
