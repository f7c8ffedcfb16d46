"""The rate limits' counters (pbem/ratelimit.py decides what they mean and when to refuse): one row per
(limit, address, window) in a small SQLite file of their own beside the database, run with
`synchronous=NORMAL` (counts, not truth: no fsync per request), so a count never waits behind a move's
durable commit. A thread keeps its connection to the file between requests."""

from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict
from pathlib import Path
from typing import Callable

from .. import private

Error = sqlite3.Error  # what a counter that cannot be read or written raises

_local = threading.local()
KEPT_PER_THREAD = 4  # a server has one counters' file; a few for the rare process that serves several


def connection(path: Path) -> sqlite3.Connection:
    """This thread's connection to the counters' file, kept between requests."""
    kept = getattr(_local, "connections", None)
    if kept is None:
        kept = _local.connections = OrderedDict()
    conn = kept.get(path)
    if conn is not None:
        kept.move_to_end(path)
    else:
        private.sqlite_file(path)  # 0600, as the database: it names the clients' addresses (hashed)
        conn = sqlite3.connect(str(path), timeout=5, isolation_level=None, check_same_thread=False)
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")  # counts, not truth: no fsync per request
        conn.execute("create table if not exists hits (name text not null, address text not null, "
                     "window integer not null, count integer not null, primary key (name, address, window))")
        kept[path] = conn
        while len(kept) > KEPT_PER_THREAD:
            kept.popitem(last=False)[1].close()
    return conn


def count(path: Path, name: str, address: str, window: int, allowed: Callable[[int, int], bool]) -> tuple[int, int, bool]:
    """Read the counts of this window and the one before, and count one more in this window if
    `allowed(current, previous)`, in one write transaction across every thread and process: (current,
    previous, counted). An address's first count in a window drops the windows no estimate reads any more."""
    conn = connection(path)
    conn.execute("BEGIN IMMEDIATE")
    try:
        counts = dict(conn.execute("select window, count from hits where name = ? and address = ? "
                                   "and window >= ?", [name, address, window - 1]).fetchall())
        current, previous = counts.get(window, 0), counts.get(window - 1, 0)
        counted = allowed(current, previous)
        if counted:
            conn.execute("insert into hits (name, address, window, count) values (?, ?, ?, 1) on conflict "
                         "do update set count = count + 1", [name, address, window])
        if current == 0:
            conn.execute("delete from hits where name = ? and window < ?", [name, window - 1])
        conn.execute("COMMIT")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise
    return current, previous, counted


def uncount(path: Path, name: str, address: str, window: int) -> None:
    """One count of this window given back (never below 0)."""
    connection(path).execute("update hits set count = count - 1 where name = ? and address = ? and window = ? "
                             "and count > 0", [name, address, window])
