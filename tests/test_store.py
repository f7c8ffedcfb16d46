"""The event store (architecture section 4): explicit tables, the hash chain, the primary key as the
concurrency guard, projections in the same transaction as the events. The tests marked sqlite_only are
about SQLite's file, its migrations from older versions and its group commit; tests/test_store_contract.py
holds both engines to the store's guarantees."""

import sqlite3

import psycopg
import pytest

from pbem import store


@pytest.mark.sqlite_only("sqlite-utils' introspection of the file, WAL, PRAGMA user_version")
def test_tables_are_created_explicitly_with_the_primary_key(db):
    assert {"events", "games", "seats", "secrets"} <= set(db.table_names())
    events = db["events"]
    assert events.pks == ["game_id", "seq"]
    assert {c.name: c.type for c in events.columns} == {
        "game_id": "TEXT", "seq": "INTEGER", "type": "TEXT", "actor": "TEXT", "data": "TEXT", "at": "TEXT",
        "hash": "TEXT", "command": "TEXT"}
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert db.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION


def new(n):
    return [store.NewEvent("thing_happened", "rules", {"n": i}) for i in range(n)]


def projection(game_id, seq):
    return {"id": game_id, "game": "test", "status": "active", "seq": seq, "to_move": "[]", "deadline": None,
            "created": "t0", "updated": "t1", "seat_count": 2, "outcome": None}


def test_append_numbers_and_chains_events(db):
    written = store.append(db, "g1", 0, new(3), {"verb": "create"}, "2026-01-01T00:00:00Z", ["s1", "s2", "s3"],
                           projection=projection("g1", 3))
    assert [e.seq for e in written] == [1, 2, 3]
    assert written[0].command == {"verb": "create"} and written[1].command is None
    previous = ""
    for event, salt in zip(written, ["s1", "s2", "s3"]):
        assert event.hash == store.event_hash(previous, "g1", event.seq, event.type, event.actor, event.data,
                                              event.at, event.command, salt)
        previous = event.hash
    assert [e.data for e in store.read_events(db, "g1")] == [{"n": 0}, {"n": 1}, {"n": 2}]
    assert store.game_row(db, "g1")["seq"] == 3


def test_a_second_writer_at_the_same_seq_conflicts_and_writes_nothing(db):
    store.append(db, "g1", 0, new(1), {"verb": "create"}, "t", ["s"], projection=projection("g1", 1))
    store.append(db, "g1", 1, new(1), {"verb": "x"}, "t", ["s"], projection=projection("g1", 2))
    with pytest.raises(store.Conflict):
        store.append(db, "g1", 1, new(2), {"verb": "y"}, "t", ["s", "s"], projection=projection("g1", 3))
    assert [e.seq for e in store.read_events(db, "g1")] == [1, 2]
    assert store.game_row(db, "g1")["seq"] == 2


def test_the_primary_key_refuses_a_duplicate_seq(db):
    store.append(db, "g1", 0, new(1), {"verb": "create"}, "t", ["s"])
    with pytest.raises(store.INTEGRITY_ERRORS):
        db.execute("insert into events (game_id, seq, type, actor, data, at, hash) values ('g1', 1, 'x', 'r', '{}', 't', 'h')")


def test_a_failing_projection_rolls_back_the_events(db):
    broken = projection("g1", 1)
    broken["status"] = None  # not null: the projection write fails
    with pytest.raises((sqlite3.IntegrityError, psycopg.IntegrityError)):
        store.append(db, "g1", 0, new(2), {"verb": "create"}, "t", ["s", "s"], projection=broken)
    assert store.read_events(db, "g1") == []
    assert store.game_row(db, "g1") is None
    assert not db.conn.in_transaction


def test_reopening_an_existing_database_keeps_its_data(app, db):
    store.append(db, "g1", 0, new(1), {"verb": "create"}, "t", ["s"])
    again = store.connect(app.config["DATABASE"])
    assert len(store.read_events(again, "g1")) == 1


