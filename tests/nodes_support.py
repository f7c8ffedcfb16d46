"""What the tests of several `pbem serve` nodes share (test_nodes: two nodes behind nginx, one killed;
test_standby: two nodes on a PostgreSQL primary and its standby, the primary killed): a node process in a
folder of its own, the client threads that play through it under load, and what they saw (`Play`)."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from pathlib import Path

from pbem import store
from tests.conftest import ROOT, free_port
from tests.support import proven, wait_for


class Node:
    """One `pbem serve` in its own folder on a fixed port (the proxy's upstream names it), in a process
    group of its own, so that a SIGKILL reaches granian's worker process too."""

    def __init__(self, name: str, folder: Path, database: str, env: dict):
        self.name, self.folder, self.database, self.env = name, folder, database, env
        self.port = free_port()
        self.process: subprocess.Popen | None = None
        folder.mkdir()

    def start(self) -> None:
        environment = {**os.environ, "PBEM_VAR": str(self.folder), "PBEM_DB": self.database, **self.env}
        log = open(self.folder / "serve.log", "ab")  # a file, not a pipe nobody reads: a full pipe blocks
        self.process = subprocess.Popen([sys.executable, "-m", "pbem.cli", "serve", "--port", str(self.port)],
                                        cwd=ROOT, env=environment, stdout=log, stderr=subprocess.STDOUT,
                                        start_new_session=True)
        log.close()
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/health", timeout=2).read()
                return
            except OSError:
                assert self.process.poll() is None and time.monotonic() < deadline, \
                    f"node {self.name} did not start: " + (self.folder / "serve.log").read_text()[-3000:]
                time.sleep(0.1)

    def pids(self) -> set[int]:
        """The node's processes: the one started and granian's worker under it."""
        found = {self.process.pid}
        children = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True)
        return found | {int(pid) for pid in children.stdout.split()}

    def kill(self) -> None:
        """SIGKILL to every process of the node; returns once none is left (granian's worker, whose parent
        this waits for, may outlive it by a moment)."""
        processes = self.pids()
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(10)
        wait_for(lambda: not [pid for pid in processes if alive(pid)], 10, f"node {self.name}'s processes to end")

    def stop(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(10)


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie, dead but not yet reaped, does not)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(") ", 1)[1][:1] != "Z"
    except (OSError, IndexError):
        return False


def call(base, path, body=None, token=None):
    """(status, headers, parsed body) of one request; status None when the connection failed."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(base + path, data=json.dumps(body).encode() if body is not None else None,
                                     headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=40) as response:
            status, headers, raw = response.status, response.headers, response.read()
    except urllib.error.HTTPError as error:
        status, headers, raw = error.code, error.headers, error.read()
    except OSError:
        return None, {}, None
    try:
        return status, headers, json.loads(raw)
    except ValueError:
        return status, headers, raw.decode(errors="replace")


class Play:
    """What the clients saw: moves acknowledged, answers by the time they came, computer answers."""

    def __init__(self):
        self.lock = threading.Lock()
        self.acknowledged: list[tuple[str, int, str]] = []   # (game, seq, hash) of each event a 201 named
        self.unknown: Counter = Counter()                    # game -> moves whose answer never came
        self.answers: list[tuple[float, str, int | None, str | None]] = []  # (when, what, status, Retry-After)
        self.computer_answered: list[float] = []
        self.games: list[str] = []
        self.stop = threading.Event()

    def answered(self, what, status, headers) -> None:
        with self.lock:
            self.answers.append((time.monotonic(), what, status, headers.get("Retry-After") if headers else None))


    def check_kept(self, db, at_least: int) -> dict[str, set]:
        """Assert that no acknowledged move is lost or doubled in `db`, and that every move a person made is
        one acknowledged or one whose answer never came (written, perhaps, before its connection was
        cut); answers what was acknowledged, by game."""
        assert len(self.acknowledged) > at_least
        assert len(set(self.acknowledged)) == len(self.acknowledged), "one seq acknowledged twice"
        by_game: dict[str, set] = {}
        for game, seq, hash_ in self.acknowledged:
            by_game.setdefault(game, set()).add((seq, hash_))
        for game, acknowledged in by_game.items():
            events = {event.seq: event for event in store.read_events(db, game)}
            for seq, hash_ in acknowledged:
                assert seq in events and events[seq].hash == hash_, f"{game}: acknowledged move {seq} lost"
            by_people = [event for event in events.values() if event.command
                         and event.command.get("verb") == "move" and event.command.get("via") != "bot"]
            acknowledged_moves = {seq for seq, _ in acknowledged if events[seq] in by_people}
            assert len(acknowledged_moves) <= len(by_people) <= len(acknowledged_moves) + self.unknown[game], game
        return by_game


def new_game(base, play: Play, database: str, players, rounds: int) -> tuple[str, list]:
    """A game made through the proxy, its players' addresses proven in it (they follow their links: their
    mail of this game is never held back after three)."""
    while True:
        status, headers, created = call(base, "/api/games", {"game": "mississippi", "options": {"max_rounds": rounds},
                                                             "players": players})
        play.answered("create", status, headers)
        if status == 201:
            with play.lock:
                play.games.append(created["id"])
            wait_for(lambda: prove(database, created["id"], [p["email"] for p in players if "email" in p]), 60,
                     "the players' addresses proven")
            return created["id"], [seat.get("token") for seat in created["seats"]]
        assert status in (None, 502, 503, 504), (status, created)
        time.sleep(0.2)


def prove(database: str, game: str, addresses: list[str]) -> bool:
    try:
        db = store.connect(database)
        try:
            proven(db, game, *addresses)
        finally:
            db.close()
        return True
    except Exception:  # noqa: BLE001 - PostgreSQL restarting: tried again
        return False


def client(base, play: Play, database: str, game: str, tokens: list, players: list, rng: random.Random) -> None:
    """Plays the seats it holds a token of, from the position the server answers; a 409 (another thread,
    or the computer, moved first) and a failed request are tried again from the new position."""
    against_computer = None in tokens
    waiting_for_computer = None
    while not play.stop.is_set():
        status, headers, game_view = call(base, f"/api/games/{game}")
        play.answered("read", status, headers)
        if status != 200:
            time.sleep(0.1)
            continue
        if game_view["status"] == "finished":
            game, tokens = new_game(base, play, database, players, rounds=8)
            waiting_for_computer = None
            continue
        mine = [seat for seat in game_view["to_move"] if tokens[seat]]
        if waiting_for_computer is not None and mine and game_view["seq"] > waiting_for_computer:
            play.computer_answered.append(time.monotonic())
            waiting_for_computer = None
        if not mine:
            time.sleep(0.1)
            continue
        seat = rng.choice(mine)
        status, headers, seen = call(base, f"/api/games/{game}", token=tokens[seat])
        play.answered("read", status, headers)
        if status != 200 or not seen["legal"]:
            continue
        status, headers, answer = call(base, f"/api/games/{game}/moves",
                                       {"move": rng.choice(seen["legal"]), "seq": seen["seq"]}, tokens[seat])
        play.answered("move", status, headers)
        if status == 201:
            with play.lock:
                play.acknowledged += [(game, event["seq"], event["hash"]) for event in answer["events"]]
            if against_computer:
                waiting_for_computer = answer["seq"]
        elif status != 409:
            with play.lock:
                play.unknown[game] += 1  # perhaps written, its answer lost with the node
