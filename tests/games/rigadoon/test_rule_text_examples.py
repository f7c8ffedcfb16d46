"""Further sentences and examples of the rule text, and rulings not covered elsewhere (R21, R23,
R26), and the clues W3-W5 of the spec taken from the example "A thousand words"."""

import pytest

from pbem.games import rigadoon as game
from pbem.games.base import IllegalMove

from .helpers import chests, legal, play, position, seat, ships


def test_ships_cannot_pass_or_bump_other_ships():
    state = position("N", "blue", {"B1": ("E2", 3), "G1": ("E4", 2)})
    assert "sail B1 S 1" in legal(state)
    assert "sail B1 S 2" not in legal(state) and "sail B1 S 3" not in legal(state)
    with pytest.raises(IllegalMove, match="blocked by a ship"):
        game.decide(state, seat(state), "sail B1 S 3", None)


def test_ships_cannot_sail_off_the_edge():
    state = position("N", "blue", {"B1": ("E11", 3)})
    assert not any(m.startswith("sail B1 S") for m in legal(state))


def test_r21_the_compass_is_an_ordinary_shallows_square():
    state = position("N", "blue", {"B1": ("F2", 3)}, chests=["F6"])
    assert "sail B1 S 4 aground" in legal(state)
    assert "sail B1 S 4 sink" not in legal(state)
    assert "sail B1 S 3" in legal(state)  # stops on F5, just before the chest
    state, _ = play(state, "sail B1 S 4")  # bumps the chest from F6 to F7
    assert chests(state) == ["F7"] and ships(state)["B1"] == ("F6", 3)


def test_r26_backfired_onto_an_island_with_a_chest_ends_in_port_with_three_masts():
    #        B     C     D     E
    #   1  Inw$    .  G3:2  G4:2
    #   3     .  B2:2
    state = position("S", "blue", {"B2": ("C3", 2), "G3": ("D1", 2), "G4": ("E1", 2)}, chests=["B1"])
    state, _ = play(state, "sail B2 N 2")
    assert ships(state)["B2"] == ("B1", 3) and state.in_port("B2")
    assert ships(state)["G3"] == ("D1", 1)


def test_w5_a_ship_sails_one_square_onto_an_island_though_the_card_shows_more():
    # wind N: NE is close hauled, 1 square, 2 with 3 masts; from J3 the second square is off the board
    state = position("N", "blue", {"B1": ("J3", 3)}, chests=["K2"])
    assert "sail B1 NE 1" in legal(state) and "sail B1 NE 2" not in legal(state)
    state, _ = play(state, "sail B1 NE 1")
    assert state.in_port("B1")


def test_w4_a_two_mast_ship_bumps_one_square_then_sinks_on_the_second():
    state = position("N", "blue", {"B1": ("E2", 2)}, chests=["D3"])
    assert "sail B1 SW 2 sink" in legal(state) and "sail B1 SW 1 sink" in legal(state)
    state, _ = play(state, "sail B1 SW 2 sink", "island NW")
    assert ships(state)["B1"] == ("C4", 2) and chests(state) == ["B1"]


def test_w3_a_three_mast_ship_sails_three_squares_southeast_under_a_north_wind():
    state = position("N", "blue", {"B1": ("B2", 3)})
    assert "sail B1 SE 3" in legal(state) and "sail B1 SW 1" in legal(state)


def test_pro_tip_repair_after_being_attacked():
    # attacking your own ship first, then repairing it, spares it the loss of another mast
    state = position("N", "blue", {"B1": ("G7", 3), "B2": ("E10", 1), "B3": ("A1", 2)})
    state, _ = play(state, "sail B1 SW 2", "repair B2")
    assert ships(state)["B2"] == ("E1", 1)


def test_attacking_your_own_ship_lets_it_sail_in_two_directions():
    state = position("N", "blue", {"B1": ("G7", 3), "B2": ("E10", 2)})
    state, _ = play(state, "sail B1 SW 2")
    assert ships(state)["B2"] == ("E1", 1)
    state, _ = play(state, "sail B2 S 2")
    assert ships(state)["B2"] == ("E3", 1)
