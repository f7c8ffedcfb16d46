"""The scheduler's one job: every minute, ask the pure clock what is due, act through the service
(reminders into the outbox, timeouts as events by the actor `clock`), gather digests, and deliver the
outbox. It runs in exactly one process: a lease in the `locks` table keeps a second scheduler idle.
The lease is short (LEASE) and renewed every few seconds while its process lives, so the scheduler of
a process that dies is taken over within LEASE (architecture, section 18).

In a running scheduler the delivery is the courier's (pbem/notify/courier.py), in a thread apart: the
sweep and the wake-ups only kick it, so no mail server or webhook can hold up reminders, timeouts or a
computer seat's move. `pbem worker --once` and a sweep called alone deliver before they return.

`pbem serve` starts it in a background thread unless `--no-scheduler`; `pbem worker` runs it alone.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from datetime import datetime, timedelta, timezone

from .. import store
from ..lobby import seeks
from ..people import computer
from ..play import clock, service
from ..site import Site
from . import asked, compose, courier, sender

log = logging.getLogger("pbem.sweep")

LOCK = "scheduler"
LEASE = timedelta(seconds=15)
RENEW_SECONDS = 5  # how often the holder renews the lease: it lapses only if three renewals in a row fail
INTERVAL_SECONDS = 60


def owner_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{threading.get_ident()}"


def take_lease(db, owner: str, now: str) -> bool:
    """Hold (or renew) the scheduler lease; False while another live process holds it."""
    until = clock.format_time(clock.parse_time(now) + LEASE)
    return store.leases.take(db, LOCK, owner, now, until)


def renew_lease(db, owner: str, now: str) -> bool:
    """Extend the lease if this owner holds it (however long its sweep runs); False if it does not."""
    until = clock.format_time(clock.parse_time(now) + LEASE)
    return store.leases.renew(db, LOCK, owner, until)


def release_lease(db, owner: str) -> None:
    store.leases.release(db, LOCK, owner)


RETRY_FAILED_GAME = timedelta(minutes=10)


def clock_pass(db, site: Site, now: str) -> dict:
    """Reminders, timeouts and vacations running out, for the games whose `next_due` has come (an indexed
    read: idle games cost nothing). Each game is handled on its own: a failure in one is logged, counted
    and tried again later, and never stops the pass."""
    # "games_failed", not "failed": the delivery step's counts join these, and its "failed" counts notices
    counts = {"reminders": 0, "timeouts": 0, "vacations_ended": 0, "computer_moves": 0, "games_failed": 0}
    for game_id in service.games_due(db, now):
        try:
            handle_game(db, site, game_id, now, counts)
        except Exception:  # noqa: BLE001 - one broken game must not hold up every other game's notices
            log.exception("sweep: game %s failed; trying it again later", game_id)
            counts["games_failed"] += 1
            retry = clock.format_time(clock.parse_time(now) + RETRY_FAILED_GAME)
            try:
                service.mark_handled(db, game_id, now, retry_at=retry)
            except Exception:  # noqa: BLE001
                log.exception("sweep: could not postpone game %s", game_id)
    return counts


def handle_game(db, site: Site, game_id: str, now: str, counts: dict) -> None:
    moment = clock.parse_time(now)
    loaded = service.load(db, game_id)
    for item in clock.due(loaded.clock, loaded.owing_since, loaded.vacations, moment, loaded.timed_out,
                          loaded.banks):
        if item.kind in ("timeout", "vacation_end"):
            if service.clock_act(db, site, game_id, item.seat, item.kind, now) is not None:
                counts["timeouts" if item.kind == "timeout" else "vacations_ended"] += 1
        elif store.enqueue_now(db, compose.reminder(site, loaded, item.seat, item.key, now)):
            counts["reminders"] += 1  # one reminder, however many channels carry it
    counts["computer_moves"] += computer.play_owed(db, site, game_id, now)
    service.mark_handled(db, game_id, now)


def sweep(db, site: Site, now: str | None = None, owner: str | None = None,
          post: courier.Courier | None = None) -> dict | None:
    """One pass of the scheduler's job; None when another process holds the lease. With a courier
    (`post`), the delivery is kicked off to it; without, it is done before the pass returns."""
    now = now or service.utcnow()
    owner = owner or owner_name()
    if not take_lease(db, owner, now):
        return None
    counts: dict = {}
    steps = (("clock", lambda: clock_pass(db, site, now)),
             ("asked", lambda: {"asked": asked.answer(db, site, now)}),  # sign-in and lost links asked for
             ("seeks", lambda: {"seeks_expired": seeks.drop_expired(db, now)}),  # expired: never listed
             ("digests", lambda: {"digests": sender.build_digests(db, now, site)}),
             ("delivery", lambda: kick(post) if post else sender.deliver_due(db, site, now)))
    for name, step in steps:
        try:
            counts.update(step())
        except Exception:  # noqa: BLE001 - each step on its own: mail still goes out if the clock step fails
            log.exception("sweep: the %s step failed", name)
            counts[f"{name}_failed"] = 1
    return counts


def kick(post: courier.Courier) -> dict:
    post.kick()
    return {}


_running: dict[str, threading.Lock] = {}   # database -> held while this process sweeps it
_again: dict[str, threading.Event] = {}    # database -> a sweep was asked for while one ran
_registry = threading.Lock()


def run_once(database: str, site: Site, owner: str) -> None:
    """One sweep of this database, unless this process is sweeping it already: then that sweep goes
    round once more when it ends, so a wake-up is never lost and two sweeps never overlap here (the
    minute's job, and wake-ups after appends, would otherwise both hold the lease at once)."""
    with _registry:
        running = _running.setdefault(database, threading.Lock())
        again = _again.setdefault(database, threading.Event())
    again.set()
    while again.is_set():
        if not running.acquire(blocking=False):
            return  # the sweep under way sees `again` when it ends
        try:
            again.clear()
            sweep_database(database, site, owner)
        finally:
            running.release()


def sweep_database(database: str, site: Site, owner: str) -> None:
    try:
        db = store.connect(database)
    except store.Unavailable as error:  # logged, not raised: the next sweep (or wake-up) tries again
        log.warning("sweep: %s", error)
        return
    try:
        counts = sweep(db, site, owner=owner, post=courier.for_database(database, site))
        if counts and any(counts.values()):
            log.info("sweep: %s", counts)
    except Exception:  # noqa: BLE001 - a failing pass must not stop the scheduler; the next one retries
        log.exception("sweep failed")
    finally:
        db.close()


POLL_SECONDS = 5  # `pbem worker`, and the lease holder of `pbem serve --workers N`: how often it looks


def start_scheduler(database: str, site: Site, blocking: bool = False, owner: str | None = None,
                    poll: bool = False):
    """APScheduler with the one sweep job, every minute and once at start, and the lease's renewal; after
    this process's appends, deliveries of the notices they queued (by the courier, which stops with the
    scheduler) and wake-ups for computer seats. A worker (`poll`) also sweeps every POLL_SECONDS, since
    the web servers' appends cannot wake it: a sweep with nothing due costs three indexed reads."""
    from apscheduler.events import EVENT_SCHEDULER_SHUTDOWN
    from apscheduler.schedulers.background import BackgroundScheduler
    from apscheduler.schedulers.blocking import BlockingScheduler

    owner = owner or owner_name()
    scheduler = (BlockingScheduler if blocking else BackgroundScheduler)(timezone="UTC")
    scheduler.add_listener(lambda _: courier.retire(database), EVENT_SCHEDULER_SHUTDOWN)
    if store.is_postgres(database):  # other nodes' appends wake this one (LISTEN/NOTIFY)
        stopped = threading.Event()
        scheduler.add_listener(lambda _: stopped.set(), EVENT_SCHEDULER_SHUTDOWN)
        threading.Thread(target=store.listen_for_appends, name="pbem-listener", daemon=True,
                         args=(database, other_nodes_appended(scheduler, database, site, owner), stopped)).start()
    scheduler.add_job(run_once, "interval", seconds=POLL_SECONDS if poll else INTERVAL_SECONDS,
                      args=[database, site, owner], id="sweep", max_instances=1, coalesce=True)
    scheduler.add_job(run_once, args=[database, site, owner], id="first-sweep")
    scheduler.add_job(keep_lease, "interval", seconds=RENEW_SECONDS, args=[database, owner, site], id="lease",
                      max_instances=1, coalesce=True, misfire_grace_time=None)
    wake_after_appends(scheduler, database, site, owner)
    scheduler.start()
    return scheduler


def keep_lease(database: str, owner: str, site: Site | None = None) -> None:
    """Renew the lease if this process holds it: a sweep that runs long keeps it, a process that dies
    loses it within LEASE. A process that does not hold it takes it as soon as it is free (its holder died
    or stopped) and sweeps at once: the holder's work passes to a live node within LEASE and one renewal,
    not at the next minute's sweep."""
    try:
        db = store.connect(database)
    except store.Unavailable as error:  # one line, not a traceback every 5 s: the next renewal tries again
        log.warning("could not renew the scheduler lease: %s", error)
        return
    taken = False
    try:
        now = service.utcnow()
        if not renew_lease(db, owner, now) and site is not None:
            taken = take_lease(db, owner, now)
    except Exception:  # noqa: BLE001 - the next renewal, or the next sweep, takes it again
        log.exception("could not renew the scheduler lease")
    finally:
        db.close()
    if taken:
        log.info("took the scheduler lease over")
        run_once(database, site, owner)


def wake(scheduler, database: str, site: Site, owner: str, delay: float = 0, game_id: str | None = None) -> None:
    """Run a sweep now, or in `delay` seconds, rather than at the next minute: a computer seat owes a move
    in `game_id`, say. Wake-ups for the same game and second are one job; run_once folds those that meet
    a sweep."""
    at = datetime.now(timezone.utc) + timedelta(seconds=max(delay, 0) + WAKE_MARGIN)
    scheduler.add_job(woken, "date", run_date=at, args=[database, site, owner, game_id],
                      id=f"wake:{int(at.timestamp())}:{game_id}", replace_existing=True, max_instances=8,
                      coalesce=True, misfire_grace_time=None)


WAKE_MARGIN = 0.05  # event times are whole seconds: wake just after the moment, never just before it


def woken(database: str, site: Site, owner: str, game_id: str | None) -> None:
    """A wake-up: the sweep, if this process holds the lease; then, here in any case, the computer moves
    owed in the game that woke it, and a kick to this process's courier for the mail that is due (a
    sign-in link just asked for). With several server processes (`pbem serve --workers N`) only one
    holds the lease and it cannot be woken by another's append or sign-in: without this, a computer seat
    would answer a person's move, and a sign-in link would leave, only at that process's next look,
    seconds later. Two processes cannot both send a mail (each claims its rows first,
    pbem/notify/outbox.py) nor both play the same owed move (the log's primary key: the one that loses
    the race reads the game again, nothing owed)."""
    run_once(database, site, owner)
    if game_id is not None:
        db = store.connect(database)
        try:
            computer.play_owed(db, site, game_id, service.utcnow())
        except Exception:  # noqa: BLE001 - the sweep holding the lease plays it at its next look
            log.exception("could not play the computer's move in game %s", game_id)
        finally:
            db.close()
    courier.for_database(database, site).kick()  # no lease needed: each process claims the rows it sends


def other_nodes_appended(scheduler, database: str, site: Site, owner: str):
    """What a node does when any node announces an append on the database (PostgreSQL's NOTIFY): the
    notices it queued are delivered at once (a kick to this node's courier; claims keep each notice to
    one sender), and a computer seat that owes a move in the game is woken when its move is due (the
    wake-up of a game and second is one job, so the node that appended, which woke itself, and this one
    schedule it once each; the log's key lets one of them play it). Without this, a node serving with
    --no-scheduler left both to the lease holder's next sweep, up to a minute later."""
    post = courier.for_database(database, site)

    def on_append(game_id: str, notices: int) -> None:
        try:
            if notices:
                post.kick()
            db = store.connect(database)
            try:
                loaded = service.load(db, game_id)
            finally:
                db.close()
            due = None if loaded.finished else computer.due_at(loaded, site.computer_delay)
            if due is not None:
                wake(scheduler, database, site, owner, (due - datetime.now(timezone.utc)).total_seconds(), game_id)
        except Exception:  # noqa: BLE001 - the sweeps find it all the same, a little later
            log.exception("could not follow an append announced on the database")

    return on_append


def wake_after_appends(scheduler, database: str, site: Site, owner: str) -> None:
    """After every append to this database: deliver the notices it queued at once rather than at the next
    sweep (a player's "your turn" mail, a channel's webhook: a kick to the courier, which never waits),
    and wake the scheduler when a seat the server plays owes a move (`computer_delay` seconds after the
    append). The request that appended only kicks and schedules."""
    from pathlib import Path

    path = str(Path(database).resolve())
    post = courier.for_database(database, site)

    def hook(db, _site, played) -> None:
        try:
            if str(Path(store.path_of(db)).resolve()) != path:
                return
            if played.notices:
                post.kick()
            if played.loaded.finished:
                return
            due = computer.due_at(played.loaded, site.computer_delay)
            if due is not None:
                wake(scheduler, database, site, owner, (due - datetime.now(timezone.utc)).total_seconds(),
                     played.loaded.id)
        except Exception:  # noqa: BLE001 - the append is done and acknowledged; the minute's sweep still comes
            log.exception("could not wake the scheduler after an append")

    service.AFTER_APPEND.append(hook)


def give_up_lease(database: str, owner: str) -> None:
    """Release the scheduler lease at once (a stopping process), so the next scheduler need not wait
    for it to run out."""
    db = store.connect(database)
    try:
        release_lease(db, owner)
    finally:
        db.close()
