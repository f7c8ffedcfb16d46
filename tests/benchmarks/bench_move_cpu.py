"""What a move costs the process that serves it, and what its notices cost the process that sends them
(issue 26 item 6): prints, for N moves from 16 clients against real processes, the processor time per
move of each, and how long a move's notices take to arrive.

    .venv/bin/python -m tests.benchmarks.bench_move_cpu [--moves 400] [--paced 20]

Two processes on one SQLite database, as an operator runs them apart: `pbem serve --no-scheduler`
answers the clients, and `pbem worker` composes and sends the notices (its courier, woken by its sweep
every few seconds: a web server's append cannot wake another process on SQLite). Every seat of the 32
Mississippi games has an address, whose mail goes to an SMTP server on loopback (aiosmtpd, in this
process), and a webhook, a receiver on loopback in this process.

Two rounds, each of `--moves` accepted moves, one after the other against the same two processes:

- flat out: the 16 clients play as fast as they are answered (GET the seat's view, POST one of its legal
  moves with the seq seen, as bench_flat's clients do). Printed: the serving process's processor time
  per accepted move (user and system time from /proc/<pid>/stat, its workers' included, over the round),
  and the sender's, over the round and until every notice of the round has arrived; the time from a
  move's answer to its "your turn" mail and webhook arriving (median and max: the sender falls behind a
  flat-out round and catches up after it);
- paced: the same clients at `--paced` moves a second in all, a pace the sender keeps up with: the same
  figures, the times being what a player waits for a notice.

Beside them, the raw durable commit rate of SQLite on this disk measured just before (bench_flat's), and
the machine's load average: the cores may be shared, so the figures are for ratios between runs made
side by side (the code before and after a change, alternating), not absolute claims. Nothing is asserted.

    .venv/bin/python -m tests.benchmarks.bench_move_cpu --counted [--moves 320]

counts instead of timing, so that other work on the machine does not enter: one process, Flask's test
client, the same moves of 16 games (a GET of the seat's view and a POST of a move each, their notices
written to the outbox): the Python function calls per move (cProfile) and the SQL statements per move
(SQLite's trace), by statement. Beside them the process's processor time per move, the test client's
included, for what it is worth on a shared machine.
"""

from __future__ import annotations

import argparse
import collections
import cProfile
import json
import multiprocessing
import os
import pstats
import random
import re
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pbem import create_app, store  # noqa: E402
from pbem.play import service  # noqa: E402
from pbem.site import Site  # noqa: E402
from tests.benchmarks.bench_flat import Connection, cpu_seconds, free_port, ms, raw_commit_rate  # noqa: E402

CLIENTS = 16
PLAYERS = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]


