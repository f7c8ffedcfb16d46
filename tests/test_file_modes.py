"""Files that hold secrets are the server's user's alone (audit N9, pbem/private.py): the database and the
-wal and -shm files SQLite makes beside it (running games' seeds, unsent seat links), the rate-limit
counters, the commit lock file, the server key and mail written as files are 0600, and the folders pbem
makes for them 0700, under the usual umask (022) -- after `pbem serve` starts and after the first writes."""

import json
import os
import sqlite3
import stat
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import start_server, stop_server


@pytest.fixture
def usual_umask():
    old = os.umask(0o022)  # the server process inherits it: files would be 0644 and folders 0755
    yield
    os.umask(old)


def modes(folder):
    """Every file and folder under `folder` (itself included), with its permission bits."""
    found = {".": stat.S_IMODE(os.stat(folder).st_mode)}
    for root, dirs, files in os.walk(folder):
        for name in dirs + files:
            path = os.path.join(root, name)
            try:
                found[os.path.relpath(path, folder)] = stat.S_IMODE(os.stat(path).st_mode)
            except FileNotFoundError:  # gone since it was listed (SQLite removes a -wal its last connection
                continue               # leaves): the loops below look again
    return found


def readable_by_others(folder):
    """The files under `folder` that are not 0600 and the folders that are not 0700."""
    return {name: oct(mode) for name, mode in modes(folder).items()
            if mode != (0o700 if os.path.isdir(os.path.join(folder, name)) else 0o600)}


@pytest.mark.sqlite_only("the modes of SQLite's files (a PostgreSQL server keeps its own)")
def test_a_servers_files_are_its_users_alone_from_the_start_and_after_the_first_writes(tmp_path, database,
                                                                                       usual_umask):
    var = tmp_path / "fresh" / "var"  # made by the server itself
    name = Path(database).name  # SQLite's: the database is one of the files it makes there
    process, base = start_server(var, str(var / name), env={"PBEM_RATE_LIMITS": "on"})
    try:
        found = modes(var)
        assert {name, "secret_key"} <= set(found)
        assert readable_by_others(var) == {}
        body = json.dumps({"game": "mississippi", "players": [
            {"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]}).encode()
        request = urllib.request.Request(base + "/api/games", data=body, headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            assert answer.status == 201
        written = {name + "-wal", name + "-shm", name + "-commit", "outbox"}
        for _ in range(400):  # the invitations are written as mail files by the scheduler, just after
            found = modes(var)
            if written <= set(found) and any(name.endswith(".eml") for name in found):
                break
            time.sleep(0.05)
        assert written <= set(found) and any(name.endswith(".eml") for name in found), sorted(found)
        assert readable_by_others(var) == {}
    finally:
        stop_server(process)


@pytest.mark.sqlite_only("the modes of SQLite's files")
def test_a_database_an_older_version_left_readable_is_narrowed_when_next_opened(database, runner, usual_umask):
    path = Path(database)  # SQLite's: the modes of its file and of its -wal and -shm
    conn = sqlite3.connect(path)
    conn.execute("pragma journal_mode=wal")
    conn.execute("create table t (x)")
    conn.commit()  # keeps its -wal and -shm open, as a running server would
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o644
    code, _, _ = runner("rebuild")
    assert code == 0
    for name in (path.name, path.name + "-wal", path.name + "-shm"):
        assert stat.S_IMODE(os.stat(path.parent / name).st_mode) == 0o600, name
    conn.close()


@pytest.mark.sqlite_only("SQLite's POSIX locks on its file")
def test_opening_a_database_again_keeps_the_locks_this_process_holds_on_it(database):
    """Making or narrowing the file must not open and close it while a connection of this process is on it:
    closing any descriptor of a file drops all the process's POSIX locks on it, SQLite's too, and the
    database is corrupted by the next writers (a server's threads each connect on their own)."""
    from pbem import store

    path = database  # SQLite's: its POSIX locks on the file
    held = store.connect(path)
    held.execute("select count(*) from events").fetchall()  # a WAL connection keeps a shared lock on the file
    again = store.connect(path)
    other = subprocess.run([sys.executable, "-c", "import sqlite3, sys; c = sqlite3.connect(sys.argv[1], timeout=0)\n"
                            "print(c.execute('pragma journal_mode=delete').fetchone()[0])", str(path)],
                           capture_output=True, text=True, timeout=60)
    assert "database is locked" in other.stderr, other.stdout  # it cannot leave WAL while we are on it
    again.close()
    held.close()
