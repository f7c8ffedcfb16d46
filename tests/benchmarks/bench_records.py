"""What a game's record and a past position cost in a long game (audit N6): the JSON record and
record.txt, first and repeated, for a spectator and a seat; and `state?at=` at a range of distances after
a snapshot, against the head. Through Flask's test client in one process, on a Buccaneer game of about
2,000 events (one that cannot end, see bench_flat). Prints figures (processor time of this process); asserts nothing.
Run: .venv/bin/python -m tests.benchmarks.bench_records [events]
"""

from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

from pbem import create_app, store
from pbem.play import loading, service
from pbem.site import Site
from tests.benchmarks.bench_flat import buccaneer


def median_ms(action, repeat: int = 7) -> float:
    """Processor time, not the clock's: the figures stay comparable on a machine shared with other work."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        action()
        times.append(time.process_time() - start)
    return statistics.median(times) * 1000


def main(events: int = 2000) -> None:
    with tempfile.TemporaryDirectory() as folder:
        var = Path(folder)
        app = create_app({"VAR_DIR": str(var), "DATABASE": str(var / "bench.sqlite"), "BASE_URL": "http://bench",
                          "RATE_LIMITS": "off"})
        site = Site.from_config(app.config)
        db = store.connect(app.config["DATABASE"])
        client = app.test_client()
        created = buccaneer(db, site, events, random.Random(3))
        game, token = created.id, created.tokens[1]
        seq = client.get(f"/api/games/{game}").json["seq"]
        print(f"a Buccaneer game of {seq:,} events")

        def get(url):
            response = client.get(url)
            assert response.status_code == 200, (url, response.status_code)

        for url in (f"/games/{game}/export.json", f"/games/{game}/record.txt",
                    f"/play/{token}/export.json", f"/play/{token}/record.txt"):
            first = median_ms(lambda: get(url), repeat=1)
            again = median_ms(lambda: get(url))
            print(f"{url.split('/')[1] + '/' + url.rsplit('/', 1)[1]:<22} first {first:7.1f} ms, again {again:7.1f} ms")
        for url in (f"/games/{game}/export.json", f"/play/{token}/record.txt"):
            times = []
            for _ in range(5):
                head = service.load(db, game)
                seat = min(head.to_move)
                service.submit_move(db, site, game, created.tokens[seat],
                                    random.choice(service.legal_moves(head, seat)), head.seq)
                times.append(median_ms(lambda: get(url), repeat=1))
            print(f"{url.split('/')[1] + '/' + url.rsplit('/', 1)[1]:<22} after each new move {statistics.median(times):7.1f} ms")
        etag = client.get(f"/games/{game}/export.json").headers.get("ETag")
        if etag:
            ms = median_ms(lambda: client.get(f"/games/{game}/export.json", headers={"If-None-Match": etag}))
            print(f"export.json with If-None-Match: {ms:.1f} ms")

        snapshots = [row[0] for row in db.execute("select seq from snapshots where game_id = ? order by seq", [game])]
        middle = seq // 2
        by_distance: dict[int, list[float]] = {}
        stepping: list[float] = []
        for k in range(middle, middle + 128, 3):  # positions nobody looked at lately, each beside the head
            def past():
                loading.PAST.clear()  # the snapshot read and unpickled anew, as in a process that never read it
                get(f"/api/games/{game}/state?at={k}")

            def next_one():  # stepping through a history: the end of the append before is held
                loading.PAST.clear()
                loading.at(db, service.load(db, game), ends[0])
                start = time.process_time()
                get(f"/api/games/{game}/state?at={ends[1]}")
                return (time.process_time() - start) * 1000
            head = median_ms(lambda: get(f"/api/games/{game}/state?at={seq}"), repeat=5)
            distance = k - max([s for s in snapshots if s <= k] or [0])
            by_distance.setdefault(distance // 16 * 16, []).append(median_ms(past, repeat=5) / head)
            ends = [start - 1 for start, _ in store.command_seqs(db, game, after=k, limit=2)]
            stepping.append(statistics.median(next_one() for _ in range(5)) / head)
        for low, ratios in sorted(by_distance.items()):
            print(f"state?at= {low:>3}-{low + 15:<3} events after the nearest snapshot: {statistics.median(ratios):4.1f}x "
                  f"the head (median), {max(ratios):4.1f}x at most, of {len(ratios)} positions")
        print(f"state?at= the end of the append after the one asked before: {statistics.median(stepping):4.1f}x the head "
              f"(median), {max(stepping):4.1f}x at most")
        print(f"snapshots of this game: {len(snapshots)}, {sum(len(r[0]) for r in db.execute('select data from snapshots where game_id = ?', [game])) / len(snapshots) / 1000:.1f} kB each")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000)
