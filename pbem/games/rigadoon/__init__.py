"""RIGADOON: two fleets of four ships, the wind, chain reactions of cannon blasts and four treasure
chests (rule text `shared/rules/rigadoon.txt`, spec `shared/specs/rigadoon.md`).

The package is the pure decider behind the game protocol of `pbem.games.base`:
`board` (geometry and wind pattern from `data/boards.json`), `state`, `engine` (sailing, chests,
attacks, chains), `rules` (turns, wind deck and die, setup, the decider), `notation`, `views`
(including `reachable(state, ship)`), `render` (ASCII and SVG), `hints` (what the board offers for
each legal move), `panel` (the HTML panel beside the board, templates/games/rigadoon.html), `examples` (the rules page's
worked examples, played by the engine).
"""

from .examples import example
from .hints import move_hints
from .notation import NOTATION
from .panel import panel
from .render import render_svg, render_text
from .rules import (NAME, OPTIONS, PLAYERS, TITLE, decide, evolve, legal_moves, outcome, resign, resolve_options,
                    start, timeout_move, to_move)
from .rules import initial_state as _initial_state
from .views import reachable, redact, view

__all__ = [
    "NAME", "TITLE", "PLAYERS", "OPTIONS", "NOTATION", "resolve_options", "initial_state", "start", "evolve",
    "decide", "legal_moves", "to_move", "view", "redact", "outcome", "render_text", "render_svg", "resign",
    "timeout_move", "reachable", "panel", "example", "move_hints", "RULES_VERSION", "BOTS", "describe", "reveals",
]

# provisional: the rules helper replaces this (RULES_VERSION, BOTS, describe, reveals and initial_state's
# rules_version), so that the conformance suite runs for the board's work meanwhile.
RULES_VERSION = 1
BOTS: dict = {}


def initial_state(seats, options, rules_version=RULES_VERSION):
    return _initial_state(seats, options)


def describe(before, events, seat, names) -> list[str]:
    return []


def reveals(event) -> bool:
    return False
