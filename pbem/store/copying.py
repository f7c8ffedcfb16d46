"""Copying a whole database: `pbem backup`, `pbem restore` and `pbem copy` (architecture sections 18 and
19, issues 24 and 25), on either engine and between them. One function per step, each written once
here: the tables a database has (in an order that respects their keys), whether it is empty, the rows of
a table in batches, writing rows, and the identities' counters set past the ids written; what each
engine reads or writes its own way (its catalog, a consistent read, a cursor, COPY) is sqlite.py's and
postgres.py's, reached through `dialect`.

A backup file is always a SQLite database, whichever engine served. From SQLite it is SQLite's online
backup (`sqlite3.Connection.backup`: a consistent copy taken while the server writes); from PostgreSQL
every table is read in one REPEATABLE READ transaction (one snapshot, while the nodes write on) into a
new SQLite file made at the current schema version. A restore reads the file like any other source, so
a backup restores into either engine. The file is the server's user's alone (0600): it holds the running
games' seeds and the links not yet sent.

What running processes record of themselves (the scheduler's lease, the base URL `pbem serve` recorded)
is neither copied nor counted: it belongs to the processes on the database, not to its games."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from typing import Callable, Iterator, Sequence

import sqlite_utils

from .. import private
from .connection import dialect, immediate
from .protocol import quoted
from .schema import connect


class CannotCopy(Exception):
    """A source that cannot be copied from, or a destination that cannot take it, with the reason."""


BATCH_ROWS = 500
# The processes' own records, not the games': the scheduler's lease, the base URL `pbem serve` recorded,
# and the rate limits' counts of the last minutes (a database whose server only counted requests is
# still empty, and a restore does not bring back counts long past).
NOT_COPIED = frozenset({"locks", "server", "hits"})


def table_names(db) -> list[str]:
    """The tables that hold pbem's data, each after the tables its foreign keys name (none do today; a
    later one may), else by name: the order to write them in."""
    engine = dialect(db)
    names = sorted(name for name in engine.table_names(db) if name not in NOT_COPIED)
    needs = {name: engine.tables_referenced(db, name) - {name} for name in names}
    ordered: list[str] = []
    while len(ordered) < len(names):
        ready = [name for name in names if name not in ordered and needs[name] <= set(ordered)]
        if not ready:  # a cycle of keys: the rest as they are (their keys are checked at the commit)
            ready = [name for name in names if name not in ordered]
        ordered += ready
    return ordered


def columns_of(db, table: str) -> list[str]:
    return dialect(db).columns_of(db, table)


def row_counts(db) -> dict[str, int]:
    return {table: db.conn.execute(f"select count(*) from {quoted(table)}").fetchone()[0]
            for table in table_names(db)}


def is_empty(db) -> bool:
    """Whether no table holds a row (a database just made, its schema up to date, is empty)."""
    return not any(db.conn.execute(f"select 1 from {quoted(table)} limit 1").fetchone()
                   for table in table_names(db))


def rows_of_table(db, table: str, columns: Sequence[str], batch: int = BATCH_ROWS) -> Iterator[list[tuple]]:
    """The rows of a table (these columns, in this order), `batch` at a time."""
    return dialect(db).batches(db, f"select {', '.join(map(quoted, columns))} from {quoted(table)}", batch)


def write_rows(db, table: str, columns: Sequence[str], rows: Sequence[tuple]) -> None:
    """Insert rows into a table, inside the caller's transaction."""
    dialect(db).write_rows(db, table, columns, rows)


def copy_tables(source, target) -> dict[str, int]:
    """Every table's rows from `source` into `target` (whose schema is up to date), the columns both have,
    in one transaction on each side: a consistent read of the source (its engine's snapshot), all or
    nothing in the target, whose identities' counters go on past the ids written. Returns the rows copied
    per table."""
    copied: dict[str, int] = {}
    present = set(table_names(target))
    source.conn.execute(dialect(source).SNAPSHOT)  # every table as of one moment, while others write
    try:
        with immediate(target):
            for table in table_names(source):
                if table not in present:
                    raise CannotCopy(f"the destination has no table {table}: it is of another version of pbem")
                columns = [c for c in columns_of(source, table) if c in set(columns_of(target, table))]
                copied[table] = 0
                for rows in rows_of_table(source, table, columns):
                    write_rows(target, table, columns, rows)
                    copied[table] += len(rows)
                dialect(target).restart_identities(target, table)
    finally:
        if source.conn.in_transaction:
            source.conn.execute("ROLLBACK")  # it only read
    return copied


