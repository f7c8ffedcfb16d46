"""Issue 14's story end to end, through a real `pbem serve` (with its scheduler) mailing a real SMTP server on
loopback: a person with three games signs in from a mail, sees them on /me in the right order, adds a
fourth that was created without an address, replaces a leaked link, subscribes to the calendar, and a game
with two open seats fills from one shared link and starts."""

import json
import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import feedparser
import icalendar
import pytest

from tests.conftest import free_port
from tests.support import Browser, csrf

ROOT = Path(__file__).resolve().parent.parent
ANN = "ann@example.org"
pytestmark = pytest.mark.slow


@pytest.fixture
def home_server(var_dir, database, smtp_sink):
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env = {**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": database, "PBEM_BASE_URL": base,
           "PBEM_RATE_LIMITS": "off", "PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test"}
    process = subprocess.Popen([sys.executable, "-m", "pbem.cli", "serve", "--port", str(port)], cwd=ROOT, env=env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/api/games/types", timeout=1).read()
            break
        except OSError:
            assert process.poll() is None and time.monotonic() < deadline, "pbem serve did not start"
            time.sleep(0.1)
    yield base, env
    process.terminate()
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


def api(base, method, path, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else (b"" if method == "POST" else None)
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read() or b"null")
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


def mail_to(sink, address, subject_part, count=1, timeout=20):
    """The first `count` mails to `address` whose subject has `subject_part`, waiting for them."""
    deadline = time.monotonic() + timeout
    while True:
        found = [m for m in sink.to(address) if subject_part in m["Subject"]]
        if len(found) >= count or time.monotonic() > deadline:
            return found
        time.sleep(0.1)


def body(message):
    return message.get_body(("plain",)).get_content()


def page_form_action(base, page, ending):
    return base + re.search(r'action="([^"]*/' + ending + r')"', page).group(1)


def owing(base, made, seat):
    """Make `seat` owe the next move of a two-player Rigadoon game (its first player is drawn)."""
    _, view = api(base, "GET", f"/api/games/{made['id']}")
    if seat not in view["to_move"]:
        other = made["seats"][1 - seat]["token"]
        _, mine = api(base, "GET", f"/api/games/{made['id']}", token=other)
        status, _ = api(base, "POST", f"/api/games/{made['id']}/moves", {"move": mine["legal"][0], "seq": mine["seq"]},
                        token=other)
        assert status == 201


def test_a_players_home_end_to_end(home_server, smtp_sink):
    base, env = home_server
    ann = {"name": "Ann", "email": ANN}
    # --- three games of Ann's: one due in a day, one in three days, one waiting for Dee ---------------
    games = {}
    for key, players, per_move in (("slow", [ann, {"name": "Bob"}], "3d"), ("quick", [ann, {"name": "Cy"}], "1d"),
                                   ("theirs", [{"name": "Dee"}, ann], "2d")):
        status, made = api(base, "POST", "/api/games", {"game": "rigadoon", "players": players,
                                                        "options": {"time_per_move": per_move}})
        assert status == 201
        games[key] = made
    owing(base, games["slow"], 0)
    owing(base, games["quick"], 0)
    owing(base, games["theirs"], 0)
    _, fourth = api(base, "POST", "/api/games", {"game": "rigadoon", "players": [{"name": "Ann"}, {"name": "Eve"}]})

    # --- she opens a game from its invitation and wants its mail: she is a player, not a stranger's address
    browser = Browser()
    invited = body(mail_to(smtp_sink, ANN, "invited")[0])
    status, page = browser.get(re.search(r"http://\S+/play/\S+\?proof=[0-9a-f]+", invited).group(0))
    status, page = browser.post(page_form_action(base, page, "mail-proof"), {"csrf": csrf(page)})
    assert status == 200 and "keep coming to your address" in page

    # --- she signs in from a mail ------------------------------------------------------------------------
    _, form = browser.get(f"{base}/signin")
    status, page = browser.post(f"{base}/signin", {"csrf": csrf(form), "address": ANN})
    assert status == 200 and "a sign-in link is on its way" in page
    mail = mail_to(smtp_sink, ANN, "sign-in link")
    assert len(mail) == 1 and mail[0]["Reply-To"] is None  # a reply to it plays nothing
    link = re.search(re.escape(base) + r"/signin/\S+", body(mail[0])).group(0)
    _, confirm = browser.get(link)
    status, me = browser.post(link, {"csrf": csrf(confirm)})  # 303 to /me
    assert status == 200 and "You are signed in." in me
    assert re.search(r"<title>([^<]*)</title>", me).group(1) == "(2) Your games · pbem"
    order = re.findall(r'<span class="muted">game (\w+)</span>', me)
    assert order == [games["quick"]["id"], games["slow"]["id"], games["theirs"]["id"]]
    token = re.search(r"Authorization: Bearer ([A-Za-z0-9_\-]+)", me).group(1)
    status, mine = api(base, "GET", "/api/me/games", token=token)
    assert status == 200 and [g["id"] for g in mine] == order and [g["your_turn"] for g in mine] == [True, True, False]
    assert api(base, "GET", "/api/me/games")[0] == 401

    # --- she adds a fourth game, made without an address ---------------------------------------------------
    seat_link = fourth["seats"][0]["url"]
    _, settings = browser.get(seat_link + "/settings")
    assert "Add to my games" in settings
    status, me = browser.post(seat_link + "/mine", {"csrf": csrf(settings)})
    assert status == 200 and fourth["id"] in me
    assert len(api(base, "GET", "/api/me/games", token=token)[1]) == 4

    # --- its link leaked: she replaces it ---------------------------------------------------------------------
    _, settings = browser.get(seat_link + "/settings")
    status, moved = browser.post(seat_link + "/rotate", {"csrf": csrf(settings), "confirm": "yes"})
    assert status == 200 and "Your seat link is replaced" in moved
    try:
        Browser().get(seat_link)
        raise AssertionError("the leaked link still opens the seat")
    except urllib.error.HTTPError as error:
        assert error.code == 404
    old_token = fourth["seats"][0]["token"]
    assert api(base, "GET", f"/api/games/{fourth['id']}", token=old_token)[0] == 403
    status, mine = api(base, "GET", "/api/me/games", token=token)
    new_link = next(g["url"] for g in mine if g["id"] == fourth["id"])
    assert new_link != seat_link and Browser().get(new_link)[0] == 200
    links = subprocess.run([sys.executable, "-m", "pbem.cli", "links", fourth["id"]], cwd=ROOT, env=env,
                           capture_output=True, text=True, check=True).stdout
    assert f"seat 0 Ann: {new_link}" in links and seat_link not in links

    # --- she subscribes to her calendar ------------------------------------------------------------------------
    feed = re.search(re.escape(base) + r"/me/calendar\.ics\?key=[A-Za-z0-9_\-]+", me).group(0)
    with urllib.request.urlopen(feed, timeout=30) as response:  # a calendar program: no cookie
        assert response.headers.get_content_type() == "text/calendar"
        calendar = icalendar.Calendar.from_ical(response.read())
    due = sorted((str(e["UID"]).split("-")[0], e.decoded("DTSTART")) for e in calendar.walk("VEVENT"))
    assert [game for game, _ in due] == sorted([games["quick"]["id"], games["slow"]["id"]])
    alarms = {str(e["UID"]).split("-")[0]: len(e.walk("VALARM")) for e in calendar.walk("VEVENT")}
    assert alarms == {games["slow"]["id"]: 2, games["quick"]["id"]: 1}  # default reminders 1d and 1h (1h within 1d)

    # --- a game with two open seats fills from one shared link and starts --------------------------------------------
    status, made = api(base, "POST", "/api/games", {"game": "mississippi", "players": [ann, {"open": True}, {"open": True}],
                                                    "options": {"time_per_move": "2d"}})
    assert status == 201 and made["status"] == "waiting"
    invite = made["invite_url"]
    assert api(base, "GET", f"/api/games/{made['id']}")[1]["status"] == "waiting"
    joiners = []
    for name, address in (("Finn", "finn@example.org"), ("Gus", "gus@example.org")):
        person = Browser()
        _, join = person.get(invite)
        assert "Take the next open seat" in join
        status, seat_page = person.post(invite, {"csrf": csrf(join), "name": name, "email": address})
        assert status == 200 and f"You have joined and play seat {len(joiners) + 2}" in seat_page
        joiners.append((person, address, seat_page))
    finn_page = joiners[0][2]
    assert "The game has not begun" in finn_page and "Finn" in finn_page  # who has joined, until it begins
    welcome = mail_to(smtp_sink, "finn@example.org", "you have joined")
    assert len(welcome) == 1 and "/play/" in body(welcome[0])
    _, game = api(base, "GET", f"/api/games/{made['id']}")
    assert game["status"] == "active" and game["to_move"] == [0] and game["deadline"]
    for address in (ANN, "finn@example.org", "gus@example.org"):
        invitation = mail_to(smtp_sink, address, f"{made['id']}: you are invited to play")
        assert len(invitation) == 1 and "Finn" in body(invitation[0]) and "Gus" in body(invitation[0])
    try:
        Browser().get(invite)
        raise AssertionError("a full game still offers a seat")
    except urllib.error.HTTPError as error:
        assert error.code == 409
    _, spectator = Browser().get(f"{base}/games/{made['id']}")
    assert "The game has not begun" not in spectator and "Finn" in spectator
    assert api(base, "GET", f"/api/games/{made['id']}/verify")[1]["ok"]
    with urllib.request.urlopen(f"{base}/games/{made['id']}/feed.atom", timeout=30) as response:
        atom = feedparser.parse(response.read())
    assert not atom.bozo and any("Gus joined" in e.title for e in atom.entries)
    status, mine = api(base, "GET", "/api/me/games", token=token)
    # the fourth game has no clock (so it comes after those with a deadline); who moves first there was drawn
    fourth_owes = 0 in api(base, "GET", f"/api/games/{fourth['id']}")[1]["to_move"]
    assert [g["id"] for g in mine if g["your_turn"]] == \
        [games["quick"]["id"], made["id"], games["slow"]["id"]] + ([fourth["id"]] if fourth_owes else [])
