"""The outbox's rows: the notices an append causes, written with it (`enqueue`), and mail to addresses
that have not shown they want it held to an allowance."""

from __future__ import annotations

from typing import Sequence

import sqlite_utils

from .accounts import address_sha256, is_proven
from .connection import immediate


OUTBOX_COLUMNS = ("game_id", "seq", "seat", "channel", "kind", "recipient", "subject", "body_text", "body_html",
                  "payload", "status", "tries", "next_try", "created")


# Mail that nobody has shown to be wanted (audit N2): anyone may type any address into a new game, so
# an address gets at most this many mails, whatever the games, kinds and clients, from the games whose
# mail it has not shown it wants (by following a link from one of their mails, pbem/web/proof.py); mail
# from a game it has opened is not counted. Mail of no game (sign-in links) is not counted once the
# address opened any game or followed a sign-in link. Later mail is written (so it is not computed again) as 'unproven' without
# its body, and never sent. A player keeps every notice of the games they play; a stranger's address, or
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
                        "where address_sha256 = ?) limit ?)",
                        [address.strip().lower(), *MAILED, address_sha256(address), UNPROVEN_MAILS_AT_MOST]
                        ).fetchone()[0]
    return mailed < UNPROVEN_MAILS_AT_MOST


def enqueue(db: sqlite_utils.Database, notices: Sequence[dict]) -> int:
    """Insert notices; one already written for the same event, seat, channel and kind is kept as it is. A
    mail to an unproven address past its allowance is written 'unproven', never to be sent."""
    count = 0
    for notice in notices:
        row = {"tries": 0, **notice}
        if row.get("channel") == "email" and row.get("status") == "pending" and \
                not may_mail(db, row["recipient"], row.get("game_id") or ""):
            row.update(status="unproven", body_text=None, body_html=None, payload=None)
        cursor = db.conn.execute(
            f"insert or ignore into outbox ({', '.join(OUTBOX_COLUMNS)}) values ({', '.join('?' * len(OUTBOX_COLUMNS))})",
            [row.get(c) for c in OUTBOX_COLUMNS],
        )
        count += cursor.rowcount
    return count


def enqueue_now(db: sqlite_utils.Database, notices: Sequence[dict]) -> int:
    with immediate(db):
        return enqueue(db, notices)
