"""Computer players (architecture section 16), one suite over every game: each game has a `standard`
player that answers every position of a whole game with one of the seat's legal moves, from the seat's
view alone, the same answer for the same view and seed, without changing the view it was given.

Strength against random play is measured by `tests/benchmarks/bench_bots.py` (figures, not a timed
test); each game's own tests check that its player never reads what its seat may not know (twin games
that differ only in hidden information get the same answers)."""

from __future__ import annotations

import copy
import importlib
import json
import random

import pytest

from pbem.games import GAMES
from pbem.play.chance import SeededChance

GAME_NAMES = sorted(GAMES)


def seeded(seed: int, batch: int) -> SeededChance:
    return SeededChance(seed.to_bytes(32, "big"), batch)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_game_has_a_standard_player(name):
    assert "standard" in GAMES[name].BOTS


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("run", range(2))
def test_computer_players_play_a_whole_game_with_legal_moves(name, run):
    game = GAMES[name]
    config = importlib.import_module(f"tests.playouts.{name}")
    seats, options = next(((s, o) for s, o in config.SETUPS if s == 2), config.SETUPS[0])
    state = game.initial_state(seats, game.resolve_options(seats, options))
    batch = 1
    for event in game.start(state, seeded(run, batch)):
        state = game.evolve(state, event)
    choose = game.BOTS["standard"]
    rng = random.Random(f"bot:{name}:{run}")
    for step in range(config.MAX_STEPS):
        if game.outcome(state) is not None:
            break
        seat = rng.choice(sorted(game.to_move(state)))
        legal = game.legal_moves(state, seat)
        view = game.view(state, seat)
        untouched = copy.deepcopy(view)
        move = choose(view, list(legal), random.Random(step))
        assert move in legal, f"{name}: the computer player answered {move!r}, not a legal move"
        assert view == untouched, "the computer player changed the view it was given"
        assert choose(json.loads(json.dumps(view)), list(legal), random.Random(step)) == move, \
            "the same view, moves and seed must give the same answer"
        batch += 1
        for event in game.decide(state, seat, move, seeded(run * 1000 + step, batch)):
            state = game.evolve(state, event)
    assert game.outcome(state) is not None, f"{name}: computer players did not finish within {config.MAX_STEPS}"


# Buccaneer games between two computer players that once never ended: with two treasures of a kind,
# Treasure Island runs bare while the treasure still needed lies in Docks (an opponent's home Docks too)
# or on Flat Island, and both players sailed in and out of ports whose treasure they would not buy, for
# ever (seeds 2, 16, 30 and 32 passed 2,000 decisions). The usual game (default options) must not suffer.
BUCCANEER_SELF_PLAY = [({"treasure_per_type": 2}, seed) for seed in (2, 16, 30, 32)] + [({}, 0), ({}, 1)]
BUCCANEER_DECISIONS = 600  # these games end within about 200; a stalled game runs into the bound


@pytest.mark.parametrize("options,seed", BUCCANEER_SELF_PLAY)
def test_buccaneer_computer_players_bring_a_game_to_a_win(options, seed):
    game = GAMES["buccaneer"]
    choose = game.BOTS["standard"]
    state = game.initial_state(2, game.resolve_options(2, options))
    batch = 1
    for event in game.start(state, seeded(seed, batch)):
        state = game.evolve(state, event)
    rng = random.Random(f"bot:buccaneer:{seed}")
    decisions = 0
    while game.outcome(state) is None and decisions < BUCCANEER_DECISIONS:
        seat = rng.choice(sorted(game.to_move(state)))
        move = choose(game.view(state, seat), game.legal_moves(state, seat), random.Random(decisions))
        batch += 1
        for event in game.decide(state, seat, move, seeded(seed, batch)):
            state = game.evolve(state, event)
        decisions += 1
    result = game.outcome(state)
    assert result is not None and result.termination == "won", \
        f"seed {seed}, options {options}: no one brought 20 home within {BUCCANEER_DECISIONS} decisions"
