"""Delivering the outbox, and the daily digests built from held notices."""

from __future__ import annotations

import json
import uuid
from datetime import timedelta

from .. import clock, store
from ..site import Site
from . import mail, outbox, unsubscribe, webhook
from .compose import render

DIGEST_AFTER = timedelta(days=1)


def deliver_one(site: Site, row: dict) -> None:
    if row["channel"] == "email":
        mail.send(site, mail.build(site, row))
    elif row["channel"] == "webhook":
        webhook.post(row["recipient"], row["payload"].encode(), site.webhook_secret(row["game_id"], row["seat"]),
                     delivery=delivery_id(site, row), allow_private=site.allow_private_webhooks)
    else:
        raise ValueError(f"unknown channel {row['channel']!r}")


def delivery_id(site: Site, row: dict) -> str:
    """X-Pbem-Delivery: one id per notice, the same on each retry of it, unique across servers."""
    return str(uuid.uuid5(uuid.NAMESPACE_URL, f"{site.base_url}/notice/{row['game_id']}/{row['id']}"))


def deliver_due(db, site: Site, now: str, limit: int = 50) -> dict:
    """Send every due notice once; returns how many were sent, retried later and failed for good."""
    counts = {"sent": 0, "retry": 0, "failed": 0, "unsubscribed": 0}
    for row in outbox.claim(db, now, limit):
        if row["channel"] == "email" and unsubscribe.is_blocked(db, row["recipient"]):
            outbox.mark_unsubscribed(db, row["id"], now)
            counts["unsubscribed"] += 1
            continue
        try:
            deliver_one(site, row)
        except Exception as error:  # noqa: BLE001 - any failure of delivery is retried, and recorded
            counts[outbox.mark_failed_try(db, row["id"], f"{type(error).__name__}: {error}", now)] += 1
        else:
            outbox.mark_sent(db, row["id"], now)
            counts["sent"] += 1
    return counts


def build_digests(db, now: str, site: Site | None = None) -> int:
    """Gather each address's held notices into one digest once the oldest has waited a day."""
    cutoff = clock.format_time(clock.parse_time(now) - DIGEST_AFTER)
    recipients = [r["recipient"] for r in db.query(
        "select recipient from outbox where status = 'held' and channel = 'email' "
        "group by recipient having min(created) <= ?", [cutoff])]
    day = clock.parse_time(now).date().isoformat()
    built = 0
    for recipient in recipients:
        with store.immediate(db):
            items = list(db.query("select * from outbox where status = 'held' and recipient = ? order by id",
                                  [recipient]))
            if not items:
                continue
            first = items[0]
            unsubscribe_url = site.unsubscribe_url(recipient) if site else None
            store.enqueue(db, [{
                "game_id": first["game_id"], "seq": first["seq"], "seat": first["seat"], "channel": "email",
                "kind": f"digest:{day}:{first['id']}", "recipient": recipient,
                "subject": f"[pbem] your digest: {len(items)} notice{'s' if len(items) != 1 else ''}",
                "body_text": render("digest.txt", items=items, unsubscribe_url=unsubscribe_url),
                "body_html": render("digest.html", items=items, unsubscribe_url=unsubscribe_url),
                "payload": json.dumps([item["id"] for item in items]), "status": "pending",
                "next_try": now, "created": now}])
            db.conn.execute(f"update outbox set status = 'digested', {outbox.DROP_BODIES} "
                            f"where id in ({','.join('?' * len(items))})",
                            [item["id"] for item in items])
            built += 1
    return built
