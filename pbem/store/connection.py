"""Opening the database and holding its transactions: the connection's pragmas and file modes, the
write transaction taken at once (`immediate`), reads as dicts, and what a request leaves behind.

Every connection runs in autocommit mode, so a transaction is always explicit: `immediate` for the rare
writes of their own, the group commit (groupcommit.py) for appends.

A database that cannot be reached (the file cannot be opened, the disk fails, its locks are held past
the busy timeout, it is read-only or full) is `Unavailable` where a connection is opened, and an engine
error that `unreachable` recognises where a statement runs or steps: the app answers both 503 with
Retry-After, never 500. Any other error of SQLite
(a syntax error, a constraint) is left as it is: that is a bug, or a conflict the caller handles. A
second engine classifies its own errors into the same `Unavailable`."""

from __future__ import annotations

import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import sqlite_utils

from .. import private

BUSY_TIMEOUT_SECONDS = 10
ENGINE = "sqlite"
RETRY_AFTER_SECONDS = 5  # what a client is told to wait when the database cannot be reached

# SQLite's primary result codes that say the database cannot be reached now, rather than that the
# statement is wrong: it may be reached again later, without a change to pbem.
UNREACHABLE_CODES = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_IOERR,
                     sqlite3.SQLITE_PROTOCOL, sqlite3.SQLITE_READONLY, sqlite3.SQLITE_FULL}


class Unavailable(Exception):
    """The database cannot be reached: answer 503 and ask the client to come back after `retry_after`."""

    status = 503
    retry_after = RETRY_AFTER_SECONDS


def unreachable(error: BaseException) -> bool:
    """Whether an error of the engine says the database cannot be reached (see the module's docstring)."""
    if isinstance(error, sqlite3.OperationalError):
        return (getattr(error, "sqlite_errorcode", 0) & 0xFF) in UNREACHABLE_CODES
    return False


def raise_if_unreachable(error: sqlite3.OperationalError) -> None:
    """Raise `Unavailable` for an error that says the database cannot be reached; return for any other."""
    if unreachable(error):
        raise Unavailable(f"the database cannot be reached: {error}") from error


# Every error of the engine's own type; `unreachable` tells which of them say the database is out of reach.
# They are classified where they are answered (the app's error handler, the command line), not in a
# wrapper around every statement and row read here: a move reads hundreds of rows, and a Python-level
# cursor would put a method call on each.
ENGINE_ERRORS = (sqlite3.OperationalError,)


def rows_of(db: sqlite_utils.Database, sql: str, params=()) -> list[dict]:
    """The rows of one SELECT, as dicts. sqlite-utils' own `query` wraps each SELECT in a SAVEPOINT and
    its RELEASE, three statements for one; these are the hottest reads (every request reads the events
    after the game it has in memory), and our connections are in autocommit mode, so one is enough."""
    cursor = db.conn.execute(sql, params)
    keys = [d[0] for d in cursor.description]
    return [dict(zip(keys, row)) for row in cursor]


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


def end_request(db: sqlite_utils.Database) -> None:
    """What a request left open is rolled back: its connection stays for the thread's next request."""
    if db.conn.in_transaction:
        db.conn.execute("ROLLBACK")


def path_of(db: sqlite_utils.Database) -> str:
    name = getattr(db, "_pbem_file", None)
    if name is None:
        name = db.execute("pragma database_list").fetchone()[2]
        db._pbem_file = name
    return name


def health(db: sqlite_utils.Database) -> dict:
    """A cheap round trip to the database: one statement, and the schema's version read (`Unavailable`
    when it cannot be reached)."""
    db.conn.execute("select 1").fetchone()
    version = db.conn.execute("PRAGMA user_version").fetchone()[0]
    return {"database": "ok", "engine": ENGINE, "schema_version": version}
