"""Quiet hours (issue 30 item 4, architecture section 21): an address names the hours of its night in its
time zone; a push to its devices that falls due in them waits, untried, until they end and goes then; its
mail waits too only where it chose so. Through a real `pbem serve` (its own courier defers), a real push
receiver that checks and decrypts each push (tests/test_push.py) and a real SMTP server; the hours' end
is then reached by a delivery pass run with a clock set to it."""

from __future__ import annotations

import time
from datetime import datetime, timedelta, timezone

import pytest

from pbem import store
from pbem.notify import quiet, sender
from pbem.people import accounts
from pbem.play.clock import format_time
from pbem.site import Site
from tests.support import json_call as call
from tests.support import serving, wait_for
from tests.test_push import ENV, PushReceiver, new_game, play

SECRET = "quiet-test-key"


@pytest.fixture
def receiver():
    made = PushReceiver()
    yield made
    made.close()
    assert made.problems == []


def utc(text: str) -> datetime:
    return datetime.fromisoformat(text.replace("Z", "+00:00"))


def test_quiet_hours_end_at_their_wall_clock_time_over_midnight_and_a_change_of_summer_time():
    night = ["22:00", "07:00"]
    assert quiet.ends(night, "UTC", utc("2026-11-28T12:00:00Z")) is None
    assert quiet.ends(night, "UTC", utc("2026-11-28T22:00:00Z")) == utc("2026-11-29T07:00:00Z")
    assert quiet.ends(night, "UTC", utc("2026-11-29T06:59:00Z")) == utc("2026-11-29T07:00:00Z")
    assert quiet.ends(night, "UTC", utc("2026-11-29T07:00:00Z")) is None
    # Berlin leaves summer time in the night of 24 to 25 October 2026: 07:00 is then 06:00 UTC, not 05:00
    assert quiet.ends(night, "Europe/Berlin", utc("2026-10-24T21:30:00Z")) == utc("2026-10-25T06:00:00Z")
    assert quiet.ends(night, "America/New_York", utc("2026-11-29T03:00:00Z")) == utc("2026-11-29T12:00:00Z")
    assert quiet.ends(["13:00", "14:30"], "UTC", utc("2026-11-28T14:00:00Z")) == utc("2026-11-28T14:30:00Z")
    assert quiet.ends(["13:00", "14:30"], "UTC", utc("2026-11-28T15:00:00Z")) is None
    for wrong in (["22:00", "22:00"], ["22:00"], ["late", "07:00"], "22:00-07:00", ["25:00", "07:00"]):
        with pytest.raises(ValueError):
            quiet.parsed(wrong)


def personal_token(database: str, base: str, var_dir, address: str) -> str:
    db = store.connect(database)
    try:
        return accounts.key_of(db, Site(base, SECRET, var_dir), address, "token", "2026-11-28T00:00:00Z")
    finally:
        db.close()


def test_settings_keep_quiet_hours_and_refuse_ill_made_ones(var_dir, database):
    with serving(var_dir, database, env={"PBEM_SECRET_KEY": SECRET}) as base:
        token = personal_token(database, base, var_dir, "ann@example.org")
        status, answer = call(base + "/api/me/settings", {"quiet_hours": ["22:00", "7:00"], "time_zone": "Europe/Berlin"},
                              token, "PUT")
        assert status == 200, answer
        assert answer["quiet_hours"] == ["22:00", "07:00"] and answer["quiet_mail"] is False
        assert answer["time_zone"] == "Europe/Berlin"
        status, answer = call(base + "/api/me/settings", {"quiet_mail": True}, token, "PUT")
        assert (status, answer["quiet_hours"], answer["quiet_mail"]) == (200, ["22:00", "07:00"], True)
        status, answer = call(base + "/api/me/settings", {"quiet_hours": ["22:00", "22:00"]}, token, "PUT")
        assert status == 422 and "same time" in answer["error"], answer
        status, answer = call(base + "/api/me/settings", {"quiet_hours": ["soon", "07:00"]}, token, "PUT")
        assert status == 422 and "HH:MM" in answer["error"], answer
        status, answer = call(base + "/api/me/settings", {"quiet_hours": None}, token, "PUT")
        assert (status, answer["quiet_hours"]) == (200, None)


def hours_around(moment: datetime) -> list[str]:
    """Quiet hours from an hour before `moment` to an hour after it (in UTC), on the minute."""
    return [(moment - timedelta(hours=1)).strftime("%H:%M"), (moment + timedelta(hours=1)).strftime("%H:%M")]


def your_turn_rows(database: str, game_id: str, seat: int) -> list[dict]:
    db = store.connect(database)
    try:
        return [row for row in store.outbox.of_game(db, game_id) if row["seat"] == seat and row["kind"] == "your_turn"]
    finally:
        db.close()


