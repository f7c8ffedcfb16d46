"""MISSISSIPPI (Roland Siegers, Mattel 1987/88): a race of paddle steamers down a serpentine hex river.

Rules: `shared/rules/mississippi.txt` (rules 1-7); rulings A1-A25, the board, the notation and the
events: `shared/specs/mississippi.md`. The modules: `tables` (every fixed and RECONSTRUCTED number),
`board` (the river's geometry), `boat` (numbers round a boat, rotation), `notation` (move text),
`position` (the `position` option and its checks), `state`, `rules` (movement, reactions, the reducer),
`game` (the protocol), `summary` (the turn trace as text), `render` (ASCII), `svg` (the board on the
pages), `hints` (what the board offers for each legal move), `figures` (the rules page's pictures),
`words` (each append told in words: `describe`), `bot` (the computer player: `BOTS`).

Platform rulings beyond the spec (the server needs one answer):

- P1 Resignation. `resign(state, seat)` writes `seat_resigned` {"seat"} with actor "rules". The seat
  leaves the turn order: its turns are passed over (each passed-over turn still counts towards the
  round cap, so a round stays one slot per seat), it is never to move again and it ranks last (the seat
  that resigned later ahead of the one that resigned earlier). Its boat stays on the river as an
  obstacle: other boats jump it, it is compared in contacts and can be pushed on by reactions. When one
  seat is left playing, that seat wins with termination "resigned".
- P2 A boat that has not made its entry move when its seat resigns is taken off the start field (the
  next boats must enter there; A12). It never was on the course.
- P3 A resigned seat cannot win. If a reaction pushes its boat onto the goal, the game still ends at
  once (S1: the game ends when a boat reaches the finish), and the best-ranked seat still playing wins.
- P4 When a resignation passes the turn to a seat that has not entered, that seat's die is rolled at
  once, in the resignation's append (`resign` gets the chance source for this).
- P5 `timeout_move` returns None: there is no pass in Mississippi (A1).
"""

from . import figures  # noqa: F401  (the rules page reads module.figures)
from .bot import BOTS
from .game import (NAME, OPEN_INFORMATION, OPTIONS, PLAYERS, RULES_VERSION, TITLE, decide, initial_state, legal_moves,
                   outcome, redact, resign, resolve_options, reveals, start, timeout_move, to_move, view)
from .hints import move_hints
from .names import board_names
from .notation import NOTATION
from .render import render_text
from .rules import evolve
from .svg import render_svg
from .words import describe

__all__ = [
    "NAME", "TITLE", "PLAYERS", "OPTIONS", "NOTATION", "resolve_options", "initial_state", "start",
    "evolve", "decide", "legal_moves", "to_move", "view", "redact", "outcome", "render_text",
    "render_svg", "resign", "timeout_move", "RULES_VERSION", "OPEN_INFORMATION", "BOTS", "describe", "reveals", "move_hints", "board_names",
]
