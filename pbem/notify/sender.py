"""Delivering the outbox, and the daily digests built from held notices.

A pass sends up to SLOTS notices at once, each in a thread of its own that waits on one peer for at
most its channel's deadline (pbem/notify/deadline.py), and claims a notice only when a slot is free to
send it, for that attempt only (the deadline and LEASE_MARGIN): a slow peer holds one slot for its own
notices (a recipient has one on its way at a time), the others go on, and a killed sender's notices come
back within a minute. The pass itself writes every mark, so the database is used from one thread.
"""

from __future__ import annotations

import json
import logging
import threading
import time
import uuid
from concurrent.futures import Future, ThreadPoolExecutor
from datetime import datetime, timedelta, timezone

from .. import i18n, store
from ..lobby import seeks
from ..people import accounts
from ..play import clock
from ..site import Site
from . import mail, outbox, push, quiet, unsubscribe, webhook, wording
from .compose import render

log = logging.getLogger("pbem.delivery")

DIGEST_AFTER = timedelta(days=1)

SLOTS = 8  # notices on their way at once in one pass
LEASE_MARGIN = 15  # seconds a claim outlives its attempt's deadline: to begin the attempt and mark it

LEASE_SECONDS = {"email": mail.DEADLINE + LEASE_MARGIN, "webhook": webhook.DEADLINE + LEASE_MARGIN}


def deliver_one(site: Site, row: dict) -> None:
    if row["channel"] == "email":
        mail.send(site, mail.build(site, row))
    elif row["channel"] == "webhook":
        webhook.post(row["recipient"], row["payload"].encode(), site.webhook_secret(row["game_id"], row["seat"]),
                     delivery=delivery_id(site, row), allow_private=site.allow_private_webhooks)
    elif row["channel"].startswith("push:"):
        push.deliver(site, row)
    else:
        raise ValueError(f"unknown channel {row['channel']!r}")


