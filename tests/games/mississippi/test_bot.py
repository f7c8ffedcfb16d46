"""The standard computer player (issue 17): legal, deterministic, from the view alone, and with
purpose: it wins when it can, never hands another boat the goal, goes as far as it can on its last
turn before the round cap, and beats random play. (Mississippi hides nothing, so there are no twin
games that differ only in what the bot's seat cannot know; its view is everyone's view.)"""

from __future__ import annotations

import copy
import json
import random
from functools import reduce

import pytest

from pbem.games import mississippi as game
from pbem.games.mississippi.bot import choose, state_from_view
from pbem.play.chance import SeededChance

from .helpers import from_position, new_game, play


def fold(state, events):
    return reduce(game.evolve, events, state)


def pos(boats, supply, to_move):
    return {"boats": {str(s): {"field": f, "east": e, "logs": l} for s, (f, e, l) in boats.items()},
            "supply": supply, "to_move": to_move}


def answer(state, seed=0):
    (seat,) = game.to_move(state)
    return choose(game.view(state, seat), game.legal_moves(state, seat), random.Random(seed))


def states_of_random_games(seats, options, seed, limit=60):
    rng = random.Random(seed)
    state = game.initial_state(seats, game.resolve_options(seats, options))
    state = fold(state, game.start(state, SeededChance(bytes(32), 1)))
    for step in range(limit):
        if game.outcome(state) is not None:
            return
        yield state
        (seat,) = game.to_move(state)
        move = rng.choice(game.legal_moves(state, seat))
        state = fold(state, game.decide(state, seat, move, SeededChance(bytes(32), step + 2)))


SETUPS = [(2, {}), (3, {"numbering": "die"}), (6, {"rows": 5, "width": 8, "clockwise": "spatial"})]


@pytest.mark.parametrize("seats, options", SETUPS)
def test_the_view_rebuilds_the_position(seats, options):
    for state in states_of_random_games(seats, options, seed=seats):
        (seat,) = game.to_move(state)
        view = json.loads(json.dumps(game.view(state, seat)))
        rebuilt = state_from_view(view)
        assert game.legal_moves(rebuilt, seat) == game.legal_moves(state, seat)
        for field in ("boats", "entered", "logs", "supply", "current", "turns", "seats", "rows", "width"):
            assert getattr(rebuilt, field) == getattr(state, field), field
        move = game.legal_moves(state, seat)[-1]
        assert game.view(play(rebuilt, seat, move, [3])[0], None) == game.view(play(state, seat, move, [3])[0], None)


@pytest.mark.parametrize("seats, options", SETUPS)
def test_every_answer_is_legal_and_the_same_for_the_same_view_and_seed(seats, options):
    for index, state in enumerate(states_of_random_games(seats, options, seed=10 + seats, limit=25)):
        (seat,) = game.to_move(state)
        view, legal = game.view(state, seat), game.legal_moves(state, seat)
        untouched = copy.deepcopy(view)
        move = choose(view, list(legal), random.Random(index))
        assert move in legal
        assert view == untouched
        assert choose(json.loads(json.dumps(view)), list(legal), random.Random(index)) == move


def wins(state, move):
    result = game.outcome(play(state, 0, move)[0])
    return result is not None and result.winners == (0,)


def test_it_takes_the_goal_when_it_can():
    state = from_position(pos({0: (70, 6, 13), 1: (40, 1, 27), 2: (20, 1, 20)}, 0, 0))
    assert sum(wins(state, move) for move in game.legal_moves(state, 0)) < len(game.legal_moves(state, 0)) / 4
    for seed in range(3):
        assert wins(state, answer(state, seed))


def test_it_reaches_the_goal_through_a_reaction():
    # A10: Ann (east 6) landing on 80 beside Bob (W 1) goes on by 5, stopping on the goal; with her one
    # log she cannot get there on her own.
    state = from_position(pos({0: (79, 6, 1), 1: (81, 4, 29), 2: (40, 6, 20)}, 10, 0))
    assert wins(state, "forward 1") and not wins(state, "back 1")
    for seed in range(3):
        assert wins(state, answer(state, seed))


def test_it_never_pushes_another_boat_onto_the_goal():
    # A11: Ann landing on 81 beside Bob on 82 (his 3 against her 2) would push him onto the goal.
    state = from_position(pos({0: (79, 2, 2), 1: (82, 6, 20), 2: (62, 1, 20)}, 18, 0))
    for seed in range(5):
        move = answer(state, seed)
        after, _ = play(state, 0, move)
        result = game.outcome(after)
        assert result is None or result.winners == (0,), move


def test_on_its_last_turn_before_the_cap_it_goes_as_far_as_it_can():
    state, _ = new_game(2, {"max_rounds": 2}, rolls=[3])
    state, _ = play(state, 0, "forward 5", [6])
    state, _ = play(state, 1, "forward 9")
    # Ann's last turn: she must end beyond Bob's 9 (and Bob moves once more, but she cannot know how).
    move = answer(state)
    after, _ = play(state, 0, move)
    assert after.boats[0].field > after.boats[1].field, move
    state, _ = play(state, 0, "forward 1")
    # Bob's last turn, the last of the game: as far as he can go, which wins at the cap
    farthest = max(play(state, 1, move)[0].boats[1].field for move in game.legal_moves(state, 1))
    after, _ = play(state, 1, answer(state))
    assert after.boats[1].field == farthest and game.outcome(after).winners == (1,)


def test_an_entering_boat_and_a_boat_without_logs_get_legal_answers():
    state, _ = new_game(3, rolls=[5])
    assert answer(state) in game.legal_moves(state, 0)
    broke = from_position(pos({0: (30, 6, 0), 1: (5, 6, 30), 2: (60, 1, 30)}, 0, 0))
    assert answer(broke).split()[-2] == "back"


@pytest.mark.parametrize("seed", range(6))
def test_it_beats_random_play(seed):
    """2 seats, a cap of 60 rounds: the player, in either seat, wins against uniformly random moves."""
    bot_seat = seed % 2
    rng = random.Random(seed)
    state = game.initial_state(2, game.resolve_options(2, {"max_rounds": 60}))
    state = fold(state, game.start(state, SeededChance(seed.to_bytes(32, "big"), 1)))
    step = 0
    while game.outcome(state) is None:
        step += 1
        (seat,) = game.to_move(state)
        legal = game.legal_moves(state, seat)
        move = choose(game.view(state, seat), legal, random.Random(step)) if seat == bot_seat else rng.choice(legal)
        state = fold(state, game.decide(state, seat, move, SeededChance(seed.to_bytes(32, "big"), step + 1)))
    assert game.outcome(state).winners == (bot_seat,)


@pytest.mark.parametrize("seats", [3, 6])
def test_computer_players_alone_race_to_the_goal(seats):
    """Every seat played by the computer: the game ends at the goal, well before the round cap."""
    state = game.initial_state(seats, game.resolve_options(seats, {}))
    state = fold(state, game.start(state, SeededChance(bytes(32), 1)))
    step = 0
    while game.outcome(state) is None:
        step += 1
        assert step < 200, "the computer players did not reach the goal"
        (seat,) = game.to_move(state)
        move = choose(game.view(state, seat), game.legal_moves(state, seat), random.Random(step))
        state = fold(state, game.decide(state, seat, move, SeededChance(bytes(32), step + 1)))
    assert game.outcome(state).termination == "goal"