@pytest.mark.parametrize("mail_waits", [False, True], ids=["pushes-wait", "mail-waits-too"])
def test_notices_wait_through_quiet_hours_and_go_when_they_end(var_dir, database, receiver, smtp_sink, mail_waits):
    """Ann's quiet hours hold now: the server's courier keeps her pushes (and her mail, where she chose so)
    queued until they end, while Bob's come at once; a delivery pass at their end sends hers, once."""
    env = {**ENV, "PBEM_SECRET_KEY": SECRET, "PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test"}
    with serving(var_dir, database, env=env) as base:
        receiver.server_key = call(base + "/api/push/key")[1]["key"]
        token = personal_token(database, base, var_dir, "ann@example.org")
        now = datetime.now(timezone.utc)
        status, answer = call(base + "/api/me/settings", {"quiet_hours": hours_around(now), "time_zone": "UTC",
                                                          "quiet_mail": mail_waits}, token, "PUT")
        assert status == 200, answer
        game_id, tokens = new_game(base, "mississippi", [{"name": "Ann", "email": "ann@example.org"},
                                                         {"name": "Bob", "email": "bob@example.org"}])
        assert call(base + "/api/push/subscriptions", receiver.device("ann").subscription(), token)[0] == 201
        assert call(base + "/api/push/subscriptions", receiver.device("bob").subscription(), tokens[1])[0] == 201
        while 1 not in call(f"{base}/api/games/{game_id}")[1]["to_move"]:
            play(base, game_id, tokens)
        play(base, game_id, tokens)  # Bob's move: Ann's turn, in her quiet hours
        while 0 in call(f"{base}/api/games/{game_id}")[1]["to_move"] and 1 not in call(f"{base}/api/games/{game_id}")[1]["to_move"]:
            play(base, game_id, tokens)  # Ann moves: Bob's turn, not quiet
        wait_for(lambda: receiver.pushes("bob"), 60, "Bob's push, at once")
        wait_for(lambda: all(row["status"] != "pending" or row["next_try"] > format_time(now)
                             for row in your_turn_rows(database, game_id, 0)), 60, "Ann's notices claimed and deferred")
        wait_for(lambda: any(m["To"] == "bob@example.org" for m in smtp_sink.messages), 60, "Bob's mail")
        if not mail_waits:
            wait_for(lambda: any(m["To"] == "ann@example.org" for m in smtp_sink.messages), 60, "Ann's mail, at once")
        time.sleep(2)
        assert receiver.pushes("ann") == []
        waiting = [row for row in your_turn_rows(database, game_id, 0) if row["status"] == "pending"]
        assert waiting and {row["channel"].startswith("push:") for row in waiting} == ({True, False} if mail_waits else {True})
        ends = quiet.ends(hours_around(now), "UTC", now)
        assert {row["next_try"] for row in waiting} == {format_time(ends)}
        assert {row["tries"] for row in waiting} == {0}  # waiting is not a failed try
        mailed_ann = [m for m in smtp_sink.messages if m["To"] == "ann@example.org"]
        assert (mailed_ann == []) is mail_waits

        db = store.connect(database)
        try:
            site = Site(base, SECRET, var_dir, mail_from="pbem@pbem.test", smtp_url=smtp_sink.url,
                        allow_private_webhooks=True, vapid_subject=ENV["PBEM_VAPID_SUBJECT"])
            sender.deliver_due(db, site, format_time(ends))  # the server's own courier would, at that hour
        finally:
            db.close()
        wait_for(lambda: receiver.pushes("ann"), 30, "Ann's push once her quiet hours ended")
        pushed = receiver.pushes("ann")
        assert all(push["url"] == f"{base}/play/{tokens[0]}" for push in pushed)
        assert {row["status"] for row in your_turn_rows(database, game_id, 0)} <= {"sent", "superseded"}
        if mail_waits:
            wait_for(lambda: any(m["To"] == "ann@example.org" for m in smtp_sink.messages), 30, "Ann's mail at the end")


def test_a_reminder_comes_by_push_too(var_dir, database, receiver):
    """A seat's device gets its reminders as it gets its turns: the clock's sweep, run at an hour before the
    deadline, queues a reminder that reaches the device decrypted, with the seat's link."""
    from pbem.notify.sweep import sweep

    env = {**ENV, "PBEM_SECRET_KEY": SECRET}
    with serving(var_dir, database, env=env) as base:
        receiver.server_key = call(base + "/api/push/key")[1]["key"]
        status, created = call(base + "/api/games", {"game": "mississippi", "options": {"time_per_move": "1d"},
                                                     "players": [{"name": "Ann"}, {"name": "Bob"}]})
        assert status == 201, created
        game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
        owing = call(f"{base}/api/games/{game_id}")[1]["to_move"][0]
        assert call(base + "/api/push/subscriptions", receiver.device("owing").subscription(), tokens[owing])[0] == 201
        site = Site(base, SECRET, var_dir, allow_private_webhooks=True, vapid_subject=ENV["PBEM_VAPID_SUBJECT"])
        late = format_time(datetime.now(timezone.utc) + timedelta(hours=23))
        db = store.connect(database)
        try:
            assert sweep(db, site, late)["reminders"] == 1
            sender.deliver_due(db, site, late)
        finally:
            db.close()
        wait_for(lambda: receiver.pushes("owing"), 30, "the reminder's push")
    pushed = receiver.pushes("owing")
    assert len(pushed) == 1 and "reminder: your move is due" in pushed[0]["title"] and "left" in pushed[0]["body"]
    assert len(pushed) == 1 and pushed[0]["url"] == f"{base}/play/{tokens[owing]}"
    assert tokens[1 - owing] not in str(pushed)
