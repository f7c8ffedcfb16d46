"""PostgreSQL, the store's second engine (PBEM_DB=postgresql://...; architecture section 18): a pool of
connections per process and database (psycopg_pool, which checks a connection before lending it and
replaces the broken ones after a server restart), a handle with the small surface of a sqlite-utils
Database that the store's modules use (`db.conn.execute`, `executemany`, `in_transaction`, `db.execute`,
`close`), the statements' placeholders translated, errors classified, and what the dialect spells its
own way: the schema's DDL and version table, JSON fields, `FOR UPDATE SKIP LOCKED`, and for copying a
whole database (copying.py) its catalog, a REPEATABLE READ snapshot, a cursor on the server, COPY, and
the identities' counters.

A handle borrows a connection from the pool at its first statement and gives it back at the end of the
request (`end_request`) or when closed, so a server's threads share a few connections. Every connection
runs in autocommit mode with `synchronous_commit=on`, like SQLite's: a transaction is always explicit
(`immediate`), and a move acknowledged is on the server's disk. An append is a transaction of its own on
the request's connection (PostgreSQL shares one WAL flush among the commits that wait together: the group
commit is its own). The `(game_id, seq)` primary key stays the concurrency check: a unique violation is
a lost race (events.py's `Conflict`).

Bounds, so that no request hangs while the server is away: a connection is given `CONNECT_TIMEOUT`
seconds to open (per host, when PBEM_DB lists a primary and its standby), a request waits at most
`POOL_TIMEOUT` for one, a failed connection is retried for `RECONNECT_SECONDS` and then afresh by the
next request (so a node finds a promoted standby within seconds however long it waited), a statement runs at most
`STATEMENT_TIMEOUT_MS` and waits at most `LOCK_TIMEOUT_MS` for a row lock. Past any of them, or when
the server is gone, the error is one `unreachable` recognises: 503 with Retry-After."""

from __future__ import annotations

import os
import threading
import time
import weakref
from typing import Iterator, Sequence
from urllib.parse import urlsplit

import psycopg
from psycopg.pq import TransactionStatus
from psycopg_pool import ConnectionPool, PoolTimeout

from .protocol import Unavailable, quoted

ENGINE = "postgresql"
GROUP_COMMIT = False
SKIP_LOCKED = " for update skip locked"  # a row another node is claiming is left to it
TEXT = 'text collate "C"'  # text compared byte by byte, as SQLite does: timestamps and ids sort the same
COUNTING_CONNECTION = ""
COUNTING_TRANSACTION = "set local synchronous_commit = off"  # the rate limits' counts (counters.py)

CONNECT_TIMEOUT = 5
POOL_TIMEOUT = 8
# How long the pool goes on retrying one failed connection, its pauses doubling (1, 2, 4 s...), before it
# gives up and the next request starts afresh. psycopg_pool's own default, 5 minutes, let the pauses
# grow past a minute while the database was away (a primary dead until its standby is promoted): the
# nodes went on answering 503 for up to that pause after a host took writes again.
RECONNECT_SECONDS = 4
POOL_MOST = 24  # connections of one process to one database (a request holds one while it runs)
STATEMENT_TIMEOUT_MS = 30_000
LOCK_TIMEOUT_MS = 10_000
IDLE_IN_TRANSACTION_MS = 60_000

# psycopg's errors that say the server cannot be reached now (connection refused or lost, the server
# shutting down, a timeout, a deadlock, the pool empty past its timeout), rather than a wrong statement.
ERRORS = (psycopg.OperationalError, psycopg.InterfaceError)
INTEGRITY_ERRORS = (psycopg.errors.UniqueViolation,)


def is_target(target) -> bool:
    """Whether PBEM_DB names a PostgreSQL database rather than a SQLite file."""
    return isinstance(target, str) and target.startswith(("postgresql://", "postgres://"))


