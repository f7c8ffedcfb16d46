"""The event store and its projections, over SQLite through sqlite-utils.

Follows `shared/specs/architecture.md` section 4. The `events` table is the only truth: one row per
fact, primary key (game_id, seq), each row chained to the one before by a SHA-256 hash. Appending at
`seq = last + 1` is the whole concurrency check: a second writer at the same seq fails on the primary
key and the service decides again. The `games` and `seats` tables are projections written in the same
transaction, and can be dropped and rebuilt from events at any time (`pbem rebuild`). The `secrets`
table holds each game's seed until it is revealed; no endpoint reads it.

One deliberate addition to the architecture's table: the first row of every append carries the
`command` that caused it (create, a seat's move, a resignation, a timeout). It is hashed with the row,
never shown before the game ends, and lets `verify` re-run the whole game from the revealed seed.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import time
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable, Iterator, Sequence

import sqlite_utils

from . import groupcommit, private
from .recent import Recent

SCHEMA_VERSION = 8
BUSY_TIMEOUT_SECONDS = 10


class Conflict(Exception):
    """Another writer appended at the same seq first."""


@dataclass(frozen=True)
class StoredEvent:
    game_id: str
    seq: int
    type: str
    actor: str
    data: dict
    at: str
    hash: str
    command: dict | None = None


@dataclass(frozen=True)
class NewEvent:
    """An event about to be appended (the store adds game_id, seq and hash)."""

    type: str
    actor: str
    data: dict


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_hash(previous: str, game_id: str, seq: int, type: str, actor: str, data: dict, at: str,
               command: dict | None, salt: str) -> str:
    body = canonical_json({"game_id": game_id, "seq": seq, "type": type, "actor": actor, "data": data,
                           "at": at, "command": command, "salt": salt})
    return hashlib.sha256((previous + body).encode()).hexdigest()


def rows_of(db: sqlite_utils.Database, sql: str, params=()) -> list[dict]:
    """The rows of one SELECT, as dicts. sqlite-utils' own `query` wraps each SELECT in a SAVEPOINT and
    its RELEASE, three statements for one; these are the hottest reads (every request reads the events
    after the game it has in memory), and our connections are in autocommit mode, so one is enough."""
    cursor = db.conn.execute(sql, params)
    keys = [d[0] for d in cursor.description]
    return [dict(zip(keys, row)) for row in cursor]


def connect(path: str | Path) -> sqlite_utils.Database:
    """A connection in autocommit mode (transactions are explicit), WAL, with a busy timeout. The file and
    the -wal and -shm files beside it are the server's user's alone (0600): they hold the running games'
    seeds and the links not yet sent."""
    path = private.sqlite_file(path)
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, check_same_thread=False)
    _retry_while_locked(lambda: conn.execute("PRAGMA journal_mode=WAL"))
    conn.execute("PRAGMA foreign_keys=ON")
    # FULL: a move the server has acknowledged is on disk, and survives a power cut (in WAL mode NORMAL
    # may lose the last transactions then). Measured by tests/benchmarks/bench_flat.py.
    conn.execute("PRAGMA synchronous=FULL")
    db = sqlite_utils.Database(conn)
    _retry_while_locked(lambda: migrate(db))
    return db


def _retry_while_locked(action, seconds: float = BUSY_TIMEOUT_SECONDS):
    """Run an action that two first connections to a new file may race on (switching to WAL, creating the
    tables), waiting while the other one holds the lock: SQLite's busy handler does not cover them all."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            return action()
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def migrate(db: sqlite_utils.Database) -> None:
    """Bring the database to SCHEMA_VERSION, one numbered step at a time, inside a write transaction taken
    at once, reading the version inside it, so two processes starting together migrate once. Tables are
    created explicitly, never by inference on first insert."""
    if db.execute("PRAGMA user_version").fetchone()[0] >= SCHEMA_VERSION:
        return
    with immediate(db):
        version = db.execute("PRAGMA user_version").fetchone()[0]
        for step in range(version + 1, SCHEMA_VERSION + 1):
            MIGRATIONS[step](db)
            db.execute(f"PRAGMA user_version = {step}")


