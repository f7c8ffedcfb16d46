"""Handing a seat on (issue 17, item 4): through the API and the settings page, with real mail on
loopback (aiosmtpd). The old link dies on every channel, the new link reaches the new holder's address
only, the new holder sees everything the seat knew and the game so far in words, and no one else learns
their address. Through a real server: tests/test_computer_e2e.py."""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace

import pytest

from pbem import store
from pbem.notify import sweep
from pbem.notify.lost_links import send_seat_links
from pbem.notify.unsubscribe import block
from pbem.play import audit, service
from tests.support import play_randomly

PLAYERS = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"},
           {"name": "Cy"}]


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def body_of(message) -> str:
    return message.get_body(("plain",)).get_content().replace("\r\n", "\n")


@pytest.fixture
def mail_client(mail_app):
    return mail_app.test_client()


def started(db, site, game="buccaneer", players=PLAYERS, steps=12):
    created = service.create_game(db, site, game, players)
    with store.immediate(db):  # people who play: each followed a link mailed to them (or their mail stops)
        for player in players:
            if player.get("email"):
                store.prove_address(db, player["email"], created.id, service.utcnow())
    play_randomly(db, site, created, steps, random.Random(7))
    return created


def test_a_seat_handed_on_opens_for_its_new_holder_only(mail_db, mail_site, mail_client, smtp_sink):
    db, site, client = mail_db, mail_site, mail_client
    created = started(db, site)
    game_id, old = created.id, created.tokens[0]
    before = json.loads(client.get(f"/api/games/{game_id}", headers=bearer(old)).data)
    answer = client.post(f"/api/games/{game_id}/handover", headers=bearer(old),
                         json={"name": "Dora", "email": "dora@example.org"})
    assert answer.status_code == 201, answer.data
    assert json.loads(answer.data) == {"seq": before["seq"] + 1, "seat": 0, "name": "Dora",
                                       "head": {"seq": before["seq"] + 1, "hash": answer.headers["X-Pbem-Head"].partition(":")[2]}}
    # the old link opens nothing, on any channel
    assert client.get(f"/api/games/{game_id}", headers=bearer(old)).status_code == 403
    assert client.get(f"/play/{old}").status_code == 404
    assert client.get(f"/play/{old}/export.json").status_code == 404
    assert client.post(f"/api/games/{game_id}/moves", headers=bearer(old), json={"move": "x", "seq": 1}).status_code == 403
    assert client.post(f"/api/games/{game_id}/handover", headers=bearer(old),
                       json={"name": "Mallory", "email": "m@example.org"}).status_code == 403
    # the new link goes to the new address only, with the game so far; the old holder is told, without it
    sweep.sweep(db, site, owner="t")
    messages = smtp_sink.wait_for(2)
    new_url = site.seat_url(game_id, 0, 1)
    (to_dora,) = smtp_sink.to("dora@example.org")
    text = body_of(to_dora)
    assert "a seat handed on to you" in to_dora["Subject"] and new_url in text
    assert "Ann handed you their seat" in " ".join(text.split())
    assert "Ann, Bob and Cy began this game of Buccaneer" in text and "moves so far" in text and "The latest moves, as this seat saw them:" in text
    (to_ann,) = smtp_sink.to("ann@example.org")[-1:]
    assert "you handed your seat on" in to_ann["Subject"] and "/play/" not in body_of(to_ann)
    assert all(new_url not in body_of(m) for m in messages if m["To"] != "dora@example.org")
    # the new holder sees everything the seat knew: the same view, history and record as the seat
    new = new_url.rsplit("/", 1)[1]
    now = json.loads(client.get(f"/api/games/{game_id}", headers=bearer(new)).data)
    assert now["you"] == 0 and now["view"] == before["view"] and now["legal"] == before["legal"]
    record = json.loads(client.get(f"/play/{new}/export.json").data)
    assert len(record["events"]) == before["seq"] + 1
    page = client.get(f"/play/{new}").data.decode()
    assert "This seat is yours now" in page and "Ann handed it on to you" in page and "moves so far" in page
    assert client.get(f"/play/{new}/history").status_code == 200
    # others see who holds the seat now, never the address or the key
    for viewer in (None, created.tokens[1]):
        events = json.loads(client.get(f"/api/games/{game_id}/events", headers=bearer(viewer) if viewer else {}).data)
        assert events[-1]["type"] == "seat_handed_over"
        assert events[-1]["data"] == {"seat": 0, "name": "Dora", "previous": "Ann"}
        export = client.get(f"/games/{game_id}/export.json").data.decode()
        assert "dora@example.org" not in json.dumps(events) + export
    assert "Ann handed their seat on to Dora." in client.get(f"/games/{game_id}").data.decode()
    seat_rows = store.seats_of(db, game_id)
    assert seat_rows[0]["name"] == "Dora" and seat_rows[0]["email"] == "dora@example.org"
    assert send_seat_links(db, site, "ann@example.org") == 0  # Ann holds no seat to be sent any more
    assert audit.verify(db, game_id)["ok"]