def described(url: str) -> str:
    """The URL without its password, for the server's own messages. Taken apart by hand: a URL that
    lists a primary and its standby (`host1:5432,host2:5432`) has no single port for urllib to read."""
    scheme, _, rest = url.partition("://")
    netloc, slash, tail = rest.partition("/")
    userinfo, at, hosts = netloc.rpartition("@")
    if not at or ":" not in userinfo:
        return url
    return f"{scheme}://{userinfo.split(':', 1)[0]}:***@{hosts}{slash}{tail}"


def unreachable(error: BaseException) -> bool:
    return isinstance(error, ERRORS)


# --- a commit its synchronous standby did not confirm -------------------------------------------------

# With a synchronous standby (the README's "A standby that takes over"), a COMMIT waits until the standby
# has it on its disk; while the standby is stopped or cut off, it waits (the statement timeout does not
# end that wait). When the wait is cancelled (pg_cancel_backend, a client's cancel), PostgreSQL has
# committed on the primary alone and says so only in a WARNING: the COMMIT succeeds. A move answered 201 then would be lost with the primary. So the warning is watched on every
# connection, and such a COMMIT raises `NotReplicated`, an error that `unreachable` recognises: 503 with
# Retry-After, the move's outcome unknown to its player, who reads the game again (it may be there).
UNREPLICATED_WARNING = "canceling wait for synchronous replication"


class NotReplicated(psycopg.OperationalError):
    """A COMMIT written on the primary that its synchronous standby has not confirmed."""


_unreplicated: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # connection -> [warned since COMMIT]

# A commit waits for the standby without end while the standby is stopped or cut off: the request would
# hang until its client gave up. After COMMIT_WAIT_SECONDS this process cancels the wait itself, which
# makes it the case above (committed on the primary alone: NotReplicated, 503 with Retry-After).
COMMIT_WAIT_SECONDS = 10
WRITES = ("insert", "update", "delete")  # a statement outside a transaction commits (and may wait) itself


class CommitWatch:
    """One thread per process that cancels commits waiting past their deadline; started on first use."""

    def __init__(self):
        self.lock = threading.Lock()
        self.waiting: dict[int, tuple[float, psycopg.Connection]] = {}
        self.thread: threading.Thread | None = None

    def watch(self, conn: psycopg.Connection) -> None:
        with self.lock:
            self.waiting[id(conn)] = (time.monotonic() + COMMIT_WAIT_SECONDS, conn)
            if self.thread is None or not self.thread.is_alive():  # none yet, or this is a forked child
                self.thread = threading.Thread(target=self.run, name="pbem-commit-watch", daemon=True)
                self.thread.start()

    def done(self, conn: psycopg.Connection) -> None:
        with self.lock:
            self.waiting.pop(id(conn), None)

    def run(self) -> None:
        while True:
            time.sleep(0.5)
            now = time.monotonic()
            with self.lock:
                late = [conn for key, (deadline, conn) in list(self.waiting.items())
                        if deadline <= now and self.waiting.pop(key)]
            for conn in late:  # outside the lock: a cancel may take a while, and commits must not wait on it
                # a commit that ended a moment ago may meet this cancel at its connection's next statement,
                # which then fails as out of reach: a 503 at worst, after a commit that waited 10 s
                try:
                    conn.cancel_safe(timeout=CONNECT_TIMEOUT)
                except Exception:  # noqa: BLE001 - the server gone: the statement fails on its own
                    pass


_commit_watch = CommitWatch()


def commits(raw: psycopg.Connection, sql: str) -> bool:
    """Whether the statement commits (and so may wait for a synchronous standby)."""
    return sql == "COMMIT" or (sql[:6].lower() in WRITES
                               and raw.info.transaction_status == TransactionStatus.IDLE)


