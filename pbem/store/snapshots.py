"""Snapshots (pbem/play/loading.py): folded games kept to start from, never truth; dropped and rebuilt at will."""

from __future__ import annotations

from typing import Sequence

import sqlite_utils

from .connection import immediate

REPLACE_SNAPSHOT = ("insert into snapshots (game_id, seq, code, data) values (?, ?, ?, ?) on conflict (game_id, seq) "
                    "do update set code = excluded.code, data = excluded.data")


def read_snapshot(db: sqlite_utils.Database, game_id: str, upto: int, code: str) -> tuple[int, bytes] | None:
    row = db.execute("select seq, data from snapshots where game_id = ? and seq <= ? and code = ? "
                     "order by seq desc limit 1", [game_id, upto, code]).fetchone()
    return (row[0], row[1]) if row else None


def write_snapshots(db: sqlite_utils.Database, game_id: str, snapshots: Sequence[tuple[int, str, bytes]]) -> None:
    """(seq, code, data) snapshots of one game, in one transaction."""
    with immediate(db):
        db.conn.executemany(REPLACE_SNAPSHOT, [(game_id, *snapshot) for snapshot in snapshots])


def drop_snapshots(db: sqlite_utils.Database, game_id: str | None = None) -> None:
    if game_id is None:
        db.conn.execute("delete from snapshots")
    else:
        db.conn.execute("delete from snapshots where game_id = ?", [game_id])


def last_snapshot_seq(db: sqlite_utils.Database, game_id: str) -> int:
    """The seq of the game's latest snapshot, 0 when it has none."""
    return db.conn.execute("select max(seq) from snapshots where game_id = ?", [game_id]).fetchone()[0] or 0
