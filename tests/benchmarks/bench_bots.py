"""How strong and how quick the computer players are: each game's `standard` player against uniformly
random legal play, in 2-seat games, the player taking each seat in turn. Prints, per game, the games
played, the player's wins, draws and losses, its win rate, and its thinking time per move (mean and
worst). A script that prints figures, not a timed test:

    .venv/bin/python -m tests.benchmarks.bench_bots [--games N] [--game NAME ...]

Each game's match (seat count, options, a bound on decisions) is `BOT_MATCH` in tests/playouts/<game>.py,
or 2 seats with the default options and the playouts' MAX_STEPS."""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time

from pbem.games import GAMES
from pbem.play.chance import SeededChance


def match_of(name: str) -> tuple[int, dict, int]:
    config = importlib.import_module(f"tests.playouts.{name}")
    return getattr(config, "BOT_MATCH", (2, {}, config.MAX_STEPS))


def play(name: str, bot_seat: int, seed: int, thinking: list[float]) -> tuple[str, int]:
    """One game: the computer player at bot_seat, random play elsewhere. Returns (result, decisions),
    result one of "win", "draw", "loss" ("draw" also when the game did not end within the bound)."""
    game = GAMES[name]
    seats, options, bound = match_of(name)
    choose = game.BOTS["standard"]
    rng = random.Random(seed)
    state = game.initial_state(seats, game.resolve_options(seats, options))
    batch = 1
    for event in game.start(state, SeededChance(seed.to_bytes(32, "big"), batch)):
        state = game.evolve(state, event)
    decisions = 0
    while game.outcome(state) is None and decisions < bound:
        seat = rng.choice(sorted(game.to_move(state)))
        legal = game.legal_moves(state, seat)
        if seat == bot_seat:
            started = time.perf_counter()
            move = choose(game.view(state, seat), legal, random.Random(rng.random()))
            thinking.append(time.perf_counter() - started)
        else:
            move = rng.choice(legal)
        batch += 1
        for event in game.decide(state, seat, move, SeededChance(seed.to_bytes(32, "big"), batch)):
            state = game.evolve(state, event)
        decisions += 1
    result = game.outcome(state)
    if result is None or not result.winners or len(result.winners) == seats:
        return "draw", decisions
    return ("win" if bot_seat in result.winners else "loss"), decisions


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per game type (default 40)")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games")
    args = parser.parse_args(argv)
    print(f"{'game':<14} {'games':>5} {'wins':>5} {'draws':>5} {'losses':>6} {'win rate':>8} "
          f"{'ms/move':>8} {'worst ms':>8} {'decisions':>9}")
    for name in args.game or sorted(GAMES):
        counts = {"win": 0, "draw": 0, "loss": 0}
        thinking: list[float] = []
        lengths = []
        for index in range(args.games):
            result, decisions = play(name, index % 2, 1000 + index, thinking)
            counts[result] += 1
            lengths.append(decisions)
        print(f"{name:<14} {args.games:>5} {counts['win']:>5} {counts['draw']:>5} {counts['loss']:>6} "
              f"{counts['win'] / args.games:>8.0%} {1000 * statistics.mean(thinking):>8.1f} "
              f"{1000 * max(thinking):>8.1f} {statistics.mean(lengths):>9.0f}")
        seats, options, bound = match_of(name)
        print(f"{'':<14} ({seats} seats, options {options or 'as default'}, at most {bound} decisions a game)")


if __name__ == "__main__":
    main()
