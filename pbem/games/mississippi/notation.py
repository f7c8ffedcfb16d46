"""Move notation: `forward <k>`, `back <k>`, `rotate <+s|-s> forward|back <k>`.

Follows `shared/specs/mississippi.md`, "Notation and positions" and "Parsing". Parsing forgives case,
spacing and the aliases f/fwd, b/backward/backwards, r/rot; a rotation without a sign is clockwise and
`-3` is the same half turn as `+3` (A22). `move_name` gives the canonical text stored in events.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..base import InvalidMove, said
from .tables import MAX_ROTATION

FORWARD = "forward"
BACK = "back"

# The forms a move takes, in the notation (the same in every language); a refusal says them in its words.
FORMS = ("forward <k>", "back <k>", "rotate <±1..3> forward|back <k>")

NOTATION = """\
forward <k>      pay k logs and move forward k empty fields (occupied fields are jumped for free)
back <k>         move back k empty fields (1 to 15), taking up to k logs from the supply
rotate <s> forward <k> / rotate <s> back <k>
                 first turn the boat s steps of 60 degrees (+ clockwise, - counter-clockwise,
                 1 to 3; the first step is free, each further step costs 1 log), then move
Examples: forward 3, back 2, rotate +1 forward 4, rotate -2 back 5.
Aliases: f/fwd, b/backward, r/rot. On your entry turn only forward <k> is allowed."""

_WORDS = {
    "forward": FORWARD, "fwd": FORWARD, "f": FORWARD,
    "back": BACK, "backward": BACK, "backwards": BACK, "b": BACK,
}
_PATTERN = re.compile(
    r"^(?:(?:rotate|rot|r)([+-]?)(\d+))?(forwards?|fwd|f|backwards|backward|back|b)(\d+)$"
)


@dataclass(frozen=True)
class Move:
    """A parsed move: rotation steps (0 = none; +3 for a half turn) then a movement of `distance`."""

    rotation: int
    direction: str
    distance: int


MAX_DIGITS = 4  # no river has 10,000 fields; longer numbers are refused before they are read


def _quoted(text: str) -> str:
    """The move as the player wrote it, cut short for the message."""
    shown = str(text).strip()
    return repr(shown if len(shown) <= 40 else shown[:37] + "...")


def _forms() -> dict:
    return dict(zip(("first", "second", "third"), FORMS))


def parse_move(text: str) -> Move:
    """Parse a move, forgiving case and spacing; raise InvalidMove saying what was expected."""
    compact = re.sub(r"\s+", "", str(text).lower())
    match = _PATTERN.match(compact)
    if not match:
        raise InvalidMove(said("cannot read %(move)s: expected %(first)s, %(second)s or %(third)s",
                               move=_quoted(text), **_forms()))
    sign, steps, word, distance = match.groups()
    if len(distance) > MAX_DIGITS or steps is not None and len(steps) > MAX_DIGITS:
        raise InvalidMove(said("cannot read %(move)s: a distance has at most %(digits)s digits; expected %(first)s, "
                               "%(second)s or %(third)s", move=_quoted(text), digits=MAX_DIGITS, **_forms()))
    rotation = 0
    if steps is not None:
        rotation = int(steps)
        if not 1 <= rotation <= MAX_ROTATION:
            raise InvalidMove(said("cannot read %(move)s: a rotation is ±1, ±2 or ±3 steps; expected %(first)s, "
                                   "%(second)s or %(third)s", move=_quoted(text), **_forms()))
        if sign == "-" and rotation != 3:  # A22: -3 and +3 are the same half turn, written +3
            rotation = -rotation
    word = FORWARD if word.startswith("forward") else _WORDS[word]
    return Move(rotation, word, int(distance))


def rotation_name(steps: int) -> str:
    return f"{steps:+d}"


def move_name(move: Move) -> str:
    """The canonical text: `forward 3`, `back 2`, `rotate +1 forward 3`."""
    movement = f"{move.direction} {move.distance}"
    if move.rotation:
        return f"rotate {rotation_name(move.rotation)} {movement}"
    return movement
