"""SQLite, the store's embedded engine (the default: a path, or nothing, in PBEM_DB): opening a file with
its pragmas and file modes, SQLite's result codes that say the file cannot be reached, and what its
dialect spells its own way (`PRAGMA user_version` for the schema's version, `json_extract`, no row
locks, the catalog that copying.py reads). Statements the two engines share are written once in the store's modules; postgres.py is the
other engine.

Appends go through the group commit (groupcommit.py): with `synchronous=FULL` every commit waits for an
fsync, which one commit shares among many moves."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path
from typing import Iterator, Sequence

import sqlite_utils

from .. import private
from .protocol import Unavailable, quoted

ENGINE = "sqlite"
BUSY_TIMEOUT_SECONDS = 10
GROUP_COMMIT = True  # appends are made durable many to an fsync (groupcommit.py)
SKIP_LOCKED = ""  # one writer at a time: a claim's transaction holds the whole file
TEXT = "text"  # SQLite compares text byte by byte
COUNTING_CONNECTION = "PRAGMA synchronous=NORMAL"  # the rate limits' counts skip the fsync (counters.py)
COUNTING_TRANSACTION = ""

# SQLite's primary result codes that say the database cannot be reached now, rather than that the
# statement is wrong: it may be reached again later, without a change to pbem.
UNREACHABLE_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_IOERR,
                     sqlite3.SQLITE_PROTOCOL, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_FULL}

ERRORS = (sqlite3.OperationalError,)  # every error of SQLite that may say the file is out of reach
INTEGRITY_ERRORS = (sqlite3.IntegrityError,)


def unreachable(error: BaseException) -> bool:
    if isinstance(error, sqlite3.OperationalError):
        return (getattr(error, "sqlite_errorcode", 0) & 0xFF) in UNREACHABLE_CODES
    return False


def raise_if_unreachable(error: sqlite3.OperationalError) -> None:
    """Raise `Unavailable` for an error that says the database cannot be reached; return for any other."""
    if unreachable(error):
        raise Unavailable(f"the database cannot be reached: {error}") from error


def open_file(path: str | Path) -> sqlite_utils.Database:
    """A connection in autocommit mode (transactions are explicit), WAL, with a busy timeout. The file and
    the -wal and -shm files beside it are the server's user's alone (0600): they hold the running games'
    seeds and the links not yet sent. Its schema is schema.py's to bring up to date (`connect`)."""
    try:
        path = private.sqlite_file(path)
    except OSError as error:  # its folder is gone, or not a folder: the database cannot be reached
        raise Unavailable(f"the database cannot be reached: {error}") from error
    try:
        conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None,
                               check_same_thread=False)
    except sqlite3.OperationalError as error:
        raise_if_unreachable(error)
        raise
    try:
        retry_while_locked(lambda: conn.execute("PRAGMA journal_mode=WAL"))
        conn.execute("PRAGMA foreign_keys=ON")
        # FULL: a move the server has acknowledged is on disk, and survives a power cut (in WAL mode NORMAL
        # may lose the last transactions then). Measured by tests/benchmarks/bench_flat.py.
        conn.execute("PRAGMA synchronous=FULL")
    except sqlite3.OperationalError as error:
        conn.close()
        raise_if_unreachable(error)
        raise
    return sqlite_utils.Database(conn)


def retry_while_locked(action, seconds: float = BUSY_TIMEOUT_SECONDS):
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


def announce(db: sqlite_utils.Database, game_id: str, notices: int) -> None:
    """Nothing: the processes on one SQLite file wake each other by their sweeps (postgres.py notifies)."""


def schema_version(db: sqlite_utils.Database) -> int:
    return db.conn.execute("PRAGMA user_version").fetchone()[0]


def set_schema_version(db: sqlite_utils.Database, version: int) -> None:
    db.conn.execute(f"PRAGMA user_version = {int(version)}")


def json_text(column: str, key: str) -> str:
    """The SQL for a text field of a JSON column."""
    return f"json_extract({column}, '$.{key}')"


def json_integer(column: str, key: str) -> str:
    """The SQL for a whole-number field of a JSON column."""
    return f"json_extract({column}, '$.{key}')"


def path_of(db: sqlite_utils.Database) -> str:
    """The file behind a connection, asked once per connection."""
    name = getattr(db, "_pbem_file", None)
    if name is None:
        name = db.execute("pragma database_list").fetchone()[2]
        db._pbem_file = name
    return name


def end_request(db: sqlite_utils.Database) -> None:
    if db.conn.in_transaction:
        db.conn.execute("ROLLBACK")


# --- whole databases copied (copying.py): the catalog, a consistent read, rows in and out ---------------

SNAPSHOT = "BEGIN"  # a read transaction: every table as of its first read, while the server writes on


def table_names(db: sqlite_utils.Database) -> list[str]:
    """Every table of the file but SQLite's own."""
    return [row[0] for row in db.conn.execute(
        "select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")]


def tables_referenced(db: sqlite_utils.Database, table: str) -> set[str]:
    """The tables a table's foreign keys name."""
    return {row[2] for row in db.conn.execute(f"pragma foreign_key_list({quoted(table)})")}


def columns_of(db: sqlite_utils.Database, table: str) -> list[str]:
    return [row[1] for row in db.conn.execute(f"pragma table_info({quoted(table)})")]


def batches(db: sqlite_utils.Database, select: str, size: int) -> Iterator[list[tuple]]:
    """The rows of a SELECT, `size` at a time (SQLite's cursor steps through them as they are fetched)."""
    cursor = db.conn.execute(select)
    while rows := cursor.fetchmany(size):
        yield [tuple(row) for row in rows]


def write_rows(db: sqlite_utils.Database, table: str, columns: Sequence[str], rows: Sequence[tuple]) -> None:
    db.conn.executemany(f"insert into {quoted(table)} ({', '.join(map(quoted, columns))}) "
                        f"values ({', '.join('?' * len(columns))})", rows)


def restart_identities(db: sqlite_utils.Database, table: str) -> None:
    """Nothing: an INTEGER PRIMARY KEY goes on from the highest id its table holds."""
