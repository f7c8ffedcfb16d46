"""The immutable game state of the Dragon & Flagon (spec sections 10 and 17).

The state knows everything, hidden planned cards included; `view` and the renderers redact it.
Options and the effective data are kept as canonical JSON text so that the state stays hashable and
its `repr` is identical whether it was built incrementally or replayed through JSON.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import lru_cache

from .data import Data, data_from_json

TOKEN_PREFIX = "!"  # plan items: "!dazed", "!fallen" are status tokens; anything else is a card id


def is_token(item: str) -> bool:
    return item.startswith(TOKEN_PREFIX)


@dataclass(frozen=True)
class Duration:
    """A face-up Duration card. `fresh`: played by the owner's current action (not yet eligible to
    expire at the end of an action). `on_table`/`lost`: Boast and Flourish bookkeeping."""

    card: str
    fresh: bool = False
    on_table: bool = False
    lost: bool = False


@dataclass(frozen=True)
class Character:
    id: str
    seat: int
    team: int
    square: tuple | None = None
    facing: str | None = None
    rep: int = 20
    time: int = 0
    plan: tuple = ()  # front first; tokens "!dazed"/"!fallen", then face-down card ids
    durations: tuple = ()
    dragon: str = "locked"  # locked | unlocked | spent
    holds: str | None = None
    owed: int = 0  # cards it must plan at once after going Overboard (PR-19)
    out: bool = False  # its seat resigned: out of play

    @property
    def fallen(self) -> bool:
        return "!fallen" in self.plan

    @property
    def dazed(self) -> bool:
        return "!dazed" in self.plan

    @property
    def cards(self) -> tuple:
        return tuple(item for item in self.plan if not is_token(item))

    @property
    def tokens(self) -> tuple:
        return tuple(item for item in self.plan if is_token(item))

    def duration(self, card: str) -> Duration | None:
        return next((d for d in self.durations if d.card == card), None)


@dataclass(frozen=True)
class State:
    seats: int
    options_json: str
    data_json: str = ""
    phase: str = "pregame"
    space: int = 0
    chars: tuple = ()  # Character, in canonical character order
    objects: tuple = ()  # loose objects: (id, square)
    tables: tuple = ()  # (id, squares)
    rugs: tuple = ()  # (id, squares)
    familiar: tuple | None = None
    game_end: tuple = ()  # (space, face, revealed)
    teams: tuple = ()  # seats per team; pirate: team 0 = crew A (ship A), team 1 = crew B
    placement: tuple = ()  # characters still to place at setup, in order
    bag: tuple = ()  # characters not yet drawn this space, in character order
    drawn: str | None = None
    revealed: str | None = None  # the drawn character's revealed card awaiting its choices
    acted: tuple = ()  # characters drawn this space
    draw_order: tuple = ()  # forced draws still to come (position test aid)
    box: int = 0
    resigned: tuple = ()
    late: bool = False  # planning step of planning.timing = end_of_space
    result_json: str = ""
    rules_version: int = 1  # the rules this game plays (recorded by the platform's game_created)

    @property
    def options(self) -> dict:
        return _options(self.options_json)

    @property
    def data(self) -> Data:
        return data_from_json(self.data_json)

    def char(self, char_id: str) -> Character:
        for c in self.chars:
            if c.id == char_id:
                return c
        raise KeyError(char_id)

    def with_char(self, new: Character) -> "State":
        return replace(self, chars=tuple(new if c.id == new.id else c for c in self.chars))

    def seat_chars(self, seat: int) -> tuple:
        return tuple(c for c in self.chars if c.seat == seat)

    def team_of_seat(self, seat: int) -> int:
        return next(i for i, team in enumerate(self.teams) if seat in team)


@lru_cache(maxsize=256)
def _options(text: str) -> dict:
    return json.loads(text)


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"))
