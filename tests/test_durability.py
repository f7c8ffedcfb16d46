"""An acknowledged move survives a power cut (issue 10, item 10): every connection that writes the game
log runs SQLite with synchronous=FULL in WAL mode, the request's and the group commit's writer alike,
while the rate-limit counters (not truth) do without an fsync per request."""

from pbem import db as db_module
from pbem import ratelimit, service, store
from pbem.store import counters, groupcommit


def synchronous(connection) -> int:
    return connection.execute("PRAGMA synchronous").fetchone()[0]


def test_every_connection_to_the_log_is_synchronous_full(app, db, site):
    FULL, NORMAL = 2, 1
    assert synchronous(db.conn) == FULL and db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert synchronous(db_module.connection(app.config["DATABASE"]).conn) == FULL
    writers = []
    service.create_game(db, site, "mississippi", [{"name": "Ann"}, {"name": "Bob"}])
    groupcommit.run(store.path_of(db), store.connect, lambda writer: writers.append(synchronous(writer.conn)))
    assert writers == [FULL]
    limiter = ratelimit.Limiter(app.config["DATABASE"], ratelimit.DEFAULT_LIMITS)
    limiter.hit("form", "192.0.2.1")
    assert synchronous(counters.connection(limiter.path)) == NORMAL
