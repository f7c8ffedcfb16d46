"""Listing and deciding agree, and every refusal names its rule (issue 10, item 6).

In positions from seeded random games (the playouts' setups, the unusual positions among them), every
move of the notation within reach is tried: rotations 0, ±1, ±2, ±3, forward and back, distances 0 to
a few beyond the longest listed. `decide` accepts exactly the listed moves (a half turn written -3 is
the listed +3) and refuses every other one with an IllegalMove that names the rule or ruling; a seat
that is not to move gets NotYourTurn. Unreadable text says what was expected."""

from __future__ import annotations

import random
import re
from functools import reduce

import pytest

from pbem.games import mississippi as game
from pbem.games.base import IllegalMove, InvalidMove, NotYourTurn
from pbem.games.mississippi.notation import move_name, parse_move
from pbem.play.chance import SeededChance
from tests.playouts.mississippi import SETUPS

NAMES_A_RULE = re.compile(r"^(rule [1-7]|A\d{1,2}): \S")


def fold(state, events):
    return reduce(game.evolve, events, state)


def sampled_states(seats, options, seed, every=3, limit=12):
    rng = random.Random(seed)
    state = game.initial_state(seats, game.resolve_options(seats, options))
    state = fold(state, game.start(state, SeededChance(bytes(32), 1)))
    found = []
    for step in range(200):
        if game.outcome(state) is not None or len(found) >= limit:
            break
        if step % every == 0:
            found.append(state)
        (seat,) = game.to_move(state)
        move = rng.choice(game.legal_moves(state, seat))
        state = fold(state, game.decide(state, seat, move, SeededChance(bytes(32), step + 2)))
    return found


def candidates(longest: int):
    for rotation in ("", "rotate +1 ", "rotate -1 ", "rotate +2 ", "rotate -2 ", "rotate +3 ", "rotate -3 "):
        for direction in ("forward", "back"):
            for distance in range(0, longest + 3):
                yield f"{rotation}{direction} {distance}"


@pytest.mark.parametrize("index", range(len(SETUPS)))
def test_decide_accepts_exactly_the_listed_moves_and_names_the_rule_otherwise(index):
    seats, options = SETUPS[index]
    for state in sampled_states(seats, options, seed=index):
        (seat,) = game.to_move(state)
        legal = set(game.legal_moves(state, seat))
        longest = max(int(move.rsplit(" ", 1)[1]) for move in legal)
        for move in candidates(max(longest, 16)):
            canonical = move_name(parse_move(move))
            if canonical in legal:
                game.decide(state, seat, move, SeededChance(bytes(32), 9))
                continue
            with pytest.raises(IllegalMove) as refused:
                game.decide(state, seat, move, SeededChance(bytes(32), 9))
            message = str(refused.value)
            assert NAMES_A_RULE.match(message), f"{move!r} refused without naming its rule: {message!r}"
            assert "not legal" not in message
        for other in range(seats):
            if other != seat:
                with pytest.raises(NotYourTurn, match="not your turn"):
                    game.decide(state, other, sorted(legal)[0], SeededChance(bytes(32), 9))


@pytest.mark.parametrize("text, expected", [
    ("forward " + "9" * 5000, "at most 4 digits"),
    ("rotate " + "1" * 5000 + " back 1", "at most 4 digits"),
    ("rotate +4 forward 1", "a rotation is ±1, ±2 or ±3 steps"),
    ("sideways 3", "expected forward <k>, back <k> or rotate"),
    ("x" * 10000, "expected forward <k>"),
])
def test_unreadable_moves_say_what_was_expected(text, expected):
    state = sampled_states(3, {}, seed=1, limit=1)[0]
    with pytest.raises(InvalidMove) as refused:
        game.decide(state, min(game.to_move(state)), text, None)
    assert expected in str(refused.value) and len(str(refused.value)) < 200


def test_a_distance_far_beyond_the_river_names_the_rule():
    state = sampled_states(3, {}, seed=1, limit=1)[0]
    with pytest.raises(IllegalMove, match=r"^rule 1: forward 9999 needs 9999 logs, you have 20$"):
        game.decide(state, 0, "forward 9999", None)
    with pytest.raises(IllegalMove, match=r"^A12: "):
        game.decide(state, 0, "back 9999", None)
