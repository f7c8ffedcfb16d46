"""The computer player (`bot.py`, through `tests/playouts/rigadoon.py`) plays whole games to their natural end.

Both seats use `choose`, seeing only their own view as the API gives it (through JSON), through the
pure module: initial_state, start, decide and evolve with a seeded chance source. Each game must end
by the rule text's own ending ("The first player to successfully claim two Treasure Chests on two
different Islands wins", or an infinite loop) well within the bound the page-play tests rely on.
"""

import json
import random

import pytest

from pbem.games import rigadoon as game
from pbem.play.chance import SeededChance
from tests.playouts.rigadoon import choose

MOVE_BOUND = 600  # moves chosen by the seats (the rules' automatic moves not counted)


def play_whole_game(seed: int, options: dict):
    rng = random.Random(seed)
    key = seed.to_bytes(32, "big")
    state = game.initial_state(2, game.resolve_options(2, options))
    batch = 1
    for event in game.start(state, SeededChance(key, batch)):
        state = game.evolve(state, event)
    moves = 0
    while game.outcome(state) is None:
        assert moves < MOVE_BOUND, f"seed {seed}: no natural end within {MOVE_BOUND} moves"
        seat = min(game.to_move(state))
        legal = game.legal_moves(state, seat)
        view = json.loads(json.dumps(game.view(state, seat)))
        move = choose(view, legal, seat, rng)
        assert move in legal
        batch += 1
        for event in game.decide(state, seat, move, SeededChance(key, batch)):
            state = game.evolve(state, event)
        moves += 1
    return state, moves


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_purposeful_players_reach_the_natural_end(seed):
    state, moves = play_whole_game(seed, {})
    result = game.outcome(state)
    assert result.termination == "two_chests"
    assert moves <= MOVE_BOUND
    # the winner really holds two chests on two islands with two of its ships
    winner = "B" if result.winners == (state.blue_seat,) else "G"
    in_port = [s for s in state.ships if s.name[0] == winner and s.square and state.board.island_at(s.square)]
    assert len({state.board.island_at(s.square) for s in in_port}) >= 2


def test_purposeful_player_reads_the_die_and_same_side_exits_from_the_view():
    state, moves = play_whole_game(4, {"wind": "die", "exits": "same_side"})
    assert game.outcome(state).termination == "two_chests"
