"""Messages and sealed notes (issue 15): the API's statuses, who reads what on every channel, the notices
a message causes, the limits, and a note's receipt."""

import dataclasses
import json

import pytest

from pbem import create_app, store
from pbem.events.talk import MESSAGES_PER_HOUR
from pbem.notify import outbox
from pbem.play import audit, service
from tests.between_support import DUO, auth, call, everything_seen_by, move


@pytest.fixture
def duo(db, site):
    return service.create_game(db, site, "mississippi", DUO)


def test_a_message_reaches_the_seats_and_spectators_only_at_the_end(client, db, site, duo):
    path = f"/api/games/{duo.id}/messages"
    assert call(client, "POST", path, duo.tokens[0], {"text": "Good luck <b>Bob</b> & all"}) == (201, {"seq": 3})
    for token in duo.tokens:
        status, shown = call(client, "GET", path, token)
        assert status == 200 and [(m["seat"], m["name"], m["text"]) for m in shown] == \
            [(0, "Ann", "Good luck <b>Bob</b> & all")]
    assert call(client, "GET", path) == (200, [])
    spectator = everything_seen_by(client, db, duo.id)
    assert "Good luck" not in spectator
    events = client.get(f"/api/games/{duo.id}/events").get_json()
    assert events[2]["type"] == "message_posted" and events[2]["data"] == {"seat": 0}
    page = client.get(f"/play/{duo.tokens[1]}").data.decode()
    assert "Good luck &lt;b&gt;Bob&lt;/b&gt; &amp; all" in page and "<b>Bob</b>" not in page
    # the others are told on their channels, escaped; the writer is not
    notices = [r for r in outbox.for_game(db, duo.id) if r["kind"] == "message"]
    assert [(r["seat"], r["channel"]) for r in notices] == [(1, "email")]
    assert "Good luck <b>Bob</b> & all" in notices[0]["body_text"]
    assert "Good luck &lt;b&gt;Bob&lt;/b&gt; &amp;" in notices[0]["body_html"]
    assert "a message, Bob (from Ann)" in notices[0]["subject"]
    # once the game is over, everyone reads them
    call(client, "POST", f"/api/games/{duo.id}/offers", duo.tokens[0], {"kind": "draw"})
    call(client, "POST", f"/api/games/{duo.id}/offers/answer", duo.tokens[1], {"accept": True})
    assert [m["text"] for m in call(client, "GET", path)[1]] == ["Good luck <b>Bob</b> & all"]
    assert "Good luck &lt;b&gt;Bob&lt;/b&gt;" in client.get(f"/games/{duo.id}").data.decode()
    assert audit.verify(db, duo.id)["ok"]


def test_messages_are_refused_with_the_contracts_statuses(client, db, site, duo):
    path = f"/api/games/{duo.id}/messages"
    assert call(client, "POST", path, None, {"text": "hi"})[0] == 401
    assert call(client, "POST", path, "not-a-seat", {"text": "hi"})[0] == 403
    assert call(client, "POST", "/api/games/nosuchgame/messages", duo.tokens[0], {"text": "hi"})[0] == 404
    status, body = call(client, "POST", path, duo.tokens[0], {"text": "   "})
    assert status == 422 and "empty" in body["error"]
    status, body = call(client, "POST", path, duo.tokens[0], {"text": "x" * 1001})
    assert status == 422 and "1,000" in body["error"]
    assert call(client, "POST", path, duo.tokens[0], {"text": "x" * 1000})[0] == 201
    assert call(client, "POST", path, duo.tokens[0], {"text": "bell \x07"})[0] == 422
    assert call(client, "POST", path, duo.tokens[0], {"words": "hi"})[0] == 400
    assert call(client, "GET", path, "not-a-seat")[0] == 403


def test_a_seat_may_post_so_many_messages_an_hour(client, db, site, duo):
    path = f"/api/games/{duo.id}/messages"
    for number in range(MESSAGES_PER_HOUR):
        assert call(client, "POST", path, duo.tokens[0], {"text": f"message {number}"})[0] == 201
    response = client.post(path, json={"text": "one more"}, headers=auth(duo.tokens[0]))
    assert response.status_code == 429 and int(response.headers["Retry-After"]) > 0
    assert "messages an hour from one seat" in response.get_json()["error"]
    assert call(client, "POST", path, duo.tokens[1], {"text": "the other seat may"})[0] == 201
    # an hour later (the log's own times count), it may again
    service.load(db, duo.id)
    from pbem.between import talk

    later = "2999-01-01T00:00:00Z"
    talk.post_message(db, site, duo.id, duo.tokens[0], "a day later", now=later)


