"""The pictures of the rules page (`templates/rules/mississippi.html`): the rules' own examples set up
as positions, played with the game's own `apply_move` and drawn by `svg.excerpt_svg`, so a picture can
never show a reaction the game would not play. Pure: no file access, nothing random."""

from __future__ import annotations

from ..base import N_
from .game import initial_state, resolve_options
from .notation import parse_move
from .rules import apply_move
from .state import State
from .svg import excerpt_svg

# The spec's worked examples 1 and 2, with two boats (seat 0 Blue, seat 1 Red); Blue to move.
EXAMPLE_1 = {"boats": {"0": {"field": 2, "east": 6, "logs": 10}, "1": {"field": 5, "east": 6, "logs": 12}},
             "supply": 38, "to_move": 0}
EXAMPLE_2 = {"boats": {"0": {"field": 3, "east": 2, "logs": 10}, "1": {"field": 18, "east": 6, "logs": 12}},
             "supply": 38, "to_move": 0}
ONE_BOAT = {"boats": {"0": {"field": 1, "east": 6, "logs": 30}}, "supply": 0, "to_move": 0}


def position(setup: dict, seats: int = 2) -> State:
    return initial_state(seats, resolve_options(seats, {"position": setup}))


def figures(words=str) -> dict[str, str]:
    """Every picture of the rules page, by name (SVG text, trusted: no player's words in it); `words(phrase)`
    says their labels in the reader's language (default: English)."""
    one = position({**ONE_BOAT, "boats": {**ONE_BOAT["boats"], "1": {"field": 60, "east": 1, "logs": 30}}})
    first, second = position(EXAMPLE_1), position(EXAMPLE_2)
    return {
        "boat": excerpt_svg(one, [0, 1, 2], N_("Blue's boat on field 1 with its six numbers; 6 faces ahead"), words),
        "example-1-before": excerpt_svg(first, range(0, 10), N_("Blue on field 2, Red on field 5"), words),
        "example-1-after": excerpt_svg(apply_move(first, 0, parse_move("forward 2")), range(0, 10),
                                       N_("Blue moved to 4 and on to 8"), words),
        "example-2-before": excerpt_svg(second, [*range(0, 9), *range(15, 24)],
                                        N_("Blue on field 3, Red on field 18 on the leg below"), words),
        "example-2-after": excerpt_svg(apply_move(second, 0, parse_move("forward 3")),
                                       [*range(0, 9), *range(15, 24)], N_("Blue moved to 6; Red moved on to 19"), words),
    }
