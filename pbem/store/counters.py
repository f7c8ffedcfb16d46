"""The rate limits' counters (pbem/web/ratelimit.py decides what they mean and when to refuse): one row per
(limit, address, window) in the `hits` table of the database itself (schema version 9), so every server
process and every node on one database counts together, with no file of their own.

Counts are not truth, and never wait for a disk: on SQLite the counting connection runs with
`synchronous=NORMAL` (its commits skip the fsync; a power cut may forget a few seconds of counts), on
PostgreSQL each count's transaction with `synchronous_commit=off`. A thread keeps its counting handle
between requests (on PostgreSQL its connection goes back to the pool after each count).

A count and its check are one transaction on both engines, written once: the count is added first
(`insert ... on conflict do update ... returning`, which holds the row's lock on PostgreSQL and the
file's on SQLite), the window before read, and the transaction rolled back when the request is over
the limit, so requests racing get no more than the limit."""

from __future__ import annotations

import sqlite3
import threading
from collections import OrderedDict
from typing import Callable

import psycopg

from .connection import close_quietly, dialect, end_request, immediate
from .protocol import Unavailable
from .schema import connect

Error = (sqlite3.Error, psycopg.Error, Unavailable)  # what a counter that cannot be read or written raises

_local = threading.local()
KEPT_PER_THREAD = 4  # a server has one database; a few for the rare process that serves several


def connection(database: str):
    """This thread's counting handle on the database, kept between requests."""
    kept = getattr(_local, "connections", None)
    if kept is None:
        kept = _local.connections = OrderedDict()
    db = kept.get(database)
    if db is not None:
        kept.move_to_end(database)
    else:
        db = connect(database)
        if dialect(db).COUNTING_CONNECTION:
            db.conn.execute(dialect(db).COUNTING_CONNECTION)
        kept[database] = db
        while len(kept) > KEPT_PER_THREAD:
            kept.popitem(last=False)[1].close()
    return db


def forget(database: str) -> None:
    """Drop this thread's counting handle after an error: the next count opens a new one."""
    kept = getattr(_local, "connections", None)
    db = kept.pop(database, None) if kept is not None else None
    if db is not None:
        close_quietly(db)


def count(database: str, name: str, address: str, window: int, allowed: Callable[[int, int], bool]) -> tuple[int, int, bool]:
    """Count one more in this window if `allowed(current, previous)` (the counts of this window and the
    one before, without it), in one transaction across every thread, process and node: (current,
    previous, counted). An address's first count in a window drops the windows no estimate reads any
    more."""
    db = connection(database)
    try:
        return _count(db, name, address, window, allowed)
    except Error:
        forget(database)
        raise
    finally:
        end_request(db)


class _Over(Exception):
    """Over the limit: the count just added is rolled back."""


def _count(db, name, address, window, allowed):
    counted = True
    try:
        with immediate(db):
            if dialect(db).COUNTING_TRANSACTION:
                db.conn.execute(dialect(db).COUNTING_TRANSACTION)
            current = db.conn.execute(
                "insert into hits (name, address, slot, count) values (?, ?, ?, 1) on conflict (name, address, slot) "
                "do update set count = hits.count + 1 returning count", [name, address, window]).fetchall()[0][0] - 1
            row = db.conn.execute("select count from hits where name = ? and address = ? and slot = ?",
                                  [name, address, window - 1]).fetchone()
            previous = row[0] if row else 0
            if not allowed(current, previous):
                raise _Over
            if current == 0:
                db.conn.execute("delete from hits where name = ? and slot < ?", [name, window - 1])
    except _Over:
        counted = False
    return current, previous, counted


def uncount(database: str, name: str, address: str, window: int) -> None:
    """One count of this window given back (never below 0)."""
    db = connection(database)
    try:
        db.conn.execute("update hits set count = count - 1 where name = ? and address = ? and slot = ? and count > 0",
                        [name, address, window])
    except Error:
        forget(database)
        raise
    finally:
        end_request(db)
