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
    games = rows_of(db, "select id, game, status, updated, deadline from games where (cast(? as text) is null or status = ?) "
                        "and (cast(? as text) is null or game = ?) order by updated desc, id", [status, status, game, game])
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


def address_has_seats(db: sqlite_utils.Database, address: str) -> bool:
    """Whether any seat of any game has this (lower-case) address."""
    return db.conn.execute("select 1 from seats where lower(email) = ? limit 1", [address]).fetchone() is not None


def active_seats_of_address(db: sqlite_utils.Database, address: str) -> list[tuple[str, int]]:
    """(game_id, seat) of the seats with this address (any case) in games waiting or under way."""
    rows = rows_of(db, "select seats.game_id, seats.seat from seats join games on games.id = seats.game_id "
                       "where lower(seats.email) = lower(?) and games.status in ('active', 'waiting') "
                       "order by seats.game_id, seats.seat", [address])
    return [(row["game_id"], row["seat"]) for row in rows]


def games_due(db: sqlite_utils.Database, now: str, limit: int) -> list[str]:
    """The games whose `next_due` has come by `now`, earliest first (an indexed read)."""
    return [row[0] for row in db.conn.execute(
        "select id from games where next_due is not null and next_due <= ? order by next_due limit ?",
        [now, limit]).fetchall()]


def mark_handled(db: sqlite_utils.Database, game_id: str, seq: int, handled_until: str, next_due: str | None) -> None:
    """The clock handled the game at `seq` up to `handled_until`, in a transaction of its own (a game that
    moved on since keeps its row)."""
    with immediate(db):
        db.conn.execute("update games set handled_until = ?, next_due = ? where id = ? and seq = ?",
                        [handled_until, next_due, game_id, seq])


def game_kind(db: sqlite_utils.Database, game_id: str) -> str | None:
    """The game's kind (its module's name) as the projection has it, or None when it has no row."""
    row = db.conn.execute("select game from games where id = ?", [game_id]).fetchone()
    return row[0] if row is not None else None


def seats_of_address(db: sqlite_utils.Database, address: str, finished_since: str) -> list[tuple]:
    """(game_id, seat, name, generation, game, status, to_move, deadline, deadlines, updated, summary, outcome)
    of the seats with this (lower-case) address, in games not finished or finished since `finished_since`."""
    return db.conn.execute(
        "select s.game_id, s.seat, s.name, s.generation, g.game, g.status, g.to_move, g.deadline, g.deadlines, "
        "g.updated, g.summary, g.outcome from seats s join games g on g.id = s.game_id "
        "where lower(s.email) = ? and (g.status != 'finished' or g.updated >= ?)",
        [address, finished_since]).fetchall()


def seat_names(db: sqlite_utils.Database, game_ids: Sequence[str]) -> dict[str, dict[int, str]]:
    """game_id -> seat -> name, for these games."""
    names: dict[str, dict[int, str]] = {}
    wanted = sorted(set(game_ids))
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        for game_id, seat, name in db.conn.execute(
                f"select game_id, seat, name from seats where game_id in ({','.join('?' * len(chunk))})", chunk):
            names.setdefault(game_id, {})[seat] = name
    return names
