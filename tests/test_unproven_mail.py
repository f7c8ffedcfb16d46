"""No one is mail-bombed through this server (audit N2): an address gets at most three mails, whatever the
games, kinds and clients, from games whose mail it has not shown it wants (pbem/store/ `enqueue`);
following a link from one of a game's mails and saying so lifts that for the game (pbem/web/proof.py); a clock is at least an hour,
at most three reminders fall before a deadline, and a seat overdue under `on_timeout: remind` is reminded
three more times at growing gaps, then never (pbem/play/clock.py).

Through a real server and a real SMTP server on loopback; the clock is driven by the sweep with a `now`
far ahead, as the scheduler would after real hours."""

import json
import re
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone

import pytest

from pbem import store
from pbem.notify import sweep
from pbem.play import clock
from pbem.site import Site
from tests.conftest import start_server, stop_server
from tests.support import Browser, csrf

KEY = "unproven-mail-test-secret-key"
VICTIM = "victim@example.org"


def post(url, body):
    request = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


@pytest.fixture
def mail_server(var_dir, database, smtp_sink):
    """A real `pbem serve` mailing to the SMTP sink, its scheduler left to the test (`drive`)."""
    process, base = start_server(var_dir, database, "--no-scheduler", env={"PBEM_SMTP_URL": smtp_sink.url,
                                                                   "PBEM_SECRET_KEY": KEY})
    site = Site(base_url=base, secret_key=KEY, var_dir=var_dir, smtp_url=smtp_sink.url)
    db = store.connect(database)
    yield base, site, db
    db.close()
    stop_server(process)


def drive(db, site, start: datetime, hours: float, every_minutes: int = 10) -> None:
    """The scheduler's sweeps from `start` for `hours`, every few minutes of the game's time."""
    for step in range(int(hours * 60 / every_minutes) + 1):
        sweep.sweep(db, site, clock.format_time(start + timedelta(minutes=step * every_minutes)), owner="test")


def game(players, **options):
    return {"game": "mississippi", "players": players, "options": options}


def test_one_post_naming_a_strangers_address_mails_it_three_times_however_long_the_clock_runs(mail_server, smtp_sink):
    base, site, db = mail_server
    victim_everywhere = [{"name": f"V{i}", "email": VICTIM} for i in range(6)]
    # what the audit posted: a minute's clock and any number of reminders
    status, body = post(f"{base}/api/games", game(victim_everywhere, time_per_move="1m", reminders="50s,40s,30s,20s"))
    assert status == 422 and "at least an hour" in body["error"]
    status, body = post(f"{base}/api/games", game(victim_everywhere, time_per_move="1h", reminders="50m,40m,30m,20m"))
    assert status == 422 and "at most 3 reminders" in body["error"]
    # the smallest clock that is allowed, with the most reminders, reminding for ever once overdue
    status, created = post(f"{base}/api/games", game(victim_everywhere, time_per_move="1h", reminders="50m,30m,10m",
                                                     on_timeout="remind"))
    assert status == 201
    for _ in range(3):  # more games naming the address: the allowance counts mail, not games
        assert post(f"{base}/api/games", game([{"name": "V", "email": VICTIM}, {"name": "Me"}]))[0] == 201
    drive(db, site, datetime.now(timezone.utc), hours=12)
    smtp_sink.wait_for(4, timeout=3)  # (more than three would be wrong: wait a little for any)
    assert len(smtp_sink.to(VICTIM)) == 3
    held = db.execute("select count(*) from outbox where recipient = ? and status = 'unproven'", [VICTIM]).fetchone()[0]
    assert held > 6  # the other invitations and every reminder and timeout notice: written, never sent
    assert db.execute("select count(*) from outbox where status = 'unproven' and body_text is not null").fetchone()[0] == 0


