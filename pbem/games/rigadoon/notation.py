"""The move notation of RIGADOON (spec "Notation"): parsing forgiving text into canonical strings.

Canonical strings use lowercase verbs and uppercase ships, directions and corners:
`sail B1 SE 3`, `sail G2 E 3 sink`, `repair B1`, `wind`, `end`, `attack B1 G1`, `bump 1`,
`bump 1 sink`, `sink`, `aground`, `island NE`, `colour blue`, `opening N`.
"""

from __future__ import annotations

from pbem.games.base import InvalidMove, said

from .board import CORNERS, ORDER
from .state import SHIP_NAMES

NOTATION = """\
Setup: `colour blue` or `colour green` (first player), `opening <dir>` (second player: the opening wind).
Turn: `wind` (change the wind, once per turn, never last), `sail <ship> <dir> <n>` (sail n squares in a
straight line, bumping chests ahead), `sail <ship> <dir> <n> sink` / `... aground` (the last square is a
chest: sink it in Open Water or run aground on it in The Shallows), `repair <ship>`, `end`.
Inside a chain: `attack <attacker> <target>` (which pending attack next), `bump <k>`, `bump <k> sink`,
`bump <k> aground`, `sink`, `aground` (a ship blasted into a chest), `island <NW|NE|SE|SW>` (where a sunk
chest washes up).
Ships: B1-B4 (Blue), G1-G4 (Green). Directions: N NE E SE S SW W NW. Squares: A1 (north-west) to K11.
"""

# The forms a move takes, in the notation (the same in every language); a refusal says them in its words.
FORMS = ("wind, end, sail <ship> <dir> <n> [sink|aground], repair <ship>, "
         "attack <ship> <ship>, bump <k> [sink|aground], sink, aground, island <corner>, "
         "colour blue|green, opening <dir>")


def _ship(word: str) -> str:
    name = word.upper()
    if name not in SHIP_NAMES:
        raise InvalidMove(said("%(word)s is not a ship; ships are %(ships)s", word=repr(word),
                               ships=", ".join(SHIP_NAMES)))
    return name


def _direction(word: str) -> str:
    name = word.upper()
    if name not in ORDER:
        raise InvalidMove(said("%(word)s is not a direction; directions are %(directions)s", word=repr(word),
                                directions=" ".join(ORDER)))
    return name


def _count(word: str, low: int) -> int:
    if not word.isdigit() or int(word) < low:
        raise InvalidMove(said("%(word)s is not a number of squares", word=repr(word)))
    return int(word)


def parse_move(text: str) -> str:
    """The canonical form of a move, or InvalidMove saying what was expected."""
    words = str(text).strip().lower().split()
    if not words:
        raise InvalidMove(said("empty move; expected one of: %(forms)s", forms=FORMS))
    verb, args = words[0], words[1:]
    if verb in ("wind", "end") and not args:
        return verb
    if verb in ("colour", "color") and len(args) == 1 and args[0] in ("blue", "green"):
        return f"colour {args[0]}"
    if verb == "opening" and len(args) == 1:
        return f"opening {_direction(args[0])}"
    if verb == "sail" and len(args) in (3, 4):
        ship, direction, n = _ship(args[0]), _direction(args[1]), _count(args[2], 1)
        if len(args) == 4:
            if args[3] not in ("sink", "aground"):
                raise InvalidMove(said("a sail ends with `sink` or `aground`, not %(word)s", word=repr(args[3])))
            return f"sail {ship} {direction} {n} {args[3]}"
        return f"sail {ship} {direction} {n}"
    if verb == "repair" and len(args) == 1:
        return f"repair {_ship(args[0])}"
    if verb == "attack" and len(args) == 2:
        return f"attack {_ship(args[0])} {_ship(args[1])}"
    if verb in ("sink", "aground") and not args:
        return verb
    if verb == "bump" and len(args) in (1, 2):
        k = _count(args[0], 0)
        if len(args) == 2:
            if args[1] not in ("sink", "aground"):
                raise InvalidMove(said("`bump <k>` may end with `sink` or `aground`, not %(word)s", word=repr(args[1])))
            return f"bump {k} {args[1]}" if k else args[1]
        return f"bump {k}"
    if verb == "island" and len(args) == 1:
        corner = args[0].upper()
        if corner not in CORNERS:
            raise InvalidMove(said("%(word)s is not an island; islands are %(islands)s", word=repr(args[0]),
                                    islands=" ".join(CORNERS)))
        return f"island {corner}"
    raise InvalidMove(said("cannot read %(move)s; expected one of: %(forms)s", move=repr(text), forms=FORMS))