def _v1_events_and_projections(db: sqlite_utils.Database) -> None:
    db["events"].create(
        {"game_id": str, "seq": int, "type": str, "actor": str, "data": str, "at": str, "hash": str, "command": str},
        pk=("game_id", "seq"),
        not_null={"game_id", "seq", "type", "actor", "data", "at", "hash"},
    )
    create_projections(db)
    db["secrets"].create({"game_id": str, "seed": str}, pk="game_id", not_null={"seed"})


def _v2_notifications(db: sqlite_utils.Database) -> None:
    """Seat notification settings, the outbox of notices, and the scheduler's lease."""
    if "email_on" not in db["seats"].columns_dict:
        db["seats"].add_column("email_on", int, not_null_default=1)
        db["seats"].add_column("digest", int, not_null_default=0)
    db["outbox"].create(
        {"id": int, "game_id": str, "seq": int, "seat": int, "channel": str, "kind": str, "recipient": str,
         "subject": str, "body_text": str, "body_html": str, "payload": str, "status": str, "tries": int,
         "next_try": str, "last_error": str, "created": str, "sent_at": str, "claimed_until": str},
        pk="id",
        not_null={"game_id", "seq", "seat", "channel", "kind", "recipient", "status", "tries", "created"},
        defaults={"tries": 0},
    )
    # A notice is written once per event, recipient, channel and kind, however often it is computed.
    db["outbox"].create_index(["game_id", "seq", "seat", "channel", "kind"], unique=True)
    db["outbox"].create_index(["status", "next_try"])
    db["locks"].create({"name": str, "owner": str, "until": str}, pk="name", not_null={"owner", "until"})


def _v3_flat_cost(db: sqlite_utils.Database) -> None:
    """Snapshots of folded games (never truth: dropped and rebuilt at will) and, in the games
    projection, when the clock next has something to do for a game, so the sweep reads only those."""
    db["snapshots"].create({"game_id": str, "seq": int, "code": str, "data": bytes}, pk=("game_id", "seq"),
                           not_null={"code", "data"})
    add_clock_columns(db)


def _v4_unsubscribed(db: sqlite_utils.Database) -> None:
    """Addresses that followed an unsubscribe link: never mailed again (kept as SHA-256 only); and the
    one-time views of a new game's seat links (pbem/web/started.py), kept until shown or an hour old."""
    db["unsubscribed"].create({"address_sha256": str, "at": str}, pk="address_sha256", not_null={"at"})
    db["started_views"].create({"id": str, "game_id": str, "created": str}, pk="id", not_null={"game_id", "created"})


def _v5_home(db: sqlite_utils.Database) -> None:
    """A player's home across games (issue 14, pbem/accounts.py): sessions, sign-in links, personal
    tokens and feed keys, and pending address confirmations, each kept as the SHA-256 of its secret only;
    in the games projection the last move in words and each owing seat's deadline; seats found by address."""
    db["home_sessions"].create({"sha256": str, "address": str, "created": str, "expires": str}, pk="sha256",
                               not_null={"address", "created", "expires"})
    db["signin_links"].create({"sha256": str, "address": str, "created": str, "expires": str, "used": str},
                              pk="sha256", not_null={"address", "created", "expires"})
    db["signin_links"].create_index(["address", "created"])
    db["home_keys"].create({"sha256": str, "address": str, "kind": str, "generation": int, "created": str},
                           pk="sha256", not_null={"address", "kind", "generation", "created"})
    db["home_keys"].create_index(["address", "kind"], unique=True)
    db["address_confirmations"].create(
        {"sha256": str, "game_id": str, "seat": int, "generation": int, "address": str, "created": str},
        pk="sha256", not_null={"game_id", "seat", "generation", "address", "created"})
    add_home_columns(db)


def _v6_no_status_deadline_index(db: sqlite_utils.Database) -> None:
    """The games projection's (status, deadline) index served the first sweep, which looked for active
    games past their deadline; the sweep reads `next_due` since version 3 and nothing reads by deadline.
    Every move rewrote an entry of it: a tenth of the pages a move writes (bench_flat)."""
    db.conn.execute("drop index if exists idx_games_status_deadline")