def watch_replication(conn: psycopg.Connection) -> None:
    """The pool's `configure`: note, on each new connection, the warning of an unconfirmed commit."""
    warned = _unreplicated[conn] = [False]

    def on_notice(diagnostic) -> None:
        if (diagnostic.message_primary or "").startswith(UNREPLICATED_WARNING):
            warned[0] = True

    conn.add_notice_handler(on_notice)


# --- the pool -------------------------------------------------------------------------------------------

_pools: dict[tuple[int, str], ConnectionPool] = {}
_pools_lock = threading.Lock()


def pool_for(url: str) -> ConnectionPool:
    """This process's pool for the database at `url` (a forked process makes its own: a pool's threads
    and sockets do not survive a fork)."""
    key = (os.getpid(), url)
    with _pools_lock:
        pool = _pools.get(key)
        if pool is None:
            options = (f"-c synchronous_commit=on -c statement_timeout={STATEMENT_TIMEOUT_MS} "
                       f"-c lock_timeout={LOCK_TIMEOUT_MS} "
                       f"-c idle_in_transaction_session_timeout={IDLE_IN_TRANSACTION_MS}")
            pool = ConnectionPool(
                url, min_size=0, max_size=POOL_MOST, timeout=POOL_TIMEOUT, reconnect_timeout=RECONNECT_SECONDS,
                open=True, configure=watch_replication,
                check=ConnectionPool.check_connection, name=f"pbem {urlsplit(url).path}",
                kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT,
                        "options": options, "application_name": "pbem"})
            _pools[key] = pool
        return pool


def close_pools(url: str | None = None) -> None:
    """Close this process's pools (to `url` only, when given): their connections are closed."""
    with _pools_lock:
        for key in [key for key in _pools if url is None or key[1] == url]:
            pool = _pools.pop(key)
            if key[0] == os.getpid():
                pool.close(timeout=1)


# --- the handle -------------------------------------------------------------------------------------------

_translated: dict[tuple[str, bool], str] = {}


def translate(sql: str, with_params: bool) -> str:
    """A statement as the store writes it (SQLite's `?` placeholders, `BEGIN IMMEDIATE`) as psycopg takes
    it: `%s` placeholders, a literal % doubled (only when there are parameters: psycopg sends a statement
    without them as it is)."""
    key = (sql, with_params)
    out = _translated.get(key)
    if out is None:
        out = sql.replace("%", "%%").replace("?", "%s") if with_params else sql
        if out.strip().upper() == "BEGIN IMMEDIATE":  # read committed; row locks and the keys do the rest
            out = "BEGIN"
        if len(_translated) < 10_000:
            _translated[key] = out
    return out


class Connection:
    """The part of sqlite3.Connection the store uses, over a connection borrowed from the pool on first
    use and given back by `release`."""

    def __init__(self, pool: ConnectionPool):
        self.pool = pool
        self.raw: psycopg.Connection | None = None

    def borrow(self) -> psycopg.Connection:
        if self.raw is None:
            try:
                self.raw = self.pool.getconn()
            except PoolTimeout as error:
                raise Unavailable(f"the database cannot be reached: {error}") from error
        return self.raw

    def execute(self, sql: str, params=()):
        raw = self.borrow()
        cursor = raw.cursor()
        warned = _unreplicated.get(raw) if commits(raw, sql) else None
        if warned is None:
            cursor.execute(translate(sql, bool(params)), list(params) if params else None)
            return cursor
        warned[0] = False
        _commit_watch.watch(raw)
        try:
            cursor.execute(translate(sql, bool(params)), list(params) if params else None)
        finally:
            _commit_watch.done(raw)
        if warned[0]:
            raise NotReplicated("committed on the primary, but its synchronous standby did not confirm it "
                                f"within {COMMIT_WAIT_SECONDS} s")
        return cursor

    def executemany(self, sql: str, rows):
        cursor = self.borrow().cursor()
        cursor.executemany(translate(sql, True), [list(row) for row in rows])
        return cursor

    @property
    def in_transaction(self) -> bool:
        return self.raw is not None and self.raw.info.transaction_status != TransactionStatus.IDLE

    def release(self) -> None:
        """Give the connection back to the pool, nothing pending on it (the pool drops a broken one)."""
        raw, self.raw = self.raw, None
        if raw is None:
            return
        try:
            if raw.info.transaction_status in (TransactionStatus.INTRANS, TransactionStatus.INERROR):
                raw.rollback()
        except psycopg.Error:
            raw.close()
        try:
            self.pool.putconn(raw)
        except Exception:  # noqa: BLE001 - a pool closed meanwhile (the tests drop their databases)
            raw.close()

    def close(self) -> None:
        self.release()