@pytest.mark.sqlite_only("SQLite's files made before version 8; PostgreSQL starts at version 8")
def test_a_database_of_an_older_version_is_brought_up_to_date_and_keeps_its_data(app, db):
    """Version 6 drops the games projection's (status, deadline) index, which nothing reads any more and
    every move rewrote; a database made before it loses the index on its next connection."""
    store.append(db, "g1", 0, new(1), {"verb": "create"}, "t", ["s"], projection=projection("g1", 1))
    db.conn.execute("create index idx_games_status_deadline on games (status, deadline)")
    db.conn.execute("PRAGMA user_version = 5")
    again = store.connect(app.config["DATABASE"])
    assert again.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION == 19
    assert "idx_games_status_deadline" not in {i.name for i in again["games"].indexes}
    assert {"proven_addresses", "address_settings", "address_vacations"} <= set(again.table_names())
    assert {"tournaments", "tournament_entries", "tournament_seeds", "tournament_games"} <= set(again.table_names())
    assert len(store.read_events(again, "g1")) == 1 and again["games"].count == 1


@pytest.mark.sqlite_only("SQLite's files made before version 8; PostgreSQL starts at version 8")
def test_version_7_keeps_the_mail_of_games_under_way_for_seats_that_played(app, db, site):
    """Mail to an address is counted from version 7 (audit N2); a seat that has played a move of its own is
    held by someone, so its address goes on hearing from that game after the upgrade."""
    from pbem.play import service

    players = [{"name": "Ann", "email": "Ann@example.org"}, {"name": "Bob", "email": "bob@example.org"},
               {"name": "Cy"}]
    created = service.create_game(db, site, "mississippi", players)
    (seat,) = service.load(db, created.id).to_move
    loaded = service.load(db, created.id)
    service.submit_move(db, site, created.id, created.tokens[seat], loaded.module.legal_moves(loaded.state, seat)[0],
                        loaded.seq)
    db.conn.execute("drop table proven_addresses")
    db.conn.execute("PRAGMA user_version = 6")
    again = store.connect(app.config["DATABASE"])
    mover = players[seat].get("email")
    assert mover is not None  # Ann moves first
    for player in players:
        if player.get("email"):
            assert store.is_proven(again, player["email"], created.id) == (player["email"] == mover)


def test_first_connections_racing_on_a_new_file_all_succeed(tmp_path):
    import threading

    path = tmp_path / "fresh.sqlite"
    errors, barrier = [], threading.Barrier(6)

    def first_connection():
        barrier.wait()
        try:
            store.connect(path).close()
        except Exception as error:  # noqa: BLE001 - the test collects what went wrong
            errors.append(error)

    threads = [threading.Thread(target=first_connection) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    db = store.connect(path)
    assert db.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION


@pytest.mark.sqlite_only("the group commit is SQLite's; on PostgreSQL an append is a transaction of its own")
def test_committers_of_several_processes_take_turns_by_a_file_lock(db):
    """`pbem serve --workers N`: a committer waits, queued by the kernel, while another process's committer
    holds `<database>-commit`; then it commits. (Another open of the file stands for the other process:
    file locks belong to each opening.)"""
    import fcntl
    import threading

    path = store.path_of(db)
    other_process = open(path + "-commit", "ab")
    fcntl.flock(other_process.fileno(), fcntl.LOCK_EX)
    done = threading.Event()
    thread = threading.Thread(target=lambda: (store.append(db, "g1", 0, new(1), {"verb": "create"}, "t", ["s"]),
                                              done.set()))
    thread.start()
    try:
        assert not done.wait(0.5), "the append did not wait for the other process's turn"
        assert store.read_events(db, "g1") == []
    finally:
        fcntl.flock(other_process.fileno(), fcntl.LOCK_UN)
        other_process.close()
    thread.join(10)
    assert done.is_set() and [e.seq for e in store.read_events(db, "g1")] == [1]