def _v7_server_and_asked(db: sqlite_utils.Database) -> None:
    """What `pbem serve` records of itself for the other commands (its base URL: `pbem links` prints the
    links it serves), and the mail addresses asked for (a sign-in link, lost seat links), answered on the
    delivery side (pbem/notify/asked.py)."""
    db["server"].create({"name": str, "value": str, "at": str}, pk="name", not_null={"value", "at"}, if_not_exists=True)
    db["asked"].create({"id": int, "kind": str, "address": str, "at": str}, pk="id",
                       not_null={"kind", "address", "at"}, if_not_exists=True)


def _v8_proven_addresses(db: sqlite_utils.Database) -> None:
    """Addresses that followed a link this server mailed them, per game (SHA-256 only), and the outbox by
    recipient, so the mail to an address from games it has not opened is counted (`enqueue`)."""
    if "proven_addresses" not in db.table_names():
        db["proven_addresses"].create({"address_sha256": str, "game_id": str, "at": str},
                                      pk=("address_sha256", "game_id"), not_null={"at"})
    db.conn.execute("create index if not exists outbox_recipient on outbox (lower(recipient), status)")
    # Games under way keep their players' mail: a seat that has played a move of its own (not the
    # computer's for it) is held by someone, and its address goes on hearing from that game; an address
    # that signed in is a player's, for sign-in mail. Every other address starts with the allowance.
    now = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    played = db.execute(
        "select distinct s.game_id, s.email from seats s where s.email is not null and exists (select 1 from "
        "events e where e.game_id = s.game_id and e.command is not null and json_extract(e.command, '$.seat') = "
        "s.seat and json_extract(e.command, '$.verb') in ('move', 'resign') "
        "and coalesce(json_extract(e.command, '$.via'), '') != 'bot')").fetchall()
    signed_in = db.execute("select distinct address from signin_links where used is not null").fetchall()
    for game_id, address in [*played, *(("", address) for (address,) in signed_in)]:
        prove_address(db, address, game_id, now)


MIGRATIONS = {1: _v1_events_and_projections, 2: _v2_notifications, 3: _v3_flat_cost, 4: _v4_unsubscribed,
              5: _v5_home, 6: _v6_no_status_deadline_index, 7: _v7_server_and_asked, 8: _v8_proven_addresses}


def add_home_columns(db: sqlite_utils.Database) -> None:
    """The games projection's last move in words and per-seat deadlines, and the seats' address index
    (/me reads these instead of loading every game)."""
    columns = db["games"].columns_dict
    if "summary" not in columns:
        db["games"].add_column("summary", str)
    if "deadlines" not in columns:
        db["games"].add_column("deadlines", str)
    if "generation" not in db["seats"].columns_dict:  # the seat link's generation: /me derives the link
        db["seats"].add_column("generation", int, not_null_default=0)
    db.conn.execute("create index if not exists seats_email on seats (lower(email))")


def add_clock_columns(db: sqlite_utils.Database) -> None:
    columns = db["games"].columns_dict
    if "next_due" not in columns:
        db["games"].add_column("next_due", str)
    if "handled_until" not in columns:
        db["games"].add_column("handled_until", str)
    db.conn.execute("create index if not exists games_next_due on games (next_due) where next_due is not null")
    db.conn.execute("create index if not exists games_updated on games (updated)")


def create_projections(db: sqlite_utils.Database) -> None:
    if "games" not in db.table_names():
        db["games"].create(
            {"id": str, "game": str, "status": str, "seq": int, "to_move": str, "deadline": str,
             "created": str, "updated": str, "seat_count": int, "outcome": str, "next_due": str,
             "handled_until": str},
            pk="id",
            not_null={"game", "status", "seq", "to_move", "created", "updated", "seat_count"},
        )
        add_clock_columns(db)
    if "seats" not in db.table_names():
        db["seats"].create(
            {"game_id": str, "seat": int, "name": str, "email": str, "webhook": str, "token_hash": str,
             "email_on": int, "digest": int},
            pk=("game_id", "seat"),
            not_null={"name", "token_hash"},
        )
        db["seats"].create_index(["token_hash"], unique=True)
    add_home_columns(db)


