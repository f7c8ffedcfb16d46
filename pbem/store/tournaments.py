"""The rows of tournaments (issue 32, item 3): each tournament, its entrants, its committed seeds (one a
season, secret until the season ends) and its games, drawn at the start (a game's id filled in when it is
created: at once, or when the round before it ends). An entrant's address is kept to seat them (their seat's
link is mailed to it); pages and answers read their public name only."""

from __future__ import annotations

from .accounts import address_sha256
from .connection import dialect, immediate, rows_of

TOURNAMENT_COLUMNS = ("id", "name", "game", "format", "players_per_game", "options", "rounds", "max_entrants",
                      "divisions", "movers", "entries_close", "organiser_sha256", "organiser_name", "status",
                      "season", "round", "created")


def create_tables(db) -> None:
    """The four tables (schema version 16, both engines)."""
    text = dialect(db).TEXT
    db.conn.execute(f"create table if not exists tournaments (id {text} primary key, name {text} not null, "
                    f"game {text} not null, format {text} not null, players_per_game integer not null, "
                    f"options {text} not null, rounds {text} not null, max_entrants integer, "
                    f"divisions integer not null, movers integer not null, entries_close {text} not null, "
                    f"organiser_sha256 {text} not null, organiser_name {text} not null, status {text} not null, "
                    f"season integer not null, round integer not null, created {text} not null)")
    db.conn.execute("create index if not exists tournaments_created on tournaments (created, id)")
    db.conn.execute(f"create table if not exists tournament_entries (tournament_id {text} not null, "
                    f"address_sha256 {text} not null, address {text} not null, name {text} not null, "
                    f"entered {text} not null, withdrawn {text}, division integer, "
                    "primary key (tournament_id, address_sha256))")
    db.conn.execute(f"create table if not exists tournament_seeds (tournament_id {text} not null, "
                    f"season integer not null, seed {text} not null, seed_hash {text} not null, "
                    "revealed integer not null, primary key (tournament_id, season))")
    db.conn.execute(f"create table if not exists tournament_games (tournament_id {text} not null, "
                    "season integer not null, division integer not null, round integer not null, "
                    f"table_no integer not null, seats {text} not null, game_id {text}, "
                    "primary key (tournament_id, season, division, round, table_no))")
    db.conn.execute("create index if not exists tournament_games_game on tournament_games (game_id)")


def create(db, row: dict, seed_hex: str, seed_hash: str) -> None:
    with immediate(db):
        db.conn.execute(f"insert into tournaments ({', '.join(TOURNAMENT_COLUMNS)}) "
                        f"values ({', '.join('?' * len(TOURNAMENT_COLUMNS))})", [row[c] for c in TOURNAMENT_COLUMNS])
        db.conn.execute("insert into tournament_seeds (tournament_id, season, seed, seed_hash, revealed) "
                        "values (?, ?, ?, ?, 0)", [row["id"], row["season"], seed_hex, seed_hash])


def tournament(db, tournament_id: str) -> dict | None:
    found = rows_of(db, "select * from tournaments where id = ?", [tournament_id])
    return found[0] if found else None


def newest(db, limit: int) -> list[dict]:
    return rows_of(db, "select * from tournaments order by created desc, id desc limit ?", [limit])


def tournament_of_game(db, game_id: str) -> str | None:
    found = rows_of(db, "select tournament_id from tournament_games where game_id = ?", [game_id])
    return found[0]["tournament_id"] if found else None


# --- entries ---------------------------------------------------------------------------------------------


def enter(db, tournament_id: str, address: str, name: str, now: str, max_entrants: int | None) -> str:
    """Enter the address; "entered", "already" (entered before) or "full", decided in one transaction."""
    with immediate(db):
        found = rows_of(db, "select withdrawn from tournament_entries where tournament_id = ? and address_sha256 = ?",
                        [tournament_id, address_sha256(address)])
        if found:
            return "already"
        count = rows_of(db, "select count(*) as n from tournament_entries where tournament_id = ?",
                        [tournament_id])[0]["n"]
        if max_entrants is not None and count >= max_entrants:
            return "full"
        db.conn.execute("insert into tournament_entries (tournament_id, address_sha256, address, name, entered) "
                        "values (?, ?, ?, ?, ?)", [tournament_id, address_sha256(address), address, name, now])
    return "entered"


