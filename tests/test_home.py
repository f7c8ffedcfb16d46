"""A player's home across games (issue 14), through the app on a real SQLite file: open seats and the
invitation, replaced seat links, sign-in links and sessions, /me and GET /api/me/games in order and cheap,
addresses added to seats, and every secret kept as a hash only. The whole story through a real server and
real SMTP is tests/test_home_e2e.py; the feeds are tests/test_feeds.py."""

import re
import sqlite3
from datetime import timedelta

import pytest

from pbem import create_app, store
from pbem.notify import asked, compose, wording
from pbem.people import accounts, players
from pbem.people.mygames import my_seats
from pbem.play import clock, loading, service
from pbem.site import Site
from tests.support import csrf

ANN = "ann@example.org"


def create(client, players_, game="mississippi", **options):
    response = client.post("/api/games", json={"game": game, "players": players_, "options": options})
    assert response.status_code == 201, response.json
    return response.json


def bearer(token):
    return {"Authorization": f"Bearer {token}"}


def mails(db, kind):
    """The outbox's mails of a kind, each with its words as its delivery composes them."""
    return [wording.worded(db, row) for row in db.query("select * from outbox where kind like ? order by id",
                                                        [f"{kind}:%"])]


def link_in(row, path):
    return re.search(rf"http://pbem\.test(/{path}/[A-Za-z0-9_\-]+)", row["body_text"]).group(1)


def answer_asked(client, db):
    """What the scheduler does right after a sign-in request in a server (the test client has none)."""
    asked.answer(db, Site.from_config(client.application.config))


def sign_in(client, db, address=ANN):
    form = client.get("/signin").data.decode()
    assert client.post("/signin", data={"csrf": csrf(form), "address": address}).status_code == 200
    answer_asked(client, db)
    link = link_in(mails(db, "signin")[-1], "signin")
    page = client.get(link).data.decode()
    answer = client.post(link, data={"csrf": csrf(page)})
    assert answer.status_code == 303 and answer.headers["Location"].endswith("/me")
    return link


# --- open seats ----------------------------------------------------------------------------------------


def test_a_game_with_two_open_seats_waits_then_starts_with_the_last_seat_taken(client, db):
    made = create(client, [{"name": "Ann", "email": ANN}, {"open": True}, {"open": True}], time_per_move="1d")
    assert made["status"] == "waiting" and made["invite_url"].startswith("http://pbem.test/join/")
    assert [s.get("token") for s in made["seats"]][1:] == [None, None]  # the creator gets no open seat's key
    game, invite = made["id"], made["invite_url"].rsplit("/", 1)[1]
    ann = made["seats"][0]["token"]
    view = client.get(f"/api/games/{game}", headers=bearer(ann)).json
    assert view["status"] == "waiting" and view["legal"] == [] and view["deadline"] is None
    refused = client.post(f"/api/games/{game}/moves", json={"move": "forward 1", "seq": view["seq"]}, headers=bearer(ann))
    assert refused.status_code == 403 and "not begun" in refused.json["error"]
    assert store.game_row(db, game)["status"] == "waiting" and store.game_row(db, game)["next_due"] is None

    bob = client.post(f"/api/join/{invite}", json={"name": "Bob", "email": "bob@example.org"})
    assert bob.status_code == 201 and bob.json["seat"] == 1 and bob.json["id"] == game
    page = client.get(f"/games/{game}").data.decode()
    assert "Bob" in page and "open: waiting for someone to join" in page and invite not in page  # no invite to spectators
    assert invite in client.get(f"/play/{bob.json['token']}").data.decode()  # a seat may pass it on
    assert store.game_row(db, game)["status"] == "waiting"

    cy = client.post(f"/api/join/{invite}", json={"name": "Cy", "email": None})
    assert cy.status_code == 201 and cy.json["seat"] == 2
    started = service.load(db, game)
    assert not started.facts.get("waiting") and started.to_move and started.names == ["Ann", "Bob", "Cy"]
    row = store.game_row(db, game)
    assert row["status"] == "active" and row["deadline"] is not None and row["next_due"] is not None
    events = store.read_events(db, game)
    join_append = [e for e in events if e.seq >= events[-1].seq - 1]
    assert join_append[0].type == "seat_joined" and join_append[0].command["last"] is True
    assert len(events) > 4 and events[-1].type not in ("seat_joined",)  # the game's start came with it
    assert client.get(f"/api/games/{game}/verify").json["ok"]
    # no seat is left; a link not made here is no invitation
    assert client.post(f"/api/join/{invite}", json={"name": "Dee"}).status_code == 409
    assert client.post(f"/api/join/{game}-AAAAAAAAAAAAAAAAAAAAAAAA", json={"name": "Dee"}).status_code == 404
    assert client.get(f"/join/{invite}").status_code == 409
    # others see joiners' names, never their addresses
    public = client.get(f"/api/games/{game}/events").json
    assert all("bob@example.org" not in str(e["data"]) for e in public)
    # notices: Bob heard when he joined (his link), then Ann and Bob their invitations when it began
    kinds = [(r["kind"], r["recipient"]) for r in db.query("select kind, recipient from outbox order by id")]
    assert kinds == [("joined", "bob@example.org"), ("invitation", ANN), ("invitation", "bob@example.org")]


