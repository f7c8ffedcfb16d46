"""Flat cost, measured (architecture section 11; issue 11's figures): prints, in one run, the raw durable
commit rate of this disk and the server's figures beside it, as ratios.

    .venv/bin/python -m tests.benchmarks.bench_flat [--quick]

What it measures, each through a real `pbem serve` process where a client would go through one:

- the raw rate: one SQLite connection in WAL mode with synchronous=FULL committing one small row per
  transaction, as fast as it can (the ceiling for durable appends on this disk);
- a move in a long game: POST a move (with the seq seen) to a Buccaneer game at about 100 events and to
  one at about 10,000 events, the server warm; the ratio of the medians of like moves (those that hand
  the turn on, and those within a turn, each: the two games' mixes of the two differ from run to run);
- a past position: `state?at=` near the start and near the end of the long game, and the history page
  there, each at positions not asked before (so nothing is served from memory);
- a cold load of the long game (a process that never saw it: from the latest snapshot);
- the scheduler: one sweep over 2,000, 10,000 and 100,000 idle games with clocks (2,000 real games are
  created through the service; the rest are copies of their rows under new ids: the sweep's cost is its
  query, which the copies exercise exactly as real games would);
- throughput: 16 client processes, each playing games of its own over HTTP as a real client does (GET the
  seat's view, POST one of its legal moves with the seq seen), every move checked by the rules, every
  notice written (each seat has an address); accepted moves per second and the POST latency's 99th
  percentile, with one server process and then with two on the same database (`--workers 2`), each
  beside the raw rate measured again just before it;
- delivery: the same 16 clients against one server process that delivers its notices as it serves (its
  scheduler and courier on, `PBEM_SMTP_URL` an SMTP server on loopback in this process): the server's
  processor time per accepted move (its processes' user and system time from /proc/<pid>/stat, over the
  run, divided by the moves accepted), and how long notices take to leave: from a move's acknowledgement
  to its "your turn" mail arriving at the SMTP server, p50 and p99. The machine's load average is printed
  beside them (the cores may be shared).

Nothing is asserted: it prints figures. `--quick` uses a shorter long game and fewer games.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from pbem import create_app, store
from pbem.notify import sweep  # noqa: E402
from pbem.play import loading, service
from pbem.site import Site  # noqa: E402

BOARDGAME_IO_FILE_STORAGE = 274  # moves/s, from issue 11's measurement of boardgame.io with its file storage


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


# --- the raw durable commit rate ----------------------------------------------------------------------------


def raw_commit_rate(folder: Path, seconds: float = 3.0) -> float:
    conn = sqlite3.connect(str(folder / "raw.sqlite"), isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute("create table t (id integer primary key, body text)")
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        conn.execute("BEGIN IMMEDIATE")
        conn.execute("insert into t (body) values (?)", ["x" * 200])
        conn.execute("COMMIT")
        count += 1
    conn.close()
    return count / (time.perf_counter() - start)


# --- a real server ----------------------------------------------------------------------------------------


class Server:
    def __init__(self, var: Path, port: int, scheduler: bool = False, workers: int = 1, env: dict | None = None):
        self.base = f"http://127.0.0.1:{port}"
        env = {**os.environ, "PBEM_VAR": str(var), "PBEM_DB": str(var / "pbem.sqlite"), "PBEM_BASE_URL": self.base,
               "PBEM_RATE_LIMITS": "off", **(env or {})}
        command = [sys.executable, "-m", "pbem.cli", "serve", "--port", str(port), "--workers", str(workers)]
        if not scheduler:
            command.append("--no-scheduler")
        self.process = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.base + "/api/games/types", timeout=1).read()
                return
            except OSError:
                if self.process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("pbem serve did not start")
                time.sleep(0.1)

    def cpu_seconds(self) -> float:
        """User and system time of the server's processes so far (the master and its workers; a worker
        that ended is not counted, none does while the server runs)."""
        return cpu_seconds(self.process.pid)

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)


def cpu_seconds(pid: int) -> float:
    """User and system time so far of a process and its children (a server's workers), from /proc."""
    ticks = os.sysconf("SC_CLK_TCK")
    total, pending = 0.0, [pid]
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime (fields 14 and 15)
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(child) for child in (task / "children").read_text().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def call(method: str, url: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict | str]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            raw = response.read()
            status = response.status
    except urllib.error.HTTPError as error:
        raw, status = error.read(), error.code
    text = raw.decode()
    try:
        return status, json.loads(text)
    except json.JSONDecodeError:
        return status, text


# --- building games in-process -----------------------------------------------------------------------------


def grow(db, site, created, events: int, rng: random.Random) -> None:
    """Random legal moves through the service until the game has about this many events."""
    while True:
        folded = service.load(db, created.id)
        if folded.seq >= events or folded.finished:
            return
        seat = rng.choice(sorted(folded.to_move))
        move = rng.choice(folded.module.legal_moves(folded.state, seat))
        service.submit_move(db, site, created.id, created.tokens[seat], move, folded.seq)


def buccaneer(db, site, events: int, rng: random.Random):
    """A four-seat Buccaneer game played at random to about `events` events, one that cannot end: with
    one treasure of each kind there is 19 to win and 20 wins (Rule 19), so the moves timed later always
    have a game to go into (random play once brought 20 home in a run, and the benchmark stopped)."""
    players = [{"name": f"P{i}", "email": f"p{i}@example.org"} for i in range(4)]
    created = service.create_game(db, site, "buccaneer", players, {"treasure_per_type": 1})
    grow(db, site, created, events, rng)
    return created


def time_moves(server: Server, created, count: int, rng: random.Random) -> list[tuple[float, bool]]:
    """POST `count` moves (chosen by `rng` among the legal ones) to a game as its seats would, each after
    a GET of the seat's view; for each,
    the POST's time and whether it handed the turn to another seat. Those cost more than a move within a
    turn (Buccaneer has several decisions a turn): the next seat's notice is composed, with its board."""
    times = []
    for _ in range(count):
        game = call("GET", f"{server.base}/api/games/{created.id}")[1]
        assert game["to_move"], f"game {created.id} ended: the benchmark needs one that goes on"
        seat = game["to_move"][0]
        token = created.tokens[seat]
        mine = call("GET", f"{server.base}/api/games/{created.id}", token=token)[1]
        start = time.perf_counter()
        status, answer = call("POST", f"{server.base}/api/games/{created.id}/moves",
                              {"move": rng.choice(mine["legal"]), "seq": mine["seq"]}, token)
        seconds = time.perf_counter() - start
        assert status == 201, answer
        after = call("GET", f"{server.base}/api/games/{created.id}")[1]
        times.append((seconds, seat not in after["to_move"]))
    return times


def like_for_like(early: list[tuple[float, bool]], late: list[tuple[float, bool]]) -> list[str]:
    """The medians of moves of one kind early and late, and their ratio, for each kind both games had
    enough of: comparing all moves' medians would compare two different mixes of kinds."""
    lines = []
    for handed_on, kind in ((True, "handing the turn on"), (False, "within a turn")):
        a = [t for t, h in early if h == handed_on]
        b = [t for t, h in late if h == handed_on]
        if min(len(a), len(b)) >= 8:
            lines.append(f"a move {kind} at ~100 events: {ms(statistics.median(a))} (of {len(a)}); "
                         f"late: {ms(statistics.median(b))} (of {len(b)}); "
                         f"ratio {statistics.median(b) / statistics.median(a):.2f} (at most 1.5)")
    return lines


def time_gets(urls: list[str]) -> list[float]:
    times = []
    for url in urls:
        start = time.perf_counter()
        status, _ = call("GET", url)
        times.append(time.perf_counter() - start)
        assert status == 200, url
    return times


# --- the scheduler over many idle games ----------------------------------------------------------------------


def copy_games(db, game_ids: list[str], first: int, copies: int) -> None:
    """Copies of real games' rows under new ids (the sweep reads only the games projection)."""
    with store.immediate(db):
        for n in range(first, first + copies):
            source = game_ids[n % len(game_ids)]
            new = f"c{n:011x}"
            db.conn.execute("insert into events (game_id, seq, type, actor, data, at, hash, command) "
                            "select ?, seq, type, actor, data, at, hash, command from events where game_id = ?",
                            [new, source])
            db.conn.execute("insert into games (id, game, status, seq, to_move, deadline, created, updated, "
                            "seat_count, outcome, next_due, handled_until) select ?, game, status, seq, to_move, "
                            "deadline, created, updated, seat_count, outcome, next_due, handled_until from games "
                            "where id = ?", [new, source])


def time_sweep(db, site, now: str, repeat: int = 20, passes: int = 50) -> float:
    """The median time of one clock pass, each sample the mean of `passes` passes (one pass with nothing
    due takes microseconds: single passes would measure the timer)."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(passes):
            counts = sweep.clock_pass(db, site, now)
        times.append((time.perf_counter() - start) / passes)
        assert not any(counts.values()), counts  # idle: nothing is due
    return statistics.median(times)


# --- throughput: 16 clients --------------------------------------------------------------------------------------


class Connection:
    """One kept HTTP/1.1 connection (as a browser keeps one), spoken over a plain socket with no more
    parsing than the answer needs (its status, Content-Length and JSON body): the 16 clients share the
    machine's cores with the server, so their own cost is kept small beside the server's (http.client's
    header parsing cost the clients about as much as a tenth of the server's work). The figure is the
    server's."""

    def __init__(self, base: str):
        import socket
        from urllib.parse import urlsplit

        parts = urlsplit(base)
        self.host = f"{parts.hostname}:{parts.port}"
        self.socket = socket.create_connection((parts.hostname, parts.port), timeout=60)
        self.socket.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def call(self, method: str, path: str, body: dict | None = None, token: str | None = None) -> tuple[int, dict]:
        head = [f"{method} {path} HTTP/1.1", f"Host: {self.host}"]
        if token:
            head.append(f"Authorization: Bearer {token}")
        payload = json.dumps(body).encode() if body is not None else b""
        if body is not None:
            head += ["Content-Type: application/json", f"Content-Length: {len(payload)}"]
        self.socket.sendall(("\r\n".join(head) + "\r\n\r\n").encode() + payload)
        while b"\r\n\r\n" not in self.buffer:
            self.receive()
        header, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = header.decode("latin-1").split("\r\n")
        status = int(lines[0].split()[1])
        length = next(int(line.split(":", 1)[1]) for line in lines[1:] if line.lower().startswith("content-length:"))
        while len(self.buffer) < length:
            self.receive()
        answer, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, json.loads(answer)

    def receive(self) -> None:
        chunk = self.socket.recv(65536)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        self.buffer += chunk


def client(args) -> tuple[int, list[float], list[tuple[str, int, float]]]:
    """One client: plays its own games (all of their seats) for `seconds`, as a real client does: GET the
    view of the seat that owes a decision, POST one of its legal moves with the seq it saw. Returns
    (accepted moves, POST times, and for each accepted move its game, the head's seq it answered and
    the wall-clock moment of the answer)."""
    bases, games, seconds, seed = args
    rng = random.Random(seed)
    connections = [Connection(base) for base in bases]
    posts: list[float] = []
    acknowledged: list[tuple[str, int, float]] = []
    moves = 0
    stop = time.monotonic() + seconds
    turn = 0
    owing = {game_id: 0 for game_id, _ in games}  # the seat each game waits for, as last seen
    while time.monotonic() < stop:
        game_id, tokens = games[turn % len(games)]
        connection = connections[turn % len(connections)]
        turn += 1
        _, mine = connection.call("GET", f"/api/games/{game_id}", token=tokens[owing[game_id]])
        if mine["status"] != "active":
            continue
        if not mine["legal"]:
            owing[game_id] = mine["to_move"][0]
            continue
        start = time.perf_counter()
        status, answer = connection.call("POST", f"/api/games/{game_id}/moves",
                                         {"move": rng.choice(mine["legal"]), "seq": mine["seq"]}, tokens[owing[game_id]])
        posts.append(time.perf_counter() - start)
        if status == 201:
            moves += 1
            acknowledged.append((game_id, answer["head"]["seq"], time.time()))
            owing[game_id] = (owing[game_id] + 1) % len(tokens)  # two seats: the other one is next
    return moves, posts, acknowledged


def throughput(bases: list[str], games: list, clients: int, seconds: float,
               acknowledged: list | None = None) -> tuple[float, float]:
    """(accepted moves per second, POST p99); each accepted move's (game, seq, moment) added to
    `acknowledged` when given."""
    per_client = [games[i::clients] for i in range(clients)]
    with multiprocessing.Pool(clients) as pool:
        started = time.perf_counter()
        results = pool.map(client, [(bases, per_client[i], seconds, i) for i in range(clients)])
        elapsed = time.perf_counter() - started
    moves = sum(r[0] for r in results)
    posts = sorted(t for r in results for t in r[1])
    p99 = posts[int(len(posts) * 0.99) - 1] if posts else float("nan")
    if acknowledged is not None:
        acknowledged += [a for r in results for a in r[2]]
    return moves / elapsed, p99


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * fraction) - 1)] if ordered else float("nan")


