"""`GET /api/health` and the 503 with Retry-After, never 500, while the database cannot be reached
(architecture sections 18 and 26), through a real `pbem serve`.

On SQLite, "cannot be reached" is made real by another process holding the database's locks: it takes every lock of
the WAL's index (the -shm file's bytes 120 to 127: the writer's, the checkpointer's, the recoverer's and
the five readers'), as a process stuck in the middle of them would. Tests run as root, where taking a
file's permissions away stops nothing; locks stop root too. No reader or writer of the server gets in
until they are let go, on connections it holds already and on new ones alike. On PostgreSQL, the test's
cluster is stopped (`pg_ctl stop -m fast`, which ends every connection the server holds) and started again."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

from pbem import store

pytestmark = pytest.mark.slow

PLAYERS = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]

# A process of its own: POSIX locks are a process's, and the test's process must not hold any of SQLite's.
HOLDER = """
import fcntl, os, sys
descriptor = os.open(sys.argv[1], os.O_RDWR)
fcntl.lockf(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB, 8, 120, os.SEEK_SET)
print("held", flush=True)
sys.stdin.read()
"""


def call(server, path, body=None, token=None):
    """(status, headers, body) of one request; the body parsed when it is JSON."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(server + path, data=data, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=90) as response:
            status, headers, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, raw = error.code, error.headers, error.read()
    if headers.get("Content-Type", "").startswith("application/json"):
        return status, headers, json.loads(raw)
    return status, headers, raw.decode()


@contextmanager
def wal_index_locked(var_dir):
    """SQLite out of reach: every lock of the WAL's index held by another process."""
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(var_dir / "pbem.sqlite-shm")],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        yield
    finally:
        holder.stdin.close()
        holder.wait(timeout=10)


@contextmanager
def postgres_stopped(cluster):
    """PostgreSQL out of reach: the cluster stopped, its connections ended; started again after."""
    from tests import postgres

    cluster.stop("fast")
    try:
        yield
    finally:
        cluster.start()
        postgres.wait_until_up()


def test_health_and_503_while_the_database_cannot_be_reached(server, var_dir, engine, request):
    status, _, health = call(server, "/api/health")
    assert status == 200
    assert health["database"] == "ok" and health["engine"] == engine
    assert health["node"].startswith(socket.gethostname() + ":")
    assert call(server, "/api/health")[2]["node"] == health["node"]  # stable

    status, _, created = call(server, "/api/games", {"game": "mississippi", "players": PLAYERS})
    assert status == 201
    game_id, tokens = created["id"], [seat["token"] for seat in created["seats"]]
    seat_page = created["seats"][0]["url"].removeprefix(server)
    status, _, seen = call(server, f"/api/games/{game_id}", token=tokens[0])
    assert status == 200
    mover = seen["to_move"][0] if isinstance(seen["to_move"], list) else seen["to_move"]
    seen = call(server, f"/api/games/{game_id}", token=tokens[mover])[2]
    move = {"move": seen["legal"][0], "seq": seen["seq"]}

    requests = {"health": ("/api/health", None, None),
                "game": (f"/api/games/{game_id}", None, tokens[0]),
                "move": (f"/api/games/{game_id}/moves", move, tokens[mover]),
                "seat page": (seat_page, None, None),
                "game page": (f"/games/{game_id}", None, None)}

    def all_of_them():
        with ThreadPoolExecutor(len(requests)) as pool:
            futures = {name: pool.submit(call, server, *how) for name, how in requests.items()}
            return {name: future.result() for name, future in futures.items()}

    out_of_reach = (wal_index_locked(var_dir) if engine == "sqlite"
                    else postgres_stopped(request.getfixturevalue("postgres_cluster")))
    with out_of_reach:
        answers = all_of_them()
    for name, (status, headers, body) in answers.items():
        assert status == 503, (name, status, body)
        assert int(headers["Retry-After"]) > 0, name
        if name.endswith("page"):
            assert "try again" in body and headers["Content-Type"].startswith("text/html")
        else:
            assert "cannot be reached" in body["error"]

    # the database back: the same server serves again, without a restart
    answers = all_of_them()
    assert answers["health"][0] == 200 and answers["health"][2]["node"] == health["node"]
    assert answers["game"][0] == 200
    assert answers["move"][0] == 201, answers["move"]
    assert answers["seat page"][0] == 200 and answers["game page"][0] == 200


def under_a_file(database: str) -> str:
    """SQLite's: a database file beside this test's whose folder is a file, so that it cannot be opened."""
    beside = Path(database).parent / "file"
    beside.write_text("")
    return str(beside / Path(database).name)


@pytest.mark.sqlite_only("a path under a file: SQLite's way of being out of reach (PostgreSQL's, a stopped server, is the test above)")
def test_only_a_database_out_of_reach_is_unavailable(database):
    """A path under a file cannot be opened (root or not): Unavailable. A statement that is wrong stays
    the engine's own error, a bug the server answers 500 and logs."""
    with pytest.raises(store.Unavailable):
        store.connect(under_a_file(database))
    db = store.connect(database)
    assert store.health(db)["database"] == "ok"
    with pytest.raises(sqlite3.OperationalError) as raised:
        db.execute("selct 1")
    assert not isinstance(raised.value, store.Unavailable)


@pytest.mark.sqlite_only("a path under a file: SQLite's way of being out of reach")
def test_the_cli_says_the_database_cannot_be_reached(runner, database, monkeypatch):
    monkeypatch.setenv("PBEM_DB", under_a_file(database))
    code, out, err = runner("games")
    assert code == 2 and "the database cannot be reached" in err


def test_a_database_lost_after_the_view_answers_503_not_500(app, client):
    """Some work comes after a view (pbem/web/proof.py proves an address once a move has been played
    from a mailed link): the database lost there reaches Flask outside the views' error handlers, as a 500.
    It answers 503 with Retry-After all the same, on the API as JSON and on pages; a bug there stays 500."""
    fault = {}
    app.config["PROPAGATE_EXCEPTIONS"] = False  # TESTING would re-raise what reaches Flask: answer as in production

    @app.after_request
    def lose_the_database(response):
        if "error" in fault:
            raise fault["error"]
        return response

    fault["error"] = store.Unavailable("the database went away after the view")
    for path in ("/api/games", "/"):
        answer = client.get(path)
        assert answer.status_code == 503 and int(answer.headers["Retry-After"]) > 0, (path, answer.status_code)
    assert "cannot be reached" in client.get("/api/games").get_json()["error"]
    fault["error"] = ValueError("a bug after the view")
    assert client.get("/api/games").status_code == 500
    assert client.get("/").status_code == 500
