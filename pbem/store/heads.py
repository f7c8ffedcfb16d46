"""The hashes of a game's events at given seqs, for a client that compares the heads it kept (architecture
section 19): a seat page that saw the game at seq N asks whether the event at N still has the hash it saw.
One indexed read of the primary key, however long the game."""

from __future__ import annotations

from typing import Sequence

import sqlite_utils

HASHES_AT_MOST = 64  # seqs asked at once: what a page keeps of one game


def hashes_at(db: sqlite_utils.Database, game_id: str, seqs: Sequence[int]) -> dict[int, str | None]:
    """{seq: its event's hash, or None where the log has no such event} for at most HASHES_AT_MOST seqs."""
    wanted = sorted(set(seqs))[-HASHES_AT_MOST:]
    if not wanted:
        return {}
    marks = ", ".join("?" * len(wanted))
    rows = db.conn.execute(f"select seq, hash from events where game_id = ? and seq in ({marks})",
                           [game_id, *wanted]).fetchall()
    found = dict(rows)
    return {seq: found.get(seq) for seq in wanted}
