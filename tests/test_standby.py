"""A standby that takes over (issue 25 item 2, architecture section 19, the README's "A standby"): a
PostgreSQL primary and its synchronous standby made by the README's recipe (tests/postgres.py's
`standby_pair`), two `pbem serve` nodes whose PBEM_DB lists both hosts with
`target_session_attrs=read-write`, eight client threads playing through them (pairs racing on shared
games from different nodes, others against a computer seat). The primary's postmaster and its children
are killed with SIGKILL, as when its machine dies, and the standby is promoted with `pg_ctl promote`
75 s later. The nodes carry on without a restart: between the kill and the promotion they answer 503
with Retry-After, never 500, and then they write to the promoted standby. Afterwards every acknowledged
move is in the promoted database, every game verifies (`pbem verify --all`), and the computer seats
answer again, each node listening for appends on the promoted standby; a new standby rebuilt from the
promoted one by the README's steps holds them too. And a move is acknowledged only
once the standby has it: while the standby is stopped its commit waits, and a wait cancelled is a 503.
PostgreSQL only (a SQLite file has no standby)."""

from __future__ import annotations

import os
import random
import re
import subprocess
import sys
import threading
import time
from collections import Counter

import pytest

from pbem import store
from pbem.store import postgres as postgres_store
from tests import postgres
from tests.conftest import ROOT
from tests.nodes_support import Node, Play, call, client, new_game
from tests.support import wait_for

pytestmark = pytest.mark.slow

SECRET = "one-key-for-every-node-" + "s" * 40
SHARED_GAMES = 2     # two threads race on each, one through each node
COMPUTER_GAMES = 4   # one thread each, against a computer seat
# From the primary's death to the operator's promotion (the nodes answer 503 meanwhile): as long as a
# person takes to look and act. Long enough that a pool retrying one failed connection with doubling
# pauses (1, 2, 4... 64 s) would next try well after the promotion.
DOWN_SECONDS = 75
# Once the standby is promoted, the nodes write to it within this bound (a new connection at the next
# request: a few seconds; generous for two loaded cores).
BACK_WITHIN = 30


def both_hosts(primary: postgres.Cluster, standby: postgres.Cluster, name: str) -> str:
    """PBEM_DB as the README writes it for a primary and its standby."""
    return (f"postgresql://pbem@127.0.0.1:{primary.port},127.0.0.1:{standby.port}/{name}"
            "?target_session_attrs=read-write")


def listeners(cluster: postgres.Cluster, name: str) -> int:
    """How many nodes listen for appends (LISTEN/NOTIFY) on this cluster's database; 0 when it is down."""
    import psycopg

    try:
        with psycopg.connect(cluster.url(name), autocommit=True, connect_timeout=5) as conn:
            return conn.execute("select count(*) from pg_stat_activity where application_name = 'pbem listener' "
                                "and datname = current_database()").fetchone()[0]
    except psycopg.OperationalError:
        return 0


def test_the_readme_says_the_recipe_the_tests_run():
    readme = " ".join((ROOT / "README.md").read_text().split())
    for line in (*postgres.PRIMARY_SETTINGS, postgres.SYNCHRONOUS_SETTING, *postgres.STANDBY_SETTINGS,
                 " ".join(postgres.REPLICATION_HBA.split()).replace("127.0.0.1/32", "192.0.2.2/32"),
                 postgres.REPLICATION_ROLE.replace("'standby-secret'", "'...'"),
                 "pg_basebackup -D", "-c fast -R -X stream -C -S pbem_standby", "application_name=pbem_standby",
                 "?target_session_attrs=read-write", "pg_ctl promote"):
        assert line in readme, f"the README's recipe does not say {line!r}"


def test_the_standby_takes_over_when_the_primary_is_killed_and_no_acknowledged_move_is_lost(
        engine, tmp_path, smtp_sink):
    if engine != "postgresql":
        pytest.skip("a standby is PostgreSQL's; a SQLite file has none")
    primary, standby = postgres.standby_pair()
    rebuilt: list[postgres.Cluster] = []
    try:
        run_the_takeover(primary, standby, rebuilt, tmp_path, smtp_sink)
    finally:
        for cluster in (primary, standby, *rebuilt):
            cluster.destroy()


