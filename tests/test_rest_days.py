"""Rest days and one vacation for all of an address's games (issue 28 items 2 and 3, architecture sections
20 and 26). Through real `pbem serve` processes with their scheduler: a seat resting on Saturday in its
own zone loses no time that day, a seat resting today shows its clock paused, and an address's vacation
pauses all three of its games, each saying so on its page and in the API. `pbem verify` (and import)
refuse a loss on time recorded while a rest day or a vacation held the clock."""

import json
import re
import time
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from pbem.notify import compose, outbox
from pbem.people import accounts, away, mygames
from pbem.play import clock, service
from tests.conftest import start_server, stop_server
from tests.support import csrf
from tests.test_fischer import call
from tests.test_forged_records import (exported, pbem, refused_everywhere, rehashed,  # noqa: F401 (pbem: a fixture)
                                       written)

ANN = "ann@example.org"
PLAYERS = [{"name": "Ann", "email": ANN}, {"name": "Bob", "email": "bob@example.org"}]


def first_moves(db, site, created, at: str) -> int:
    """The seat that owes first moves at `at`; the other seat then owes. Returns the other seat."""
    loaded = service.load(db, created.id)
    first = sorted(loaded.to_move)[0]
    service.submit_move(db, site, created.id, created.tokens[first], loaded.module.legal_moves(loaded.state, first)[0],
                        loaded.seq, now=at)
    owing = sorted(service.load(db, created.id).to_move)
    assert owing and first not in owing
    return owing[0]


def last_saturday(zone: ZoneInfo, now: datetime) -> tuple[datetime, datetime]:
    """The latest whole Saturday, midnight to midnight in `zone`, over by `now` (UTC times)."""
    day = now.astimezone(zone).date()
    while True:
        day -= timedelta(days=1)
        if day.weekday() == 5:
            start = datetime.combine(day, datetime.min.time(), zone).astimezone(timezone.utc)
            end = datetime.combine(day + timedelta(days=1), datetime.min.time(), zone).astimezone(timezone.utc)
            if end <= now:
                return start, end


def deadline_resting_on_saturdays(zone: ZoneInfo, began: datetime, hours: int) -> datetime:
    """The deadline of a turn of `hours` begun at `began` whose clock stops every Saturday in `zone`,
    worked out here day by day."""
    due, day = began + timedelta(hours=hours), began.astimezone(zone).date()
    while True:
        start = datetime.combine(day, datetime.min.time(), zone).astimezone(timezone.utc)
        if start >= due:
            return due
        if day.weekday() == 5:
            due += datetime.combine(day + timedelta(days=1), datetime.min.time(), zone).astimezone(timezone.utc) - start
        day += timedelta(days=1)


def daytime_zone(now: datetime) -> tuple[str, str]:
    """A zone where it is now well inside a day (not near its midnight), and that day's name there."""
    for name in ("UTC", "Asia/Tokyo", "America/Los_Angeles", "Asia/Kolkata", "Europe/Berlin"):
        local = now.astimezone(ZoneInfo(name))
        if 3 <= local.hour <= 20:
            return name, clock.WEEKDAYS[local.weekday()]
    raise AssertionError("no zone in daytime")


