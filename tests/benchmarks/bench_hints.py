"""What the seat page's move hints cost (architecture section 12): each game's `move_hints` at the
positions that once were its slowest (Rigadoon's opening, Buccaneer's largest turn, Mississippi and Dragon &
Flagon along seeded games), against the raw rate of the same game's `legal_moves` at the same positions, measured in
the same run. Prints figures; asserts nothing (the hints' tests check what they say, not how fast).
Run: .venv/bin/python -m tests.benchmarks.bench_hints
"""

from __future__ import annotations

import time

from pbem.games import buccaneer, dragon_flagon, mississippi, rigadoon
from tests.games.buccaneer.test_hints import TWO, new
from tests.games.dragon_flagon.test_hints import SETUPS, playout
from tests.games.mississippi.test_hints import positions_of_games
from tests.games.rigadoon.test_hints import play


def per_call(action, repeat: int) -> float:
    """Milliseconds per call, the best of three rounds (the least disturbed by the rest of the machine)."""
    rounds = []
    for _ in range(3):
        started = time.perf_counter()
        for _ in range(repeat):
            action()
        rounds.append((time.perf_counter() - started) / repeat * 1000)
    return min(rounds)


def positions():
    for seat in (0, 1):
        state = rigadoon.initial_state(2, rigadoon.resolve_options(2, {"first": "seat0"}))
        state, _ = play(state, "colour blue" if seat == 0 else "colour green", "opening N")
        yield "rigadoon", f"opening, seat {seat}", rigadoon, [(state, seat)]
    largest = new({"to_move": "london", "ships": {"london": {"at": "A14"}, "genoa": {"at": "G1"}},
                   "hands": {"london": ["R3"] * 6, "genoa": ["B1"]},
                   "docks": {"london": {"crew": ["B1", "B2"], "treasure": ["ruby", "gold"]}}}, home_ports=TWO)
    yield "buccaneer", "largest turn", buccaneer, [(largest, 0)]
    played = [state for state in positions_of_games() if mississippi.outcome(state) is None]
    yield "mississippi", "played games", mississippi, [(state, state.current) for state in played]
    for seats, options in SETUPS[:3]:
        yield "dragon_flagon", f"{seats} seats, a playout", dragon_flagon, list(playout(seats, options, seed=seats + 40))


def main() -> None:
    print(f"{'game':14} {'position':24} {'positions':>9} {'hints ms':>9} {'legal ms':>9} {'ratio':>6}")
    for name, where, module, states in positions():
        hints = sum(per_call(lambda: module.move_hints(state, seat), 5) for state, seat in states) / len(states)
        legal = sum(per_call(lambda: module.legal_moves(state, seat), 5) for state, seat in states) / len(states)
        print(f"{name:14} {where:24} {len(states):9} {hints:9.2f} {legal:9.2f} {hints / max(legal, 1e-6):6.1f}")


if __name__ == "__main__":
    main()
