"""The lobby (issue 31, item 2), through a real `pbem serve` mailing a real SMTP server on loopback: a public
game made by a signed-in address with a public name shows in GET /api/lobby, /lobby and /lobby.atom,
filtered by game and clock; a third address, a stranger with no seat here, signs in from the game's join
page by the link mailed to it, comes back to the join, and takes the seat under its public name; the
game leaves the lobby when full. No answer, page or feed shows an address."""

import re
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET
from html import unescape

import pytest

from pbem.people import accounts
from pbem.play import service
from tests.support import Browser, csrf, json_call, serving, wait_for

ANNA, BOB, CLEO = "anna@example.org", "bob@example.org", "cleo@example.net"
ATOM = "{http://www.w3.org/2005/Atom}"
pytestmark = pytest.mark.slow


@pytest.fixture
def mail_server(var_dir, database, smtp_sink):
    with serving(var_dir, database, env={"PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test"}) as base:
        yield base


def named(db, site, base, address, name):
    """A signed-in address's personal token, once it has chosen its public name."""
    token = accounts.key_of(db, site, address, "token", service.utcnow())
    assert json_call(f"{base}/api/me/settings", {"public_name": name}, token=token, method="PUT")[0] == 200
    return token


def text(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


def open_game(base, token, options, game="mississippi", open_seats=2):
    players = [{"name": "Anna", "email": ANNA}, *({"open": True} for _ in range(open_seats))]
    return json_call(f"{base}/api/games", {"game": game, "players": players, "options": options}, token=token)


def test_a_public_game_is_listed_joined_by_a_stranger_signed_in_by_mail_and_leaves_when_full(
        db, site, mail_server, smtp_sink):
    base = mail_server
    anna, bob = named(db, site, base, ANNA, "Anna"), named(db, site, base, BOB, "Bob")
    status, made = open_game(base, anna, {"public": True, "time_per_move": "2d"})
    assert status == 201 and made["status"] == "waiting", made
    status, banked = open_game(base, bob, {"public": True, "min_reliability": 50, "clock": {
        "kind": "fischer", "initial": "7d", "increment": "1d", "max": "14d"}}, open_seats=1)
    assert status == 201, banked
    status, private = open_game(base, anna, {"time_per_move": "2d"})  # not public: never listed
    assert status == 201

    status, lobby = json_call(f"{base}/api/lobby")
    # newest first; made in the same second, the two are in either order
    assert status == 200 and {game["id"] for game in lobby} == {banked["id"], made["id"]} and len(lobby) == 2
    lobby.sort(key=lambda game: game["id"] != banked["id"])
    listed = lobby[1]
    assert listed == {"id": made["id"], "game": "mississippi", "title": "Mississippi", "open": 2, "taken": 1,
                      "clock": {"kind": "per_move", "per_move": 2 * 86400}, "created_by": "Anna",
                      "invite_url": made["invite_url"], "min_reliability": None}
    assert lobby[0]["created_by"] == "Bob" and lobby[0]["min_reliability"] == 50
    assert lobby[0]["clock"] == {"kind": "fischer", "initial": 7 * 86400, "increment": 86400, "max": 14 * 86400}
    assert [g["id"] for g in json_call(f"{base}/api/lobby?clock=per_move")[1]] == [made["id"]]
    assert [g["id"] for g in json_call(f"{base}/api/lobby?clock=fischer")[1]] == [banked["id"]]
    assert [g["id"] for g in json_call(f"{base}/api/lobby?clock=3d")[1]] == [made["id"]]
    assert json_call(f"{base}/api/lobby?clock=1d")[1] == []
    assert json_call(f"{base}/api/lobby?game=rigadoon")[1] == []
    assert json_call(f"{base}/api/lobby?game=mississippi&clock=per_move")[1][0]["id"] == made["id"]
    assert json_call(f"{base}/api/lobby?game=chess")[0] == 400

    page = text(f"{base}/lobby")
    assert "Mississippi" in page and "Anna" in page and "2 days per move" in page
    assert f'<a href="{made["invite_url"]}"' in page and private["id"] not in page
    assert "Asks at least 50% of decisions in time" in page
    filtered = text(f"{base}/lobby?clock=fischer")
    assert banked["invite_url"] in filtered and made["invite_url"] not in filtered
    feed = ET.fromstring(text(f"{base}/lobby.atom"))
    entries = feed.findall(f"{ATOM}entry")
    assert sorted(e.find(f"{ATOM}title").text for e in entries) == ["Mississippi by Anna: 2 of 3 seats open",
                                                                    "Mississippi by Bob: 1 of 2 seats open"]
    annas = next(e for e in entries if "Anna" in e.find(f"{ATOM}title").text)
    assert annas.find(f"{ATOM}link").get("href") == made["invite_url"]

    # Bob takes a seat through the API, signed in by his personal token, under his public name
    invite = made["invite_url"].rsplit("/", 1)[1]
    status, joined = json_call(f"{base}/api/join/{invite}", {}, token=bob)
    assert status == 201 and joined["seat"] == 1
    assert json_call(f"{base}/api/join/{invite}", {"name": "Mallory", "email": None})[0] == 401  # not signed in
    assert [(g["open"], g["taken"]) for g in json_call(f"{base}/api/lobby")[1] if g["id"] == made["id"]] == [(1, 2)]

    # Cleo, who has no seat anywhere, comes from the lobby: sign in by mail, then back to the join
    cleo = Browser()
    _, join_page = cleo.get(made["invite_url"])
    assert "Mail me a sign-in link" in join_page and "Take the next open seat" not in join_page
    status, sent = cleo.post(f"{base}/join/{invite}/signin", {"csrf": csrf(join_page), "address": CLEO})
    assert status == 200 and "A sign-in link is on its way" in sent
    mail = wait_for(lambda: smtp_sink.to(CLEO), 30, "Cleo's sign-in mail")[0]
    link = re.search(r"(http://\S+/signin/[\w-]+)", mail.get_body(("plain",)).get_content()).group(1)
    _, confirm = cleo.get(link)
    status, back = cleo.post(link, {"csrf": csrf(confirm)})  # 303 to the join page, followed
    assert status == 200 and "Choose your public name first" in back
    _, me = cleo.get(f"{base}/me")
    status, saved = cleo.post(f"{base}/me/public-name", {"csrf": csrf(me), "public_name": "Cleo"})
    assert status == 200 and "Your public name is Cleo." in saved
    _, join_page = cleo.get(made["invite_url"])
    assert "You join as Cleo" in join_page
    status, seat_page = cleo.post(made["invite_url"], {"csrf": csrf(join_page)})
    assert status == 200 and "You have joined and play seat 3" in unescape(seat_page)

    status, game = json_call(f"{base}/api/games/{made['id']}")
    assert game["status"] == "active"
    assert [s["name"] for s in service.load(db, made["id"]).seats] == ["Anna", "Bob", "Cleo"]
    assert service.load(db, made["id"]).seats[2]["email"] == CLEO  # her mail goes to the address she signed in with
    assert [g["id"] for g in json_call(f"{base}/api/lobby")[1]] == [banked["id"]]  # full: gone from the lobby
    assert made["id"] not in text(f"{base}/lobby") and made["invite_url"] not in text(f"{base}/lobby.atom")
    try:
        cleo.get(made["invite_url"])
        raise AssertionError("the join page of a full game answered 200")
    except urllib.error.HTTPError as error:
        assert error.code == 409 and "Every seat is taken" in error.read().decode()
    _, mine = cleo.get(f"{base}/me")
    assert made["id"] in mine

    # no address anywhere another player or a stranger reads
    bodies = [text(f"{base}{path}") for path in ("/lobby", "/lobby.atom", "/api/lobby", "/players/Anna",
                                                 "/api/players/Anna", "/players/Cleo", "/api/players/Bob",
                                                 f"/games/{made['id']}", f"/api/games/{made['id']}",
                                                 f"/api/games/{made['id']}/events")]
    bodies += [cleo.get(banked["invite_url"])[1], join_page, seat_page]
    for body in bodies:
        for address in (ANNA, BOB, CLEO):
            assert address not in body


def test_a_public_game_needs_a_signed_in_address_with_a_public_name_and_an_open_seat(db, site, var_dir, database):
    with serving(var_dir, database) as base:
        status, answer = open_game(base, None, {"public": True})
        assert status == 422 and "sign in first" in answer["error"]
        nameless = accounts.key_of(db, site, ANNA, "token", service.utcnow())
        status, answer = open_game(base, nameless, {"public": True})
        assert status == 422 and "choose a public name on /me first" in answer["error"]
        token = named(db, site, base, ANNA, "Anna")
        status, answer = open_game(base, token, {"public": True}, open_seats=0)
        assert status == 422 and "at least one open seat" in answer["error"]
        status, answer = open_game(base, token, {"public": True, "min_reliability": 101})
        assert status == 422 and "0 to 100" in answer["error"]
        status, answer = open_game(base, token, {"min_reliability": 50})
        assert status == 422 and "only a public game asks a minimum" in answer["error"]
        assert json_call(f"{base}/api/lobby")[1] == []


def test_public_games_are_limited_per_client_and_address(db, site, var_dir, database):
    with serving(var_dir, database, env={"PBEM_RATE_LIMITS": "public=2/1h"}) as base:
        token = named(db, site, base, ANNA, "Anna")
        assert [open_game(base, token, {"public": True})[0] for _ in range(3)] == [201, 201, 429]
        assert open_game(base, token, {})[0] == 201  # a game not listed counts only as a game made
        assert len(json_call(f"{base}/api/lobby")[1]) == 2


def test_the_home_page_form_lists_a_game_in_the_lobby(client, db, site):
    from tests.test_home import sign_in

    service.create_game(db, site, "mississippi", [{"name": "Ann", "email": ANNA}, {"name": "Bob"}])
    sign_in(client, db, ANNA)
    me = client.get("/me").data.decode()
    client.post("/me/public-name", data={"csrf": csrf(me), "public_name": "Anna"})
    home = client.get("/").data.decode()
    assert 'name="public"' in home and "List in the lobby" in home and 'href="/lobby"' in home
    made = client.post("/new", data={"csrf": csrf(home), "game": "mississippi", "kind0": "person", "name0": "Anna",
                                     "kind1": "open", "public": "1", "min_reliability": "80"})
    assert made.status_code == 303
    listed = client.get("/api/lobby").json
    assert len(listed) == 1 and listed[0]["created_by"] == "Anna" and listed[0]["min_reliability"] == 80
    refused = client.post("/new", data={"csrf": csrf(home), "game": "mississippi", "kind0": "person", "name0": "Anna",
                                        "kind1": "person", "name1": "Bob", "public": "1"})
    assert refused.status_code == 422 and "at least one open seat" in refused.data.decode()


def test_the_lobby_reads_one_page_at_a_time(client, db, site):
    """Pages of 50 through ?after=, from the projection's index: 120 listed games come back in three pages,
    newest first, each once."""
    from pbem import store
    from pbem.lobby import listing

    for k in range(120):
        store.lobby.list_game(db, {"game_id": f"g{k:04d}", "game": "mississippi", "open": 1, "taken": 1,
                                   **listing.clock_fields({}), "created_by": "Anna", "creator_sha256": "x",
                                   "min_reliability": None, "created": f"2026-11-01T00:{k // 60:02d}:{k % 60:02d}Z"})
    seen, url = [], "/api/lobby"
    while url:
        answer = client.get(url)
        seen += [game["id"] for game in answer.json]
        link = answer.headers.get("Link")
        url = re.search(r"<([^>]+)>", link).group(1) if link else None
    assert seen == [f"g{k:04d}" for k in reversed(range(120))]
    assert [g["id"] for g in client.get("/api/lobby?clock=none").json][:2] == ["g0119", "g0118"]


@pytest.mark.sqlite_only("the pages and their markup do not depend on the database engine")
def test_the_lobby_the_player_page_and_the_public_join_have_no_serious_violation(db, site, var_dir, database, chrome,
                                                                                shots):
    from tests.browser import screenshot
    from tests.test_accessibility import Checked

    with serving(var_dir, database) as base:
        anna = named(db, site, base, ANNA, "Anna")
        status, made = open_game(base, anna, {"public": True, "time_per_move": "3d", "min_reliability": 80})
        assert status == 201
        assert open_game(base, anna, {"public": True, "clock": {"kind": "fischer", "initial": "7d", "increment": "1d",
                                                                  "max": "14d"}}, open_seats=1)[0] == 201
        driver = chrome()
        checked = Checked(driver, base)
        invite_path = "/join/" + made["invite_url"].rsplit("/", 1)[1]
        for path, what in (("/lobby", "lobby"), ("/lobby?game=mississippi&clock=3d", "lobby filtered"),
                           ("/players/Anna", "player"), (invite_path, "public join")):
            checked.page(path, what)
        assert not checked.found, checked.told()
        for path, name in (("/lobby", "lobby"), ("/players/Anna", "player"), (invite_path, "public-join"),
                           ("/", "home-with-lobby")):
            driver.get(base + path)
            screenshot(driver, shots, name)


def test_a_stranger_signs_in_from_the_lobby_and_comes_back_to_post_a_seek(client, db):
    """Nobody plays here before their first game, so /signin mails nobody new; the lobby's own form mails a
    sign-in link to any address (counted by the sign-in limits), and following it comes back to the seeks."""
    from tests.test_home import answer_asked, link_in, mails

    lobby = client.get("/lobby").data.decode()
    assert 'action="/lobby/signin"' in lobby and "Mail me a sign-in link" in lobby
    refused = client.post("/lobby/signin", data={"csrf": csrf(lobby), "address": "not an address"})
    assert refused.status_code == 303 and "does not look like an e-mail address" in client.get("/lobby").data.decode()
    asked = client.post("/lobby/signin", data={"csrf": csrf(lobby), "address": "newcomer@example.net"})
    assert asked.status_code == 303 and asked.headers["Location"].endswith("/lobby#seeks")
    answer_asked(client, db)
    link = link_in(mails(db, "signin")[-1], "signin")
    page = client.get(link).data.decode()
    followed = client.post(link, data={"csrf": csrf(page)})
    assert followed.status_code == 303 and followed.headers["Location"].endswith("/lobby#seeks")
    lobby = client.get("/lobby").data.decode()
    assert "Choose a public name to post a seek" in lobby and "newcomer@" not in lobby
    client = client.application.test_client()  # another browser, not signed in
    page = client.get("/tournaments").data.decode()  # the tournaments ask the same way and are come back to
    assert 'action="/lobby/signin"' in page and 'name="back" value="/tournaments"' in page
    asked = client.post("/lobby/signin", data={"csrf": csrf(page), "address": "other@example.net", "back": "/tournaments"})
    assert asked.headers["Location"].endswith("/tournaments")
    elsewhere = client.post("/lobby/signin", data={"csrf": csrf(page), "address": "third@example.net",
                                                   "back": "//evil.example/"})
    assert elsewhere.headers["Location"].endswith("/lobby#seeks")  # never another site
