"""The store's contract, held on both engines (every test runs [sqlite] and [postgresql], like the
eventsourcing library's recorder test cases): what the rest of pbem may count on from `store`, whichever
database PBEM_DB names. Append and read; the (game_id, seq) key as the concurrency check; an append's
events, projection and notices committing together or not at all; outbox claims never handing one row
to two claimers; the scheduler's lease held by one owner; accounts, snapshots, what the server records;
a new database migrated once by processes starting together; health; and Unavailable when the database
cannot be reached."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from pbem import store
from pbem.store import accounts, leases, outbox, snapshots

ROOT = Path(__file__).resolve().parent.parent


def new(n, kind="thing_happened"):
    return [store.NewEvent(kind, "rules", {"n": i}) for i in range(n)]


def projection(game_id, seq):
    return {"id": game_id, "game": "test", "status": "active", "seq": seq, "to_move": "[]", "deadline": None,
            "created": "t0", "updated": f"t{seq}", "seat_count": 2, "outcome": None}


def notice(game_id, seq, recipient, kind="your_turn"):
    return {"game_id": game_id, "seq": seq, "seat": 0, "channel": "email", "kind": kind, "recipient": recipient,
            "subject": "s", "body_text": "b", "status": "pending", "next_try": "2026-01-01T00:00:00Z",
            "created": "2026-01-01T00:00:00Z"}


def run_together(count, action):
    """Run action(k) in `count` threads released at once; what each returned or raised, in order."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def one(k):
        barrier.wait()
        try:
            results[k] = action(k)
        except Exception as error:  # noqa: BLE001 - the test looks at what each got
            results[k] = error

    threads = [threading.Thread(target=one, args=(k,)) for k in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


# --- events ----------------------------------------------------------------------------------------------


def test_append_and_read_back_what_was_written(db):
    written = store.append(db, "g1", 0, new(3), {"verb": "create", "seat": 1}, "2026-01-01T00:00:00Z",
                           ["a", "b", "c"], projection=projection("g1", 3), seed=b"\x00\xffseed")
    assert store.read_events(db, "g1") == written
    assert store.read_events_after(db, "g1", 1) == written[1:]
    assert store.read_events(db, "g1", upto=2) == written[:2]
    assert store.event_at(db, "g1", 2) == written[1]
    assert store.head(db, "g1") == (3, written[-1].hash) and store.hash_at(db, "g1", 1) == written[0].hash
    assert store.last_event(db, "g1") == written[-1]
    assert store.read_seed(db, "g1") == b"\x00\xffseed"
    assert store.command_seqs(db, "g1") == [(1, "rules")]
    assert store.commands_of(db, "g1", ["create"]) == [(1, {"verb": "create", "seat": 1})]
    assert store.events_at(db, "g1", [3, 1]) == [written[0], written[2]]
    assert store.game_ids(db) == ["g1"] and store.head(db, "nothing") is None
    assert store.game_row(db, "g1")["seq"] == 3


def test_two_appends_at_one_seq_one_wins_the_other_conflicts(database, db):
    store.append(db, "g1", 0, new(1), {"verb": "create"}, "t", ["s"], projection=projection("g1", 1))
    handles = [store.connect(database) for _ in range(2)]
    try:
        results = run_together(2, lambda k: store.append(handles[k], "g1", 1, new(2), {"verb": "move", "k": k},
                                                         "t", ["s", "s"], projection=projection("g1", 3)))
    finally:
        for handle in handles:
            handle.close()
    assert sorted(type(result).__name__ for result in results) == ["Conflict", "list"], results
    events = store.read_events(db, "g1")
    assert [e.seq for e in events] == [1, 2, 3]
    winner = next(k for k, result in enumerate(results) if isinstance(result, list))
    assert events[1].command == {"verb": "move", "k": winner}


def test_an_append_commits_its_events_projection_and_notices_together_or_not_at_all(db):
    store.append(db, "g1", 0, new(1), {"verb": "create"}, "t", ["s"], projection=projection("g1", 1),
                 outbox=[notice("g1", 1, "ann@example.org")])
    broken = {**notice("g1", 2, "bob@example.org"), "kind": None}  # not null: the notice cannot be written
    with pytest.raises(Exception):
        store.append(db, "g1", 1, new(2), {"verb": "move"}, "t", ["s", "s"], projection=projection("g1", 3),
                     outbox=[notice("g1", 2, "cy@example.org"), broken])
    assert [e.seq for e in store.read_events(db, "g1")] == [1]
    assert store.game_row(db, "g1")["seq"] == 1
    assert [row["recipient"] for row in outbox.of_game(db, "g1")] == ["ann@example.org"]
    assert not db.conn.in_transaction
    # the same append, written right, goes in whole
    store.append(db, "g1", 1, new(2), {"verb": "move"}, "t", ["s", "s"], projection=projection("g1", 3),
                 outbox=[notice("g1", 2, "cy@example.org")])
    assert store.game_row(db, "g1")["seq"] == 3 and len(outbox.of_game(db, "g1")) == 2


def test_a_notice_is_written_once_however_often_it_is_queued(db):
    rows = [notice("g1", 1, "ann@example.org")]
    assert store.enqueue_now(db, rows) == 1
    assert store.enqueue_now(db, rows) == 0
    assert len(outbox.of_game(db, "g1")) == 1


# --- the outbox's claims -------------------------------------------------------------------------------


def test_claimers_at_once_never_get_the_same_notice(database, db):
    store.enqueue_now(db, [notice("g1", seq, f"p{seq}@example.org") for seq in range(1, 61)])
    handles = [store.connect(database) for _ in range(4)]
    claimed: list[list[int]] = [[] for _ in handles]

    def claimer(k):
        for _ in range(10):
            rows = outbox.claim_due(handles[k], "2026-01-01T00:00:01Z", 5, lambda row: "2026-01-01T01:00:00Z")
            claimed[k] += [row["id"] for row in rows]

    try:
        assert run_together(len(handles), claimer) == [None] * len(handles)
    finally:
        for handle in handles:
            handle.close()
    everything = [notice_id for ids in claimed for notice_id in ids]
    assert len(everything) == len(set(everything)) == 60
    # leased: nobody claims them again before the lease ends; after it, they are due again
    assert outbox.claim_due(db, "2026-01-01T00:30:00Z", 100, lambda row: "x") == []
    assert len(outbox.claim_due(db, "2026-01-01T02:00:00Z", 100, lambda row: "2026-01-01T03:00:00Z")) == 60


def test_a_notice_is_marked_sent_and_its_body_dropped(db):
    store.enqueue_now(db, [notice("g1", 1, "ann@example.org")])
    (row,) = outbox.claim_due(db, "2026-01-01T00:00:01Z", 5, lambda row: "2026-01-01T01:00:00Z")
    outbox.mark_sent(db, row["id"], "2026-01-01T00:00:02Z")
    (sent,) = outbox.of_game(db, "g1")
    assert sent["status"] == "sent" and sent["tries"] == 1 and sent["body_text"] is None


# --- the scheduler's lease -------------------------------------------------------------------------------


def test_the_lease_has_one_owner_at_a_time(database, db):
    assert leases.take(db, "scheduler", "a", "t1", "t5")
    assert not leases.take(db, "scheduler", "b", "t2", "t6")  # a holds it until t5
    assert leases.take(db, "scheduler", "a", "t2", "t6")      # its owner renews it
    assert leases.renew(db, "scheduler", "a", "t7") and not leases.renew(db, "scheduler", "b", "t8")
    assert leases.take(db, "scheduler", "b", "t7", "t9")      # past its end: another owner takes it
    leases.release(db, "scheduler", "b")
    handles = [store.connect(database) for _ in range(6)]
    try:  # nodes taking a free lease at once, round after round: one gets it each time
        for round in range(20):
            results = run_together(6, lambda k: leases.take(handles[k], f"race{round}", f"node{k}", "t1", "t5"))
            assert results.count(True) == 1, (round, results)
    finally:
        for handle in handles:
            handle.close()


def test_what_the_server_records_of_itself(db):
    assert store.recorded_server(db, "base_url") is None
    store.record_server(db, "base_url", "http://a", "t1")
    store.record_server(db, "base_url", "http://b", "t2")
    assert store.recorded_server(db, "base_url") == ("http://b", "t2")


# --- accounts ------------------------------------------------------------------------------------------


def test_sign_in_links_sessions_keys_and_the_block_list(db):
    with store.immediate(db):
        accounts.add_signin_link(db, "h1", "ann@example.org", "t1", "t9")
        accounts.add_session(db, "s1", "ann@example.org", "t1", "t9")
        accounts.add_first_key(db, "k1", "ann@example.org", "feed", "t1")
        accounts.add_first_key(db, "k2", "ann@example.org", "feed", "t1")  # has one: kept as it is
    assert accounts.signin_link_address(db, "h1", "t2") == "ann@example.org"
    assert accounts.signin_links_since(db, "ann@example.org", "t0") == 1
    accounts.mark_signin_link_used(db, "h1", "t2")
    assert accounts.signin_link_address(db, "h1", "t3") is None
    assert accounts.session_address(db, "s1", "t2") == "ann@example.org"
    assert accounts.session_address(db, "s1", "t9") is None  # expired
    assert accounts.key_address(db, "k1", "feed") == "ann@example.org" and accounts.key_address(db, "k2", "feed") is None
    with store.immediate(db):
        accounts.replace_key(db, "k3", "ann@example.org", "feed", 1, "t2")
    assert accounts.key_generation(db, "ann@example.org", "feed") == 1
    accounts.block(db, "x", "t1")
    accounts.block(db, "x", "t2")
    assert accounts.is_blocked(db, "x")
    accounts.unblock(db, "x")
    assert not accounts.is_blocked(db, "x")
    with store.immediate(db):
        store.prove_address(db, "Ann@Example.org ", "g1", "t1")
        store.prove_address(db, "ann@example.org", "g1", "t2")
    assert store.is_proven(db, "ann@example.org", "g1") and store.is_proven(db, "ann@example.org", "")
    assert not store.is_proven(db, "bob@example.org", "g1")


def test_a_started_view_and_an_asked_request_are_taken_once(database, db):
    accounts.add_started_view(db, "v1", "g1", "t1", "t0")
    handles = [store.connect(database) for _ in range(4)]
    try:
        results = run_together(4, lambda k: accounts.take_started_view(handles[k], "v1"))
    finally:
        for handle in handles:
            handle.close()
    assert [result for result in results if result is not None] == [("g1", "t1")], results
    for k in range(3):
        store.ask(db, "signin", f"p{k}@example.org", f"t{k}")
    assert [row["address"] for row in store.take_asked(db, 2)] == ["p0@example.org", "p1@example.org"]
    assert [row["address"] for row in store.take_asked(db, 5)] == ["p2@example.org"]
    assert store.take_asked(db, 5) == []


# --- snapshots -------------------------------------------------------------------------------------------


def test_snapshots_keep_bytes_and_are_replaced(db):
    blob = bytes(range(256)) * 10
    snapshots.write_snapshots(db, "g1", [(16, "code", blob), (32, "code", b"old")])
    snapshots.write_snapshots(db, "g1", [(32, "code", b"new")])
    assert store.read_snapshot(db, "g1", 20, "code") == (16, blob)
    assert store.read_snapshot(db, "g1", 40, "code") == (32, b"new")
    assert store.read_snapshot(db, "g1", 40, "other code") is None
    assert snapshots.last_snapshot_seq(db, "g1") == 32
    store.drop_snapshots(db, "g1")
    assert snapshots.last_snapshot_seq(db, "g1") == 0


# --- the schema, health, reach ---------------------------------------------------------------------------


MIGRATE = """
import sys
from pbem import store
db = store.connect(sys.argv[1])
print(store.health(db)["schema_version"])
db.close()
"""


def test_processes_starting_together_on_an_empty_database_migrate_once(database):
    processes = [subprocess.Popen([sys.executable, "-c", MIGRATE, database], cwd=ROOT, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, text=True) for _ in range(4)]
    outcomes = [process.communicate(timeout=120) for process in processes]
    assert [process.returncode for process in processes] == [0] * 4, outcomes
    assert [out.strip() for out, _ in outcomes] == [str(store.SCHEMA_VERSION)] * 4
    db = store.connect(database)
    try:
        store.append(db, "g1", 0, new(1), {"verb": "create"}, "t", ["s"], projection=projection("g1", 1))
        assert store.head(db, "g1")[0] == 1
    finally:
        db.close()


def test_health_is_a_round_trip(db, engine):
    assert store.health(db) == {"database": "ok", "engine": engine, "schema_version": store.SCHEMA_VERSION}


def test_a_database_out_of_reach_is_unavailable_within_a_bound(engine, tmp_path):
    from tests.postgres import free_port

    if engine == "sqlite":
        (tmp_path / "file").write_text("")
        target = str(tmp_path / "file" / "pbem.sqlite")
    else:  # a port nobody listens on
        target = f"postgresql://pbem@127.0.0.1:{free_port()}/nothing"
    started = time.monotonic()
    with pytest.raises(store.Unavailable):
        store.connect(target)
    assert time.monotonic() - started < 60  # a generous bound: it answers, it does not hang
    store.postgres.close_pools(target)  # no pool left trying to reach it


def test_a_wrong_statement_is_not_unavailable(db):
    with pytest.raises(store.ENGINE_ERRORS + (Exception,)) as raised:
        db.execute("selct 1")
    assert not isinstance(raised.value, store.Unavailable) and not store.unreachable(raised.value)
    assert store.health(db)["database"] == "ok"


# --- the rate limits' counters ------------------------------------------------------------------------


def test_counters_counted_at_once_never_pass_the_limit(database):
    from pbem.store import counters

    def under_five(current, previous):
        return current + previous + 1 <= 5

    results = run_together(12, lambda k: counters.count(database, "create", "addr", 100, under_five))
    assert [result[2] for result in results].count(True) == 5, results
    counters.uncount(database, "create", "addr", 100)
    assert counters.count(database, "create", "addr", 100, under_five) == (4, 0, True)
    assert counters.count(database, "create", "addr", 101, under_five) == (0, 5, False)  # the window before counts
    assert counters.count(database, "create", "other", 101, under_five) == (0, 0, True)
