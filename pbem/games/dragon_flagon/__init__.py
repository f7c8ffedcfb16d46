"""The Dragon & Flagon: Pirate Brawl (spec shared/specs/dragon-flagon.md; pirate rules text followed
exactly). A simultaneous-planning tavern brawl on two ships; this package is the pure rules engine."""

from ..base import Hint
from .bot import BOTS
from .notation import NOTATION
from .render import render_svg, render_text
from .rules import RULES_VERSION, decide, evolve, initial_state, legal_moves, outcome, resign, start, timeout_move, to_move
from .setup import OPTIONS, PLAYERS, resolve_options
from .view import redact, reveals, view
from .words import describe

NAME = "dragon_flagon"
TITLE = "The Dragon & Flagon: Pirate Brawl"

__all__ = [
    "NAME", "TITLE", "PLAYERS", "OPTIONS", "NOTATION", "RULES_VERSION", "BOTS", "resolve_options", "initial_state",
    "start", "evolve", "decide", "legal_moves", "to_move", "view", "redact", "outcome", "render_text", "render_svg",
    "resign", "timeout_move", "describe", "reveals", "move_hints",
]


def move_hints(state, seat):  # provisional: the board helper replaces this
    return {move: Hint() for move in legal_moves(state, seat)}
