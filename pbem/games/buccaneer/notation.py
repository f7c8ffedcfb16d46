"""Move notation (spec section 19): parsing forgiving text into a `Move`, and writing canonical text.

Parsing ignores case, extra spaces and commas. Items are crew tokens (R1..B3, `2xR1` for copies),
treasure words (plurals accepted) and value-card tokens (with the aliases po8, chart, ljs). The full
grammar is in NOTATION (package __init__).
"""

from __future__ import annotations

from dataclasses import dataclass

from pbem.games.base import InvalidMove, said

from .board import DIRECTIONS, PORTS, parse_square
from .cards import CREW, TREASURES, VALUE_ALIASES, VALUE_TOKENS

Items = tuple[str, ...]

TREASURE_WORDS = {t: t for t in TREASURES}
TREASURE_WORDS.update({"diamonds": "diamond", "rubies": "ruby", "golds": "gold", "gold-bar": "gold",
                       "pearls": "pearl", "rums": "rum", "barrel": "rum"})

EXPECTED = ("sail DIR n [attack] [face DIR] | sail to SQUARE [attack] [face DIR] | turn face DIR | "
            "drift DIR face DIR | face DIR | end | trade give ITEMS take ITEMS | deposit ITEMS | take ITEMS | "
            "land CREW | secure TREASURE | redeem TREASURE | attack | let pass | always attack | never attack | "
            "ask | demand treasure | demand crew | give CREW | keep TREASURE | chance treasure TREASURE | "
            "chance crew | chance name PORT | chance give ITEMS [docks CREW] | chance lose ITEMS | "
            "chance return CREW [docks CREW]")


@dataclass(frozen=True)
class Move:
    verb: str  # sail, turn, drift, face, end, trade, deposit, take, land, secure, redeem, attack,
    #            let pass, order, demand, give, keep, chance
    dir: str = ""
    n: int = 0
    square: tuple = ()
    face: str = ""
    attack: bool = False
    items: Items = ()  # the main item list (trade: given)
    take: Items = ()  # trade: taken
    docks: Items = ()  # chance give/return: the Docks part
    word: str = ""  # demand treasure/crew; order value; chance sub-verb
    name: str = ""  # chance name PORT


def item_kind(token: str) -> str:
    if token in CREW:
        return "crew"
    if token in TREASURES:
        return "treasure"
    return "card"


def item_order(token: str) -> tuple[int, int]:
    if token in CREW:
        return (0, CREW.index(token))
    if token in TREASURES:
        return (1, TREASURES.index(token))
    return (2, VALUE_TOKENS.index(token))


def canonical_items(items) -> Items:
    return tuple(sorted(items, key=item_order))


def items_text(items) -> str:
    return " ".join(canonical_items(items))


def _parse_items(words: list[str]) -> Items:
    out: list[str] = []
    for word in words:
        count = 1
        if "x" in word[:3] and word.split("x", 1)[0].isdigit():
            head, word = word.split("x", 1)
            count = int(head)
        upper = word.upper()
        if upper in CREW:
            token = upper
        elif word in TREASURE_WORDS:
            token = TREASURE_WORDS[word]
        elif word in VALUE_TOKENS:
            token = word
        elif word in VALUE_ALIASES:
            token = VALUE_ALIASES[word]
        else:
            raise InvalidMove(said("%(word)s is not a crew card (R1..B3), treasure or value card", word=repr(word)))
        out.extend([token] * count)
    return canonical_items(out)


def _direction(word: str | None) -> str:
    if word is None or word.upper() not in DIRECTIONS:
        raise InvalidMove(said("expected a direction (%(directions)s), not %(word)s", directions="N NE E SE S SW W NW",
                               word=repr(word)))
    return word.upper()


def _tail_attack_face(words: list[str]) -> tuple[bool, str]:
    attack = False
    face = ""
    i = 0
    while i < len(words):
        if words[i] == "attack":
            attack = True
            i += 1
        elif words[i] == "face":
            face = _direction(words[i + 1] if i + 1 < len(words) else None)
            i += 2
        else:
            raise InvalidMove(said("unexpected %(word)s; expected %(form)s", word=repr(words[i]),
                                   form="[attack] [face DIR]"))
    return attack, face