def start(command: list[str], env: dict) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "pbem.cli", *command], cwd=ROOT, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def wait_until_serving(base: str, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(base + "/api/games/types", timeout=1).read()
            return
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("pbem serve did not start") from None
            time.sleep(0.1)


class Arrivals:
    """Where notices arrive: an SMTP server and a webhook receiver on loopback, each noting when the "your
    turn" notice of each (game, head seq) first came (a mail by its X-Pbem-Game and X-Pbem-Head headers,
    a webhook by its payload's game and head)."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.mail: dict[tuple[str, int], float] = {}
        self.hooks: dict[tuple[str, int], float] = {}
        self.received = {"mail": 0, "webhook": 0}
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())
        self.controller.start()
        self.smtp_url = f"smtp://127.0.0.1:{self.controller.port}"
        arrivals = self

        class Hook(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802 - http.server's name
                moment = time.time()
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                arrivals.received["webhook"] += 1
                if body.get("event") == "your_turn" and body.get("head"):
                    arrivals.hooks.setdefault((body["game"], int(body["head"]["seq"])), moment)
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        self.http = ThreadingHTTPServer(("127.0.0.1", free_port()), Hook)
        threading.Thread(target=self.http.serve_forever, daemon=True).start()
        self.webhook_url = f"http://127.0.0.1:{self.http.server_address[1]}/hook"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        import email

        moment = time.time()
        self.received["mail"] += 1
        message = email.message_from_bytes(envelope.content)
        head, game = message.get("X-Pbem-Head"), message.get("X-Pbem-Game")
        if head and game and "your turn" in (message.get("Subject") or ""):
            self.mail.setdefault((game, int(head.split(":")[0])), moment)
        return "250 OK"

    def all_arrived(self, acknowledged: list) -> bool:
        return all((g, s) in self.mail and (g, s) in self.hooks for g, s, _ in acknowledged)

    def stop(self):
        self.controller.stop()
        self.http.shutdown()


def client(args) -> tuple[list[float], list[tuple[str, int, float]]]:
    """One client: plays its own games (both seats of each) until it has `moves` accepted, at most `pace`
    moves a second (0: as fast as it is answered). Returns its POST times and, for each accepted move,
    its game, the head's seq in the answer and the wall-clock moment of the answer."""
    base, games, moves, pace, seed = args
    rng = random.Random(seed)
    connection = Connection(base)
    posts: list[float] = []
    acknowledged: list[tuple[str, int, float]] = []
    owing = {game_id: 0 for game_id, _ in games}  # the seat each game waits for, as last seen
    turn, due = 0, time.monotonic()
    while len(acknowledged) < moves:
        if pace:
            time.sleep(max(0.0, due - time.monotonic()))
        game_id, tokens = games[turn % len(games)]
        turn += 1
        _, mine = connection.call("GET", f"/api/games/{game_id}", token=tokens[owing[game_id]])
        if mine["status"] != "active":
            continue
        if not mine["legal"]:
            owing[game_id] = mine["to_move"][0]
            continue
        start = time.perf_counter()
        status, answer = connection.call("POST", f"/api/games/{game_id}/moves",
                                         {"move": rng.choice(mine["legal"]), "seq": mine["seq"]},
                                         tokens[owing[game_id]])
        posts.append(time.perf_counter() - start)
        if status == 201:
            acknowledged.append((game_id, answer["head"]["seq"], time.time()))
            owing[game_id] = (owing[game_id] + 1) % len(tokens)
            due += 1 / pace if pace else 0
    return posts, acknowledged


def play_round(base: str, games: list, moves: int, pace: float) -> tuple[float, list[float], list]:
    """`moves` accepted moves from CLIENTS clients, `pace` moves a second in all (0: flat out): (seconds,
    POST times, acknowledged moves)."""
    per_client = [games[i::CLIENTS] for i in range(CLIENTS)]
    with multiprocessing.Pool(CLIENTS) as pool:
        started = time.perf_counter()
        results = pool.map(client, [(base, per_client[i], -(-moves // CLIENTS), pace / CLIENTS, i)
                                    for i in range(CLIENTS)])
        elapsed = time.perf_counter() - started
    return elapsed, [t for r in results for t in r[0]], [a for r in results for a in r[1]]


def spread(waits: list[float]) -> str:
    if not waits:
        return "none arrived"
    return f"median {statistics.median(waits):.2f} s, max {max(waits):.2f} s"


def measure(name: str, base: str, serving: subprocess.Popen, sender: subprocess.Popen, sink: Arrivals,
            games: list, moves: int, pace: float, raw: float) -> None:
    serve_before, send_before = cpu_seconds(serving.pid), cpu_seconds(sender.pid)
    elapsed, posts, acknowledged = play_round(base, games, moves, pace)
    serve_cpu = cpu_seconds(serving.pid) - serve_before
    ended = time.monotonic()
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and not sink.all_arrived(acknowledged):
        time.sleep(0.1)
    drained = time.monotonic()
    send_cpu = cpu_seconds(sender.pid) - send_before
    count = len(acknowledged)
    mail = [sink.mail[(g, s)] - at for g, s, at in acknowledged if (g, s) in sink.mail]
    hooks = [sink.hooks[(g, s)] - at for g, s, at in acknowledged if (g, s) in sink.hooks]
    posts.sort()
    print(f"{name}: {count:,} moves in {elapsed:.1f} s ({count / elapsed:,.0f} moves/s, "
          f"{count / elapsed / raw:.0%} of the raw commit rate), POST p50 "
          f"{ms(posts[len(posts) // 2])}, p99 {ms(posts[int(len(posts) * 0.99) - 1])}\n"
          f"  serving process: {serve_cpu / count * 1000:.2f} ms of processor time per move ({serve_cpu:.2f} s)\n"
          f"  sender (pbem worker): {ms(send_cpu / count)} per move ({send_cpu:.2f} s, until the round's "
          f"last notice arrived, {drained - ended:.1f} s after its last move)\n"
          f"  together: {ms((serve_cpu + send_cpu) / count)} per move\n"
          f"  \"your turn\" after the move's answer: mail {spread(mail)} ({len(mail)} of {count}); "
          f"webhook {spread(hooks)} ({len(hooks)} of {count})\n"
          f"  load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)


class StatementCount:
    """SQLite's statements, counted by their text with the values taken out, on every connection opened
    from now on while `on`."""

    def __init__(self):
        self.counts: collections.Counter[str] = collections.Counter()
        self.connections: list[sqlite3.Connection] = []
        self.on = False
        opened = sqlite3.connect

        def connect(*args, **kwargs):
            connection = opened(*args, **kwargs)
            self.connections.append(connection)
            connection.set_trace_callback(self.trace if self.on else None)
            return connection

        sqlite3.connect = connect

    def trace(self, statement: str) -> None:
        shape = re.sub(r"\b\d+\b", "N", re.sub(r"'[^']*'", "?", " ".join(statement.split())))
        self.counts[shape[:100]] += 1

    def switch(self, on: bool) -> None:
        self.on = on
        for connection in self.connections:
            connection.set_trace_callback(self.trace if on else None)


def counted(moves: int) -> None:
    """Calls and statements per move, in one process (see the module's docstring)."""
    statements = StatementCount()  # before the app opens its connections
    with tempfile.TemporaryDirectory() as folder:
        var = Path(folder)
        app = create_app({"VAR_DIR": str(var), "DATABASE": str(var / "pbem.sqlite"), "BASE_URL": "http://pbem.test",
                          "SMTP_URL": "smtp://127.0.0.1:9", "ALLOW_PRIVATE_WEBHOOKS": True, "RATE_LIMITS": "off"})
        site = Site.from_config(app.config)
        db = store.connect(app.config["DATABASE"])
        players = [{**player, "webhook": "http://127.0.0.1:9/hook"} for player in PLAYERS]
        games = []
        for _ in range(CLIENTS):
            created = service.create_game(db, site, "mississippi", players, {"max_rounds": 1000})
            games.append((created.id, created.tokens))
            with store.immediate(db):
                for player in PLAYERS:
                    store.prove_address(db, player["email"], created.id, service.utcnow())
        client = app.test_client()
        rng = random.Random(1)
        owing = {game_id: 0 for game_id, _ in games}

        def move(turn: int) -> None:
            game_id, tokens = games[turn % len(games)]
            headers = {"Authorization": f"Bearer {tokens[owing[game_id]]}"}
            mine = client.get(f"/api/games/{game_id}", headers=headers).get_json()
            answer = client.post(f"/api/games/{game_id}/moves", headers=headers,
                                 json={"move": rng.choice(mine["legal"]), "seq": mine["seq"]})
            assert answer.status_code == 201, answer.get_json()
            owing[game_id] = 1 - owing[game_id]

        for turn in range(2 * CLIENTS):  # every game loaded once, its mail proven, before counting
            move(turn)
        started = time.process_time()
        for turn in range(2 * CLIENTS, 2 * CLIENTS + moves):
            move(turn)
        seconds = time.process_time() - started
        profile = cProfile.Profile()
        profile.enable()
        for turn in range(2 * CLIENTS + moves, 2 * CLIENTS + 2 * moves):
            move(turn)
        profile.disable()
        statements.switch(True)
        for turn in range(2 * CLIENTS + 2 * moves, 2 * CLIENTS + 3 * moves):
            move(turn)
        statements.switch(False)
        calls = pstats.Stats(profile).total_calls
        print(f"{moves} moves (a GET of the view and a POST each) of {CLIENTS} Mississippi games, one process:\n"
              f"  Python function calls per move: {calls / moves:,.0f}\n"
              f"  SQL statements per move: {sum(statements.counts.values()) / moves:.1f}\n"
              f"  processor time per move, the test client's included: {seconds / moves * 1000:.2f} ms")
        for shape, count in statements.counts.most_common():
            print(f"    {count / moves:5.2f}  {shape}")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="processor time per move, serving and sending")
    parser.add_argument("--moves", type=int, help="accepted moves in each round (default 400; counted: 320)")
    parser.add_argument("--paced", type=float, default=20, help="moves a second in the paced round (default 20)")
    parser.add_argument("--counted", action="store_true", help="count calls and statements per move instead")
    args = parser.parse_args(argv)
    if args.counted:
        return counted(args.moves or 320)
    args.moves = args.moves or 400
    with tempfile.TemporaryDirectory() as folder:
        var = Path(folder)
        raw = raw_commit_rate(var)
        print(f"raw durable commit rate (SQLite, WAL, synchronous=FULL), just before: {raw:,.0f} commits/s",
              flush=True)
        sink = Arrivals()
        port = free_port()
        base = f"http://127.0.0.1:{port}"
        env = {**os.environ, "PBEM_VAR": str(var), "PBEM_DB": str(var / "pbem.sqlite"), "PBEM_BASE_URL": base,
               "PBEM_RATE_LIMITS": "off", "PBEM_SMTP_URL": sink.smtp_url, "PBEM_ALLOW_PRIVATE_WEBHOOKS": "1"}
        app = create_app({"VAR_DIR": str(var), "DATABASE": str(var / "pbem.sqlite"), "BASE_URL": base,
                          "SMTP_URL": sink.smtp_url, "ALLOW_PRIVATE_WEBHOOKS": True})
        site = Site.from_config(app.config)
        db = store.connect(app.config["DATABASE"])
        players = [{**player, "webhook": sink.webhook_url} for player in PLAYERS]
        games = []
        for _ in range(CLIENTS * 2):
            created = service.create_game(db, site, "mississippi", players, {"max_rounds": 1000})
            games.append((created.id, created.tokens))
            with store.immediate(db):  # as if they had opened a mail of the game: past three, mail still reaches them
                for player in PLAYERS:
                    store.prove_address(db, player["email"], created.id, service.utcnow())
        db.close()
        serving = start(["serve", "--port", str(port), "--workers", "1", "--no-scheduler"], env)
        sender = start(["worker"], env)
        try:
            wait_until_serving(base, serving)
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and sink.received["mail"] < len(games) * 2:
                time.sleep(0.2)  # the invitations go out before the clients start
            measure("flat out", base, serving, sender, sink, games, args.moves, 0, raw)
            measure(f"paced at {args.paced:g} moves/s", base, serving, sender, sink, games, args.moves, args.paced, raw)
        finally:
            for process in (serving, sender):
                process.terminate()
                process.wait(timeout=20)
            sink.stop()
        print(f"notices received in all: {sink.received['mail']:,} mails, {sink.received['webhook']:,} webhooks")


if __name__ == "__main__":
    main()
