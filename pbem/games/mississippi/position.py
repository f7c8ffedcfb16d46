"""The `position` option: a start position in the notation of the spec, and its checks (A25).

Follows `shared/specs/mississippi.md`, "Notation and positions" and "Position checks (A25)". Keys
beside `boats`, `supply` and `to_move` are ignored, so a game's `view` can be fed back as a position.
A refused position raises InvalidOptions naming the failed check.
"""

from __future__ import annotations

import re
from typing import Any

from ..base import InvalidOptions
from .tables import STARTING_LOGS, TOTAL_LOGS


def starting_logs(seats: int, two_player_logs: int) -> int:
    """The log table (S1), or the 2-player variant's share (A17)."""
    return two_player_logs if seats == 2 else STARTING_LOGS[seats]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    """A given value in a refusal, short: a huge number cannot even be written out (Python refuses to
    turn an int of more than 4300 digits into text), and long text is cut."""
    if _is_int(value) and abs(value) >= 10**12:
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


SEAT_KEY = re.compile(r"0|[1-9][0-9]?")  # a seat number as JSON writes it: no sign, spaces or leading zero


def _seat_of(key: Any, seats: int) -> int | None:
    """The seat a `boats` key names, or None when it is not a seat number of this game."""
    if _is_int(key):
        return key if 0 <= key < seats else None
    if isinstance(key, str) and SEAT_KEY.fullmatch(key) and int(key) < seats:
        return int(key)
    return None


def _refuse(check: int, reason: str) -> InvalidOptions:
    return InvalidOptions(f"position check {check}: {reason}")


def check_position(position: Any, seats: int, rows: int, width: int, two_player_logs: int) -> dict:
    """Check a position against A25 and return it in canonical form (boats by seat, supply, to_move)."""
    if not isinstance(position, dict):
        raise InvalidOptions("position: must be a JSON object with boats, supply and to_move")
    boats, supply, to_move = position.get("boats"), position.get("supply"), position.get("to_move")
    if not isinstance(boats, dict):
        raise InvalidOptions("position: 'boats' must be an object from seat number to {field, east, logs}")
    if not _is_int(supply) or not _is_int(to_move):
        raise InvalidOptions("position: 'supply' and 'to_move' must be whole numbers")
    goal = rows * width - 1
    start = starting_logs(seats, two_player_logs)

    # 1. seats of this game
    placed: dict[int, dict] = {}
    for key, boat in boats.items():
        seat = _seat_of(key, seats)
        if seat is None:
            raise _refuse(1, f"boat {_show(key)} is not a seat of this {seats}-seat game (0..{seats - 1})")
        if seat in placed:
            raise _refuse(1, f"boats names seat {seat} twice")
        if not isinstance(boat, dict):
            raise InvalidOptions(f"position: boat {_show(key)} must be an object with field, east and logs")
        placed[seat] = boat
    if not 0 <= to_move < seats:
        raise _refuse(1, f"to_move {_show(to_move)} is not a seat of this {seats}-seat game (0..{seats - 1})")

    # 4. a seat given without a field has not entered, and holds the starting logs
    entered: dict[int, dict] = {}
    for seat, boat in sorted(placed.items()):
        if boat.get("field") is None:
            if "logs" in boat and boat["logs"] != start:
                raise _refuse(4, f"seat {seat} has not entered, so it holds {start} logs, not {_show(boat['logs'])}")
            continue
        entered[seat] = boat

    # 2. fields on the river, short of the goal, distinct; 3. east, logs, supply
    fields: dict[int, int] = {}
    for seat, boat in entered.items():
        field, east, logs = boat.get("field"), boat.get("east"), boat.get("logs")
        if not _is_int(field) or not 0 <= field <= goal - 1:
            raise _refuse(2, f"seat {seat}'s field {_show(field)} is not in 0..{goal - 1} (no boat may start on the goal)")
        if field in fields:
            raise _refuse(2, f"seats {fields[field]} and {seat} share field {field}")
        fields[field] = seat
        if not _is_int(east) or not 1 <= east <= 6:
            raise _refuse(3, f"seat {seat}'s east {_show(east)} is not in 1..6")
        if not _is_int(logs) or logs < 0:
            raise _refuse(3, f"seat {seat}'s logs {_show(logs)} must be a whole number >= 0")
    if supply < 0:
        raise _refuse(3, f"supply {_show(supply)} must be >= 0")

    # 5. the log invariant
    in_hands = sum(entered[s]["logs"] if s in entered else start for s in range(seats))
    if in_hands + supply != TOTAL_LOGS:
        raise _refuse(5, f"logs in hands ({_show(in_hands)}) plus supply ({_show(supply)}) make "
                         f"{_show(in_hands + supply)}, not {TOTAL_LOGS}")

    # 6. a position with seats still to enter is a round-1 position
    missing = [s for s in range(seats) if s not in entered]
    if missing:
        if missing != list(range(to_move, seats)):
            raise _refuse(6, f"the seats not entered ({', '.join(map(str, missing))}) must be to_move ({to_move}) and every seat after it")
        if 0 in fields:
            raise _refuse(6, "no boat may stand on the start field while seats still have to enter")

    return {
        "boats": {str(s): {"field": b["field"], "east": b["east"], "logs": b["logs"]} for s, b in sorted(entered.items())},
        "supply": supply,
        "to_move": to_move,
    }