def drop_projections(db: sqlite_utils.Database) -> None:
    for table in ("seats", "games"):
        if table in db.table_names():
            db[table].drop()


# --- reading ------------------------------------------------------------------------------------------


def _row_to_event(row: dict) -> StoredEvent:
    return StoredEvent(
        game_id=row["game_id"], seq=row["seq"], type=row["type"], actor=row["actor"],
        data=json.loads(row["data"]), at=row["at"], hash=row["hash"],
        command=json.loads(row["command"]) if row["command"] else None,
    )


def read_events(db: sqlite_utils.Database, game_id: str, upto: int | None = None) -> list[StoredEvent]:
    sql = "select * from events where game_id = ?"
    params: list[Any] = [game_id]
    if upto is not None:
        sql += " and seq <= ?"
        params.append(upto)
    return [_row_to_event(row) for row in rows_of(db, sql + " order by seq", params)]


def read_events_after(db: sqlite_utils.Database, game_id: str, seq: int, upto: int | None = None) -> list[StoredEvent]:
    """The events after `seq` (through `upto` when given), in order."""
    if upto is None:
        rows = rows_of(db, "select * from events where game_id = ? and seq > ? order by seq", [game_id, seq])
    else:
        rows = rows_of(db, "select * from events where game_id = ? and seq > ? and seq <= ? order by seq",
                        [game_id, seq, upto])
    return [_row_to_event(row) for row in rows]


def event_at(db: sqlite_utils.Database, game_id: str, seq: int) -> StoredEvent | None:
    rows = list(rows_of(db, "select * from events where game_id = ? and seq = ?", [game_id, seq]))
    return _row_to_event(rows[0]) if rows else None


def hash_at(db: sqlite_utils.Database, game_id: str, seq: int) -> str | None:
    row = db.execute("select hash from events where game_id = ? and seq = ?", [game_id, seq]).fetchone()
    return row[0] if row else None


def command_seqs(db: sqlite_utils.Database, game_id: str, after: int = 0, upto: int | None = None,
                 limit: int | None = None, descending: bool = False) -> list[tuple[int, str]]:
    """(seq, actor) of the first event of each append (the one that carries the command) in a range."""
    sql = "select seq, actor from events where game_id = ? and seq > ? and command is not null"
    params: list[Any] = [game_id, after]
    if upto is not None:
        sql += " and seq <= ?"
        params.append(upto)
    sql += " order by seq" + (" desc" if descending else "")
    if limit is not None:
        sql += " limit ?"
        params.append(limit)
    return [(row[0], row[1]) for row in db.execute(sql, params).fetchall()]


def events_at(db: sqlite_utils.Database, game_id: str, seqs: Sequence[int]) -> list[StoredEvent]:
    """The events at these seqs, in order (the messages and notes of a game, found by their seqs)."""
    out: list[StoredEvent] = []
    wanted = sorted(set(seqs))
    for start in range(0, len(wanted), 500):
        chunk = wanted[start:start + 500]
        rows = rows_of(db, f"select * from events where game_id = ? and seq in ({', '.join('?' * len(chunk))}) "
                        "order by seq", [game_id, *chunk])
        out += [_row_to_event(row) for row in rows]
    return out


def commands_of(db: sqlite_utils.Database, game_id: str, verbs: Sequence[str], after: int = 0) -> list[tuple[int, dict]]:
    """(seq, command) of the appends after `after` whose command is one of these verbs (who resigned)."""
    rows = db.execute(f"select seq, command from events where game_id = ? and seq > ? and command is not null "
                      f"and json_extract(command, '$.verb') in ({', '.join('?' * len(verbs))}) order by seq",
                      [game_id, after, *verbs]).fetchall()
    return [(row[0], json.loads(row[1])) for row in rows]


# --- snapshots (pbem/loading.py): folded games kept to start from, never truth ----------------------------


def read_snapshot(db: sqlite_utils.Database, game_id: str, upto: int, code: str) -> tuple[int, bytes] | None:
    row = db.execute("select seq, data from snapshots where game_id = ? and seq <= ? and code = ? "
                     "order by seq desc limit 1", [game_id, upto, code]).fetchone()
    return (row[0], row[1]) if row else None


