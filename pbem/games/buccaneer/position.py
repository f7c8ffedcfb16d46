"""The `position` option (spec section 20): a start position at the beginning of a named seat's turn.

`build(seats, options)` checks the position and returns the state; every fault raises InvalidOptions
naming the field (the spec says ValueError; InvalidOptions is one). Every field is checked for its
type as well as its value, so that a position that is accepted always plays and shows: JSON from
anywhere may reach here. A value echoed in a message is shown in ASCII and cut short.

`build` also rebuilds the first state of every stored game created from a position, so whatever the
first version of this module accepted and played stays accepted with the same meaning: an empty value
(null, "", [], 0, false) for an optional object means "none", flags are read for their truth, and
unknown fields inside a ship or a store are ignored. What it is stricter about only ever failed later.

Unplaced components go to their default stores, so the conservation invariant holds: crew to the
Pirate Island deck under the listed top, in canonical order; chance cards under the listed top,
ascending; treasure to Treasure Island.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from pbem.games.base import InvalidOptions

from .board import HOME_PORTS, LAND, PORT_AT, PORTS, allowed_headings, parse_square
from .cards import CREW, CREW_PACK, TREASURES, VALUE_ALIASES, VALUE_CARDS, sort_crew, sort_treasure
from .state import Ship, State, Store, empty_state

FIELDS = {"to_move", "dealer", "round", "ships", "hands", "held", "docks", "safety_zones", "flat_island",
          "pirate_island", "chance_deck", "shuffle_unlisted", "standing_orders"}
ORDER_VALUES = ("ask", "always attack", "never attack")
MAX_ROUND = 10 ** 9  # far beyond any real game; no page has to print a number of thousands of digits
HUGE = 10 ** 100


def shown(value) -> str:
    """A value as a message may echo it: ASCII only (no lone surrogates reach a page) and short."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > HUGE:
        return "a number that large"  # and no str() of it: Python refuses ints of over 4,300 digits
    text = ascii(value)
    return text if len(text) <= 40 else text[:37] + "..."


def fault(text: str) -> InvalidOptions:
    return InvalidOptions(f"position: {text}")


def _object(value, what: str, fields: set | None = None) -> dict:
    if not isinstance(value, dict):
        raise fault(f"{what} must be an object, not {shown(value)}")
    if fields is not None:
        unknown = sorted(str(k) for k in value if k not in fields)
        if unknown:
            raise fault(f"{what}: unknown field {shown(unknown[0])} (known: {', '.join(sorted(fields))})")
    return value


def _list(value, what: str) -> list:
    if not isinstance(value, list):
        raise fault(f"{what} must be a list, not {shown(value)}")
    return value


def _seat(name, ports, what):
    if not isinstance(name, str) or name not in ports:
        raise fault(f"{what} {shown(name)} is not a seat's home port ({', '.join(ports)})")
    return ports.index(name)


def _absent_empty(value):
    """An optional object field: absent or empty (null, "", [], 0, false) is none; anything else must be
    an object."""
    return value or {}


def _per_seat(value, ports, what) -> dict[int, object]:
    """A field given per seat: an object whose keys are seats' home ports."""
    return {_seat(port, ports, what): data for port, data in _object(_absent_empty(value), what).items()}


def _crew(cards, what):
    out = []
    for c in _list(cards, what):
        if not isinstance(c, str) or c.upper() not in CREW:
            raise fault(f"{what}: {shown(c)} is not a crew card (R1..B3)")
        out.append(c.upper())
    return out


def _treasure(items, what):
    for t in _list(items, what):
        if not isinstance(t, str) or t not in TREASURES:
            raise fault(f"{what}: {shown(t)} is not a treasure ({', '.join(TREASURES)})")
    return list(items)


def _cards(items, what, used: Counter, listed=()):
    """Value-card tokens to card numbers; of the two Kidd's Charts, one the chance_deck does not list."""
    out = []
    for token in _list(items, what):
        if not isinstance(token, str):
            raise fault(f"{what}: {shown(token)} is not a value card")
        token = VALUE_ALIASES.get(token, token)
        numbers = sorted((n for n, t in VALUE_CARDS.items() if t == token and used[n] == 0), key=lambda n: n in listed)
        if not numbers:
            raise fault(f"{what}: {shown(token)} is not an available value card")
        used[numbers[0]] += 1
        out.append(numbers[0])
    return out


def _ship(port: str, data) -> Ship:
    data = _object(data, f"ship {port}")
    at = data.get("at")
    square = parse_square(at) if isinstance(at, str) else None
    if square is None:
        raise fault(f"ship {port}: 'at' must be a square A1..T20, not {shown(at)}")
    if square in PORT_AT:
        if data.get("face"):
            raise fault(f"ship {port} is in port and has no heading ('face')")
        heading = None
    else:
        if square in LAND:
            raise fault(f"ship {port} is on land at {at}")
        face = data.get("face")
        heading = face.upper() if isinstance(face, str) else None
        if heading not in allowed_headings(square):
            raise fault(f"ship {port}: 'face' needs an allowed heading at {at} (Ruling 8), not {shown(face)}")
    cargo = _treasure(data.get("cargo", []), f"cargo of {port}")
    if len(cargo) > 2:
        raise fault(f"ship {port} carries more than two pieces (Rule 17)")
    return Ship(at=square, heading=heading, cargo=sort_treasure(cargo), must_sail_ahead=bool(data.get("must_sail_ahead")))