def test_a_seat_resting_on_saturday_in_its_zone_loses_no_time_that_day(db, site, var_dir, database):
    """Two games alike, the owing seat's turn began on a Thursday evening in New York and spans the last
    Saturday there; one seat named Saturday as its rest day (in New York's time) before its turn began.
    The time per move runs out twelve hours ago without the rest day, and twelve hours from now with it
    (later still when it is Saturday in New York now): the server's scheduler times out the game without
    rest days, and not the other, whose deadline moved by each whole Saturday. A third seat rests today,
    in a zone where it is now daytime: its clock is shown paused."""
    zone = ZoneInfo("America/New_York")
    now = datetime.now(timezone.utc).replace(microsecond=0)
    saturday, sunday = last_saturday(zone, now)
    began = saturday - timedelta(hours=30)
    hours = int(((now - began) - (sunday - saturday)).total_seconds() // 3600) + 12
    options = {"time_per_move": f"{hours}h", "on_timeout": "forfeit"}
    games = {}
    for name in ("resting", "working"):
        created = service.create_game(db, site, "mississippi", PLAYERS, options,
                                      now=clock.format_time(began - timedelta(hours=1)))
        owing = 1 - sorted(service.load(db, created.id).to_move)[0]
        if name == "resting":
            away.set_seat_rest(db, site, created.id, created.tokens[owing], ["sat"], "America/New_York",
                               clock.format_time(began - timedelta(minutes=30)))
        assert first_moves(db, site, created, clock.format_time(began)) == owing
        games[name] = (created, owing)
    today_zone, today = daytime_zone(now)
    created = service.create_game(db, site, "mississippi", PLAYERS, {"time_per_move": "3d"},
                                  now=clock.format_time(now - timedelta(days=8)))
    owing = 1 - sorted(service.load(db, created.id).to_move)[0]
    away.set_seat_rest(db, site, created.id, created.tokens[owing], [today], today_zone,
                       clock.format_time(now - timedelta(days=8)))
    first_moves(db, site, created, clock.format_time(now - timedelta(hours=1)))
    games["today"] = (created, owing)
    process, base = start_server(var_dir, database)  # its scheduler sweeps as it starts
    try:
        working, worker = games["working"]
        waited = time.monotonic() + 60
        while (body := call(base, "GET", f"/api/games/{working.id}")[1])["status"] != "finished":
            assert time.monotonic() < waited, f"no timeout came: {body}"
            time.sleep(0.2)
        assert body["outcome"]["winners"] == [1 - worker]
        resting, rester = games["resting"]
        _, body = call(base, "GET", f"/api/games/{resting.id}")
        assert body["status"] == "active" and body["to_move"] == [rester]
        assert clock.parse_time(body["deadline"]) == deadline_resting_on_saturdays(zone, began, hours)
        assert 11 * 3600 < body["clock"]["left"][str(rester)]
        resting_now = now.astimezone(zone).weekday() == 5  # when it is Saturday in New York now, that too
        assert body["clock"]["paused"] is resting_now and body["clock"]["stopped"] == ([rester] if resting_now else [])
        _, events = call(base, "GET", f"/api/games/{resting.id}/events", token=resting.tokens[rester])
        assert not [e for e in events if e["type"] == "turn_timed_out"]
        rest = next(e for e in events if e["type"] == "rest_days_set")
        assert rest["data"] == {"seat": rester, "days": ["sat"], "zone": "America/New_York"}  # its own seat sees it
        _, seen = call(base, "GET", f"/api/games/{resting.id}/events")
        assert next(e for e in seen if e["type"] == "rest_days_set")["data"] == {"seat": rester}  # others: not its zone
        for game in (working, resting):
            status, report = call(base, "GET", f"/api/games/{game.id}/verify")
            assert status == 200 and report["ok"], report
        today_game, today_seat = games["today"]
        _, body = call(base, "GET", f"/api/games/{today_game.id}")
        assert body["clock"]["paused"] is True and body["clock"]["stopped"] == [today_seat]
        page = urlopen_text(f"{base}/play/{today_game.tokens[today_seat]}")
        assert re.search(r'<time class="countdown" datetime="[^"]+" data-paused-left="\d+">', page)
        assert "is resting today: their clock is paused, with" in page
        spectator = urlopen_text(f"{base}/games/{today_game.id}")
        assert "resting today: the clock stands still" in spectator
    finally:
        stop_server(process)


def urlopen_text(url: str) -> str:
    import urllib.request

    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read().decode()


def test_an_address_vacation_pauses_all_three_of_its_games_and_each_shows_it(db, site, var_dir, database):
    """Ann sits in three games, owing the move in each; one game allows only two vacation days a year.
    Through a real server with her personal token, she takes a vacation from today for four days: each
    game records it as its own vacation (the two-day game, two days of it), each game's API says her
    clock is paused, and each seat page shows it paused; the others read it in the game's log. A second
    one is refused while it stands; ended, one longer than the year's allowance (30 days) is refused."""
    now = datetime.now(timezone.utc).replace(microsecond=0)
    games = []
    for vacation_days in (14, 14, 2):
        created = service.create_game(db, site, "mississippi", [{"name": "Bob", "email": "bob@example.org"},
                                                                 {"name": "Ann", "email": ANN}],
                                      {"time_per_move": "2d", "vacation_days": vacation_days},
                                      now=clock.format_time(now - timedelta(hours=2)))
        loaded = service.load(db, created.id)
        if 1 not in loaded.to_move:
            first_moves(db, site, created, clock.format_time(now - timedelta(hours=1)))
        assert service.load(db, created.id).to_move == {1}
        games.append(created)
    token = accounts.key_of(db, site, ANN, "token", clock.format_time(now))
    process, base = start_server(var_dir, database)
    try:
        today = now.date()  # Ann's zone is UTC until she sets one
        status, body = call(base, "PUT", "/api/me/vacation", {"start": today.isoformat(),
                                                               "end": (today + timedelta(days=3)).isoformat()}, token=token)
        assert status == 200, body
        assert (body["start"], body["end"]) == (today.isoformat(), (today + timedelta(days=3)).isoformat())
        assert body["left_this_year"] in (26, 27)  # 30 less the four days from now (today's began already)
        taken = {g["id"]: g for g in body["games"]}
        assert set(taken) == {g.id for g in games}
        ends = datetime.combine(today + timedelta(days=4), datetime.min.time(), timezone.utc)
        assert clock.parse_time(taken[games[0].id]["end"]) == ends
        assert clock.parse_time(taken[games[2].id]["end"]) - clock.parse_time(taken[games[2].id]["start"]) == timedelta(days=2)
        for created in games:
            _, game = call(base, "GET", f"/api/games/{created.id}")
            assert game["clock"]["paused"] is True and game["clock"]["stopped"] == [1], game["clock"]
            assert clock.parse_time(game["deadline"]) > now + timedelta(days=2)  # pushed back by the vacation
            page = urlopen_text(f"{base}/play/{created.tokens[1]}")
            assert "Ann is on vacation: their clock is paused, with" in page and 'data-paused-left="' in page
            _, events = call(base, "GET", f"/api/games/{created.id}/events", token=created.tokens[0])
            told = next(e for e in events if e["type"] == "vacation_started")
            assert told["actor"] == "1" and "start" in told["data"]  # Bob reads when it is
            notice = next(r for r in outbox.for_game(db, created.id) if r["kind"] == "vacation")
            assert notice["seat"] == 0 and notice["recipient"] == "bob@example.org"  # and is told, by mail
            status, report = call(base, "GET", f"/api/games/{created.id}/verify")
            assert status == 200 and report["ok"], report
        # /me shows each of her countdowns paused, with the time her turn still holds (read from the games
        # projection, no game loaded): two days less the hour or two she spent before her vacation
        mine = mygames.my_seats(db, site, ANN, clock.format_time(datetime.now(timezone.utc)))
        held = {s.id: s.paused_left for s in mine if s.paused_left is not None}
        assert set(held) == {g.id for g in games}, mine
        assert all(timedelta(hours=45) < timedelta(seconds=left) <= timedelta(days=2) for left in held.values()), held
        status, body = call(base, "PUT", "/api/me/vacation", {"start": today.isoformat(), "end": today.isoformat()},
                            token=token)
        assert status == 422 and "end it first" in body["error"]
        status, body = call(base, "DELETE", "/api/me/vacation", token=token)
        assert status == 200 and body["start"] is None
        for created in games:
            _, game = call(base, "GET", f"/api/games/{created.id}")
            assert game["clock"]["paused"] is False
        later = today + timedelta(days=10)
        status, body = call(base, "PUT", "/api/me/vacation", {"start": later.isoformat(),
                                                               "end": (later + timedelta(days=30)).isoformat()}, token=token)
        assert status == 422 and "beyond your vacation allowance" in body["error"], body
        status, body = call(base, "PUT", "/api/me/vacation", {"start": (today - timedelta(days=2)).isoformat(),
                                                               "end": today.isoformat()}, token=token)
        assert status == 422 and "cannot begin before today" in body["error"]
    finally:
        stop_server(process)


def test_the_creator_may_forbid_rest_days_and_a_seat_sets_its_own_through_the_api(client, db, site):
    forbidding = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS,
                                                 "options": {"time_per_move": "2d", "rest_days": False}}).json
    auth = {"Authorization": f"Bearer {forbidding['seats'][0]['token']}"}
    refused = client.put(f"/api/games/{forbidding['id']}/settings", json={"rest_days": ["sat"]}, headers=auth)
    assert refused.status_code == 422 and refused.json["error"] == "this game does not allow rest days"
    allowing = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS,
                                               "options": {"time_per_move": "2d"}}).json
    auth = {"Authorization": f"Bearer {allowing['seats'][0]['token']}"}
    answer = client.put(f"/api/games/{allowing['id']}/settings", json={"rest_days": ["sun", "sat"],
                                                                        "time_zone": "Europe/Berlin"}, headers=auth)
    assert answer.status_code == 200 and answer.json["rest_days"] == ["sat", "sun"]
    assert answer.json["time_zone"] == "Europe/Berlin"
    for body, reason in [({"rest_days": ["fri", "sat", "sun"]}, "at most 2 rest days a week"),
                         ({"time_zone": "Mars/Olympus"}, "is not a time zone")]:
        refused = client.put(f"/api/games/{allowing['id']}/settings", json=body, headers=auth)
        assert refused.status_code in (400, 422) and reason in json.dumps(refused.json), refused.json
    page = client.get("/new/mississippi").data.decode()
    assert 'name="opt_rest_days"' in page and "Rest days allowed" in page