def write_snapshots(db: sqlite_utils.Database, game_id: str, snapshots: Sequence[tuple[int, str, bytes]]) -> None:
    """(seq, code, data) snapshots of one game, in one transaction."""
    with immediate(db):
        db.conn.executemany("insert or replace into snapshots (game_id, seq, code, data) values (?, ?, ?, ?)",
                            [(game_id, *snapshot) for snapshot in snapshots])


def drop_snapshots(db: sqlite_utils.Database, game_id: str | None = None) -> None:
    if game_id is None:
        db.conn.execute("delete from snapshots")
    else:
        db.conn.execute("delete from snapshots where game_id = ?", [game_id])


def last_event(db: sqlite_utils.Database, game_id: str) -> StoredEvent | None:
    rows = list(rows_of(db, "select * from events where game_id = ? order by seq desc limit 1", [game_id]))
    return _row_to_event(rows[0]) if rows else None


def game_ids(db: sqlite_utils.Database) -> list[str]:
    return [row["game_id"] for row in rows_of(db, "select distinct game_id from events order by game_id")]


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


def record_server(db: sqlite_utils.Database, name: str, value: str, at: str) -> None:
    """A fact `pbem serve` records of itself for the other commands (its base URL)."""
    with immediate(db):
        db.conn.execute("insert into server (name, value, at) values (?, ?, ?) on conflict(name) do update set "
                        "value = excluded.value, at = excluded.at", [name, value, at])


def recorded_server(db: sqlite_utils.Database, name: str) -> tuple[str, str] | None:
    """(value, when recorded) of what `pbem serve` recorded under `name`, or None."""
    rows = rows_of(db, "select value, at from server where name = ?", [name])
    return (rows[0]["value"], rows[0]["at"]) if rows else None


def ask(db: sqlite_utils.Database, kind: str, address: str, at: str) -> None:
    """Keep an address's request for mail (pbem/notify/asked.py): one row, whoever the address is."""
    db.conn.execute("insert into asked (kind, address, at) values (?, ?, ?)", [kind, address, at])


def take_asked(db: sqlite_utils.Database, most: int) -> list[dict]:
    """The oldest requests for mail, taken off the table: whoever takes a row answers it."""
    with immediate(db):
        return rows_of(db, "delete from asked where id in (select id from asked order by id limit ?) "
                           "returning kind, address, at", [most])


SEEDS: Recent[bytes] = Recent(size=1024)  # (database, game) -> its seed, written once with the game


def read_seed(db: sqlite_utils.Database, game_id: str) -> bytes | None:
    """The game's seed. A seed is written with its game and never changes, so this process keeps those
    it read lately (every append needs it: a query fewer a move)."""
    key = (path_of(db), game_id)
    seed = SEEDS.get(key)
    if seed is None:
        rows = list(rows_of(db, "select seed from secrets where game_id = ?", [game_id]))
        if not rows:
            return None
        seed = bytes.fromhex(rows[0]["seed"])
        SEEDS.put(key, seed)
    return seed


# --- writing ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Prepared:
    """Events made ready to append after the event whose hash is `previous_hash`: the events table's
    rows, and the events exactly as they will read back (hashes included)."""

    previous_hash: str
    rows: list[tuple]
    events: list[StoredEvent]


def prepare(game_id: str, expected_last: int, previous_hash: str, events: Sequence[NewEvent],
            command: dict | None, at: str, salts: Sequence[str]) -> Prepared:
    """The rows and hashes of events to append after seq `expected_last` (whose hash is `previous_hash`),
    made before any lock is taken: the caller folds and tells `.events` before they are written."""
    rows, written, chained = [], [], previous_hash
    for offset, event in enumerate(events):
        seq = expected_last + 1 + offset
        row_command = command if offset == 0 else None
        data = canonical_json(event.data)
        chained = event_hash(chained, game_id, seq, event.type, event.actor, event.data, at, row_command,
                             salts[offset])
        rows.append((game_id, seq, event.type, event.actor, data, at, chained,
                     canonical_json(row_command) if row_command is not None else None))
        written.append(StoredEvent(game_id, seq, event.type, event.actor, json.loads(data), at, chained, row_command))
    return Prepared(previous_hash, rows, written)


