"""Seeks (issue 31 item 3), through a real `pbem serve` mailing a real SMTP server on loopback: two signed-in
addresses with public names post compatible seeks and find themselves seated in one new game, in an order
the game's seed draws (checked by verify), each mailed a link to their seat, the seats named by public
names; incompatible and expired seeks never match; a seek is cancelled by its owner only; the 403, 422 and
429 answers; two requests racing to complete one match start one game. No answer or page shows an address."""

import json
import re
import urllib.error
import urllib.request
from datetime import timedelta

import pytest

from pbem import store
from pbem.people import accounts
from pbem.play import audit, clock, service
from tests.support import Browser, csrf, json_call, race, serving, wait_for
from tests.test_lobby import named

ANNA, BOB, CLEO = "anna@example.org", "bob@example.org", "cleo@example.net"
PER_MOVE_2D = {"kind": "per_move", "per_move": "2d"}
pytestmark = pytest.mark.slow


@pytest.fixture
def mail_server(var_dir, database, smtp_sink):
    with serving(var_dir, database, env={"PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test"}) as base:
        yield base


def seek(base, token, game="mississippi", players=2, clock_given=PER_MOVE_2D, **more):
    return json_call(f"{base}/api/seeks", {"game": game, "players": players, "clock": clock_given, **more},
                     token=token)


def delete(base, seek_id, token=None):
    """The status of DELETE /api/seeks/<id> (a 204 has no body to read as JSON)."""
    request = urllib.request.Request(f"{base}/api/seeks/{seek_id}", method="DELETE",
                                     headers={"Authorization": f"Bearer {token}"} if token else {})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