def test_an_address_sets_its_rest_days_for_every_game_that_allows_them_and_those_it_joins(client, db, site):
    from tests.test_home import sign_in

    allowing = service.create_game(db, site, "mississippi", PLAYERS, {"time_per_move": "2d"})
    forbidding = service.create_game(db, site, "mississippi", PLAYERS, {"time_per_move": "2d", "rest_days": False})
    sign_in(client, db)
    me = client.get("/me").data.decode()
    assert 'name="rest_sat"' in me and 'name="time_zone"' in me and 'name="start"' in me
    saved = client.post("/me/rest", data={"csrf": csrf(me), "rest_sat": "1", "time_zone": "Asia/Tokyo"},
                        follow_redirects=True)
    assert "Your rest days are saved" in saved.data.decode()
    assert clock.latest_rest(service.load(db, allowing.id).vacations, 0) == clock.Rest(
        0, clock.latest_rest(service.load(db, allowing.id).vacations, 0).start, (5,), "Asia/Tokyo")
    assert clock.latest_rest(service.load(db, forbidding.id).vacations, 0) is None
    answer = client.put("/api/me/settings", json={"rest_days": ["sun"]})
    assert answer.status_code == 200 and answer.json["rest_days"] == ["sun"] and answer.json["time_zone"] == "Asia/Tokyo"
    assert client.put("/api/me/settings", json={"time_zone": "Nowhere/Land"}).status_code == 422
    settings = client.get(f"/play/{allowing.tokens[0]}/settings").data.decode()
    assert 'name="rest_sun" value="1" checked' in settings and 'value="Asia/Tokyo"' in settings
    assert "does not allow rest days" in client.get(f"/play/{forbidding.tokens[0]}/settings").data.decode()
    # a game made later records them for her seat as it is made, so they count from her first turn
    later = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS,
                                            "options": {"time_per_move": "2d"}}).json
    loaded = service.load(db, later["id"])
    rest = clock.latest_rest(loaded.vacations, 0)
    assert (rest.days, rest.zone) == ((6,), "Asia/Tokyo") and rest.start == clock.parse_time(loaded.created_at)
    assert clock.latest_rest(loaded.vacations, 1) is None  # Bob set none


