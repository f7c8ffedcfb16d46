"""The `position` option (spec section 20): a start position at the beginning of a named seat's turn.

`build(seats, options)` checks the position and returns the state; every fault raises InvalidOptions
naming it (the spec says ValueError; InvalidOptions is one). Unplaced components go to their default
stores, so the conservation invariant holds: crew to the Pirate Island deck under the listed top, in
canonical order; chance cards under the listed top, ascending; treasure to Treasure Island.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from pbem.games.base import InvalidOptions

from .board import HOME_PORTS, PORT_AT, PORTS, allowed_headings, parse_square
from .cards import CREW, CREW_PACK, TREASURES, VALUE_ALIASES, VALUE_CARDS, sort_crew, sort_treasure
from .state import Ship, State, Store, empty_state

FIELDS = {"to_move", "dealer", "round", "ships", "hands", "held", "docks", "safety_zones", "flat_island",
          "pirate_island", "chance_deck", "shuffle_unlisted", "standing_orders"}
ORDER_VALUES = ("ask", "always attack", "never attack")


def _seat(name, ports, what):
    if name not in ports:
        raise InvalidOptions(f"position: {what} {name!r} is not a seat's home port ({', '.join(ports)})")
    return ports.index(name)


def _crew(cards, what):
    if not isinstance(cards, list):
        raise InvalidOptions(f"position: {what} must be a list of crew cards")
    out = []
    for c in cards:
        if not isinstance(c, str) or c.upper() not in CREW:
            raise InvalidOptions(f"position: {what}: {c!r} is not a crew card (R1..B3)")
        out.append(c.upper())
    return out


def _treasure(items, what):
    if not isinstance(items, list):
        raise InvalidOptions(f"position: {what} must be a list of treasure")
    for t in items:
        if t not in TREASURES:
            raise InvalidOptions(f"position: {what}: {t!r} is not a treasure ({', '.join(TREASURES)})")
    return list(items)


def _cards(items, what, used: Counter):
    out = []
    for token in items if isinstance(items, list) else [None]:
        token = VALUE_ALIASES.get(token, token)
        numbers = [n for n, t in VALUE_CARDS.items() if t == token and used[n] == 0]
        if not numbers:
            raise InvalidOptions(f"position: {what}: {token!r} is not an available value card")
        used[numbers[0]] += 1
        out.append(numbers[0])
    return out


def build(seats: int, options: dict) -> State:
    pos = options["position"]
    unknown = set(pos) - FIELDS
    if unknown:
        raise InvalidOptions(f"position: unknown field {sorted(unknown)[0]!r}")
    ports = tuple(options["home_ports"])
    state = empty_state(seats, options)
    ships_data = pos.get("ships")
    if not isinstance(ships_data, dict) or set(ships_data) != set(ports):
        raise InvalidOptions(f"position: ships must give every seat's ship: {', '.join(ports)}")
    crew_used: Counter = Counter()
    treasure_used: Counter = Counter()
    cards_used: Counter = Counter()

    ships = []
    for seat, port in enumerate(ports):
        data = ships_data[port]
        square = parse_square(str(data.get("at", "")))
        if square is None:
            raise InvalidOptions(f"position: ship {port}: 'at' must be a square A1..T20")
        if square in PORT_AT:
            if data.get("face"):
                raise InvalidOptions(f"position: ship {port} is in port and has no heading")
            heading = None
        else:
            if square not in {s for s in allowed_squares()}:
                raise InvalidOptions(f"position: ship {port} is on land at {data['at']}")
            heading = str(data.get("face", "")).upper()
            if heading not in allowed_headings(square):
                raise InvalidOptions(f"position: ship {port} needs an allowed heading at {data['at']} (Ruling 8)")
        cargo = _treasure(data.get("cargo", []), f"cargo of {port}")
        if len(cargo) > 2:
            raise InvalidOptions(f"position: ship {port} carries more than two pieces (Rule 17)")
        treasure_used.update(cargo)
        ships.append(Ship(at=square, heading=heading, cargo=sort_treasure(cargo),
                          must_sail_ahead=bool(data.get("must_sail_ahead", False))))
    squares = Counter(s.at for s in ships if s.at not in PORT_AT)
    if any(n > 1 for n in squares.values()):
        raise InvalidOptions("position: two ships may not share a sea square")

    hands = [[] for _ in range(seats)]
    for port, cards in (pos.get("hands") or {}).items():
        hands[_seat(port, ports, "hands")] = _crew(cards, f"hand of {port}")
    for h in hands:
        crew_used.update(h)
    held = [[] for _ in range(seats)]
    for port, cards in (pos.get("held") or {}).items():
        held[_seat(port, ports, "held")] = _cards(cards, f"held by {port}", cards_used)

    docks = [Store() for _ in PORTS]
    for port, data in (pos.get("docks") or {}).items():
        if port not in PORTS:
            raise InvalidOptions(f"position: docks: {port!r} is not a port")
        crew = _crew(data.get("crew", []), f"docks of {port}")
        treasure = _treasure(data.get("treasure", []), f"docks of {port}")
        cards = _cards(data.get("cards", []), f"docks of {port}", cards_used) if data.get("cards") else []
        crew_used.update(crew)
        treasure_used.update(treasure)
        docks[PORTS.index(port)] = Store(sort_crew(crew), sort_treasure(treasure), tuple(sorted(cards)))
    safety = [() for _ in PORTS]
    for port, items in (pos.get("safety_zones") or {}).items():
        if port not in HOME_PORTS:
            raise InvalidOptions(f"position: safety_zones: {port!r} is not a home port")
        items = _treasure(items, f"safety zone of {port}")
        if any(n < 3 for n in Counter(items).values()):
            raise InvalidOptions(f"position: the Safety Zone of {port} needs at least three of each type (Rule 18)")
        treasure_used.update(items)
        safety[PORTS.index(port)] = sort_treasure(items)
    flat = pos.get("flat_island") or {}
    flat_crew = _crew(flat.get("crew", []), "flat_island")
    flat_treasure = _treasure(flat.get("treasure", []), "flat_island")
    crew_used.update(flat_crew)
    treasure_used.update(flat_treasure)

    pirate_top = _crew(pos.get("pirate_island", []), "pirate_island")
    crew_used.update(pirate_top)
    supply = Counter(CREW_PACK)
    for card, n in crew_used.items():
        if n > supply[card]:
            raise InvalidOptions(f"position: more than {supply[card]} {card} cards are placed")
    rest = Counter(CREW_PACK) - crew_used
    pirate = tuple(pirate_top) + tuple(c for c in CREW for _ in range(rest[c]))

    per = options["treasure_per_type"]
    for t, n in treasure_used.items():
        if n > per:
            raise InvalidOptions(f"position: more than {per} pieces of {t} are placed")
    ti = tuple(per - treasure_used[t] for t in TREASURES)

    listed = pos.get("chance_deck", [])
    if not isinstance(listed, list) or any(not isinstance(c, int) or not 1 <= c <= 28 for c in listed):
        raise InvalidOptions("position: chance_deck must list card numbers 1..28")
    out_cards = set(cards_used)
    if len(set(listed)) != len(listed) or out_cards & set(listed):
        raise InvalidOptions("position: a chance card is listed twice, or listed while held or in a Docks")
    deck = tuple(listed) + tuple(c for c in range(1, 29) if c not in listed and c not in out_cards)

    standing = ["ask"] * seats
    for port, order in (pos.get("standing_orders") or {}).items():
        if order not in ORDER_VALUES:
            raise InvalidOptions(f"position: standing order {order!r} must be one of {', '.join(ORDER_VALUES)}")
        standing[_seat(port, ports, "standing_orders")] = order

    dealer_name = pos.get("dealer")
    to_move_name = pos.get("to_move")
    if to_move_name is None:
        to_move = _seat(dealer_name, ports, "dealer") if dealer_name else 0
    else:
        to_move = _seat(to_move_name, ports, "to_move")
    dealer = _seat(dealer_name, ports, "dealer") if dealer_name else to_move
    round_ = pos.get("round", 1)
    if not isinstance(round_, int) or round_ < 1:
        raise InvalidOptions("position: round must be a positive whole number")

    return replace(
        state, ships=tuple(ships), hands=tuple(sort_crew(h) for h in hands), held=tuple(tuple(sorted(h)) for h in held),
        docks=tuple(docks), safety=tuple(safety), flat=Store(sort_crew(flat_crew), sort_treasure(flat_treasure)),
        treasure_island=ti, pirate=pirate, chance_deck=deck, standing=tuple(standing), dealer=dealer, turn=to_move,
        round=round_, phase="before",
        shuffle_below=(len(pirate_top), len(listed)) if pos.get("shuffle_unlisted") else (),
    )


def allowed_squares():
    from .board import LAND, SIZE

    return [(x, y) for x in range(1, SIZE + 1) for y in range(1, SIZE + 1) if (x, y) not in LAND]


def listed_counts(options: dict) -> tuple[int, int]:
    """How many cards at the top of each deck the position lists (they stay; the rest may be shuffled)."""
    pos = options.get("position") or {}
    return len(pos.get("pirate_island", [])), len(pos.get("chance_deck", []))

