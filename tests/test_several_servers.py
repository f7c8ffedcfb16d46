"""Serving on more cores (issue 11), as the README describes: `pbem serve --workers 2` (two processes on
one port), and several `pbem serve --no-scheduler` processes on one database with one `pbem worker`. Each
server keeps loaded games in memory, so each must notice what the others appended (the last event's
hash), and the one scheduler holding the lease sends every notice once and plays every computer move once."""

import subprocess
import sys
import threading
import time

import pytest

from pbem import store
from pbem.play import audit
from tests.conftest import ROOT, start_server, stop_server
from tests.support import json_call as call
from tests.support import proven

pytestmark = pytest.mark.slow


def test_two_servers_and_one_worker_play_one_game_on_one_database(var_dir, database):
    first, a = start_server(var_dir, database, "--no-scheduler")
    second, b = start_server(var_dir, database, "--no-scheduler", base_url=a)
    try:
        status, created = call(a + "/api/games", {"game": "mississippi", "options": {"max_rounds": 3}, "players": [
            {"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]})
        assert status == 201
        game_id, tokens = created["id"], [s["token"] for s in created["seats"]]
        db = store.connect(database)
        proven(db, game_id, "ann@example.org", "bob@example.org")  # both play: their notices go past three
        db.close()
        servers = [a, b]
        for turn in range(60):
            here = servers[turn % 2]  # each move through the other server than the last
            game = call(f"{here}/api/games/{game_id}")[1]
            if game["status"] == "finished":
                break
            seat = game["to_move"][0]
            mine = call(f"{here}/api/games/{game_id}", token=tokens[seat])[1]
            assert mine["seq"] == game["seq"], "each server sees the moves the other wrote"
            status, _ = call(f"{here}/api/games/{game_id}/moves", {"move": mine["legal"][-1], "seq": mine["seq"]},
                             tokens[seat])
            assert status == 201
        assert call(f"{b}/api/games/{game_id}")[1]["status"] == "finished"
        env = {"PBEM_VAR": str(var_dir), "PBEM_DB": database, "PBEM_BASE_URL": a}
        worker = subprocess.run([sys.executable, "-m", "pbem.cli", "worker", "--once"], cwd=ROOT, capture_output=True,
                                text=True, timeout=120, env={**__import__("os").environ, **env})
        assert worker.returncode == 0 and "sweep:" in worker.stdout, worker.stdout + worker.stderr
        db = store.connect(database)
        try:
            assert audit.verify(db, game_id)["ok"]
            rows = list(db.query("select status, count(*) as n from outbox where game_id = ? group by status", [game_id]))
            assert {row["status"] for row in rows} == {"sent"}, rows
        finally:
            db.close()
    finally:
        stop_server(first)
        stop_server(second)


def worker_processes(server) -> list[int]:
    found = subprocess.run(["pgrep", "-P", str(server.pid)], capture_output=True, text=True).stdout.split()
    return [int(pid) for pid in found]


def test_two_worker_processes_on_one_port_play_against_a_computer_seat(var_dir, database):
    server, base = start_server(var_dir, database, "--workers", "2")
    try:
        assert len(worker_processes(server)) == 2
        status, created = call(base + "/api/games", {"game": "mississippi", "options": {"max_rounds": 4}, "players": [
            {"name": "Ann", "email": "ann@example.org"}, {"name": "Computer", "bot": "standard"}]})
        assert status == 201
        game_id, token = created["id"], created["seats"][0]["token"]
        moves = 0
        while True:
            deadline = time.monotonic() + 30  # the worker that took Ann's move plays the answer
            while True:
                game = call(f"{base}/api/games/{game_id}", token=token)[1]
                if game["status"] == "finished" or game["legal"]:
                    break
                assert time.monotonic() < deadline, "the computer seat did not answer"
                time.sleep(0.2)
            if game["status"] == "finished":
                break
            # many readers at once on new connections (each may reach either worker) see the same game
            seen = []
            readers = [threading.Thread(target=lambda: seen.append(call(f"{base}/api/games/{game_id}")[1]["seq"]))
                       for _ in range(8)]
            for reader in readers:
                reader.start()
            for reader in readers:
                reader.join(30)
            assert seen == [game["seq"]] * 8
            assert call(f"{base}/api/games/{game_id}/moves", {"move": game["legal"][0], "seq": game["seq"]},
                        token)[0] == 201
            moves += 1
        assert moves >= 2
        db = store.connect(database)
        try:
            assert audit.verify(db, game_id)["ok"]
            computer = [e for e in store.read_events(db, game_id) if e.command and e.command.get("via") == "bot"]
            assert moves - 1 <= len(computer) <= moves  # one answer to each of Ann's moves (the last may end it)
        finally:
            db.close()
    finally:
        stop_server(server)
    assert worker_processes(server) == []