# --- verify re-derives every rest day and vacation --------------------------------------------------------


def test_a_loss_on_time_recorded_on_a_rest_day_is_refused(db, site, pbem, database, tmp_path):  # noqa: F811
    """A day per move; the owing seat rests on Saturdays (UTC), set before its turn began on Friday
    2026-11-06 at noon: its time runs out on Sunday at noon, not on Saturday."""
    created = service.create_game(db, site, "mississippi", PLAYERS, {"time_per_move": "1d", "on_timeout": "forfeit"},
                                  now="2026-11-05T10:00:00Z")
    owing = 1 - sorted(service.load(db, created.id).to_move)[0]
    away.set_seat_rest(db, site, created.id, created.tokens[owing], ["sat"], "UTC", "2026-11-05T10:30:00Z")
    first_moves(db, site, created, "2026-11-06T12:00:00Z")
    assert service.time_out(db, site, created.id, owing, "2026-11-08T11:59:00Z") is None
    assert service.time_out(db, site, created.id, owing, "2026-11-08T12:00:00Z") is not None
    record = exported(pbem, database, created.id)
    code, out, _ = pbem(tmp_path / "honest.sqlite", "import", written(tmp_path, "honest", record))
    assert code == 0, out
    timed_out = next(e for e in record["events"] if e["type"] == "turn_timed_out")
    for event in record["events"][timed_out["seq"] - 1:]:
        event["at"] = "2026-11-07T13:00:00Z"  # a day after the turn began, but a rest day
    refused_everywhere(pbem, tmp_path, "rest-day", rehashed(record), f"event {timed_out['seq']}: the recorded command "
                       f"is refused: the clock had nothing to do for seat {owing + 1} then")


