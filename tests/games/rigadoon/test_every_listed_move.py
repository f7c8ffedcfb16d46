"""Every listed move is accepted (issue 10, item 6), around the rare corners of the rules: from the
positions of the spec's rulings and worked examples, every legal move is decided, and every decision of
every chain it opens is followed to the end, each listed answer decided in turn. Random playouts seldom
reach these (a Rigadoon bonus sail, a double block, a chest bumped through a maelstrom, a blast across
a maelstrom, an aground ship blasted into a second chest)."""

import pytest

from pbem.games import rigadoon as game
from pbem.play.chance import ScriptedChance

from .helpers import play, position, replay

CASES = {
    "E1 basic sailing, a chest on an island": ("N", "green", {"G1": ("G8", 3)}, ["J11"]),
    "E2 claiming by blast": ("S", "green", {"G2": ("J7", 2), "G3": ("J9", 0), "B3": ("I10", 1)}, ["J11"]),
    "E3 bump, sink, islands": ("W", "green", {"G2": ("G6", 1), "G4": ("J7", 0)}, ["H6", "J9"]),
    "E4 attack order, wrap": ("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)}, []),
    "R5 island sandwich": ("S", "blue", {"B2": ("D3", 2), "G3": ("C1", 2), "G4": ("E1", 2)}, []),
    "R6 double block": ("S", "blue", {"B2": ("C3", 2), "G3": ("D1", 2), "G4": ("E1", 2)}, []),
    "R7 loop": ("S", "blue", {"B1": ("B5", 1), "G1": ("A3", 0), "G2": ("K3", 0), "G3": ("D3", 0), "G4": ("E3", 0)}, []),
    "R8 Rigadoon": ("S", "blue", {"B2": ("F8", 1), "G1": ("E6", 2), "G2": ("G6", 2), "G3": ("C5", 2), "G4": ("I7", 2)}, []),
    "R24 chest into a maelstrom": ("SE", "blue", {"B1": ("C2", 3), "G1": ("H9", 1)}, ["B2", "C3"]),
    "R24 maelstrom exit taken": ("SE", "blue", {"B1": ("C2", 3), "G1": ("H8", 1)}, ["B2"]),
    "R19 blast into a maelstrom whose exit holds a ship": ("S", "blue", {"B1": ("C4", 3), "G1": ("B2", 1), "G2": ("H8", 2)}, []),
    "R13 blast through a maelstrom onto a chest": ("S", "blue", {"B1": ("C4", 3), "G1": ("B2", 1)}, ["H8"]),
    "aground ship blasted into a second chest": ("S", "blue", {"B1": ("E9", 3), "G1": ("E7", 1)}, ["E7", "E5", "E4"]),
    "ships in port and aground": ("E", "blue", {"G1": ("K2", 2), "B3": ("E6", 1), "B1": ("F8", 3), "G2": ("G9", 2),
                                               "B2": ("F10", 0), "G3": ("H10", 1), "B4": ("E9", 3), "G4": ("D10", 2)},
                                  ["K2", "E6", "F9", "G10"]),
}


def every_move_accepted(state, depth=0) -> int:
    """Decide every listed move; follow every chain decision; returns how many moves were decided."""
    if game.outcome(state) is not None or depth > 12:
        return 0
    who = min(game.to_move(state))
    decided = 0
    for move in game.legal_moves(state, who):
        events = game.decide(state, who, move, ScriptedChance([0, 0, 0]))
        decided += 1
        after = replay(state, events)
        if after.chain is not None:
            decided += every_move_accepted(after, depth + 1)
    return decided


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_listed_move_and_chain_answer_is_accepted(name):
    wind, to_move, ships, chests = CASES[name]
    state = position(wind, to_move, ships, chests)
    assert every_move_accepted(state) > 0
    # and once more after the wind has changed (other reaches, other moves)
    changed, _ = play(state, "wind", chance=[0])
    every_move_accepted(changed)


def test_the_rigadoon_bonus_sail_lists_only_accepted_moves():
    wind, to_move, ships, chests = CASES["R8 Rigadoon"]
    state, _ = play(position(wind, to_move, ships, chests), "sail B2 N 2", "attack B2 G1", "attack G1 G3")
    assert "B2" in state.bonus_sails
    assert any(m.startswith("sail B2 ") for m in game.legal_moves(state, 0))
    assert every_move_accepted(state) > 0
