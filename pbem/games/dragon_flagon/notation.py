"""Move notation (spec section 18): parsing forgiving about case, spacing, hyphens and abbreviations,
and canonical formatting for `legal_moves`.

    place CHAR SQUARE DIR
    plan CHAR CARD [CARD]
    CHAR CARD {KEY VALUE}          CHAR pick_up (take OBJECT | drop)
"""

from __future__ import annotations

import re

from ..base import said
from .base_errors import InvalidMove
from .geometry import BadSquare, parse_square, square_name

NOTATION = """\
Moves (case and extra spaces do not matter; '-' may replace '_'; characters may be abbreviated):
  place CHAR SQUARE DIR          put a standee on a start square, facing n, e, s or w
                                 (e.g. place monk b5 e)
  plan CHAR CARD [CARD]          plan a face-down card (two at once when two are owed)
                                 (e.g. plan monk slash, plan rogue dash move)
  CHAR CARD {KEY VALUE}          the choices of the drawn character's revealed card, keys in order:
        move: square SQ facing DIR        dash: distance N facing DIR
        pick_up: take OBJECT | drop       swing, arr, leap, ...: distance N
        dragon_kick: distance N side S    dragon_rage: side left|right
        shadow_step, blink: square SQ facing DIR
        summon_familiar, fireball: square SQ      lightning: direction DIR
        lure_of_the_sea: direction DIR distance N  animate_table: table N direction DIR
        telekinesis: object OBJ mode slide|throw direction DIR [distance N]
        flourish: facing DIR              lay_on_hands: target CHAR
  (e.g. monk move square c6 facing e, druid animate_table table 1 direction e)
SQUARE: file a-k + rank (f8), or [row,col] zero-based for squares off the printed grid.
CHAR: barbarian buccaneer cleric druid monk paladin rogue swashbuckler wizard (or ba bu cl dr mo pa ro sw wi).
OBJECT: mug<n> chair<n> barrel<n> chest<n> flagon."""

CARD_ALIASES = {"arr!": "arr"}
INT_KEYS = {"distance", "table"}
KEYS = ("square", "facing", "distance", "direction", "side", "object", "table", "target", "mode")


_BRACKET_SQUARE = re.compile(r"\[\s*(-?\d+)\s*,\s*(-?\d+)\s*\]")


def normalise(text: str) -> list[str]:
    """Lower case, bracket squares without spaces, and '-' read as '_' in words only: the minus sign of
    a bracket square off the west or north edge (`[10,-1]`, a table overhanging the rail) stays."""
    text = _BRACKET_SQUARE.sub(r"[\1,\2]", text.strip().lower())
    text = re.sub(r"\[[^\]\s]*\]|-", lambda m: "_" if m.group(0) == "-" else m.group(0), text)
    return text.split()


def _char(token: str, data) -> str:
    for cid in data.characters:
        if token in (cid, data.abbrs[cid]):
            return cid
    raise InvalidMove(said("expected a character (e.g. monk or mo), not %(token)s", token=repr(token)))


def _card(token: str, data) -> str:
    token = CARD_ALIASES.get(token, token)
    if token not in data.cards:
        raise InvalidMove(said("expected a card id (e.g. slash, move), not %(token)s", token=repr(token)))
    return token


def _square(token: str, board):
    try:
        return parse_square(token, board.rows, board.cols)
    except BadSquare as error:
        raise InvalidMove(str(error)) from None


DIRS = ("n", "e", "s", "w", "ne", "se", "sw", "nw")


def _dir(token: str) -> str:
    if token not in DIRS:
        raise InvalidMove(said("expected a direction n, e, s or w, not %(token)s", token=repr(token)))
    return token


def parse(text: str, data):
    """-> ("place", char, square, facing) | ("plan", char, [cards]) | ("choose", char, card, choices)."""
    tokens = normalise(text)
    if not tokens:
        raise InvalidMove(said("expected a move: place ..., plan ... or CHAR CARD ..."))
    head = tokens[0]
    board = data.board
    if head == "place":
        if len(tokens) != 4:
            raise InvalidMove(said("expected: place CHAR SQUARE DIR (e.g. place monk b5 e)"))
        return ("place", _char(tokens[1], data), _square(tokens[2], board), _dir(tokens[3]))
    if head == "plan":
        if len(tokens) not in (3, 4):
            raise InvalidMove(said("expected: plan CHAR CARD [CARD] (e.g. plan monk slash)"))
        return ("plan", _char(tokens[1], data), [_card(t, data) for t in tokens[2:]])
    if len(tokens) < 2:
        raise InvalidMove(said("expected: place ..., plan ... or CHAR CARD {KEY VALUE}"))
    char = _char(head, data)
    card = _card(tokens[1], data)
    rest = tokens[2:]
    choices = {}
    if card == "pick_up":
        if rest == ["drop"]:
            return ("choose", char, card, {"drop": None})
        if len(rest) == 2 and rest[0] == "take":
            return ("choose", char, card, {"take": rest[1]})
        raise InvalidMove(said("expected: CHAR pick_up take OBJECT, or CHAR pick_up drop"))
    if len(rest) % 2:
        raise InvalidMove(said("expected KEY VALUE pairs after the card (e.g. monk move square c6 facing e)"))
    for key, value in zip(rest[::2], rest[1::2]):
        if key not in KEYS:
            raise InvalidMove(said("expected a choice key (%(keys)s), not %(key)s", keys=", ".join(KEYS), key=repr(key)))
        if key == "square":
            choices[key] = _square(value, board)
        elif key in ("facing", "direction"):
            choices[key] = _dir(value)
        elif key in INT_KEYS:
            value = value[len("table"):] if key == "table" and value.startswith("table") else value
            if not re.fullmatch(r"\d{1,3}", value):
                raise InvalidMove(said("expected a whole number after %(key)s, not %(value)s", key=key, value=repr(value)))
            choices[key] = int(value)
        elif key == "target":
            choices[key] = _char(value, data)
        else:
            choices[key] = value
    return ("choose", char, card, choices)


def format_choices(card, choices: dict, board) -> str:
    if "take" in choices:
        return f"take {choices['take']}"
    if "drop" in choices:
        return "drop"
    parts = []
    for key, value in choices.items():
        if key == "square":
            value = square_name(value, board.rows, board.cols)
        parts.append(f"{key} {value}")
    return " ".join(parts)


def format_choose(char: str, card, choices: dict, board) -> str:
    tail = format_choices(card, choices, board)
    return f"{char} {card.id}" + (f" {tail}" if tail else "")


def format_place(char: str, square, facing: str, board) -> str:
    return f"place {char} {square_name(square, board.rows, board.cols)} {facing}"
