"""Record real games for the corpus in this folder (issue 16): each game played to its end through the
server's verbs by the games' own computer players, under a given rules version, then written as the full
record `pbem export GAME --full` gives. Run on purpose, when a rules version is added:

    .venv/bin/python -m tests.recorded.record

Existing files are left alone: a record, once made, is history (the corpus proves that old records still
import, replay and verify as the code changes)."""

from __future__ import annotations

import json
import random
import sys
import tempfile
from pathlib import Path

from pbem import create_app, store
from pbem.between import agreements
from pbem.games import GAMES
from pbem.play import service
from pbem.play.transfer import full_record
from pbem.site import Site

HERE = Path(__file__).resolve().parent

# (file name, game, seats, options, rules version, what is typed first: (seat, move), or (seat, "offer:KIND")
# and (seat, "accept") for a proposal and its answers)
GAMES_TO_RECORD = [
    ("mississippi-v1-3p.json", "mississippi", 3, {}, 1, ()),
    ("rigadoon-v1.json", "rigadoon", 2, {}, 1, ()),
    ("buccaneer-v1-2p.json", "buccaneer", 2, {}, 1, ()),
    # Under version 1 a standing order identical to the seat's own was accepted (and changed nothing);
    # version 2 refuses it. This record holds one, so it replays only under the rules it was played with.
    ("buccaneer-v1-identical-order.json", "buccaneer", 2, {}, 1, ((1, "ask"),)),
    ("buccaneer-v2-2p.json", "buccaneer", 2, {}, 2, ()),
    # Begun under version 1 (with an identical order, then accepted), moved to version 2 when both seats
    # agreed (rules_upgraded), and played to its end under version 2.
    ("buccaneer-v1-upgraded-to-v2.json", "buccaneer", 2, {}, 1, ((1, "ask"), (0, "offer:upgrade"), (1, "accept"))),
    ("dragon_flagon-v1-2p.json", "dragon_flagon", 2, {}, 1, ()),
]


def play(db, site, game: str, seats: int, options: dict, version: int, seed: int, typed=()) -> str:
    players = [{"name": name} for name in ("Ann", "Bob", "Cy", "Dee")[:seats]]
    created = service.create_game(db, site, game, players, options, rules_version=version)
    for seat, move in typed:
        if move.startswith("offer:"):
            agreements.offer(db, site, created.id, created.tokens[seat], move.split(":", 1)[1])
        elif move == "accept":
            agreements.answer(db, site, created.id, created.tokens[seat], True)
        else:
            service.submit_move(db, site, created.id, created.tokens[seat], move, service.load(db, created.id).seq)
    rng = random.Random(seed)
    choose = GAMES[game].BOTS["standard"]
    for _ in range(5000):
        folded = service.load(db, created.id)
        if folded.finished:
            return created.id
        seat = rng.choice(sorted(folded.to_move))
        legal = folded.module.legal_moves(folded.state, seat)
        move = choose(folded.module.view(folded.state, seat), legal, random.Random(rng.random()))
        service.submit_move(db, site, created.id, created.tokens[seat], move, folded.seq)
    raise RuntimeError(f"{game} did not end")


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app({"VAR_DIR": folder, "DATABASE": f"{folder}/record.sqlite", "BASE_URL": "http://record"})
        db = store.connect(app.config["DATABASE"])
        site = Site.from_config(app.config)
        for index, (name, game, seats, options, version, typed) in enumerate(GAMES_TO_RECORD):
            path = HERE / name
            if path.exists():
                continue
            game_id = play(db, site, game, seats, options, version, 100 + index, typed)
            path.write_text(json.dumps(full_record(db, game_id), sort_keys=True, separators=(",", ":")) + "\n")
            print(f"{path.name}: {game_id}, {path.stat().st_size} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
