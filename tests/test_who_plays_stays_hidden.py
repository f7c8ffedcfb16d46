"""Asking for a sign-in link (/signin, POST /api/signin) or for one's lost seat links (/links) tells nobody
whether an address plays here (audit N10): not by the answer, and not by the time it takes, since the
request does the same work for every address -- it records what was asked, one row -- and the lookup,
the games loaded and the mail written happen after it, on the delivery side (pbem/notify/asked.py).

The work is compared statement by statement (every SQL statement the request runs, with the address
written as X), not by timing; then a real server with its scheduler and a real SMTP server show the mail
still reaching the address that plays, at once, and nothing reaching the other."""

import json
import re
import time
import urllib.request

import pytest

from pbem import store
from pbem.play import service
from pbem.web import db as request_db
from tests.conftest import start_server, stop_server
from tests.support import Browser, csrf, proven

ANN = "ann@example.org"
NOBODY = "nobody@example.org"
GAMES = [("mississippi", [{"name": "Ann", "email": ANN}, {"name": "Bob"}]),
         ("rigadoon", [{"name": "Cy"}, {"name": "Ann", "email": ANN}]),
         ("mississippi", [{"name": "Ann", "email": ANN}, {"name": "Dee"}, {"name": "Eve"}])]


def traced(app, request):
    """The answer to `request()` and every SQL statement the request ran on its database connection."""
    statements = []
    with app.app_context():
        connection = request_db.connection(app.config["DATABASE"]).conn  # the one this thread's requests use
    connection.set_trace_callback(statements.append)
    try:
        answer = request()
    finally:
        connection.set_trace_callback(None)
    return answer, statements


def same_but_address(known, unknown):
    """The known address's text with the address written X, and the unknown's the same way."""
    return known.replace(ANN, "X"), unknown.replace(NOBODY, "X")


@pytest.mark.sqlite_only("the statements are read through SQLite's trace callback; what a request runs is "
                         "the store's same code on both engines")
@pytest.mark.parametrize("path", ["/signin", "/links", "/api/signin"])
def test_the_answer_and_its_work_are_the_same_for_an_address_that_plays_and_one_that_does_not(app, client, db,
                                                                                             site, path):
    for game, players in GAMES:
        service.create_game(db, site, game, players)
    token = csrf(client.get("/links" if path == "/links" else "/signin").data.decode())

    def ask(address):
        if path == "/api/signin":
            return lambda: client.post(path, json={"email": address})
        return lambda: client.post(path, data={"csrf": token, "address": address})

    ask(NOBODY)()  # a first request opens what every later one finds open (the connection, the templates)
    known, known_work = traced(app, ask(ANN))
    unknown, unknown_work = traced(app, ask(NOBODY))
    assert known.status_code == unknown.status_code == (202 if path == "/api/signin" else 200)
    known_page, unknown_page = same_but_address(known.get_data(as_text=True), unknown.get_data(as_text=True))
    assert known_page == unknown_page
    known_work, unknown_work = same_but_address("\n".join(known_work), "\n".join(unknown_work))
    # the two requests' times differ by the clock, not by the address: a second that ticked over between
    # them (often enough on a busy machine) is no difference in the work
    known_work, unknown_work = (re.sub(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", "T", work) for work in (known_work, unknown_work))
    assert known_work == unknown_work, (known_work, unknown_work)
    assert "insert into asked" in known_work and "seats" not in known_work and "outbox" not in known_work
    kind = "links" if path == "/links" else "signin"
    assert [(row["kind"], row["address"]) for row in db.query("select kind, address from asked order by id")] \
        == [(kind, NOBODY), (kind, ANN), (kind, NOBODY)]


def test_a_real_server_mails_the_address_that_plays_at_once_and_nobody_else(var_dir, database, smtp_sink):
    process, base = start_server(var_dir, database, env={"PBEM_SMTP_URL": smtp_sink.url,
                                                         "PBEM_MAIL_FROM": "pbem@pbem.test"})
    try:
        made = []
        for game, players in GAMES:
            request = urllib.request.Request(base + "/api/games", headers={"Content-Type": "application/json"},
                                             data=json.dumps({"game": game, "players": players}).encode())
            made.append(json.loads(urllib.request.urlopen(request, timeout=30).read())["id"])
        smtp_sink.wait_for(3, timeout=20)  # Ann's invitations
        # Ann plays: she opened her games from their mail (else, past three mails, nothing more reaches an
        # address that never said it wants them: tests/test_unproven_mail.py)
        connection = store.connect(database)
        proven(connection, "", ANN)
        for game_id in made:
            proven(connection, game_id, ANN)
        connection.close()
        browser = Browser()
        pages = {}
        for address in (ANN, NOBODY):
            for path in ("/signin", "/links"):
                _, form = browser.get(base + path)
                status, page = browser.post(base + path, {"csrf": csrf(form), "address": address})
                assert status == 200
                pages[address, path] = re.sub(r'name="csrf" value="[^"]+"', "", page)
        for path in ("/signin", "/links"):
            known_page, unknown_page = same_but_address(pages[ANN, path], pages[NOBODY, path])
            assert known_page == unknown_page
        deadline = time.monotonic() + 20  # the scheduler answers right after each request, not at its minute
        while time.monotonic() < deadline and len(smtp_sink.to(ANN)) < 3 + 1 + 3:
            time.sleep(0.1)
        subjects = [m["Subject"] for m in smtp_sink.to(ANN)][3:]
        assert sum("sign-in link" in s for s in subjects) == 1
        assert sum("your seat link, as asked" in s for s in subjects) == 3
        assert smtp_sink.to(NOBODY) == []
        db = store.connect(database)
        assert list(db.query("select count(*) as n from asked")) == [{"n": 0}]  # every request taken and answered
    finally:
        stop_server(process)
