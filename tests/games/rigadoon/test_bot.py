"""The computer player (`bot.py`, architecture section 16): legal, repeatable answers from the seat's
view alone, in every phase and under the options that change play; and it plays with purpose: it takes
a win, steers clear of an endless loop, washes a sunk chest up where its own ships are nearest, and
beats random play.

Rigadoon hides nothing (every seat's view holds the whole position), so there are no twin games that
differ only in what the bot's seat cannot know; the test below checks instead that the bot reads
nothing but the view: the same view, fed back through JSON, gives the same answer."""

import copy
import json
import random

import pytest

from pbem.games import rigadoon as game
from pbem.games.rigadoon.bot import WIN, action_value, choose, score, state_from_view
from pbem.play.chance import SeededChance

from .helpers import legal, play, position, seat


def answer(state, seed=1):
    view = game.view(state, seat(state))
    return choose(view, legal(state), random.Random(seed))


def test_the_standard_player_is_registered():
    assert game.BOTS == {"standard": choose}


@pytest.mark.parametrize("options", [
    {},
    {"wind": "die", "exits": "same_side", "first": "seat0", "rigadoon_limit": "unlimited"},
    {"deck_copies": 2, "same_wind": "keep", "double_block": "loop_loses", "loop_cap": 200},
])
def test_against_random_play_every_answer_is_legal_repeatable_and_leaves_the_view_alone(options):
    rng = random.Random(json.dumps(options))
    state = game.initial_state(2, game.resolve_options(2, {**options, "turn_limit": 40}))
    key = b"bot".ljust(32, b".")
    for event in game.start(state, SeededChance(key, 1)):
        state = game.evolve(state, event)
    bot_seat, batch, answered = 1, 1, 0
    while game.outcome(state) is None:
        who = min(game.to_move(state))
        moves = game.legal_moves(state, who)
        if who == bot_seat:
            view = game.view(state, who)
            untouched = copy.deepcopy(view)
            move = choose(view, list(moves), random.Random(batch))
            assert move in moves
            assert view == untouched
            assert choose(json.loads(json.dumps(view)), list(moves), random.Random(batch)) == move
            answered += 1
        else:
            move = rng.choice(moves)
        batch += 1
        for event in game.decide(state, who, move, SeededChance(key, batch)):
            state = game.evolve(state, event)
    assert answered > 10
    assert game.outcome(state).winners == (bot_seat,)


def test_the_view_rebuilds_the_position_and_turn_record():
    state = position("SE", "green", {"B1": ("E5", 2), "G1": ("B1", 1), "G3": ("C9", 0)}, chests=["E5", "B1", "H3"])
    state, _ = play(state, "repair G3", "wind", chance=[0])
    rebuilt = state_from_view(json.loads(json.dumps(game.view(state, 1))))
    for field in ("ships", "chests", "wind", "active", "acted", "wind_changed", "acted_after_wind", "pile",
                  "discards", "turn", "blue_seat"):
        assert getattr(rebuilt, field) == getattr(state, field), field


def test_inside_a_chain_the_view_rebuilds_the_position_when_the_sail_began():
    state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)})
    chained, _ = play(state, "sail B1 SW 2")
    seen = json.loads(json.dumps(game.view(chained, 0)))
    base = state_from_view(seen, seen["chain"]["before"])
    assert base.ships == chained.chain.base.ships and base.chests == chained.chain.base.chests


def test_it_takes_a_win_before_changing_the_wind():
    # Blue holds island NE; B2 can claim island SE now, with this wind
    state = position("N", "blue", {"B1": ("K2", 1), "B2": ("J8", 3), "G1": ("A1", 3)}, chests=["K2", "J11"])
    assert "wind" in legal(state)
    assert answer(state) == "sail B2 S 3"


def test_it_never_sails_into_an_endless_loop():
    # R7: B1 sailing N 2 sets off the loop that loses the game; every other action is safe
    state = position("S", "blue", {"B1": ("B5", 1), "G1": ("A3", 0), "G2": ("K3", 0), "G3": ("D3", 0), "G4": ("E3", 0)})
    state, _ = play(state, "wind", chance=[0])
    assert "sail B1 N 2" in legal(state)
    view_state = state_from_view(game.view(state, 0))
    assert action_value(view_state, "sail B1 N 2", "B") == -WIN
    for seed in range(5):
        assert answer(state, seed) != "sail B1 N 2"


def test_a_sunk_chest_washes_up_where_its_own_ships_are_nearest():
    # E3: Green sinks a chest; G4 is near island SE and island NE, Blue's ship near island NW
    state = position("W", "green", {"G2": ("G6", 1), "G4": ("J7", 0), "B1": ("C2", 3)}, chests=["H6", "J9"])
    state, _ = play(state, "sail G2 E 3 sink")
    assert state.chain.decision == "island"
    assert answer(state) in ("island NE", "island SE")


def test_the_score_prefers_ships_in_port_and_the_win():
    state = position("N", "blue", {"B1": ("K2", 1), "B2": ("J8", 3), "G1": ("A1", 3)}, chests=["K2", "J11"])
    won, _ = play(state, "sail B2 S 3")
    assert score(won, "B") == WIN and score(won, "G") == -WIN
    assert score(state, "B") > score(state, "G")