def expected(form: str):
    """A refusal naming the form a move should take: the form in the notation, the words around it in the
    reader's language."""
    return said("expected %(form)s", form=form)


def parse_move(text: str) -> Move:
    words = text.replace(",", " ").lower().split()
    if not words:
        raise InvalidMove(said("empty move; expected one of: %(forms)s", forms=EXPECTED))
    verb, rest = words[0], words[1:]
    if verb == "sail":
        if rest[:1] == ["to"]:
            square = parse_square(rest[1]) if len(rest) > 1 else None
            if square is None:
                raise InvalidMove(expected("sail to SQUARE (A1..T20)"))
            attack, face = _tail_attack_face(rest[2:])
            return Move("sail", square=square, attack=attack, face=face)
        if len(rest) < 2 or not rest[1].isdigit():
            raise InvalidMove(said("expected %(form)s, e.g. %(example)s", form="sail DIR n [attack] [face DIR]",
                                   example="sail NE 5 face S"))
        attack, face = _tail_attack_face(rest[2:])
        n = int(rest[1])
        if n < 1:
            raise InvalidMove(said("the distance must be at least 1"))
        return Move("sail", dir=_direction(rest[0]), n=n, attack=attack, face=face)
    if verb == "turn":
        if rest[:1] == ["face"]:
            rest = rest[1:]
        if len(rest) != 1:
            raise InvalidMove(expected("turn face DIR"))
        return Move("turn", face=_direction(rest[0]))
    if verb == "drift":
        if not rest:
            raise InvalidMove(expected("drift DIR face DIR"))
        attack, face = _tail_attack_face(rest[1:])
        if attack:
            raise InvalidMove(said("a drift cannot attack"))
        return Move("drift", dir=_direction(rest[0]), n=1, face=face)
    if verb == "face":
        if len(rest) != 1:
            raise InvalidMove(expected("face DIR"))
        return Move("face", face=_direction(rest[0]))
    if verb == "end" and not rest:
        return Move("end")
    if verb == "trade":
        if "take" not in rest or rest[:1] != ["give"]:
            raise InvalidMove(expected("trade give ITEMS take ITEMS"))
        cut = rest.index("take")
        give, take = _parse_items(rest[1:cut]), _parse_items(rest[cut + 1:])
        if not give or not take:
            raise InvalidMove(said("a trade needs items on both sides: %(form)s", form="trade give ITEMS take ITEMS"))
        return Move("trade", items=give, take=take)
    if verb in ("deposit", "take", "land", "secure", "redeem", "give", "keep"):
        items = _parse_items(rest)
        if not items:
            raise InvalidMove(expected(f"{verb} ITEMS"))
        return Move(verb, items=items)
    if verb == "attack" and not rest:
        return Move("attack")
    if verb == "let" and rest == ["pass"]:
        return Move("let pass")
    if verb in ("always", "never") and rest == ["attack"]:
        return Move("order", word=f"{verb} attack")
    if verb == "ask" and not rest:
        return Move("order", word="ask")
    if verb == "demand" and rest in (["treasure"], ["crew"]):
        return Move("demand", word=rest[0])
    if verb == "chance" and rest:
        sub, args = rest[0], rest[1:]
        if sub == "crew" and not args:
            return Move("chance", word="crew")
        if sub == "swap" and not args:
            return Move("chance", word="swap")
        if sub == "name" and len(args) == 1 and args[0] in PORTS:
            return Move("chance", word="name", name=args[0])
        if sub in ("treasure", "lose"):
            return Move("chance", word=sub, items=_parse_items(args))
        if sub in ("give", "return"):
            if "docks" in args:
                cut = args.index("docks")
                return Move("chance", word=sub, items=_parse_items(args[:cut]), docks=_parse_items(args[cut + 1:]))
            return Move("chance", word=sub, items=_parse_items(args))
    raise InvalidMove(said("cannot read %(move)s; expected one of: %(forms)s", move=repr(text), forms=EXPECTED))


def split_items(items: Items) -> tuple[Items, Items, Items]:
    crew = tuple(t for t in items if item_kind(t) == "crew")
    treasure = tuple(t for t in items if item_kind(t) == "treasure")
    cards = tuple(t for t in items if item_kind(t) == "card")
    return crew, treasure, cards
