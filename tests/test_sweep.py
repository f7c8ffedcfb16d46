"""The scheduler's sweep with a fixed `now`: reminders and timeouts fire at the right times and once,
timeouts are events by the actor `clock`, vacation pauses the deadline, and only one process sweeps."""

import pytest

from pbem import store
from pbem.notify import outbox, sweep
from pbem.play import audit, clock, service
from tests.support import THREE

T0 = "2026-11-02T12:00:00Z"
DUO = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]


def at(hours: float) -> str:
    from datetime import timedelta

    
    return clock.format_time(clock.parse_time(T0) + timedelta(hours=hours))


def kinds(db, game_id, seat=None):
    return [r["kind"].split(":")[0] for r in outbox.for_game(db, game_id)
            if seat is None or r["seat"] == seat]


def new_game(db, site, players=DUO, **clock_options):
    options = {"time_per_move": "1d", "reminders": "12h,1h", **clock_options}
    return service.create_game(db, site, "mississippi", players, options, now=T0)


def test_reminders_fire_at_their_times_and_once(db, site):
    created = new_game(db, site)
    assert sweep.sweep(db, site, at(11.9), owner="a")["reminders"] == 0
    assert sweep.sweep(db, site, at(12), owner="a")["reminders"] == 1
    assert sweep.sweep(db, site, at(12.5), owner="a")["reminders"] == 0  # already written
    assert sweep.sweep(db, site, at(23), owner="a")["reminders"] == 1
    assert kinds(db, created.id, seat=0) == ["invitation", "reminder", "reminder"]
    reminder = [r for r in outbox.for_game(db, created.id) if r["kind"].startswith("reminder")][0]
    assert reminder["status"] == "sent"  # the same sweep delivered it (to a file: no SMTP here)
    mail = (site.var_dir / "outbox" / f"notice-{reminder['id']}.{created.id}@localhost.eml").read_text()
    assert "due by 2026-11-03T12:00:00Z" in mail


def test_deadline_is_shown_on_the_api_and_the_seat_page(db, site, client):
    created = new_game(db, site)
    body = client.get(f"/api/games/{created.id}", headers={"Authorization": f"Bearer {created.tokens[0]}"}).json
    assert body["deadline"] == "2026-11-03T12:00:00Z"
    assert client.get(f"/api/games/{created.id}").json["deadline"] == "2026-11-03T12:00:00Z"
    assert b'<time class="countdown" datetime="2026-11-03T12:00:00Z">Due 2026-11-03 12:00:00 UTC</time>' in client.get(f"/play/{created.tokens[1]}").data
    assert store.game_row(db, created.id)["deadline"] == "2026-11-03T12:00:00Z"


def test_the_deadline_runs_from_when_the_seat_began_to_owe(db, site):
    created = new_game(db, site)
    service.submit_move(db, site, created.id, created.tokens[0], "forward 2", 2, now=at(5))
    loaded = service.load(db, created.id)
    assert clock.format_time(loaded.deadline(1, clock.parse_time(at(20)))) == at(29)


def test_a_timeout_that_reminds_is_recorded_by_the_clock_and_keeps_reminding(db, site):
    created = new_game(db, site)
    assert sweep.sweep(db, site, at(23.99), owner="a")["timeouts"] == 0
    assert sweep.sweep(db, site, at(24), owner="a")["timeouts"] == 1
    events = store.read_events(db, created.id)
    assert (events[-1].type, events[-1].actor, events[-1].data) == ("turn_timed_out", "clock",
                                                                    {"seat": 0, "action": "remind"})
    assert sweep.sweep(db, site, at(30), owner="a")["timeouts"] == 0
    assert kinds(db, created.id, seat=0)[-1] == "timeout"
    assert sweep.sweep(db, site, at(48), owner="a")["reminders"] == 1  # a day overdue
    # The seat can still move; its reply is not stale (its choices did not change).
    service.submit_move(db, site, created.id, created.tokens[0], "forward 1", 2, now=at(49))
    assert service.load(db, created.id).to_move == {1}


def test_a_timeout_that_forfeits_ends_a_two_player_game(db, site):
    created = new_game(db, site, on_timeout="forfeit")
    assert sweep.sweep(db, site, at(24), owner="a")["timeouts"] == 1
    loaded = service.load(db, created.id)
    assert loaded.outcome.winners == (1,) and loaded.outcome.termination == "resigned"
    assert [e.type for e in store.read_events(db, loaded.id)[-3:]] == ["turn_timed_out", "seat_resigned", "seed_revealed"]
    assert audit.verify(db, created.id)["ok"]
    assert sorted(r["seat"] for r in outbox.for_game(db, created.id) if r["kind"] == "result") == [0, 1]


def test_skip_falls_back_to_reminding_where_the_rules_allow_no_pass(db, site):
    created = new_game(db, site, on_timeout="skip")
    sweep.sweep(db, site, at(24), owner="a")
    event = store.read_events(db, created.id)[-1]
    assert event.type == "turn_timed_out" and event.data["action"] == "remind"
    assert service.load(db, created.id).to_move == {0}


def test_vacation_pauses_the_deadline(db, site, client):
    created = new_game(db, site)
    service.start_vacation(db, site, created.id, created.tokens[0], now=at(2))
    counts = sweep.sweep(db, site, at(30), owner="a")
    assert (counts["reminders"], counts["timeouts"]) == (0, 0)  # on vacation: no reminder, no timeout
    with pytest.raises(service.Forbidden, match="already on vacation"):
        service.start_vacation(db, site, created.id, created.tokens[0], now=at(3))
    service.end_vacation(db, site, created.id, created.tokens[0], now=at(10))
    loaded = service.load(db, created.id)
    assert clock.format_time(loaded.deadline(0, clock.parse_time(at(11)))) == at(32)
    assert sweep.sweep(db, site, at(31.9), owner="a")["timeouts"] == 0
    assert sweep.sweep(db, site, at(32), owner="a")["timeouts"] == 1


