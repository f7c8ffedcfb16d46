"""The Dragon & Flagon: Pirate Brawl (spec shared/specs/dragon-flagon.md; pirate rules text followed
exactly). A simultaneous-planning tavern brawl on two ships; this package is the pure rules engine."""

from .bot import BOTS
from .cardtext import rules_characters, rules_commons
from .hints import move_hints
from .names import board_names
from .notation import NOTATION
from .panel import panel
from .render import render_svg, render_text
from .rules import (RULES_VERSION, decide, evolve, initial_state, legal_moves, outcome, resign, start, timeout_move,
                    to_move)
from .setup import OPTIONS, PLAYERS, resolve_options
from .view import redact, reveals, view
from .words import describe

NAME = "dragon_flagon"
TITLE = "The Dragon & Flagon: Pirate Brawl"

__all__ = [
    "NAME", "TITLE", "PLAYERS", "OPTIONS", "NOTATION", "RULES_VERSION", "BOTS", "resolve_options", "initial_state",
    "start", "evolve", "decide", "legal_moves", "to_move", "view", "redact", "outcome", "render_text",
    "render_svg", "resign", "timeout_move", "describe", "reveals", "move_hints", "board_names", "panel", "rules_characters",
    "rules_commons",
]
