"""What is sent, to whom and how (the correspondence issue): invitations, "your turn", results, in the
outbox in the same transaction as their events; e-mail to files without SMTP and to a real SMTP
server on loopback; signed webhooks to a real HTTP receiver; retries, failures and a killed sender."""

import email
import email.policy
import hashlib
import hmac
import json
import os
import re
import subprocess
import sys
import time
from datetime import datetime, timedelta, timezone

import pytest

from pbem import store
from pbem.games.base import GameError
from pbem.notify import outbox, sender
from pbem.play import clock, service
from tests.conftest import ROOT
from tests.support import NEAR_GOAL, THREE

NOW = "2026-11-21T10:00:00Z"


def rows(db, game_id, **where):
    return [r for r in outbox.for_game(db, game_id) if all(r[k] == v for k, v in where.items())]


def summary(db, game_id):
    return sorted((r["kind"].split(":")[0], r["seat"], r["channel"]) for r in outbox.for_game(db, game_id))


def test_creating_a_game_invites_each_seat_with_an_address(db, site):
    created = service.create_game(db, site, "mississippi", THREE, now=NOW)
    assert summary(db, created.id) == [("invitation", 0, "email"), ("invitation", 1, "email")]
    ann = rows(db, created.id, seat=0)[0]
    assert ann["recipient"] == "ann@example.org" and ann["status"] == "pending"
    assert ann["subject"] == f"[pbem] Mississippi {created.id}: you are invited to play, Ann"
    assert f"http://pbem.test/play/{created.tokens[0]}" in ann["body_text"]
    assert "It is your turn" in ann["body_text"] and "forward 1" in ann["body_text"]
    assert "r0 <B" in ann["body_text"]  # the board as text
    bob = rows(db, created.id, seat=1)[0]
    assert created.tokens[0] not in bob["body_text"] and "It is your turn" not in bob["body_text"]


def test_a_move_notifies_exactly_the_seat_whose_turn_it_becomes(db, site):
    created = service.create_game(db, site, "mississippi", THREE, now=NOW)
    before = len(outbox.for_game(db, created.id))
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 2, now=NOW)
    new = outbox.for_game(db, created.id)[before:]
    assert [(r["kind"], r["seat"], r["channel"]) for r in new] == [("your_turn", 1, "email")]
    assert "Ann entered the river, forward 3" in new[0]["body_text"]
    assert new[0]["subject"].endswith("your turn, Bob")
    # Cy has no address: when the turn passes to Cy nothing is written.
    service.submit_move(db, site, created.id, created.tokens[1], "forward 2", 4, now=NOW)
    assert len(outbox.for_game(db, created.id)) == before + 1


def test_the_end_sends_the_result_with_the_final_board_to_everyone(db, site):
    created = service.create_game(db, site, "mississippi", THREE, {"position": NEAR_GOAL}, now=NOW)
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 1, now=NOW)
    results = rows(db, created.id, kind="result")
    assert sorted(r["seat"] for r in results) == [0, 1]
    assert all("Winner: Ann" in r["body_text"] and "<B" in r["body_text"] for r in results)


def test_notices_commit_with_their_events_or_not_at_all(db, site):
    created = service.create_game(db, site, "mississippi", THREE, now=NOW)
    count = len(outbox.for_game(db, created.id))
    with pytest.raises(Exception):
        service.submit_move(db, site, created.id, created.tokens[0], "forward 99", 2, now=NOW)
    assert len(outbox.for_game(db, created.id)) == count
    assert store.last_event(db, created.id).seq == 2


def test_the_same_notice_is_written_once(db, site):
    created = service.create_game(db, site, "mississippi", THREE, now=NOW)
    again = [{k: v for k, v in r.items() if k not in ("id",)} for r in outbox.for_game(db, created.id)]
    assert store.enqueue_now(db, again) == 0
    assert len(outbox.for_game(db, created.id)) == 2


