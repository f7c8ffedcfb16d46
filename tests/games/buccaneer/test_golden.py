"""Golden playthroughs (spec 21.4): every step's board (spectator and the seat to move), legal moves,
views of every seat and events redacted for every seat, compared with committed text files.
Rewrite on purpose with `pytest --update-golden`, then read the diff."""

from __future__ import annotations

import json
import random
from functools import reduce

from pbem.chance import SeededChance
from pbem.games import buccaneer as game

from .helpers import stored

ORDERS = ("ask", "always attack", "never attack")


def record(state, seats, events, lines, move=None, seat=None):
    if move is not None:
        lines.append(f"=== seat {seat} ({state.home_ports[seat]}) plays: {move}")
    for viewer in [None, *range(seats)]:
        for event in events:
            lines.append(f"event[{viewer}] {event.type} by {event.actor}: {json.dumps(game.redact(event, viewer), sort_keys=True)}")


def snapshot(state, seats, lines):
    lines.append(game.render_text(state, None))
    for seat in sorted(game.to_move(state)):
        lines.append(game.render_text(state, seat))
        lines.append(f"legal[{seat}]: {' | '.join(game.legal_moves(state, seat))}")
    for viewer in [None, *range(seats)]:
        lines.append(f"view[{viewer}]: {json.dumps(game.view(state, viewer), sort_keys=True)}")


def run(seats, options, picker, steps, seed):
    resolved = game.resolve_options(seats, options)
    state = game.initial_state(seats, resolved)
    events = [stored(e) for e in game.start(state, SeededChance(bytes([seed]) * 32, 1))]
    state = reduce(game.evolve, events, state)
    lines: list[str] = []
    record(state, seats, events, lines)
    snapshot(state, seats, lines)
    for step in range(steps):
        if game.outcome(state):
            break
        seat, move = picker(state, step)
        events = [stored(e) for e in game.decide(state, seat, move, SeededChance(bytes([seed]) * 32, step + 2))]
        state = reduce(game.evolve, events, state)
        record(state, seats, events, lines, move, seat)
        snapshot(state, seats, lines)
    return state, "\n".join(lines) + "\n"


def prefer(order):
    """A fixed picker: the first legal move starting with one of the given words, else the first."""
    rng = random.Random(7)

    def pick(state, step):
        seat = min(game.to_move(state))
        moves = [m for m in game.legal_moves(state, seat) if m not in ORDERS]
        for word in order:
            chosen = [m for m in moves if m.startswith(word)]
            if chosen:
                return seat, chosen[rng.randrange(len(chosen))]
        return seat, moves[0]

    return pick


def test_golden_two_players_normal_start(golden):
    state, text = run(2, {"turn_limit": 10}, prefer(("trade", "secure", "chance", "sail", "deposit", "end")), 40, 5)
    golden("golden/two_players.txt", text)


def test_golden_derelict_drifts_and_recovers(golden):
    position = {"to_move": "london",
                "ships": {"london": {"at": "J6", "face": "N"}, "genoa": {"at": "G1"}},
                "hands": {"london": [], "genoa": ["R1", "B2"]}, "chance_deck": [15]}
    script = iter([(0, "drift N face W"), (1, "end"), (0, "drift N face E")])

    def pick(state, step):
        return next(script)

    state, text = run(2, {"home_ports": ["london", "genoa"], "position": position}, pick, 3, 9)
    assert len(state.hands[0]) == 2
    golden("golden/derelict.txt", text)
