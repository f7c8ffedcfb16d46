"""Whole four-player games with every seat played by the purposeful player of tests/playouts/buccaneer.py
(BRIEF-strategy): with default options and no turn limit, each game must reach the natural end of
Rule 19 -- a player in the home port with treasure worth 20 or more in Docks and Safety Zone."""

from __future__ import annotations

import json
import random
from functools import reduce

import pytest

from pbem.games import buccaneer as game
from pbem.games.base import Event
from pbem.games.buccaneer.board import PORT_SQUARE
from pbem.games.buccaneer.recorder import home_value
from pbem.play.chance import SeededChance
from tests.playouts.buccaneer import choose

MOVE_BOUND = 600  # the brief's bound; these seeds take about 110 to 190 moves


def stored(event: Event) -> Event:
    return Event(event.type, json.loads(json.dumps(dict(event.data))), event.actor)


def play_whole_game(seed: int, seats: int = 4):
    options = game.resolve_options(seats, {})
    assert options["turn_limit"] is None
    state = game.initial_state(seats, options)
    key = seed.to_bytes(32, "big")
    batch = 1
    state = reduce(game.evolve, map(stored, game.start(state, SeededChance(key, batch))), state)
    rng = random.Random(seed)
    moves = 0
    while game.outcome(state) is None and moves < MOVE_BOUND:
        seat = rng.choice(sorted(game.to_move(state)))
        legal = game.legal_moves(state, seat)
        # The player sees what the API gives the seat: its own view, through JSON.
        view = json.loads(json.dumps(game.view(state, seat)))
        move = choose(view, legal, seat, rng)
        assert move in legal
        batch += 1
        state = reduce(game.evolve, map(stored, game.decide(state, seat, move, SeededChance(key, batch))), state)
        moves += 1
    return state, moves


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_four_purposeful_players_reach_twenty_points_at_home(seed):
    state, moves = play_whole_game(seed)
    result = game.outcome(state)
    assert result is not None, f"no natural end within {MOVE_BOUND} moves"
    assert result.termination == "won"
    (winner,) = result.winners
    assert state.ships[winner].at == PORT_SQUARE[state.home_ports[winner]]
    assert home_value(state, winner) >= 20
    assert moves <= MOVE_BOUND



def test_the_player_fetches_trades_and_fights():
    """Purposeful, not lucky: over three games the seats draw treasure from the chance cards, unload it at
    home, and also fight and trade for it."""
    verbs = set()
    for seed in (4, 5, 6):
        options = game.resolve_options(4, {})
        state = game.initial_state(4, options)
        key = seed.to_bytes(32, "big")
        state = reduce(game.evolve, map(stored, game.start(state, SeededChance(key, 1))), state)
        rng = random.Random(seed)
        batch = 1
        while game.outcome(state) is None and batch <= MOVE_BOUND:
            seat = min(game.to_move(state))
            move = choose(json.loads(json.dumps(game.view(state, seat))), game.legal_moves(state, seat), seat, rng)
            verbs.add(" ".join(move.split()[:2]) if move.startswith(("chance", "demand")) else move.split()[0])
            if "attack" in move.split():
                verbs.add("attack")
            batch += 1
            state = reduce(game.evolve, map(stored, game.decide(state, seat, move, SeededChance(key, batch))), state)
    assert {"chance treasure", "deposit", "trade", "attack", "demand treasure"} <= verbs