def text(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


def test_two_compatible_seeks_start_a_game_that_seats_both_under_their_public_names(db, site, mail_server, smtp_sink):
    base = mail_server
    anna, bob = named(db, site, base, ANNA, "Anna"), named(db, site, base, BOB, "Bob")
    status, first = seek(base, anna)
    assert status == 201 and set(first) == {"id"}
    # the lobby lists it, by public name, never by address
    listed = text(f"{base}/lobby")
    assert "Wanted by" in listed and ">Anna</a>" in listed and ANNA not in listed
    # the same clock written in seconds is the same clock
    status, second = seek(base, bob, clock_given={"kind": "per_move", "per_move": 2 * 86400})
    assert status == 201 and set(second) == {"id", "game_id", "url"}, second
    game_id = second["game_id"]

    loaded = service.load(db, game_id)
    assert sorted(s["name"] for s in loaded.seats) == ["Anna", "Bob"]
    assert {s["name"]: s["email"] for s in loaded.seats} == {"Anna": ANNA, "Bob": BOB}
    assert loaded.created["seats_drawn"]["from"] == ["Anna", "Bob"]  # the seekers in the order they came
    assert loaded.clock["time_per_move"] == 2 * 86400
    bobs_seat = next(s["seat"] for s in loaded.seats if s["name"] == "Bob")
    assert second["url"] == f"{base}/play/{site.seat_token(game_id, bobs_seat)}"
    assert json_call(f"{base}/api/games/{game_id}/verify")[1]["ok"] is True  # the draw is the seed's
    first_event = json_call(f"{base}/api/games/{game_id}/events")[1][0]
    assert first_event["data"]["seats_drawn"] == loaded.created["seats_drawn"]  # anyone may draw it again, later
    assert store.is_proven(db, ANNA, game_id) and store.is_proven(db, BOB, game_id)

    # each is mailed a link to their own seat
    for address, name in ((ANNA, "Anna"), (BOB, "Bob")):
        mail = wait_for(lambda: smtp_sink.to(address), 30, f"{name}'s seat link")[0]
        seat = next(s["seat"] for s in loaded.seats if s["name"] == name)
        assert f"{base}/play/{site.seat_token(game_id, seat)}" in mail.get_body(("plain",)).get_content()

    # both seeks are closed: not listed, not matched again, not cancellable
    assert "Wanted by" not in text(f"{base}/lobby")
    assert delete(base, first['id'], anna) == 404
    status, third = seek(base, anna)
    assert status == 201 and set(third) == {"id"}

    bodies = [text(f"{base}{path}") for path in ("/lobby", f"/games/{game_id}", f"/api/games/{game_id}",
                                                 f"/api/games/{game_id}/events", "/api/lobby")]
    bodies += [str(first), str(second), str(third)]
    for body in bodies:
        assert ANNA not in body and BOB not in body


def test_seeks_match_only_the_same_game_count_and_clock_from_another_address_before_they_expire(
        db, site, var_dir, database):
    # no scheduler in the server: the test sweeps itself, once the expired seek has been shown not to match
    with serving(var_dir, database, "--no-scheduler", env={"PBEM_RATE_LIMITS": "off"}) as base:
        anna, bob, cleo = (named(db, site, base, a, n) for a, n in ((ANNA, "Anna"), (BOB, "Bob"), (CLEO, "Cleo")))
        assert seek(base, anna)[0] == 201
        assert seek(base, anna)[1].keys() == {"id"}  # one's own seeks never match each other
        for other in ({"game": "rigadoon"}, {"clock_given": {"kind": "per_move", "per_move": "3d"}},
                      {"clock_given": {"kind": "fischer", "initial": "2d", "increment": "1d", "max": "2d"}},
                      {"clock_given": None}, {"game": "buccaneer", "players": 3}):
            status, answer = seek(base, bob, **other)
            assert status == 201 and answer.keys() == {"id"}, (other, answer)
        status, refused = seek(base, bob, game="dragon_flagon")
        assert status == 409 and "five open seeks" in refused["code"]  # five open at most
        assert delete(base, answer['id'], bob) == 204
        # an expired seek of Cleo's: never listed, never matched
        past = clock.format_time(clock.parse_time(service.utcnow()) - timedelta(minutes=1))
        store.seeks.add_seek(db, {"id": "old", "address": CLEO, "name": "Cleo", "game": "dragon_flagon", "players": 3,
                                  "clock": '{"kind": "none"}', "created": "2026-01-01T00:00:00Z", "expires": past})
        assert ">Cleo</a>" not in text(f"{base}/lobby")
        status, answer = seek(base, bob, game="dragon_flagon", players=3, clock_given=None)
        assert status == 201 and answer.keys() == {"id"}
        status, answer = seek(base, cleo, game="dragon_flagon", players=3, clock_given={"kind": "none"})
        assert status == 201 and answer.keys() == {"id"}  # Bob's and this one: two of three
        assert store.seeks.seek_row(db, "old")["status"] == "open"
        # the scheduler's sweep drops expired seeks
        from pbem.notify import sweep

        assert sweep.sweep(db, site)["seeks_expired"] == 1 and store.seeks.seek_row(db, "old") is None
        status, answer = seek(base, anna, game="dragon_flagon", players=3, clock_given=None)
        assert "game_id" in answer  # the third: Bob's, Cleo's and Anna's start a game
        assert sorted(s["name"] for s in service.load(db, answer["game_id"]).seats) == ["Anna", "Bob", "Cleo"]


def test_seeks_are_refused_without_a_name_with_a_bad_body_past_the_limits_and_cancelled_by_their_owner_only(
        db, site, var_dir, database):
    with serving(var_dir, database, env={"PBEM_RATE_LIMITS": "seek=8/1h"}) as base:
        status, answer = seek(base, None)
        assert status == 403 and "sign in first" in answer["code"]
        nameless = accounts.key_of(db, site, CLEO, "token", service.utcnow())
        status, answer = seek(base, nameless)
        assert status == 403 and "choose a public name" in answer["code"]
        anna, bob = named(db, site, base, ANNA, "Anna"), named(db, site, base, BOB, "Bob")
        for wrong, said in (({"game": "chess"}, "game:"), ({"players": 7}, "players:"),
                            ({"players": "2"}, "players:"),
                            ({"clock_given": {"kind": "per_move", "per_move": "soon"}}, "clock:"),
                            ({"clock_given": "2d"}, "clock:"), ({"expires": "yesterday"}, "expires:"),
                            ({"expires": "2020-01-01T00:00:00Z"}, "expires:")):
            status, answer = seek(base, anna, **wrong)
            assert status == 422 and answer["code"].startswith(said), (wrong, answer)
        # an expiry far off is capped at 30 days
        status, answer = seek(base, anna, expires="2999-01-01T00:00:00Z")
        assert status == 201
        capped = clock.parse_time(store.seeks.seek_row(db, answer["id"])["expires"])
        assert capped - clock.parse_time(service.utcnow()) <= timedelta(days=30)
        # only its owner cancels it
        assert delete(base, answer['id'], bob) == 404
        assert delete(base, answer['id']) == 404
        assert delete(base, "nothing", anna) == 404
        assert delete(base, answer['id'], anna) == 204
        assert store.seeks.seek_row(db, answer["id"])["status"] == "cancelled"
        # seeks counted per client: refused ones gave their counts back; the ninth is refused
        made = [seek(base, anna, game="dragon_flagon", players=n)[0] for n in (3, 4, 5, 6)]
        made += [seek(base, bob, game="buccaneer", players=n)[0] for n in (2, 3, 4)]
        assert made == [201] * 7  # the eighth made since the first
        status, answer = seek(base, bob, game="dragon_flagon", players=7)
        assert status == 429, answer


def test_two_requests_completing_one_match_start_one_game(db, site, var_dir, database):
    with serving(var_dir, database, "--workers", "2") as base:
        anna, bob, cleo = (named(db, site, base, a, n) for a, n in ((ANNA, "Anna"), (BOB, "Bob"), (CLEO, "Cleo")))
        assert seek(base, anna)[0] == 201
        answers = race(2, lambda k: seek(base, (bob, cleo)[k]))
        assert [status for status, _ in answers] == [201, 201]
        started = [answer["game_id"] for _, answer in answers if "game_id" in answer]
        assert len(started) == 1, answers
        seated = sorted(s["name"] for s in service.load(db, started[0]).seats)
        assert seated[0] == "Anna" and seated[1] in ("Bob", "Cleo")
        loser = next(answer for _, answer in answers if "game_id" not in answer)
        assert store.seeks.seek_row(db, loser["id"])["status"] == "open"  # it waits on, for another


def test_the_lobby_forms_post_and_cancel_a_seek_without_a_script(client, db, site):
    from tests.test_home import sign_in

    service.create_game(db, site, "mississippi", [{"name": "Ann", "email": ANNA}, {"name": "Bob"}])  # a known address
    sign_in(client, db, ANNA)
    lobby = client.get("/lobby").data.decode()
    assert "Choose a public name to post a seek" in lobby
    me = client.get("/me").data.decode()
    client.post("/me/public-name", data={"csrf": csrf(me), "public_name": "Anna"})
    lobby = client.get("/lobby").data.decode()
    assert "Post a seek as Anna" in lobby
    posted = client.post("/lobby/seeks", data={"csrf": csrf(lobby), "game": "mississippi", "players": "2",
                                               "per_move": "2d"}, follow_redirects=True)
    page = posted.data.decode()
    assert "Your seek is posted" in page and "Cancel my seek" in page and ANNA not in page
    refused = client.post("/lobby/seeks", data={"csrf": csrf(page), "game": "mississippi", "players": "9",
                                                "per_move": ""}, follow_redirects=True).data.decode()
    assert "Not posted: players: Mississippi takes" in refused
    seek_id = re.search(r'action="/lobby/seeks/(\w+)/cancel"', refused).group(1)
    cancelled = client.post(f"/lobby/seeks/{seek_id}/cancel", data={"csrf": csrf(refused)},
                            follow_redirects=True).data.decode()
    assert "Your seek is cancelled." in cancelled and "Cancel my seek" not in cancelled
    # a bank of time (Fischer), as the new-game form offers it; a bank that cannot hold its increment is refused
    bank = {"csrf": csrf(cancelled), "game": "mississippi", "players": "2", "clock": "fischer", "per_move": "3d",
            "bank_initial": "7d", "bank_increment": "1d", "bank_max": "14d"}
    refused = client.post("/lobby/seeks", data={**bank, "bank_max": "12h", "bank_initial": "6h"},
                          follow_redirects=True).data.decode()
    assert "Not posted: clock:" in refused and "bank_increment" in refused
    fischer = client.post("/lobby/seeks", data={**bank, "csrf": csrf(refused)}, follow_redirects=True).data.decode()
    assert "Your seek is posted" in fischer
    seek_id = re.search(r'action="/lobby/seeks/(\w+)/cancel"', fischer).group(1)
    assert json.loads(store.seeks.seek_row(db, seek_id)["clock"])["kind"] == "fischer"


def test_verify_refuses_seats_not_in_the_order_the_seed_draws(db, site):
    from pbem.web import contract

    created = service.create_game(db, site, "mississippi", [{"name": "Anna"}, {"name": "Bob"}, {"name": "Cleo"}],
                                  draw_seats=True, public={"created_by": "Anna", "creator_sha256": "ab" * 32,
                                                           "min_reliability": None})
    assert audit.verify(db, created.id)["ok"]
    data = dict(service.load(db, created.id).created)
    assert contract.validate_event_data("platform", "game_created", json.loads(json.dumps(data))) == {}
    seed = store.read_seed(db, created.id)
    assert audit.drawn_seat_problems(data, seed) == []
    swapped = {**data, "seats": list(reversed(data["seats"]))}
    assert audit.drawn_seat_problems(swapped, seed) == ["event 1: the seats are not in the order the seed draws"]


def test_the_lobby_is_rebuilt_from_the_games_events(client, db, site, runner):
    """A public game's creation records that it is public (its creator's public name, the minimum asked):
    `pbem rebuild` makes the same lobby again from the events, after its rows are lost."""
    from pbem.lobby import names

    for address, name in ((ANNA, "Anna"), (BOB, "Bob")):
        names.choose(db, address, name, service.utcnow())
    anna = accounts.key_of(db, site, ANNA, "token", service.utcnow())
    bob = accounts.key_of(db, site, BOB, "token", service.utcnow())

    def made(options, open_seats=2):
        players = [{"name": "Anna", "email": ANNA}, *({"open": True} for _ in range(open_seats))]
        answer = client.post("/api/games", json={"game": "mississippi", "players": players, "options": options},
                             headers={"Authorization": f"Bearer {anna}"})
        assert answer.status_code == 201, answer.json
        return answer.json

    waiting = made({"public": True, "time_per_move": "2d", "min_reliability": 40})
    banked = made({"public": True, "clock": {"kind": "fischer", "initial": "7d", "increment": "1d", "max": "7d"}})
    full = made({"public": True}, open_seats=1)
    made({"time_per_move": "2d"})  # not public
    for game in (waiting, full):  # Bob takes a seat in each: one still waits, the other has started
        invite = game["invite_url"].rsplit("/", 1)[1]
        assert client.post(f"/api/join/{invite}", json={}, headers={"Authorization": f"Bearer {bob}"}).status_code == 201
    assert service.load(db, waiting["id"]).created["public"] == {
        "created_by": "Anna", "creator_sha256": store.address_sha256(ANNA), "min_reliability": 40}
    assert ANNA not in client.get(f"/api/games/{waiting['id']}/events").data.decode()

    def lobby():
        return client.get("/api/lobby").json

    before = lobby()
    assert sorted(g["id"] for g in before) == sorted([waiting["id"], banked["id"]])
    assert [(g["open"], g["taken"]) for g in before if g["id"] == waiting["id"]] == [(1, 2)]
    store.lobby.relist(db, [], [])  # the projection lost
    assert lobby() == []
    code, _, _ = runner("rebuild")
    assert code == 0 and lobby() == before


@pytest.mark.sqlite_only("the page and its markup do not depend on the database engine")
def test_the_lobby_with_seeks_and_the_seek_form_has_no_serious_violation(db, site, var_dir, database, smtp_sink,
                                                                        chrome, shots):
    """Signed in (by the mailed link, in Chromium), the lobby lists a stranger's seek and one's own with its
    cancel button, and the form to post one; axe-core finds nothing serious; screenshots at both widths."""
    from selenium.webdriver.common.by import By

    from tests.browser import screenshot
    from tests.test_accessibility import Checked

    service.create_game(db, site, "mississippi", [{"name": "Ann", "email": ANNA}, {"name": "Bob"}])  # a known address
    env = {"PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test"}
    with serving(var_dir, database, env=env) as base:
        anna, bob = named(db, site, base, ANNA, "Anna"), named(db, site, base, BOB, "Bob")
        assert seek(base, bob, game="buccaneer", players=3)[0] == 201
        assert seek(base, anna, clock_given={"kind": "fischer", "initial": "7d", "increment": "1d", "max": "14d"})[0] == 201
        driver = chrome()
        driver.get(f"{base}/signin")
        driver.find_element(By.ID, "address").send_keys(ANNA)
        driver.find_element(By.CSS_SELECTOR, "form[action='/signin'] button").click()
        def signin_link():
            found = [re.search(r"(http://\S+/signin/[\w-]+)", m.get_body(("plain",)).get_content())
                     for m in smtp_sink.to(ANNA)]
            return next((f.group(1) for f in found if f), None)

        driver.get(wait_for(signin_link, 30, "Anna's sign-in mail"))
        driver.find_element(By.CSS_SELECTOR, "form[action^='/signin/'] button").click()
        checked = Checked(driver, base)
        checked.page("/lobby", "lobby with seeks")
        assert not checked.found, checked.told()
        page = driver.page_source
        assert "Post a seek as Anna" in page and page.count("Cancel my seek") == 1 and ">Bob</a>" in page
        assert ANNA not in page and BOB not in page
        driver.get(f"{base}/lobby#seeks")
        screenshot(driver, shots, "lobby-seeks")


def test_the_daily_digest_tells_of_public_games_and_seeks_of_the_games_one_plays(db, site):
    """Bob plays Mississippi and gets a digest: it names Anna's public Mississippi game (with its join link)
    and her seek, not Cleo's seek of a game he does not play, nor his own; no address."""
    from pbem.lobby import listing, names
    from pbem.lobby import seeks as seeks_module
    from pbem.notify import outbox, sender
    from tests.support import THREE

    now = "2026-11-21T10:00:00Z"
    for address, name in ((ANNA, "Anna"), (BOB, "Bob"), (CLEO, "Cleo")):
        names.choose(db, address, name, now)
    played = service.create_game(db, site, "mississippi", THREE, now=now)
    service.change_settings(db, site, played.id, played.tokens[1], email_on=True, digest=True, webhook=None, now=now)
    service.submit_move(db, site, played.id, played.tokens[0], "forward 3", service.load(db, played.id).seq,
                        now=now)  # Bob's turn: his notice held for the digest
    public = service.create_game(db, site, "mississippi", [{"name": "Anna", "email": ANNA}, {"open": True}], now=now,
                                 public=listing.recorded(ANNA, "Anna", None))
    listing.publish(db, public.id)
    seeks_module.post(db, site, ANNA, {"game": "mississippi", "players": 3, "clock": None}, now)
    seeks_module.post(db, site, BOB, {"game": "mississippi", "players": 4, "clock": None}, now)
    seeks_module.post(db, site, CLEO, {"game": "rigadoon", "players": 2, "clock": None}, now)

    assert sender.build_digests(db, "2026-11-22T10:00:00Z", site) == 1
    digest = next(row for row in outbox.for_game(db, played.id) if row["kind"].startswith("digest"))
    assert digest["recipient"] == BOB
    for body in (digest["body_text"], digest["body_html"]):
        assert "Waiting for players, in games you play:" in body
        assert "Mississippi by Anna: 1 of 2 seats open" in body and site.invite_url(public.id) in body
        assert "Anna seeks a game of Mississippi for 3 players" in body
        assert "Rigadoon" not in body and "Bob seeks" not in body
        assert ANNA not in body and CLEO not in body


def test_claims_racing_for_shared_seeks_never_share_one(db, database):
    """Six claims at once (each on its own connection) over seven compatible seeks: every seek ends in at most
    one match, and every match that a claim reports holds exactly the seeks recorded for it."""
    now = service.utcnow()
    later = clock.format_time(clock.parse_time(now) + timedelta(days=1))
    for k in range(7):
        store.seeks.add_seek(db, {"id": f"s{k}", "address": f"p{k}@example.org", "name": f"P{k}", "game": "mississippi",
                                  "players": 3, "clock": '{"kind": "none"}', "created": f"2026-01-01T00:00:0{k}Z",
                                  "expires": later})

    def claim(k):
        connection = store.connect(database)
        try:
            return f"m{k}", store.seeks.claim_match(connection, f"s{k + 1}", now, f"m{k}")
        finally:
            connection.close()

    results = race(6, claim)
    matches = {match_id: sorted(row["id"] for row in rows) for match_id, rows in results if rows}
    assert matches, results
    seen = [seek_id for ids in matches.values() for seek_id in ids]
    assert len(seen) == len(set(seen)) and all(len(ids) == 3 for ids in matches.values())
    for match_id, ids in matches.items():
        assert all(store.seeks.seek_row(db, seek_id)["game_id"] == match_id for seek_id in ids)