def test_a_loss_on_time_recorded_during_an_address_vacation_is_refused(db, site, pbem, database, tmp_path):  # noqa: F811
    """Ann owes from Monday 10:00 with a day per move; at 11:00 she takes a vacation for Monday and
    Tuesday from /me (to Wednesday midnight): her time runs out on Wednesday at 11:00, not Tuesday."""
    created = service.create_game(db, site, "mississippi", [{"name": "Bob", "email": "bob@example.org"},
                                                             {"name": "Ann", "email": ANN}],
                                  {"time_per_move": "1d", "on_timeout": "forfeit"}, now="2026-11-02T09:00:00Z")
    if 1 not in service.load(db, created.id).to_move:
        first_moves(db, site, created, "2026-11-02T10:00:00Z")
    owing_since = service.load(db, created.id).owing_since[1]
    taken = away.schedule_vacation(db, site, ANN, "2026-11-02", "2026-11-03", 30, "2026-11-02T11:00:00Z")
    assert taken["games"] == [{"id": created.id, "seat": 1, "start": "2026-11-02T11:00:00Z", "end": "2026-11-04T00:00:00Z"}]
    due = owing_since + timedelta(days=1, hours=37)
    assert service.load(db, created.id).deadline(1, clock.parse_time("2026-11-02T12:00:00Z")) == due
    assert service.time_out(db, site, created.id, 1, clock.format_time(due - timedelta(minutes=1))) is None
    assert service.time_out(db, site, created.id, 1, clock.format_time(due)) is not None
    record = exported(pbem, database, created.id)
    code, out, _ = pbem(tmp_path / "honest.sqlite", "import", written(tmp_path, "honest", record))
    assert code == 0, out
    timed_out = next(e for e in record["events"] if e["type"] == "turn_timed_out")
    for event in record["events"][timed_out["seq"] - 1:]:
        event["at"] = clock.format_time(owing_since + timedelta(days=1, hours=1))  # due without the vacation
    refused_everywhere(pbem, tmp_path, "vacation", rehashed(record), f"event {timed_out['seq']}: the recorded command "
                       "is refused: the clock had nothing to do for seat 2 then")
    # a vacation forged longer than the game's own vacation days allow is refused too
    record = exported(pbem, database, created.id)
    started = next(e for e in record["events"] if e["type"] == "vacation_started")
    started["command"]["end"] = started["data"]["end"] = "2026-11-30T00:00:00Z"
    refused_everywhere(pbem, tmp_path, "long-vacation", rehashed(record), f"event {started['seq']}")