def append(db: sqlite_utils.Database, game_id: str, expected_last: int, events: Sequence[NewEvent],
           command: dict | None, at: str, salts: Iterable[str], projection=None,
           seats: Sequence[dict] = (), seed: bytes | None = None, outbox: Sequence[dict] = (),
           prepared: Prepared | None = None, snapshot: tuple[int, str, bytes] | None = None) -> list[StoredEvent]:
    """Append events at expected_last + 1 .. atomically with the projection rows and the notices they
    cause, and return once that is durable. The append joins the next group commit (pbem/groupcommit.py):
    it is all or nothing on its own, and shares the disk's confirmation with others waiting then.
    `prepared` (from `prepare`, for these events) means the rows and hashes were made before the write
    lock is taken (every process waits for that lock: the less done while holding it, the more moves an
    fsync carries); the append checks under the lock that they follow the log's last event. `snapshot`
    ((seq, code, pickled game) of the game after these events, pbem/loading.py) is written with them.

    Raises Conflict when another writer took that seq first; nothing is written then."""
    salts = list(salts)

    def job(writer_db):
        return _append(writer_db, game_id, expected_last, events, command, at, salts, projection, seats, seed, outbox,
                       prepared, snapshot)

    return groupcommit.run(path_of(db), connect, job)


def path_of(db: sqlite_utils.Database) -> str:
    name = getattr(db, "_pbem_file", None)
    if name is None:
        name = db.execute("pragma database_list").fetchone()[2]
        db._pbem_file = name
    return name


def _append(db, game_id, expected_last, events, command, at, salts, projection, seats, seed, outbox,
            prepared: Prepared | None = None, snapshot: tuple[int, str, bytes] | None = None):
    """The append itself, inside the caller's transaction."""
    conn = db.conn
    last = conn.execute("select seq, hash from events where game_id = ? order by seq desc limit 1", [game_id]).fetchone()
    previous_seq, previous_hash = last if last else (0, "")
    if previous_seq != expected_last:
        raise Conflict(f"game {game_id} is at seq {previous_seq}, not {expected_last}")
    if prepared is None or prepared.previous_hash != previous_hash:  # not foreseen (or foreseen wrong)
        prepared = prepare(game_id, expected_last, previous_hash, events, command, at, salts)
    written = prepared.events
    try:
        conn.executemany(
            "insert into events (game_id, seq, type, actor, data, at, hash, command) values (?,?,?,?,?,?,?,?)",
            prepared.rows)
    except sqlite3.IntegrityError as error:  # the primary key: another writer took this seq
        raise Conflict(str(error)) from None
    if seed is not None:
        conn.execute("insert into secrets (game_id, seed) values (?, ?)", (game_id, seed.hex()))
    if callable(projection):  # the row depends on when the scheduler last handled the game
        row = conn.execute("select handled_until from games where id = ?", [game_id]).fetchone()
        projection = projection(row[0] if row else None)
    if projection is not None:
        write_projection(db, projection, seats)
    enqueue(db, outbox)
    if snapshot is not None and snapshot[0] == written[-1].seq:
        conn.execute("insert or replace into snapshots (game_id, seq, code, data) values (?, ?, ?, ?)",
                     [game_id, *snapshot])
    return written


def write_imported(db: sqlite_utils.Database, events: Sequence[StoredEvent], seed: bytes, projection: dict,
                   seats: Sequence[dict]) -> None:
    """Write a checked game record as it is (pbem/transfer.py): its events with their own hashes, its seed
    and its projections, in one transaction."""
    with immediate(db):
        for event in events:
            db.conn.execute(
                "insert into events (game_id, seq, type, actor, data, at, hash, command) values (?,?,?,?,?,?,?,?)",
                (event.game_id, event.seq, event.type, event.actor, canonical_json(event.data), event.at, event.hash,
                 canonical_json(event.command) if event.command is not None else None))
        db.conn.execute("insert into secrets (game_id, seed) values (?, ?)", (events[0].game_id, seed.hex()))
        write_projection(db, projection, seats)


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


