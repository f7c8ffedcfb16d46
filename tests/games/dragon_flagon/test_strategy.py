"""The purposeful player of tests/playouts/dragon_flagon.py (BRIEF-strategy): four players in two crews,
every seat choosing from its own view only, play whole games through the pure module until the Game End
token (the City Watch) ends them."""

from __future__ import annotations

import json
import random
from functools import reduce

import pytest

from pbem.games import dragon_flagon as game
from pbem.play.chance import SeededChance
from tests.games.dragon_flagon.helpers import ch, new_game, position
from tests.playouts.dragon_flagon import choose

MOVE_BOUND = 600


def play_out(seed: int):
    options = game.resolve_options(4, {})
    state = game.initial_state(4, options)
    secret = seed.to_bytes(32, "big")
    log = list(game.start(state, SeededChance(secret, 1)))
    state = reduce(game.evolve, log, state)
    rng = random.Random(seed)
    moves = 0
    while game.outcome(state) is None and moves < MOVE_BOUND:
        seat = rng.choice(sorted(game.to_move(state)))
        legal = game.legal_moves(state, seat)
        view = json.loads(json.dumps(game.view(state, seat)))  # as the API gives it: tuples become lists
        move = choose(view, legal, seat, rng)
        assert move in legal
        events = game.decide(state, seat, move, SeededChance(secret, len(log) + 1))
        log.extend(events)
        state = reduce(game.evolve, events, state)
        moves += 1
    return state, log, moves


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_four_players_reach_the_city_watch(seed):
    state, log, moves = play_out(seed)
    result = game.outcome(state)
    assert result is not None, f"no end within {MOVE_BOUND} moves"
    assert result.termination == "finished"
    # The natural end: the last Game End token revealed shows the City Watch and game_ended follows it.
    reveals = [e for e in log if e.type == "game_end_revealed"]
    assert reveals and reveals[-1].data["face"] == "watch"
    assert log[-1].type == "game_ended"
    print(f"seed {seed}: {moves} moves, totals", [t["total"] for t in result.scores.values()])


def seat_choice(state, seat, seed=0):
    legal = game.legal_moves(state, seat)
    return choose(json.loads(json.dumps(game.view(state, seat))), legal, seat, random.Random(seed)), legal


@pytest.mark.parametrize("seed", range(5))
def test_it_plans_to_take_a_chest_in_reach(seed):
    # The monk (crew A) stands on ship B facing chest4 on j9; it owes both cards.
    pos = position([ch("monk", 0, "i9", "e", plan=()), ch("rogue", 1, "h13", "w")],
                   objects=[{"id": "flagon", "square": "f8"}, {"id": "chest4", "square": "j9"}])
    state, _ = new_game(pos)
    move, legal = seat_choice(state, 0, seed)
    assert "plan monk move" in legal
    assert move == "plan monk pick_up"


@pytest.mark.parametrize("seed", range(5))
def test_it_hits_an_enemy_in_front(seed):
    pos = position([ch("paladin", 0, "e8", "e", plan=()), ch("rogue", 1, "f8", "w")])
    state, _ = new_game(pos)
    move, _ = seat_choice(state, 0, seed)
    assert move.split()[2] in ("slash", "shield_bash"), move


@pytest.mark.parametrize("seed", range(5))
def test_it_takes_the_chest_rather_than_a_mug(seed):
    pos = position([ch("monk", 0, "i9", "e", plan=("pick_up", "move")), ch("rogue", 1, "h13", "w")],
                   objects=[{"id": "flagon", "square": "f8"}, {"id": "chest4", "square": "j9"},
                            {"id": "mug6", "square": "i9"}], draw_order=["monk"])
    state, _ = new_game(pos)
    move, legal = seat_choice(state, 0, seed)
    assert "monk pick_up take mug6" in legal
    assert move == "monk pick_up take chest4"


@pytest.mark.parametrize("seed", range(5))
def test_a_chest_carrier_heads_home(seed):
    # The monk holds chest4 on ship B (files g-k); its Move steps west, toward ship A.
    pos = position([ch("monk", 0, "h9", "s", plan=("move", "move"), holds="chest4"), ch("rogue", 1, "j13", "w")],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    move, legal = seat_choice(state, 0, seed)
    assert any(m.startswith("monk move square i") for m in legal)
    assert move.startswith("monk move square g"), move
