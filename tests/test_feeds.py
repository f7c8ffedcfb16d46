"""Feeds (issue 14): the calendar of a player's deadlines, read back with the `icalendar` library as a
calendar program would (an event per move due, an alarm per reminder of the game's clock; no seat link),
and a game's Atom feed, read back with `feedparser` (the game's appends in a spectator's words, hidden
information withheld)."""

import re
from datetime import timedelta

import feedparser
import icalendar

from pbem import store
from pbem.notify import asked
from pbem.play import clock, service
from pbem.site import Site
from pbem.words import lines_of, tell
from tests.support import csrf, proven

ANN = "ann@example.org"


def sign_in(client, db):
    proven(db, "", ANN)  # her sign-in link comes after three invitations: she opened one of those before
    form = client.get("/signin").data.decode()
    client.post("/signin", data={"csrf": csrf(form), "address": ANN})
    asked.answer(db, Site.from_config(client.application.config))  # the server's scheduler does this
    row = list(db.query("select body_text from outbox where kind like 'signin:%' order by id desc limit 1"))[0]
    link = re.search(r"http://pbem\.test(/signin/\S+)", row["body_text"]).group(1)
    client.post(link, data={"csrf": csrf(client.get(link).data.decode())})


def feed_url(client):
    return re.search(r"http://pbem\.test(/me/calendar\.ics\?key=[A-Za-z0-9_\-]+)", client.get("/me").data.decode()).group(1)


def owing_game(client, db, site, name, **options):
    """A Rigadoon game in which Ann (seat 0) owes the move."""
    made = client.post("/api/games", json={"game": "rigadoon", "players": [{"name": "Ann", "email": ANN}, {"name": name}],
                                           "options": options}).json
    loaded = service.load(db, made["id"])
    if 0 not in loaded.to_move:
        service.submit_move(db, site, made["id"], made["seats"][1]["token"],
                            loaded.module.legal_moves(loaded.state, 1)[0], loaded.seq)
    return made


def test_the_calendar_has_each_move_due_with_the_games_reminders_as_alarms(client, db, site):
    one = owing_game(client, db, site, "Bob, the \"Terror\"; of seas", time_per_move="2d", reminders="1d,2h")
    two = owing_game(client, db, site, "Cy", time_per_move="12h")
    owing_game(client, db, site, "Dee")  # no clock: nothing falls due
    sign_in(client, db)
    url = feed_url(client)
    answer = client.get(url)
    assert answer.status_code == 200 and answer.mimetype == "text/calendar"
    assert b"\r\n" in answer.data and all(len(line) <= 75 for line in answer.data.split(b"\r\n"))
    calendar = icalendar.Calendar.from_ical(answer.data)
    events = calendar.walk("VEVENT")
    assert len(events) == 2
    by_game = {str(e["UID"]).split("-")[0]: e for e in events}
    first = by_game[one["id"]]
    due = clock.parse_time(service.load(db, one["id"]).earliest_deadline(clock.parse_time(service.utcnow())).isoformat())
    assert first.decoded("DTSTART") == due
    assert str(first["SUMMARY"]) == 'Your move is due: Rigadoon with Bob, the "Terror"; of seas'
    assert sorted(a.decoded("TRIGGER") for a in first.walk("VALARM")) == [-timedelta(days=1), -timedelta(hours=2)]
    assert [a.decoded("TRIGGER") for a in by_game[two["id"]].walk("VALARM")] == [-timedelta(hours=1)]
    assert "/play/" not in answer.data.decode()  # a calendar is often synced elsewhere: no seat's key in it
    assert str(first["URL"]) == site.game_url(one["id"])


def test_the_calendar_key_can_be_replaced_and_a_wrong_key_shows_nothing(client, db, site):
    owing_game(client, db, site, "Bob", time_per_move="1d")
    sign_in(client, db)
    url = feed_url(client)
    assert client.get("/me/calendar.ics?key=nonsense").status_code == 404
    assert client.get("/me/calendar.ics").status_code == 404
    other = client.application.test_client()  # a calendar program: no cookie, the key alone
    assert other.get(url).status_code == 200
    client.post("/me/keys", data={"csrf": csrf(client.get("/me").data.decode()), "kind": "feed"})
    assert other.get(url).status_code == 404
    new = feed_url(client)
    assert new != url and other.get(new).status_code == 200


def test_the_atom_feed_tells_the_game_as_a_spectator_reads_it(client, db, site):
    made = client.post("/api/games", json={"game": "buccaneer", "players": [{"name": "Ann"}, {"name": "Bob"}]}).json
    game = made["id"]
    for _ in range(6):
        loaded = service.load(db, game)
        seat = min(loaded.to_move)
        service.submit_move(db, site, game, made["seats"][seat]["token"],
                            loaded.module.legal_moves(loaded.state, seat)[0], loaded.seq)
    answer = client.get(f"/games/{game}/feed.atom")
    assert answer.status_code == 200 and answer.mimetype == "application/atom+xml"
    feed = feedparser.parse(answer.data)
    assert not feed.bozo, feed.bozo_exception
    assert feed.version == "atom10" and feed.feed.title == f"Buccaneer, game {game}"
    assert feed.feed.link == site.game_url(game)
    head = service.load(db, game)
    told = [item for item in tell(db, head, None, 0) if item.lines]
    assert len(feed.entries) == len(told)
    assert [e.content[0].value for e in feed.entries] == ["\n".join(item.read()) for item in reversed(told)]
    assert feed.entries[0].link == f"{site.game_url(game)}/history?at={head.seq}"
    # a seat's own words may say more (its hand); the feed says only what a spectator's do
    spectator = "\n".join(lines_of(tell(db, head, None, 0)))
    seat_words = "\n".join(lines_of(tell(db, head, 0, 0)))
    shown = "\n".join(e.content[0].value for e in feed.entries)
    assert all(line in spectator for line in shown.splitlines())
    assert seat_words != spectator, "the test wants a game whose seats read more than spectators"
    assert client.get("/games/nosuchgame/feed.atom").status_code == 404


def test_a_long_games_feed_holds_its_latest_appends_only(client, db, site):
    made = client.post("/api/games", json={"game": "mississippi",
                                           "players": [{"name": "Ann"}, {"name": "Bob"}, {"name": "Cy"}]}).json
    game = made["id"]
    for _ in range(70):
        loaded = service.load(db, game)
        if loaded.finished:
            break
        seat = min(loaded.to_move)
        service.submit_move(db, site, game, made["seats"][seat]["token"],
                            loaded.module.legal_moves(loaded.state, seat)[0], loaded.seq)
    feed = feedparser.parse(client.get(f"/games/{game}/feed.atom").data)
    assert 0 < len(feed.entries) <= 50
    assert feed.entries[0].id.endswith(f"#event-{store.command_seqs(db, game, descending=True, limit=1)[0][0]}")
