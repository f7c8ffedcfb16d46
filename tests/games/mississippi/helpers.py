"""Shared helpers for the Mississippi tests: positions, folding events, and the greedy bot of the
spec's "What a healthy implementation looks like"."""

from __future__ import annotations

import json
from functools import reduce

from pbem.games import mississippi as game
from pbem.games.base import Event
from pbem.play.chance import ScriptedChance, SeededChance


def fold(state, events):
    return reduce(game.evolve, events, state)


def stored(event: Event) -> Event:
    return Event(event.type, json.loads(json.dumps(dict(event.data))), event.actor)


def new_game(seats: int, options: dict | None = None, rolls=None, seed: int | None = None):
    """A started game: (state, events). Die rolls come from `rolls` (scripted) or a seed."""
    resolved = game.resolve_options(seats, options or {})
    state = game.initial_state(seats, resolved)
    chance = ScriptedChance(rolls or []) if seed is None else SeededChance(seed.to_bytes(32, "big"), 1)
    events = game.start(state, chance)
    return fold(state, events), events


def from_position(position: dict, seats: int = 3, rolls=None, **options):
    state, _ = new_game(seats, {"position": position, **options}, rolls)
    return state


def play(state, seat: int, move: str, rolls=None):
    """Decide and fold one move; returns (state, events)."""
    events = game.decide(state, seat, move, ScriptedChance(rolls or []))
    return fold(state, events), events


def greedy_score(state, seat: int) -> float:
    """Own field + 0.6 x own logs - 0.3 x the mean field of the opponents on the river."""
    result = game.outcome(state)
    if result is not None and result.termination == "goal":
        return float("inf") if seat in result.winners else float("-inf")
    own = state.boats[seat].field
    others = [b.field for s, b in enumerate(state.boats) if s != seat and b is not None and state.entered[s]]
    mean = sum(others) / len(others) if others else 0.0
    return own + 0.6 * state.logs[seat] - 0.3 * mean


def greedy_move(state, seat: int) -> str:
    """The one-ply greedy choice; ties go to the first move in legal order (deterministic)."""
    best, best_score = None, None
    for move in game.legal_moves(state, seat):
        after = game.evolve(state, Event.by_seat(seat, "move_played", {"seat": seat, "move": move}))
        score = greedy_score(after, seat)
        if best_score is None or score > best_score:
            best, best_score = move, score
    return best


def greedy_game(seats: int, options: dict | None = None, seed: int = 1, on_turn=None):
    """Play a game with the greedy bot for every seat; dice from a SeededChance per append.
    `on_turn(state, seat, move, events)` sees every turn. Returns (final state, event log)."""
    resolved = game.resolve_options(seats, options or {})
    state = game.initial_state(seats, resolved)
    key = seed.to_bytes(32, "big")
    events = game.start(state, SeededChance(key, 1))
    log = [stored(e) for e in events]
    state = fold(state, events)
    if on_turn:
        on_turn(state, None, None, events)
    while game.outcome(state) is None:
        (seat,) = game.to_move(state)
        move = greedy_move(state, seat)
        events = game.decide(state, seat, move, SeededChance(key, len(log) + 1))
        log += [stored(e) for e in events]
        state = fold(state, events)
        if on_turn:
            on_turn(state, seat, move, events)
    return state, log
