"""Leases and what a server process records of itself: the scheduler's lease in the `locks` table (one
process runs the scheduler; pbem/notify/sweep.py), and `pbem serve`'s facts for the other commands (its
base URL)."""

from __future__ import annotations

import sqlite_utils

from .connection import immediate, rows_of


def take(db: sqlite_utils.Database, name: str, owner: str, now: str, until: str) -> bool:
    """Hold (or renew) the lease `name` until `until`, in a transaction of its own; False while another
    owner holds it past `now`."""
    with immediate(db):
        rows = rows_of(db, "select owner, until from locks where name = ?", [name])
        if rows and rows[0]["owner"] != owner and rows[0]["until"] > now:
            return False
        db.conn.execute("insert into locks (name, owner, until) values (?, ?, ?) on conflict(name) do update set "
                        "owner = excluded.owner, until = excluded.until", [name, owner, until])
    return True


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
