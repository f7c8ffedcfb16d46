"""Pause by agreement, and resuming early (issue 28 item 4, architecture sections 20 and 26): an offer
`{"kind": "pause", "until"}` that every other seat accepts stops every clock of the game until then,
recorded as events; any seat resumes it early; the creator may forbid pauses (`"pause": false`). Through
the API, and through a real server whose scheduler makes no timeout while the game is paused and times
the seat out once a resume has started its clock again."""

import json
import time
from datetime import datetime, timedelta, timezone

from pbem import store
from pbem.between import agreements
from pbem.notify import outbox
from pbem.play import audit, clock, service
from tests.between_support import DUO, call
from tests.conftest import start_server, stop_server
from tests.test_fischer import call as call_server


def ahead(**delta) -> str:
    return clock.format_time(datetime.now(timezone.utc).replace(microsecond=0) + timedelta(**delta))


def owing_and_other(db, game_id) -> tuple[int, int]:
    owing = sorted(service.load(db, game_id).to_move)[0]
    return owing, 1 - owing


def test_a_pause_agreed_by_all_stops_every_clock_and_a_resume_starts_them_again(client, db, site):
    start = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(hours=2)
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "1d"}, now=clock.format_time(start))
    owing, other = owing_and_other(db, created.id)
    path = f"/api/games/{created.id}"
    until = ahead(days=3)
    status, body = call(client, "POST", path + "/offers", created.tokens[other], {"kind": "pause", "until": until})
    assert status == 202, body
    status, game = call(client, "GET", path, created.tokens[owing])
    assert game["clock"]["paused"] is False
    asked = [r for r in outbox.for_game(db, created.id) if r["kind"] == "proposal"]
    assert [r["seat"] for r in asked] == [owing] and f"to pause the game until {until}" in asked[0]["body_text"]
    status, body = call(client, "POST", path + "/offers/answer", created.tokens[owing], {"accept": True})
    assert status == 201 and body["applied"] is True, body
    agreed = store.last_event(db, created.id)
    assert (agreed.type, agreed.data["until"]) == ("pause_agreed", until)
    paused_at = clock.parse_time(agreed.at)
    frozen = int((start + timedelta(days=1) - paused_at).total_seconds())
    status, game = call(client, "GET", path, created.tokens[owing])
    assert game["clock"]["paused"] is True and game["clock"]["left"][str(owing)] == frozen
    # the time left stands still however long the pause lasts, and nothing is due meanwhile
    loaded = service.load(db, created.id)
    later = paused_at + timedelta(days=2)
    assert loaded.time_left(owing, later) == frozen
    assert clock.due(loaded.clock, loaded.owing_since, loaded.vacations, later) == []
    assert clock.next_due(loaded.clock, loaded.owing_since, loaded.vacations, (), later) == clock.parse_time(until)
    told = [r for r in outbox.for_game(db, created.id) if r["kind"] == "paused"]
    assert [r["seat"] for r in told] == [other] and until in told[0]["body_text"]
    # a second pause cannot be offered while this one runs
    status, body = call(client, "POST", path + "/offers", created.tokens[other], {"kind": "pause", "until": ahead(days=4)})
    assert status == 422 and "paused already" in body["error"], body
    # any seat resumes it: the clock runs again from where it stood
    status, body = call(client, "POST", path + "/resume", created.tokens[other])
    assert status == 201, body
    resumed = store.last_event(db, created.id)
    assert (resumed.type, resumed.actor, resumed.data) == ("pause_resumed", str(other), {"seat": other})
    status, game = call(client, "GET", path, created.tokens[owing])
    assert game["clock"]["paused"] is False
    loaded = service.load(db, created.id)
    back = clock.parse_time(resumed.at)
    assert loaded.deadline(owing, back + timedelta(hours=1)) == back + timedelta(seconds=frozen)
    assert [r["seat"] for r in outbox.for_game(db, created.id) if r["kind"] == "resumed"] == [owing]
    status, body = call(client, "POST", path + "/resume", created.tokens[owing])
    assert status == 409 and "not paused" in body["error"], body
    report = audit.verify(db, created.id)
    assert report["ok"], report["problems"]


