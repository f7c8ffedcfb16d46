"""The Dragon & Flagon: Pirate Brawl (spec shared/specs/dragon-flagon.md; pirate rules text followed
exactly). A simultaneous-planning tavern brawl on two ships; this package is the pure rules engine."""

from .cardtext import rules_characters, rules_commons
from .hints import move_hints
from .notation import NOTATION
from .panel import panel
from .render import render_svg, render_text
from .rules import decide, evolve, legal_moves, outcome, resign, start, timeout_move, to_move
from .rules import initial_state as _initial_state
from .setup import OPTIONS, PLAYERS, resolve_options
from .view import redact, view

NAME = "dragon_flagon"
TITLE = "The Dragon & Flagon: Pirate Brawl"

RULES_VERSION = 1  # provisional: the rules helper replaces this
BOTS: dict = {}  # provisional: the rules helper replaces this


def initial_state(seats, options, rules_version=RULES_VERSION):  # provisional: the rules helper replaces this
    return _initial_state(seats, options)


def describe(before, events, seat, names) -> list[str]:  # provisional: the rules helper replaces this
    return []


def reveals(event) -> bool:  # provisional: the rules helper replaces this
    return False


__all__ = [
    "NAME", "TITLE", "PLAYERS", "OPTIONS", "NOTATION", "RULES_VERSION", "BOTS", "resolve_options", "initial_state",
    "start", "evolve", "decide", "legal_moves", "to_move", "view", "redact", "outcome", "render_text",
    "render_svg", "resign", "timeout_move", "describe", "reveals", "move_hints", "panel", "rules_characters",
    "rules_commons",
]