class Database:
    """A handle on a PostgreSQL database with the surface of sqlite-utils' Database that the store uses."""

    def __init__(self, url: str):
        self._pbem_file = url  # what `path_of` answers: the caches are per database
        self.conn = Connection(pool_for(url))

    def execute(self, sql: str, params=()):
        return self.conn.execute(sql, params)

    def query(self, sql: str, params=()):
        """The rows of a SELECT as dicts, as sqlite-utils' `query` gives them (the tests and the operator's
        tools read tables this way on both engines)."""
        cursor = self.conn.execute(sql, params)
        keys = [column.name for column in cursor.description]
        for row in cursor:
            yield dict(zip(keys, row))

    def close(self) -> None:
        self.conn.release()


def open_database(url: str) -> Database:
    return Database(url)


def path_of(db: Database) -> str:
    return db._pbem_file


def end_request(db: Database) -> None:
    """The connection goes back to the pool, what the request left open rolled back."""
    db.conn.release()


# --- waking the other nodes (LISTEN/NOTIFY) -----------------------------------------------------------

APPENDED = "pbem_appended"  # the channel: the payload is "<game_id> <notices queued, 0 or more>"


def announce(db: Database, game_id: str, notices: int) -> None:
    """Tell every node listening that the game had an append (inside the append's transaction: the
    notification leaves with its commit, and never for an append rolled back)."""
    db.conn.execute("select pg_notify(?, ?)", [APPENDED, f"{game_id} {notices}"])


def listen(url: str, on_append, stopped: threading.Event, seconds: float = 1.0) -> None:
    """Call `on_append(game_id, notices)` for every append any node announces, until `stopped` is set,
    on a connection of its own (outside the pool: it is held for good). A lost connection is opened
    again after a pause; what was announced meanwhile is found by the sweeps, as without this."""
    while not stopped.is_set():
        try:
            with psycopg.connect(url, autocommit=True, connect_timeout=CONNECT_TIMEOUT,
                                 application_name="pbem listener") as conn:
                conn.execute(f"listen {APPENDED}")
                while not stopped.is_set():
                    for notice in conn.notifies(timeout=seconds):
                        game_id, _, count = notice.payload.partition(" ")
                        on_append(game_id, int(count or 0))
        except psycopg.Error:
            stopped.wait(RETRY_LISTEN_SECONDS)


RETRY_LISTEN_SECONDS = 5


# --- the dialect ---------------------------------------------------------------------------------------


def json_text(column: str, key: str) -> str:
    return f"({column}::jsonb ->> '{key}')"


def json_integer(column: str, key: str) -> str:
    return f"({column}::jsonb ->> '{key}')::bigint"