def test_a_pause_ends_by_itself_at_the_agreed_moment(db, site):
    start = clock.parse_time("2026-03-02T10:00:00Z")
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "1d"}, now=clock.format_time(start))
    owing, other = owing_and_other(db, created.id)
    agreements.offer(db, site, created.id, created.tokens[other], "pause", now="2026-03-02T12:00:00Z",
                     until="2026-03-05T12:00:00Z")
    agreements.answer(db, site, created.id, created.tokens[owing], True, now="2026-03-02T12:00:00Z")
    loaded = service.load(db, created.id)
    assert loaded.deadline(owing, clock.parse_time("2026-03-09T00:00:00Z")) == clock.parse_time("2026-03-06T10:00:00Z")
    assert [d.kind for d in clock.due(loaded.clock, loaded.owing_since, loaded.vacations,
                                      clock.parse_time("2026-03-06T10:00:00Z"))] == ["timeout"]
    assert service.time_out(db, site, created.id, owing, "2026-03-05T10:00:00Z") is None  # the old deadline: paused
    assert service.time_out(db, site, created.id, owing, "2026-03-06T10:00:00Z") is not None


def test_a_creator_may_forbid_pauses_and_offers_beyond_the_bounds_are_refused(client, db, site):
    status, body = call(client, "POST", "/api/games", None, {"game": "mississippi", "players": DUO,
                                                            "options": {"time_per_move": "2d", "pause": False}})
    assert status == 201, body
    game_id, tokens = body["id"], [s["token"] for s in body["seats"]]
    status, body = call(client, "POST", f"/api/games/{game_id}/offers", tokens[0], {"kind": "pause", "until": ahead(days=1)})
    assert status == 422 and body["error"] == "the creator of this game does not allow pauses", body
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "2d"})
    path = f"/api/games/{created.id}/offers"
    for until, reason in ((ahead(days=31), "at most 30 days ahead"), (ahead(hours=-1), "in the future"),
                          ("tomorrow", "a date and time with its zone"), ("2026-12-24T18:00:00", "with its zone"),
                          (None, "a date and time")):
        status, body = call(client, "POST", path, created.tokens[0], {"kind": "pause", "until": until})
        assert status == 422 and reason in body["error"], (until, body)
    untimed = service.create_game(db, site, "mississippi", DUO)
    status, body = call(client, "POST", f"/api/games/{untimed.id}/offers", untimed.tokens[0],
                        {"kind": "pause", "until": ahead(days=1)})
    assert status == 422 and "no clock" in body["error"], body
    status, body = call(client, "POST", f"/api/games/{created.id}/resume", created.tokens[0])
    assert status == 409, body
    assert call(client, "POST", f"/api/games/{created.id}/resume", None)[0] == 401


def test_a_game_is_paused_at_most_thirty_days_a_year(db, site):
    start = clock.parse_time("2026-03-02T10:00:00Z")
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "3d"}, now=clock.format_time(start))
    owing, other = owing_and_other(db, created.id)
    agreements.offer(db, site, created.id, created.tokens[other], "pause", now="2026-03-02T10:00:00Z",
                     until="2026-03-22T10:00:00Z")
    agreements.answer(db, site, created.id, created.tokens[owing], True, now="2026-03-02T10:00:00Z")
    try:
        agreements.offer(db, site, created.id, created.tokens[other], "pause", now="2026-03-23T10:00:00Z",
                         until="2026-04-03T10:00:00Z")
    except agreements.Refused as refused:
        assert "at most 30 days in a year; this one has 10 days left" in str(refused)
    else:
        raise AssertionError("an eleven-day pause after twenty days was offered")
    agreements.offer(db, site, created.id, created.tokens[other], "pause", now="2026-03-23T10:00:00Z",
                     until="2026-04-02T10:00:00Z")  # ten days fit