def test_the_vacation_allowance_is_enforced(db, site):
    created = new_game(db, site, vacation_days=1)
    service.start_vacation(db, site, created.id, created.tokens[0], now=at(0))
    service.end_vacation(db, site, created.id, created.tokens[0], now=at(24))
    with pytest.raises(service.Forbidden, match="used all your vacation"):
        service.start_vacation(db, site, created.id, created.tokens[0], now=at(25))


def test_only_one_process_sweeps(db, site):
    second = 1 / 3600
    new_game(db, site)
    assert sweep.sweep(db, site, at(1), owner="first") is not None
    assert sweep.sweep(db, site, at(1 + 10 * second), owner="second") is None
    assert sweep.sweep(db, site, at(1 + 12 * second), owner="first") is not None  # renews its lease
    assert sweep.renew_lease(db, "first", at(1 + 24 * second))  # as its scheduler does every few seconds
    assert not sweep.renew_lease(db, "second", at(1 + 24 * second))  # renews only a lease it holds
    assert sweep.sweep(db, site, at(1 + 38 * second), owner="second") is None
    assert sweep.sweep(db, site, at(1 + 40 * second), owner="second") is not None  # 15 s without renewal


def test_games_without_a_clock_get_no_reminders(db, site):
    created = service.create_game(db, site, "mississippi", THREE, now=T0)
    sweep.sweep(db, site, at(24 * 30), owner="a")
    assert kinds(db, created.id) == ["invitation", "invitation"]


def test_the_scheduler_runs_a_sweep_in_the_background(db, site, var_dir, database):
    import time

    service.create_game(db, site, "mississippi", DUO)
    scheduler = sweep.start_scheduler(database, site)
    job = scheduler.get_job("sweep")
    assert job.trigger.interval.total_seconds() == sweep.INTERVAL_SECONDS
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and len(list((var_dir / "outbox").glob("*.eml"))) < 2:
            time.sleep(0.1)
    finally:
        scheduler.shutdown()
    assert len(list((var_dir / "outbox").glob("*.eml"))) == 2


def test_skip_plays_the_game_s_default_move_where_it_has_one(db, site):
    players = [{"name": f"P{i}", "email": f"p{i}@example.org"} for i in range(4)]
    created = service.create_game(db, site, "dragon_flagon", players, {"time_per_move": "1h", "on_timeout": "skip"},
                                  now=T0)
    before = service.load(db, created.id)
    late = sorted(before.owing_since)[0]
    expected = before.module.timeout_move(before.state, late)
    assert expected is not None
    assert sweep.sweep(db, site, at(1), owner="a")["timeouts"] >= 1
    loaded = service.load(db, created.id)
    timed_out = [e for e in store.read_events(db, loaded.id) if e.type == "turn_timed_out"]
    assert timed_out[0].data == {"seat": late, "action": "skip"} and timed_out[0].actor == "clock"
    after = store.read_events(db, loaded.id)[store.read_events(db, loaded.id).index(timed_out[0]) + 1]
    assert after.actor == str(late)  # the default move, played for the seat by the clock's command
    assert audit.verify(db, created.id)["ok"]


def test_a_wake_up_in_a_process_without_the_lease_delivers_the_mail_just_queued(mail_db, mail_site, smtp_sink):
    """`pbem serve --workers 2`: a sign-in link asked of the worker without the scheduler's lease leaves at
    once (the wake-up after the request delivers what is due), not at the lease holder's next look;
    twice woken, it is sent once (each process claims the rows it sends)."""
    from pbem.people import accounts

    service.create_game(mail_db, mail_site, "mississippi", DUO)
    assert sweep.take_lease(mail_db, "the other worker", service.utcnow())
    assert accounts.request_signin(mail_db, mail_site, "ann@example.org", service.utcnow())
    sweep.woken(store.path_of(mail_db), mail_site, "this worker", None)
    sweep.woken(store.path_of(mail_db), mail_site, "this worker", None)
    smtp_sink.wait_for(3)
    links = [m for m in smtp_sink.to("ann@example.org") if "sign-in" in m["Subject"]]
    assert len(links) == 1
    assert sweep.sweep(mail_db, mail_site, owner="this worker") is None  # the lease is still the other's


def test_a_move_s_notice_is_delivered_at_once_not_at_the_next_sweep(db, site, var_dir, database):
    """The scheduler sweeps every minute, but the "your turn" mail of a move leaves right after the move:
    the append schedules a delivery (file mail here: one .eml per message)."""
    import time

    def mails():
        return len(list((var_dir / "outbox").glob("*.eml")))

    def wait_for(count: int, seconds: float) -> int:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and mails() < count:
            time.sleep(0.05)
        return mails()

    created = service.create_game(db, site, "mississippi", DUO)
    scheduler = sweep.start_scheduler(database, site)
    try:
        assert wait_for(2, 20) == 2  # the invitations, by the sweep at start
        loaded = service.load(db, created.id)
        (seat,) = loaded.to_move
        service.submit_move(db, site, created.id, created.tokens[seat],
                            loaded.module.legal_moves(loaded.state, seat)[0], loaded.seq)
        assert wait_for(3, 5) == 3  # well before the minute's sweep
    finally:
        scheduler.shutdown()
