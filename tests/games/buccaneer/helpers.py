"""Helpers for the Buccaneer rule tests: build a game from a `position`, play moves, read seats."""

from __future__ import annotations

import json
from functools import reduce

from pbem.games import buccaneer as game
from pbem.games.base import Event
from pbem.play.chance import ScriptedChance

SEATS = {"london": 0}


def stored(event: Event) -> Event:
    return Event(event.type, json.loads(json.dumps(dict(event.data))), event.actor)


def new(position=None, home_ports=("london", "genoa"), chance=(), **options):
    opts = {"home_ports": list(home_ports), **options}
    if position is not None:
        opts["position"] = position
    resolved = game.resolve_options(len(home_ports), opts)
    state = game.initial_state(len(home_ports), resolved)
    events = game.start(state, ScriptedChance(list(chance)))
    return reduce(game.evolve, map(stored, events), state)


def play(state, seat, move, chance=()):
    """Play one move; return the new state and the events (through JSON, as the store returns them)."""
    if isinstance(seat, str):
        seat = state.home_ports.index(seat)
    events = [stored(e) for e in game.decide(state, seat, move, ScriptedChance(list(chance)))]
    return reduce(game.evolve, events, state), events


def seat(state, port):
    return state.home_ports.index(port)


def ship(state, port):
    return state.ships[seat(state, port)]


def hand(state, port):
    return list(state.hands[seat(state, port)])


def legal(state, port):
    return game.legal_moves(state, seat(state, port))


def owing(state):
    return sorted(state.home_ports[s] for s in game.to_move(state))


def effects(events, kind=None):
    out = [e for ev in events for e in ev.data.get("effects", [])]
    return [e for e in out if kind is None or e["k"] == kind]


def sq(name):
    from pbem.games.buccaneer.board import parse_square

    return parse_square(name)


def position_of(state) -> dict:
    """The `position` (spec section 20) of a state at the start of a turn with nothing pending: every
    card and piece where it lies, both decks in order. Lets tests start from positions of real games."""
    from pbem.games.buccaneer.board import PORTS, square_name
    from pbem.games.buccaneer.cards import VALUE_CARDS

    assert not state.pending and state.phase == "before"
    ports = state.home_ports
    ships = {}
    for s, ship in enumerate(state.ships):
        data = {"at": square_name(ship.at), "cargo": list(ship.cargo)}
        if ship.heading:
            data["face"] = ship.heading
            data["must_sail_ahead"] = ship.must_sail_ahead
        ships[ports[s]] = data
    docks = {port: {"crew": list(d.crew), "treasure": list(d.treasure), "cards": [VALUE_CARDS[c] for c in d.cards]}
             for port, d in zip(PORTS, state.docks) if d.crew or d.treasure or d.cards}
    out_cards = {c for held in state.held for c in held} | {c for d in state.docks for c in d.cards}
    return {
        "to_move": ports[state.turn], "dealer": ports[state.dealer], "round": state.round, "ships": ships,
        "hands": {ports[s]: list(h) for s, h in enumerate(state.hands)},
        "held": {ports[s]: [VALUE_CARDS[c] for c in h] for s, h in enumerate(state.held) if h},
        "docks": docks,
        "safety_zones": {port: list(z) for port, z in zip(PORTS, state.safety) if z},
        "flat_island": {"crew": list(state.flat.crew), "treasure": list(state.flat.treasure)},
        "pirate_island": list(state.pirate),
        "chance_deck": [c for c in state.chance_deck if c not in out_cards],
        "standing_orders": {ports[s]: o for s, o in enumerate(state.standing)},
    }
