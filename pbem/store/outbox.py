"""The outbox's rows: the notices an append causes, written with it (`enqueue`), mail to addresses that
have not shown they want it held to an allowance, and the rows' life until delivered (claims, marks,
digests' reads; pbem/notify/outbox.py and sender.py decide when)."""

from __future__ import annotations

from typing import Callable, Sequence

import sqlite_utils

from . import push
from .accounts import address_sha256, is_proven
from .connection import dialect, immediate, rows_of

OUTBOX_COLUMNS = ("game_id", "seq", "seat", "channel", "kind", "recipient", "subject", "body_text", "body_html",
                  "payload", "args", "status", "tries", "next_try", "created")


# Mail that nobody has shown to be wanted (audit N2): anyone may type any address into a new game, so
# an address gets at most this many mails, whatever the games, kinds and clients, from the games whose
# mail it has not shown it wants (by following a link from one of their mails, pbem/web/proof.py); mail
# from a game it has opened is not counted. Mail of no game (sign-in links) is not counted once the
# address opened any game or followed a sign-in link. Later mail is written (so it is not computed again) as 'unproven' without
# its body or what it would tell, and never sent. A player keeps every notice of the games they play; a stranger's address, or
# a player's named in a stranger's games, hears three times.
UNPROVEN_MAILS_AT_MOST = 3
MAILED = ("pending", "sent", "failed")  # statuses of a mail that was, or will be, tried

def may_mail(db: sqlite_utils.Database, address: str, game_id: str) -> bool:
    """Whether one more mail of this game may go to this address: the address opened the game, or had
    fewer mails than the allowance from games it has not opened."""
    if is_proven(db, address, game_id):
        return True
    mailed = db.execute(f"select count(*) from (select 1 from outbox where lower(recipient) = ? and status in "
                        f"({', '.join('?' * len(MAILED))}) and game_id not in (select game_id from proven_addresses "
                        "where address_sha256 = ?) limit ?) as mailed",
                        [address.strip().lower(), *MAILED, address_sha256(address), UNPROVEN_MAILS_AT_MOST]
                        ).fetchone()[0]
    return mailed < UNPROVEN_MAILS_AT_MOST


def enqueue(db: sqlite_utils.Database, notices: Sequence[dict]) -> int:
    """Insert notices; one already written for the same event, seat, channel and kind is kept as it is. A
    mail to an unproven address past its allowance is written 'unproven', never to be sent."""
    count = 0
    for notice in each_device(db, notices):
        row = {"tries": 0, **notice}
        if row.get("channel") == "email" and row.get("status") == "pending" and \
                not may_mail(db, row["recipient"], row.get("game_id") or ""):
            row.update(status="unproven", body_text=None, body_html=None, payload=None, args=None)
        cursor = db.conn.execute(
            f"insert into outbox ({', '.join(OUTBOX_COLUMNS)}) values ({', '.join('?' * len(OUTBOX_COLUMNS))}) "
            "on conflict do nothing",
            [row.get(c) for c in OUTBOX_COLUMNS],
        )
        count += cursor.rowcount
    return count


def each_device(db, notices: Sequence[dict]):
    """The notices, a push (channel "push", no recipient: to the seat's devices) made one row per device
    subscribed for its seat or its seat's address, its channel naming the subscription ("push:<id>", so
    each device's row is one of its own) and its recipient the device's endpoint (one on its way at a time).
    A push notice names its seat's address and link generation ("devices_of", not a column): the append
    writing it knows them, so the devices are found in one read per game."""
    devices: dict[str, dict[int, list[dict]]] = {}  # each game's devices by seat, read once per game
    for notice in notices:
        if notice.get("channel") != "push" or notice.get("recipient") is not None:
            yield notice
            continue
        game_id = notice["game_id"]
        if game_id not in devices:
            devices[game_id] = push.of_seats(db, game_id, {
                other["seat"]: other["devices_of"] for other in notices
                if other.get("channel") == "push" and other["game_id"] == game_id and "devices_of" in other})
        for device in devices[game_id].get(notice["seat"], []):
            yield {**notice, "channel": f"push:{device['id']}", "recipient": device["endpoint"]}


def enqueue_now(db: sqlite_utils.Database, notices: Sequence[dict]) -> int:
    with immediate(db):
        return enqueue(db, notices)


# --- delivery (pbem/notify/outbox.py, sender.py) -----------------------------------------------------------


# A notice's body and its arguments carry the seat's link: once no try is to come, they are dropped and the
# row kept.
DROP_BODIES = "body_text = null, body_html = null, payload = null, args = null"


