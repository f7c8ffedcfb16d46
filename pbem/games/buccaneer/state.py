"""The frozen game state and the effect primitives that change it (the reducer's whole work).

Every event carries a list of `effects` (spec 17.1 recommends this): small JSON facts such as "these
crew cards moved from Pirate Island to seat 2's hand". `evolve` applies them in order with `apply`;
the rules engine builds its events by applying the same primitives as it goes, so replay always equals
the incremental state. `apply` never validates. JSON lists are turned back into tuples here.

Locations in effects: crew "hand:N", "docks:PORT", "flat", "pirate" (taken from the top, returned to
the bottom); treasure "ti" (Treasure Island), "ship:N", "docks:PORT", "safety:PORT", "flat", "keep" (the pool
of a pending `keep` decision, which holds the pieces itself); value
cards "held:N", "docks:PORT", "deck" (returned to the bottom of the chance deck).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from .board import PORTS
from .cards import CREW, TREASURES, sort_crew, sort_treasure

Square = tuple[int, int]


@dataclass(frozen=True)
class Ship:
    at: Square | None  # a sea square or a port's square; None once its seat has resigned
    heading: str | None = None  # None in port
    cargo: tuple[str, ...] = ()
    must_sail_ahead: bool = False  # Ruling 20


@dataclass(frozen=True)
class Store:
    """A Docks or Flat Island: crew face up, treasure, value cards (chance-card numbers)."""

    crew: tuple[str, ...] = ()
    treasure: tuple[str, ...] = ()
    cards: tuple[int, ...] = ()


@dataclass(frozen=True)
class Item:
    """One entry of the pending queue (6.3): a decision owed by `seats`, or (no seats) a task the rules
    carry out by themselves. Field meaning depends on `kind` (see turns.py)."""

    kind: str
    seats: tuple[int, ...] = ()
    seat: int = -1  # the subject: mover, loser, drawer
    other: int = -1  # the opponent, winner or named seat
    card: int = 0
    dir: str = ""
    dest: Square | tuple = ()
    face: str = ""
    attack: bool = False
    items: tuple = ()
    flag: bool = False


@dataclass(frozen=True)
class Fight:
    attacker: int
    defender: int
    square: Square
    hands: tuple[tuple[str, ...], tuple[str, ...]]  # attacker's, defender's
    values: tuple[int, int]
    result: str  # "attacker", "defender" or "draw"


@dataclass(frozen=True)
class State:
    seats: int
    home_ports: tuple[str, ...]
    treasure_per_type: int
    hand_size: int
    currency: str
    turn_limit: int | None
    ships: tuple[Ship, ...]
    hands: tuple[tuple[str, ...], ...]
    held: tuple[tuple[int, ...], ...]
    docks: tuple[Store, ...]  # in PORTS order
    safety: tuple[tuple[str, ...], ...]  # in PORTS order (trading ports stay empty)
    flat: Store
    treasure_island: tuple[int, ...]  # counts in TREASURES order
    pirate: tuple[str, ...]  # top first
    chance_deck: tuple[int, ...]  # top first
    standing: tuple[str, ...]  # "ask", "always attack", "never attack"
    resigned: tuple[bool, ...]
    dealer: int = 0
    turn: int = 0
    round: int = 1
    phase: str = "setup"  # setup, before, after, closed, over
    redeemed: bool = False  # a Kidd's Chart was redeemed this turn (Ruling 39)
    pending: tuple[Item, ...] = ()
    fight: Fight | None = None
    last_chance: tuple | None = None  # (card, drawer, note)
    result: tuple | None = None  # (termination, winners, ranking)
    cut: tuple[int, ...] = ()
    shuffle_below: tuple[int, ...] = ()  # a position's listed deck tops (pirate, chance) when shuffle_unlisted
    rules_version: int = 1  # the version of the rules this game plays (package docstring); never changes in play

    def port_index(self, port: str) -> int:
        return PORTS.index(port)

    def home(self, seat: int) -> str:
        return self.home_ports[seat]

    def seat_of_port(self, port: str) -> int | None:
        if port in self.home_ports:
            seat = self.home_ports.index(port)
            return seat
        return None


def tuplify(value: Any) -> Any:
    if isinstance(value, (list, tuple)):
        return tuple(tuplify(v) for v in value)
    return value


def item_from_json(data: dict) -> Item:
    return Item(**{k: tuplify(v) for k, v in data.items()})


def item_to_json(item: Item) -> dict:
    out: dict[str, Any] = {"kind": item.kind}
    defaults = Item(kind=item.kind)
    for name in ("seats", "seat", "other", "card", "dir", "dest", "face", "attack", "items", "flag"):
        value = getattr(item, name)
        if value != getattr(defaults, name):
            out[name] = [list(v) if isinstance(v, tuple) else v for v in value] if isinstance(value, tuple) else value
    return out


def _set(tup: tuple, index: int, value: Any) -> tuple:
    return tup[:index] + (value,) + tup[index + 1:]


def _remove(have: tuple, items: tuple) -> tuple:
    rest = list(have)
    for item in items:
        rest.remove(item)
    return tuple(rest)


# --- crew ---------------------------------------------------------------------------------------------


def _crew_out(state: State, where: str, cards: tuple[str, ...]) -> State:
    kind, _, key = where.partition(":")
    if kind == "hand":
        seat = int(key)
        return replace(state, hands=_set(state.hands, seat, _remove(state.hands[seat], cards)))
    if kind == "docks":
        i = PORTS.index(key)
        store = state.docks[i]
        return replace(state, docks=_set(state.docks, i, replace(store, crew=_remove(store.crew, cards))))
    if kind == "flat":
        return replace(state, flat=replace(state.flat, crew=_remove(state.flat.crew, cards)))
    if kind == "pirate":  # always from the top
        return replace(state, pirate=state.pirate[len(cards):])
    raise AssertionError(where)


def _crew_in(state: State, where: str, cards: tuple[str, ...]) -> State:
    kind, _, key = where.partition(":")
    if kind == "hand":
        seat = int(key)
        return replace(state, hands=_set(state.hands, seat, sort_crew(state.hands[seat] + cards)))
    if kind == "docks":
        i = PORTS.index(key)
        store = state.docks[i]
        return replace(state, docks=_set(state.docks, i, replace(store, crew=sort_crew(store.crew + cards))))
    if kind == "flat":
        return replace(state, flat=replace(state.flat, crew=sort_crew(state.flat.crew + cards)))
    if kind == "pirate":  # always to the bottom, in the order given
        return replace(state, pirate=state.pirate + cards)
    raise AssertionError(where)


# --- treasure -----------------------------------------------------------------------------------------


def _treasure_out(state: State, where: str, items: tuple[str, ...]) -> State:
    kind, _, key = where.partition(":")
    if kind == "keep":  # the pool of a winner's pending `keep` decision holds these (Ruling 17)
        return state
    if kind == "ti":
        counts = list(state.treasure_island)
        for t in items:
            counts[TREASURES.index(t)] -= 1
        return replace(state, treasure_island=tuple(counts))
    if kind == "ship":
        seat = int(key)
        ship = state.ships[seat]
        return replace(state, ships=_set(state.ships, seat, replace(ship, cargo=_remove(ship.cargo, items))))
    if kind == "docks":
        i = PORTS.index(key)
        store = state.docks[i]
        return replace(state, docks=_set(state.docks, i, replace(store, treasure=_remove(store.treasure, items))))
    if kind == "safety":
        i = PORTS.index(key)
        return replace(state, safety=_set(state.safety, i, _remove(state.safety[i], items)))
    if kind == "flat":
        return replace(state, flat=replace(state.flat, treasure=_remove(state.flat.treasure, items)))
    raise AssertionError(where)


def _treasure_in(state: State, where: str, items: tuple[str, ...]) -> State:
    kind, _, key = where.partition(":")
    if kind == "keep":
        return state
    if kind == "ti":
        counts = list(state.treasure_island)
        for t in items:
            counts[TREASURES.index(t)] += 1
        return replace(state, treasure_island=tuple(counts))
    if kind == "ship":
        seat = int(key)
        ship = state.ships[seat]
        return replace(state, ships=_set(state.ships, seat, replace(ship, cargo=sort_treasure(ship.cargo + items))))
    if kind == "docks":
        i = PORTS.index(key)
        store = state.docks[i]
        return replace(state, docks=_set(state.docks, i, replace(store, treasure=sort_treasure(store.treasure + items))))
    if kind == "safety":
        i = PORTS.index(key)
        return replace(state, safety=_set(state.safety, i, sort_treasure(state.safety[i] + items)))
    if kind == "flat":
        return replace(state, flat=replace(state.flat, treasure=sort_treasure(state.flat.treasure + items)))
    raise AssertionError(where)


# --- value cards --------------------------------------------------------------------------------------


def _cards_out(state: State, where: str, cards: tuple[int, ...]) -> State:
    kind, _, key = where.partition(":")
    if kind == "held":
        seat = int(key)
        return replace(state, held=_set(state.held, seat, _remove(state.held[seat], cards)))
    if kind == "docks":
        i = PORTS.index(key)
        store = state.docks[i]
        return replace(state, docks=_set(state.docks, i, replace(store, cards=_remove(store.cards, cards))))
    if kind == "deck":
        return replace(state, chance_deck=_remove(state.chance_deck, cards))
    raise AssertionError(where)


def _cards_in(state: State, where: str, cards: tuple[int, ...]) -> State:
    kind, _, key = where.partition(":")
    if kind == "held":
        seat = int(key)
        return replace(state, held=_set(state.held, seat, tuple(sorted(state.held[seat] + cards))))
    if kind == "docks":
        i = PORTS.index(key)
        store = state.docks[i]
        return replace(state, docks=_set(state.docks, i, replace(store, cards=tuple(sorted(store.cards + cards)))))
    if kind == "deck":
        return replace(state, chance_deck=state.chance_deck + cards)
    raise AssertionError(where)


# --- the reducer of one effect ------------------------------------------------------------------------


def apply(state: State, effect: dict) -> State:
    """Apply one effect primitive. Pure; never validates (the engine only writes valid effects)."""
    k = effect["k"]
    if k == "crew":
        cards = tuple(effect["cards"])
        return _crew_in(_crew_out(state, effect["from"], cards), effect["to"], cards)
    if k == "treasure":
        items = tuple(effect["items"])
        return _treasure_in(_treasure_out(state, effect["from"], items), effect["to"], items)
    if k == "vcard":
        cards = tuple(effect["cards"])
        return _cards_in(_cards_out(state, effect["from"], cards), effect["to"], cards)
    if k == "draw":
        card = effect["card"]
        deck = state.chance_deck[1:]
        if effect["kept"]:
            seat = effect["seat"]
            return replace(state, chance_deck=deck, held=_set(state.held, seat, tuple(sorted(state.held[seat] + (card,)))))
        return replace(state, chance_deck=deck + (card,))
    if k == "ship":
        seat = effect["seat"]
        ship = state.ships[seat]
        at = tuplify(effect["at"])
        return replace(state, ships=_set(state.ships, seat, replace(ship, at=at, heading=effect.get("heading"))))
    if k == "msa":
        seat = effect["seat"]
        return replace(state, ships=_set(state.ships, seat, replace(state.ships[seat], must_sail_ahead=effect["on"])))
    if k == "decks":
        return replace(state, pirate=tuple(effect["pirate"]), chance_deck=tuple(effect["chance"]))
    if k == "cut":
        return replace(state, cut=tuple(effect["numbers"]), dealer=effect["dealer"])
    if k == "turn":
        return replace(state, turn=effect["seat"], round=effect["round"], phase="before", redeemed=False)
    if k == "phase":
        return replace(state, phase=effect["phase"])
    if k == "redeemed":
        return replace(state, redeemed=True)
    if k == "push":
        return replace(state, pending=(item_from_json(effect["item"]),) + state.pending)
    if k == "pop":
        return replace(state, pending=state.pending[1:])
    if k == "answered":
        index = effect.get("index", 0)
        item = state.pending[index]
        seats = tuple(s for s in item.seats if s != effect["seat"])
        return replace(state, pending=_set(state.pending, index, replace(item, seats=seats)))
    if k == "deal":
        hands = tuple(tuple(h) for h in effect["hands"])
        dealt = sum(len(h) for h in hands)
        return replace(state, pirate=state.pirate[dealt:],
                       hands=tuple(sort_crew(state.hands[s] + hands[s]) for s in range(state.seats)))
    if k == "drop":
        index = effect["index"]
        return replace(state, pending=state.pending[:index] + state.pending[index + 1:])
    if k == "fight":
        fight = Fight(effect["attacker"], effect["defender"], tuplify(effect["square"]),
                      tuplify(effect["hands"]), tuplify(effect["values"]), effect["result"])
        return replace(state, fight=fight)
    if k == "fight_over":
        return replace(state, fight=None)
    if k == "order":
        return replace(state, standing=_set(state.standing, effect["seat"], effect["order"]))
    if k == "swap":
        a, b = effect["a"], effect["b"]
        a_cards, b_cards = tuple(effect["a_cards"]), tuple(effect["b_cards"])
        hands = _set(state.hands, a, sort_crew(_remove(state.hands[a], a_cards) + b_cards))
        hands = _set(hands, b, sort_crew(_remove(hands[b], b_cards) + a_cards))
        return replace(state, hands=hands)
    if k == "last":
        return replace(state, last_chance=(effect["card"], effect["seat"], effect["note"]))
    if k == "resigned":
        seat = effect["seat"]
        ship = state.ships[seat]
        return replace(state, resigned=_set(state.resigned, seat, True),
                       ships=_set(state.ships, seat, replace(ship, at=None, heading=None, must_sail_ahead=False)))
    if k == "over":
        ranking = tuple(tuple(group) for group in effect["ranking"])
        return replace(state, phase="over", pending=(), fight=None,
                       result=(effect["termination"], tuple(effect["winners"]), ranking))
    raise AssertionError(f"unknown effect {k!r}")


def empty_state(seats: int, options: dict, rules_version: int = 1) -> State:
    per = options["treasure_per_type"]
    ports = tuple(options["home_ports"])
    return State(
        seats=seats,
        home_ports=ports,
        treasure_per_type=per,
        hand_size=options["hand_size"],
        currency=options["currency_values"],
        turn_limit=options["turn_limit"],
        ships=tuple(Ship(at=None) for _ in range(seats)),
        hands=tuple(() for _ in range(seats)),
        held=tuple(() for _ in range(seats)),
        docks=tuple(Store() for _ in PORTS),
        safety=tuple(() for _ in PORTS),
        flat=Store(),
        treasure_island=tuple(per for _ in TREASURES),
        pirate=tuple(c for c in CREW for _ in range(6)),
        chance_deck=tuple(range(1, 29)),
        standing=tuple("ask" for _ in range(seats)),
        resigned=tuple(False for _ in range(seats)),
        rules_version=rules_version,
    )

