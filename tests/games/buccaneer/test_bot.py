"""The computer player (issue 17): always a legal move, the same answer for the same view and seed,
from the seat's own view only: twin games that differ only in what the seat cannot know (the other
seats' crews and the order of the face-down decks) give it the same views and the same answers. Its
strength against random play is measured by tests/benchmarks/bench_bots.py."""

from __future__ import annotations

import json
import random
from functools import reduce

import pytest

from pbem.games import buccaneer as game
from pbem.games.buccaneer.bot import choose
from pbem.play.chance import SeededChance
from tests.playouts.buccaneer import ANCHOR_BAY, CROWDED_COAST, FIGHTS

from .helpers import new, stored

ORDERS = ("ask", "always attack", "never attack")


@pytest.mark.parametrize("ports,position", [
    (("london", "cadiz", "marseilles", "genoa"), CROWDED_COAST), (("london", "genoa"), ANCHOR_BAY),
    (("london", "genoa", "cadiz"), FIGHTS),
])
def test_every_seat_played_by_the_computer_answers_legally_in_every_decision(ports, position):
    key = b"\x09" * 32
    options = game.resolve_options(len(ports), {"home_ports": list(ports), "position": position, "turn_limit": 8})
    state = game.initial_state(len(ports), options)
    state = reduce(game.evolve, map(stored, game.start(state, SeededChance(key, 1))), state)
    kinds = set()
    for step in range(400):
        if game.outcome(state) is not None:
            break
        seat = min(game.to_move(state))
        legal = game.legal_moves(state, seat)
        view = json.loads(json.dumps(game.view(state, seat)))
        move = choose(view, legal, random.Random(step))
        assert move in legal and move not in ORDERS
        assert choose(view, legal, random.Random(step)) == move
        kinds.add(state.pending[0].kind if state.pending else "turn")
        state = reduce(game.evolve, map(stored, game.decide(state, seat, move, SeededChance(key, step + 2))), state)
    assert game.outcome(state) is not None
    assert "turn" in kinds and len(kinds) >= 2  # turns and decisions were answered


def twins(bot_port, ports, ships, bot_hand, hidden_a, hidden_b, **rest):
    """Two games alike in everything the bot's seat sees: the other hands (same sizes) and the Pirate
    Island deck differ."""
    games = []
    for hidden in (hidden_a, hidden_b):
        hands = {bot_port: bot_hand, **hidden}
        games.append(new({"ships": ships, "hands": hands, "shuffle_unlisted": False, **rest}, home_ports=ports))
    return games


def test_twin_games_give_the_same_views_and_answers_through_a_game():
    ships = {"london": {"at": "J5", "face": "N"}, "genoa": {"at": "E7", "face": "E", "cargo": ["gold"]},
             "cadiz": {"at": "N20"}}
    a, b = twins("london", ("london", "genoa", "cadiz"), ships, ["R3", "R3", "B1", "B2"],
                 {"genoa": ["R1", "R1", "R2"], "cadiz": ["B3", "B3", "R1", "R2"]},
                 {"genoa": ["B3", "R3", "B2"], "cadiz": ["R1", "R1", "B1", "B1"]}, to_move="london",
                 chance_deck=[11, 23, 12, 24, 13, 14, 21, 25, 26, 27])  # no card that deals the bot hidden crew
    key = b"\x0b" * 32
    answered = 0
    for step in range(120):
        if game.outcome(a) is not None or game.to_move(a) != game.to_move(b):
            break
        seat = min(game.to_move(a))
        view_a, view_b = game.view(a, seat), game.view(b, seat)
        if seat == 0:
            if view_a != view_b:
                break  # a fight or a card passed showed the bot something of the other hands
            legal = game.legal_moves(a, seat)
            assert legal == game.legal_moves(b, seat)
            answers = [choose(view_a, legal, random.Random(k)) for k in range(3)]
            assert answers == [choose(view_b, legal, random.Random(k)) for k in range(3)]
            move = answers[0]
            answered += 1
        else:  # the others play a move open to them in both games, chosen from the public moves
            common = [m for m in game.legal_moves(a, seat) if m in game.legal_moves(b, seat) and m not in ORDERS]
            if not common:
                break
            move = common[0]
        a = reduce(game.evolve, map(stored, game.decide(a, seat, move, SeededChance(key, step + 2))), a)
        b = reduce(game.evolve, map(stored, game.decide(b, seat, move, SeededChance(key, step + 2))), b)
    assert answered >= 5


def test_twin_games_give_the_same_answer_to_a_ship_passing_the_bots():
    """Whether to attack a passing ship hangs on its hidden crew: the bot samples it from the cards it
    cannot see, so hidden differences change nothing."""
    ships = {"london": {"at": "E6", "face": "N", "cargo": ["diamond"]}, "genoa": {"at": "E7", "face": "E"},
             "cadiz": {"at": "N20"}}
    for hidden_a, hidden_b in (({"london": ["R1", "R1"], "cadiz": ["B3"]}, {"london": ["B3", "B3"], "cadiz": ["R1"]}),
                               ({"london": ["R3", "B1"], "cadiz": ["R2"]}, {"london": ["R1", "R2"], "cadiz": ["B2"]})):
        a, b = twins("genoa", ("london", "genoa", "cadiz"), ships, ["R3", "R3", "R2", "B1"], hidden_a, hidden_b,
                     to_move="london")
        for state in (a, b):
            assert state.hands[0] and len(state.hands[0]) == 2
        a = reduce(game.evolve, map(stored, game.decide(a, 0, "sail N 2 face N", SeededChance(b"\x01" * 32, 2))), a)
        b = reduce(game.evolve, map(stored, game.decide(b, 0, "sail N 2 face N", SeededChance(b"\x01" * 32, 2))), b)
        assert a.pending[0].kind == "intercept" and game.view(a, 1) == game.view(b, 1)
        legal = game.legal_moves(a, 1)
        for seed in range(5):
            assert choose(game.view(a, 1), legal, random.Random(seed)) == choose(game.view(b, 1), legal, random.Random(seed))


def test_a_strong_bot_attacks_a_laden_passing_ship_and_a_weak_one_lets_it_pass():
    ships = {"london": {"at": "E6", "face": "N", "cargo": ["diamond"]}, "genoa": {"at": "E7", "face": "E"},
             "cadiz": {"at": "N20"}}
    answers = {}
    for name, crew in (("strong", ["R3", "R3", "R3", "R2"]), ("weak", ["R1", "B1"])):
        state = new({"to_move": "london", "ships": ships,
                     "hands": {"london": ["R1", "B2"], "genoa": crew, "cadiz": ["B3"]}}, home_ports=("london", "genoa", "cadiz"))
        state = reduce(game.evolve, map(stored, game.decide(state, 0, "sail N 2 face N", SeededChance(b"\x01" * 32, 2))), state)
        answers[name] = choose(game.view(state, 1), game.legal_moves(state, 1), random.Random(1))
    assert answers == {"strong": "attack", "weak": "let pass"}
