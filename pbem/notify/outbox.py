"""The outbox: notices wait here until a sender delivers them. Claiming takes a lease, so a sender
killed mid-delivery loses nothing (the lease runs out and another pass picks the notice up), and a
delivered notice is marked at once, so it is not sent twice. Failures are retried with growing
delays, and after MAX_TRIES the notice is marked failed, for the game's players to see."""

from __future__ import annotations

from datetime import timedelta

from .. import clock, store

MAX_TRIES = 6
BACKOFF_SECONDS = (60, 5 * 60, 15 * 60, 60 * 60, 4 * 60 * 60)
LEASE_SECONDS = 5 * 60


def _later(now: str, seconds: int) -> str:
    return clock.format_time(clock.parse_time(now) + timedelta(seconds=seconds))


def claim(db, now: str, limit: int = 50) -> list[dict]:
    """Take up to `limit` notices that are due and not leased to another sender."""
    with store.immediate(db):
        rows = list(db.query(
            "select * from outbox where status = 'pending' and next_try <= ? "
            "and (claimed_until is null or claimed_until <= ?) order by id limit ?", [now, now, limit]))
        until = _later(now, LEASE_SECONDS)
        for row in rows:
            db.conn.execute("update outbox set claimed_until = ? where id = ?", [until, row["id"]])
    return rows


def mark_sent(db, notice_id: int, now: str) -> None:
    db.conn.execute("update outbox set status = 'sent', sent_at = ?, claimed_until = null, tries = tries + 1 "
                    "where id = ?", [now, notice_id])


def mark_failed_try(db, notice_id: int, error: str, now: str) -> str:
    row = next(db.query("select tries from outbox where id = ?", [notice_id]))
    tries = row["tries"] + 1
    if tries >= MAX_TRIES:
        db.conn.execute("update outbox set status = 'failed', tries = ?, last_error = ?, claimed_until = null "
                        "where id = ?", [tries, error[:500], notice_id])
        return "failed"
    delay = BACKOFF_SECONDS[min(tries - 1, len(BACKOFF_SECONDS) - 1)]
    db.conn.execute("update outbox set tries = ?, last_error = ?, next_try = ?, claimed_until = null where id = ?",
                    [tries, error[:500], _later(now, delay), notice_id])
    return "retry"


def failed_for_game(db, game_id: str) -> list[dict]:
    return list(db.query("select seat, channel, kind, tries, last_error from outbox "
                         "where game_id = ? and status = 'failed' order by id", [game_id]))


def for_game(db, game_id: str) -> list[dict]:
    return list(db.query("select * from outbox where game_id = ? order by id", [game_id]))
