"""The outbox: notices wait here until a sender delivers them. Claiming takes a lease for one attempt
(its channel's deadline and a margin, pbem/notify/sender.py), so a sender killed mid-delivery loses
nothing (the lease runs out within a minute and another pass picks the notice up), and a delivered
notice is marked at once, so it is not sent twice. A recipient has one notice on its way at a time,
from any process: a slow peer holds up only its own notices, and a channel gets them in order.
Failures are retried with growing delays, and after MAX_TRIES the notice is marked failed, for its
seat to see.

A notice's body carries the seat's link (its key), so it is kept only while a try is still to come:
once sent, failed for good, gathered into a digest or stopped by the block list, the body, the HTML and
the webhook payload are dropped; the row stays (kind, seat, channel, status, times) so a notice is still
never written twice."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

from .. import clock, store

MAX_TRIES = 6
BACKOFF_SECONDS = (60, 5 * 60, 15 * 60, 60 * 60, 4 * 60 * 60)


def _later(now: str, seconds: float) -> str:
    return clock.format_time(clock.parse_time(now) + timedelta(seconds=seconds))


def claim(db, now: str, limit: int, lease_seconds: Mapping[str, float]) -> list[dict]:
    """Take up to `limit` notices that are due and not leased, the oldest of each recipient that has
    none on its way, each leased for its channel's `lease_seconds`."""
    with store.immediate(db):
        rows = list(db.query(
            "select * from outbox where id in (select min(id) from outbox where status = 'pending' "
            "and next_try <= ? and (claimed_until is null or claimed_until <= ?) and recipient not in "
            "(select recipient from outbox where status = 'pending' and claimed_until > ?) group by recipient) "
            "order by id limit ?", [now, now, now, limit]))
        for row in rows:
            until = _later(now, lease_seconds.get(row["channel"], max(lease_seconds.values())))
            db.conn.execute("update outbox set claimed_until = ? where id = ?", [until, row["id"]])
    return rows


DROP_BODIES = "body_text = null, body_html = null, payload = null"


def mark_sent(db, notice_id: int, now: str) -> None:
    db.conn.execute(f"update outbox set status = 'sent', sent_at = ?, claimed_until = null, tries = tries + 1, "
                    f"{DROP_BODIES} where id = ?", [now, notice_id])


def mark_unsubscribed(db, notice_id: int, now: str) -> None:
    """Not sent, ever: the address is on the block list (pbem/notify/unsubscribe.py)."""
    db.conn.execute(f"update outbox set status = 'unsubscribed', sent_at = ?, claimed_until = null, {DROP_BODIES} "
                    "where id = ?", [now, notice_id])


def mark_failed_try(db, notice_id: int, error: str, now: str) -> str:
    row = next(db.query("select tries from outbox where id = ?", [notice_id]))
    tries = row["tries"] + 1
    if tries >= MAX_TRIES:
        db.conn.execute(f"update outbox set status = 'failed', tries = ?, last_error = ?, claimed_until = null, "
                        f"{DROP_BODIES} where id = ?", [tries, error[:500], notice_id])
        return "failed"
    delay = BACKOFF_SECONDS[min(tries - 1, len(BACKOFF_SECONDS) - 1)]
    db.conn.execute("update outbox set tries = ?, last_error = ?, next_try = ?, claimed_until = null where id = ?",
                    [tries, error[:500], _later(now, delay), notice_id])
    return "retry"


def failed_for_game(db, game_id: str) -> list[dict]:
    """Every notice of a game that failed for good, with the raw error: for the operator, never a page."""
    return list(db.query("select seat, channel, kind, tries, last_error from outbox "
                         "where game_id = ? and status = 'failed' order by id", [game_id]))


NOTICE_WORDS = {"invitation": "invitation", "your_turn": "\"your turn\" notice", "result": "result",
                "reminder": "reminder", "timeout": "timeout notice", "reply": "answer to your e-mailed move",
                "links": "seat link you asked for", "digest": "daily digest", "joined": "welcome to the game",
                "confirm": "address confirmation",
                "message": "notice of a message", "proposal": "proposal to answer",
                "answered": "notice of an answer to a proposal", "rewound": "notice of a takeback",
                "conditional": "notice of your conditional move"}


def failed_for_seat(db, game_id: str, seat: int) -> list[str]:
    """What the seat page tells a seat of its own notices that failed for good: plain words, no
    address, no raw error text (that can carry addresses and server names)."""
    rows = db.query("select channel, kind, tries, last_error from outbox where game_id = ? and seat = ? "
                    "and status = 'failed' order by id", [game_id, seat])
    return [f"Your {NOTICE_WORDS.get(row['kind'].split(':')[0], 'notice')} could not be delivered "
            f"{'by e-mail' if row['channel'] == 'email' else 'to your webhook'} ({row['tries']} tries): "
            f"{plain_reason(row['channel'], row['last_error'] or '')}." for row in rows]


def plain_reason(channel: str, error: str) -> str:
    kind = error.partition(":")[0]
    if channel == "webhook":
        if kind == "WebhookRefused":
            return "its address is not allowed (webhooks go to public http or https addresses only)"
        if "answered" in error:
            return "the webhook answered with an error; check its address in your notification settings"
        return "the webhook could not be reached; check its address in your notification settings"
    if kind in ("SMTPRecipientsRefused", "SMTPSenderRefused"):
        return "the mail server refused the address; check it in your notification settings"
    return "the mail server could not be reached or refused the message; it is not tried again"


def for_game(db, game_id: str) -> list[dict]:
    return list(db.query("select * from outbox where game_id = ? order by id", [game_id]))
