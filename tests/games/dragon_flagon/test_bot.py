"""The computer player (issue 17): always a legal move, the same answer for the same view and seed,
blind to what its seat cannot know (twin games that differ only in other seats' planned cards and the
Game End faces give the same answers), and playing with purpose: it takes what the board offers."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from functools import reduce

import pytest

from pbem.games import dragon_flagon as game
from pbem.games.dragon_flagon.bot import choose
from pbem.play.chance import SeededChance

from .helpers import ch, new_game, play, position


def positions_of_a_game(seats: int, options: dict, seed: int, every: int = 7):
    """States along a game of random play, every few decisions (after the placements)."""
    state = game.initial_state(seats, game.resolve_options(seats, options))
    state = reduce(game.evolve, game.start(state, SeededChance(seed.to_bytes(32, "big"), 1)), state)
    rng = random.Random(seed)
    out = []
    step = 0
    while game.outcome(state) is None:
        step += 1
        seat = rng.choice(sorted(game.to_move(state)))
        legal = game.legal_moves(state, seat)
        if step % every == 0:
            out.append((state, seat))
        state = reduce(game.evolve, game.decide(state, seat, rng.choice(legal), SeededChance(bytes(32), step + 1)), state)
    return out


def twin(state, seat):
    """The same game but for what `seat` cannot know: the other seats' face-down cards and the Game End
    faces still hidden."""
    chars = tuple(c if c.seat == seat else replace(c, plan=tuple(i if i.startswith("!") else ("boast" if i != "boast" else "dodge")
                                                                  for i in c.plan)) for c in state.chars)
    hidden = [f for _, f, r in state.game_end if not r]
    turned = iter(hidden[1:] + hidden[:1])
    game_end = tuple(t if t[2] else (t[0], next(turned), False) for t in state.game_end)
    return replace(state, chars=chars, game_end=game_end)


@pytest.mark.parametrize("seats,options,seed", [(2, {"endgame.range": 8}, 1), (4, {"endgame.range": 6}, 2),
                                                (3, {"board": "tavern", "endgame.range": 5}, 3)])
def test_answers_are_legal_repeatable_and_blind_to_other_seats_secrets(seats, options, seed):
    for state, seat in positions_of_a_game(seats, options, seed):
        legal = game.legal_moves(state, seat)
        view = json.loads(json.dumps(game.view(state, seat)))
        move = choose(view, list(legal), random.Random(seed))
        assert move in legal
        assert choose(json.loads(json.dumps(view)), list(legal), random.Random(seed)) == move
        other = twin(state, seat)
        assert game.legal_moves(other, seat) == legal
        assert choose(json.loads(json.dumps(game.view(other, seat))), list(legal), random.Random(seed)) == move, \
            "the computer player's answer depends on something its seat cannot see"


def answer(state, seat, seed=0):
    legal = game.legal_moves(state, seat)
    return choose(json.loads(json.dumps(game.view(state, seat))), legal, random.Random(seed)), legal


@pytest.mark.parametrize("seed", range(3))
def test_it_lures_an_enemy_into_the_water(seed):
    # The rogue stands on e5, by the rail: one square east is water (PR-25).
    pos = position([ch("buccaneer", 0, "c5", "e", plan=["lure_of_the_sea", "move"]), ch("rogue", 1, "e5", "w", time=5)],
                   draw_order=["buccaneer"])
    state, _ = new_game(pos)
    move, legal = answer(state, 0, seed)
    assert len(legal) == 8  # four directions, one or two squares: only east ends in the water
    after, _ = play(state, 0, move)
    assert after.char("rogue").square is None, move


@pytest.mark.parametrize("seed", range(3))
def test_it_plans_a_hit_on_an_enemy_ahead_rather_than_a_walk(seed):
    pos = position([ch("barbarian", 0, "e8", "e", plan=()), ch("rogue", 1, "f8", "w", time=5)])
    state, _ = new_game(pos)
    move, legal = answer(state, 0, seed)
    assert "plan barbarian move" in legal
    assert move in ("plan barbarian slash", "plan barbarian cleave"), move


@pytest.mark.parametrize("seed", range(3))
def test_a_chest_carrier_walks_home_over_a_gangplank(seed):
    # The monk holds chest4 on ship B, next to the gangplank f8; home is ship A (files a-e).
    pos = position([ch("monk", 0, "g8", "n", plan=["move", "move"], holds="chest4"), ch("rogue", 1, "j13", "w", time=5)],
                   draw_order=["monk"])
    state, _ = new_game(pos)
    move, _ = answer(state, 0, seed)
    assert move.startswith("monk move square f8") or move.startswith("monk move square f"), move


def test_it_answers_every_kind_of_decision_in_a_whole_game_of_computer_players():
    state = game.initial_state(2, game.resolve_options(2, {"endgame.range": 6}))
    state = reduce(game.evolve, game.start(state, SeededChance(bytes(32), 1)), state)
    kinds = set()
    step = 0
    while game.outcome(state) is None:
        step += 1
        seat = min(game.to_move(state))
        move, legal = answer(state, seat, step)
        assert move in legal
        kinds.add(legal[0].split()[0] if legal[0].split()[0] in ("place", "plan") else "choose")
        state = reduce(game.evolve, game.decide(state, seat, move, SeededChance(bytes(32), step + 1)), state)
    assert kinds == {"place", "plan", "choose"}
