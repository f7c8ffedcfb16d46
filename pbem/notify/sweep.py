"""The scheduler's one job: every minute, ask the pure clock what is due, act through the service
(reminders into the outbox, timeouts as events by the actor `clock`), gather digests, and deliver the
outbox. It runs in exactly one process: a lease in the `locks` table keeps a second scheduler idle.

`pbem serve` starts it in a background thread unless `--no-scheduler`; `pbem worker` runs it alone.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from datetime import timedelta

from .. import clock, service, store
from ..site import Site
from . import compose, sender

log = logging.getLogger("pbem.sweep")

LOCK = "scheduler"
LEASE = timedelta(minutes=3)
INTERVAL_SECONDS = 60


def owner_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"


def take_lease(db, owner: str, now: str) -> bool:
    """Hold (or renew) the scheduler lease; False while another live process holds it."""
    until = clock.format_time(clock.parse_time(now) + LEASE)
    with store.immediate(db):
        rows = list(db.query("select owner, until from locks where name = ?", [LOCK]))
        if rows and rows[0]["owner"] != owner and rows[0]["until"] > now:
            return False
        db.conn.execute("insert into locks (name, owner, until) values (?, ?, ?) on conflict(name) do update set "
                        "owner = excluded.owner, until = excluded.until", [LOCK, owner, until])
    return True


def release_lease(db, owner: str) -> None:
    db.conn.execute("delete from locks where name = ? and owner = ?", [LOCK, owner])


def clock_pass(db, site: Site, now: str) -> dict:
    """Reminders and timeouts for every running game with a clock."""
    counts = {"reminders": 0, "timeouts": 0}
    moment = clock.parse_time(now)
    for game_id in service.active_games_with_clock(db):
        loaded = service.load(db, game_id)
        for item in clock.due(loaded.clock, loaded.owing_since, loaded.vacations, moment, loaded.timed_out):
            if item.kind == "timeout":
                if service.time_out(db, site, game_id, item.seat, now) is not None:
                    counts["timeouts"] += 1
            else:
                if store.enqueue_now(db, compose.reminder(site, loaded, item.seat, item.key, now)):
                    counts["reminders"] += 1  # one reminder, however many channels carry it
    return counts


def sweep(db, site: Site, now: str | None = None, owner: str | None = None) -> dict | None:
    """One pass of the scheduler's job; None when another process holds the lease."""
    now = now or service.utcnow()
    owner = owner or owner_name()
    if not take_lease(db, owner, now):
        return None
    counts = clock_pass(db, site, now)
    counts["digests"] = sender.build_digests(db, now)
    counts.update(sender.deliver_due(db, site, now))
    return counts


def run_once(database: str, site: Site, owner: str) -> None:
    db = store.connect(database)
    try:
        counts = sweep(db, site, owner=owner)
        if counts and any(counts.values()):
            log.info("sweep: %s", counts)
    except Exception:  # noqa: BLE001 - a failing pass must not stop the scheduler; the next one retries
        log.exception("sweep failed")
    finally:
        db.close()


def start_scheduler(database: str, site: Site, blocking: bool = False):
    """APScheduler with the one sweep job, every minute and once at start."""
    from apscheduler.schedulers.background import BackgroundScheduler
    from apscheduler.schedulers.blocking import BlockingScheduler

    owner = owner_name()
    scheduler = (BlockingScheduler if blocking else BackgroundScheduler)(timezone="UTC")
    scheduler.add_job(run_once, "interval", seconds=INTERVAL_SECONDS, args=[database, site, owner],
                      id="sweep", max_instances=1, coalesce=True)
    scheduler.add_job(run_once, args=[database, site, owner], id="first-sweep")
    scheduler.start()
    return scheduler
