"""What the server process records of itself for the other commands (`pbem serve`'s base URL)."""

from __future__ import annotations

import sqlite_utils

from .connection import immediate, rows_of


def record_server(db: sqlite_utils.Database, name: str, value: str, at: str) -> None:
    """A fact `pbem serve` records of itself for the other commands (its base URL)."""
    with immediate(db):
        db.conn.execute("insert into server (name, value, at) values (?, ?, ?) on conflict(name) do update set "
                        "value = excluded.value, at = excluded.at", [name, value, at])


def recorded_server(db: sqlite_utils.Database, name: str) -> tuple[str, str] | None:
    """(value, when recorded) of what `pbem serve` recorded under `name`, or None."""
    rows = rows_of(db, "select value, at from server where name = ?", [name])
    return (rows[0]["value"], rows[0]["at"]) if rows else None
