"""The database connection of a request: one kept per server thread and database (architecture section
11), so a request does not pay for opening SQLite, switching it to WAL and checking its schema.

A connection is only ever used by the thread that opened it, between requests it holds no transaction
(every write is an explicit transaction that commits or rolls back), and a thread keeps a few, for the
rare process that serves several databases (the tests)."""

from __future__ import annotations

import threading
from collections import OrderedDict

from flask import current_app, g

from .. import store

KEPT_PER_THREAD = 4
_local = threading.local()


def connection(path: str):
    """This thread's connection to the database at `path`, opened on first use."""
    kept = getattr(_local, "connections", None)
    if kept is None:
        kept = _local.connections = OrderedDict()
    db = kept.get(path)
    if db is None:
        db = kept[path] = store.connect(path)
        while len(kept) > KEPT_PER_THREAD:
            _, old = kept.popitem(last=False)
            old.close()
    kept.move_to_end(path)
    return db


def forget(path: str) -> None:
    """Drop this thread's connection to `path` after the database could not be reached through it: it may
    be broken for good (a file replaced, a disk remounted), and the next request opens a new one."""
    if g.get("db") is not None and current_app.config.get("DATABASE") == path:
        g.pop("db")  # the request's end must not roll back on a connection closed here
    kept = getattr(_local, "connections", None)
    db = kept.pop(path, None) if kept is not None else None
    if db is not None:
        store.close_quietly(db)


def get_db():
    if "db" not in g:
        g.db = connection(current_app.config["DATABASE"])
    return g.db


def close_db(error=None) -> None:
    """End of a request: the connection stays open for the thread's next request, with nothing pending."""
    db = g.pop("db", None)
    if db is not None:
        try:
            store.end_request(db)
        except store.Unavailable:  # the rollback could not reach the database: open anew next time
            forget(current_app.config["DATABASE"])


def get_site():
    from ..site import Site

    if "site" not in g:
        g.site = Site.from_config(current_app.config)
    return g.site
