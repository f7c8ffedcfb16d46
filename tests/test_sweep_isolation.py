"""The sweep and its lease (issue 10, items 1 and 10): a game whose due handling raises does not stop the
other games' reminders or the delivery of mail, and is tried again later; one notice that cannot be
delivered does not stop the others; the lease is given up at the end of `pbem worker --once` (a second
one right after sweeps) and when a worker or a server is stopped with SIGTERM."""

import json
import os
import signal
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path

from pbem import store
from pbem.notify import outbox, sender, sweep
from pbem.play import clock, loading, service
from tests.conftest import ROOT, free_port

T0 = "2026-11-02T12:00:00Z"
DUO = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]


def at(hours: float) -> str:
    return clock.format_time(clock.parse_time(T0) + timedelta(hours=hours))


def new_game(db, site):
    return service.create_game(db, site, "mississippi", DUO, {"time_per_move": "1d", "reminders": "12h"}, now=T0)


def break_clock(db, game_id):
    """Make a stored game's reminders longer than any date can be (as a game created before durations
    were bounded would have): handling it raises OverflowError in the clock's arithmetic."""
    first = store.event_at(db, game_id, 1)
    data = dict(first.data, clock={**first.data["clock"], "reminders": [3_000_000 * 86400]})
    db.execute("update events set data = ? where game_id = ? and seq = 1", [store.canonical_json(data), game_id])
    loading.forget()
    store.drop_snapshots(db, game_id)


def test_a_game_whose_due_handling_raises_stops_no_other_game_and_is_retried_later(db, site, caplog):
    broken, fine = new_game(db, site), new_game(db, site)
    break_clock(db, broken.id)
    counts = sweep.sweep(db, site, at(12), owner="a")
    assert counts["games_failed"] == 1 and counts["reminders"] == 1  # the fine game's reminder
    assert counts["sent"] == 5 and "delivery_failed" not in counts  # four invitations and that reminder
    assert f"game {broken.id} failed" in caplog.text  # logged
    reminders = [r for r in outbox.for_game(db, fine.id) if r["kind"].startswith("reminder")]
    assert [r["status"] for r in reminders] == ["sent"]
    retry = store.game_row(db, broken.id)["next_due"]
    assert retry == clock.format_time(clock.parse_time(at(12)) + sweep.RETRY_FAILED_GAME)
    assert sweep.sweep(db, site, at(12.05), owner="a")["games_failed"] == 0  # not before its retry
    assert sweep.sweep(db, site, retry, owner="a")["games_failed"] == 1  # tried again, and logged again


def test_a_notice_that_cannot_be_delivered_stops_no_other(mail_db, mail_site, smtp_sink, webhook_sink):
    players = [{"name": "Ann", "webhook": webhook_sink.url}, {"name": "Bob", "email": "bob@example.org"},
               {"name": "Cy", "email": "cy@example.org"}]
    created = service.create_game(mail_db, mail_site, "mississippi", players, now=T0)
    hook = [r for r in outbox.for_game(mail_db, created.id) if r["channel"] == "webhook"][0]
    # a row that cannot be sent: nothing to compose its words from (they are composed when it is sent)
    mail_db.execute("update outbox set payload = null, args = '{}' where id = ?", [hook["id"]])
    counts = sender.deliver_due(mail_db, mail_site, T0)
    assert counts["sent"] == 2 and counts["retry"] == 1
    assert sorted(m["To"] for m in smtp_sink.wait_for(2)) == ["bob@example.org", "cy@example.org"]


def worker_env(var_dir, database):
    return {**os.environ, "PBEM_VAR": str(var_dir), "PBEM_DB": database,
            "PBEM_BASE_URL": "http://pbem.test"}


def run_once(var_dir, database) -> str:
    result = subprocess.run([sys.executable, "-m", "pbem.cli", "worker", "--once"], cwd=ROOT,
                            env=worker_env(var_dir, database),
                            capture_output=True, timeout=60)
    assert result.returncode == 0, result.stderr.decode()
    return result.stdout.decode()


def lease_holders(db):
    return [row["owner"] for row in db.query("select owner from locks where name = 'scheduler'")]