def test_the_home_form_leaves_a_seat_open_and_shows_the_invitation_once(client, db):
    form = client.get("/").data.decode()
    assert '<option value="open">open seat</option>' in form
    answer = client.post("/new", data={"csrf": csrf(form), "game": "rigadoon", "name0": "Ann", "kind1": "open"},
                         follow_redirects=True)
    page = answer.data.decode()
    assert "it begins when every seat is taken" in page
    invite = re.search(r"http://pbem\.test/join/([A-Za-z0-9_\-]+)", page).group(1)
    assert len(set(re.findall(r"/play/([A-Za-z0-9_\-]+)", page))) == 1  # Ann's link only
    join = client.get(f"/join/{invite}").data.decode()
    answer = client.post(f"/join/{invite}", data={"csrf": csrf(join), "name": "Bob", "email": ""})
    assert answer.status_code == 303 and "/play/" in answer.headers["Location"]
    seat_page = client.get(answer.headers["Location"]).data.decode()
    assert "You have joined and play seat 2" in seat_page and "Bob" in seat_page
    assert client.get(f"/join/{invite}").status_code == 409


def test_a_joiners_bad_name_or_address_is_refused_with_the_reason_and_takes_nothing(client, db):
    made = create(client, [{"name": "Ann"}, {"open": True}], game="rigadoon")
    invite = made["invite_url"].rsplit("/", 1)[1]
    assert client.post(f"/api/join/{invite}", json={"name": "Bob", "email": "not an address"}).status_code == 422
    assert client.post(f"/api/join/{invite}", json={"email": "b@example.org"}).status_code == 400
    assert client.post(f"/api/games", json={"game": "rigadoon", "players": [{"email": "x@example.org"}, {"open": True}]}
                       ).status_code == 400  # a seat that is not open needs a name
    assert store.game_row(db, made["id"])["status"] == "waiting" and service.load(db, made["id"]).seq == 2


# --- replaced links --------------------------------------------------------------------------------------


def test_a_replaced_link_opens_nothing_and_notices_and_the_operator_get_the_new_one(client, db, site, runner):
    made = create(client, [{"name": "Ann", "email": ANN}, {"name": "Bob"}], game="rigadoon")
    game, old = made["id"], made["seats"][0]["token"]
    assert client.post(f"/api/games/{game}/rotate").status_code == 401
    rotated = client.post(f"/api/games/{game}/rotate", headers=bearer(old))
    assert rotated.status_code == 201 and rotated.json["url"] == f"http://pbem.test/play/{rotated.json['token']}"
    new = rotated.json["token"]
    assert new != old and new == site.seat_token(game, 0, 1)
    assert client.get(f"/api/games/{game}", headers=bearer(old)).status_code == 403
    assert client.get(f"/play/{old}").status_code == 404
    assert client.get(f"/play/{new}").status_code == 200
    assert client.get(f"/api/games/{game}", headers=bearer(new)).json["you"] == 0
    assert compose.seat_url(site, service.load(db, game), 0).endswith(new)
    stored = store.read_events(db, game)[-1]
    assert stored.type == "seat_link_rotated" and new not in str(stored.data) and old not in str(stored.data)
    assert client.get(f"/api/games/{game}/events").json[-1]["data"] == {"seat": 0, "generation": 1}
    code, out, _ = runner("links", game)
    assert code == 0 and f"seat 0 Ann: http://pbem.test/play/{new}" in out and old not in out
    # the page's own button: tick, replace, land on the new link's settings
    page = client.get(f"/play/{new}/settings").data.decode()
    answer = client.post(f"/play/{new}/rotate", data={"csrf": csrf(page), "confirm": "yes"})
    newest = site.seat_token(game, 0, 2)
    assert answer.status_code == 303 and answer.headers["Location"].endswith(f"/play/{newest}/settings")
    assert client.get(f"/play/{new}").status_code == 404
    assert client.get(f"/api/games/{game}/verify").json["ok"]
    service.rebuild(db)  # the projection keeps finding the newest link from the events alone
    assert store.seat_by_token_hash(db, service.hash_token(newest))["seat"] == 0