class MailArrivals:
    """An SMTP server on loopback (aiosmtpd) that notes when each "your turn" mail arrived, by the game
    and the seq its X-Pbem-Head names."""

    def __init__(self):
        from aiosmtpd.controller import Controller

        self.arrived: dict[tuple[str, int], float] = {}
        self.received = 0
        self.controller = Controller(self, hostname="127.0.0.1", port=free_port())
        self.controller.start()
        self.url = f"smtp://127.0.0.1:{self.controller.port}"

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 - aiosmtpd's name
        import email

        moment = time.time()
        self.received += 1
        message = email.message_from_bytes(envelope.content)
        head, game = message.get("X-Pbem-Head"), message.get("X-Pbem-Game")
        if head and game and "your turn" in (message.get("Subject") or ""):
            self.arrived.setdefault((game, int(head.split(":")[0])), moment)
        return "250 OK"

    def stop(self):
        self.controller.stop()


def measure_delivery(var: Path, db, site, clients: int, seconds: float) -> None:
    """The server's processor time per accepted move, and the "your turn" mails' time to leave, with one
    server process that serves the clients and delivers its notices to an SMTP server on loopback."""
    players = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]
    games = []
    for _ in range(clients * 2):
        created = service.create_game(db, site, "mississippi", players, {"max_rounds": 1000})
        games.append((created.id, created.tokens))
        with store.immediate(db):  # as if they had opened a mail of the game: past three, mail still reaches them
            for player in players:
                store.prove_address(db, player["email"], created.id, service.utcnow())
    sink = MailArrivals()
    server = Server(var, free_port(), scheduler=True, env={"PBEM_SMTP_URL": sink.url})
    acknowledged: list[tuple[str, int, float]] = []
    try:
        time.sleep(3)  # the invitations go out before the clients start
        before = server.cpu_seconds()
        rate, p99 = throughput([server.base], games, clients, seconds, acknowledged)
        cpu = server.cpu_seconds() - before
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and any((g, s) not in sink.arrived for g, s, _ in acknowledged[-50:]):
            time.sleep(0.2)  # the last moves' mails, to be waited for (a move's mail leaves after its answer)
    finally:
        server.stop()
        sink.stop()
    waits = [sink.arrived[(g, s)] - at for g, s, at in acknowledged if (g, s) in sink.arrived]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"{clients} clients, one server delivering its mail: {rate:,.0f} accepted moves/s, POST p99 {ms(p99)}; "
          f"server processor time per accepted move {ms(cpu / max(1, len(acknowledged)))} "
          f"({cpu:.1f} s over {len(acknowledged):,} moves); \"your turn\" mail after the move's answer: "
          f"p50 {ms(percentile(waits, 0.5))}, p99 {ms(percentile(waits, 0.99))} "
          f"({len(waits):,} of {len(acknowledged):,} arrived, {sink.received:,} mails in all); load average {load} (a shared machine)", flush=True)