def test_a_player_who_says_from_the_mail_that_it_is_wanted_gets_every_notice_and_a_bounded_clock(mail_server,
                                                                                                 smtp_sink):
    base, site, db = mail_server
    ann = [{"name": "Ann", "email": "ann@example.org"}]
    status, created = post(f"{base}/api/games", game(ann * 2, time_per_move="1h", reminders="50m,30m,10m",
                                                     on_timeout="remind"))
    assert status == 201
    start = datetime.now(timezone.utc)
    drive(db, site, start, hours=0)
    invitation = smtp_sink.wait_for(2)[0]  # one for each of her seats
    link = re.search(r"(http://\S+/play/\S+\?proof=[0-9a-f]+)", invitation.get_body(("plain",)).get_content()).group(1)
    browser = Browser()
    # opening the link (as a mail scanner would) changes nothing; the page asks, and the answer is a POST
    status, page = browser.get(link)
    assert status == 200 and "Yes, keep mailing me" in page and not store.is_proven(db, "ann@example.org", created["id"])
    token = link.split("/play/")[1].split("?")[0]
    status, page = browser.post(f"{base}/play/{token}/mail-proof", {"csrf": csrf(page)})
    assert status == 200 and "keep coming to your address" in page and store.is_proven(db, "ann@example.org", created["id"])
    before = len(smtp_sink.messages)
    # a week of the game's time, nobody moving: the one deadline's three reminders and its timeout
    # notice, then three reminders at growing gaps (1h, 3h and 7h after the deadline), then silence
    drive(db, site, start, hours=1.5)  # every ten minutes, so no reminder is superseded by the next
    drive(db, site, start + timedelta(minutes=90), hours=7 * 24, every_minutes=60)
    mails = smtp_sink.wait_for(before + 7)[before:]
    subjects = [m["Subject"] for m in mails]
    assert [s.split(": ", 1)[1].rsplit(",", 1)[0] for s in subjects] == \
        ["reminder: your move is due"] * 3 + ["your time ran out"] + ["reminder: your move is due"] * 3, subjects
    # games she has not opened count as before: a stranger naming her hears her say nothing, three times
    for _ in range(4):
        assert post(f"{base}/api/games", game(ann + [{"name": "Bob"}]))[0] == 201
    drive(db, site, start + timedelta(days=8), hours=0)
    smtp_sink.wait_for(before + 11, timeout=3)
    assert len(smtp_sink.messages) == before + 7 + 3


def test_a_stranger_who_opens_the_seat_link_without_the_mail_cannot_lift_the_allowance(mail_server, smtp_sink):
    base, site, db = mail_server
    status, created = post(f"{base}/api/games", game([{"name": "V", "email": VICTIM}, {"name": "Me"}]))
    browser = Browser()
    status, page = browser.get(created["seats"][0]["url"])  # the creator holds every seat link, not the mail
    assert status == 200 and "stop after 3 mails" in page and "Yes, keep mailing me" not in page
    token = created["seats"][0]["token"]
    status, page = browser.post(f"{base}/play/{token}/mail-proof", {"csrf": csrf(page)})
    assert "Not done" in page and not store.is_proven(db, VICTIM, created["id"])
    forged = f"{created['seats'][0]['url']}?proof={'0' * 32}"
    status, page = browser.get(forged)
    assert "Yes, keep mailing me" not in page


def test_a_move_played_from_the_page_opened_from_the_mail_says_the_mail_is_wanted(mail_server, smtp_sink):
    from tests.support import offered_moves, play_through_the_form

    base, site, db = mail_server
    status, created = post(f"{base}/api/games", game([{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob"}]))
    drive(db, site, datetime.now(timezone.utc), hours=0)
    text = smtp_sink.wait_for(1)[0].get_body(("plain",)).get_content()
    link = re.search(r"(http://\S+/play/\S+\?proof=[0-9a-f]+)", text).group(1)
    browser = Browser()
    status, page = browser.get(link)
    assert not store.is_proven(db, "ann@example.org", created["id"])
    status, after = play_through_the_form(browser, link.split("?")[0], page, offered_moves(page)[0])
    assert status == 200 and store.is_proven(db, "ann@example.org", created["id"])
