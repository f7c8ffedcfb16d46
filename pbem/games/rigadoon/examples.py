"""Worked examples for the rules page (templates/rules/rigadoon.html), played by the real engine.

Each example is a position in the game's own `position` format and the moves played from it; the page
shows the board before and after, drawn by `render_svg`, so the pictures can never disagree with the
rules as played here. Pure and deterministic (no chance is drawn: no example changes the wind), and
played once per process (drawn for each reader, in its language).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pbem.games.base import Event

from .rules import decide, evolve, initial_state, resolve_options, to_move
from .svg import render_svg

ALL_SHIPS = ("B1", "B2", "B3", "B4", "G1", "G2", "G3", "G4")

# name: (wind, fleet to move, ships {name: (square, masts)}, chests, moves, the ship whose reach is shown before)
EXAMPLES = {
    "sailing": ("N", "green", {"G1": ("G8", 3), "B1": ("G10", 2)}, ["J11"], [], "G1"),
    "attack": ("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)}, [],
               ["sail B1 SW 2", "attack B1 G1"], None),
    "rigadoon": ("S", "blue", {"B2": ("F8", 1), "G1": ("E6", 2), "G2": ("G6", 2), "G3": ("C5", 2), "G4": ("I7", 2)}, [],
                 ["sail B2 N 2", "attack B2 G1", "attack B2 G2", "attack G1 G3"], None),
    "claim": ("S", "green", {"G2": ("J7", 2), "G3": ("J9", 0), "B3": ("I10", 1)}, ["J11"], ["sail G2 S 1"], None),
    "chests": ("W", "green", {"G2": ("G6", 1), "G4": ("J7", 0)}, ["H6", "J9"],
               ["sail G2 E 3 sink", "island SE", "sink", "island NE"], None),
}


class _NoChance:
    """No example draws: a draw would mean an example changed the wind by mistake."""

    def below(self, n):
        raise AssertionError("an example drew chance")

    roll = shuffle = sample = below


def _position(wind, to_move_colour, ships, chests):
    position = {"wind": wind, "to_move": to_move_colour, "seats": {"blue": 0, "green": 1},
                "ships": {name: list(ships[name]) if name in ships else None for name in ALL_SHIPS},
                "chests": list(chests)}
    return initial_state(2, resolve_options(2, {"position": position}))


@lru_cache(maxsize=None)
def _played(name: str):
    """The example's position before its moves, the seat it is shown to, and the position after them."""
    wind, colour, ships, chests, moves, _shown = EXAMPLES[name]
    state = before = _position(wind, colour, ships, chests)
    for move in moves:
        mover = min(to_move(state))
        for event in decide(state, mover, move, _NoChance()):
            state = evolve(state, Event(event.type, dict(event.data), event.actor))
    return before, 0 if colour == "blue" else 1, state


def example(name: str, words=str) -> dict:
    """{"before": svg, "after": svg, "moves": [...]} of one example; `words(phrase)` says the boards'
    labels in the reader's language (default: English)."""
    moves, shown = EXAMPLES[name][4], EXAMPLES[name][5]
    before, seat, after = _played(name)
    drawn_before = render_svg(before, seat, ship=shown, words=words)
    drawn_after = render_svg(after, None, words=words) if moves else ""
    # several boards on one page: their squares' ids would clash, and nothing on the rules page needs them
    return {"before": _without_ids(drawn_before), "after": _without_ids(drawn_after), "moves": list(moves)}


def _without_ids(svg: str) -> str:
    return re.sub(r' id="[^"]*"', "", svg)