def measure_long(var: Path, db, site, events: int) -> None:
    rng = random.Random(1)
    print(f"building a Buccaneer game of {events:,} events and one of 100 ...", flush=True)
    short = buccaneer(db, site, 100, rng)
    long = buccaneer(db, site, events, rng)
    long_seq = service.load(db, long.id).seq
    cold = []
    for _ in range(10):
        loading.forget()
        start = time.perf_counter()
        service.load(db, long.id)
        cold.append(time.perf_counter() - start)
    print(f"cold load of the {long_seq:,}-event game (from a snapshot): {ms(statistics.median(cold))} "
          "(median of 10; under 50 ms)")
    server = Server(var, free_port())
    try:
        base = server.base
        for game in (short, long):  # warm: the server has loaded both
            call("GET", f"{base}/api/games/{game.id}")
        # alternate between the two games, so that whatever the disk does meanwhile (a WAL checkpoint
        # after the long game's 10,000 events, say) falls on both alike
        early_times, late_times = [], []
        for _ in range(160):  # enough of each kind in both games (a kind with fewer than 8 is not compared)
            early_times += time_moves(server, short, 1, rng)
            late_times += time_moves(server, long, 1, rng)
        print(f"the moves late are in a game of ~{long_seq:,} events")
        for line in like_for_like(early_times, late_times):
            print(line)
        seq = service.load(db, long.id).seq
        at_early = statistics.median(time_gets([f"{base}/api/games/{long.id}/state?at={k}" for k in range(10, 50)]))
        at_late = statistics.median(time_gets([f"{base}/api/games/{long.id}/state?at={seq - k}" for k in range(1, 41)]))
        print(f"state?at= near the start: {ms(at_early)}; near the end: {ms(at_late)}; "
              f"ratio {at_late / at_early:.2f} (at most 1.5)")
        h_early = statistics.median(time_gets([f"{base}/games/{long.id}/history?at={k}" for k in range(60, 80)]))
        h_late = statistics.median(time_gets([f"{base}/games/{long.id}/history?at={seq - k}" for k in range(50, 70)]))
        print(f"history page near the start: {ms(h_early)}; near the end: {ms(h_late)}; "
              f"ratio {h_late / h_early:.2f} (at most 1.5)")
    finally:
        server.stop()


