"""Issue 17's done-when, through real `pbem serve` processes (the scheduler in the server, as a newcomer
runs it): a person plays a whole Mississippi game against two computer seats from the seat page's forms;
a computer-only game of every game plays to its end and verifies; a timed-out seat is played by the
computer until its person is back; a handed-on seat opens for its new holder only (its link mailed by a
`pbem worker --once` to a real SMTP server on loopback)."""

from __future__ import annotations

import json
import os
import random
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone

import pytest

from pbem import store
from pbem.games import GAMES
from pbem.play import clock, service
from pbem.site import Site
from tests.conftest import ROOT, start_server, stop_server
from tests.support import Browser, csrf, offered_moves, play_through_the_form, start_from_the_form


def serve(var_dir, database, **env):
    """A real `pbem serve` (its scheduler running) on a loopback port; returns (base URL, process)."""
    process, base = start_server(var_dir, database, env=env)
    return base, process


stop = stop_server


def api(method, url, body=None, token=None):
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    data = json.dumps(body).encode() if body is not None else None
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data, headers, method=method), timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def wait_for(condition, seconds, what):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = condition()
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"waited {seconds} s for {what}")


@pytest.mark.slow
def test_a_person_plays_a_whole_mississippi_game_against_two_computer_seats(var_dir, database):
    base, process = serve(var_dir, database, PBEM_COMPUTER_DELAY="1")
    try:
        browser = Browser()
        game_id, links = start_from_the_form(browser, base, "mississippi",
                                             {"name0": "Ann", "kind1": "computer", "kind2": "computer"})
        assert len(links) == 1  # the computer seats have no links
        link = links[0]
        game = f"{base}/api/games/{game_id}"
        rng = random.Random(3)
        moves = 0
        while True:
            state = wait_for(lambda: (s := browser.get_json(game)) and (s["status"] == "finished" or 0 in s["to_move"])
                             and s, 60, "the computer seats to move")
            if state["status"] == "finished":
                break
            _, page = browser.get(link)
            assert "<strong>Your turn.</strong>" in page and "Played by the computer: Computer 2, Computer 3" in page
            choice = rng.choice(offered_moves(page))
            status, after = play_through_the_form(browser, link, page, choice)
            assert status == 200 and f"Played {choice}" in after, after[:2000]
            moves += 1
            assert moves < 200
        assert moves >= 5
        db = store.connect(database)
        events = store.read_events(db, game_id)
        computer_moves = [e for e in events if e.command and e.command.get("via") == "bot"]
        assert {e.command["seat"] for e in computer_moves} == {1, 2} and len(computer_moves) >= 2 * (moves - 1)
        for event in computer_moves:  # each a second or more after the append before it (the person's
            # request never waited for a computer, which moves in the scheduler, later), and within seconds:
            # the append woke the scheduler, no minute's sweep was waited for
            previous = next(e for e in reversed(events) if e.seq < event.seq and e.command)
            gap = clock.parse_time(event.at) - clock.parse_time(previous.at)
            assert timedelta(seconds=1) <= gap <= timedelta(seconds=15), (event.seq, gap)
        status, report = api("GET", f"{game}/verify")
        assert status == 200 and report["ok"] and report["seed"]
    finally:
        stop(process)


@pytest.mark.slow
def test_a_computer_only_game_of_every_game_plays_to_its_end_and_verifies(var_dir, database):
    base, process = serve(var_dir, database, PBEM_COMPUTER_DELAY="0")
    try:
        started = {}
        for name, module in sorted(GAMES.items()):
            seats = max(2, module.PLAYERS[0])
            status, created = api("POST", f"{base}/api/games", {"game": name, "players": [
                {"name": f"Computer {i + 1}", "bot": "standard"} for i in range(seats)]})
            assert status == 201 and all("token" not in s for s in created["seats"]), created
            started[name] = created["id"]
        for name, game_id in started.items():
            wait_for(lambda: api("GET", f"{base}/api/games/{game_id}")[1]["status"] == "finished", 240,
                     f"the computer-only game of {name} to end")
            status, report = api("GET", f"{base}/api/games/{game_id}/verify")
            assert status == 200 and report["ok"] and report["seed"], (name, report)
    finally:
        stop(process)