def test_the_servers_scheduler_makes_no_timeout_while_paused_and_one_after_the_resume(db, site, var_dir, database):
    """An hour per move, forfeit on timeout: the game's first hour is written before the server starts,
    with chosen times, five hours ago. The seat owing the first move accepted a pause with 30 seconds
    left on its clock; a second game like it, without the pause, shows when the first sweep has run (it
    times that one out). The paused game's old deadline is long past, yet it gets no timeout; the API
    says its clock is paused with 30 seconds left. A resume through the API
    starts the clock: once its 30 seconds have passed, the next sweep (a restarted server's first) times
    the seat out."""
    start = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(hours=5)
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "1h", "on_timeout": "forfeit"},
                                  now=clock.format_time(start))
    owing, other = owing_and_other(db, created.id)
    agreements.offer(db, site, created.id, created.tokens[other], "pause", until=ahead(days=2),
                     now=clock.format_time(start + timedelta(minutes=10)))
    agreements.answer(db, site, created.id, created.tokens[owing], True,
                      now=clock.format_time(start + timedelta(minutes=59, seconds=30)))
    control = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "1h", "on_timeout": "forfeit"},
                                  now=clock.format_time(start))
    path = f"/api/games/{created.id}"
    process, base = start_server(var_dir, database)  # its scheduler runs a sweep as it starts
    try:
        waited = time.monotonic() + 60
        while call_server(base, "GET", f"/api/games/{control.id}")[1]["status"] != "finished":
            assert time.monotonic() < waited, "the first sweep did not time the game without a pause out"
            time.sleep(0.2)
        status, game = call_server(base, "GET", path)
        assert game["status"] == "active" and game["clock"]["paused"] is True, game
        assert game["clock"]["left"][str(owing)] == 30
        status, body = call_server(base, "POST", path + "/resume", {}, created.tokens[owing])
        assert status == 201, body
        status, game = call_server(base, "GET", path)
        assert game["clock"]["paused"] is False and game["clock"]["left"][str(owing)] <= 30
        while call_server(base, "GET", path)[1]["clock"]["left"][str(owing)] > 0:
            assert time.monotonic() < waited + 60, "the clock did not run after the resume"
            time.sleep(0.5)
    finally:
        stop_server(process)
    process, base = start_server(var_dir, database)
    try:
        waited = time.monotonic() + 60
        while (game := call_server(base, "GET", path)[1])["status"] != "finished":
            assert time.monotonic() < waited, f"no timeout came after the resume: {game}"
            time.sleep(0.2)
        assert game["outcome"]["winners"] == [other]
        status, report = call_server(base, "GET", path + "/verify")
        assert status == 200 and report["ok"], report
    finally:
        stop_server(process)


def csrf_of(page: str) -> str:
    import re

    return re.search(r'name="csrf" value="([^"]+)"', page).group(1)


def test_the_seat_page_offers_a_pause_says_it_runs_and_resumes_it(client, db, site):
    """Without scripts: a pause of a chosen number of days is offered from the seat page; the other seat
    reads the offer and accepts; both pages then say until when the game is paused, with no countdown,
    and "Resume now" starts the clocks again. A game whose creator forbids pauses offers none."""
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "3d"})
    owing, other = owing_and_other(db, created.id)
    url = f"/play/{created.tokens[other]}"
    page = client.get(url).data.decode()
    assert "Offer a pause" in page and 'id="pause-days"' in page
    response = client.post(url + "/offer", data={"csrf": csrf_of(page), "kind": "pause", "days": "5"})
    assert response.status_code == 303
    offered = store.last_event(db, created.id)
    until = clock.parse_time(offered.data["until"])
    assert until - clock.parse_time(offered.at) == timedelta(days=5)
    answering = client.get(f"/play/{created.tokens[owing]}").data.decode()
    shown = offered.data["until"].replace("T", " ").replace("Z", " UTC")
    assert f"proposes to pause the game until {shown}" in answering
    client.post(f"/play/{created.tokens[owing]}/answer", data={"csrf": csrf_of(answering), "accept": "yes"})
    for token in created.tokens:
        page = client.get(f"/play/{token}").data.decode()
        assert f"The game is paused until {shown}: every clock stands still." in page
        assert 'class="countdown"' not in page and "Offer a pause" not in page and "Resume now" in page
        assert "resting today" not in page and "is on vacation" not in page  # a pause is told as a pause
    client.post(url + "/resume", data={"csrf": csrf_of(page)})
    assert store.last_event(db, created.id).type == "pause_resumed"
    page = client.get(url).data.decode()
    assert "The game is paused until" not in page and 'class="countdown"' in page and "Offer a pause" in page
    forbidding = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "3d", "pause": False})
    assert "Offer a pause" not in client.get(f"/play/{forbidding.tokens[0]}").data.decode()


