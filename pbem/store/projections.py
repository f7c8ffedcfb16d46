"""The projections of the events: the `games` and `seats` tables, written in the same transaction as the
events they follow, and read instead of the events wherever a page or the clock needs only what they hold.
They can be dropped and rebuilt from the events at any time (`pbem rebuild`)."""

from __future__ import annotations

from typing import Sequence

import sqlite_utils

from .connection import immediate, rows_of


def game_row(db: sqlite_utils.Database, game_id: str) -> dict | None:
    rows = list(rows_of(db, "select * from games where id = ?", [game_id]))
    return rows[0] if rows else None


def seat_by_token_hash(db: sqlite_utils.Database, token_hash: str) -> dict | None:
    rows = list(rows_of(db, "select * from seats where token_hash = ?", [token_hash]))
    return rows[0] if rows else None


def seats_of(db: sqlite_utils.Database, game_id: str) -> list[dict]:
    return list(rows_of(db, "select * from seats where game_id = ? order by seat", [game_id]))


def list_games(db: sqlite_utils.Database, limit: int = 50) -> list[dict]:
    return list(rows_of(db, "select * from games order by updated desc limit ?", [limit]))


def games_with_names(db: sqlite_utils.Database, status: str | None = None, game: str | None = None) -> list[dict]:
    """Every game (or those of one status or kind), latest moved first, each with its seats' names in
    seat order under "names" (`pbem games`): two reads, whatever the number of games."""
    games = rows_of(db, "select id, game, status, updated, deadline from games where (? is null or status = ?) "
                        "and (? is null or game = ?) order by updated desc, id", [status, status, game, game])
    names: dict[str, list[str]] = {}
    for row in rows_of(db, "select game_id, name from seats order by game_id, seat"):
        names.setdefault(row["game_id"], []).append(row["name"])
    return [{**row, "names": names.get(row["id"], [])} for row in games]


def write_projection(db: sqlite_utils.Database, game: dict, seats: Sequence[dict] = ()) -> None:
    """Upsert the games row, and the seats rows when given (inside the caller's transaction)."""
    columns = ("id", "game", "status", "seq", "to_move", "deadline", "created", "updated", "seat_count", "outcome",
               "next_due", "deadlines", "summary")
    # an append told in no words (settings, a replaced link) keeps the summary of the last one that was
    keep = {"summary": "coalesce(excluded.summary, games.summary)"}
    db.conn.execute(
        f"insert into games ({', '.join(columns)}) values ({', '.join('?' * len(columns))}) "
        "on conflict(id) do update set " + ", ".join(f"{c} = {keep.get(c, f'excluded.{c}')}" for c in columns[1:]),
        [game.get(c) for c in columns],
    )
    seat_columns = ("game_id", "seat", "name", "email", "webhook", "token_hash", "email_on", "digest", "generation")
    for seat in seats:
        db.conn.execute(
            f"insert into seats ({', '.join(seat_columns)}) values ({', '.join('?' * len(seat_columns))}) "
            "on conflict(game_id, seat) do update set "
            + ", ".join(f"{c} = excluded.{c}" for c in seat_columns[2:]),
            [seat.get(c) for c in seat_columns],
        )


def write_projection_now(db: sqlite_utils.Database, game: dict, seats: Sequence[dict] = ()) -> None:
    """write_projection in a transaction of its own (rebuild)."""
    with immediate(db):
        write_projection(db, game, seats)