def claim_due(db: sqlite_utils.Database, now: str, limit: int, until_of: Callable[[dict], str]) -> list[dict]:
    """Take up to `limit` notices that are due and not leased, the oldest of each recipient that has none
    on its way, each leased until `until_of(row)`, in one transaction. On PostgreSQL the rows are locked
    as they are read and those another node is claiming are skipped (`FOR UPDATE SKIP LOCKED`); the
    outer conditions are checked again on a row another claim has just changed, so no notice is claimed
    twice. On SQLite the transaction holds the whole file."""
    with immediate(db):
        rows = rows_of(
            db, "select * from outbox where id in (select min(id) from outbox where status = 'pending' "
            "and next_try <= ? and (claimed_until is null or claimed_until <= ?) and recipient not in "
            "(select recipient from outbox where status = 'pending' and claimed_until > ?) group by recipient) "
            "and status = 'pending' and (claimed_until is null or claimed_until <= ?) "
            "order by id limit ?" + dialect(db).SKIP_LOCKED, [now, now, now, now, limit])
        for row in rows:
            db.conn.execute("update outbox set claimed_until = ? where id = ?", [until_of(row), row["id"]])
    return rows


def defer(db: sqlite_utils.Database, notice_id: int, until: str) -> None:
    """A claimed notice waits, untried, until `until` (its recipient's quiet hours)."""
    db.conn.execute("update outbox set next_try = ?, claimed_until = null where id = ?", [until, notice_id])


def mark_sent(db: sqlite_utils.Database, notice_id: int, now: str) -> None:
    db.conn.execute(f"update outbox set status = 'sent', sent_at = ?, claimed_until = null, tries = tries + 1, "
                    f"{DROP_BODIES} where id = ?", [now, notice_id])


def mark_unsubscribed(db: sqlite_utils.Database, notice_id: int, now: str) -> None:
    db.conn.execute(f"update outbox set status = 'unsubscribed', sent_at = ?, claimed_until = null, {DROP_BODIES} "
                    "where id = ?", [now, notice_id])


def tries_of(db: sqlite_utils.Database, notice_id: int) -> int:
    return db.conn.execute("select tries from outbox where id = ?", [notice_id]).fetchone()[0]


def mark_failed(db: sqlite_utils.Database, notice_id: int, tries: int, error: str) -> None:
    """Failed for good: never tried again."""
    db.conn.execute(f"update outbox set status = 'failed', tries = ?, last_error = ?, claimed_until = null, "
                    f"{DROP_BODIES} where id = ?", [tries, error, notice_id])


def mark_retry(db: sqlite_utils.Database, notice_id: int, tries: int, error: str, next_try: str) -> None:
    db.conn.execute("update outbox set tries = ?, last_error = ?, next_try = ?, claimed_until = null where id = ?",
                    [tries, error, next_try, notice_id])


def supersede_turn_notices(db: sqlite_utils.Database, game_id: str, seat: int, upto: int, now: str) -> int:
    """Drop the "your turn" notices through seq `upto` of a seat not yet sent nor leased, in a transaction of
    their own: how many were dropped."""
    with immediate(db):
        return db.conn.execute(
            f"update outbox set status = 'superseded', {DROP_BODIES} where game_id = ? and seat = ? and seq <= ? "
            "and kind = 'your_turn' and status in ('pending', 'held') and (claimed_until is null or claimed_until <= ?)",
            [game_id, seat, upto, now]).rowcount


# --- digests (pbem/notify/sender.py) ------------------------------------------------------------------------


def held_recipients(db: sqlite_utils.Database, cutoff: str) -> list[str]:
    """The addresses with held mail whose oldest was written at or before `cutoff`."""
    return [row["recipient"] for row in rows_of(
        db, "select recipient from outbox where status = 'held' and channel = 'email' "
        "group by recipient having min(created) <= ?", [cutoff])]


def held_for(db: sqlite_utils.Database, recipient: str) -> list[dict]:
    return rows_of(db, "select * from outbox where status = 'held' and recipient = ? order by id", [recipient])


def mark_digested(db: sqlite_utils.Database, ids: Sequence[int]) -> None:
    db.conn.execute(f"update outbox set status = 'digested', {DROP_BODIES} where id in ({','.join('?' * len(ids))})",
                    list(ids))


# --- reads for pages and the operator ------------------------------------------------------------------------


def failed_of_game(db: sqlite_utils.Database, game_id: str) -> list[dict]:
    return rows_of(db, "select seat, channel, kind, tries, last_error from outbox "
                       "where game_id = ? and status = 'failed' order by id", [game_id])


def failed_of_seat(db: sqlite_utils.Database, game_id: str, seat: int) -> list[dict]:
    return rows_of(db, "select channel, kind, tries, last_error from outbox where game_id = ? and seat = ? "
                       "and status = 'failed' order by id", [game_id, seat])


def of_game(db: sqlite_utils.Database, game_id: str) -> list[dict]:
    return rows_of(db, "select * from outbox where game_id = ? order by id", [game_id])