def run_the_takeover(primary: postgres.Cluster, standby: postgres.Cluster, rebuilt: list, tmp_path,
                     smtp_sink) -> None:
    name = primary.create_database().rsplit("/", 1)[1]
    database = both_hosts(primary, standby, name)
    env = {"PBEM_SECRET_KEY": SECRET, "PBEM_SMTP_URL": smtp_sink.url, "PBEM_MAIL_FROM": "pbem@pbem.test",
           "PBEM_COMPUTER_DELAY": "1", "PBEM_RATE_LIMITS": "off"}
    nodes = [Node("a", tmp_path / "node-a", database, env), Node("b", tmp_path / "node-b", database, env)]
    play = Play()
    threads: list[threading.Thread] = []
    try:
        for node in nodes:
            node.env = {**env, "PBEM_BASE_URL": f"http://127.0.0.1:{node.port}"}
            node.start()
        bases = [f"http://127.0.0.1:{node.port}" for node in nodes]
        assignments = []
        for number in range(SHARED_GAMES):
            players = [{"name": "Ann", "email": f"ann{number}@example.org"},
                       {"name": "Bob", "email": f"bob{number}@example.org"}]
            game, tokens = new_game(bases[0], play, database, players, rounds=12)
            assignments += [(game, tokens, players)] * 2
        for number in range(COMPUTER_GAMES):
            players = [{"name": "Cy", "email": f"cy{number}@example.org"}, {"name": "Computer", "bot": "standard"}]
            game, tokens = new_game(bases[number % 2], play, database, players, rounds=12)
            assignments.append((game, tokens, players))
        for index, (game, tokens, players) in enumerate(assignments):
            threads.append(threading.Thread(target=client, args=(bases[index % 2], play, database, game, tokens,
                                                                  players, random.Random(index)), daemon=True))
        for thread in threads:
            thread.start()
        wait_for(lambda: len(play.acknowledged) > 40, 60, "moves on the primary")
        wait_for(lambda: listeners(primary, name) == len(nodes), 30, "each node listening on the primary")

        # --- the primary's machine dies; the operator promotes the standby -----------------------------
        killed_at = time.monotonic()
        primary.kill()
        time.sleep(DOWN_SECONDS)
        standby.promote()
        promoted_at = time.monotonic()
        acknowledged = len(play.acknowledged)
        wait_for(lambda: len(play.acknowledged) > acknowledged + 20, BACK_WITHIN, "moves on the promoted standby")
        recovered_at = time.monotonic()
        # each node's listener found the promoted standby too: an append on one wakes the other again
        wait_for(lambda: listeners(standby, name) == len(nodes), BACK_WITHIN, "each node listening on the standby")
        # the README's rebuild: a new standby made from the promoted one while the nodes play on
        rebuilt.append(postgres.attach_standby(standby))
        acknowledged = len(play.acknowledged)
        wait_for(lambda: len(play.acknowledged) > acknowledged + 10, 60, "moves with the new standby")
        computer_before = len([when for when in play.computer_answered if when > promoted_at])
        wait_for(lambda: len([when for when in play.computer_answered if when > promoted_at]) > computer_before + 2,
                 90, "the computer's answers after the promotion")
        for node in nodes:
            assert node.process.poll() is None, f"node {node.name} still runs, not restarted"
            wait_for(lambda: call(f"http://127.0.0.1:{node.port}", "/api/health")[0] == 200, 30,
                     f"node {node.name} healthy on the promoted standby")
        play.stop.set()
        for thread in threads:
            thread.join(60)
            assert not thread.is_alive()
    finally:
        play.stop.set()
        for node in nodes:
            node.stop()
        postgres_store.close_pools(database)

    promoted_url = standby.url(name)
    try:
        # never a 500; while no primary took writes, 503 with Retry-After
        statuses = Counter(status for _, _, status, _ in play.answers)
        assert not [status for status in statuses if status is None or (status >= 500 and status != 503)], statuses
        assert all(retry and int(retry) > 0 for _, _, status, retry in play.answers if status == 503), \
            "a 503 without Retry-After"
        while_down = [status for when, _, status, _ in play.answers if killed_at < when < promoted_at]
        assert 503 in while_down, Counter(while_down)

        # every acknowledged move is in the promoted database, and every move made is one acknowledged or
        # one whose answer was a 503 (written, perhaps, before its connection was cut)
        promoted = store.connect(promoted_url)
        try:
            by_game = play.check_kept(promoted, at_least=60)
            games = store.game_ids(promoted)
        finally:
            promoted.close()
        # the new standby holds them too (it replays what it has on its disk within moments)
        copy_url = rebuilt[0].url(name)
        copy = store.connect(copy_url)
        try:
            wait_for(lambda: all(len(store.read_events(copy, game)) >= max(seq for seq, _ in acknowledged)
                                 for game, acknowledged in by_game.items()), 30, "the new standby to replay")
        finally:
            copy.close()
            postgres_store.close_pools(copy_url)

        # every game verifies, through the CLI, on PBEM_DB as the nodes have it
        verified = subprocess.run([sys.executable, "-m", "pbem.cli", "verify", "--all"], cwd=ROOT,
                                  capture_output=True, text=True, timeout=300,
                                  env={**os.environ, "PBEM_VAR": str(nodes[0].folder), "PBEM_DB": database})
        assert verified.returncode == 0, verified.stdout[-3000:] + verified.stderr[-3000:]
        assert f"{len(games)} of {len(games)} game(s) verified" in verified.stdout
        print(f"acknowledged {len(play.acknowledged)} events in {len(play.games)} games; answers {dict(statuses)}; "
              f"between the kill and the promotion {dict(Counter(while_down))}; moves again "
              f"{recovered_at - promoted_at:.1f} s after the promotion")
    finally:
        postgres_store.close_pools(promoted_url)


