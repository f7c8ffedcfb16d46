"""Opening the database and holding its transactions: the connection's pragmas and file modes, the
write transaction taken at once (`immediate`), reads as dicts, and what a request leaves behind.

Every connection runs in autocommit mode, so a transaction is always explicit: `immediate` for the rare
writes of their own, the group commit (groupcommit.py) for appends."""

from __future__ import annotations

import sqlite3
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator

import sqlite_utils

from .. import private

BUSY_TIMEOUT_SECONDS = 10


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
    path = private.sqlite_file(path)
    conn = sqlite3.connect(str(path), timeout=BUSY_TIMEOUT_SECONDS, isolation_level=None, check_same_thread=False)
    retry_while_locked(lambda: conn.execute("PRAGMA journal_mode=WAL"))
    conn.execute("PRAGMA foreign_keys=ON")
    # FULL: a move the server has acknowledged is on disk, and survives a power cut (in WAL mode NORMAL
    # may lose the last transactions then). Measured by tests/benchmarks/bench_flat.py.
    conn.execute("PRAGMA synchronous=FULL")
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