def test_the_new_holders_first_move_ends_the_summary_and_a_seat_may_be_handed_on_again(mail_db, mail_site,
                                                                                     mail_client):
    db, site, client = mail_db, mail_site, mail_client
    created = service.create_game(db, site, "rigadoon", PLAYERS[:2])
    from pbem.people.handover import hand_over

    hand_over(db, site, created.id, created.tokens[0], "Dora", "dora@example.org")
    dora = site.seat_token(created.id, 0, 1)
    loaded = service.load(db, created.id)
    if 0 in loaded.to_move:
        service.submit_move(db, site, created.id, dora, loaded.module.legal_moves(loaded.state, 0)[0], loaded.seq)
    else:
        play_randomly(db, site, created, 1, random.Random(1))
        loaded = service.load(db, created.id)
        service.submit_move(db, site, created.id, dora, loaded.module.legal_moves(loaded.state, 0)[0], loaded.seq)
    assert "This seat is yours now" not in client.get(f"/play/{dora}").data.decode()
    hand_over(db, site, created.id, dora, "Eve", "eve@example.org")
    assert client.get(f"/play/{dora}").status_code == 404
    eve = site.seat_token(created.id, 0, 2)
    page = client.get(f"/play/{eve}").data.decode()
    assert "Dora handed it on to you" in page
    assert service.load(db, created.id).seats[0]["generation"] == 2


def test_the_old_holders_webhook_and_settings_do_not_follow_the_seat(mail_db, mail_site, webhook_sink):
    db, site = mail_db, mail_site
    players = [{"name": "Ann", "email": "ann@example.org", "webhook": webhook_sink.url}, {"name": "Bob"}]
    created = service.create_game(db, site, "mississippi", players)
    service.change_settings(db, site, created.id, created.tokens[0], email_on=True, digest=True,
                            webhook=webhook_sink.url, confirm=False)
    from pbem.people.handover import hand_over

    hand_over(db, site, created.id, created.tokens[0], "Dora", "dora@example.org")
    record = service.load(db, created.id).seats[0]
    assert record["webhook"] is None and record["digest"] is False and "confirm" not in record
    assert record["email"] == "dora@example.org" and record["email_on"] is True


@pytest.mark.parametrize("headers,body,status,reason", [
    ({}, {"name": "Dora", "email": "dora@example.org"}, 401, "seat token"),
    (bearer("not-a-token"), {"name": "Dora", "email": "dora@example.org"}, 403, "not a seat"),
    ("seat", {"name": "Dora"}, 400, "email"),
    ("seat", {"name": "Dora", "email": "dora@example.org", "extra": 1}, 400, "extra"),
    ("seat", {"name": "Dora", "email": "not an address"}, 422, "not valid"),
    ("seat", {"name": "   ", "email": "dora@example.org"}, 422, "needs a name"),
    ("seat", {"name": "Dora", "email": "blocked@example.org"}, 422, "never to mail it"),
])
def test_a_handover_is_refused_with_the_reason(mail_db, mail_site, mail_client, headers, body, status, reason):
    created = service.create_game(mail_db, mail_site, "rigadoon", PLAYERS[:2])
    block(mail_db, "blocked@example.org", service.utcnow())
    headers = bearer(created.tokens[0]) if headers == "seat" else headers
    answer = mail_client.post(f"/api/games/{created.id}/handover", headers=headers, json=body)
    assert answer.status_code == status and reason in json.loads(answer.data)["error"], answer.data
    assert service.load(mail_db, created.id).names[0] == "Ann"  # nothing half-written
    assert mail_client.get(f"/play/{created.tokens[0]}").status_code == 200


def test_no_handover_in_an_unknown_or_finished_game(mail_db, mail_site, mail_client):
    answer = mail_client.post("/api/games/nosuchgame/handover", headers=bearer("x"),
                              json={"name": "Dora", "email": "dora@example.org"})
    assert answer.status_code == 404
    created = service.create_game(mail_db, mail_site, "rigadoon", PLAYERS[:2])
    service.resign(mail_db, mail_site, created.id, created.tokens[1])
    answer = mail_client.post(f"/api/games/{created.id}/handover", headers=bearer(created.tokens[0]),
                              json={"name": "Dora", "email": "dora@example.org"})
    assert answer.status_code == 403 and "over" in json.loads(answer.data)["error"]


