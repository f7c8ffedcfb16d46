"""A whole game of each game played through the seat pages with clicks only (issue 12): every move is
chosen on the board (a piece, a square, a label among the few moves left) or by its button, shown in words
and confirmed, in a real browser against a real server. The moves are the games' own computer players'
choices, so the games end as real games do; each lands in the log as the move the page showed."""

from __future__ import annotations

import json
import random
import urllib.request

import pytest

from pbem import store
from pbem.games import GAMES
from pbem.play import audit
from tests.browser import choose_on_board, confirm_pending, hints_on_page

pytestmark = pytest.mark.slow

MATCHES = {  # seats, options: games short enough for a browser, but whole games
    "mississippi": (2, {"rows": 5, "width": 8, "two_player_logs": 12}),
    "rigadoon": (2, {}),
    # two computer players can sail on without bringing treasure home (3 of 20 fresh games went past 2,000
    # decisions): the round limit (an option of the game) ends every game, within 150 decisions in 20 tries
    "buccaneer": (2, {"treasure_per_type": 2, "turn_limit": 40}),
    "dragon_flagon": (2, {}),
}


def api(url: str, body: dict | None = None, token: str | None = None) -> dict:
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None, headers=headers)
    with urllib.request.urlopen(request, timeout=30) as response:
        return json.loads(response.read())


@pytest.mark.engines_take_turns("name", sorted(MATCHES))
def test_a_whole_game_played_by_clicks(server, database, chrome, name):
    seats, options = MATCHES[name]
    created = api(server + "/api/games", {"game": name, "players": [{"name": n} for n in ("Ann", "Bob")[:seats]],
                                          "options": options})
    game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
    driver = chrome()
    choose = GAMES[name].BOTS["standard"]
    rng = random.Random(name)
    moves = 0
    while True:
        game = api(f"{server}/api/games/{game_id}")
        if game["status"] == "finished":
            break
        seat = game["to_move"][0]
        mine = api(f"{server}/api/games/{game_id}", token=tokens[seat])
        move = choose(mine["view"], mine["legal"], random.Random(rng.random()))
        driver.get(f"{server}/play/{tokens[seat]}")
        assert hints_on_page(driver)["seq"] == mine["seq"]
        choose_on_board(driver, move)
        confirm_pending(driver, move)
        moves += 1
        assert moves < 400, f"{name} did not end"
    db = store.connect(database)
    try:
        played = [e.command["move"] for e in store.read_events(db, game_id) if e.command and e.command["verb"] == "move"]
        assert len(played) == moves
        assert audit.verify(db, game_id)["ok"]
    finally:
        db.close()
