"""The outbox: notices wait here until a sender delivers them. Claiming takes a lease for one attempt
(its channel's deadline and a margin, pbem/notify/sender.py), so a sender killed mid-delivery loses
nothing (the lease runs out within a minute and another pass picks the notice up), and a delivered
notice is marked at once, so it is not sent twice. A recipient has one notice on its way at a time,
from any process: a slow peer holds up only its own notices, and a channel gets them in order.
Failures are retried with growing delays, and after MAX_TRIES the notice is marked failed, for its
seat to see.

A notice's arguments and body carry the seat's link (its key), so they are kept only while a try is
still to come: once sent, failed for good, gathered into a digest or stopped by the block list, the
arguments, the body, the HTML and the webhook payload are dropped; the row stays (kind, seat, channel,
status, times) so a notice is still never written twice. A notice's words are composed as it is claimed
(pbem/notify/wording.py); `for_game` shows them as its delivery would compose them."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta

from .. import store
from ..play import clock
from . import wording
from .push import GONE

MAX_TRIES = 6
BACKOFF_SECONDS = (60, 5 * 60, 15 * 60, 60 * 60, 4 * 60 * 60)


def _later(now: str, seconds: float) -> str:
    return clock.format_time(clock.parse_time(now) + timedelta(seconds=seconds))


def claim(db, now: str, limit: int, lease_seconds: Mapping[str, float]) -> list[dict]:
    """Take up to `limit` notices that are due and not leased, the oldest of each recipient that has
    none on its way, each leased for its channel's `lease_seconds`."""
    return store.outbox.claim_due(
        db, now, limit, lambda row: _later(now, lease_seconds.get(row["channel"], max(lease_seconds.values()))))


def mark_sent(db, notice_id: int, now: str) -> None:
    store.outbox.mark_sent(db, notice_id, now)


def mark_unsubscribed(db, notice_id: int, now: str) -> None:
    """Not sent, ever: the address is on the block list (pbem/notify/unsubscribe.py)."""
    store.outbox.mark_unsubscribed(db, notice_id, now)


def defer(db, notice_id: int, until: str) -> None:
    """Not tried now: it goes at `until`, when its recipient's quiet hours end (pbem/notify/quiet.py)."""
    store.outbox.defer(db, notice_id, until)


def mark_failed_try(db, notice_id: int, error: str, now: str) -> str:
    tries = store.outbox.tries_of(db, notice_id) + 1
    if tries >= MAX_TRIES:
        store.outbox.mark_failed(db, notice_id, tries, error[:500])
        return "failed"
    delay = BACKOFF_SECONDS[min(tries - 1, len(BACKOFF_SECONDS) - 1)]
    store.outbox.mark_retry(db, notice_id, tries, error[:500], _later(now, delay))
    return "retry"


def failed_for_game(db, game_id: str) -> list[dict]:
    """Every notice of a game that failed for good, with the raw error: for the operator, never a page."""
    return store.outbox.failed_of_game(db, game_id)


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
    rows = [row for row in store.outbox.failed_of_seat(db, game_id, seat)
            if not row["channel"].startswith("push:")]  # pushes have their own list (`pushes_for_seat`)
    return [f"Your {NOTICE_WORDS.get(row['kind'].split(':')[0], 'notice')} could not be delivered "
            f"{'by e-mail' if row['channel'] == 'email' else 'to your webhook'} ({row['tries']} tries): "
            f"{plain_reason(row['channel'], row['last_error'] or '')}." for row in rows]


PUSH_STATUS = {"pending": "queued", "sent": "accepted", "failed": "failed", "unsubscribed": "not sent",
               "superseded": "not sent"}


def pushes_for_seat(db, game_id: str, seat: int) -> dict:
    """What the seat page shows of its push notices (issue 30): the latest, each queued, accepted (by the
    push service) or failed, and whether a device of the seat's was dropped by its push service."""
    rows = store.push.notices_of_seat(db, game_id, seat)
    return {"notices": [{"created": row["created"], "status": PUSH_STATUS.get(row["status"], "queued"),
                         "opened": bool(row["opened"])} for row in rows],
            "gone": any(row["status"] == "failed" and (row["last_error"] or "") == GONE for row in rows)}


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
    """Every notice of a game, each with its words as its delivery composes them (those still to be sent:
    the others keep none)."""
    return [wording.worded(db, row) for row in store.outbox.of_game(db, game_id)]