def test_without_smtp_mail_is_written_as_eml_files(db, site, var_dir):
    created = service.create_game(db, site, "mississippi", THREE, now=NOW)
    assert sender.deliver_due(db, site, NOW) == {"sent": 2, "retry": 0, "failed": 0, "unsubscribed": 0, "quiet": 0}
    files = sorted((var_dir / "outbox").glob("*.eml"))
    assert len(files) == 2
    message = email.message_from_bytes(files[0].read_bytes(), policy=email.policy.default)
    assert message["From"] == "pbem@localhost" and message["To"] in ("ann@example.org", "bob@example.org")
    seat = 0 if message["To"] == "ann@example.org" else 1
    assert message["Reply-To"] == site.reply_address(created.id, seat, 2)
    assert message["List-Unsubscribe"].strip() == f"<{site.unsubscribe_url(message['To'])}>"
    assert message["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert message.get_body(("plain",)).get_content().startswith("Mississippi, game")
    assert "<pre" in message.get_body(("html",)).get_content()
    assert sender.deliver_due(db, site, NOW) == {"sent": 0, "retry": 0, "failed": 0, "unsubscribed": 0, "quiet": 0}


def test_invitations_arrive_over_smtp_and_their_links_open_the_right_seat(mail_db, mail_site, mail_app, smtp_sink):
    created = service.create_game(mail_db, mail_site, "mississippi", THREE, now=NOW)
    sender.deliver_due(mail_db, mail_site, NOW)
    messages = smtp_sink.wait_for(2)
    assert sorted(m["To"] for m in messages) == ["ann@example.org", "bob@example.org"]
    client = mail_app.test_client()
    for message in messages:
        link = re.search(r"http://pbem.test(/play/\S+)", message.get_body(("plain",)).get_content()).group(1)
        page = client.get(link)
        name = "Ann" if message["To"] == "ann@example.org" else "Bob"
        assert page.status_code == 200 and f"{name}, game ".encode() in page.data
        assert message["Subject"].endswith(f"you are invited to play, {name}")


def test_email_off_sends_nothing_and_a_digest_gathers_a_day(db, site, client):
    created = service.create_game(db, site, "mississippi", THREE, now=NOW)
    service.change_settings(db, site, created.id, created.tokens[1], email_on=True, digest=True, webhook=None, now=NOW)
    service.change_settings(db, site, created.id, created.tokens[0], email_on=False, digest=False, webhook=None, now=NOW)
    sender.deliver_due(db, site, NOW)
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 4, now=NOW)
    held = rows(db, created.id, status="held")
    assert [(r["kind"], r["seat"]) for r in held] == [("your_turn", 1)]
    assert sender.build_digests(db, "2026-11-22T09:59:00Z") == 0  # not a day yet
    assert sender.build_digests(db, "2026-11-22T10:00:00Z") == 1
    digest = [r for r in outbox.for_game(db, created.id) if r["kind"].startswith("digest")]
    assert len(digest) == 1 and digest[0]["recipient"] == "bob@example.org"
    assert "1 notice" in digest[0]["body_text"] and "your turn" in digest[0]["body_text"]
    assert rows(db, created.id, status="held") == []
    # Ann switched mail off after her invitation was written: her later notices are not written at all.
    service.submit_move(db, site, created.id, created.tokens[1], "forward 1", 6, now=NOW)
    assert not [r for r in outbox.for_game(db, created.id) if r["seat"] == 0 and r["kind"] == "your_turn"]
    settings_events = [e for e in client.get(f"/api/games/{created.id}/events").json if e["type"] == "seat_settings_changed"]
    assert settings_events and all(e["data"] == {"seat": e["data"]["seat"]} for e in settings_events)


def test_webhooks_are_signed_and_show_in_a_chat_channel(mail_db, mail_site, webhook_sink):
    players = [{"name": "Ann", "webhook": webhook_sink.url}, {"name": "Bob"}, {"name": "Cy"}]
    created = service.create_game(mail_db, mail_site, "mississippi", players, now=NOW)
    sender.deliver_due(mail_db, mail_site, NOW)
    assert len(webhook_sink.requests) == 1
    path, headers, body = webhook_sink.requests[0]
    secret = mail_site.webhook_secret(created.id, 0)
    signed = headers["X-Pbem-Timestamp"].encode() + b"." + body
    expected = "sha256=" + hmac.new(secret.encode(), signed, hashlib.sha256).hexdigest()
    assert headers["X-Pbem-Signature"] == expected and headers["Content-Type"] == "application/json"
    payload = json.loads(body)
    assert payload["event"] == "invitation" and payload["game"] == created.id and payload["seat"] == 0
    assert payload["url"] == f"http://pbem.test/play/{created.tokens[0]}"
    assert payload["content"] == payload["text"] and "Your turn, Ann" in payload["content"]