# --- signing in ------------------------------------------------------------------------------------------


def test_a_sign_in_link_works_once_within_the_hour_and_the_answer_never_tells_who_plays(client, db, site):
    create(client, [{"name": "Ann", "email": "Ann@Example.org"}, {"name": "Bob"}], game="rigadoon")
    form = client.get("/signin").data.decode()
    known = client.post("/signin", data={"csrf": csrf(form), "address": ANN}).data.decode()
    unknown = client.post("/signin", data={"csrf": csrf(form), "address": "nobody@example.org"}).data.decode()
    strip = lambda page, who: re.sub(r'name="csrf" value="[^"]+"', "", page).replace(who, "X")
    assert strip(known, ANN) == strip(unknown, "nobody@example.org")
    answer_asked(client, db)
    sent = mails(db, "signin")
    assert [m["recipient"] for m in sent] == [ANN]
    link = link_in(sent[0], "signin")
    assert client.get("/me").status_code == 303  # not signed in yet
    page = client.get(link)
    assert page.status_code == 200 and "a…@example.org" in page.data.decode()  # a GET spends nothing
    assert client.post(link, data={"csrf": csrf(page.data.decode())}).status_code == 303
    assert client.get("/me").status_code == 200
    assert client.get(link).status_code == 404  # once only
    other = create_app(client.application.config).test_client()
    assert other.post(link, data={"csrf": "x"}).status_code in (400, 404)
    # an hour later a fresh link is dead too
    token = link.rsplit("/", 1)[1]
    later = clock.format_time(clock.parse_time(service.utcnow()) + timedelta(minutes=61))
    assert accounts.request_signin(db, site, ANN, service.utcnow())
    fresh = link_in(mails(db, "signin")[-1], "signin").rsplit("/", 1)[1]
    assert accounts.signin_address(db, fresh, service.utcnow()) == ANN
    assert accounts.signin_address(db, fresh, later) is None and accounts.use_signin_link(db, site, fresh, later) is None
    assert accounts.signin_address(db, token, service.utcnow()) is None


def test_signing_out_ends_the_session_on_the_server(client, db):
    create(client, [{"name": "Ann", "email": ANN}, {"name": "Bob"}], game="rigadoon")
    sign_in(client, db)
    cookie = client.get_cookie("session").value
    page = client.get("/signout").data.decode()
    assert client.post("/signout", data={"csrf": csrf(page)}).status_code == 303
    assert client.get("/me").status_code == 303
    replay = client.application.test_client()
    replay.set_cookie("session", cookie)  # the old cookie, replayed: its session is gone
    assert replay.get("/me").status_code == 303 and replay.get("/api/me/games").status_code == 401


def test_sign_in_mails_are_limited_per_address_and_per_client(var_dir, database):
    app = create_app({"VAR_DIR": str(var_dir), "DATABASE": database, "BASE_URL": "http://pbem.test",
                      "TESTING": True, "RATE_LIMITS": "signin=4/1h"})
    client = app.test_client()
    create(client, [{"name": "Ann", "email": ANN}, {"name": "Bob"}], game="rigadoon")
    for _ in range(4):
        assert client.post("/api/signin", json={"email": ANN}).status_code == 202
    limited = client.post("/api/signin", json={"email": ANN})
    assert limited.status_code == 429 and int(limited.headers["Retry-After"]) > 0
    db = store.connect(app.config["DATABASE"])
    answer_asked(client, db)
    assert len(mails(db, "signin")) == accounts.SIGNIN_MAILS_PER_HOUR  # one address: three an hour at most
    assert client.post("/api/signin", json={"email": "nope"}).status_code in (400, 429)