def csrf_of(page):
    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def test_a_seat_is_handed_on_from_its_settings_page(mail_db, mail_site, mail_client):
    created = service.create_game(mail_db, mail_site, "mississippi", PLAYERS)
    link = f"/play/{created.tokens[1]}"
    page = mail_client.get(link + "/settings").data.decode()
    assert "Hand this seat on" in page
    fields = {"csrf": csrf_of(page), "holder_name": "Dora", "holder_email": "dora@example.org"}
    refused = mail_client.post(link + "/handover", data=fields)
    assert refused.status_code == 422 and "tick the box" in refused.data.decode()
    assert 'value="dora@example.org"' in refused.data.decode()  # what was typed stays
    done = mail_client.post(link + "/handover", data={**fields, "give_away": "yes"})
    assert done.status_code == 200 and "Dora holds your seat" in done.data.decode()
    assert mail_client.get(link).status_code == 404
    new = mail_site.seat_token(created.id, 1, 1)
    assert "Bob handed it on to you" in mail_client.get(f"/play/{new}").data.decode()


def test_handing_on_a_seat_the_computer_plays_for_gives_it_back_to_a_person(mail_db, mail_site):
    from pbem.events.computer import computer_seats
    from pbem.people.handover import hand_over
    from pbem.play import clock

    options = {"time_per_move": "1h", "on_timeout": "bot"}
    created = service.create_game(mail_db, mail_site, "mississippi", PLAYERS[:2], options, now="2026-11-21T09:00:00Z")
    sweep.sweep(mail_db, mail_site, "2026-11-21T10:00:01Z", owner="t")
    assert computer_seats(service.load(mail_db, created.id)) == [0]
    hand_over(mail_db, mail_site, created.id, created.tokens[0], "Dora", "dora@example.org",
              now=clock.format_time(clock.parse_time("2026-11-21T10:00:02Z")))
    assert computer_seats(service.load(mail_db, created.id)) == []


def test_the_old_holders_notes_addresses_and_conditional_moves_do_not_pass_to_the_new_one(client, db, site):
    """A plain handover gives the seat, not its holder's private things: the sealed notes and the address
    the old holder gave stay theirs, and their conditional moves do not play on for the newcomer (as when a
    seat is reopened, tests/test_reopen.py)."""
    from pbem.between import conditionals, talk
    from pbem.people.handover import hand_over
    from pbem.play.redaction import public_event
    from tests.between_support import DUO, call, move
    from tests.support import proven
    from tests.test_between_conditionals import open_position

    created = service.create_game(db, site, "mississippi", DUO)
    proven(db, created.id, *(p["email"] for p in DUO))
    waiter, mover, theirs, replies, _ = open_position(db, site, created, random.Random(2))
    head = service.load(db, created.id)
    path = f"/api/games/{created.id}/conditionals"
    assert call(client, "PUT", path, created.tokens[waiter], {"seq": head.seq, "lines": [[[theirs], replies[-1]]]})[0] == 200
    talk.seal_note(db, site, created.id, created.tokens[waiter], "my secret plan")
    head = service.load(db, created.id)
    assert talk.notes(db, head, waiter) and conditionals.live_lines(db, head, waiter)  # the old holder's, before

    hand_over(db, site, created.id, created.tokens[waiter], "Dora", "dora@example.org")
    head = service.load(db, created.id)
    assert talk.notes(db, head, waiter) == []
    assert conditionals.live_lines(db, head, waiter) == []
    seen = json.dumps([public_event(head, e, waiter) for e in store.read_events(db, created.id)])
    assert head.seats[waiter]["private_since"] > 0, head.seats[waiter]
    leaks = [e for e in json.loads(seen) if "my secret plan" in json.dumps(e) or DUO[waiter]["email"] in json.dumps(e)]
    assert not leaks
    move(db, site, created, mover, choose=lambda legal: theirs)  # the old holder's line would answer this
    last = [e for e in store.read_events(db, created.id) if e.command][-1]
    assert last.command.get("via") != "conditional"
    assert service.load(db, created.id).to_move == frozenset({waiter})  # Dora's own decision, not the old line's


def test_the_history_names_each_move_by_the_holder_who_made_it(db, site):
    """After a handover the moves made before it still read as the old holder's, the later ones as the new
    holder's (history, record and notices all tell through pbem/words)."""
    from pbem.people.handover import hand_over
    from pbem.words import read, tell

    created = service.create_game(db, site, "rigadoon", [{"name": "Ann"}, {"name": "Bob"}])
    play_randomly(db, site, created, 6, random.Random(3))
    handed = hand_over(db, site, created.id, created.tokens[1], "Dora", "dora@example.org").loaded.seq
    dora = site.seat_url(created.id, 1, 1).rsplit("/", 1)[1]  # the link mailed to Dora
    play_randomly(db, site, SimpleNamespace(id=created.id, tokens=[created.tokens[0], dora]), 12, random.Random(4))
    head = service.load(db, created.id)
    told = tell(db, head, None, 0)
    before = [" ".join(read(line, "en") for line in t.lines) for t in told if t.seat == 1 and t.last < handed]
    after = [" ".join(read(line, "en") for line in t.lines) for t in told if t.seat == 1 and t.first > handed]
    assert before and after
    assert all("Dora" not in text for text in before), before
    assert any("Bob" in text for text in before), before
    assert any("Dora" in text for text in after) and all("Bob" not in text for text in after), after