def cancel_waits_for_the_standby(cluster: postgres.Cluster, name: str) -> int:
    """pg_cancel_backend for every commit of this database waiting for its synchronous standby (as an
    operator might, or a client giving up); how many there were."""
    import psycopg

    with psycopg.connect(cluster.url("postgres"), autocommit=True, connect_timeout=5) as conn:
        return len(conn.execute("select pg_cancel_backend(pid) from pg_stat_activity where wait_event = 'SyncRep' "
                                "and datname = %s", [name]).fetchall())


def waiting_for_the_standby(cluster: postgres.Cluster, name: str) -> int:
    """How many commits of this database wait for its synchronous standby now."""
    import psycopg

    with psycopg.connect(cluster.url("postgres"), autocommit=True, connect_timeout=5) as conn:
        return len(conn.execute("select pid from pg_stat_activity where wait_event = 'SyncRep' and datname = %s",
                                [name]).fetchall())


@pytest.mark.parametrize("canceller", ["operator", "node"])
def test_a_move_is_acknowledged_only_once_the_standby_has_it(engine, tmp_path, canceller):
    """With the standby stopped (SIGSTOP: cut off, its connection open), a move's commit waits for it.
    When that wait is cancelled, by an operator (pg_cancel_backend) or by the node itself once it has
    waited COMMIT_WAIT_SECONDS (without it, the request hung as long as the standby was away), PostgreSQL
    has committed on the primary alone and says so only in a warning, the COMMIT succeeding: the node
    answers 503 with Retry-After, not 201 (a 201 would be a move lost with the primary). Once the standby
    is back, moves are acknowledged again, and the one left unknown is on both."""
    if engine != "postgresql":
        pytest.skip("a standby is PostgreSQL's; a SQLite file has none")
    primary, standby = postgres.standby_pair()
    name = primary.create_database().rsplit("/", 1)[1]
    database = both_hosts(primary, standby, name)
    node = Node("a", tmp_path / "node-a", database, {"PBEM_SECRET_KEY": SECRET, "PBEM_RATE_LIMITS": "off"})
    try:
        node.start()
        base = f"http://127.0.0.1:{node.port}"
        status, _, created = call(base, "/api/games", {"game": "mississippi",
                                                       "players": [{"name": "Ann"}, {"name": "Bob"}]})
        assert status == 201, created
        game, tokens = created["id"], [seat["token"] for seat in created["seats"]]

        def move(answers: list) -> None:
            _, _, view = call(base, f"/api/games/{game}")
            seat = view["to_move"][0]
            _, _, seen = call(base, f"/api/games/{game}", token=tokens[seat])
            answers.append((*call(base, f"/api/games/{game}/moves", {"move": seen["legal"][0], "seq": seen["seq"]},
                                  tokens[seat]), seen["seq"] + 1))

        answers: list = []
        move(answers)
        assert answers[-1][0] == 201
        standby.pause()
        try:
            mover = threading.Thread(target=move, args=(answers,), daemon=True)
            mover.start()
            cancelled = 0
            deadline = time.monotonic() + 60
            while mover.is_alive() and time.monotonic() < deadline:  # its commit waits until cancelled
                if canceller == "operator":
                    cancelled += cancel_waits_for_the_standby(primary, name)
                else:
                    cancelled += waiting_for_the_standby(primary, name)
                mover.join(0.5)
            assert not mover.is_alive(), "the move's answer never came"
            assert cancelled, "no commit waited for the standby"
        finally:
            standby.resume()
        status, headers, answer, seq = answers[-1]
        assert status == 503 and int(headers["Retry-After"]) > 0, (status, answer)
        move(answers)
        assert answers[-1][0] == 201
        # the unknown move was committed on the primary; the standby has it now, and the next one too
        standby_db = store.connect(standby.url(name))
        try:
            wait_for(lambda: len(store.read_events(standby_db, game)) >= seq + 1, 30, "the standby to catch up")
        finally:
            standby_db.close()
    finally:
        node.stop()
        postgres_store.close_pools(database)
        postgres_store.close_pools(standby.url(name))
        primary.destroy()
        standby.destroy()


def test_a_conninfo_with_two_hosts_and_a_password_is_printed_without_it():
    url = "postgresql://pbem:s3cret@10.0.0.1:5432,10.0.0.2:5432/pbem?target_session_attrs=read-write"
    shown = store.described(url)
    assert "s3cret" not in shown
    assert re.fullmatch(r"postgresql://pbem:\*\*\*@10\.0\.0\.1:5432,10\.0\.0\.2:5432/pbem"
                        r"\?target_session_attrs=read-write", shown), shown