# The schema at version 8, the last made before PostgreSQL came (schema.py's SQLite migrations 1-8 end at
# the same tables, keys and indexes); later versions are schema.py's migrations, numbered once for both.
# Text is compared byte by byte ("C"), as SQLite does: timestamps and ids sort the same on both.
BASELINE_VERSION = 8
PROJECTIONS = """
create table games (id TEXT primary key, game TEXT not null, status TEXT not null, seq bigint not null,
    to_move TEXT not null, deadline TEXT, created TEXT not null, updated TEXT not null, seat_count bigint not null,
    outcome TEXT, next_due TEXT, handled_until TEXT, summary TEXT, deadlines TEXT);
create index games_next_due on games (next_due) where next_due is not null;
create index games_updated on games (updated);
create table seats (game_id TEXT not null, seat bigint not null, name TEXT not null, email TEXT, webhook TEXT,
    token_hash TEXT not null, email_on bigint not null default 1, digest bigint not null default 0,
    generation bigint not null default 0, primary key (game_id, seat));
create unique index idx_seats_token_hash on seats (token_hash);
create index seats_email on seats (lower(email));
""".replace("TEXT", 'text collate "C"')
BASELINE = PROJECTIONS + """
create table events (game_id TEXT not null, seq bigint not null, type TEXT not null, actor TEXT not null,
    data TEXT not null, at TEXT not null, hash TEXT not null, command TEXT, primary key (game_id, seq));
create table secrets (game_id TEXT primary key, seed TEXT not null);
create table outbox (id bigint generated by default as identity primary key, game_id TEXT not null,
    seq bigint not null, seat bigint not null, channel TEXT not null, kind TEXT not null, recipient TEXT not null,
    subject TEXT, body_text TEXT, body_html TEXT, payload TEXT, status TEXT not null, tries bigint not null default 0,
    next_try TEXT, last_error TEXT, created TEXT not null, sent_at TEXT, claimed_until TEXT);
create unique index idx_outbox_game_id_seq_seat_channel_kind on outbox (game_id, seq, seat, channel, kind);
create index idx_outbox_status_next_try on outbox (status, next_try);
create index outbox_recipient on outbox (lower(recipient), status);
create table locks (name TEXT primary key, owner TEXT not null, until TEXT not null);
create table snapshots (game_id TEXT not null, seq bigint not null, code TEXT not null, data bytea not null,
    primary key (game_id, seq));
create table unsubscribed (address_sha256 TEXT primary key, at TEXT not null);
create table started_views (id TEXT primary key, game_id TEXT not null, created TEXT not null);
create table home_sessions (sha256 TEXT primary key, address TEXT not null, created TEXT not null,
    expires TEXT not null);
create table signin_links (sha256 TEXT primary key, address TEXT not null, created TEXT not null,
    expires TEXT not null, used TEXT);
create index idx_signin_links_address_created on signin_links (address, created);
create table home_keys (sha256 TEXT primary key, address TEXT not null, kind TEXT not null,
    generation bigint not null, created TEXT not null);
create unique index idx_home_keys_address_kind on home_keys (address, kind);
create table address_confirmations (sha256 TEXT primary key, game_id TEXT not null, seat bigint not null,
    generation bigint not null, address TEXT not null, created TEXT not null);
create table server (name TEXT primary key, value TEXT not null, at TEXT not null);
create table asked (id bigint generated by default as identity primary key, kind TEXT not null,
    address TEXT not null, at TEXT not null);
create table proven_addresses (address_sha256 TEXT not null, game_id TEXT not null, at TEXT not null,
    primary key (address_sha256, game_id));
""".replace("TEXT", 'text collate "C"')

MIGRATION_LOCK = 0x7062656D  # the advisory lock two processes migrating one database take in turn


def statements(script: str) -> list[str]:
    return [statement.strip() for statement in script.split(";") if statement.strip()]


def schema_version(db: Database) -> int:
    """The schema's version, 0 for a database that has none yet. The catalog is read by a query (not
    to_regclass, whose cache may not yet know a table another process has just made)."""
    row = db.conn.execute("select exists (select 1 from pg_catalog.pg_tables where tablename = 'schema_version' "
                          "and schemaname = current_schema())").fetchone()
    if not row[0]:
        return 0
    row = db.conn.execute("select version from schema_version").fetchone()
    return row[0] if row else 0


def set_schema_version(db: Database, version: int) -> None:
    db.conn.execute("update schema_version set version = ?", [version])


