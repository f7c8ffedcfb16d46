"""The Fischer clock (issue 28, architecture sections 20 and 26): a bank of time per seat that each move
uses up and the increment grows, up to its most. Through the API (the `clock` option, its refusals with
a reason, `"clock"` in the game answer) and through real `pbem serve` processes with their scheduler:
the bank grows by the increment after each move, and a seat whose bank runs dry is timed out."""

import email
import email.policy
import json
import re
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone
from html import unescape

from pbem import store
from pbem.notify import compose, outbox, sweep
from pbem.play import clock, service
from tests.conftest import start_server, stop_server

BANK = {"kind": "fischer", "initial": "1h", "increment": "1h", "max": "3h"}
PLAYERS = [{"name": "Ann"}, {"name": "Bob"}]


def call(base, method, path, body=None, token=None):
    """(status, JSON body) of a request to a real server."""
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                                     headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_a_fischer_clock_is_made_through_the_api_and_answered_as_time_left(client):
    made = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS,
                                           "options": {"clock": BANK, "on_timeout": "skip"}})
    assert made.status_code == 201, made.json
    body = client.get(f"/api/games/{made.json['id']}").json
    owing = body["to_move"][0]
    assert body["clock"]["kind"] == "fischer" and body["clock"]["paused"] is False
    assert set(body["clock"]["left"]) == {"0", "1"}
    assert body["clock"]["left"][str(1 - owing)] == 3600  # not its turn yet: the bank it starts with
    assert 0 < body["clock"]["left"][str(owing)] <= 3600  # its turn: until its deadline
    assert body["deadline"] is not None
    per_move = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS,
                                               "options": {"clock": {"kind": "per_move", "per_move": "2d"}}}).json
    assert client.get(f"/api/games/{per_move['id']}").json["clock"]["kind"] == "per_move"
    none = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS}).json
    assert client.get(f"/api/games/{none['id']}").json["clock"] is None


def test_a_clock_that_is_not_allowed_is_refused_with_the_reason(client):
    for clock_option, reason in [({**BANK, "increment": "10m"}, "'bank_increment' must be at least an hour"),
                                 ({**BANK, "initial": "2h", "max": "90m"}, "must be at least the bank at the start"),
                                 ({"kind": "fischer", "initial": "1d"}, "'bank_increment' is needed"),
                                 ({"kind": "per_move", "per_move": "5m"}, "at least an hour"),
                                 ({"kind": "hourglass"}, "the kind must be one of per_move, fischer")]:
        refused = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS,
                                                  "options": {"clock": clock_option}})
        assert refused.status_code == 422 and reason in refused.json["error"], refused.json


def test_the_bank_grows_by_the_increment_after_each_move_through_a_real_server(server):
    status, made = call(server, "POST", "/api/games", {"game": "mississippi", "players": PLAYERS,
                                                       "options": {"clock": BANK}})
    assert status == 201, made
    game = made["id"]
    tokens = [seat["token"] for seat in made["seats"]]
    _, events = call(server, "GET", f"/api/games/{game}/events")
    began = {0: clock.parse_time(events[-1]["at"]), 1: clock.parse_time(events[-1]["at"])}
    banks = {0: 3600, 1: 3600}  # what the test expects, from the times the server gave its events
    for _ in range(4):
        _, before = call(server, "GET", f"/api/games/{game}")
        mover = before["to_move"][0]
        _, mine = call(server, "GET", f"/api/games/{game}", token=tokens[mover])
        status, played = call(server, "POST", f"/api/games/{game}/moves",
                              {"move": mine["legal"][0], "seq": mine["seq"]}, token=tokens[mover])
        assert status == 201, played
        moved_at = clock.parse_time(played["events"][0]["at"])
        _, after = call(server, "GET", f"/api/games/{game}")
        if mover in after["to_move"]:
            continue  # its turn goes on: no decision ended yet
        spent = int((moved_at - began[mover]).total_seconds())
        banks[mover] = min(3 * 3600, banks[mover] - spent + 3600)
        assert after["clock"]["left"][str(mover)] == banks[mover]
        assert banks[mover] > 3600  # a quick move saved time: the bank grew by the increment
        for seat in after["to_move"]:
            began[seat] = moved_at


