"""Golden playthroughs (spec 21.4): every step's board (spectator and the seat to move), legal moves,
views of every seat and events redacted for every seat, compared with committed text files.
Rewrite on purpose with `pytest --update-golden`, then read the diff."""

from __future__ import annotations

import json
import random
from functools import reduce

from pbem.games import buccaneer as game
from pbem.play.chance import SeededChance

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


# Spec 21.4, playthrough 2: four players from a position.
#
#   row 8  . . . . . . . . . L : : : M . .    London's free move ends on J8 (coast); Marseilles attacks it there
#   row 6  . . . . . . . . . C . G . . . .    Cadiz (asks) stops London on J6; Genoa (never attack) lets Cadiz by
#   row 3  . . . . . . . . . L . . . . . .    London starts on J3 facing N
#          A B C D E F G H I J K L M N O P
FOUR_PLAYERS = {
    "to_move": "london", "dealer": "london",
    "ships": {"london": {"at": "J3", "face": "N"}, "cadiz": {"at": "J6", "face": "E"},
              "marseilles": {"at": "N8", "face": "W"}, "genoa": {"at": "L6", "face": "SW", "cargo": ["diamond"]}},
    "hands": {"london": ["R2", "B1", "B1", "B2"], "cadiz": ["R2", "R3", "R3", "B1"],
              "marseilles": ["R3", "R3", "R3", "B1", "B1", "B1"], "genoa": ["R1", "B3", "B3"]},
    "docks": {"genoa": {"crew": ["R2", "B2"], "treasure": ["diamond", "diamond", "gold", "rum"]},
              "cadiz": {"crew": ["B3", "B3"]}},
    "chance_deck": [2, 22], "standing_orders": {"genoa": "never attack"},
}
FOUR_PLAYERS_SCRIPT = [
    ("london", "sail N 5 face W"),  # stopped on J6 by Cadiz, whose standing order is `ask`
    ("cadiz", "attack"),  # Cadiz (fighting 7) beats London (2); crew spoils, the only kind, are automatic
    ("london", "give B1 B2"),  # the loser chooses the two cards
    ("london", "sail N 2 face W"),  # the free move ends on the coast (J8) and draws card 2
    ("london", "chance name genoa"),
    ("genoa", "chance give R1 docks R2 B2"),  # card 2 paid partly from Genoa's Docks
    ("cadiz", "sail E 4 face N"),  # the winner sails ahead; Genoa on L6 never attacks: let pass by the rules
    ("marseilles", "sail W 4 attack face W"),  # an attack on the coast (J8): Marseilles (6) beats London (2)
    ("london", "give R1 B1"),
    ("london", "sail S 3 face E"),  # London's free move leaves the coast; then Marseilles draws card 22
    ("marseilles", "chance return B1"),  # Yellow Fever: Marseilles and Cadiz both hold 8 cards
    ("cadiz", "chance return docks B3"),
    ("genoa", "sail SW 5"),  # home to Genoa
    ("genoa", "deposit diamond"),  # 21 in the Docks with the ship at home: Genoa wins (Rule 19)
]


def test_golden_four_players_from_a_position(golden):
    ports = ["london", "cadiz", "marseilles", "genoa"]
    script = iter(FOUR_PLAYERS_SCRIPT)

    def pick(state, step):
        port, move = next(script)
        assert state.home_ports.index(port) in game.to_move(state), (step, port, move)
        return state.home_ports.index(port), move

    state, text = run(4, {"home_ports": ports, "position": FOUR_PLAYERS}, pick, len(FOUR_PLAYERS_SCRIPT), 11)
    result = game.outcome(state)
    assert result.termination == "won" and result.winners == (3,)
    assert next(script, None) is None
    for needed in ('"move": "let pass"', '"move": "chance give R1 docks R2 B2"', '"card": 22', '"k": "fight"'):
        assert needed in text
    golden("golden/four_players.txt", text)
