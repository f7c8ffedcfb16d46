"""Every page and view of a Dragon & Flagon game answers, for every seat and a spectator, at every seq of
its history (issue 10, item 5: `state?at=1`, the position before the game's own first event, answered
500), through the server's Flask app."""

import random

from pbem.play import service
from tests.support import every_page_answers, play_randomly


def test_every_page_answers_at_every_seq_of_a_game_in_progress(client, db, site):
    created = service.create_game(db, site, "dragon_flagon", [{"name": "Ann"}, {"name": "Bob"}], {"endgame.range": 4})
    assert client.get(f"/api/games/{created.id}/state?at=1").status_code == 200
    play_randomly(db, site, created, 14, random.Random(7))
    assert every_page_answers(client, created.id, created.tokens) > 0