def _storable(value, path: str) -> None:
    """Every number in the position must be one the platform can store and show again (fields that are
    ignored are stored too): Python refuses to write an int of over 4,300 digits."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > HUGE:
        raise fault(f"{path or 'a field'} holds a number too large to keep")
    if isinstance(value, dict):
        for key, item in value.items():
            _storable(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            _storable(item, f"{path}[{index}]")


def build(seats: int, options: dict) -> State:
    pos = _object(options["position"], "the position", FIELDS)
    _storable(pos, "")
    ports = tuple(options["home_ports"])
    state = empty_state(seats, options)
    ships_data = _object(pos.get("ships"), "ships")
    if set(ships_data) != set(ports):
        raise fault(f"ships must give every seat's ship, and only those: {', '.join(ports)}")
    crew_used: Counter = Counter()
    treasure_used: Counter = Counter()
    cards_used: Counter = Counter()

    ships = [_ship(port, ships_data[port]) for port in ports]
    for ship in ships:
        treasure_used.update(ship.cargo)
    squares = Counter(s.at for s in ships if s.at not in PORT_AT)
    if any(n > 1 for n in squares.values()):
        raise fault("two ships may not share a sea square")

    listed = _list(pos.get("chance_deck", []), "chance_deck")
    if any(isinstance(c, bool) or not isinstance(c, int) or not 1 <= c <= 28 for c in listed):
        raise fault("chance_deck must list card numbers 1..28")

    hands = [[] for _ in range(seats)]
    for seat, cards in _per_seat(pos.get("hands"), ports, "hands").items():
        hands[seat] = _crew(cards, f"hand of {ports[seat]}")
    for h in hands:
        crew_used.update(h)
    held = [[] for _ in range(seats)]
    for seat, cards in _per_seat(pos.get("held"), ports, "held").items():
        held[seat] = _cards(cards, f"held by {ports[seat]}", cards_used, listed)

    docks = [Store() for _ in PORTS]
    for port, data in _object(_absent_empty(pos.get("docks")), "docks").items():
        if port not in PORTS:
            raise fault(f"docks: {shown(port)} is not a port ({', '.join(PORTS)})")
        data = _object(data, f"docks of {port}")
        crew = _crew(data.get("crew", []), f"docks of {port}")
        treasure = _treasure(data.get("treasure", []), f"docks of {port}")
        cards = _cards(data.get("cards") or [], f"docks of {port}", cards_used, listed)
        crew_used.update(crew)
        treasure_used.update(treasure)
        docks[PORTS.index(port)] = Store(sort_crew(crew), sort_treasure(treasure), tuple(sorted(cards)))
    safety = [() for _ in PORTS]
    for port, items in _object(_absent_empty(pos.get("safety_zones")), "safety_zones").items():
        if port not in HOME_PORTS:
            raise fault(f"safety_zones: {shown(port)} is not a home port ({', '.join(HOME_PORTS)})")
        items = _treasure(items, f"safety zone of {port}")
        if any(n < 3 for n in Counter(items).values()):
            raise fault(f"the Safety Zone of {port} needs at least three of each type (Rule 18)")
        treasure_used.update(items)
        safety[PORTS.index(port)] = sort_treasure(items)
    flat = _object(_absent_empty(pos.get("flat_island")), "flat_island")
    flat_crew = _crew(flat.get("crew", []), "flat_island crew")
    flat_treasure = _treasure(flat.get("treasure", []), "flat_island treasure")
    crew_used.update(flat_crew)
    treasure_used.update(flat_treasure)

    pirate_top = _crew(pos.get("pirate_island", []), "pirate_island")
    crew_used.update(pirate_top)
    supply = Counter(CREW_PACK)
    for card, n in crew_used.items():
        if n > supply[card]:
            raise fault(f"more than {supply[card]} {card} cards are placed")
    rest = Counter(CREW_PACK) - crew_used
    pirate = tuple(pirate_top) + tuple(c for c in CREW for _ in range(rest[c]))

    per = options["treasure_per_type"]
    for t, n in treasure_used.items():
        if n > per:
            raise fault(f"more than {per} pieces of {t} are placed (treasure_per_type)")
    ti = tuple(per - treasure_used[t] for t in TREASURES)

    out_cards = set(cards_used)
    if len(set(listed)) != len(listed) or out_cards & set(listed):
        raise fault("chance_deck: a chance card is listed twice, or listed while held or in a Docks")
    deck = tuple(listed) + tuple(c for c in range(1, 29) if c not in listed and c not in out_cards)

    standing = ["ask"] * seats
    for seat, order in _per_seat(pos.get("standing_orders"), ports, "standing_orders").items():
        if not isinstance(order, str) or order not in ORDER_VALUES:
            raise fault(f"standing_orders: {shown(order)} must be one of {', '.join(ORDER_VALUES)}")
        standing[seat] = order

    dealer_name = pos.get("dealer")
    to_move_name = pos.get("to_move")
    if to_move_name is None:
        to_move = _seat(dealer_name, ports, "dealer") if dealer_name else 0
    else:
        to_move = _seat(to_move_name, ports, "to_move")
    dealer = _seat(dealer_name, ports, "dealer") if dealer_name else to_move
    round_ = pos.get("round", 1)
    if not isinstance(round_, int) or not 1 <= round_ <= MAX_ROUND:
        raise fault(f"round must be a whole number from 1 to {MAX_ROUND}, not {shown(round_)}")
    shuffle = bool(pos.get("shuffle_unlisted"))

    return replace(
        state, ships=tuple(ships), hands=tuple(sort_crew(h) for h in hands), held=tuple(tuple(sorted(h)) for h in held),
        docks=tuple(docks), safety=tuple(safety), flat=Store(sort_crew(flat_crew), sort_treasure(flat_treasure)),
        treasure_island=ti, pirate=pirate, chance_deck=deck, standing=tuple(standing), dealer=dealer, turn=to_move,
        round=round_, phase="before", shuffle_below=(len(pirate_top), len(listed)) if shuffle else (),
    )