@pytest.mark.slow
def test_a_timed_out_seat_is_played_by_the_computer_until_its_person_is_back(var_dir, database):
    """The game is made (on the server's database) two hours ago with an hour per move (the shortest): when
    the server starts, its first sweep times Ann out and the computer plays for her from then on."""
    db = store.connect(database)
    past = datetime.now(timezone.utc) - timedelta(hours=2)
    site = Site(base_url="http://127.0.0.1", secret_key="e2e-secret-key-of-this-test", var_dir=var_dir)
    created = service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"name": "Bob"}],
                                  {"time_per_move": "1h", "reminders": "none", "on_timeout": "bot"},
                                  now=clock.format_time(past))
    assert service.load(db, created.id).to_move == {0}
    base, process = serve(var_dir, database, PBEM_COMPUTER_DELAY="1", PBEM_SECRET_KEY=site.secret_key)
    ann, bob = (f"{base}/play/{token}" for token in created.tokens)
    game = f"{base}/api/games/{created.id}"
    try:
        def bob_to_move():
            state = api("GET", game)[1]
            return state if state["to_move"] == [1] else None

        browser = Browser()
        for _ in range(3):  # the computer answers for Ann each time Bob moves
            state = wait_for(bob_to_move, 30, "the computer to move for Ann")
            status, _ = api("POST", f"{game}/moves", {"move": api("GET", game, token=created.tokens[1])[1]["legal"][0],
                                                       "seq": state["seq"]}, token=created.tokens[1])
            assert status == 201
        wait_for(bob_to_move, 30, "the computer to move for Ann")
        _, page = browser.get(ann)
        assert "The computer is playing for you" in page
        _, bob_page = browser.get(bob)
        assert "The computer plays for Ann until they are back." in bob_page
        status, after = browser.post(ann + "/back", {"csrf": csrf(page)})
        assert status == 200 and "the computer no longer plays for you" in after
        state = api("GET", game, token=created.tokens[1])[1]
        assert api("POST", f"{game}/moves", {"move": state["legal"][0], "seq": state["seq"]},
                   token=created.tokens[1])[0] == 201
        time.sleep(3)  # three times the computer's delay: it would have moved by now
        _, page = browser.get(ann)
        assert "<strong>Your turn.</strong>" in page and "The computer is playing for you" not in page
        choice = offered_moves(page)[0]
        status, after = play_through_the_form(browser, ann, page, choice)
        assert status == 200 and f"Played {choice}" in after
        events = store.read_events(db, created.id)
        by_computer = [e for e in events if e.command and e.command.get("via") == "bot"]
        assert len(by_computer) == 4 and {e.command["seat"] for e in by_computer} == {0}
        assert [e.type for e in events].count("computer_stopped") == 1
        assert events[-1].actor == "0" and not (events[-1].command or {}).get("via")
        assert api("GET", f"{game}/verify")[1]["ok"]
    finally:
        stop(process)


@pytest.mark.slow
def test_a_handed_on_seat_opens_for_its_new_holder_only(var_dir, database, smtp_sink):
    env = {"PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test", "PBEM_RATE_LIMITS": "off"}
    process, base = start_server(var_dir, database, "--no-scheduler", env=env)  # the worker below sends the mail
    try:
        status, created = api("POST", f"{base}/api/games", {"game": "buccaneer", "players": [
            {"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]})
        assert status == 201
        game = f"{base}/api/games/{created['id']}"
        old, other = created["seats"][0]["token"], created["seats"][1]["token"]
        seen = api("GET", game, token=old)[1]
        status, answer = api("POST", f"{game}/handover", {"name": "Dora", "email": "dora@example.org"}, token=old)
        assert status == 201 and answer["name"] == "Dora"
        worker = subprocess.run([sys.executable, "-m", "pbem.cli", "worker", "--once"], cwd=ROOT, timeout=120,
                                capture_output=True, text=True,
                                env={**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": database,
                                     "PBEM_BASE_URL": base, **env})
        assert worker.returncode == 0, worker.stdout + worker.stderr
        smtp_sink.wait_for(4)
        (mail,) = smtp_sink.to("dora@example.org")
        text = mail.get_body(("plain",)).get_content()
        link = re.search(re.escape(base) + r"/play/[A-Za-z0-9_-]+", text).group(0)
        new = link.rsplit("/", 1)[1]
        assert urllib.request.urlopen(link, timeout=30).status == 200
        page = urllib.request.urlopen(link, timeout=30).read().decode()
        assert "This seat is yours now" in page and "Ann handed it on to you" in page
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"{base}/play/{old}", timeout=30)
        assert refused.value.code == 404
        assert api("GET", game, token=old)[0] == 403
        mine = api("GET", game, token=new)[1]
        assert mine["you"] == 0 and mine["view"] == seen["view"]
        for token in (other, None):
            events = api("GET", f"{game}/events", token=token)[1]
            assert "dora@example.org" not in json.dumps(events) and new not in json.dumps(events)
        assert all(new not in m.get_body(("plain",)).get_content() for m in smtp_sink.messages
                   if m["To"] != "dora@example.org")
    finally:
        stop(process)