def test_the_seat_page_with_a_pause_offered_and_while_paused_fits_a_phone_and_a_desktop(server, chrome, shots):
    """Screenshots at 390 px and 1366 px: the seat asked to accept a pause, then the paused game."""
    from tests.browser import screenshot, wait_for

    _, made = call_server(server, "POST", "/api/games", {"game": "mississippi", "players": DUO,
                                                         "options": {"time_per_move": "3d"}})
    game_id, seats = made["id"], made["seats"]
    status, game = call_server(server, "GET", f"/api/games/{game_id}")
    owing = game["to_move"][0]
    status, _ = call_server(server, "POST", f"/api/games/{game_id}/offers", {"kind": "pause", "until": ahead(days=7)},
                            seats[1 - owing]["token"])
    assert status == 202
    driver = chrome()
    driver.get(seats[owing]["url"])
    assert "proposes to pause the game until" in driver.find_element("css selector", "#proposal").text
    screenshot(driver, shots, "pause-offered")
    driver.find_element("css selector", "#proposal button.accept").click()
    wait_for(driver, lambda d: "The game is paused until" in d.find_element("css selector", ".turn").text, 60)
    screenshot(driver, shots, "pause-running")


def test_me_says_a_game_is_paused_and_orders_it_by_the_deadline_after_the_pause(client, db, site):
    """/me reads the games projection, never the game: while a pause runs it says until when the game is
    paused (no countdown), and the seat's deadline there is the one it will have once the pause ends."""
    from tests.test_home import sign_in

    start = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(hours=1)
    created = service.create_game(db, site, "mississippi", DUO, {"time_per_move": "1d"}, now=clock.format_time(start))
    owing, other = owing_and_other(db, created.id)
    until = ahead(days=3)
    agreements.offer(db, site, created.id, created.tokens[other], "pause", until=until)
    agreements.answer(db, site, created.id, created.tokens[owing], True)
    paused_at = clock.parse_time(store.last_event(db, created.id).at)
    row = store.game_row(db, created.id)
    after = start + timedelta(days=1) + (clock.parse_time(until) - paused_at)
    assert json.loads(row["deadlines"]) == {str(owing): clock.format_time(after), "paused": until}
    sign_in(client, db, DUO[owing]["email"])
    page = client.get("/me").data.decode()
    shown = until.replace("T", " ").replace("Z", " UTC")
    assert f"The game is paused until {shown}: every clock stands still." in page and 'class="countdown"' not in page
    agreements.resume(db, site, created.id, created.tokens[other])
    page = client.get("/me").data.decode()
    assert "The game is paused until" not in page and 'class="countdown"' in page


def test_the_options_page_lets_a_creator_forbid_pauses(client, db):
    """The options page has the pause option with its words; unticked, the game it makes forbids pauses
    (the form says the box was there, so an unticked box is a no)."""
    import re
    from html import unescape

    page = client.get("/new/mississippi").data.decode()
    assert 'name="opt_pause"' in page and "Pauses by agreement" in unescape(page)
    made = client.post("/new/mississippi", data={"csrf": re.search(r'name="csrf" value="([^"]+)"', page).group(1),
                                                 "name0": "Ann", "name1": "Bob", "opt_time_per_move": "2d",
                                                 "opt_pause_present": "1"})
    assert made.status_code == 303, made.data[:500]
    game_id = max(store.game_ids(db), key=lambda g: store.game_row(db, g)["created"])
    assert service.load(db, game_id).clock["pause"] is False