def test_the_others_are_told_of_an_address_vacation_in_words(db, site):
    from pbem.notify import wording

    created = service.create_game(db, site, "mississippi", [{"name": "Bob", "email": "bob@example.org",
                                                             "webhook": None}, {"name": "Ann", "email": ANN}],
                                  {"time_per_move": "1d"}, now="2026-11-02T09:00:00Z")
    away.schedule_vacation(db, site, ANN, "2026-11-05", "2026-11-06", 30, "2026-11-02T10:00:00Z")
    row = next(r for r in outbox.for_game(db, created.id) if r["kind"] == "vacation")
    mail = wording.worded(db, dict(row))
    assert row["seat"] == 0 and mail["subject"].endswith(": a player will be away, Bob")
    assert ("- Ann will be on vacation from 2026-11-05 00:00 to 2026-11-07 00:00 UTC: their clock is paused then."
            in mail["body_text"]) and "A player in Mississippi will be away" in mail["body_text"]
    assert compose.SUBJECTS["vacation"] == "a player will be away"
    assert not [r for r in outbox.for_game(db, created.id) if r["kind"] == "vacation" and r["seat"] == 1]


def test_dates_of_an_address_vacation_are_whole_days_in_its_zone(db, site):
    service.create_game(db, site, "mississippi", PLAYERS, {"time_per_move": "1d"}, now="2026-11-02T09:00:00Z")
    away.set_rest(db, site, ANN, [], "Asia/Tokyo", "2026-11-02T09:30:00Z")
    taken = away.schedule_vacation(db, site, ANN, "2026-11-10", "2026-11-11", 30, "2026-11-02T10:00:00Z")
    assert (taken["start"], taken["end"]) == ("2026-11-10", "2026-11-11")
    assert taken["games"][0]["start"] == "2026-11-09T15:00:00Z" and taken["games"][0]["end"] == "2026-11-11T15:00:00Z"
    assert date.fromisoformat(taken["start"]) and taken["left_this_year"] == 28
    # taken, it still counts against the year's allowance: 28 more days fit, 29 do not
    assert away.vacation_of(db, ANN, "2026-11-20T00:00:00Z", 30) == {"start": None, "end": None, "left_this_year": 28}
    try:
        away.schedule_vacation(db, site, ANN, "2026-12-01", "2026-12-29", 30, "2026-11-20T00:00:00Z")
    except away.Unprocessable as refused:
        assert "beyond your vacation allowance: 28 days left" in str(refused)
    else:
        raise AssertionError("29 days were taken with 28 left")
    assert away.schedule_vacation(db, site, ANN, "2026-12-01", "2026-12-28", 30, "2026-11-20T00:00:00Z")["left_this_year"] == 0


# --- the pages in a real browser, at phone and desktop size ---------------------------------------------


