"""Past one machine, measured (issue 24 item 6; the README's "Past one machine"): prints, in one run, what
pbem serves on PostgreSQL with one node and with two, beside pbem on SQLite and beside each engine's own
raw durable insert rate on this machine, as ratios, and what the processor time per move goes to.

    .venv/bin/python -m tests.benchmarks.bench_postgres [--quick]

It starts a throwaway PostgreSQL (tests/postgres.py: initdb and pg_ctl in a temporary folder, fsync on,
as nobody under root) and measures, in rounds (three; one with `--quick`), each of them in this order
and on new games (the machine's load from other work moves from minute to minute: each round's
figures are printed, and each ratio's median over the rounds with every round's value):

- SQLite's raw rate (bench_flat's: one connection, WAL, synchronous=FULL, one small row per transaction)
  and pbem on SQLite: 16 client processes against one `pbem serve` on a SQLite file (bench_flat's
  clients: GET the seat's view, POST one of its legal moves with the seq seen; Mississippi games whose
  seats all have addresses, so every move writes its notices);
- PostgreSQL's raw rate: one psycopg connection in autocommit mode with synchronous_commit=on inserting
  one small row per transaction as fast as it can, and the same from 16 connections (16 processes) at
  once, whose commits the server flushes together (group commit): that is the ceiling for 16 clients,
  and the ratios use it;
- pbem on PostgreSQL: the same clients against one `pbem serve` node, then against two nodes (separate
  processes, each with a var folder and port of its own, one database; the clients dealt out between
  them, half each, as a proxy would), on the same games.

Every server runs with one worker process and without its scheduler (as bench_flat's throughput does:
the notices wait in the outbox), rate limits off. Around each measure it reads the processor time of
each node's processes, of PostgreSQL's (the postmaster and every backend), of the client processes and
of the whole machine (/proc), and prints the processor time per accepted move of each, the rest being
other work (other engineers' tests), and how busy the machine's cores were: what bounds the figure.
The load average at the start and the end says how busy the machine was. Nothing is asserted: it
prints figures. `--quick` runs one short round.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

from pbem import create_app, store
from pbem.site import Site
from tests import postgres
from tests.benchmarks.bench_flat import Server, client, free_port, ms, raw_commit_rate, throughput_games

TICKS = os.sysconf("SC_CLK_TCK")
CORES = os.cpu_count() or 1
SECRET = "bench-postgres-one-key-for-every-node-" + "k" * 32  # the nodes must accept each other's seat links


# --- processor time, from /proc ---------------------------------------------------------------------------


def tree_cpu(roots: list[int]) -> float:
    """Processor seconds used so far by these processes and all their descendants, the ended ones
    included (a process's cutime and cstime hold the time of the children it has waited for: a
    PostgreSQL backend that ended, a node's worker that was replaced)."""
    parents, used = {}, {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(") ", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended meanwhile
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        used[pid] = sum(int(field) for field in fields[11:15])  # utime, stime, cutime, cstime
    tree, grew = set(roots), True
    while grew:
        grew = False
        for pid, parent in parents.items():
            if parent in tree and pid not in tree:
                tree.add(pid)
                grew = True
    return sum(used.get(pid, 0) for pid in tree) / TICKS


def machine_cpu() -> tuple[float, float]:
    """(busy, total) processor seconds of the whole machine since boot, all cores together."""
    fields = [int(field) for field in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return (sum(fields) - idle) / TICKS, sum(fields) / TICKS


class Meter:
    """Processor time between `start` and `stop`: of named process trees (the pbem nodes, children of this
    process; PostgreSQL, which is not), of this process's other descendants (the client processes), and
    of the whole machine, the rest of which is other work (the other engineers' tests)."""

    def __init__(self, trees: dict[str, list[int]]):
        self.trees = {**trees, "clients": [os.getpid()]}

    def start(self) -> None:
        self.before = {name: tree_cpu(pids) for name, pids in self.trees.items()}
        self.machine_before = machine_cpu()

    def stop(self) -> None:
        self.used = {name: tree_cpu(pids) - self.before[name] for name, pids in self.trees.items()}
        self.used["clients"] -= sum(seconds for name, seconds in self.used.items() if name.startswith("pbem"))
        busy, total = machine_cpu()
        self.busy = busy - self.machine_before[0]
        self.busy_share = self.busy / max(total - self.machine_before[1], 1e-9)
        self.used["other work"] = self.busy - sum(self.used.values())

    def per_event(self, events: int) -> str:
        """Processor time per event (move, commit) of each, and how busy the machine was."""
        parts = [f"{name} {ms(seconds / max(events, 1))}" for name, seconds in self.used.items()]
        return "; ".join(parts) + f"; the machine's {CORES} cores {self.busy_share:.0%} busy"


def postmaster(cluster: postgres.Cluster) -> int:
    """The cluster's postmaster, whose children are its backends."""
    return int((cluster.data / "postmaster.pid").read_text().split()[0])


# --- PostgreSQL's raw rate --------------------------------------------------------------------------------


def raw_inserts(args) -> int:
    """One connection's single-row transactions from `start_at` for `seconds`: how many committed."""
    import psycopg

    url, start_at, seconds = args
    body = "x" * 200
    with psycopg.connect(url, autocommit=True, options="-c synchronous_commit=on") as conn:
        conn.execute("insert into raw (body) values (%s)", [body])  # connected and warm before the start
        while time.monotonic() < start_at:
            time.sleep(0.001)
        count, stop = 0, start_at + seconds
        while time.monotonic() < stop:
            conn.execute("insert into raw (body) values (%s)", [body])
            count += 1
    return count


def raw_postgres_rate(cluster: postgres.Cluster, url: str, connections: int, seconds: float) -> tuple[float, Meter]:
    """Committed single-row inserts per second from `connections` processes at once, each with its own
    connection, all starting together; and the processor time PostgreSQL spent meanwhile."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("create table if not exists raw (id bigserial primary key, body text)")
    meter = Meter({"postgres": [postmaster(cluster)]})
    with multiprocessing.Pool(connections) as pool:
        start_at = time.monotonic() + 1 + connections * 0.05  # every process connected by then
        waiting = pool.map_async(raw_inserts, [(url, start_at, seconds)] * connections)
        time.sleep(max(start_at - time.monotonic(), 0))
        meter.start()
        counts = waiting.get()
        meter.stop()
    return sum(counts) / seconds, meter


# --- pbem's rounds ----------------------------------------------------------------------------------------


def play(bases: list[str], games: list, clients: int, seconds: float) -> tuple[int, float, list[float]]:
    """bench_flat's clients, each playing its share of the games for `seconds` against one of the nodes
    (dealt out in turn: half each with two, as a proxy would): (accepted moves, seconds elapsed, every
    POST's time, sorted)."""
    per_client = [games[i::clients] for i in range(clients)]
    with multiprocessing.Pool(clients) as pool:
        started = time.perf_counter()
        results = pool.map(client, [([bases[i % len(bases)]], per_client[i], seconds, i) for i in range(clients)])
        elapsed = time.perf_counter() - started
    return sum(r[0] for r in results), elapsed, sorted(t for r in results for t in r[1])


def percentile(times: list[float], fraction: float) -> float:
    """The `fraction` percentile of sorted times, as bench_flat takes its p99."""
    return times[max(int(len(times) * fraction) - 1, 0)] if times else float("nan")



class Throughput:
    """The clients playing against some nodes for a while: accepted moves/s, POST latency, processor time."""

    def __init__(self, label: str, servers: list[Server], games: list, clients: int, seconds: float,
                 trees: dict[str, list[int]]):
        self.label = label
        meter = Meter(trees)
        meter.start()
        moves, elapsed, posts = play([server.base for server in servers], games, clients, seconds)
        meter.stop()
        self.moves, self.elapsed, self.rate, self.meter = moves, elapsed, moves / elapsed, meter
        self.p50, self.p99 = percentile(posts, 0.5), percentile(posts, 0.99)

    def bound(self) -> str:
        """What held the figure down, as measured: a node's interpreter using a whole core (its lock lets
        one thread run at a time), else the machine's cores all busy, else neither (the moves waited:
        for the disk, or on round trips)."""
        cores = {name: seconds / self.elapsed for name, seconds in self.meter.used.items() if name.startswith("pbem")}
        name, most = max(cores.items(), key=lambda item: item[1])
        if most >= 0.9:
            return f"{name}'s interpreter: {most:.2f} of a core"
        if self.meter.busy_share >= 0.9:
            return (f"the machine's processors, {self.meter.busy_share:.0%} busy (the busiest node "
                    f"{most:.2f} of a core)")
        return f"not the processors ({self.meter.busy_share:.0%} busy): the moves waited"

    def line(self, raw: float, raw_name: str) -> str:
        return (f"{self.label}: {self.rate:,.0f} accepted moves/s = {self.rate / raw:.1%} of {raw_name} "
                f"({raw:,.0f}/s); POST p50 {ms(self.p50)}, p99 {ms(self.p99)}\n"
                f"    processor time per move: {self.meter.per_event(self.moves)}\n"
                f"    bound by: {self.bound()}")


def start_nodes(var: Path, names: list[str], database: str) -> list[Server]:
    """One `pbem serve` per name, each in var/<name> on a port of its own, all on `database`."""
    servers = []
    for name in names:
        folder = var / name
        folder.mkdir(exist_ok=True)
        servers.append(Server(folder, free_port(), env={"PBEM_DB": database}))
    return servers


def stop_all(servers: list[Server]) -> None:
    for server in servers:
        server.stop()


def games_on(var: Path, database: str, clients: int) -> list:
    """bench_flat's games for `clients` clients, made in this process on `database`."""
    app = create_app({"VAR_DIR": str(var), "DATABASE": database, "BASE_URL": "http://bench", "SECRET_KEY": SECRET})
    db = store.connect(database)
    try:
        return throughput_games(db, Site.from_config(app.config), clients)
    finally:
        db.close()
        store.close_pools()  # before the clients fork: a pool's threads and sockets are no child's


def sqlite_round(var: Path, games: list, clients: int, seconds: float, raw_seconds: float
                 ) -> tuple[float, Throughput]:
    raw = raw_commit_rate(Path(tempfile.mkdtemp(dir=var)), seconds=raw_seconds)
    print(f"SQLite's raw durable commit rate (WAL, synchronous=FULL, one connection): {raw:,.0f} commits/s",
          flush=True)
    server = Server(var / "sqlite", free_port())
    try:
        measured = Throughput(f"{clients} clients, pbem on SQLite, one node", [server], games, clients, seconds,
                         {"pbem": [server.process.pid]})
    finally:
        server.stop()
    print(measured.line(raw, "SQLite's raw rate"), flush=True)
    return raw, measured


def postgres_round(var: Path, cluster: postgres.Cluster, raw_url: str, url: str, games: list, clients: int,
                   seconds: float, raw_seconds: float) -> tuple[float, float, Throughput, Throughput]:
    one, one_meter = raw_postgres_rate(cluster, raw_url, 1, raw_seconds)
    print(f"PostgreSQL's raw durable insert rate (autocommit, synchronous_commit=on, one row a transaction), "
          f"one connection: {one:,.0f} commits/s\n    processor time per commit: "
          f"{one_meter.per_event(int(one * raw_seconds))}", flush=True)
    many, many_meter = raw_postgres_rate(cluster, raw_url, clients, raw_seconds)
    print(f"the same from {clients} connections at once: {many:,.0f} commits/s "
          f"(the ceiling for {clients} clients, with group commit: the ratios use it)\n"
          f"    processor time per commit: {many_meter.per_event(int(many * raw_seconds))}", flush=True)
    pg = [postmaster(cluster)]
    measured_both = []
    for names in (["node1"], ["node1", "node2"]):
        servers = start_nodes(var, names, url)
        try:
            trees = {f"pbem {name}": [server.process.pid] for name, server in zip(names, servers)}
            label = f"{clients} clients, pbem on PostgreSQL, {len(names)} node{'s' * (len(names) > 1)}"
            measured = Throughput(label, servers, games, clients, seconds, {**trees, "postgres": pg})
        finally:
            stop_all(servers)
        print(measured.line(many, f"PostgreSQL's raw rate from {clients} connections"), flush=True)
        measured_both.append(measured)
    return one, many, measured_both[0], measured_both[1]


class Results(NamedTuple):
    """One round's figures."""
    sqlite_raw: float  # SQLite's raw commits/s
    on_sqlite: Throughput
    pg_raw_one: float  # PostgreSQL's raw commits/s from one connection
    pg_raw_many: float  # and from as many as there are clients
    one_node: Throughput
    two_nodes: Throughput


def summary(name: str, values: list[float], form: str = ".2f", aim: str = "") -> str:
    """A figure over the rounds: its median, and each round's."""
    each = ", ".join(format(value, form) for value in values)
    return (f"{name}: {format(statistics.median(values), form)}" + (f" ({aim})" if aim else "")
            + (f"; rounds: {each}" if len(values) > 1 else ""))


def cpu_per_move(measured: Throughput, prefix: str) -> float:
    return sum(seconds for name, seconds in measured.meter.used.items() if name.startswith(prefix)) \
        / max(measured.moves, 1)


def print_summary(results: list[Results], clients: int) -> None:
    """Each figure's median over the rounds, with every round's."""
    def each(figure) -> list[float]:
        return [figure(r) for r in results]

    def pbem_rounds(figure) -> list[float]:
        return [figure(m) for r in results for m in (r.on_sqlite, r.one_node, r.two_nodes)]

    def ms_per_move(measured: Throughput, prefix: str) -> float:
        return cpu_per_move(measured, prefix) * 1000

    many = f"PostgreSQL's raw rate from {clients} connections"
    print(f"\nover {len(results)} round{'s' * (len(results) > 1)} (median)")
    print("\n".join([
        summary("pbem on SQLite / SQLite's raw rate", each(lambda r: r.on_sqlite.rate / r.sqlite_raw), ".1%"),
        summary(f"pbem on PostgreSQL, one node / {many}", each(lambda r: r.one_node.rate / r.pg_raw_many), ".1%"),
        summary("one node / PostgreSQL's raw rate from one connection",
                each(lambda r: r.one_node.rate / r.pg_raw_one), ".1%"),
        summary(f"two nodes / {many}", each(lambda r: r.two_nodes.rate / r.pg_raw_many), ".1%"),
        summary("PostgreSQL one node / pbem on SQLite, moves/s", each(lambda r: r.one_node.rate / r.on_sqlite.rate),
                aim="aim: at least 0.5"),
        summary("PostgreSQL two nodes / one node, moves/s", each(lambda r: r.two_nodes.rate / r.one_node.rate),
                aim="aim: more than 1"),
        summary("moves/s: pbem on SQLite", each(lambda r: r.on_sqlite.rate), ",.0f"),
        summary("moves/s: PostgreSQL one node", each(lambda r: r.one_node.rate), ",.0f"),
        summary("moves/s: PostgreSQL two nodes", each(lambda r: r.two_nodes.rate), ",.0f"),
        summary("pbem's processor ms per move on SQLite", each(lambda r: ms_per_move(r.on_sqlite, "pbem"))),
        summary("pbem's processor ms per move on PostgreSQL, one node",
                each(lambda r: ms_per_move(r.one_node, "pbem"))),
        summary("the two nodes' together", each(lambda r: ms_per_move(r.two_nodes, "pbem"))),
        summary("PostgreSQL's processor ms per move, one node", each(lambda r: ms_per_move(r.one_node, "postgres"))),
        summary("two nodes", each(lambda r: ms_per_move(r.two_nodes, "postgres"))),
        summary("the machine busy (share of its cores), all pbem rounds", pbem_rounds(lambda m: m.meter.busy_share),
                ".0%"),
        summary("other work's share of the machine's busy time in them",
                pbem_rounds(lambda m: m.meter.used["other work"] / max(m.meter.busy, 1e-9)), ".0%"),
    ]))


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description="pbem on PostgreSQL, measured")
    parser.add_argument("--quick", action="store_true", help="one short round")
    parser.add_argument("--clients", type=int, default=16, help="client processes (default 16)")
    parser.add_argument("--rounds", type=int, help="rounds of every measure, one after the other (default 3, "
                        "1 with --quick): the machine's load from other work moves from minute to minute")
    args = parser.parse_args(argv)
    seconds, raw_seconds = (4, 1) if args.quick else (15, 3)
    rounds = args.rounds or (1 if args.quick else 3)
    clients = args.clients
    os.environ["PBEM_SECRET_KEY"] = SECRET  # every node's, and the games' made here
    print(f"load average at the start: {' '.join(f'{n:.2f}' for n in os.getloadavg())} ({CORES} cores)",
          flush=True)
    cluster = postgres.cluster(durable=True)  # fsync on: the raw rates are of a durable server
    results = []
    try:
        with tempfile.TemporaryDirectory(prefix="bench-postgres-") as folder:
            var = Path(folder)
            for name in ("sqlite", "maker"):
                (var / name).mkdir()
            raw_url, url = cluster.create_database(), cluster.create_database()
            for number in range(1, rounds + 1):
                print(f"\nround {number} of {rounds}", flush=True)
                # new games every round: the old ones may have ended (the clients skip those) on a fast machine
                sqlite_games = games_on(var / "sqlite", str(var / "sqlite" / "pbem.sqlite"), clients)
                pg_games = games_on(var / "maker", url, clients)
                sqlite_raw, on_sqlite = sqlite_round(var, sqlite_games, clients, seconds, raw_seconds)
                results.append(Results(sqlite_raw, on_sqlite, *postgres_round(
                    var, cluster, raw_url, url, pg_games, clients, seconds, raw_seconds)))
    finally:
        postgres.stop_cluster()
    print_summary(results, clients)
    print(f"load average at the end: {' '.join(f'{n:.2f}' for n in os.getloadavg())}")


if __name__ == "__main__":
    main()
