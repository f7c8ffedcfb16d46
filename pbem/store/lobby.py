"""The rows of issue 31 (architecture section 22): public names, the lobby's listing of public games
waiting for players, and each address's reliability per game it sat in. Addresses appear here as their
SHA-256 only: nothing read from these tables can show one to another player.

The lobby and the reliability rows are projections: written when a game is created, joined, started or
moves on (pbem/lobby/), read by indexed, paged queries, so that a lobby of 10,000 games answers as one
of 10."""

from __future__ import annotations

from .accounts import address_sha256
from .connection import dialect, immediate, rows_of


def create_tables(db) -> None:
    """The three tables and their indexes (schema version 14, both engines)."""
    text = dialect(db).TEXT
    db.conn.execute(f"create table if not exists public_names (address_sha256 {text} primary key, "
                    f"name {text} not null, folded {text} not null, updated {text} not null)")
    db.conn.execute("create unique index if not exists public_names_folded on public_names (folded)")
    db.conn.execute(f"create table if not exists lobby (game_id {text} primary key, game {text} not null, "
                    f"open integer not null, taken integer not null, clock {text} not null, clock_kind {text} not null, "
                    f"per_move integer, created_by {text} not null, creator_sha256 {text} not null, "
                    f"min_reliability integer, created {text} not null)")
    db.conn.execute("create index if not exists lobby_created on lobby (created, game_id)")
    db.conn.execute("create index if not exists lobby_game_created on lobby (game, created, game_id)")
    db.conn.execute(f"create table if not exists reliability (address_sha256 {text} not null, game_id {text} not null, "
                    "seat integer not null, moves integer not null, timeouts integer not null, "
                    "last_timed_out integer not null, finished integer not null, "
                    "primary key (address_sha256, game_id, seat))")


def create_names_held(db) -> None:
    """Every public name an address has held, by its folded key (schema version 19): a name given up stays
    its holder's, so nobody else takes it with the ratings and the record kept under it."""
    text = dialect(db).TEXT
    db.conn.execute(f"create table if not exists names_held (folded {text} primary key, "
                    f"address_sha256 {text} not null, name {text} not null, since {text} not null)")
    db.conn.execute("insert into names_held (folded, address_sha256, name, since) "
                    "select folded, address_sha256, name, updated from public_names where true on conflict do nothing")


# --- public names ----------------------------------------------------------------------------------------


def public_name_of(db, address: str) -> str | None:
    found = rows_of(db, "select name from public_names where address_sha256 = ?", [address_sha256(address)])
    return found[0]["name"] if found else None


def name_holder(db, folded: str) -> tuple[str, str] | None:
    """(address SHA-256, name as chosen) of the public name with this folded key, if any."""
    found = rows_of(db, "select address_sha256, name from public_names where folded = ?", [folded])
    return (found[0]["address_sha256"], found[0]["name"]) if found else None


def set_public_name(db, address: str, name: str, folded: str, now: str) -> bool:
    """Give the address this name; False when another address holds its folded key, or held it once (the
    unique indexes decide, so two addresses racing for one name cannot both have it)."""
    owner = address_sha256(address)
    with immediate(db):
        holder = name_holder(db, folded)
        if holder is not None and holder[0] != owner:
            return False
        held = rows_of(db, "select address_sha256 from names_held where folded = ?", [folded])
        if held and held[0]["address_sha256"] != owner:
            return False
        db.conn.execute("insert into names_held (folded, address_sha256, name, since) values (?, ?, ?, ?) "
                        "on conflict (folded) do nothing", [folded, owner, name, now])
        db.conn.execute("insert into public_names (address_sha256, name, folded, updated) values (?, ?, ?, ?) "
                        "on conflict (address_sha256) do update set name = excluded.name, folded = excluded.folded, "
                        "updated = excluded.updated", [owner, name, folded, now])
    return True


# --- the lobby -------------------------------------------------------------------------------------------


def list_game(db, row: dict) -> None:
    """A public game enters the lobby (its creator's name and SHA-256, never the address)."""
    columns = ("game_id", "game", "open", "taken", "clock", "clock_kind", "per_move", "created_by", "creator_sha256",
               "min_reliability", "created")
    with immediate(db):
        db.conn.execute(f"insert into lobby ({', '.join(columns)}) values ({', '.join('?' * len(columns))}) "
                        "on conflict (game_id) do nothing", [row[c] for c in columns])


