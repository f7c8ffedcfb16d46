"""How long a request spends rebuilding a game by folding its events (architecture section 4: "fold per
request for games of a few thousand events; if measurements say otherwise, cache states").

Plays seeded random games of each registered game into a temporary SQLite file, then times
`service.load` cold (read every event, fold, assemble), warm (the game was loaded lately: only newer
events are read, here none) and a spectator GET of the JSON API with a warm game. Prints figures;
asserts nothing. Run: .venv/bin/python -m tests.benchmarks.bench_fold [moves]
"""

from __future__ import annotations

import random
import sys
import tempfile
import time
from pathlib import Path

from pbem import create_app, store
from pbem.games import GAMES
from pbem.play import service
from pbem.site import Site
from tests.support import play_randomly

SEATS = {"mississippi": 4, "rigadoon": 2, "buccaneer": 4, "dragon_flagon": 4}
OPTIONS = {"mississippi": {"max_rounds": 1000}}


def play(db, site, name: str, moves: int, rng: random.Random) -> str:
    players = [{"name": f"P{i}"} for i in range(SEATS.get(name, GAMES[name].PLAYERS[0]))]
    created = service.create_game(db, site, name, players, OPTIONS.get(name, {}))
    return play_randomly(db, site, created, moves, rng).id


def timed(action, repeat: int = 20) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        action()
    return (time.perf_counter() - start) / repeat * 1000


def main(moves: int = 300) -> None:
    with tempfile.TemporaryDirectory() as folder:
        var = Path(folder)
        app = create_app({"VAR_DIR": str(var), "DATABASE": str(var / "bench.sqlite"), "BASE_URL": "http://bench"})
        site = Site.from_config(app.config)
        db = store.connect(app.config["DATABASE"])
        client = app.test_client()
        print(f"{'game':<15}{'events':>8}{'cold ms':>10}{'ms/1000 events':>16}{'warm ms':>10}{'GET ms':>9}")
        for name in sorted(GAMES):
            game_id = play(db, site, name, moves, random.Random(name))
            events = len(store.read_events(db, game_id))
            cold_ms = timed(lambda: (service.RECENTLY_LOADED.clear(), service.load(db, game_id)))
            warm_ms = timed(lambda: service.load(db, game_id))
            get_ms = timed(lambda: client.get(f"/api/games/{game_id}"))
            print(f"{name:<15}{events:>8}{cold_ms:>10.1f}{cold_ms / events * 1000:>16.1f}{warm_ms:>10.2f}{get_ms:>9.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
