"""The event store itself (architecture section 4): the `events` table, the only truth, one row per fact,
primary key (game_id, seq), each row chained to the one before by a SHA-256 hash; appending, reading, and
the `secrets` table that holds each game's seed until it is revealed (no endpoint reads it).

Appending at `seq = last + 1` is the whole concurrency check: a second writer at the same seq fails on the
primary key and the service decides again. The projections and the notices an append causes are written
in the same transaction (projections.py, outbox.py), through the group commit (groupcommit.py).

One deliberate addition to the architecture's table: the first row of every append carries the
`command` that caused it (create, a seat's move, a resignation, a timeout). It is hashed with the row,
never shown before the game ends, and lets `verify` re-run the whole game from the revealed seed.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

import sqlite_utils

from . import groupcommit
from .connection import INTEGRITY_ERRORS, dialect, immediate, path_of, rows_of
from .outbox import enqueue
from .projections import write_projection
from .recent import Recent
from .schema import connect
from .snapshots import REPLACE_SNAPSHOT


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
    verb = dialect(db).json_text("command", "verb")
    rows = db.execute(f"select seq, command from events where game_id = ? and seq > ? and command is not null "
                      f"and {verb} in ({', '.join('?' * len(verbs))}) order by seq",
                      [game_id, after, *verbs]).fetchall()
    return [(row[0], json.loads(row[1])) for row in rows]


def last_event(db: sqlite_utils.Database, game_id: str) -> StoredEvent | None:
    rows = list(rows_of(db, "select * from events where game_id = ? order by seq desc limit 1", [game_id]))
    return _row_to_event(rows[0]) if rows else None


def head(db: sqlite_utils.Database, game_id: str) -> tuple[int, str] | None:
    """The seq and hash of the game's last event, or None for no such game: one read of the primary key's
    last entry for the game, so answering it costs nothing that grows with the game."""
    row = db.execute("select seq, hash from events where game_id = ? order by seq desc limit 1",
                     [game_id]).fetchone()
    return (row[0], row[1]) if row else None


def game_ids(db: sqlite_utils.Database) -> list[str]:
    return [row["game_id"] for row in rows_of(db, "select distinct game_id from events order by game_id")]


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


def move_counts(db: sqlite_utils.Database, game_id: str) -> list[tuple]:
    """(seat, moves) of the seats that moved, from the commands of their appends (the log's own index)."""
    engine = dialect(db)
    return db.conn.execute(f"select {engine.json_integer('command', 'seat')}, count(*) from events where "
                           f"game_id = ? and command is not null and {engine.json_text('command', 'verb')} = 'move' "
                           "group by 1", [game_id]).fetchall()


def appends_before(db: sqlite_utils.Database, game_id: str, seq: int) -> int:
    """How many appends (events carrying a command) come before `seq`."""
    return db.conn.execute("select count(*) from events where game_id = ? and seq < ? and command is not null",
                           [game_id, seq]).fetchone()[0]


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
           prepared: Prepared | None = None, snapshot: tuple[int, str, bytes] | None = None,
           also: Sequence[Callable] = ()) -> list[StoredEvent]:
    """Append events at expected_last + 1 .. atomically with the projection rows and the notices they
    cause, and return once that is durable. The append joins the next group commit (groupcommit.py):
    it is all or nothing on its own, and shares the disk's confirmation with others waiting then.
    `prepared` (from `prepare`, for these events) means the rows and hashes were made before the write
    lock is taken (every process waits for that lock: the less done while holding it, the more moves an
    fsync carries); the append checks under the lock that they follow the log's last event. `snapshot`
    ((seq, code, pickled game) of the game after these events, pbem/play/loading.py) is written with them;
    each of `also` is called with the writing connection at the end, in the same transaction (counts kept
    from the events: they commit with them or not at all).

    Raises Conflict when another writer took that seq first; nothing is written then."""
    salts = list(salts)

    def job(writer_db):
        written = _append(writer_db, game_id, expected_last, events, command, at, salts, projection, seats, seed,
                          outbox, prepared, snapshot)
        for write in also:
            write(writer_db)
        return written

    if dialect(db).GROUP_COMMIT:
        return groupcommit.run(path_of(db), connect, job)
    with immediate(db):  # PostgreSQL: a transaction of its own; the server groups the commits' flushes
        return job(db)


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
    except INTEGRITY_ERRORS as error:  # the primary key: another writer took this seq
        raise Conflict(str(error)) from None
    if seed is not None:
        conn.execute("insert into secrets (game_id, seed) values (?, ?)", (game_id, seed.hex()))
    if callable(projection):  # the row depends on when the scheduler last handled the game
        row = conn.execute("select handled_until from games where id = ?", [game_id]).fetchone()
        projection = projection(row[0] if row else None)
    if projection is not None:
        write_projection(db, projection, seats)
    queued = enqueue(db, outbox)
    dialect(db).announce(db, game_id, queued)  # on PostgreSQL, wakes the other nodes once this commits
    if snapshot is not None and snapshot[0] == written[-1].seq:
        conn.execute(REPLACE_SNAPSHOT, [game_id, *snapshot])
    return written


def write_imported(db: sqlite_utils.Database, events: Sequence[StoredEvent], seed: bytes, projection: dict,
                   seats: Sequence[dict]) -> None:
    """Write a checked game record as it is (pbem/play/transfer.py): its events with their own hashes, its seed
    and its projections, in one transaction."""
    with immediate(db):
        for event in events:
            db.conn.execute(
                "insert into events (game_id, seq, type, actor, data, at, hash, command) values (?,?,?,?,?,?,?,?)",
                (event.game_id, event.seq, event.type, event.actor, canonical_json(event.data), event.at, event.hash,
                 canonical_json(event.command) if event.command is not None else None))
        db.conn.execute("insert into secrets (game_id, seed) values (?, ?)", (events[0].game_id, seed.hex()))
        write_projection(db, projection, seats)