def measure_sweep(db, site, many: tuple[int, int, int]) -> None:
    print(f"creating {many[0]:,} games with clocks ...", flush=True)
    players = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]
    ids = [service.create_game(db, site, "mississippi", players, {"time_per_move": "3d"}).id for _ in range(many[0])]
    now = service.utcnow()
    sweeps = {many[0]: time_sweep(db, site, now)}
    made = many[0]
    for target in many[1:]:
        copy_games(db, ids, made, target - made)
        made = target
        sweeps[target] = time_sweep(db, site, now)
    line = "; ".join(f"{n:,} games: {t * 1000:.3f} ms" for n, t in sweeps.items())
    print(f"one sweep with nothing due: {line}; {many[1]:,} / {many[0]:,}: "
          f"{sweeps[many[1]] / sweeps[many[0]]:.2f} (at most 1.5; {many[2]:,} under 1 s)")


def throughput_games(db, site, clients: int) -> list:
    """Two Mississippi games per client, every seat with an address (each move writes its notices): (id,
    seat tokens) of each."""
    players = [{"name": "Ann", "email": "ann@example.org"}, {"name": "Bob", "email": "bob@example.org"}]
    games = []
    for _ in range(clients * 2):
        created = service.create_game(db, site, "mississippi", players, {"max_rounds": 1000})
        games.append((created.id, created.tokens))
    return games