def test_webhooks_to_private_addresses_are_refused_unless_allowed(db, site):
    players = [{"name": "Ann", "webhook": "http://127.0.0.1:9/hook"}, {"name": "Bob"}]
    with pytest.raises(GameError, match="loopback or private"):
        service.create_game(db, site, "mississippi", players, now=NOW)
    created = service.create_game(db, site, "mississippi", players[1:] + [{"name": "Cy"}], now=NOW)
    with pytest.raises(GameError, match="loopback or private"):
        service.change_settings(db, site, created.id, created.tokens[0], True, False, "http://10.1.2.3/x", now=NOW)
    with pytest.raises(GameError, match="http:// or https://"):
        service.change_settings(db, site, created.id, created.tokens[0], True, False, "ftp://example.org/", now=NOW)


def test_failed_deliveries_are_retried_with_backoff_then_marked_failed_and_shown(mail_db, mail_site, mail_app,
                                                                                 webhook_sink):
    webhook_sink.status = 500
    players = [{"name": "Ann", "webhook": webhook_sink.url}, {"name": "Bob"}]
    created = service.create_game(mail_db, mail_site, "mississippi", players, now=NOW)
    assert sender.deliver_due(mail_db, mail_site, NOW) == {"sent": 0, "retry": 1, "failed": 0, "unsubscribed": 0, "quiet": 0}
    row = rows(mail_db, created.id)[0]
    assert row["tries"] == 1 and row["next_try"] == "2026-11-21T10:01:00Z" and "500" in row["last_error"]
    assert sender.deliver_due(mail_db, mail_site, "2026-11-21T10:00:59Z")["retry"] == 0  # not yet due
    moments = ["2026-11-21T10:01:00Z", "2026-11-21T10:06:00Z", "2026-11-21T10:21:00Z", "2026-11-21T11:21:00Z",
               "2026-11-21T15:21:00Z"]
    results = [sender.deliver_due(mail_db, mail_site, moment) for moment in moments]
    assert [r["retry"] for r in results] == [1, 1, 1, 1, 0] and results[-1]["failed"] == 1
    assert len(webhook_sink.requests) == outbox.MAX_TRIES
    page = mail_app.test_client().get(f"/play/{created.tokens[0]}").get_data(as_text=True)
    assert ("Your invitation could not be delivered to your webhook (6 tries): the webhook answered with an "
            "error") in page
    # plain words, never the raw error (the page's random ids and hashes may hold the digits 500 anywhere)
    assert row["last_error"] not in page and webhook_sink.url not in page
    assert not re.search(r"(?<![\w-])500(?![\w-])", page)
    # the other seat and spectators are not told of Ann's notices
    for other in (f"/play/{created.tokens[1]}", f"/games/{created.id}"):
        assert "could not be delivered" not in mail_app.test_client().get(other).get_data(as_text=True)


def test_a_killed_sender_resumes_without_loss_or_duplicates(mail_db, mail_site, mail_app, smtp_sink, var_dir):
    players = [{"name": f"P{i}", "email": f"p{i}@example.org"} for i in range(5)]
    created = service.create_game(mail_db, mail_site, "mississippi", players, now="2020-01-01T00:00:00Z")
    assert len(outbox.for_game(mail_db, created.id)) == 5
    smtp_sink.hold = threading_event = __import__("threading").Event()
    env = {**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": mail_app.config["DATABASE"],
           "PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test", "PBEM_BASE_URL": "http://pbem.test"}
    worker = subprocess.Popen([sys.executable, "-m", "pbem.cli", "worker", "--once"], cwd=ROOT, env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    assert smtp_sink.waiting.wait(30), "the worker never reached the SMTP server"
    worker.kill()  # mid-delivery: the server has not accepted the first message yet
    worker.wait(10)
    assert smtp_sink.let_go(), "the SMTP server never saw the killed worker hang up"
    threading_event.set()
    time.sleep(0.2)
    assert smtp_sink.messages == []
    # The lease of the killed sender runs out; the next pass sends every notice exactly once.
    later = clock.format_time(datetime.now(timezone.utc) + timedelta(seconds=max(sender.LEASE_SECONDS.values()) + 1))
    assert sender.deliver_due(mail_db, mail_site, service.utcnow())["sent"] == 0  # still leased
    counts = sender.deliver_due(mail_db, mail_site, later)
    assert counts == {"sent": 5, "retry": 0, "failed": 0, "unsubscribed": 0, "quiet": 0}
    messages = smtp_sink.wait_for(5)
    assert sorted(m["To"] for m in messages) == [f"p{i}@example.org" for i in range(5)]
    assert sender.deliver_due(mail_db, mail_site, later)["sent"] == 0
    assert len(smtp_sink.messages) == 5