@contextmanager
def immediate(db: sqlite_utils.Database) -> Iterator[None]:
    """A write transaction taken at once (BEGIN IMMEDIATE): readers go on, other writers wait."""
    conn = db.conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def write_projection_now(db: sqlite_utils.Database, game: dict, seats: Sequence[dict] = ()) -> None:
    """write_projection in a transaction of its own (rebuild)."""
    with immediate(db):
        write_projection(db, game, seats)


OUTBOX_COLUMNS = ("game_id", "seq", "seat", "channel", "kind", "recipient", "subject", "body_text", "body_html",
                  "payload", "status", "tries", "next_try", "created")


# Mail that nobody has shown to be wanted (audit N2): anyone may type any address into a new game, so
# an address gets at most this many mails, whatever the games, kinds and clients, from the games whose
# mail it has not shown it wants (by following a link from one of their mails, pbem/web/proof.py); mail
# from a game it has opened is not counted. Mail of no game (sign-in links) is not counted once the
# address opened any game or followed a sign-in link. Later mail is written (so it is not computed again) as 'unproven' without
# its body, and never sent. A player keeps every notice of the games they play; a stranger's address, or
# a player's named in a stranger's games, hears three times.
UNPROVEN_MAILS_AT_MOST = 3
MAILED = ("pending", "sent", "failed")  # statuses of a mail that was, or will be, tried


def address_sha256(address: str) -> str:
    return hashlib.sha256(address.strip().lower().encode()).hexdigest()


def is_proven(db: sqlite_utils.Database, address: str, game_id: str) -> bool:
    """Whether the address showed it wants this game's mail; for the mail of no game (sign-in links), whether
    it showed that for any game, or followed a sign-in link: a player, not a stranger's address."""
    if not game_id:
        return db.execute("select 1 from proven_addresses where address_sha256 = ? limit 1",
                          [address_sha256(address)]).fetchone() is not None
    return db.execute("select 1 from proven_addresses where address_sha256 = ? and game_id = ?",
                      [address_sha256(address), game_id]).fetchone() is not None


def prove_address(db: sqlite_utils.Database, address: str, game_id: str, now: str) -> None:
    """The address's owner followed a link mailed to it from this game: its mail is not counted."""
    db.conn.execute("insert or ignore into proven_addresses (address_sha256, game_id, at) values (?, ?, ?)",
                    [address_sha256(address), game_id or "", now])


def may_mail(db: sqlite_utils.Database, address: str, game_id: str) -> bool:
    """Whether one more mail of this game may go to this address: the address opened the game, or had
    fewer mails than the allowance from games it has not opened."""
    if is_proven(db, address, game_id):
        return True
    mailed = db.execute(f"select count(*) from (select 1 from outbox where lower(recipient) = ? and status in "
                        f"({', '.join('?' * len(MAILED))}) and game_id not in (select game_id from proven_addresses "
                        "where address_sha256 = ?) limit ?)",
                        [address.strip().lower(), *MAILED, address_sha256(address), UNPROVEN_MAILS_AT_MOST]
                        ).fetchone()[0]
    return mailed < UNPROVEN_MAILS_AT_MOST


def enqueue(db: sqlite_utils.Database, notices: Sequence[dict]) -> int:
    """Insert notices; one already written for the same event, seat, channel and kind is kept as it is. A
    mail to an unproven address past its allowance is written 'unproven', never to be sent."""
    count = 0
    for notice in notices:
        row = {"tries": 0, **notice}
        if row.get("channel") == "email" and row.get("status") == "pending" and \
                not may_mail(db, row["recipient"], row.get("game_id") or ""):
            row.update(status="unproven", body_text=None, body_html=None, payload=None)
        cursor = db.conn.execute(
            f"insert or ignore into outbox ({', '.join(OUTBOX_COLUMNS)}) values ({', '.join('?' * len(OUTBOX_COLUMNS))})",
            [row.get(c) for c in OUTBOX_COLUMNS],
        )
        count += cursor.rowcount
    return count


def enqueue_now(db: sqlite_utils.Database, notices: Sequence[dict]) -> int:
    with immediate(db):
        return enqueue(db, notices)
