"""Backups and restores (architecture section 19, issue 25): `pbem backup` takes a consistent copy while a
real server process serves moves from several clients; `pbem restore` fills an empty database from it and
every game verifies; a database that is not empty is refused; the file is the server's user's alone;
`pbem copy` does the same between two databases."""

import os
import stat
import subprocess
import sys
import threading

from pbem import store
from pbem.play import service
from tests.conftest import ROOT, start_server, stop_server, wanted_engines
from tests.support import THREE, json_call

CLIENTS = 16  # the load of issue 25: sixteen clients, each playing a game of its own as fast as it can
OTHER_ENGINE = {"sqlite": "postgresql", "postgresql": "sqlite"}


def call(method, url, body=None, token=None):
    """(status, JSON answer) of one request to the real server."""
    return json_call(url, body, token, method)


def pbem(database, var_dir, *args):
    """The console script as its own process, as an operator (or cron) runs it beside the server."""
    env = {**os.environ, "PBEM_DB": database, "PBEM_VAR": str(var_dir), "PBEM_BASE_URL": "http://pbem.test"}
    done = subprocess.run([sys.executable, "-m", "pbem.cli", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)
    return done.returncode, done.stdout, done.stderr


def test_a_backup_taken_under_load_restores_into_an_empty_database_of_either_engine_and_every_game_verifies(
        var_dir, engine, database, second_database, new_database, tmp_path):
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

    # The backup restores into an empty database of the server's engine and of the other one.
    other = [new_database(OTHER_ENGINE[engine])] if OTHER_ENGINE[engine] in wanted_engines() else []
    for restored_into in (second_database, *other):
        code, out, err = pbem(restored_into, var_dir, "restore", str(backup))
        assert code == 0, err + out
        assert f"restored {backup} into {restored_into}: {CLIENTS} games," in out
        assert out.rstrip().endswith(f"{CLIENTS} of {CLIENTS} game(s) verified")
        code, out, err = pbem(restored_into, var_dir, "verify", "--all")
        assert code == 0 and out.rstrip().endswith(f"{CLIENTS} of {CLIENTS} game(s) verified"), out + err

        live, restored = store.connect(database), store.connect(restored_into)
        try:
            for game_id in games.values():
                kept = store.read_events(restored, game_id)
                whole = store.read_events(live, game_id)
                # every move acknowledged before the backup began is in it; it is the live log's beginning
                assert before.get(game_id, 0) <= len(kept) <= len(whole)
                assert kept == whole[:len(kept)]
                # the projections came with them, read in the same snapshot as the events
                assert store.game_row(restored, game_id)["seq"] == len(kept)
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


def test_a_database_whose_server_only_counted_requests_is_still_empty(db, site, runner, second_database,
                                                                      tmp_path, monkeypatch):
    """A server started on a new database counts the requests it answers (the rate limits' hits) before
    anyone plays: those counts are not games, and a restore into it goes ahead."""
    created = service.create_game(db, site, "mississippi", THREE)
    backup_file = str(tmp_path / "counted.sqlite")
    assert runner("backup", backup_file)[0] == 0
    monkeypatch.setenv("PBEM_DB", second_database)
    store.counters.count(second_database, "signin", "192.0.2.1", 1, lambda now, before: True)
    code, out, err = runner("restore", backup_file)
    assert code == 0, err
    restored = store.connect(second_database)
    try:
        assert [e.seq for e in store.read_events(restored, created.id)] == [1, 2]
    finally:
        restored.close()


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


# --- between the engines ------------------------------------------------------------------------------

BASE_URL = "http://pbem.test"  # what every server of one test calls itself: the answers name it


def play_over_http(base, game_id, tokens, moves, rng):
    """Up to `moves` moves (until the game ends when None), each by a seat that owes one, chosen with `rng`
    among the legal moves the server lists for it."""
    played = 0
    while moves is None or played < moves:
        status, game = call("GET", f"{base}/api/games/{game_id}")
        if game["status"] != "active":
            return game
        seat = rng.choice(game["to_move"])
        status, seen = call("GET", f"{base}/api/games/{game_id}", token=tokens[seat])
        status, answer = call("POST", f"{base}/api/games/{game_id}/moves",
                              {"move": rng.choice(seen["legal"]), "seq": seen["seq"]}, tokens[seat])
        assert status == 201, answer
        played += 1
        assert played < 2000, "the game did not end"
    return call("GET", f"{base}/api/games/{game_id}")[1]


def answers(base, games):
    """What the API answers of each game: to a spectator and to every seat (the game, its log, its head,
    its check)."""
    out = {}
    for game_id, tokens in games.items():
        for who, token in [("spectator", None), *enumerate(tokens)]:
            for path in ("", "/events", "/head", "/verify"):
                out[game_id, who, path] = call("GET", f"{base}/api/games/{game_id}{path}", token=token)
    return out


def contents(database) -> dict[str, list]:
    """Every copied table's rows, each as its (column, value) pairs, in an order neither engine decides."""
    db = store.connect(database)
    try:
        return {table: sorted((tuple(sorted(row.items())) for row in db.query(f'select * from "{table}"')), key=repr)
                for table in store.copying.table_names(db)}
    finally:
        db.close()


def test_copy_moves_a_server_with_games_of_every_kind_to_the_other_engine_and_back(
        var_dir, engine, database, new_database):
    """[sqlite]: a server's SQLite file into PostgreSQL, and from there into a new SQLite file;
    [postgresql]: the same the other way round. Every game of the four kinds verifies at each arrival, the
    copy answers as the original did, and the server goes on there (its next notices take new ids)."""
    import random

    from pbem.games import GAMES

    rng = random.Random(25)
    there, back = new_database(OTHER_ENGINE[engine]), new_database(engine)
    process, base = start_server(var_dir, database=database, base_url=BASE_URL)
    try:
        games = {}
        for name in sorted(GAMES):
            low = GAMES[name].PLAYERS[0]
            players = [{"name": f"Player {i + 1}", "email": f"player{i + 1}@example.org"} for i in range(low)]
            status, created = call("POST", f"{base}/api/games", {"game": name, "players": players})
            assert status == 201, created
            games[created["id"]] = [seat["token"] for seat in created["seats"]]
            ended = play_over_http(base, created["id"], games[created["id"]],
                                   None if name == "dragon_flagon" else 12, rng)
            assert ended["status"] == ("finished" if name == "dragon_flagon" else "active"), ended
        before = answers(base, games)
    finally:
        stop_server(process)
    original = contents(database)
    assert original["snapshots"] and original["outbox"]  # pickled positions (bytes) and notices with ids

    code, out, err = pbem(database, var_dir, "copy", "--from", database, "--to", there)
    assert code == 0, err + out
    assert out.rstrip().endswith("4 of 4 game(s) verified"), out
    assert contents(there) == original
    code, out, err = pbem(there, var_dir, "verify", "--all")
    assert code == 0 and out.rstrip().endswith("4 of 4 game(s) verified"), out + err

    process, base = start_server(var_dir, database=there, base_url=BASE_URL)
    try:
        assert answers(base, games) == before
        going_on = next(game_id for game_id, _ in games.items()
                        if call("GET", f"{base}/api/games/{game_id}")[1]["status"] == "active")
        # Its notices take new ids: one whose id the copy had taken would be dropped without a word (a notice
        # is written once: `on conflict do nothing`). Moves are played until one makes a notice: a move
        # within a seat's turn tells nobody, and the games' seeds, so their turns, differ from run to run
        # (a CI run met twenty random Buccaneer moves within one turn); the game's end makes notices too.
        for _ in range(300):
            play_over_http(base, going_on, games[going_on], 1, rng)
            if len(contents(there)["outbox"]) > len(original["outbox"]):
                break
    finally:
        stop_server(process)
    went_on = contents(there)
    assert len(went_on["outbox"]) > len(original["outbox"])

    code, out, err = pbem(there, var_dir, "copy", "--from", there, "--to", back)
    assert code == 0, err + out
    assert out.rstrip().endswith("4 of 4 game(s) verified"), out
    assert contents(back) == went_on
