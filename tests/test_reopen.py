"""Reopening an abandoned seat (issue 31, item 5): the others agree to give a vanished player's seat to
someone new. Through a real server and real mail on loopback: in a game of three, Vera's time runs out;
Ann offers to reopen her seat (422 for Bob's, who is still there), Bob accepts and is given the seat's
invitation; Vera's old link opens nothing; Nina takes the seat from the invitation and sees what it knew
(not Vera's sealed note), the history says so in words (in German too), the others are told by mail,
and Vera's public name counts the game as abandoned. No address shows anywhere. In process: a seat the
computer has stood in for under a week cannot be reopened (after a week it can), and the seat page's
form offers it without a script."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.request
from datetime import datetime, timedelta, timezone

import pytest

from pbem.between import agreements
from pbem.notify import sweep
from pbem.people import accounts
from pbem.play import audit, clock, service
from pbem.play.errors import Refused
from tests.conftest import ROOT, start_server, stop_server
from tests.support import csrf, json_call

ANN, BOB, VERA, NINA = "ann@example.org", "bob@example.org", "vera@example.org", "nina@example.org"
ADDRESSES = (ANN, BOB, VERA, NINA)


def three(db, site, began: datetime, on_timeout: str):
    """A game of three begun at `began`, an hour per move; Vera (seat 0) owes the first move."""
    players = [{"name": "Vera", "email": VERA}, {"name": "Ann", "email": ANN}, {"name": "Bob", "email": BOB}]
    created = service.create_game(db, site, "mississippi", players,
                                  {"time_per_move": "1h", "reminders": "none", "on_timeout": on_timeout},
                                  now=clock.format_time(began))
    assert 0 in service.load(db, created.id).to_move
    return created


def page(url, language="en") -> tuple[int, str]:
    request = urllib.request.Request(url, headers={"Accept-Language": language})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.read().decode().replace("&#39;", "'")
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode().replace("&#39;", "'")


def test_a_vanished_seat_is_reopened_by_agreement_and_taken_by_a_newcomer(db, site, var_dir, database, smtp_sink):
    now = datetime.now(timezone.utc).replace(microsecond=0)
    created = three(db, site, now - timedelta(hours=3), on_timeout="remind")
    vera, ann, bob = created.tokens
    env = {"PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test", "PBEM_RATE_LIMITS": "off"}
    process, base = start_server(var_dir, database, "--no-scheduler", env=env)  # the worker below sends the mail
    try:
        game = f"{base}/api/games/{created.id}"
        assert json_call(f"{game}/notes", {"text": "my secret plan", "seq": 1}, token=vera)[0] == 201
        status, refused = json_call(f"{game}/offers", {"kind": "reopen", "seat": 0}, token=ann)
        assert status == 422 and refused["error"] == "Vera has not run out of time: the seat is still theirs"
        assert service.time_out(db, site, created.id, 0, service.utcnow()) is not None  # Vera's hour ran out
        personal = accounts.key_of(db, site, VERA, "token", service.utcnow())
        assert json_call(f"{base}/api/me/settings", {"public_name": "Vera"}, token=personal, method="PUT")[0] == 200
        seen = json_call(game, token=vera)[1]

        status, refused = json_call(f"{game}/offers", {"kind": "reopen", "seat": 2}, token=ann)
        assert status == 422 and refused["error"] == "Bob has not run out of time: the seat is still theirs"
        status, offered = json_call(f"{game}/offers", {"kind": "reopen", "seat": 0}, token=ann)
        assert status == 202 and "proposal" in offered
        assert json_call(f"{game}/offers/answer", {"accept": True}, token=vera)[0] == 403  # not asked about herself
        status, agreed = json_call(f"{game}/offers/answer", {"accept": True}, token=bob)
        assert status == 201 and agreed["applied"] is True
        invite_url = agreed["invite_url"]
        assert invite_url.startswith(f"{base}/join/")
        # Vera's link opens nothing now, on the API or the pages
        assert json_call(game, token=vera)[0] == 403
        assert page(f"{base}/play/{vera}")[0] == 404
        # the others' seat pages show the invitation, naming the seat by its player, not its number
        status, ann_page = page(f"{base}/play/{ann}")
        assert status == 200 and invite_url in ann_page and "Vera's seat is reopened" in ann_page

        status, join_page = page(invite_url)
        assert status == 200 and "Take Vera's seat" in join_page
        invite = invite_url.rsplit("/", 1)[1]
        status, taken = json_call(f"{base}/api/join/{invite}", {"name": "Nina", "email": NINA})
        assert status == 201 and taken["seat"] == 0 and taken["id"] == created.id
        assert json_call(f"{base}/api/join/{invite}", {"name": "Otto", "email": None})[0] == 409
        nina = taken["token"]
        mine = json_call(game, token=nina)[1]
        assert mine["you"] == 0 and mine["view"] == seen["view"] and mine["legal"] == seen["legal"]
        assert json_call(f"{game}/notes", token=nina)[1] == []  # Vera's notes stay hers
        for language, line in (("en", "Vera's seat was reopened by agreement; Nina took it."),
                               ("de", "Der Platz von Vera wurde in gegenseitigem Einvernehmen neu vergeben; "
                                      "Nina hat ihn übernommen.")):
            status, history = page(f"{base}/play/{nina}/history", language)
            assert status == 200 and line in history, language
        assert "my secret plan" not in history
        # Nina plays the seat
        status, _ = json_call(f"{game}/moves", {"move": mine["legal"][0], "seq": mine["seq"]}, token=nina)
        assert status == 201

        worker = subprocess.run([sys.executable, "-m", "pbem.cli", "worker", "--once"], cwd=ROOT, timeout=120,
                                capture_output=True, text=True,
                                env={**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": database,
                                     "PBEM_BASE_URL": base, **env})
        assert worker.returncode == 0, worker.stdout + worker.stderr
        smtp_sink.wait_for(3)
        (welcome,) = [m for m in smtp_sink.to(NINA) if "you took a reopened seat" in m["Subject"]]
        text = " ".join(welcome.get_body(("plain",)).get_content().split())
        assert "You have taken Vera's seat" in text and f"{base}/play/{nina}" in text
        for address in (ANN, BOB):
            told = [m for m in smtp_sink.to(address) if "a new player took a seat" in m["Subject"]]
            assert told and "Vera's seat was reopened by agreement; Nina took it." in \
                " ".join(told[0].get_body(("plain",)).get_content().split())
        for message in smtp_sink.messages:  # nobody's address, nor Nina's link, goes to anyone else
            body = message.get_body(("plain",)).get_content()
            assert not any(a in body for a in ADDRESSES if a != message["To"])
            assert message["To"] == NINA or nina not in body

        for token in (ann, None):
            events = json.dumps(json_call(f"{game}/events", token=token)[1])
            assert not any(a in events for a in ADDRESSES)
        assert not any(a in page(f"{base}/play/{ann}")[1] for a in ADDRESSES if a != ANN)
        status, player = json_call(f"{base}/api/players/Vera")
        assert status == 200 and player["reliability"]["abandoned"] == 1 and player["reliability"]["timed_out"] == 1
        assert audit.verify(db, created.id)["ok"]  # every decision on the way is decided again alike
    finally:
        stop_server(process)


def test_the_computer_must_stand_in_for_a_week_before_the_seat_is_reopened(db, site, client):
    began = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(hours=2)
    at = lambda seconds: clock.format_time(began + timedelta(seconds=seconds))  # noqa: E731
    created = three(db, site, began, on_timeout="bot")
    vera, ann, bob = created.tokens
    assert sweep.sweep(db, site, at(3601), owner="t")["timeouts"] == 1  # the computer stands in for Vera
    answer = client.post(f"/api/games/{created.id}/offers", json={"kind": "reopen", "seat": 0},
                         headers={"Authorization": f"Bearer {ann}"})
    assert answer.status_code == 422
    assert json.loads(answer.data)["error"] == ("the computer has stood in for Vera for 0 days only: their seat may "
                                                "be reopened once it has stood in for a week")
    with pytest.raises(Refused, match="for 6 days only"):
        agreements.offer(db, site, created.id, ann, "reopen", now=at(3601 + 6 * 86400 + 80000), seat=0)
    # the seat page offers no reopening yet; a week after the timeout, the page's form makes the offer
    seat_page = client.get(f"/play/{ann}").data.decode().replace("&#39;", "'")
    assert 'name="reopen"' not in seat_page
    done = agreements.offer(db, site, created.id, ann, "reopen", now=at(3601 + 7 * 86400), seat=0)
    assert done.proposal is not None and done.applied is False
    assert service.load(db, created.id).facts["proposal"]["needed"] == (2,)  # Bob only: Vera is not asked


def test_the_seat_page_offers_to_reopen_a_vanished_seat_without_a_script(db, site, client):
    began = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(hours=3)
    created = three(db, site, began, on_timeout="remind")
    vera, ann, bob = created.tokens
    assert sweep.sweep(db, site, clock.format_time(began + timedelta(hours=2)), owner="t")["timeouts"] == 1
    seat_page = client.get(f"/play/{ann}").data.decode().replace("&#39;", "'")
    assert 'name="reopen" value="0"' in seat_page and "Reopen Vera's seat" in seat_page
    assert 'name="reopen" value="2"' not in seat_page  # Bob is still there
    answer = client.post(f"/play/{ann}/offer", data={"csrf": csrf(seat_page), "reopen": "0"})
    assert answer.status_code == 303
    bob_page = client.get(f"/play/{bob}").data.decode().replace("&#39;", "'")
    assert "Ann proposed to reopen Vera's seat for someone new; Bob must agree." in bob_page \
        or "to reopen Vera's seat for someone new" in bob_page
    answer = client.post(f"/play/{bob}/answer", data={"csrf": csrf(bob_page), "accept": "yes"})
    assert answer.status_code == 303
    bob_page = client.get(f"/play/{bob}").data.decode().replace("&#39;", "'")
    assert "Vera's seat is reopened" in bob_page and re.search(r'href="[^"]*/join/[^"]+"', bob_page)
