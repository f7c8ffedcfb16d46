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

from pbem.chance import SeededChance
from pbem.games import GAMES

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
