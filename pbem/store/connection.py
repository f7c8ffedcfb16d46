"""The store's side that both engines share: which engine a target names (`PBEM_DB`: a path or nothing is
SQLite, `postgresql://` or `postgres://` PostgreSQL), the engine of a handle (`dialect`), transactions
(`immediate`), reads as dicts, what a request leaves behind, the health check's round trip, and the
database that cannot be reached (`Unavailable`, 503). sqlite.py and postgres.py hold what is each
engine's own; the statements the two dialects share are written once in the store's modules.

Every connection runs in autocommit mode, so a transaction is always explicit: `immediate` for the rare
writes of their own, the append path (events.py) for appends.

A database that cannot be reached (SQLite: the file cannot be opened, the disk fails, its locks are held
past the busy timeout, it is read-only or full; PostgreSQL: the server is down or restarting, a timeout)
is `Unavailable` where a connection is opened, and an engine error that `unreachable` recognises where a
statement runs or steps: the app answers both 503 with Retry-After, never 500. Any other error (a syntax
error, a constraint) is left as it is: that is a bug, or a conflict the caller handles."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

from . import postgres, sqlite
from .protocol import RETRY_AFTER_SECONDS, Unavailable  # noqa: F401 - the store's names for them

BUSY_TIMEOUT_SECONDS = sqlite.BUSY_TIMEOUT_SECONDS
ENGINE = sqlite.ENGINE  # the default engine

# Every error of either engine's own types that may say the database is out of reach; `unreachable` tells
# which of them do. They are classified where they are answered (the app's error handler, the command
# line), not in a wrapper around every statement and row read here: a move reads hundreds of rows, and a
# Python-level cursor would put a method call on each.
ENGINE_ERRORS = (*sqlite.ERRORS, *postgres.ERRORS)
INTEGRITY_ERRORS = (*sqlite.INTEGRITY_ERRORS, *postgres.INTEGRITY_ERRORS)  # a key taken: a lost race


def is_postgres(target) -> bool:
    return postgres.is_target(target)


def described(target) -> str:
    """The database as it may be printed and logged: a PostgreSQL URL without its password."""
    return postgres.described(target) if is_postgres(target) else str(target)


def close_pools() -> None:
    """Close this process's PostgreSQL connections (before it forks its workers); SQLite keeps none here."""
    postgres.close_pools()


def dialect(db):
    """The engine module (sqlite or postgres) of a handle: what its dialect spells its own way."""
    return postgres if isinstance(db, postgres.Database) else sqlite


def unreachable(error: BaseException) -> bool:
    """Whether an error of an engine says the database cannot be reached (see the module's docstring)."""
    return sqlite.unreachable(error) or postgres.unreachable(error)


def rows_of(db, sql: str, params=()) -> list[dict]:
    """The rows of one SELECT, as dicts. sqlite-utils' own `query` wraps each SELECT in a SAVEPOINT and
    its RELEASE, three statements for one; these are the hottest reads (every request reads the events
    after the game it has in memory), and our connections are in autocommit mode, so one is enough."""
    cursor = db.conn.execute(sql, params)
    keys = [d[0] for d in cursor.description]
    return [dict(zip(keys, row)) for row in cursor]


@contextmanager
def immediate(db) -> Iterator[None]:
    """A write transaction taken at once (SQLite's BEGIN IMMEDIATE: readers go on, other writers wait; on
    PostgreSQL a transaction, whose row locks and keys order the writers)."""
    conn = db.conn
    conn.execute("BEGIN IMMEDIATE")
    try:
        yield
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def end_request(db) -> None:
    """What a request left open is rolled back: its handle stays for the thread's next request (on
    PostgreSQL its connection goes back to the pool meanwhile)."""
    dialect(db).end_request(db)


def close_quietly(db) -> None:
    """Close a handle being dropped after an error: a broken connection may fail to close too, and it is
    dropped all the same."""
    try:
        db.close()
    except Exception:  # noqa: BLE001 - see above
        pass


def path_of(db) -> str:
    """The database behind a handle, as PBEM_DB names it (the caches are per database)."""
    return dialect(db).path_of(db)


def listen_for_appends(target: str, on_append, stopped) -> None:
    """Call `on_append(game_id, notices queued)` for each append any process announces on this database,
    until `stopped` (a threading.Event) is set: PostgreSQL's LISTEN/NOTIFY. On SQLite it returns at once:
    the processes on one file find each other's appends by their sweeps."""
    if is_postgres(target):
        postgres.listen(target, on_append, stopped)


def health(db) -> dict:
    """A cheap round trip to the database: one statement, and the schema's version read (`Unavailable`
    when it cannot be reached)."""
    db.conn.execute("select 1").fetchone()
    engine = dialect(db)
    return {"database": "ok", "engine": engine.ENGINE, "schema_version": engine.schema_version(db)}
