"""An acknowledged move survives a power cut (issue 10, item 10): every connection that writes the game
log runs SQLite with synchronous=FULL in WAL mode, the request's and the group commit's writer alike,
while the rate-limit counters (not truth) do without an fsync per request; on PostgreSQL every connection
runs with synchronous_commit=on, whatever the server's default."""

import pytest

from pbem import store
from pbem.play import service
from pbem.store import counters, groupcommit
from pbem.web import db as db_module
from pbem.web import ratelimit


def synchronous(connection) -> int:
    return connection.execute("PRAGMA synchronous").fetchone()[0]


@pytest.mark.sqlite_only("SQLite's pragmas; test_every_postgresql_connection_commits_synchronously is PostgreSQL's")
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
    assert synchronous(counters.connection(limiter.database).conn) == NORMAL


def test_every_postgresql_connection_commits_synchronously(app, db, site, engine, postgres_cluster):
    """The server's default made lax (as an operator might for speed) does not reach pbem's connections:
    each sets synchronous_commit=on itself, so an acknowledged move is on the server's disk."""
    if engine != "postgresql":
        pytest.skip("PostgreSQL's setting")
    postgres_cluster.admin(f"alter database \"{app.config['DATABASE'].rsplit('/', 1)[1]}\" set synchronous_commit = off")
    store.postgres.close_pools(app.config["DATABASE"])  # new connections, which read the database's default
    fresh = store.connect(app.config["DATABASE"])
    try:
        service.create_game(fresh, site, "mississippi", [{"name": "Ann"}, {"name": "Bob"}])
        assert fresh.execute("show synchronous_commit").fetchone()[0] == "on"
        request_db = db_module.connection(app.config["DATABASE"])
        assert request_db.execute("show synchronous_commit").fetchone()[0] == "on"
    finally:
        fresh.close()