def test_a_seat_whose_bank_runs_dry_is_timed_out_by_the_servers_scheduler(db, site, var_dir, database):
    """The game's first hours are written before the server starts, with chosen times (a bank of 2h, +1h
    a move): the first seat moved after ten minutes (2h50m left), the second began to owe then with
    its 2h, and that was five hours ago. The server's scheduler, at its first sweep, finds the bank dry
    and times the seat out (it forfeits); the first seat's bank stays as the increment left it."""
    start = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(hours=5)
    created = service.create_game(db, site, "mississippi", PLAYERS, {
        "clock": {"kind": "fischer", "initial": "2h", "increment": "1h", "max": "3h"}, "on_timeout": "forfeit"},
        now=clock.format_time(start))
    loaded = service.load(db, created.id)
    first = sorted(loaded.to_move)[0]
    service.submit_move(db, site, created.id, created.tokens[first], loaded.module.legal_moves(loaded.state, first)[0],
                        loaded.seq, now=clock.format_time(start + timedelta(minutes=10)))
    dry = sorted(service.load(db, created.id).to_move)[0]
    assert dry != first
    process, base = start_server(var_dir, database)  # its scheduler runs a sweep as it starts
    try:
        waited = time.monotonic() + 60
        while (body := call(base, "GET", f"/api/games/{created.id}")[1])["status"] != "finished":
            assert time.monotonic() < waited, f"no timeout came: {body}"
            time.sleep(0.2)
        assert body["outcome"]["winners"] == [first]
        assert body["clock"]["left"][str(first)] == 2 * 3600 + 50 * 60
        _, events = call(base, "GET", f"/api/games/{created.id}/events")
        timed_out = next(e for e in events if e["type"] == "turn_timed_out")
        assert (timed_out["actor"], timed_out["data"]) == ("clock", {"seat": dry, "action": "forfeit"})
        assert clock.parse_time(timed_out["at"]) >= start + timedelta(minutes=130)  # when the bank ran dry, or after
        status, report = call(base, "GET", f"/api/games/{created.id}/verify")
        assert status == 200 and report["ok"], report
    finally:
        stop_server(process)
    assert store.game_row(db, created.id)["status"] == "finished"


# --- shown as time left: the seat page, the options page, notices, /me and the calendar ------------------

def test_the_seat_and_spectator_pages_show_each_bank_as_time_left(client, db, site):
    made = client.post("/api/games", json={"game": "mississippi", "players": PLAYERS,
                                           "options": {"clock": {**BANK, "initial": "2h"}}}).json
    loaded = service.load(db, made["id"])
    mover = sorted(loaded.to_move)[0]
    service.submit_move(db, site, made["id"], made["seats"][mover]["token"],
                        loaded.module.legal_moves(loaded.state, mover)[0], loaded.seq)
    waiting = 1 - mover
    seat_page = client.get(f"/play/{made['seats'][mover]['token']}").data.decode()
    assert "This game plays with: clock: a bank of 2h, +1h after each move, at most 3h." in seat_page
    names = [p["name"] for p in PLAYERS]
    banks = re.search(r'<span class="muted banks">Time left in each bank: (.*?)\.</span>', seat_page).group(1)
    parts = dict(part.split(" ", 1) for part in banks.split("; "))
    assert parts[names[mover]] in ("2 hours 59 minutes", "3 hours")  # 2h, less a moment, +1h
    assert parts[names[waiting]].startswith(("1 hour 59 minutes", "2 hours"))
    assert parts[names[waiting]].endswith("(counting down)")
    assert re.search(r"<noscript> \((1 hour 59 minutes|2 hours) left\)</noscript>", seat_page)
    spectator = client.get(f"/games/{made['id']}").data.decode()
    assert '<p class="muted banks">Time left in each bank: ' in spectator


def test_the_options_page_explains_every_clock_option_and_their_combinations(client):
    page = client.get("/new/mississippi").data.decode()
    for key in clock.CLOCK_OPTIONS:
        assert f'name="opt_{key}"' in page, key
    assert '<option value="fischer" >a bank of time (Fischer)</option>' in page
    for title, words in clock.CLOCK_IN_WORDS:
        assert f"<dt>{title}</dt><dd>{words}</dd>" in unescape(page)
    made = client.post("/new/mississippi", data={"csrf": re.search(r'name="csrf" value="([^"]+)"', page).group(1),
                                                 "name0": "Ann", "name1": "Bob", "opt_clock": "fischer",
                                                 "opt_bank_initial": "7d", "opt_bank_increment": "1d",
                                                 "opt_bank_max": "14d", "opt_reminders": "1d,1h"})
    assert made.status_code == 303, made.data[:500]
    refused = client.post("/new/mississippi", data={"csrf": re.search(r'name="csrf" value="([^"]+)"', page).group(1),
                                                    "name0": "Ann", "name1": "Bob", "opt_clock": "fischer",
                                                    "opt_bank_initial": "7d"})
    assert refused.status_code == 422 and "bank_increment" in refused.data.decode()