# --- /me and GET /api/me/games ----------------------------------------------------------------------------


def four_games(client, db, site):
    """Ann's games: one finished, one waiting for Bob, two that wait for her with different times left."""
    ann = {"name": "Ann", "email": ANN}
    with store.immediate(db):  # Ann signed in before: her sign-in link is not her fourth mail
        store.prove_address(db, ANN, "", service.utcnow())
    slow = create(client, [ann, {"name": "Bob"}], game="rigadoon", time_per_move="3d")
    quick = create(client, [{"name": "Ann", "email": ANN.upper()}, {"name": "Cy"}], game="rigadoon", time_per_move="1d")
    theirs = create(client, [{"name": "Dee"}, ann], game="rigadoon")
    over = create(client, [ann, {"name": "Eve"}], game="rigadoon")
    service.resign(db, site, over["id"], over["seats"][1]["token"])
    for made in (slow, quick, theirs):  # Rigadoon's first player is drawn: make seat 0 owe (Ann, Ann, Dee)
        loaded = service.load(db, made["id"])
        if 0 not in loaded.to_move:
            move = loaded.module.legal_moves(loaded.state, 1)[0]
            service.submit_move(db, site, made["id"], made["seats"][1]["token"], move, loaded.seq)
        assert 0 in service.load(db, made["id"]).to_move
    return quick, slow, theirs, over


def test_me_lists_the_addresss_seats_most_urgent_first_from_the_projections(client, db, site, monkeypatch):
    quick, slow, theirs, over = four_games(client, db, site)
    sign_in(client, db)
    loading.forget()
    monkeypatch.setattr(loading, "load", lambda *a, **k: pytest.fail("/me must not load a game"))
    monkeypatch.setattr(service, "load", lambda *a, **k: pytest.fail("/me must not load a game"))
    page = client.get("/me").data.decode()
    assert re.search(r"<title>([^<]*)</title>", page).group(1) == "(2) Your games · pbem"
    order = [m for m in re.findall(r'<span class="muted">game (\w+)</span>', page)]
    assert order == [quick["id"], slow["id"], theirs["id"], over["id"]]
    assert page.count('class="countdown"') == 2 and "you won" in page
    games = client.get("/api/me/games").json
    assert [g["id"] for g in games] == order
    assert [g["your_turn"] for g in games] == [True, True, False, False]
    assert [g["status"] for g in games] == ["active", "active", "active", "finished"]
    assert set(games[0]) == {"id", "game", "title", "seat", "status", "your_turn", "deadline", "url", "updated", "summary"}
    assert games[0]["deadline"] < games[1]["deadline"] and games[2]["seat"] == 1
    assert games[0]["url"] == site.seat_url(quick["id"], 0) and games[3]["summary"]
    assert all(g["summary"] for g in games) and games[0]["title"] == "Rigadoon"


def test_the_api_takes_the_personal_token_shown_on_me_and_refuses_a_replaced_one(client, db, site):
    create(client, [{"name": "Ann", "email": ANN}, {"name": "Bob"}], game="rigadoon")
    stranger = client.application.test_client()
    assert stranger.get("/api/me/games").status_code == 401
    sign_in(client, db)
    page = client.get("/me").data.decode()
    token = re.search(r"Authorization: Bearer ([A-Za-z0-9_\-]+)", page).group(1)
    assert len(token) >= 32
    assert [g["seat"] for g in stranger.get("/api/me/games", headers=bearer(token)).json] == [0]
    assert stranger.get("/api/me/games", headers=bearer("x" * 32)).status_code == 401
    answer = client.post("/me/keys", data={"csrf": csrf(page), "kind": "token"})
    assert answer.status_code == 303
    assert stranger.get("/api/me/games", headers=bearer(token)).status_code == 401
    newer = re.search(r"Authorization: Bearer ([A-Za-z0-9_\-]+)", client.get("/me").data.decode()).group(1)
    assert newer != token and stranger.get("/api/me/games", headers=bearer(newer)).status_code == 200


def test_me_replaces_a_seats_link_with_the_session_as_proof(client, db, site):
    made = create(client, [{"name": "Ann", "email": ANN}, {"name": "Bob"}], game="rigadoon")
    sign_in(client, db)
    page = client.get("/me").data.decode()
    assert client.post("/me/rotate", data={"csrf": csrf(page), "game": made["id"], "seat": "1"}).status_code == 403
    assert client.post("/me/rotate", data={"csrf": csrf(page), "game": made["id"], "seat": "0"}).status_code == 303
    assert client.get(f"/play/{made['seats'][0]['token']}").status_code == 404
    assert site.seat_url(made["id"], 0, 1) in client.get("/me").data.decode()