def test_me_and_the_seat_settings_offer_rest_days_and_the_vacation_in_a_browser(server, var_dir, chrome, shots):
    """Ann signs in, names Saturday as her rest day in Berlin's time and takes a vacation from today for
    three days on /me; her seat's countdown then reads as paused, and its settings page shows her rest
    days. Screenshots of /me and the seat settings page at 390 and 1366 px."""
    from tests.browser import screenshot, wait_for
    from tests.test_home_pages import api, mailed_link, submit, whole_page

    ann = {"name": "Ann", "email": ANN}
    made = [api(server, "/api/games", {"game": "mississippi", "players": [ann, {"name": "Bob"}],
                                       "options": {"time_per_move": "2d"}}) for _ in range(2)]
    driver = chrome()
    driver.get(mailed_link(var_dir, "invited", re.escape(server) + r"/play/\S+\?proof=[0-9a-f]+"))
    submit(driver, "form[action$='/mail-proof'] button")
    wait_for(driver, lambda d: "keep coming to your address" in d.page_source)
    driver.get(f"{server}/signin")
    driver.find_element("id", "address").send_keys(ANN)
    submit(driver, "form button[type=submit]")
    wait_for(driver, lambda d: "on its way" in d.page_source)
    driver.get(mailed_link(var_dir, "sign-in", re.escape(server) + r"/signin/\S+"))
    submit(driver, "form button[type=submit]")
    wait_for(driver, lambda d: d.current_url.endswith("/me"))
    driver.find_element("css selector", "input[name=rest_sat]").click()
    zone = driver.find_element("id", "time_zone")
    zone.clear()
    zone.send_keys("Europe/Berlin")
    submit(driver, "form.rest-days button[type=submit]")
    wait_for(driver, lambda d: "Your rest days are saved" in d.page_source)
    today = datetime.now(ZoneInfo("Europe/Berlin")).date()
    driver.execute_script("document.getElementById('vacation_start').value = arguments[0];"
                          "document.getElementById('vacation_end').value = arguments[1];",
                          today.isoformat(), (today + timedelta(days=2)).isoformat())
    submit(driver, "form[action$='/me/vacation'] button[type=submit]")
    wait_for(driver, lambda d: "Your vacation is set" in d.page_source)
    assert f"Your vacation: from {today.isoformat()} to {(today + timedelta(days=2)).isoformat()}" in driver.page_source
    assert f"You are on vacation until {(today + timedelta(days=2)).isoformat()}: your clocks stand still" in driver.page_source
    assert driver.find_element("css selector", "input[name=rest_sat]").is_selected()
    screenshot(driver, shots, "rest-me")
    whole_page(driver, shots, "rest-me")
    owing = [m for m in made if call(server, "GET", f"/api/games/{m['id']}")[1]["to_move"] == [0]]
    if owing:  # where it is her turn, /me's countdown reads as paused, as the seat page's does
        driver.get(f"{server}/me")
        wait_for(driver, lambda d: sum("left, paused" in el.text for el in d.find_elements("css selector", "time.countdown"))
                 == len(owing))
    seat = next(s for s in made[0]["seats"] if s["name"] == "Ann")
    status, game = call(server, "GET", f"/api/games/{made[0]['id']}")
    assert status == 200 and (game["clock"]["paused"] is True) == (game["to_move"] == [0])
    driver.get(seat["url"])
    if "Your turn." in driver.page_source:
        wait_for(driver, lambda d: "left, paused" in d.find_element("css selector", "time.countdown").text)
    assert "Ann is on vacation: their clock is paused" in driver.page_source or "Waiting for" in driver.page_source
    screenshot(driver, shots, "rest-seat")
    driver.get(seat["url"] + "/settings")
    assert "Your vacation for all your games holds this clock still from" in driver.page_source
    assert driver.find_element("css selector", "input[name=rest_sat]").is_selected()
    assert driver.find_element("id", "time_zone").get_attribute("value") == "Europe/Berlin"
    driver.execute_script("document.getElementById('rest').scrollIntoView()")
    screenshot(driver, shots, "rest-seat-settings")
    whole_page(driver, shots, "rest-seat-settings")
