"""What a finished game still allows, through a real `pbem serve`: reading its messages, notes, history and
records; not writing to it. A message, a note or a replaced seat link after the end is refused with the
reason (the game is over), on the API and the pages, and the log does not grow; the pages no longer offer
them."""

from __future__ import annotations

import pytest

from pbem import store
from tests.support import Browser, csrf
from tests.test_between_server import Game, api

pytestmark = pytest.mark.slow


def test_a_finished_game_is_read_not_written(server, database):
    game = Game(server, database, "mississippi")
    ann, bob = game.tokens
    assert api(server, f"/api/games/{game.id}/messages", {"text": "good luck"}, ann)[0] == 201
    assert api(server, f"/api/games/{game.id}/notes", {"text": "ANN-NOTE"}, ann)[0] == 201
    assert api(server, f"/api/games/{game.id}/resign", {}, bob)[0] in (200, 201)
    assert api(server, f"/api/games/{game.id}")[1]["status"] == "finished"
    length = len(store.read_events(game.db, game.id))

    # the API: refused with the reason
    status, body = api(server, f"/api/games/{game.id}/messages", {"text": "well played"}, ann)
    assert status == 422 and "the game is over" in body["error"], body
    status, body = api(server, f"/api/games/{game.id}/notes", {"text": "too late"}, ann)
    assert status == 422 and "the game is over" in body["error"], body
    status, body = api(server, f"/api/games/{game.id}/rotate", {}, ann)
    assert status == 409 and "the game is over" in body["error"], body

    # the pages: no form for them any more, and a form sent from a page drawn before the end is refused
    seat_url = f"{server}/play/{ann}"
    browser = Browser()
    _, page = browser.get(seat_url)
    assert "no more messages can be sent" in page and f"{seat_url}/message\"" not in page
    assert f"{seat_url}/note\"" not in page
    _, settings = browser.get(f"{seat_url}/settings")
    assert f"{seat_url}/rotate\"" not in settings and "Replace my seat link" not in settings
    token = csrf(settings)  # the seat page has no form left; the session's token is the same
    status, page = browser.post(f"{seat_url}/message", {"csrf": token, "text": "well played"})
    assert status == 422 and "Not sent: the game is over" in page
    status, page = browser.post(f"{seat_url}/note", {"csrf": token, "text": "too late", "seq": "2"})
    assert status == 422 and "Not sealed: the game is over" in page
    status, page = browser.post(f"{seat_url}/rotate", {"csrf": token, "confirm": "yes"})
    assert status == 409 and "the game is over" in page
    assert len(store.read_events(game.db, game.id)) == length

    # reading goes on, for the seats and now for spectators too; the old link still opens the seat
    assert [m["text"] for m in api(server, f"/api/games/{game.id}/messages")[1]] == ["good luck"]
    assert [n["text"] for n in api(server, f"/api/games/{game.id}/notes", token=ann)[1]] == ["ANN-NOTE"]
    for path in (f"/play/{ann}", f"/play/{ann}/export.json", f"/play/{ann}/record.txt", f"/games/{game.id}/history?at=2"):
        assert browser.get(server + path)[0] == 200
    assert api(server, f"/api/games/{game.id}/verify")[1]["ok"]
    game.db.close()
