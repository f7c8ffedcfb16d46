"""RIGADOON: two fleets of four ships, the wind, chain reactions of cannon blasts and four treasure
chests (rule text `shared/rules/rigadoon.txt`, spec `shared/specs/rigadoon.md`).

The package is the pure decider behind the game protocol of `pbem.games.base`:
`board` (geometry and wind pattern from `data/boards.json`), `state`, `engine` (sailing, chests,
attacks, chains), `rules` (turns, wind deck and die, setup, the decider), `notation`, `views`
(including `reachable(state, ship)`), `render` (ASCII and SVG), `hints` (what the board offers for
each legal move), `panel` (the HTML panel beside the board, templates/games/rigadoon.html), `examples` (the
rules page's worked examples, played by the engine), `words` (the game told in words) and `bot` (the
computer player).
"""

from .bot import BOTS
from .examples import example
from .hints import move_hints
from .names import board_names
from .notation import NOTATION
from .panel import panel
from .render import render_svg, render_text
from .rules import (NAME, OPTIONS, PLAYERS, RULES_VERSION, TITLE, decide, evolve, initial_state, legal_moves, outcome,
                    resign, resolve_options, start, timeout_move, to_move)
from .views import reachable, redact, view
from .words import describe, reveals

OPEN_INFORMATION = True  # nothing is hidden: every seat reads an append as a spectator does

__all__ = [
    "NAME", "TITLE", "PLAYERS", "OPTIONS", "NOTATION", "RULES_VERSION", "OPEN_INFORMATION", "BOTS", "resolve_options",
    "initial_state",
    "start", "evolve", "decide", "legal_moves", "to_move", "view", "redact", "outcome", "render_text", "render_svg",
    "resign", "timeout_move", "describe", "reveals", "move_hints", "board_names", "reachable", "panel", "example",
]
