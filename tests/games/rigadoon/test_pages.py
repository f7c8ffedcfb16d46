"""Every page and view of real Rigadoon games answers (issue 10, item 5): games created through the
service, played by the computer player against random moves (to the turn limit, or a resignation in
the middle of a chain), shown for every seat and a spectator at every seq."""

import json
import random

from pbem.games.rigadoon.bot import choose
from pbem.play import service
from tests.support import every_page_answers

PLAYERS = [{"name": "Ann"}, {"name": "Bob"}]


def play(db, site, created, moves, rng):
    for _ in range(moves):
        loaded = service.load(db, created.id)
        if loaded.finished:
            break
        who = min(loaded.to_move)
        legal = loaded.module.legal_moves(loaded.state, who)
        move = choose(loaded.module.view(loaded.state, who), legal, rng) if who == 0 else rng.choice(legal)
        service.submit_move(db, site, created.id, created.tokens[who], move, loaded.seq)
    return service.load(db, created.id)


def test_every_page_of_a_game_played_to_its_turn_limit_answers_at_every_seq(db, site, client):
    created = service.create_game(db, site, "rigadoon", PLAYERS,
                                  {"turn_limit": 4, "wind": "die", "exits": "same_side", "first": "seat0"})
    loaded = play(db, site, created, 400, random.Random(3))
    assert loaded.finished and loaded.outcome.termination == "turn_limit"
    assert every_page_answers(client, created.id, created.tokens) > 20


def test_every_page_answers_after_a_resignation_in_the_middle_of_a_chain(db, site, client):
    # E4: Blue's sail opens a choice of attacks; Green resigns while it waits
    e4 = {"wind": "N", "to_move": "blue", "ships": {"B1": ["G7", 3], "G1": ["D9", 1], "B2": ["E10", 0], "B3": None,
                                                     "B4": None, "G2": None, "G3": None, "G4": None}}
    created = service.create_game(db, site, "rigadoon", PLAYERS, {"position": json.dumps(e4)})
    loaded = service.load(db, created.id)
    service.submit_move(db, site, created.id, created.tokens[0], "sail B1 SW 2", loaded.seq)
    assert service.load(db, created.id).state.chain is not None
    service.resign(db, site, created.id, created.tokens[1])
    loaded = service.load(db, created.id)
    assert loaded.finished and loaded.outcome.termination == "resigned" and loaded.outcome.winners == (0,)
    assert every_page_answers(client, created.id, created.tokens) > 10
