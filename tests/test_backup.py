"""Backups and restores (architecture section 19, issue 25): `pbem backup` takes a consistent copy while a
real server process serves moves from several clients; `pbem restore` fills an empty database from it and
every game verifies; a database that is not empty is refused; the file is the server's user's alone;
`pbem copy` does the same between two databases."""

import json
import os
import stat
import subprocess
import sys
import threading
import urllib.error
import urllib.request

from pbem import service, store
from tests.conftest import ROOT, start_server, stop_server
from tests.support import THREE

CLIENTS = 6


def call(method, url, body=None, token=None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=json.dumps(body).encode() if body is not None else None,
                                     method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"{}")


def pbem(database, var_dir, *args):
    """The console script as its own process, as an operator (or cron) runs it beside the server."""
    env = {**os.environ, "PBEM_DB": database, "PBEM_VAR": str(var_dir), "PBEM_BASE_URL": "http://pbem.test"}
    done = subprocess.run([sys.executable, "-m", "pbem.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


def test_a_backup_taken_under_load_restores_into_an_empty_database_and_every_game_verifies(
        var_dir, database, second_database, tmp_path):
    process, base = start_server(var_dir, database=database)
    stop, acknowledged, failures = threading.Event(), {}, []
    games = {}

    def client(k):
        """Plays one game's moves, seat after seat, as fast as the server answers, until told to stop."""
        try:
            status, created = call("POST", f"{base}/api/games", {"game": "mississippi", "players": THREE})
            assert status == 201, created
            tokens = [seat["token"] for seat in created["seats"]]
            games[k] = created["id"]
            while not stop.is_set():
                status, game = call("GET", f"{base}/api/games/{created['id']}")
                if game["status"] != "active":
                    return
                seat = game["to_move"][0]
                status, seen = call("GET", f"{base}/api/games/{created['id']}", token=tokens[seat])
                status, answer = call("POST", f"{base}/api/games/{created['id']}/moves",
                                      {"move": seen["legal"][0], "seq": seen["seq"]}, tokens[seat])
                if status == 201:
                    acknowledged[created["id"]] = answer["seq"]
                else:
                    assert status in (409, 503), answer
        except Exception as error:  # noqa: BLE001 - reported by the test below
            failures.append(error)

    threads = [threading.Thread(target=client, args=(k,)) for k in range(CLIENTS)]
    try:
        for thread in threads:
            thread.start()
        waited = threading.Event()
        for _ in range(600):  # until every client has had a few moves acknowledged
            if len(acknowledged) == CLIENTS and min(acknowledged.values()) >= 6 or failures:
                break
            waited.wait(0.1)
        assert not failures, failures
        before = dict(acknowledged)
        backup = tmp_path / "backups" / "pbem-backup.sqlite"
        backup.parent.mkdir()
        code, out, err = pbem(database, var_dir, "backup", str(backup))
        after = dict(acknowledged)
        for _ in range(100):  # the clients go on after the backup
            if all(acknowledged[g] > after[g] for g in after) or failures:
                break
            waited.wait(0.1)
    finally:
        stop.set()
        for thread in threads:
            thread.join(120)
        stop_server(process)
    assert not failures, failures
    assert code == 0, err
    assert out.startswith(f"backup {backup} (mode 0600): {CLIENTS} games, ") and "the newest game, " in out
    assert stat.S_IMODE(os.stat(backup).st_mode) == 0o600
    assert not list(backup.parent.glob("*.partial*"))

    code, out, err = pbem(second_database, var_dir, "restore", str(backup))
    assert code == 0, err + out
    assert f"restored {backup} into {second_database}: {CLIENTS} games," in out
    assert out.rstrip().endswith(f"{CLIENTS} of {CLIENTS} game(s) verified")
    code, out, err = pbem(second_database, var_dir, "verify", "--all")
    assert code == 0 and out.rstrip().endswith(f"{CLIENTS} of {CLIENTS} game(s) verified"), out + err

    live, restored = store.connect(database), store.connect(second_database)
    try:
        for game_id in games.values():
            kept = store.read_events(restored, game_id)
            whole = store.read_events(live, game_id)
            # every move acknowledged before the backup began is in it; it is the live log's beginning
            assert before.get(game_id, 0) <= len(kept) <= len(whole)
            assert kept == whole[:len(kept)]
            assert store.game_row(restored, game_id)["seq"] == len(kept)  # the projections came with them
    finally:
        live.close()
        restored.close()


def test_a_restore_refuses_a_database_that_is_not_empty(db, site, runner, database, tmp_path):
    created = service.create_game(db, site, "mississippi", THREE)
    backup = tmp_path / "b.sqlite"
    assert runner("backup", str(backup))[0] == 0
    code, out, err = runner("restore", str(backup))
    assert code == 2 and out == ""
    assert f"the database {database} is not empty (1 game, 2 events" in err
    assert "only into an empty database" in err
    assert [e.seq for e in store.read_events(db, created.id)] == [1, 2]  # nothing written twice


def test_a_restore_refuses_a_file_that_is_no_backup(runner, tmp_path):
    junk = tmp_path / "junk.sqlite"
    junk.write_text("not a database")
    code, out, err = runner("restore", str(junk))
    assert code == 2 and "is not a SQLite database" in err
    code, out, err = runner("restore", str(tmp_path / "missing.sqlite"))
    assert code == 2 and "no backup file at" in err


def test_a_backup_replaces_an_older_one_and_stays_private(db, site, runner, tmp_path):
    backup = tmp_path / "b.sqlite"
    service.create_game(db, site, "mississippi", THREE)
    old_umask = os.umask(0o022)
    try:
        assert runner("backup", str(backup))[0] == 0
        service.create_game(db, site, "mississippi", THREE)
        code, out, _ = runner("backup", str(backup))
    finally:
        os.umask(old_umask)
    assert code == 0 and ": 2 games, 4 events" in out
    assert stat.S_IMODE(os.stat(backup).st_mode) == 0o600
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("b.")) == ["b.sqlite"]


def test_copy_fills_an_empty_database_and_refuses_a_full_one(db, site, runner, database, second_database):
    created = service.create_game(db, site, "mississippi", THREE)
    service.submit_move(db, site, created.id, created.tokens[0], "forward 3", 2)
    code, out, err = runner("copy", "--from", database, "--to", second_database)
    assert code == 0, err
    assert f"copied {database} into {second_database}: 1 game, " in out and "1 of 1 game(s) verified" in out
    copied = store.connect(second_database)
    try:
        assert store.read_events(copied, created.id) == store.read_events(db, created.id)
    finally:
        copied.close()
    code, out, err = runner("copy", "--from", database, "--to", second_database)
    assert code == 2 and f"the database {second_database} is not empty" in err