def migrate(db: Database, latest: int, migrations: dict) -> None:
    """Bring the database to `latest`, in one transaction holding an advisory lock, so that processes
    starting together on an empty database migrate once: the first creates the baseline, the others
    wait for it and find the work done."""
    with_lock = [MIGRATION_LOCK]
    db.conn.execute("BEGIN")
    try:
        db.conn.execute("select pg_advisory_xact_lock(?)", with_lock)
        version = schema_version(db)
        if version == 0:
            for statement in statements(BASELINE):
                db.conn.execute(statement)
            db.conn.execute("create table schema_version (version integer not null)")
            db.conn.execute("insert into schema_version (version) values (?)", [BASELINE_VERSION])
            version = BASELINE_VERSION
        for step in range(version + 1, latest + 1):
            migrations[step](db)
            set_schema_version(db, step)
        db.conn.execute("COMMIT")
    except BaseException:
        if db.conn.in_transaction:
            db.conn.execute("ROLLBACK")
        raise


# --- whole databases copied (copying.py): the catalog, a consistent read, rows in and out ---------------

# Every table read as of one moment while the nodes go on writing (a snapshot that needs no lock and
# blocks no writer), and nothing written through this transaction by mistake.
SNAPSHOT = "BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY"


def table_names(db: Database) -> list[str]:
    """The tables of the current schema, but the schema's version (each engine keeps its own)."""
    return [row[0] for row in db.conn.execute(
        "select table_name from information_schema.tables where table_schema = current_schema() "
        "and table_type = 'BASE TABLE' and table_name <> 'schema_version'")]


def tables_referenced(db: Database, table: str) -> set[str]:
    """The tables a table's foreign keys name."""
    return {row[0] for row in db.conn.execute(
        "select target.relname from pg_catalog.pg_constraint c "
        "join pg_catalog.pg_class source on source.oid = c.conrelid "
        "join pg_catalog.pg_class target on target.oid = c.confrelid "
        "where c.contype = 'f' and source.relname = ? and source.relnamespace = current_schema()::regnamespace",
        [table])}


def columns_of(db: Database, table: str) -> list[str]:
    return [row[0] for row in db.conn.execute(
        "select column_name from information_schema.columns where table_schema = current_schema() "
        "and table_name = ? order by ordinal_position", [table])]


def batches(db: Database, select: str, size: int) -> Iterator[list[tuple]]:
    """The rows of a SELECT, `size` at a time, through a cursor on the server (a large table is never held
    whole in this process), inside the caller's transaction. bytea comes back as bytes."""
    cursor = db.conn.borrow().cursor(name="pbem_copy")
    try:
        cursor.execute(select)
        while rows := cursor.fetchmany(size):
            yield [tuple(row) for row in rows]
    finally:
        cursor.close()


def write_rows(db: Database, table: str, columns: Sequence[str], rows: Sequence[tuple]) -> None:
    """Rows into a table by COPY (one round trip for the batch, not one per row), inside the caller's
    transaction. Each value is sent as its Python type's text, which the column's type reads (bytes as
    bytea)."""
    cursor = db.conn.borrow().cursor()
    with cursor.copy(f"copy {quoted(table)} ({', '.join(map(quoted, columns))}) from stdin") as copy:
        for row in rows:
            copy.write_row(row)


def restart_identities(db: Database, table: str) -> None:
    """The counters of a table's identity columns (the outbox's and asked's ids) set past the highest id
    it holds: its rows came with their ids, and the next row the server adds must not take one of them."""
    identities = db.conn.execute(
        "select column_name from information_schema.columns where table_schema = current_schema() "
        "and table_name = ? and (is_identity = 'YES' or column_default like 'nextval(%')", [table]).fetchall()
    for (column,) in identities:
        db.conn.execute(f"select setval(pg_get_serial_sequence(?, ?), coalesce(max({quoted(column)}), 0) + 1, false) "
                        f"from {quoted(table)}", [quoted(table), column])
