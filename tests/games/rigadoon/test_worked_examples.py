"""The spec's worked examples E1-E4 (rule text: Basic sailing, Claiming a Chest, Basic Chest bumping,
Basic attack), exactly as written."""

from pbem.games import rigadoon as game
from pbem.games.rigadoon.views import reachable

from .helpers import chests, legal, play, position, ships


def sail_targets(state, ship):
    found = reachable(state, ship)
    return set(found["orange"]) | set(found["yellow"])


def test_e1_basic_sailing_reaches_exactly_twenty_squares():
    #        E     F     G     H     I     J
    #   6   ~y     ~     o     ~     y
    #   8    .     .  G1:3     o     o     y     wind N (blowing S)
    #  11                 o          Ise  (no chest: not reachable)
    state = position("N", "green", {"G1": ("G8", 3)})
    expected = {"G7", "G6", "H7", "I6", "H8", "I8", "J8", "H9", "I10", "G9", "G10", "G11",
                "F9", "E10", "D11", "F8", "E8", "D8", "F7", "E6"}
    assert sail_targets(state, "G1") == expected
    found = reachable(state, "G1")
    assert set(found["yellow"]) == {"G6", "I6", "J8", "D11", "D8", "E6"}
    assert "sail G1 SE 3" not in legal(state)  # J11, island SE, holds no chest
    assert "sail G1 S 4" not in legal(state)  # G12 is off the board


def test_e1_with_two_masts_the_yellow_squares_disappear():
    state = position("N", "green", {"G1": ("G8", 2)})
    assert len(sail_targets(state, "G1")) == 14
    assert reachable(state, "G1")["yellow"] == []


def test_e1_with_a_chest_on_the_island_the_ship_claims_it():
    state = position("N", "green", {"G1": ("G8", 3)}, chests=["J11"])
    assert "sail G1 SE 3" in legal(state)
    state, _ = play(state, "sail G1 SE 3")
    assert ships(state)["G1"] == ("J11", 3)
    assert state.in_port("G1")


def test_e2_claiming_a_chest_by_being_blasted_then_sailing_off():
    state = position("S", "green", {"G2": ("J7", 2), "G3": ("J9", 0), "B3": ("I10", 1)}, chests=["J11"])
    state, events = play(state, "sail G2 S 1")
    # the single attack is automatic: no decision, G3 is blasted through J10 onto the island
    assert ships(state)["G3"] == ("J11", 3)
    assert state.in_port("G3")
    assert "G3" not in state.acted
    assert ships(state)["G2"] == ("J8", 2)
    assert "sail G3 N 1" in legal(state)
    state, _ = play(state, "sail G3 N 1")
    assert ships(state)["G3"] == ("J10", 3)
    assert chests(state) == ["J11"]  # the chest stays on the island, abandoned
    assert ships(state)["B3"] == ("G10", 0)  # blasted W, lost its last mast
    assert ships(state)["G2"] == ("J8", 2)  # not adjacent to J10: not attacked


def test_e3_basic_chest_bumping():
    state = position("W", "green", {"G2": ("G6", 1), "G4": ("J7", 0)}, chests=["H6", "J9"])
    east = sorted(m for m in legal(state) if m.startswith("sail G2 E "))
    assert east == ["sail G2 E 1", "sail G2 E 2", "sail G2 E 2 sink", "sail G2 E 3", "sail G2 E 3 sink"]
    state, _ = play(state, "sail G2 E 3 sink")
    assert state.chain.decision == "island"
    state, _ = play(state, "island SE")
    # G2 on J6 attacks G4 (automatically); G4 is blasted S to J8 and meets the chest on J9
    assert state.chain.decision == "chest"
    assert legal(state) == ["bump 1", "sink"]
    state, _ = play(state, "sink")
    assert legal(state) == ["island NE", "island NW", "island SW"]
    state, _ = play(state, "island NE")
    assert ships(state) == {"G2": ("J6", 1), "G4": ("J9", 0)}
    assert chests(state) == ["J11", "K2"]


def test_e4_basic_attack_in_either_order():
    for first in ("attack B1 G1", "attack B1 B2"):
        state = position("N", "blue", {"B1": ("G7", 3), "G1": ("D9", 1), "B2": ("E10", 0)})
        state, _ = play(state, "sail B1 SW 2")
        assert legal(state) == ["attack B1 B2", "attack B1 G1"]
        state, events = play(state, first)  # the other attack is then the only one: automatic
        assert ships(state) == {"B1": ("E9", 3), "G1": ("B9", 0), "B2": ("E1", 0)}
        assert state.chain is None
