"""Every fixed number of Mississippi in one place, each marked CONFIRMED or RECONSTRUCTED.

Follows `shared/specs/mississippi.md` ("Components and log economy", "The board", "Boat geometry") and
the log table of `shared/rules/mississippi.txt`. Values no public source gives are RECONSTRUCTED and
live here (or behind an option) so they can be replaced if the original turns up.
"""

from __future__ import annotations

# CONFIRMED (S2): 60 logs in the box, all of them dealt out with 3-6 players.
TOTAL_LOGS = 60

# CONFIRMED (S1, the log table): logs per player by the number of players.
STARTING_LOGS = {3: 20, 4: 15, 5: 12, 6: 10}

# Unofficial 2-player variant (A17): the default share is half the box.
DEFAULT_TWO_PLAYER_LOGS = 30

# RECONSTRUCTED (A16): the board is ROWS legs of WIDTH fields, boustrophedon; options cover 5-9 x 8-14.
DEFAULT_ROWS = 7
DEFAULT_WIDTH = 12
ROWS_RANGE = (5, 9)
WIDTH_RANGE = (8, 14)

# RECONSTRUCTED (A15): the numbers around a boat, listed clockwise seen from above.
PRINTS = {
    "sequential": (1, 2, 3, 4, 5, 6),   # default: opposite pairs (1,4) (2,5) (3,6)
    "die": (1, 2, 3, 6, 5, 4),          # opposite sides sum to 7, like a die
}

# CONFIRMED (rule 2): at most 15 fields back in one move.
MAX_BACK = 15

# CONFIRMED (rule 6, S3): one 60-degree step is free, each further step costs a log; at most 3 steps.
MAX_ROTATION = 3

# A18: the round cap (not in the rules).
DEFAULT_MAX_ROUNDS = 150

# Seat colours (the six boats), in seat order: name, SVG fill, SVG text colour that contrasts.
COLOURS = (
    ("Blue", "#2a5db0", "#ffffff"),
    ("Red", "#c62828", "#ffffff"),
    ("Green", "#2e7d32", "#ffffff"),
    ("Yellow", "#f9d423", "#000000"),
    ("Purple", "#6a1b9a", "#ffffff"),
    ("Orange", "#ef6c00", "#000000"),
)
