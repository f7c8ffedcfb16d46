"""Leases and what a server process records of itself: the scheduler's lease in the `locks` table (one
process runs the scheduler; pbem/notify/sweep.py), and `pbem serve`'s facts for the other commands (its
base URL)."""

from __future__ import annotations

import sqlite_utils

from .connection import immediate, rows_of


def take(db: sqlite_utils.Database, name: str, owner: str, now: str, until: str) -> bool:
    """Hold (or renew) the lease `name` until `until`; False while another owner holds it past `now`. One
    statement, so two nodes taking a free lease at once never both get it (the row's key orders them)."""
    with immediate(db):
        taken = db.conn.execute(
            "insert into locks (name, owner, until) values (?, ?, ?) on conflict(name) do update set "
            "owner = excluded.owner, until = excluded.until where locks.owner = excluded.owner or locks.until <= ? "
            "returning owner", [name, owner, until, now]).fetchall()
    return bool(taken)


def renew(db: sqlite_utils.Database, name: str, owner: str, until: str) -> bool:
    """Extend the lease if this owner holds it; False if it does not."""
    return db.conn.execute("update locks set until = ? where name = ? and owner = ?", [until, name, owner]).rowcount > 0


def release(db: sqlite_utils.Database, name: str, owner: str) -> None:
    db.conn.execute("delete from locks where name = ? and owner = ?", [name, owner])


def record_server(db: sqlite_utils.Database, name: str, value: str, at: str) -> None:
    """A fact `pbem serve` records of itself for the other commands (its base URL)."""
    with immediate(db):
        db.conn.execute("insert into server (name, value, at) values (?, ?, ?) on conflict(name) do update set "
                        "value = excluded.value, at = excluded.at", [name, value, at])


def recorded_server(db: sqlite_utils.Database, name: str) -> tuple[str, str] | None:
    """(value, when recorded) of what `pbem serve` recorded under `name`, or None."""
    rows = rows_of(db, "select value, at from server where name = ?", [name])
    return (rows[0]["value"], rows[0]["at"]) if rows else None