def test_a_second_worker_once_right_after_the_first_sweeps(db, site, var_dir, database):
    service.create_game(db, site, "mississippi", DUO)
    first, second = run_once(var_dir, database), run_once(var_dir, database)
    assert first.startswith("sweep: ") and json.loads(first[7:].replace("'", '"'))["sent"] == 2
    assert second.startswith("sweep: "), second  # not "another process holds the scheduler lease"
    assert lease_holders(db) == []


def wait_for_lease(db, process, seconds=30):
    deadline = time.monotonic() + seconds
    while not lease_holders(db):
        assert process.poll() is None and time.monotonic() < deadline, "the scheduler never took its lease"
        time.sleep(0.1)


def test_sigterm_gives_the_lease_up_for_a_worker_and_a_server(db, site, var_dir, database):
    service.create_game(db, site, "mississippi", DUO)
    port = free_port()
    commands = [[sys.executable, "-m", "pbem.cli", "worker"],
                [sys.executable, "-m", "pbem.cli", "serve", "--port", str(port)]]
    for command in commands:
        process = subprocess.Popen(command, cwd=ROOT, env={**worker_env(var_dir, database), "PBEM_RATE_LIMITS": "off"},
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            wait_for_lease(db, process)
            process.send_signal(signal.SIGTERM)
            assert process.wait(20) == 0
        finally:
            if process.poll() is None:
                process.kill()
        assert lease_holders(db) == [], command
        assert run_once(var_dir, database).startswith("sweep: ")  # no three minutes' wait for the next one


def test_a_killed_servers_lease_passes_to_a_live_server_within_its_length_without_load(db, site, var_dir, database):
    """Two `pbem serve` processes with their schedulers on one database, nothing to do: the lease
    holder is killed (SIGKILL, so it gives nothing up), and the other holds the lease within LEASE and a
    renewal (plus a margin for a loaded machine), not at its next minute's sweep."""
    service.create_game(db, site, "mississippi", DUO)
    processes = []
    try:
        for _ in range(2):
            port = free_port()
            processes.append(subprocess.Popen(
                [sys.executable, "-m", "pbem.cli", "serve", "--port", str(port)], cwd=ROOT,
                env={**worker_env(var_dir, database), "PBEM_RATE_LIMITS": "off"},
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        wait_for_lease(db, processes[0])
        time.sleep(sweep.RENEW_SECONDS * 2)  # both running: the second's first sweep found the lease held
        holder = lease_holders(db)[0]
        pid = int(holder.split(":")[1])  # the process that sweeps: the server itself, or its worker process
        parent = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        killed = next(process for process in processes if process.pid in (pid, parent))
        os.kill(pid, signal.SIGKILL)
        killed.kill()
        killed.wait(10)
        lapsed = time.monotonic()
        bound = sweep.LEASE.total_seconds() + sweep.RENEW_SECONDS + 10
        while True:
            holders = lease_holders(db)
            now_held = holders and holders[0] != holder
            if now_held:
                break
            assert time.monotonic() - lapsed < bound, f"no live server took the lease within {bound} s"
            time.sleep(0.2)
        assert killed.poll() is not None
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(15)
                except subprocess.TimeoutExpired:
                    process.kill()


def test_the_sweep_loads_only_the_games_whose_time_has_come(db, site):
    """An idle game costs nothing per minute: the sweep reads the games projection's next_due (indexed)
    and loads only those due. A broken game not yet due is not even loaded."""
    idle = new_game(db, site)  # its first reminder is 12 hours away
    unclocked = service.create_game(db, site, "mississippi", DUO, now=T0)
    break_clock(db, idle.id)
    assert store.game_row(db, unclocked.id)["next_due"] is None
    assert store.game_row(db, idle.id)["next_due"] == at(12)
    assert service.games_due(db, at(11)) == []
    assert sweep.sweep(db, site, at(11), owner="a")["games_failed"] == 0  # never loaded
    assert service.games_due(db, at(12)) == [idle.id]
    assert sweep.sweep(db, site, at(12), owner="a")["games_failed"] == 1  # now it is, and fails on its own