def test_notices_say_the_time_left_in_the_bank(db, site, var_dir):
    players = [{"name": "Ann", "email": "ann@example.org", "webhook": None}, {"name": "Bob", "email": "bob@example.org"}]
    created = service.create_game(db, site, "mississippi", players, {"clock": {**BANK, "initial": "3h"}},
                                  now="2026-11-02T12:00:00Z")
    loaded = service.load(db, created.id)
    mover = sorted(loaded.to_move)[0]
    invitation = next(r for r in outbox.for_game(db, created.id) if r["seat"] == mover)
    assert "2026-11-02T15:00:00Z (UTC), 3 hours from now (all that is left in your bank)" in invitation["body_text"]
    line = compose.webhook_line(compose.context(site, loaded, mover, "your_turn", [], "2026-11-02T12:00:00Z"))
    assert "Your turn, Ann. You have 3 hours left." in line or "Your turn, Bob. You have 3 hours left." in line
    assert sweep.sweep(db, site, "2026-11-02T14:00:00Z", owner="t")["reminders"] == 1  # the 1d reminder did not fit
    reminder = [r for r in outbox.for_game(db, created.id) if r["kind"].startswith("reminder")]
    assert [r["kind"].split(":")[0] for r in reminder] == ["reminder"] and reminder[0]["kind"].startswith("reminder:before3600")
    sent = email.message_from_bytes((site.var_dir / "outbox" / f"notice-{reminder[0]['id']}.{created.id}@localhost.eml")
                                    .read_bytes(), policy=email.policy.default)  # delivered by the sweep: read the mail
    assert "1 hour from now (all that is left in your bank)" in sent.get_body(("plain",)).get_content()


def test_the_calendar_says_the_time_left_and_keeps_the_alarms_that_fit_the_bank(client, db, site):
    import icalendar

    from tests.test_feeds import feed_url, owing_game, sign_in

    made = owing_game(client, db, site, "Bob", clock={**BANK, "initial": "3h", "max": "3h"}, reminders="1d,2h,1h")
    sign_in(client, db)
    calendar = icalendar.Calendar.from_ical(client.get(feed_url(client)).data)
    event = next(e for e in calendar.walk("VEVENT") if str(e["UID"]).startswith(made["id"]))
    assert sorted(a.decoded("TRIGGER") for a in event.walk("VALARM")) == [-timedelta(hours=2), -timedelta(hours=1)]
    assert re.search(r"Time left: (2|3) hours?( \d+ minutes?)? \(as this calendar was read\)", str(event["DESCRIPTION"]))
    me = client.get("/me").data.decode()
    assert re.search(r"<noscript> \((2|3) hours?( \d+ minutes?)? left\)</noscript>", me)


def test_the_seat_and_options_pages_fit_a_phone_and_a_desktop(server, chrome, shots):
    """Screenshots at 390 px and 1366 px (nothing sticks out sideways): a seat of a bank game, and the
    options page opened at the clock with its words unfolded."""
    from tests.browser import screenshot

    _, made = call(server, "POST", "/api/games", {"game": "mississippi", "players": PLAYERS,
                                                  "options": {"clock": {"kind": "fischer", "initial": "7d",
                                                                        "increment": "1d", "max": "14d"}}})
    driver = chrome()
    driver.get(made["seats"][0]["url"])
    assert "Time left in each bank: " in driver.find_element("css selector", ".turn").text
    screenshot(driver, shots, "fischer-seat")
    driver.get(server + "/new/mississippi")
    driver.find_element("css selector", ".clock-words summary").click()
    driver.execute_script("document.querySelector('.clock-words').closest('.options').querySelector('h3').scrollIntoView()")
    assert "A bank of time" in driver.find_element("css selector", ".clock-words").text
    screenshot(driver, shots, "fischer-options")


def test_a_dry_bank_times_out_under_each_of_the_games_timeout_policies(db, site):
    """A bank of 2h, +1h a move: the sweep (with a chosen `now`) times a seat out when its bank is dry,
    then does what the game's options say: reminds it an increment later, passes its turn (its bank then
    starts again from the increment), or ends the game for it."""
    def start(policy, game="mississippi"):
        players = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]
        created = service.create_game(db, site, game, players, {
            "clock": {"kind": "fischer", "initial": "2h", "increment": "1h"}, "on_timeout": policy},
            now="2026-11-02T12:00:00Z")
        return created, sorted(service.load(db, created.id).to_move)[0]

    reminded, seat = start("remind")
    assert sweep.sweep(db, site, "2026-11-02T13:59:59Z", owner="t")["timeouts"] == 0
    assert sweep.sweep(db, site, "2026-11-02T14:00:00Z", owner="t")["timeouts"] >= 1
    assert seat in service.load(db, reminded.id).timed_out
    kinds = [r["kind"].split(":")[0] for r in outbox.for_game(db, reminded.id) if r["seat"] == seat]
    assert kinds[-1] == "timeout"
    sweep.sweep(db, site, "2026-11-02T15:00:00Z", owner="t")  # an increment after the deadline
    assert [r["kind"].split(":")[0] for r in outbox.for_game(db, reminded.id) if r["seat"] == seat][-1] == "reminder"

    passed, seat = start("skip", "buccaneer")  # Mississippi has no pass; Buccaneer's default move is one
    sweep.sweep(db, site, "2026-11-02T16:00:00Z", owner="t")
    loaded = service.load(db, passed.id)
    assert [e.type for e in store.read_events(db, passed.id)].count("turn_timed_out") == 1
    assert seat not in loaded.to_move and loaded.banks[seat] == 3600  # nothing left, then the increment

    lost, seat = start("forfeit")
    sweep.sweep(db, site, "2026-11-02T16:00:00Z", owner="t")
    assert service.load(db, lost.id).outcome.winners == (1 - seat,)