def leave(db, tournament_id: str, address: str) -> bool:
    """An entry taken back before the start: gone, as if never made."""
    with immediate(db):
        cursor = db.conn.execute("delete from tournament_entries where tournament_id = ? and address_sha256 = ?",
                                 [tournament_id, address_sha256(address)])
    return cursor.rowcount > 0


def mark_withdrawn(db, tournament_id: str, address: str, now: str) -> bool:
    with immediate(db):
        cursor = db.conn.execute("update tournament_entries set withdrawn = ? where tournament_id = ? and "
                                 "address_sha256 = ? and withdrawn is null",
                                 [now, tournament_id, address_sha256(address)])
    return cursor.rowcount > 0


def entries(db, tournament_id: str) -> list[dict]:
    return rows_of(db, "select address_sha256, address, name, entered, withdrawn, division from tournament_entries "
                       "where tournament_id = ? order by entered, name", [tournament_id])


def entry_of(db, tournament_id: str, address: str) -> dict | None:
    found = rows_of(db, "select name, withdrawn, division from tournament_entries where tournament_id = ? and "
                        "address_sha256 = ?", [tournament_id, address_sha256(address)])
    return found[0] if found else None


def set_divisions(db, tournament_id: str, divisions: dict[str, int]) -> None:
    with immediate(db):
        for name, division in divisions.items():
            db.conn.execute("update tournament_entries set division = ? where tournament_id = ? and name = ?",
                            [division, tournament_id, name])


# --- seeds -----------------------------------------------------------------------------------------------


def seeds(db, tournament_id: str) -> list[dict]:
    return rows_of(db, "select season, seed, seed_hash, revealed from tournament_seeds where tournament_id = ? "
                       "order by season", [tournament_id])


# --- the draw and its games ------------------------------------------------------------------------------


def start(db, tournament_id: str, season: int, tables: list[dict], status_before: str) -> bool:
    """Keep a season's drawn tables and mark the tournament running; False when another request started
    it first (its status is no longer `status_before`)."""
    with immediate(db):
        cursor = db.conn.execute("update tournaments set status = 'running', season = ?, round = 1 "
                                 "where id = ? and status = ?", [season, tournament_id, status_before])
        if cursor.rowcount != 1:
            return False
        for t in tables:
            db.conn.execute("insert into tournament_games (tournament_id, season, division, round, table_no, seats) "
                            "values (?, ?, ?, ?, ?, ?)",
                            [tournament_id, season, t["division"], t["round"], t["table_no"], t["seats"]])
    return True


def games(db, tournament_id: str, season: int | None = None) -> list[dict]:
    sql = "select season, division, round, table_no, seats, game_id from tournament_games where tournament_id = ?"
    params: list = [tournament_id]
    if season is not None:
        sql += " and season = ?"
        params.append(season)
    return rows_of(db, sql + " order by season, round, division, table_no", params)


def set_game(db, tournament_id: str, season: int, division: int, round_: int, table_no: int, game_id: str) -> None:
    with immediate(db):
        db.conn.execute("update tournament_games set game_id = ? where tournament_id = ? and season = ? and "
                        "division = ? and round = ? and table_no = ? and game_id is null",
                        [game_id, tournament_id, season, division, round_, table_no])


def claim_round(db, tournament_id: str, season: int, round_: int) -> bool:
    """Move the tournament from round `round_` - 1 to `round_`; True for the one caller that did."""
    with immediate(db):
        cursor = db.conn.execute("update tournaments set round = ? where id = ? and season = ? and round = ? "
                                 "and status = 'running'", [round_, tournament_id, season, round_ - 1])
    return cursor.rowcount == 1


def finish_season(db, tournament_id: str, season: int, next_seed: tuple[str, str] | None) -> bool:
    """The season's end: its seed revealed, the tournament finished, the next season's seed committed
    (leagues); True for the one caller that did."""
    with immediate(db):
        cursor = db.conn.execute("update tournaments set status = 'finished' where id = ? and season = ? and "
                                 "status = 'running'", [tournament_id, season])
        if cursor.rowcount != 1:
            return False
        db.conn.execute("update tournament_seeds set revealed = 1 where tournament_id = ? and season = ?",
                        [tournament_id, season])
        if next_seed is not None:
            db.conn.execute("insert into tournament_seeds (tournament_id, season, seed, seed_hash, revealed) "
                            "values (?, ?, ?, ?, 0) on conflict (tournament_id, season) do nothing",
                            [tournament_id, season + 1, *next_seed])
    return True
