"""Careless users (issue 10, item 11): reloading the "your game has started" page never starts a second
game and never shows the seat links twice; extra players typed into the form are refused, not dropped;
seats are counted from 1 wherever people read; vacation needs a clock; mailed replies count only from the
seat's own address when it has one; automatic replies are ignored without an answer."""

import re
from email.message import EmailMessage

import pytest

from pbem import store
from pbem.notify import inbound, outbox
from pbem.play import service
from tests.support import csrf

DUO = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]


def start(client, fields, path="/new/mississippi"):
    page = client.get(path if path != "/new" else "/").get_data(as_text=True)
    return client.post(path, data={"csrf": csrf(page), **fields})


def test_starting_a_game_redirects_and_a_reload_starts_no_second_game(client, db):
    answer = start(client, {"name0": "Ann", "name1": "Bob"})
    assert answer.status_code == 303 and answer.headers["Location"] == "/started"
    page = client.get("/started").get_data(as_text=True)
    links = re.findall(r'<a href="http://pbem.test/play/([^"]+)">', page)
    assert len(links) == 2 and "has started" in page
    (game_id,) = store.game_ids(db)
    assert "/play/" not in answer.headers["Location"] and links[0] not in client.get_cookie("session").value
    again = client.get("/started").get_data(as_text=True)  # the reload
    assert store.game_ids(db) == [game_id]
    assert not re.search(r"/play/", again) and "shown once" in again and f"/games/{game_id}" in again
    # the links do work: each opens its own seat
    assert client.get(f"/play/{links[1]}").status_code == 200
    assert client.get(f"/api/games/{game_id}", headers={"Authorization": f"Bearer {links[1]}"}).json["you"] == 1


def test_a_replayed_session_cookie_does_not_show_the_links_again(app, db):
    first = app.test_client()
    start(first, {"name0": "Ann", "name1": "Bob"})
    cookie = first.get_cookie("session").value  # the cookie as it was before the page was shown
    assert "/play/" in first.get("/started").get_data(as_text=True)
    replay = app.test_client()
    replay.set_cookie("session", cookie)
    assert "/play/" not in replay.get("/started").get_data(as_text=True)


def test_extra_players_typed_into_the_home_form_are_refused_not_dropped(client, db):
    names = {f"name{i}": f"P{i + 1}" for i in range(8)}  # the home page offers 8 rows; Rigadoon takes 2
    answer = start(client, {"game": "rigadoon", **names}, path="/new")
    assert answer.status_code == 422
    assert "Rigadoon takes 2 players, not 8" in answer.get_data(as_text=True)
    assert store.game_ids(db) == []


def test_the_options_page_offers_only_as_many_rows_as_the_game_takes_counted_from_1(client):
    page = client.get("/new/rigadoon").get_data(as_text=True)
    assert re.findall(r'name="name(\d+)"', page) == ["0", "1"]
    assert re.findall(r"<tr><td>(\d+)</td>", page) == ["1", "2"]
    assert 'aria-label="name of player 1"' in page and 'aria-label="name of player 0"' not in page


def test_errors_count_players_from_1_like_the_form(client):
    answer = start(client, {"name0": "Ann", "name1": "Bob", "email1": "not an address"})
    assert "player 2&#39;s e-mail address" in answer.get_data(as_text=True)
    api = client.post("/api/games", json={"game": "mississippi", "players": [{"name": "Ann"}, {"name": "\x01"}]})
    assert api.status_code == 422 and "player 2" in api.json["error"]


def test_vacation_is_refused_in_a_game_without_a_clock(client, db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    with pytest.raises(service.Forbidden, match="no clock"):
        service.start_vacation(db, site, created.id, created.tokens[0])
    page = client.get(f"/play/{created.tokens[0]}/settings").get_data(as_text=True)
    token = csrf(page)
    answer = client.post(f"/play/{created.tokens[0]}/vacation", data={"csrf": token}, follow_redirects=True)
    assert "Not done: this game has no clock" in answer.get_data(as_text=True)


def mail(to, body, sender="ann@example.org", **headers):
    message = EmailMessage()
    message["From"] = sender
    message["To"] = to
    message["Subject"] = "Re: [pbem] your turn"
    message["Message-ID"] = f"<{abs(hash((body, sender, tuple(headers.items()))))}@mail.example.org>"
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    message.set_content(body)
    return bytes(message)


def answers(db, game_id):
    return [r for r in outbox.for_game(db, game_id) if r["kind"].startswith("reply")]


def test_a_reply_counts_only_from_the_seat_s_own_address(db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    address = site.reply_address(created.id, 0, 2)
    stranger = inbound.handle(db, site, mail(address, "forward 1", sender="mallory@example.net"))
    assert stranger.status == "ignored" and "own address" in stranger.detail
    assert service.load(db, created.id).seq == 2 and answers(db, created.id) == []
    own = inbound.handle(db, site, mail(address, "forward 1", sender="Ann <ANN@example.org>"))
    assert own.status == "played"


def test_a_seat_without_an_address_has_the_signed_tag_alone_as_its_key(db, site):
    created = service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"name": "Bob"}])
    result = inbound.handle(db, site, mail(site.reply_address(created.id, 0, 2), "forward 1", sender="x@y.org"))
    assert result.status == "played"


AUTOMATIC = {
    "Auto-Submitted: auto-replied": {"Auto_Submitted": "auto-replied"},
    "Auto-Submitted: auto-generated": {"Auto_Submitted": "auto-generated"},
    "Precedence: bulk": {"Precedence": "bulk"},
    "Precedence: junk": {"Precedence": "junk"},
    "Precedence: list": {"Precedence": "list"},
    "Precedence: auto_reply": {"Precedence": "auto_reply"},
    "X-Autoreply": {"X_Autoreply": "yes"},
    "X-Autorespond": {"X_Autorespond": "vacation"},
    "an empty Return-Path": {"Return_Path": "<>"},
}


@pytest.mark.parametrize("headers", AUTOMATIC.values(), ids=AUTOMATIC.keys())
def test_automatic_replies_are_ignored_without_an_answer(db, site, headers):
    created = service.create_game(db, site, "mississippi", DUO)
    raw = mail(site.reply_address(created.id, 0, 2), "I am out of the office until Monday.", **headers)
    result = inbound.handle(db, site, raw)
    assert result.status == "ignored" and "automatic" in result.detail
    assert answers(db, created.id) == [] and service.load(db, created.id).seq == 2


@pytest.mark.parametrize("sender", ["MAILER-DAEMON@mx.example.org", "postmaster@example.org"])
def test_mail_from_mail_systems_is_ignored(db, site, sender):
    created = service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"name": "Bob"}])
    result = inbound.handle(db, site, mail(site.reply_address(created.id, 0, 2), "forward 1", sender=sender))
    assert result.status == "ignored" and answers(db, created.id) == []


def test_a_person_s_reply_marked_auto_submitted_no_is_read(db, site):
    created = service.create_game(db, site, "mississippi", DUO)
    raw = mail(site.reply_address(created.id, 0, 2), "forward 1", Auto_Submitted="no")
    assert inbound.handle(db, site, raw).status == "played"