def holdings(db) -> dict:
    """What a database holds, in a line's worth: its games, its events, and the newest game's head."""
    games = db.conn.execute("select count(distinct game_id), count(*) from events").fetchone()
    newest = db.conn.execute("select game_id from events where seq = 1 order by at desc, game_id desc limit 1"
                             ).fetchone()
    head = None
    if newest is not None:
        seq, digest = db.conn.execute("select seq, hash from events where game_id = ? order by seq desc limit 1",
                                      [newest[0]]).fetchone()
        head = {"game_id": newest[0], "seq": seq, "hash": digest}
    return {"games": games[0], "events": games[1], "newest": head}


# --- the backup file: a SQLite database ------------------------------------------------------------------


def backup(db, path: str | Path) -> Path:
    """A consistent copy of the database at `path`, a SQLite file, taken while the server writes on: from
    SQLite by its online backup, from PostgreSQL by a snapshot of every table. Written beside it first and
    moved into place, so a backup that fails leaves the file an earlier one left. The file is 0600 and
    needs no -wal beside it."""
    write = backup_sqlite if isinstance(db.conn, sqlite3.Connection) else backup_by_copying
    return written_beside(Path(path), lambda partial: write(db, partial))


def written_beside(path: Path, write: Callable[[Path], None]) -> Path:
    """`write(partial)` makes a SQLite file beside `path`, which then takes the place of `path` (0600)."""
    partial = path.with_name(path.name + ".partial")
    for leftover in (partial, *(Path(f"{partial}{suffix}") for suffix in private.SQLITE_SIDE_FILES)):
        leftover.unlink(missing_ok=True)
    write(partial)
    private.narrow(partial)
    os.replace(partial, path)
    return path


def backup_sqlite(db: sqlite_utils.Database, partial: Path) -> None:
    """SQLite's online backup in one step (the server goes on writing meanwhile)."""
    private.sqlite_file(partial)  # made 0600 before SQLite opens it
    target = sqlite3.connect(str(partial), isolation_level=None)
    try:
        db.conn.backup(target)  # pages=-1: every page in one step, one snapshot of the source
        target.execute("PRAGMA journal_mode=DELETE")  # a file that stands alone
    finally:
        target.close()


def backup_by_copying(db, partial: Path) -> None:
    """Every table of a PostgreSQL database, read in one snapshot, into a new SQLite file made at the
    current schema version (0600, as every database file pbem makes)."""
    target = connect(partial)
    try:
        copy_tables(db, target)
        target.conn.execute("PRAGMA journal_mode=DELETE")  # a file that stands alone
    finally:
        target.close()


def open_backup(path: str | Path, schema_version: int) -> sqlite_utils.Database:
    """A backup file opened read-only, as a source to copy from (nothing in it is ever changed here); it
    must be a pbem database of this schema version."""
    path = Path(path)
    if not path.is_file():
        raise CannotCopy(f"no backup file at {path}")
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None, check_same_thread=False)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")}
    except sqlite3.DatabaseError as error:
        conn.close()
        raise CannotCopy(f"{path} is not a SQLite database: {error}") from error
    if "events" not in tables:
        conn.close()
        raise CannotCopy(f"{path} is not a pbem database (it has no events table)")
    if version != schema_version:
        conn.close()
        raise CannotCopy(f"{path} is a pbem database of schema version {version}, and this pbem's is "
                         f"{schema_version}: bring a copy of it up to date first (PBEM_DB=the copy pbem rebuild)"
                         if version < schema_version else
                         f"{path} was made by a newer pbem (schema version {version}, this one's is {schema_version})")
    return sqlite_utils.Database(conn)