def delivery_id(site: Site, row: dict) -> str:
    """X-Pbem-Delivery: one id per notice, the same on each retry of it, unique across servers."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"{site.base_url}/notice/{row['game_id']}/{row['id']}"))


def deliver_due(db, site: Site, now: str | None, wake: threading.Event | None = None,
                stop: threading.Event | None = None) -> dict:
    """Send every due notice once, SLOTS at a time; returns how many were sent, retried later, failed
    for good and stopped by the block list, once none is due or on its way. The pass's clock runs on
    from `now`, or is the real clock (None: a courier's pass, which a notice queued a moment ago must
    find due). `wake` (a courier's) is set by whoever queues a notice: the pass claims again then as
    well as when an attempt ends, so a notice queued during a slow attempt need not wait for it. Once
    `stop` is set nothing more is claimed; the attempts under way are still waited for and marked.

    While the database is out of reach (PostgreSQL restarting) the pass claims nothing and keeps the
    outcomes of the attempts it made, marking them once it is back (within their claims): a mail sent
    whose mark was dropped with the pass would be sent again when its claim ran out."""
    counts = {"sent": 0, "retry": 0, "failed": 0, "unsubscribed": 0, "quiet": 0}
    started, start = time.monotonic(), clock.parse_time(now) if now else None
    woken = wake or threading.Event()
    under_way: dict[Future, tuple[dict, str]] = {}  # each attempt: its row and the moment it was claimed
    unmarked: list[tuple[dict, str, BaseException | None]] = []  # attempts ended, not yet marked
    with ThreadPoolExecutor(SLOTS, thread_name_prefix="pbem-delivery") as pool:
        try:
            while True:
                moment = clock.format_time(start + timedelta(seconds=time.monotonic() - started) if start
                                           else datetime.now(timezone.utc))
                free = 0 if (stop is not None and stop.is_set()) or unmarked else SLOTS - len(under_way)
                try:
                    claimed = outbox.claim(db, moment, free, LEASE_SECONDS) if free else []
                except Exception as error:  # noqa: BLE001 - sorted: out of reach with outcomes to keep, or raised
                    if not (under_way or unmarked) or not out_of_reach(db, error):
                        raise
                    claimed = []
                for row in claimed:
                    try:
                        blocked = row["channel"] == "email" and unsubscribe.is_blocked(db, row["recipient"])
                        if blocked:
                            outbox.mark_unsubscribed(db, row["id"], moment)
                            counts["unsubscribed"] += 1
                        elif (later := quiet.waits_until(db, row, moment)) is not None:
                            outbox.defer(db, row["id"], later)  # the recipient's quiet hours: untried till then
                            counts["quiet"] += 1
                            blocked = True
                    except Exception as error:  # noqa: BLE001 - sorted: out of reach (the rest wait) or raised
                        if not out_of_reach(db, error):
                            raise
                        break  # the rows not begun come back when their claims run out; those under way go on
                    if blocked:
                        continue
                    try:
                        row = wording.worded(db, row)
                        if row["channel"].startswith("push:"):  # the device's keys, read here: the pass's thread
                            row = push.with_device(db, site, row, moment)
                            if row is None:  # unsubscribed since it was queued
                                counts["unsubscribed"] += 1
                                continue
                    except Exception as error:  # noqa: BLE001 - sorted: out of reach (the rest wait) or a try
                        if out_of_reach(db, error):
                            break  # claimed, not tried: sent once its claim runs out and the database is back
                        counts[outbox.mark_failed_try(db, row["id"], f"{type(error).__name__}: {error}",
                                                      moment)] += 1
                        continue
                    attempt = pool.submit(deliver_one, site, row)
                    attempt.add_done_callback(lambda _: woken.set())
                    under_way[attempt] = (row, moment)
                if not under_way and not unmarked:
                    if claimed:
                        continue  # only blocked addresses or quiet hours this time: there may be more due
                    return counts
                woken.wait(timeout=1 if unmarked else None)  # unmarked: the database is tried again each second
                woken.clear()
                for attempt in [attempt for attempt in under_way if attempt.done()]:
                    row, moment = under_way.pop(attempt)
                    unmarked.append((row, moment, attempt.exception()))
                unmarked = mark(db, unmarked, counts)
        except BaseException:
            # an attempt under way or ended is marked before the pass gives up: its mail has gone (or is
            # going), and a mark dropped here would send it again once its claim ran out
            settle(db, under_way, unmarked, counts)
            raise


def settle(db, under_way: dict, unmarked: list, counts: dict) -> None:
    """A failing pass waits for its attempts under way and marks what it can of them and of those ended:
    a mail accepted by its server whose mark is dropped would be sent again when its claim ran out."""
    for attempt, (row, moment) in list(under_way.items()):
        unmarked.append((row, moment, attempt.exception()))  # waits for the attempt (within its deadline)
    under_way.clear()
    try:
        left = mark(db, unmarked, counts)
    except Exception:  # noqa: BLE001 - the pass's own error is the one raised; this one is logged
        log.exception("delivery: could not mark the attempts of a failed pass")
        return
    if left:
        log.warning("delivery: %d notice(s) sent but not marked (the database is out of reach); they are sent "
                    "again when their claims run out", len(left))


def mark(db, outcomes: list, counts: dict) -> list:
    """Mark each attempt's outcome (sent, or a failed try); returns those not marked because the database
    went out of reach, to be marked once it is back."""
    for index, (row, moment, error) in enumerate(outcomes):
        try:
            if error is None:
                outbox.mark_sent(db, row["id"], moment)
                counts["sent"] += 1
            elif isinstance(error, push.Gone):  # the push service dropped the device: not tried again
                push.forget_device(db, row, moment)
                counts["failed"] += 1
            else:  # any failure of delivery is retried, and recorded
                counts[outbox.mark_failed_try(db, row["id"], f"{type(error).__name__}: {error}", moment)] += 1
        except Exception as failure:  # noqa: BLE001 - sorted: out of reach (kept) or raised
            if not out_of_reach(db, failure):
                raise
            return outcomes[index:]
    return []


def out_of_reach(db, error: BaseException) -> bool:
    """Whether the error says the database cannot be reached; if so the handle's broken connection is
    given back, so that the next statement takes a new one once the database is back."""
    if not (isinstance(error, store.Unavailable) or store.unreachable(error)):
        return False
    try:
        store.end_request(db)
    except Exception:  # noqa: BLE001 - a connection already broken: the pool drops it
        pass
    return True


def digest_heads(items: list[dict]) -> list[dict]:
    """Each game of a digest with the head of its latest notice gathered there, in the order the games
    first come: the digest names how far each game stood, as each notice does (architecture section 19)."""
    heads: dict[str, dict] = {}
    for item in items:
        head = mail.head_of(item)
        if head is not None and item["game_id"]:
            heads[item["game_id"]] = {"game_id": item["game_id"], **head}
    return list(heads.values())


def build_digests(db, now: str, site: Site | None = None) -> int:
    """Gather each address's held notices into one digest once the oldest has waited a day."""
    cutoff = clock.format_time(clock.parse_time(now) - DIGEST_AFTER)
    recipients = store.outbox.held_recipients(db, cutoff)
    day = clock.parse_time(now).date().isoformat()
    built = 0
    for recipient in recipients:
        with store.immediate(db):
            items = [wording.worded(db, item) for item in store.outbox.held_for(db, recipient)]
            if not items:
                continue
            first = items[0]
            unsubscribe_url = site.unsubscribe_url(recipient) if site else None
            heads = digest_heads(items)
            # the digest's own words in the address's language (each notice in it is its seat's)
            language = i18n.known(accounts.language_of(db, recipient)) or i18n.DEFAULT
            words = {"items": items, "heads": heads, "unsubscribe_url": unsubscribe_url,
                     # public games and seeks of the games it plays, briefly (issue 31)
                     "openings": seeks.openings_for(db, site, recipient, now) if site else None}
            store.enqueue(db, [{
                "game_id": first["game_id"], "seq": first["seq"], "seat": first["seat"], "channel": "email",
                "kind": f"digest:{day}:{first['id']}", "recipient": recipient,
                "subject": "[pbem] " + i18n.translations(language).ngettext(
                    "your digest: %(num)s notice", "your digest: %(num)s notices", len(items)) % {"num": len(items)},
                "body_text": render("digest.txt", language, **words),
                "body_html": render("digest.html", language, **words),
                "payload": json.dumps({"notices": [item["id"] for item in items], "language": language}),
                "status": "pending",
                "next_try": now, "created": now}])
            store.outbox.mark_digested(db, [item["id"] for item in items])
            built += 1
    return built
