"""Shared helpers for the Rigadoon rule tests: positions, playing moves, reading the result."""

from __future__ import annotations

import json
from functools import reduce

from pbem.games import rigadoon as game
from pbem.games.base import Event
from pbem.play.chance import ScriptedChance

ALL_SHIPS = ("B1", "B2", "B3", "B4", "G1", "G2", "G3", "G4")


def position(wind_from, to_move, ships, chests=(), **options):
    """A state from the spec's `position` format; ships not listed are absent (null)."""
    pos = {"wind": wind_from, "to_move": to_move, "seats": {"blue": 0, "green": 1},
           "ships": {name: (list(ships[name]) if name in ships else None) for name in ALL_SHIPS},
           "chests": list(chests)}
    resolved = game.resolve_options(2, {"position": pos, **options})
    state = game.initial_state(2, resolved)
    return replay(state, game.start(state, ScriptedChance([])))


def replay(state, events):
    return reduce(game.evolve, events, state)


def stored(events):
    return [Event(e.type, json.loads(json.dumps(dict(e.data))), e.actor) for e in events]


def play(state, *moves, chance=()):
    """Play moves for whoever is to move; return (state, all events). Checks replay through JSON."""
    events = []
    script = ScriptedChance(list(chance))
    for move in moves:
        seat = min(game.to_move(state))
        new = game.decide(state, seat, move, script)
        before = state
        state = replay(state, new)
        assert repr(replay(before, stored(new))) == repr(state)
        events.extend(new)
    return state, events


def ships(state):
    """{name: (square, masts)} of the ships on the board."""
    board = state.board
    return {s.name: (board.name(s.square), s.masts) for s in state.ships if s.square is not None}


def chests(state):
    return sorted(state.board.name(sq) for sq in state.chests)


def legal(state):
    seat = min(game.to_move(state)) if game.to_move(state) else 0
    return game.legal_moves(state, seat)


def seat(state):
    return min(game.to_move(state))