def test_the_client_limit_counts_messages_and_notes(var_dir, database):
    app = create_app({"VAR_DIR": str(var_dir), "DATABASE": database, "BASE_URL": "http://pbem.test",
                      "TESTING": True, "RATE_LIMITS": "message=3/1h"})
    client = app.test_client()
    db = store.connect(app.config["DATABASE"])
    from pbem.site import Site

    created = service.create_game(db, Site.from_config(app.config), "rigadoon", DUO)
    assert call(client, "POST", f"/api/games/{created.id}/messages", created.tokens[0], {"text": "1"})[0] == 201
    assert call(client, "POST", f"/api/games/{created.id}/notes", created.tokens[1], {"text": "2"})[0] == 201
    assert call(client, "POST", f"/api/games/{created.id}/messages", created.tokens[1], {"text": "3"})[0] == 201
    assert call(client, "POST", f"/api/games/{created.id}/messages", created.tokens[0], {"text": "4"})[0] == 429
    db.close()


def test_a_message_waits_for_the_digest_and_a_webhook_quiets_mentions(client, db, site):
    players = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]
    created = service.create_game(db, site, "rigadoon", players)
    service.change_settings(db, site, created.id, created.tokens[1], email_on=True, digest=True, webhook=None)
    call(client, "POST", f"/api/games/{created.id}/messages", created.tokens[0], {"text": "@everyone look <!here>"})
    row = next(r for r in outbox.for_game(db, created.id) if r["kind"] == "message")
    assert row["status"] == "held"


def test_a_webhook_tells_the_message_quietly(db, site, monkeypatch):
    site = dataclasses.replace(site, allow_private_webhooks=True)
    players = [{"name": "Ann"}, {"name": "Bob", "webhook": "http://127.0.0.1:9/hook"}]
    created = service.create_game(db, site, "rigadoon", players)
    from pbem.between import talk

    talk.post_message(db, site, created.id, created.tokens[0], "@everyone look <!here>")
    row = next(r for r in outbox.for_game(db, created.id) if r["kind"] == "message")
    payload = json.loads(row["payload"])
    assert "Ann wrote: @\u200beveryone look <!here>" in payload["content"]
    assert "&lt;!here&gt;" in payload["text"] and payload["allowed_mentions"] == {"parse": []}


def test_a_note_is_sealed_with_a_receipt_and_shown_at_its_position(client, db, site, duo):
    move(db, site, duo, 0, choose=lambda legal: legal[0])
    head = service.load(db, duo.id).seq
    status, receipt = call(client, "POST", f"/api/games/{duo.id}/notes", duo.tokens[1],
                           {"text": "Ann's boat is slow: hold back", "seq": head})
    assert status == 201
    sealed = store.event_at(db, duo.id, receipt["seq"])
    assert sealed.type == "note_sealed" and sealed.hash == receipt["hash"]
    assert sealed.data == {"seat": 1, "seq": head, "text": "Ann's boat is slow: hold back"}
    mine = call(client, "GET", f"/api/games/{duo.id}/notes", duo.tokens[1])[1]
    assert [(n["position"], n["text"], n["hash"]) for n in mine] == [(head, "Ann's boat is slow: hold back",
                                                                      receipt["hash"])]
    assert call(client, "GET", f"/api/games/{duo.id}/notes", duo.tokens[0]) == (200, [])
    assert call(client, "GET", f"/api/games/{duo.id}/notes")[0] == 401
    # the seat reads it on its history, at the position it is about, and nowhere else there
    history = client.get(f"/play/{duo.tokens[1]}/history?at={head}").data.decode()
    assert "Your notes at this position" in history and "Ann&#39;s boat is slow" in history
    assert "Your notes at this position" not in client.get(f"/play/{duo.tokens[1]}/history?at={head - 1}").data.decode()
    # no one else sees it, on any channel; the log shows only that Bob sealed one
    for token, seat in ((duo.tokens[0], 0), (None, None)):
        seen = everything_seen_by(client, db, duo.id, token, seat)
        assert "hold back" not in seen and "Bob sealed a note." in seen
    assert call(client, "POST", f"/api/games/{duo.id}/notes", duo.tokens[1], {"text": "x", "seq": head + 5})[0] == 422
    assert call(client, "POST", f"/api/games/{duo.id}/notes", duo.tokens[1], {"text": ""})[0] == 422
    assert call(client, "POST", f"/api/games/{duo.id}/notes", duo.tokens[1], {"text": "x", "seq": "3"})[0] == 400
    # the end makes it public
    call(client, "POST", f"/api/games/{duo.id}/offers", duo.tokens[0], {"kind": "abandon"})
    call(client, "POST", f"/api/games/{duo.id}/offers/answer", duo.tokens[1], {"accept": True})
    assert "hold back" in everything_seen_by(client, db, duo.id)
    assert call(client, "GET", f"/api/games/{duo.id}/notes", duo.tokens[0]) == (200, [])  # the bearer's own only
    assert "Ann&#39;s boat is slow" in client.get(f"/play/{duo.tokens[0]}/history?at={head}").data.decode()
