"""Every position of a Buccaneer game shows on every page (issue 10, item 5): the history before the
deal (events 1 to 4, when no ship has a square yet) answered 500 once; now every page and API view
answers for every seat and a spectator at every seq, and `pbem show --at 1` prints the board."""

from __future__ import annotations

import random

from pbem.games import buccaneer as game
from pbem.play import service
from tests.support import every_page_answers


def test_every_page_answers_at_every_seq_before_and_after_the_deal(db, site, client):
    created = service.create_game(db, site, "buccaneer", [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}])
    rng = random.Random(3)
    for _ in range(12):
        loaded = service.load(db, created.id)
        seat = min(loaded.to_move)
        move = game.BOTS["standard"](loaded.module.view(loaded.state, seat), loaded.module.legal_moves(loaded.state, seat), rng)
        service.submit_move(db, site, created.id, created.tokens[seat], move, loaded.seq)
    assert every_page_answers(client, created.id, created.tokens) > 0
    before_deal = client.get(f"/games/{created.id}/history?at=2")
    assert before_deal.status_code == 200


def test_pbem_show_prints_the_board_before_the_deal(runner):
    code, out, err = runner("new", "buccaneer", "--player", "Ann", "--player", "Bob")
    assert code == 0, err
    game_id = out.split()[1]
    code, out, err = runner("show", game_id, "--at", "1")
    assert code == 0, err
    assert "setting up: the ships wait for the deal" in out
    assert "not yet afloat" in out
