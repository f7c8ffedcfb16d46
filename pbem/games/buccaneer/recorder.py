"""The engine's lowest layer: effects applied to a state and recorded into events, and the win.

Every rule of the game changes the state only through `Recorder.do`, which applies one effect
primitive (state.apply) and appends it to the event being written, so that `evolve` only has to replay
the effects. The rules are built on this class in layers, each module's class extending the one below:
ports (trading, ports and islands) < chance (chance cards) < fights < sailing < turns (the Engine that
runs whole turns), and moves (`decide`) on top. A layer calls only what it or a lower layer defines.

The win is checked here because it ends the game at an event boundary (Ruling 47): `open` checks it
before every new event, `finish` after the last one.
"""

from __future__ import annotations

import json

from pbem.games.base import Event

from .board import PORT_AT, PORTS
from .cards import sort_crew, treasure_value
from .geometry import in_port
from .state import Item, State, apply, item_to_json


class GameOver(Exception):
    """Raised inside the engine when a win ends the game at an event boundary: stop at once."""


def active(state: State) -> list[int]:
    """The seats still playing (not resigned)."""
    return [s for s in range(state.seats) if not state.resigned[s]]


def turn_order_from(state: State, first: int) -> list[int]:
    """The seats still playing, in turn order starting with `first`."""
    return [s for s in [(first + i) % state.seats for i in range(state.seats)] if not state.resigned[s]]


def home_value(state: State, seat: int) -> int:
    """The treasure a seat has at home, in its Docks and its Safety Zone: the score of Rule 19."""
    i = PORTS.index(state.home(seat))
    return treasure_value(state.docks[i].treasure) + treasure_value(state.safety[i])


class Recorder:
    """Applies effects to a state and records them into events; the moves of crew, ships and the
    pending queue that every rule uses."""

    def __init__(self, state: State, chance=None):
        self.state = state
        self.chance = chance
        self.events: list[dict] = []
        self.current: dict | None = None

    # recording

    def open(self, type_: str, actor: str, **data) -> None:
        self.check_win()
        if self.over:
            raise GameOver
        self.current = {"type": type_, "actor": actor, "data": {**data, "effects": []}}
        self.events.append(self.current)

    def do(self, **effect) -> None:
        self.current["data"]["effects"].append(effect)
        self.state = apply(self.state, effect)

    @property
    def over(self) -> bool:
        return self.state.phase == "over"

    def finish(self) -> list[Event]:
        self.check_win()
        return [Event(e["type"], json.loads(json.dumps(e["data"])), e["actor"]) for e in self.events]

    # the win (Ruling 47)

    def check_win(self) -> None:
        state = self.state
        if self.current is None or state.phase in ("over", "setup"):
            return
        qualified = [s for s in turn_order_from(state, state.turn)
                     if in_port(state, s) == state.home(s) and home_value(state, s) >= 20]
        if qualified:
            winner = qualified[0]
            self.do(k="over", termination="won", winners=[winner], ranking=ranking(state, winner))

    # moving crew, ships and the pending queue

    def take_crew(self, seat: int, k: int) -> None:
        cards = list(self.state.pirate[:k])
        if cards:
            self.do(k="crew", **{"from": "pirate", "to": f"hand:{seat}"}, cards=cards)

    def return_crew(self, where: str, cards) -> None:
        cards = list(sort_crew(cards))
        if cards:
            self.do(k="crew", **{"from": where, "to": "pirate"}, cards=cards)

    def move_ship(self, seat: int, square, heading: str | None) -> None:
        self.do(k="ship", seat=seat, at=list(square), heading=None if square in PORT_AT else heading)

    def clear_msa(self, seat: int) -> None:
        if self.state.ships[seat].must_sail_ahead:
            self.do(k="msa", seat=seat, on=False)

    def push(self, item: Item) -> None:
        self.do(k="push", item=item_to_json(item))

    def pop(self) -> None:
        self.do(k="pop")

    def drop_owing(self, front: Item, seat: int) -> None:
        """`seat` is done with the front decision: a decision several seats owe at once (Yellow Fever)
        stays until the last of them is done."""
        if len(front.seats) > 1:
            self.do(k="answered", seat=seat)
        else:
            self.pop()


def ranking(state: State, winner: int | None) -> list[list[int]]:
    """Ruling 47: the winner, then home treasure, then cargo; resigned seats last."""
    playing = [s for s in active(state) if s != winner]
    key = {s: (home_value(state, s), treasure_value(state.ships[s].cargo)) for s in playing}
    groups: list[list[int]] = [[winner]] if winner is not None else []
    for value in sorted(set(key.values()), reverse=True):
        groups.append([s for s in playing if key[s] == value])
    gone = [s for s in range(state.seats) if state.resigned[s] and s != winner]
    if gone:
        groups.append(gone)
    return groups


def limit_result(state: State) -> dict:
    """Ruling 50: the game ends at the round limit; the first of Ruling 47's ranking win (ties share)."""
    groups = ranking(state, None)
    return {"winners": groups[0], "ranking": groups}
