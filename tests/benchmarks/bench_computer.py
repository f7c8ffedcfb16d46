"""What a computer seat costs the server (issue 17): computer-only games of every game played through the
service as the scheduler plays them (`computer.play_owed`: load, decide from the seat's view, append with
the projection and the notices, durably), into a temporary SQLite file. Prints, per game, the moves
played and the time per move through the service (mean, 95th percentile, worst), the part of it the
computer player spent thinking, and what a sweep with nothing due costs (each wake-up pays it once).
A script that prints figures, not a timed test:

    .venv/bin/python -m tests.benchmarks.bench_computer [games per game, default 3]
"""

from __future__ import annotations

import dataclasses
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pbem import create_app, store
from pbem.games import GAMES
from pbem.notify import sweep
from pbem.people import computer
from pbem.play import service
from pbem.site import Site

SEATS = {"mississippi": 3, "rigadoon": 2, "buccaneer": 2, "dragon_flagon": 2}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(rounds: int = 3) -> None:
    thinking: list[float] = []
    original = computer.choose

    def timed_choose(folded, seat, seed):
        start = time.perf_counter()
        try:
            return original(folded, seat, seed)
        finally:
            thinking.append(time.perf_counter() - start)

    computer.choose = timed_choose  # measured where the scheduler calls it
    with tempfile.TemporaryDirectory() as folder:
        var = Path(folder)
        app = create_app({"VAR_DIR": str(var), "DATABASE": str(var / "bench.sqlite"), "BASE_URL": "http://bench"})
        site = dataclasses.replace(Site.from_config(app.config), computer_delay=0)
        db = store.connect(app.config["DATABASE"])
        print(f"{'game':<15}{'seats':>6}{'moves':>7}{'mean ms':>9}{'p95 ms':>8}{'worst ms':>10}{'thinking':>10}")
        for name in sorted(GAMES):
            per_move: list[float] = []
            thinking.clear()
            for _ in range(rounds):
                created = service.create_game(db, site, name, [{"name": f"C{i}", "bot": "standard"}
                                                               for i in range(SEATS.get(name, 2))])
                while True:
                    start = time.perf_counter()
                    played = computer.play_owed(db, site, created.id, service.utcnow(), limit=1)
                    if not played:
                        break
                    per_move.append(time.perf_counter() - start)
                assert service.load(db, created.id).finished, name
            share = sum(thinking) / sum(per_move)
            print(f"{name:<15}{SEATS.get(name, 2):>6}{len(per_move):>7}{statistics.mean(per_move) * 1000:>9.1f}"
                  f"{percentile(per_move, 0.95) * 1000:>8.1f}{max(per_move) * 1000:>10.1f}{share:>9.0%}")
        idle = []
        for _ in range(20):
            start = time.perf_counter()
            sweep.sweep(db, site, owner="bench")
            idle.append(time.perf_counter() - start)
        print(f"a sweep with nothing due (a wake-up's cost): {statistics.median(idle) * 1000:.1f} ms (median)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
