"""The rows of the ratings (issue 32, architecture section 23): each rated game as it finished (its game,
when it ended, each rated seat's public name and place), and the fold over them: each public name's
rating per game, and each change a rated game made to it. Public names only: no address is kept here.

`rated_games` is written once, when a rated game finishes (the public names its seats' addresses held
then); `ratings` and `rating_changes` are a projection of it, extended by that game (or folded again when
it ended before another already kept) by pbem/lobby/ratings.py, and folded again by `pbem rebuild`."""

from __future__ import annotations

import json

from .connection import dialect, immediate, rows_of

RATINGS_LOCK = 0x72617465  # with the game's name: the advisory lock of one game's ratings on PostgreSQL


def create_tables(db) -> None:
    """The three tables and their indexes (schema version 16, both engines)."""
    text, real = dialect(db).TEXT, "double precision"  # SQLite reads it as REAL
    db.conn.execute(f"create table if not exists rated_games (game_id {text} primary key, game {text} not null, "
                    f"ended {text} not null, seats {text} not null)")
    db.conn.execute("create index if not exists rated_games_ended on rated_games (game, ended, game_id)")
    db.conn.execute(f"create table if not exists ratings (game {text} not null, name {text} not null, "
                    f"mu {real} not null, sigma {real} not null, ordinal {real} not null, games integer not null, "
                    "primary key (game, name))")
    db.conn.execute("create index if not exists ratings_name on ratings (name)")
    db.conn.execute(f"create table if not exists rating_changes (game {text} not null, name {text} not null, "
                    f"game_id {text} not null, ended {text} not null, place integer not null, "
                    f"mu_before {real} not null, sigma_before {real} not null, "
                    f"mu_after {real} not null, sigma_after {real} not null, primary key (game_id, name))")
    db.conn.execute("create index if not exists rating_changes_name on rating_changes (name, ended)")


def forget_rated_game(db, game_id: str) -> None:
    """A game no longer rated (a rebuild finds it does not count)."""
    with immediate(db):
        db.conn.execute("delete from rated_games where game_id = ?", [game_id])


def rated_game(db, game_id: str) -> dict | None:
    found = rows_of(db, "select game_id, game, ended, seats from rated_games where game_id = ?", [game_id])
    return {**found[0], "seats": json.loads(found[0]["seats"])} if found else None


def rated_games(db, game: str | None = None) -> list[dict]:
    """The rated games (of one game, or all), in the order they ended (ties by game id)."""
    where, params = ("where game = ?", [game]) if game else ("", [])
    rows = rows_of(db, f"select game_id, game, ended, seats from rated_games {where} order by ended, game_id", params)
    return [{**row, "seats": json.loads(row["seats"])} for row in rows]


def folded_in(db, game: str, new: dict | None, fold, extend) -> None:
    """Keep a rated game that has just finished (`new`: {"game_id", "ended", "seats"}; None: none, fold
    again), and bring its game's ratings up to date, in one transaction that one writer at a time holds
    per game (so that two games finishing at once both count). The usual case, a game ending after every
    other kept: `extend(before, new)` rates it from its names' ratings ({name: row}) and gives (their new
    rows, the changes); otherwise `fold(rated games in order)` gives the whole list and changes again."""
    with immediate(db):
        if _postgres(db):
            db.conn.execute("select pg_advisory_xact_lock(?, hashtext(?))", [RATINGS_LOCK, game])
        if new is not None:
            if rated_game(db, new["game_id"]) is not None:
                return
            latest = rows_of(db, "select ended, game_id from rated_games where game = ? "
                                 "order by ended desc, game_id desc limit 1", [game])
            db.conn.execute("insert into rated_games (game_id, game, ended, seats) values (?, ?, ?, ?)",
                            [new["game_id"], game, new["ended"], json.dumps(new["seats"])])
            if not latest or (latest[0]["ended"], latest[0]["game_id"]) < (new["ended"], new["game_id"]):
                names = [seat["name"] for seat in new["seats"]]
                before = {row["name"]: row for row in rows_of(
                    db, f"select name, mu, sigma, ordinal, games from ratings where game = ? and name in "
                        f"({', '.join('?' * len(names))})", [game, *names])}
                rows, changes = extend(before, new)
                for row in rows:
                    db.conn.execute("delete from ratings where game = ? and name = ?", [game, row["name"]])
                _write(db, game, rows, changes)
                return
        rows, changes = fold(rated_games(db, game))
        db.conn.execute("delete from ratings where game = ?", [game])
        db.conn.execute("delete from rating_changes where game = ?", [game])
        _write(db, game, rows, changes)


def _postgres(db) -> bool:
    from .postgres import Database

    return isinstance(db, Database)


def _write(db, game: str, ratings: list[dict], changes: list[dict]) -> None:
    for row in ratings:
        db.conn.execute("insert into ratings (game, name, mu, sigma, ordinal, games) values (?, ?, ?, ?, ?, ?)",
                        [game, row["name"], row["mu"], row["sigma"], row["ordinal"], row["games"]])
    for row in changes:
        db.conn.execute("insert into rating_changes (game, name, game_id, ended, place, mu_before, sigma_before, "
                        "mu_after, sigma_after) values (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                        [game, row["name"], row["game_id"], row["ended"], row["place"], row["mu_before"],
                         row["sigma_before"], row["mu_after"], row["sigma_after"]])


def forget_ratings(db, game: str) -> None:
    """Drop a game's rating list and changes (the rated games stay: a fold makes them again)."""
    with immediate(db):
        db.conn.execute("delete from ratings where game = ?", [game])
        db.conn.execute("delete from rating_changes where game = ?", [game])


def rating_list(db, game: str) -> list[dict]:
    """A game's ratings, best first (by ordinal, then more games, then name)."""
    return rows_of(db, "select name, ordinal, mu, sigma, games from ratings where game = ? "
                       "order by ordinal desc, games desc, name", [game])


def ratings_of(db, name: str) -> list[dict]:
    return rows_of(db, "select game, ordinal, mu, sigma, games from ratings where name = ? order by game", [name])


def changes_of(db, name: str, limit: int = 100) -> list[dict]:
    """A name's latest rating changes, newest first."""
    return rows_of(db, "select game, game_id, ended, place, mu_before, sigma_before, mu_after, sigma_after "
                       "from rating_changes where name = ? order by ended desc, game_id desc limit ?", [name, limit])