def measure_throughput(var: Path, db, site, clients: int, seconds: float) -> None:
    games = throughput_games(db, site, clients)
    for processes in (1, 2):
        # the raw rate again, just before: this machine's disk and cores vary by a tenth and more from
        # minute to minute, and the figure is a ratio of two rates measured under the same conditions
        raw = raw_commit_rate(Path(tempfile.mkdtemp(dir=var)))
        server = Server(var, free_port(), scheduler=False, workers=processes)
        acknowledged: list = []
        try:
            before = server.cpu_seconds()
            rate, p99 = throughput([server.base], games, clients, seconds, acknowledged)
            cpu = server.cpu_seconds() - before
        finally:
            server.stop()
        print(f"{clients} clients, `pbem serve --workers {processes}`: {rate:,.0f} "
              f"accepted moves/s = {rate / raw:.1%} of the raw rate measured just before it "
              f"({raw:,.0f} commits/s; at least 10%), "
              f"{rate / BOARDGAME_IO_FILE_STORAGE:.1f}x boardgame.io's file storage (at least 2x); "
              f"POST p99 {ms(p99)} (under 50 ms); the server's processor time per accepted move "
              f"{ms(cpu / max(1, len(acknowledged)))}, nothing delivered (no scheduler); "
              f"load average {', '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="flat cost, measured")
    parser.add_argument("--quick", action="store_true", help="a shorter long game and fewer games")
    parser.add_argument("--only", choices=("long", "sweep", "throughput", "delivery"), action="append",
                        help="measure only these parts (the raw rate is always measured)")
    args = parser.parse_args(argv)
    parts = set(args.only or ("long", "sweep", "throughput", "delivery"))
    with tempfile.TemporaryDirectory() as folder:
        var = Path(folder)
        raw = raw_commit_rate(var)
        print(f"raw durable commit rate (WAL, synchronous=FULL): {raw:,.0f} commits/s", flush=True)
        app = create_app({"VAR_DIR": str(var), "DATABASE": str(var / "pbem.sqlite"), "BASE_URL": "http://bench"})
        site = Site.from_config(app.config)
        db = store.connect(app.config["DATABASE"])
        if "long" in parts:
            measure_long(var, db, site, 2_000 if args.quick else 10_000)
        if "sweep" in parts:
            measure_sweep(db, site, (200, 1_000, 5_000) if args.quick else (2_000, 10_000, 100_000))
        if "throughput" in parts:
            measure_throughput(var, db, site, 16, 8 if args.quick else 20)
        if "delivery" in parts:
            measure_delivery(var, db, site, 16, 8 if args.quick else 20)
        db.close()


if __name__ == "__main__":
    main()