@pytest.mark.sqlite_only("counts statements with sqlite3's trace callback")
def test_my_seats_reads_two_queries_however_many_games(client, db, site):
    for i in range(30):
        create(client, [{"name": "Ann", "email": ANN}, {"name": f"P{i}"}], game="rigadoon")
    statements = []
    db.conn.set_trace_callback(statements.append)
    seats = my_seats(db, site, ANN, service.utcnow())
    db.conn.set_trace_callback(None)
    assert len(seats) == 30 and len([s for s in statements if s.lstrip().lower().startswith("select")]) == 2


# --- addresses on seats -------------------------------------------------------------------------------------


def test_a_seat_without_an_address_gets_one_by_a_mailed_confirmation(client, db, site):
    made = create(client, [{"name": "Ann"}, {"name": "Bob"}], game="rigadoon")
    token = made["seats"][0]["token"]
    page = client.get(f"/play/{token}/settings").data.decode()
    assert "This seat has no e-mail address" in page and "Add to my games" not in page
    assert client.post(f"/play/{token}/address", data={"csrf": csrf(page), "address": ANN}).status_code == 303
    sent = mails(db, "confirm")
    assert [m["recipient"] for m in sent] == [ANN] and sent[0]["game_id"] == made["id"]
    link = link_in(sent[0], "address")
    assert service.load(db, made["id"]).seats[0]["email"] is None  # nothing changes before it is confirmed
    confirm = client.get(link).data.decode()
    assert "a…@example.org" in confirm
    assert client.post(link, data={"csrf": csrf(confirm)}).status_code == 200
    seat = service.load(db, made["id"]).seats[0]
    assert seat["email"] == ANN and seat["email_on"] is True
    assert client.get(link).status_code == 404  # once
    last = client.get(f"/api/games/{made['id']}/events").json[-1]
    assert last["type"] == "seat_address_changed" and last["data"] == {"seat": 0}  # others see no address
    own = client.get(f"/api/games/{made['id']}/events", headers=bearer(token)).json[-1]
    assert own["data"]["email"] == ANN
    assert accounts.has_seats(db, ANN) and client.get(f"/api/games/{made['id']}/verify").json["ok"]


def test_the_address_a_seat_leaves_is_told_without_the_new_one_in_full_or_the_link(client, db, site):
    """Whoever holds a seat's link can move its notices to an address they confirm: a leaked link could
    take a player's notices away unseen. The address they leave hears of it (its notices on or off)."""
    made = create(client, [{"name": "Ann", "email": ANN}, {"name": "Bob"}], game="rigadoon")
    token = made["seats"][0]["token"]
    service.change_settings(db, site, made["id"], token, email_on=False, digest=False, webhook=None)
    page = client.get(f"/play/{token}/settings").data.decode()
    client.post(f"/play/{token}/address", data={"csrf": csrf(page), "address": "thief@example.net"})
    assert mails(db, "address_changed") == []  # asked, not confirmed: nothing has moved yet
    link = link_in(mails(db, "confirm")[0], "address")
    confirm = client.get(link).data.decode()
    assert client.post(link, data={"csrf": csrf(confirm)}).status_code == 200
    told = mails(db, "address_changed")
    assert [m["recipient"] for m in told] == [ANN] and told[0]["status"] == "pending"
    for body in (told[0]["body_text"], told[0]["body_html"]):
        assert "t…@example.net" in body and "thief@" not in body and "replace your link" in body
        assert token not in body and "/play/" not in body
    # the same address again, or a seat that had none, tells nobody
    players.set_address(db, site, made["id"], lambda folded: 0, "thief@example.net")
    other = create(client, [{"name": "Ann"}, {"name": "Bob"}], game="rigadoon")
    players.set_address(db, site, other["id"], lambda folded: 0, ANN)
    assert len(mails(db, "address_changed")) == 1