def relist(db, rows: list[dict], kept: list[tuple[str, int, int]]) -> None:
    """The lobby made again in one transaction (`pbem rebuild`): every row but those of `kept` (game id,
    open, taken: games listed before their events recorded it) replaced by `rows`."""
    columns = ("game_id", "game", "open", "taken", "clock", "clock_kind", "per_move", "created_by", "creator_sha256",
               "min_reliability", "created")
    keep = [game_id for game_id, _, _ in kept]
    with immediate(db):
        if keep:
            db.conn.execute(f"delete from lobby where game_id not in ({', '.join('?' * len(keep))})", keep)
        else:
            db.conn.execute("delete from lobby")
        for game_id, open_seats, taken in kept:
            if open_seats:
                db.conn.execute("update lobby set open = ?, taken = ? where game_id = ?", [open_seats, taken, game_id])
            else:
                db.conn.execute("delete from lobby where game_id = ?", [game_id])
        for row in rows:
            db.conn.execute(f"insert into lobby ({', '.join(columns)}) values ({', '.join('?' * len(columns))})",
                            [row[c] for c in columns])


def lobby_row(db, game_id: str) -> dict | None:
    found = rows_of(db, "select * from lobby where game_id = ?", [game_id])
    return found[0] if found else None


def update_seats(db, game_id: str, open_seats: int, taken: int) -> None:
    """A seat taken: the counts change, or the game leaves the lobby when none is left open."""
    with immediate(db):
        if open_seats:
            db.conn.execute("update lobby set open = ?, taken = ? where game_id = ?", [open_seats, taken, game_id])
        else:
            db.conn.execute("delete from lobby where game_id = ?", [game_id])


def lobby_page(db, game: str | None, clock_kind: str | None, per_move_at_most: int | None,
               after: tuple[str, str] | None, limit: int) -> list[dict]:
    """Public games waiting, newest first, `limit` of them after the (created, game_id) `after`: one
    indexed read whatever the lobby's size."""
    where, params = [], []
    if game:
        where.append("game = ?")
        params.append(game)
    if clock_kind:
        where.append("clock_kind = ?")
        params.append(clock_kind)
    if per_move_at_most is not None:
        where.append("per_move is not null and per_move <= ?")
        params.append(per_move_at_most)
    if after is not None:
        where.append("(created < ? or (created = ? and game_id < ?))")
        params += [after[0], after[0], after[1]]
    sql = ("select game_id, game, open, taken, clock, clock_kind, per_move, created_by, min_reliability, created "
           f"from lobby {'where ' + ' and '.join(where) if where else ''} order by created desc, game_id desc limit ?")
    return rows_of(db, sql, [*params, limit])


# --- reliability -----------------------------------------------------------------------------------------


def count_reliability(db, counts: list[dict]) -> None:
    """Add each seat's new moves and timeouts of one append ({"address", "game_id", "seat", "moves",
    "timeouts", "last_timed_out" (None: as before), "finished"}) to its row, inside the caller's
    transaction (the append's own)."""
    for c in counts:
        db.conn.execute(
            "insert into reliability (address_sha256, game_id, seat, moves, timeouts, last_timed_out, finished) "
            "values (?, ?, ?, ?, ?, ?, ?) on conflict (address_sha256, game_id, seat) do update set "
            "moves = reliability.moves + excluded.moves, timeouts = reliability.timeouts + excluded.timeouts, "
            "last_timed_out = case when cast(? as integer) is null then reliability.last_timed_out else excluded.last_timed_out end, "
            "finished = excluded.finished",
            [address_sha256(c["address"]), c["game_id"], c["seat"], c["moves"], c["timeouts"],
             int(bool(c["last_timed_out"])), int(c["finished"]), c["last_timed_out"]])


def forget_reliability(db, game_id: str) -> None:
    """Drop a game's rows, inside the caller's transaction (a rebuild counts the game again)."""
    db.conn.execute("delete from reliability where game_id = ?", [game_id])


def reliability_of(db, address_sha: str) -> dict:
    """The sums over the address's games: moves, timeouts, games finished, games with a timeout, games
    finished with the seat's last decision a timeout."""
    found = rows_of(db, "select coalesce(sum(moves), 0) as moves, coalesce(sum(timeouts), 0) as timeouts, "
                        "coalesce(sum(finished), 0) as finished, "
                        "coalesce(sum(case when timeouts > 0 then 1 else 0 end), 0) as timed_out, "
                        "coalesce(sum(case when finished = 1 and last_timed_out = 1 then 1 else 0 end), 0) as abandoned "
                        "from reliability where address_sha256 = ?", [address_sha])
    return {key: int(value) for key, value in found[0].items()}