def test_a_confirmation_asked_before_the_link_was_replaced_is_refused(client, db, site):
    made = create(client, [{"name": "Ann"}, {"name": "Bob"}], game="rigadoon")
    token = made["seats"][0]["token"]
    page = client.get(f"/play/{token}/settings").data.decode()
    client.post(f"/play/{token}/address", data={"csrf": csrf(page), "address": "thief@example.org"})
    players.rotate(db, site, made["id"], players.by_token(token))
    link = link_in(mails(db, "confirm")[0], "address")
    confirm = client.get(link).data.decode()
    assert client.post(link, data={"csrf": csrf(confirm)}).status_code == 403
    assert service.load(db, made["id"]).seats[0]["email"] is None


def test_signed_in_add_to_my_games_uses_the_session_as_proof(client, db, site):
    create(client, [{"name": "Ann", "email": ANN}, {"name": "Bob"}], game="rigadoon")
    fourth = create(client, [{"name": "Ann"}, {"name": "Bob"}], game="rigadoon")
    sign_in(client, db)
    assert len(client.get("/api/me/games").json) == 1
    token = fourth["seats"][0]["token"]
    page = client.get(f"/play/{token}/settings").data.decode()
    assert "Add to my games" in page and ANN in page
    assert client.post(f"/play/{token}/mine", data={"csrf": csrf(page)}).status_code == 303
    assert {g["id"] for g in client.get("/api/me/games").json} >= {fourth["id"]}
    assert not mails(db, "confirm")


# --- secrets ---------------------------------------------------------------------------------------------------


@pytest.mark.sqlite_only("reads the whole database with sqlite3's iterdump")
def test_every_home_secret_is_stored_as_a_hash_only(client, db, site, app):
    made = create(client, [{"name": "Ann", "email": ANN}, {"open": True}], game="rigadoon")
    invite = made["invite_url"].rsplit("/", 1)[1]
    link = sign_in(client, db)
    session_secret = accounts.sha  # the session's secret lives in the signed cookie only
    page = client.get("/me").data.decode()
    personal = re.search(r"Authorization: Bearer ([A-Za-z0-9_\-]+)", page).group(1)
    feed = re.search(r"calendar\.ics\?key=([A-Za-z0-9_\-]+)", page).group(1)
    joined = client.post(f"/api/join/{invite}", json={"name": "Bob"}).json["token"]
    rotated = client.post(f"/api/games/{made['id']}/rotate", headers=bearer(joined)).json["token"]
    with client.session_transaction() as cookie:
        session_token = cookie["home"]
    assert len(session_token) >= 43 and session_secret(session_token) in str(list(db.query("select * from home_sessions")))
    sent = {row["id"] for row in db.query("select id from outbox")}
    db.conn.execute(f"update outbox set status = 'sent', body_text = null, body_html = null where id in "
                    f"({','.join(map(str, sent))})")  # as the sender leaves them
    dump = "\n".join(sqlite3.connect(app.config["DATABASE"]).iterdump())
    for secret in (link.rsplit("/", 1)[1], session_token, personal, feed, joined, rotated):
        assert secret not in dump
        assert len(secret) >= 22  # at least 128 bits in url-safe base64


def test_people_racing_for_the_last_seats_get_one_each_and_the_game_starts_once(app, db, site):
    import threading

    made = service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"open": True}, {"open": True}])
    invite = site.invite_token(made.id)
    results, barrier = [], threading.Barrier(5)

    def person(i):
        connection = store.connect(app.config["DATABASE"])
        barrier.wait()
        try:
            results.append(("joined", players.join(connection, site, invite, f"P{i}", None)[1]))
        except service.Conflicting:
            results.append(("full", None))
        finally:
            connection.close()

    threads = [threading.Thread(target=person, args=(i,)) for i in range(5)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(seat for kind, seat in results if kind == "joined") == [1, 2]
    assert [kind for kind, _ in results].count("full") == 3
    loading.forget()
    events = store.read_events(db, made.id)
    assert [e.type for e in events].count("seat_joined") == 2
    assert sum(1 for e in events if e.command and e.command.get("last")) == 1
    assert service.load(db, made.id).to_move and store.game_row(db, made.id)["status"] == "active"


def test_an_invitation_of_any_characters_is_simply_unknown(client):
    for invite in ("é", "abc-é", "x" * 300, "-", "abc-"):
        assert client.post(f"/api/join/{invite}", json={"name": "Bob"}).status_code == 404
        assert client.get(f"/join/{invite}").status_code == 404
